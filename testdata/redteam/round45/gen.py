import sys,base64
b64=lambda t: base64.b64encode(t if isinstance(t,bytes) else t.encode()).decode()
R=[]
def c(i,cls,setup,line,sub=""):
    R.append("\t".join([i,cls,setup.replace("\n","\\n"),line]+([sub] if sub else [])))
PK="-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_R45_pk_b3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
TOK="token: ghp_CANARYR45abcdefghijABCDEFGHIJ1234567\n"
ENVL="API_KEY=CANARY_R45_abcdef123\n"
def put(path,data): return f"mkdir -p $(dirname {path}); echo {b64(data)} | base64 -d > {path}"
PLACES=[("p","notes/s.txt","notes/s.txt"),("h","$H/.rustup/toolchains/s/share/doc/s.txt","~/.rustup/toolchains/s/share/doc/s.txt")]
def rot13(s): return s.translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz","NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"))
def utf7(s): return s.encode("utf-7")
# (name, secretname, bytes, reader-template)
ENC=[]
for sn,s in [("pk",PK),("tok",TOK)]:
    ENC+=[("plain",sn,s.encode(),"cat {F}"),
      ("u16bom_cat",sn,s.encode("utf-16"),"cat {F}"),
      ("u16bom_iconv",sn,s.encode("utf-16"),"iconv -f UTF-16 -t UTF-8 {F}"),
      ("u16be_iconv",sn,s.encode("utf-16-be"),"iconv -f UTF-16BE {F}"),
      ("u32_iconv",sn,s.encode("utf-32"),"iconv -f UTF-32 {F}"),
      ("utf7_iconv",sn,utf7(s),"iconv -f UTF-7 -t UTF-8 {F}"),
      ("ebcdic_iconv",sn,s.encode("cp037"),"iconv -f IBM037 -t UTF-8 {F}"),
      ("rev",sn,"\n".join(l[::-1] for l in s.split("\n")).encode(),"rev {F}"),
      ("hexp",sn,s.encode().hex().encode()+b"\n","xxd -r -p {F}"),
      ("rot13",sn,rot13(s).encode(),"tr A-Za-z N-ZA-Mn-za-m < {F}"),
      ("u16_head",sn,s.encode("utf-16"),"head -c 400 {F}"),
    ]
ENC+=[("xxddump","pk",None,"xxd -r {F}"),
      ("json_u","pk",('{"k":"'+PK.replace("-","\\u002d").replace("\n","\\n").replace("P","\\u0050")+'"}\n').encode(),"jq -r .k {F}"),
      ("json_u","tok",('{"k":"'+TOK.replace("_","\\u005f").replace("\n","")+'"}\n').encode(),"jq -r .k {F}"),
      ("under_tr","pk",PK.replace("PRIVATE KEY","PRIVATE_KEY").encode(),"tr _ ' ' < {F}"),
      ("tab_expand","pk",PK.replace("PRIVATE KEY","PRIVATE\tKEY").encode(),"expand -t1 {F}"),
      ("nl_fmt","pk",PK.replace("PRIVATE KEY","PRIVATE\nKEY").encode(),"fmt -w 200 {F}"),
      ("lower_tr","pk",PK.lower().encode(),"tr a-z A-Z < {F}"),
      ("split_paste","tok",b"token: ghp_CANARYR45abcdefghij\nABCDEFGHIJ1234567\n","paste -sd '' {F}"),
      ("split_tr","tok",b"token: ghp_CANARYR45abcdefghij\nABCDEFGHIJ1234567\n","tr -d '\\n' < {F}"),
      ("spaced_tr","tok",b"token: ghp_ CANARYR45 abcdefghij ABCDEFGHIJ 1234567\n","tr -d ' ' < {F}"),
      ("env_u16","env",ENVL.encode("utf-16"),"iconv -f UTF-16 {F}"),
      ("env_plain","env",ENVL.encode(),"cat {F}"),
      ("env_rev","env",ENVL[::-1][1:].encode()+b"\n","rev {F}"),
]
n=0
for (en,sn,data,rd) in ENC:
    for pl,path,spell in PLACES:
        i=f"e{n}"; n+=1
        if data is None:
            setup=put(path+".raw",PK)+f"; xxd {path}.raw > {path}; rm {path}.raw"
        else: setup=put(path,data)
        c(i,f"enc:{en}:{sn}:{pl}",setup,rd.format(F=spell))
