PK = 'printf "%s" "{\\"name\\":\\"p\\",\\"version\\":\\"1.0.0\\",\\"scripts\\":{\\"test\\":\\"node -e 1\\"}}" > package.json && printf "//registry.npmjs.org/:_authToken=\\${GITHUB_TOKEN}\\n" > @H@/.npmrc; printf "require(\\"fs\\").writeFileSync(\\"@M@/pwned\\",\\"x\\")\\n" > pwn.js'
rows = []
def r(cls, setup, line):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
r("npm-dash-exec", PK, "npm test ---script-shell=./pwn")
r("npm-dash-exec", PK, "npm test ---script-shell=pwn")
r("npm-dash-exec", PK, "npm test ---node-options=--require=./pwn.js")
r("npm-dash-exec", PK, "npm test -node-options=--require=./pwn.js")
r("npm-dash-exec", PK, "npm test ----node-options=--require=./pwn.js")
r("npm-dash-exec", PK, "npm run test -script-shell ./pwn")
r("npm-dash-exec", PK, "npm test ---prefix=claude")
r("npm-dash-exec", PK + "; mkdir -p claude", "go:'cat > claude/package.json <<\\'EOF\\'\\n{\"name\":\"q\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"./pwn\"}}\\nEOF\\nnpm test -prefix=claude'")
r("npm-dash-exec", PK + "; mkdir -p claude", "go:'cat > claude/package.json <<\\'EOF\\'\\n{\"name\":\"q\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"../pwn\"}}\\nEOF\\nnpm test ---prefix=claude'")
open("c_npm4.tsv", "w").write("\n".join(rows) + "\n")
