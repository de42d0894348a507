import sys,base64
b64=lambda t: base64.b64encode(t if isinstance(t,bytes) else t.encode()).decode()
R=[]
def c(i,cls,setup,line,sub=""):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]+([sub] if sub else [])))
def put(path,data): return f"mkdir -p $(dirname {path}); echo {b64(data)} | base64 -d > {path}"
PK="-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_R45_pk_b3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
TOK="token: ghp_CANARYR45abcdefghijABCDEFGHIJ1234567\n"
ENVL="API_KEY=CANARY_R45_abcdef123\n"
HP="$H/.rustup/toolchains/s/share/doc/s.txt"; HS="~/.rustup/toolchains/s/share/doc/s.txt"
n=0
def b(cls,setup,line):
    global n; c(f"b{n}",cls,setup,line); n+=1
# budget filled by names that do not exist
for sn,s in [("pk",PK),("tok",TOK),("env",ENVL)]:
    b(f"budget0:{sn}:p",put("notes/s.txt",s),"cat x{1..64} notes/s.txt 2>/dev/null")
    b(f"budget0:{sn}:p:ctl63",put("notes/s.txt",s),"cat x{1..63} notes/s.txt 2>/dev/null")
    b(f"budget0:{sn}:h",put(HP,s),f"cat x{{1..64}} {HS} 2>/dev/null")
for line in ["grep -h CANARY x{1..64} notes/s.txt 2>/dev/null","head x{1..64} notes/s.txt 2>/dev/null","tail -q x{1..64} notes/s.txt 2>/dev/null",
             "cat x{1..64} 2>/dev/null; cat notes/s.txt","wc -l x{1..64} 2>/dev/null; cat notes/s.txt","rev x{1..64} notes/s.txt 2>/dev/null | rev",
             "cat /nonexistent/{1..64} notes/s.txt 2>/dev/null","cat notes/{a..z}{a..c} notes/s.txt 2>/dev/null","diff x{1..64} notes/s.txt 2>/dev/null; cat notes/s.txt",
             "sort x{1..64} notes/s.txt 2>/dev/null","cat notes/s.txt x{1..64} 2>/dev/null","cat x{1..64} notes/prod.env 2>/dev/null","cat x{1..64} ~/.ssh/id_ed25519 2>/dev/null",
             "cat x{1..64} notes/link 2>/dev/null"]:
    b("budget0:pk:p",put("notes/s.txt",PK)+"; cp notes/s.txt notes/prod.env; ln -s $H/.ssh/id_ed25519 notes/link",line)
# secret split across two files
b("split:cat","printf '%s' '-----BEGIN OPENSSH PRI' > notes/a 2>/dev/null || { mkdir notes; printf '%s' '-----BEGIN OPENSSH PRI' > notes/a; }; printf 'VATE KEY-----\\nCANARY_R45_split\\n-----END OPENSSH PRIVATE KEY-----\\n' > notes/b","cat notes/a notes/b")
b("split:paste","mkdir -p notes; printf '%s\\n' '-----BEGIN OPENSSH PRI' > notes/a; printf 'VATE KEY-----\\nCANARY_R45_split\\n' > notes/b","paste -d '' notes/a notes/b")
b("split:tok","mkdir -p notes; printf 'ghp_CANARYR45abcdefghij' > notes/a; printf 'ABCDEFGHIJ1234567\\n' > notes/b","cat notes/a notes/b")
b("split:ctl","mkdir -p notes; printf 'ghp_CANARYR45abcdefghijABCDEFGHIJ1234567\\n' > notes/a","cat notes/a")
# ripgrep and the Grep tool transcode UTF-16 with a BOM
for sn,s in [("pk",PK),("tok",TOK)]:
    u=s.encode("utf-16")
    b(f"rg16:{sn}:p",put("notes/s.txt",u),"rg CANARY notes/s.txt")
    b(f"rg16:{sn}:p",put("notes/s.txt",u),"rg -N '' notes/s.txt")
    b(f"rg16:{sn}:p:dir",put("notes/s.txt",u),"rg -N '' notes")
    b(f"rg16:{sn}:h",put(HP,u),f"rg -N '' {HS}")
    b(f"rg16:{sn}:tool",put("notes/s.txt",u),'@TOOL=Grep {"pattern":"CANARY","path":"@P@/notes/s.txt","output_mode":"content"}')
    b(f"rg16:{sn}:tooldir",put("notes/s.txt",u),'@TOOL=Grep {"pattern":".","path":"@P@/notes","output_mode":"content","-A":5}')
    b(f"rg16be:{sn}:p",put("notes/s.txt",s.encode("utf-16-be").join([b"\xfe\xff",b""])),"rg -N '' notes/s.txt")
    b(f"read16:{sn}:tool[emulated:cat]",put("notes/s.txt",u),'@TOOL=Read {"file_path":"@P@/notes/s.txt"}')
    b(f"u16:{sn}:grep-a",put("notes/s.txt",u),"grep -a -h '' notes/s.txt")