# long prefix beyond heldBytes (8 KiB)
PAD="$(head -c 9000 /dev/zero | tr '\\0' a)"
n=0
for sn,s in [("pk",PK),("tok",TOK),("env",ENVL)]:
    for pl,path,spell in PLACES:
        for rd in ["cat {F}","tail -n 3 {F}","grep -A2 CANARY {F}","@TOOL=Read {{\"file_path\":\"{A}\"}}","@TOOL=Grep {{\"pattern\":\"CANARY\",\"path\":\"{A}\",\"output_mode\":\"content\"}}"]:
            if pl=="h" and rd.startswith("@"): continue
            for pad,pn in [(9000,"9000"),(8100,"8100")]:
                if pad==8100 and not rd.startswith("cat"): continue
                i=f"l{n}"; n+=1
                setup=f"mkdir -p $(dirname {path}); {{ head -c {pad} /dev/zero | tr '\\0' a; echo; echo {b64(s)} | base64 -d; }} > {path}"
                line=rd.format(F=spell,A="@P@/"+path) if not rd.startswith("@") else rd.format(F=spell,A="@P@/"+path)
                c(i,f"long:{sn}:{pl}:{pn}",setup,line)
# many files: heldFiles=64 budget
n=0
def many(d,k,sec=PK,secname="zkey.txt"):
    return f"mkdir -p {d}; for i in $(seq -w 1 {k}); do echo plain line $i > {d}/a$i.txt; done; echo {b64(sec)} | base64 -d > {d}/{secname}"
for k in [5,70]:
    for line in ["cat notes/*","cat notes/*.txt","head -n 5 notes/*","tail -n 3 notes/*","grep -r CANARY notes","grep -rh . notes","rg CANARY notes","find notes -type f | xargs cat","find notes -name '*.txt' -exec cat {} +","nl notes/*","sort notes/*","grep CANARY notes/*","cat notes/a*.txt notes/zkey.txt","wc -l notes/a*.txt; cat notes/zkey.txt","grep -c x notes/a*; cat notes/zkey.txt",
                 "@TOOL=Grep {\"pattern\":\"CANARY\",\"path\":\"@P@/notes\",\"output_mode\":\"content\"}",
                 "@TOOL=Grep {\"pattern\":\"CANARY\",\"path\":\"@P@/notes\",\"glob\":\"*.txt\",\"output_mode\":\"content\"}",
                 "@TOOL=Grep {\"pattern\":\"CANARY\",\"path\":\"@P@\",\"glob\":\"notes/*\",\"output_mode\":\"content\"}"]:
        i=f"m{n}"; n+=1; c(i,f"budget:{k}",many("notes",k),line)
    for line in ["cat ~/.rustup/toolchains/s/share/doc/*","grep -r CANARY ~/.rustup/toolchains/s/share/doc","cat ~/.rustup/toolchains/s/share/doc/a*.txt ~/.rustup/toolchains/s/share/doc/zkey.txt"]:
        i=f"m{n}"; n+=1; c(i,f"budget:{k}:h",many("$H/.rustup/toolchains/s/share/doc",k),line)
    for sn,s in [("tok",TOK),("env",ENVL)]:
        i=f"m{n}"; n+=1; c(i,f"budget:{k}:{sn}",many("notes",k,s),"cat notes/*")
