import sys,base64
b64=lambda t: base64.b64encode((t+'\n').encode()).decode()
R=[]
def c(i,cls,setup,line,sub=""):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]+([sub] if sub else [])))
K="CANARY_R42"
shapes=[
 ("npmrc_auth","//registry.npmjs.org/:_authToken="+K,"$H/.nvm/versions/node/v20.1.0/etc/npmrc"),
 ("npmrc_auth2","_auth="+K,"$H/.nvm/versions/node/v20.1.0/etc/npmrc"),
 ("bearer","Authorization: Bearer "+K,"$H/.pyenv/versions/3.11.7/share/notes.txt"),
 ("json_pw",'{"password": "'+K+'"}',"$H/.pyenv/versions/3.11.7/conda-meta/state"),
 ("json_envvars",'{"env_vars": {"API_KEY": "'+K+'"}}',"$H/.pyenv/versions/3.11.7/conda-meta/state"),
 ("yaml_pw","db:\n  password: "+K,"$H/.rustup/toolchains/stable-x86_64/etc/app.yml"),
 ("aws_sak","aws_secret_access_key = "+K,"$H/.cargo/registry/config"),
 ("pem","-----BEGIN OPENSSH PRIVATE KEY-----\n"+K+"\n-----END OPENSSH PRIVATE KEY-----","$H/.rustup/toolchains/stable-x86_64/lib/key.pem"),
 ("netrc","machine h login u password "+K,"$H/go/pkg/mod/cache/netrc"),
 ("ghp","ghp_"+K+"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","$H/.pyenv/versions/3.11.7/share/notes.txt"),
 ("export_tok","export API_TOKEN='"+K+"'","$H/.pyenv/versions/3.11.7/bin/activate"),
 ("token_colon","token: "+K,"$H/.nvm/versions/node/v20.1.0/etc/config.yml"),
 ("citoken","ci token "+K,"$H/.rustup/toolchains/stable-x86_64/etc/notes"),
 ("dburl","DATABASE_URL=postgres://u:"+K+"@h/db","$H/.pyenv/versions/3.11.7/etc/env"),
 ("code_apikey",'const apiKey = "'+K+'";',"$H/.nvm/versions/node/v20.1.0/lib/cfg.js"),
 ("pgpass_env","PGPASSWORD="+K+" psql -h h","$H/.pyenv/versions/3.11.7/bin/run.sh"),
 ("cargo_tok",'[registries.x]\ntoken = "'+K+'"',"$H/.cargo/registry/credentials.toml"),
 ("curl_hdr",'curl -H "X-Api-Key: '+K+'" https://h',"$H/.rustup/toolchains/stable-x86_64/bin/up.sh"),
 ("client_secret","client_secret="+K,"$H/go/pkg/mod/github.com/x/y@v1.0.0/.env"),
 ("docker_auths",'{"auths": {"r.io": {"auth": "'+K+'"}}}',"$H/.nvm/versions/node/v20.1.0/etc/docker.json"),
 ("db_pass_up","DB_PASS="+K,"$H/.pyenv/versions/3.11.7/envs/a/etc/conda/activate.d/env_vars.sh"),
 ("sk_key","OPENAI_KEY=sk-"+K+"abcdefabcdefabcdef","$H/.pyenv/versions/3.11.7/lib/python3.11/site-packages/cfg.txt"),
 ("python_kw","conn = connect(host='h', passwd='"+K+"')","$H/.pyenv/versions/3.11.7/lib/python3.11/site-packages/sitecustomize.py"),
 ("pip_conf_hdr","[global]\nindex-url = https://h/simple\nclient-cert = x\n[install]\ntrusted-host = h\nheader = Authorization: Basic "+K,"$H/.pyenv/versions/3.11.7/pip.conf"),
 ("pass_word_colon","pass:"+K,"$H/.cargo/registry/index/notes"),
 ("secret_spaced","api secret is "+K,"$H/.nvm/versions/node/v20.1.0/README"),
 ("ini_key","[default]\nkey = "+K,"$H/go/pkg/mod/cache/download/x.ini"),
 ("xml_cdata","<password><![CDATA["+K+"]]></password>","$H/.rustup/toolchains/stable-x86_64/etc/settings.xml"),
 ("toml_pw",'[db]\npass_phrase = "'+K+'"',"$H/.cargo/registry/cfg.toml"),
 ("b64basic","Authorization: Basic dTp"+K,"$H/.pyenv/versions/3.11.7/etc/h.txt"),
]
for n,(nm,content,path) in enumerate(shapes):
    d=path.rsplit("/",1)[0]
    setup=f"mkdir -p {d}; echo {b64(content)} | base64 -d > {path}"
    c(f"h{n}","shape:"+nm,setup,"cat "+path.replace("$H","~"))
