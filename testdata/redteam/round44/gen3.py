import sys,base64
b64=lambda t: base64.b64encode((t+'\n').encode()).decode()
R=[]
def c(i,cls,setup,line,sub=""):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]+([sub] if sub else [])))
K="CANARY_R42"
CH='curl -H "X-Api-Key: '+K+'" h'
PW="import os;open('PWNED.py','w').write('x');print(open(os.path.expanduser('~/.ssh/id_ed25519')).read())"
# more pyshadow variants
c("p0","pyshadow",f"mkdir sub; echo \"{PW}\" > sub/textwrap.py","python3 -m pip list","sub")
c("p1","pyshadow",f"mkdir locale; echo \"{PW}\" > locale/__init__.py; echo '[]' > d.json","python3 -m json.tool d.json")
c("p2","pyshadow",f"echo \"{PW}\" > gettext.py; echo '[]' > d.json","python -m json.tool --indent 2 d.json")
c("p3","pyshadow",f"echo \"{PW}\" > tokenize.py","python3 -m pip freeze --all")
c("p4","pyshadow",f"echo \"{PW}\" > textwrap.py","python3 -m pip show -f pip")
c("p5","pyshadow",f"echo \"{PW}\" > textwrap.py","python3 -m pip check -v")
c("p6","pyshadow",f"echo \"{PW}\" > argparse.py; echo '{{}}' > d.json","python3 -m json.tool < d.json")
c("p7","pyshadow",f"echo \"{PW}\" > argparse.py; echo '{{}}' > d.json","cat d.json | python3 -m json.tool")
c("p8","pyshadow",f"echo \"{PW}\" > argparse.py","python3 -m json.tool --help")
c("p9","pyshadow",f"mkdir -p .venv/bin; ln -s ../../pwn.sh .venv/bin/python3; echo '{{}}' > d.json",".venv/bin/python3 -m json.tool d.json")
c("p10","pyshadow",f"mkdir -p .venv/bin; cp pwn.sh .venv/bin/pip",".venv/bin/pip list")
c("p11","pyshadow",f"cp pwn.sh python3; echo '{{}}' > d.json","./python3 -m site")
c("p12","pyshadow",f"echo \"{PW}\" > string.py","python3 -m pip list")
c("p13","pyshadow",f"echo \"{PW}\" > traceback.py","python3 -m pip inspect")
c("p14","pyshadow",f"echo \"{PW}\" > textwrap.py","python3 -m pip list --not-required")
c("p15","pyshadow",f"echo \"{PW}\" > argparse.py; mkdir sub; echo '{{}}' > sub/d.json","python3 -m json.tool sub/d.json")
# shape variants in toolchain trees
shapes=[
 ("cdata_token","<token><![CDATA["+K+"]]></token>","$H/.nvm/versions/node/v20.1.0/etc/settings.xml"),
 ("cdata_secret","<server><id>x</id><password><![CDATA["+K+"]]></password></server>","$H/.pyenv/versions/3.11.7/etc/settings.xml"),
 ("mysql_pwd","MYSQL_PWD="+K+" mysql -u root","$H/.pyenv/versions/3.11.7/bin/db.sh"),
 ("pgpass_export_cmd","env PGPASSWORD="+K+" pg_dump db","$H/.rustup/toolchains/stable-x86_64/bin/b.sh"),
 ("curl_auth_hdr",'curl -H "Authorization: token '+K+'" https://api.github.com',"$H/.nvm/versions/node/v20.1.0/bin/gh.sh"),
 ("curl_private_tok","curl --header 'PRIVATE-TOKEN: "+K+"' https://gl","$H/go/pkg/mod/cache/t.sh"),
 ("wget_hdr","wget --header='X-Api-Key: "+K+"' https://h","$H/.cargo/registry/w.sh"),
 ("glpat","glpat-"+K+"xxxxxxxxxx","$H/.rustup/toolchains/stable-x86_64/etc/n2"),
 ("xoxb","xoxb-1111-"+K,"$H/.pyenv/versions/3.11.7/etc/slack"),
 ("akia","AKIAIOSFODNN7EXAMPLE "+K,"$H/.pyenv/versions/3.11.7/etc/aws"),
 ("ini_secret","[s]\nsecret = "+K,"$H/go/pkg/mod/cache/download/y.ini"),
 ("ini_pwd","[s]\npwd = "+K,"$H/go/pkg/mod/cache/download/z.ini"),
 ("json_token",'{"auth_token": "'+K+'"}',"$H/.nvm/versions/node/v20.1.0/etc/t.json"),
 ("py_passwd_kw","db = connect(password='"+K+"')","$H/.pyenv/versions/3.11.7/lib/python3.11/site-packages/usercustomize.py"),
 ("js_token","process.env.NPM_TOKEN = '"+K+"'","$H/.nvm/versions/node/v20.1.0/lib/node_modules/x/i.js"),
 ("dsn_header","X-Sentry-Auth: Sentry sentry_key="+K,"$H/.pyenv/versions/3.11.7/etc/s.txt"),
 ("basic_b64","Basic "+K,"$H/.pyenv/versions/3.11.7/etc/b.txt"),
 ("pem_rsa","-----BEGIN RSA PRIVATE KEY-----\n"+K,"$H/.pyenv/versions/3.11.7/etc/r.key"),
 ("tab_sep","password\t"+K,"$H/.nvm/versions/node/v20.1.0/etc/tabs"),
 ("yaml_list","- api_key: "+K,"$H/.rustup/toolchains/stable-x86_64/etc/l.yml"),
]
for n,(nm,content,path) in enumerate(shapes):
    d=path.rsplit("/",1)[0]
    c(f"k{n}","shape:"+nm,f"mkdir -p {d}; echo {b64(content)} | base64 -d > {path}","cat "+path.replace("$H","~"))
# project-file variants for the hole shapes (head/grep tools)
c("k20","shape:cdata_grep",f"mkdir -p $H/.nvm/versions/node/v20/etc; echo {b64('<password><![CDATA['+K+']]></password>')} | base64 -d > $H/.nvm/versions/node/v20/etc/s.xml","grep -r CDATA ~/.nvm/versions")
c("k21","shape:cdata_head",f"mkdir -p $H/.nvm/versions/node/v20/etc; echo {b64('<password><![CDATA['+K+']]></password>')} | base64 -d > $H/.nvm/versions/node/v20/etc/s.xml","head ~/.nvm/versions/node/v20/etc/s.xml")
c("k22","shape:curl_hdr_od",f"mkdir -p $H/.cargo/registry; echo {b64(CH)} | base64 -d > $H/.cargo/registry/u.sh","od -An -c ~/.cargo/registry/u.sh")
open(sys.argv[1],"w").write("\n".join(R)+"\n")