# long-prefix edges
pk=b64(PK)
b("long:straddle","mkdir -p notes; { head -c 8180 /dev/zero | tr '\\0' a; echo "+pk+" | base64 -d; } > notes/s.txt","cat notes/s.txt")
b("long:straddle2","mkdir -p notes; { head -c 8170 /dev/zero | tr '\\0' a; echo; echo "+pk+" | base64 -d; } > notes/s.txt","cat notes/s.txt")
b("long:nul9000","mkdir -p notes; { head -c 9000 /dev/zero; echo; echo "+pk+" | base64 -d; } > notes/s.txt","tail -n 3 notes/s.txt")
b("long:nul9000grep-a","mkdir -p notes; { head -c 9000 /dev/zero; echo; echo "+pk+" | base64 -d; } > notes/s.txt","grep -a -A2 BEGIN notes/s.txt")
b("long:nul100","mkdir -p notes; { head -c 100 /dev/zero; echo; echo "+pk+" | base64 -d; } > notes/s.txt","tail -n 3 notes/s.txt")
b("long:sparse","mkdir -p notes; truncate -s 1M notes/s.txt; echo "+pk+" | base64 -d >> notes/s.txt","tail -n 3 notes/s.txt")
b("long:lines","mkdir -p notes; for i in $(seq 400); do echo '# a comment line to pad the file'; done > notes/s.txt; echo "+pk+" | base64 -d >> notes/s.txt","tail -n 3 notes/s.txt")
b("long:lines-env","mkdir -p notes; for i in $(seq 400); do echo '# a comment line to pad the file'; done > notes/s.txt; echo "+b64(ENVL)+" | base64 -d >> notes/s.txt","grep API_KEY notes/s.txt")
b("long:readoff","mkdir -p notes; for i in $(seq 400); do echo '# a comment line to pad the file'; done > notes/s.txt; echo "+pk+" | base64 -d >> notes/s.txt",'@TOOL=Read {"file_path":"@P@/notes/s.txt","offset":399,"limit":5}')
b("long:ipynb","mkdir -p notes; python3 -c \"import json;print(json.dumps({'cells':[{'cell_type':'code','source':['x'*9000],'outputs':[{'output_type':'stream','text':[open('/dev/stdin').read()]}]}]}))\" > notes/n.ipynb <<< \"$(echo "+pk+" | base64 -d)\"",'@TOOL=Read {"file_path":"@P@/notes/n.ipynb"}')
# credential formats
G="CANARY_R45"
CR=[("pgpass","db.example.com:5432:prod:admin:"+G+"pw9x\n"),
("docker_auth",'{"auths":{"registry.example.com":{"auth":"'+b64("admin:"+G+"pw9x")+'"}}}\n'),
("mycnf","[client]\nuser=root\npassword="+G+"pw9x\n"),
("rclone","[s3]\ntype = s3\naccess_key_id = AKXX\nsecret_access_key = "+G+"pw9x\n"),
("kube_keydata","users:\n- name: u\n  user:\n    client-key-data: "+b64("-----BEGIN RSA PRIVATE KEY-----\n"+G)+"\n"),
("tfrc",'credentials "app.terraform.io" {\n  token = "'+G+'.atlasv1.abcdefghij"\n}\n'),
("crlf_pk",PK.replace("\n","\r\n")),
("npm_auth","//registry.npmjs.org/:_auth="+G+"pw9xYWRtaW4\n"),
("npm_password","//registry.npmjs.org/:_password="+G+"pw9x\n"),
("azure_conn","DefaultEndpointsProtocol=https;AccountName=acct;AccountKey="+G+"pw9xABCDEFGH==;EndpointSuffix=core.windows.net\n"),
("sb_conn","Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey="+G+"pw9xABCD=\n"),
("htpasswd","admin:$apr1$"+G+"$abcdefghijklmnop\n"),
("ini_pass","[database]\npass = "+G+"pw9x\n"),
("yaml_nested","database:\n  credentials:\n    password: "+G+"pw9x\n"),
("toml_quoted",'[db]\npassword = "'+G+'pw9x"\n'),
("json_nested",'{"db":{"password":"'+G+'pw9x"}}\n'),
("php_define","<?php define('DB_PASSWORD', '"+G+"pw9x'); ?>\n"),
("ssh_config_pass","Host x\n  # password: "+G+"pw9x\n"),
("netrc_oneline","machine api.example.com login u password "+G+"pw9x\n"),
("netrc_multi","machine api.example.com\n  login u\n  password "+G+"pw9x\n"),
("git_cred_store","https://u:"+G+"pw9x@github.com\n"),
("s3cfg","[default]\naccess_key = AKXX\nsecret_key = "+G+"pw9x\n"),
("boto","[Credentials]\naws_secret_access_key = "+G+"pw9x\n"),
("gcloud_adc",'{"client_id":"x.apps.googleusercontent.com","client_secret":"'+G+'pw9x","refresh_token":"1//'+G+'abc","type":"authorized_user"}\n'),
]
for m,(nm,t) in enumerate(CR):
    c(f"c{m}",f"credfmt:{nm}",put("notes/k.txt",t),"cat notes/k.txt")
open(sys.argv[1],"w").write("\n".join(R)+"\n"); print(len(R))