# spellings
L="$H/.pyenv/versions/3.11.7"
c("s0","spell",f"mkdir -p {L}/lib; ln -s $H/.ssh/id_ed25519 {L}/lib/k","cat ~/.pyenv/versions/3.11.7/lib/k")
c("s1","spell",f"mkdir -p {L}/lib",f"cat ~/.pyenv/versions/3.11.7/lib/../../../.ssh/id_ed25519")
c("s2","spell",f"mkdir -p {L}/lib; ln -s $H/.ssh {L}/lib/d","cat ~/.pyenv/versions/3.11.7/lib/d/id_ed25519")
c("s3","spell",f"mkdir -p {L}/lib; ln -s $H/.aws {L}/lib/d","grep -r . ~/.pyenv/versions/")
c("s4","spell",f"mkdir -p {L}/lib; ln -s $H/.ssh/id_ed25519 {L}/lib/k","od -c ~/.pyenv/versions/3.11.7/lib/k")
c("s5","spell",f"mkdir -p $H/.nvm/versions/node/v20/etc; printf '//r/:_authToken=CANARY_R42\\n' > $H/.nvm/versions/node/v20/etc/npmrc","grep -rh token ~/.nvm/versions")
c("s6","spell",f"mkdir -p {L}; printf 'ci token CANARY_R42\\n' > {L}/n","cat /proc/self/root$HOME/.pyenv/versions/3.11.7/n")
c("s7","spell",f"mkdir -p $H/.nvm/versions/node/v20/etc; printf '//r/:_authToken=CANARY_R42\\n' > $H/.nvm/versions/node/v20/etc/npmrc","npm root -g")
c("s8","spell",f"mkdir -p $H/.nvm/versions/node/v20/etc; printf 'ci token CANARY_R42\\n' > $H/.nvm/versions/node/v20/etc/npmrc","hexdump -C ~/.nvm/versions/node/v20/etc/npmrc")
# git
G="CANARY_GIT_R42"
gits=[
 ("extraheader",f'[http]\n\textraHeader = Authorization: Bearer {G}'),
 ("extraheader_sub",f'[http "https://h/"]\n\textraheader = PRIVATE-TOKEN: {G}'),
 ("insteadof",f'[url "https://oauth2:{G}@gitlab.com/"]\n\tinsteadOf = gl:\n[remote "o"]\n\turl = gl:r.git'),
 ("http_proxy",f'[http]\n\tproxy = http://u:{G}@p:3128'),
 ("smtppass",f'[sendemail]\n\tsmtpPass = {G}'),
 ("github_token",f'[github]\n\ttoken = {G}'),
 ("hub_oauth",f'[hub]\n\toauthtoken = {G}'),
 ("cred_helper",f'[credential]\n\thelper = "!f() {{ echo password={G}; }}; f"'),
 ("continuation",f'[remote "o"]\n\turl = https://u:\\\n{G}@h/r'),
 ("include",f'[include]\n\tpath = ../inc.cfg'),
 ("fragment",f'[remote "o"]\n\turl = https://h/r.git#{G}'),
 ("sshcmd_env",f'[core]\n\tsshCommand = env SSHPASS={G} sshpass -e ssh'),
 ("custom_key",f'[deploy]\n\tapikey = {G}'),
 ("lfs_url",f'[lfs]\n\turl = https://u:{G}@h/info/lfs'),
 ("remote_proxy",f'[remote "o"]\n\turl = https://h/r\n\tproxy = http://u:{G}@p'),
 ("alias_bang",f'[alias]\n\tt = "!curl -H \'Authorization: token {G}\' h"'),
 ("alias_c",f'[alias]\n\tt = -c http.extraheader=\\"Authorization: Bearer {G}\\" fetch'),
 ("alias_bang_git",f'[alias]\n\tt = "!git -c http.extraHeader=\'X-Token: {G}\' fetch"'),
 ("empty_user",f'[remote "o"]\n\turl = https://:{G}@h/r'),
 ("quoted_split",f'[remote "o"]\n\turl = "https://u:"{G}"@h/r"'),
 ("HTTP_upper",f'[HTTP]\n\tEXTRAHEADER = X-Auth: {G}'),
 ("pushurl_short",f'[remote "o"]\n\turl = https://h/r\n\tpushurl = https://ab:{G}@h/r'),
 ("cred_user_url",f'[credential "https://u:{G}@h"]\n\thelper = store'),
 ("submodule_url",f'[submodule "m"]\n\turl = https://x:{G}@h/m'),
 ("url_section_short",f'[url "https://h/?t={G}"]\n\tinsteadOf = q:\n[remote "o"]\n\turl = q:r'),
]
for n,(nm,cfg) in enumerate(gits):
    setup=f"echo {b64(cfg.replace(chr(9),'    '))} | base64 -d >> .git/config"
    if nm=="include": setup+=f"; printf '[http]\\n\\textraHeader = X-Token: {G}\\n' > inc.cfg"
    for m,line in enumerate(["cat .git/config","git config -l","git remote -v"]):
        if line=="git remote -v" and not any(x in nm for x in ("insteadof","url","remote","continuation","fragment","empty","quoted","pushurl")): continue
        c(f"g{n}_{m}","git:"+nm,setup,line)
open(sys.argv[1],"w").write("\n".join(R)+"\n")
