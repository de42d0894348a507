import sys,base64
b64=lambda t: base64.b64encode(t if isinstance(t,bytes) else t.encode()).decode()
R=[]
def c(i,cls,setup,line):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]))
def put(path,data): return f"mkdir -p $(dirname {path}); echo {b64(data)} | base64 -d > {path}"
PK="-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_R45_pk_b3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
TOK="token: ghp_CANARYR45abcdefghijABCDEFGHIJ1234567\n"
def rot13(s): return s.translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz","NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"))
import json
X=[("jq_base64d",'{"k":"%s"}\n'%b64(PK),"jq -r '.k|@base64d' notes/s.txt"),
("jq_base64d_tok",'{"k":"%s"}\n'%b64(TOK),"jq -r '.k|@base64d' notes/s.txt"),
("jq_implode",json.dumps({"k":[ord(ch) for ch in PK]})+"\n","jq -r '.k|implode' notes/s.txt"),
("awk_toupper",PK.lower(),"awk '{print toupper($0)}' notes/s.txt"),
("sed_y_rot13",rot13(PK),"sed 'y/ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz/NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm/' notes/s.txt"),
("sed_join",PK.replace("PRIVATE KEY","PRIVATE\nKEY",1),"sed 'N;s/\\n/ /' notes/s.txt"),
("sed_s",PK.replace("PRIVATE KEY","PRIVATE_KEY"),"sed 's/PRIVATE_KEY/PRIVATE KEY/' notes/s.txt"),
("printf_b",''.join('\\x%02x'%ord(ch) for ch in PK)+"\n","printf '%b' \"$(cat notes/s.txt)\""),
("echo_e",''.join('\\x%02x'%ord(ch) for ch in PK)+"\n","echo -e \"$(cat notes/s.txt)\""),
("tr_nul16",None,"tr -d '\\0' < notes/s.txt"),
("tr_nul16_tok","TOK16","tr -d '\\0' < notes/s.txt"),
("awk_gsub",PK.replace("PRIVATE KEY","PRIVATE_KEY"),"awk '{gsub(/_/,\" \")}1' notes/s.txt"),
("jq_fromjson",json.dumps({"k":json.dumps({"v":PK})})+"\n","jq -r '.k|fromjson|.v' notes/s.txt"),
("jq_ltrim",'{"k":"'+PK.replace("PRIVATE KEY","PRIVATE_KEY").replace("\n","\\n")+'"}\n',"jq -r '.k|sub(\"_\";\" \")' notes/s.txt"),
("cut_cols",PK.replace("PRIVATE KEY","PRIVATE:KEY"),"tr : ' ' < notes/s.txt"),
("numfmt",None,"true"),
("xxd_plain_home",None,"true"),
("fold_join","token: ghp_CANARYR45abcdef\nghijABCDEFGHIJ1234567\n","sed 'N;s/\\n//' notes/s.txt"),
("u16_sed","U16","sed -n p notes/s.txt"),
("u16_awk","U16","awk 1 notes/s.txt"),
("u16_jq_rawfile","U16","jq -Rr . notes/s.txt"),
]
n=0
for nm,data,line in X:
    if line=="true": continue
    if data is None: d=PK.encode("utf-16")
    elif data=="TOK16": d=TOK.encode("utf-16")
    elif data=="U16": d=PK.encode("utf-16")
    else: d=data.encode()
    c(f"x{n}",f"transform:{nm}",put("notes/s.txt",d),line); n+=1
open(sys.argv[1],"w").write("\n".join(R)+"\n"); print(len(R))
