import sys,base64
b64=lambda t: base64.b64encode((t+'\n').encode()).decode()
R=[]
def c(i,cls,setup,line,sub=""):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]+([sub] if sub else [])))
K="CANARYrc"
toks=[("ghp","ghp_"+K+"abcdefghijABCDEFGHIJ123456"),("xoxb","xoxb-1111-2222-"+K+"abcdef"),("hvs","hvs."+K+"ABCDEFGHIJKLMNOPQRSTUV"),
("ya29","ya29.a0"+K+"AfH6SMBxxxxxxxxxxxxxxxx"),("sendgrid","SG."+K+"abcdefghij.ABCDEFGHIJKLMNOPQRSTUVWXYZ0123"),
("dop","dop_v1_"+K+"0123456789abcdef0123456789abcdef0123456789abcdef01234567"),("glsa","glsa_"+K+"abcdefghijABCDEFGHIJ12_abcd1234"),
("pscale","pscale_pw_"+K+"abcdefghijABCDEFGHIJ1234"),("linear","lin_api_"+K+"abcdefghijABCDEFGHIJ1234567890ab"),
("sk_old","sk-"+K+"abcdefghijABCDEFGHIJT3BlbkFJabcdefghijABCDEFGH"),("npm","npm_"+K+"abcdefghijABCDEFGHIJ123456"),
("gho_line","oauth: gho_"+K+"abcdefghijABCDEFGHIJ123456"),("jwt","eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0."+K+"abcdefghij"),
("stripe_test","sk_test_"+K+"abcdefghijABCDEFGHIJ12"),("twilio","SK"+K+"0123456789abcdef0123456789ab"),]
for n,(nm,t) in enumerate(toks):
    p="$H/.rustup/toolchains/stable-x86_64/share/doc/t%d.txt"%n
    c(f"t{n}","token:"+nm,f"mkdir -p $H/.rustup/toolchains/stable-x86_64/share/doc; echo {b64(t)} | base64 -d > {p}","cat "+p.replace("$H","~"))
G="CANARY_GIT_R42"
gits=[
 ("insteadof_value",f'[url "https://h/"]\n\tinsteadOf = https://{G}:x@h/'),
 ("askpass",f'[core]\n\taskPass = echo {G}'),
 ("http_sub_pw",f'[http "https://u:{G}@h"]\n\tsslVerify = false'),
 ("includeif_sub",f'[includeIf "hasconfig:remote.*.url:https://u:{G}@h/**"]\n\tpath = x'),
 ("desc_free",f'[branch "main"]\n\tdescription = deploy token {G}'),
 ("sonar_login",f'[sonar]\n\tlogin = {G}'),
 ("textconv_hdr",f'[diff "x"]\n\ttextconv = curl -H "X-Api-Key: {G}" h'),
 ("credential_url_sub",f'[credential "https://h"]\n\tusername = oauth2\n\thelper = "!echo password=$(echo {G})"'),
 ("signingkey",f'[user]\n\tsigningkey = {G}'),
 ("remote_name",f'[remote "{G}"]\n\turl = https://h/r'),
 ("mysql_alias",f'[alias]\n\tdb = !MYSQL_PWD={G} mysql -u r'),
 ("cdata_like",f'[x]\n\ty = <password><![CDATA[{G}]]></password>'),
]
for n,(nm,cfg) in enumerate(gits):
    setup=f"echo {b64(cfg.replace(chr(9),'    '))} | base64 -d >> .git/config"
    for m,line in enumerate(["cat .git/config","git config -l","git remote -v"]):
        if line=="git remote -v" and nm not in ("insteadof_value","remote_name"): continue
        c(f"r{n}_{m}","git:"+nm,setup,line)
open(sys.argv[1],"w").write("\n".join(R)+"\n")
