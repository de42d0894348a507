import json,zlib,sys
d=sys.argv[1]
def nb(src, out=None):
    c={"cell_type":"code","execution_count":1,"id":"a1","metadata":{},"source":src,"outputs":[]}
    if out: c["outputs"]=[{"name":"stdout","output_type":"stream","text":out}]
    return json.dumps({"cells":[c],"metadata":{},"nbformat":4,"nbformat_minor":5},indent=1)
open(d+"/pw.ipynb","w").write(nb(['import psycopg2\n','DB_PASSWORD = "CANARY_R46_pw_Xq9vLm2"\n','conn = psycopg2.connect(password=DB_PASSWORD)\n']))
open(d+"/pw.py","w").write('import psycopg2\nDB_PASSWORD = "CANARY_R46_pw_Xq9vLm2"\n')
open(d+"/key.ipynb","w").write(nb(['print(open("k").read())\n'],["-----BEGIN OPENSSH PRIVATE KEY-----\n","CANARY_R46_b3BlbnNzaC1rZXktdjEAAAAA\n","-----END OPENSSH PRIVATE KEY-----\n"]))
open(d+"/env.ipynb","w").write(nb(['!cat settings.env\n'],["API_KEY=CANARY_R46_k9Vq2mZx7LpW3nR8\n","SECRET_TOKEN=CANARY_R46_t0kXq9vLm2pQ\n"]))
open(d+"/env.txt","w").write("API_KEY=CANARY_R46_k9Vq2mZx7LpW3nR8\n")
open(d+"/aws.ipynb","w").write(nb(['import boto3\n','s3 = boto3.client("s3", aws_access_key_id="AKIACANARYR46XYZ1234", aws_secret_access_key="CANARYR46wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY")\n']))
open(d+"/aws.py","w").write('import boto3\ns3 = boto3.client("s3", aws_access_key_id="AKIACANARYR46XYZ1234", aws_secret_access_key="CANARYR46wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY")\n')
# a PDF whose page text is in a FlateDecode stream
text=b"BT /F1 10 Tf 20 700 Td (-----BEGIN OPENSSH PRIVATE KEY-----) Tj 0 -12 Td (CANARY_R46_b3BlbnNzaC1rZXktdjEAAAAA) Tj 0 -12 Td (-----END OPENSSH PRIVATE KEY-----) Tj ET"
z=zlib.compress(text)
objs=[b"<< /Type /Catalog /Pages 2 0 R >>",b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
 b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
 b"<< /Length %d /Filter /FlateDecode >>\nstream\n"%len(z)+z+b"\nendstream",
 b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"]
out=b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"; offs=[]
for i,o in enumerate(objs):
    offs.append(len(out)); out+=b"%d 0 obj\n"%(i+1)+o+b"\nendobj\n"
x=len(out); out+=b"xref\n0 %d\n0000000000 65535 f \n"%(len(objs)+1)+b"".join(b"%010d 00000 n \n"%o for o in offs)
out+=b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"%(len(objs)+1,x)
open(d+"/key.pdf","wb").write(out)