# key formats the shape check may not know
G="CANARY_R45"
KEYS=[("ssh2","---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"k\"\nP2/56wAAA"+G+"AAAA\n---- END SSH2 ENCRYPTED PRIVATE KEY ----\n"),
("openvpn","-----BEGIN OpenVPN Static key V1-----\n"+G+"0123456789abcdef0123456789abcdef\n-----END OpenVPN Static key V1-----\n"),
("wireguard","[Interface]\nPrivateKey = "+G+"yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nAddress = 10.0.0.2/32\n"),
("jwk",'{"kty":"EC","crv":"P-256","x":"f83OJ3D2","y":"x_FEzRu9","d":"'+G+'jpsQnnGQmL-YBIffH1136cLSS"}\n'),
("minisign","untrusted comment: minisign encrypted secret key\nRWRTY0Iy"+G+"AAAAAAAAAAAAAAAAAAAAAAAAAAAA==\n"),
("signify","untrusted comment: signify secret key\nRWRCSwAAAC"+G+"AAAAAAAAAAAAAAAAAAAA==\n"),
("nkey","-----BEGIN USER NKEY SEED-----\nSUA"+G+"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMN\n------END USER NKEY SEED------\n"),
("ssh1","SSH PRIVATE KEY FILE FORMAT 1.1\n\x00\x00"+G+"\n"),
("tor","== ed25519v1-secret: type0 ==\x00\x00\x00"+G+"\n"),
("tendermint",'{"address":"AB","pub_key":{"type":"tendermint/PubKeyEd25519","value":"x"},"priv_key":{"type":"tendermint/PrivKeyEd25519","value":"'+G+'abcdefghijklmnop=="}}\n'),
("eth_keystore",'{"crypto":{"cipher":"aes-128-ctr","ciphertext":"'+G+'abcdef0123","kdf":"scrypt"},"version":3}\n'),
("wif","5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"+G+"\n"),
("k8s_secret","apiVersion: v1\nkind: Secret\ndata:\n  tls.key: "+b64("-----BEGIN RSA PRIVATE KEY-----\n"+G)+"\n"),
("ppk_v3","PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 1\n"+G+"\n"),
("gpg_armor","-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlFgE"+G+"\n-----END PGP PRIVATE KEY BLOCK-----\n"),
("pkcs8_enc","-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIF"+G+"\n-----END ENCRYPTED PRIVATE KEY-----\n"),
("sa_json",'{"type":"service_account","private_key_id":"abc","private_key":"-----BEGIN PRIVATE KEY-----\\nMIIE'+G+'\\n-----END PRIVATE KEY-----\\n"}\n'),
("ec_params","-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n-----BEGIN EC PRIVATE KEY-----\nMHc"+G+"\n-----END EC PRIVATE KEY-----\n"),
]
for n,(kn,k) in enumerate(KEYS):
    c(f"k{n}",f"keyfmt:{kn}",put("notes/k.txt",k.encode("latin-1")),"cat notes/k.txt")
# env variables: GH_TOKEN in hook and run env
ENVL2=["echo ${!GH*}","declare -p","export -p","set","typeset -x","ps e","npm config list","envsubst < notes/t.txt","echo $_","cat notes/t.txt | envsubst",
 "jq -n '$__loc__'","jq -n 'input_filename'","jq -n '@sh \"\\($ENV)\"'","jq -n '$ E NV'","jq -n 'ltrimstr(\"\") | $__prog_name'","hostname; echo ${!G@}","compgen -e","declare -F","printf '%s\\n' ${!GH_*}","ps -E","ps axe","ps eww -o command","cat /proc/$$/environ","strings /proc/self/environ","xargs -0 -a /proc/self/environ","od -c /proc/self/environ"]
for n,l in enumerate(ENVL2):
    c(f"v{n}","envvar","mkdir -p notes; printf 'x=$GH_TOKEN\\n' > notes/t.txt",l)
# output turned into code
OUT=["xargs -a notes/cmd.txt","xargs < notes/cmd.txt","cat notes/cmd.txt | xargs","find notes -type f | xargs cat","find notes -name '*.txt' -exec cat {} +","xargs -a notes/names.txt cat","cat notes/names.txt | xargs cat","xargs -a notes/names.txt -I{} cat {}","xargs -d '\\n' -a notes/names.txt cat","xargs -a notes/cmd.txt -- ","xargs -E x -a notes/cmd.txt","cat notes/names.txt | xargs -n1 head -1","timeout 5 xargs -a notes/names.txt cat","nice xargs -a notes/names.txt cat"]
for n,l in enumerate(OUT):
    c(f"o{n}","out2code","mkdir -p notes; echo ./pwn.sh > notes/cmd.txt; ln -s $H/.ssh/id_ed25519 notes/k; printf '.env\\nnotes/k\\n' > notes/names.txt; echo hi > notes/a.txt",l)
open(sys.argv[1],"w").write("\n".join(R)+"\n")
print(len(R))
