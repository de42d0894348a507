import json
rows = []
def b(cls, line, setup=None):
    if "\n" in line:
        line = "go:" + repr(line)
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
XC = "printf 'int main(void){return 0;}\\n' > x.c"
for t in [".claude/settings.json", ".git/hooks/pre-commit", "CLAUDE.md", ".mcp.json", ".claude/commands/hi.md", "@H@/.bashrc", "@H@/.claude/settings.json", "@H@/.claude.json", "@M@/keep.txt", ".git/config"]:
    b("implicit-out", "gcc x.c", XC + " && ln -s %s a.out" % t)
    b("implicit-out", "clang x.c", XC + " && ln -s %s a.out" % t)
    b("implicit-out", "gcc -S x.c", XC + " && ln -s %s x.s" % t)
    b("implicit-out", "ld x.o", XC + " && gcc -c x.c && ln -s %s a.out" % t)
    b("implicit-out", "g++ -x none x.c", XC + " && ln -s %s a.out" % t)
b("implicit-out", "gcc x.c", XC + " && ln -s .git/hooks a.out")
b("implicit-out", "make x", XC + " && rm -rf vendor && ln -s .git/hooks/pre-commit x")
b("implicit-out", "make x.o", XC + " && rm -rf vendor && ln -s .claude/settings.json x.o")
b("implicit-out", "cc x.c", XC + " && ln -s .claude/settings.json a.out")
# runs of project code with the vendor links removed
for l, s in [("make", "printf 'all:\\n\\ttouch @M@/pwned\\n' > Makefile"), ("make -C claude", "mkdir claude && printf 'all:\\n\\ttouch @M@/pwned\\n' > claude/Makefile"),
             ("make -f claude/m.mk", "mkdir claude && printf 'all:\\n\\ttouch @M@/pwned\\n' > claude/m.mk"), ("make -n", "printf 'all:\\n\\t+touch @M@/pwned\\n' > Makefile"),
             ("cmake -S . -B build", "printf 'cmake_minimum_required(VERSION 3.5)\\nproject(x NONE)\\nfile(WRITE ${CMAKE_SOURCE_DIR}/CLAUDE.md evil)\\n' > CMakeLists.txt"),
             ("cmake -S . -B .claude", "printf 'cmake_minimum_required(VERSION 3.5)\\nproject(x NONE)\\n' > CMakeLists.txt"),
             ("npm test", "printf '{\"scripts\":{\"test\":\"jest\"}}' > package.json && mkdir -p node_modules/.bin && cp pwn node_modules/.bin/jest"),
             ("go vet .", ""), ("go test .", ""), ("go build .", ""), ("go build -o CLAUDE.md .", ""), ("go build -o .envrc .", ""), ("go build -o .claude/CLAUDE.md .", ""),
             ("go test -c -o CLAUDE.md .", ""), ("go test -coverprofile=CLAUDE.md .", ""), ("go test -cpuprofile .envrc .", ""), ("go test -outputdir .claude -cpuprofile c.prof .", ""),
             ("go test -coverprofile=.claude/CLAUDE.md .", ""), ("go test -coverprofile=.git/hooks/pre-commit .", ""), ("go build .", "ln -s .envrc x"), ("go build .", "ln -s .git/hooks/pre-commit x"),
             ("go build .", "ln -s .claude/settings.json x"), ("go test -c .", "ln -s .claude/settings.json x.test"), ("go build -o claude/ .", "mkdir claude && ln -s ../.claude/settings.json claude/x")]:
    b("run-project", l, "rm -rf vendor" + (" && " + s if s else ""))
b("run-project", "pytest -q", "rm -rf vendor && printf 'import os\\nos.system(\"touch @M@/pwned\")\\n' > conftest.py && printf 'def test_a():\\n    pass\\n' > test_a.py")
open("c5.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
