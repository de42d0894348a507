import sys
GOMOD = r"printf 'module m\ngo 1.21\n' > go.mod && rm -rf vendor"
LIB = r"""mkdir -p @M@/lib && printf 'package lib\nimport "os/exec"\nfunc init(){ exec.Command("@M@/pwn.sh").Run() }\n' > @M@/lib/lib.go"""
TEST = lambda imp, d=".", pkg="main": r"""printf 'package %s\nimport ("testing"; _ "%s")\nfunc TestX(t *testing.T){}\n' > %s/x_test.go""" % (pkg, imp, d)
go = []
def g(cls, setup, *lines):
    for l in lines: go.append((cls, setup, l))
# 1 cwd below the root, link at root
g("go-subcwd", " && ".join([GOMOD, LIB, "ln -s @M@/lib lib", "mkdir sub", TEST("m/lib","sub","sub")]),
  "cd sub && go test .", "cd sub && go test", "cd sub && go test ./...", "go test ./sub", "cd sub && go vet .")
g("go-subcwd-run", " && ".join([GOMOD, LIB, "ln -s @M@/lib lib", "mkdir sub", r"""printf 'package main\nimport _ "m/lib"\nfunc main(){}\n' > sub/main.go"""]),
  "cd sub && go run .", "go run ./sub")
# 2 node_modules imported by go
g("go-nm", " && ".join([GOMOD, LIB, "mkdir node_modules", "ln -s @M@/lib node_modules/lib", TEST("m/node_modules/lib")]),
  "go test .", "go test ./...")
g("go-nm-file", " && ".join([GOMOD, LIB, "mkdir -p node_modules/lib", "ln -s @M@/lib/lib.go node_modules/lib/lib.go", TEST("m/node_modules/lib")]),
  "go test .")
# 3 replace to hidden dir
g("go-hidden-replace", " && ".join([r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => ./.dep\n' > go.mod && rm -rf vendor", LIB, "mkdir .dep", r"printf 'module example.com/x\ngo 1.21\n' > .dep/go.mod", "ln -s @M@/lib/lib.go .dep/lib.go", TEST("example.com/x")]),
  "go test .", "go test ./...", "go vet .")
g("go-nm-replace", " && ".join([r"printf 'module m\ngo 1.21\nrequire example.com/x v0.0.0\nreplace example.com/x => ./node_modules/x\n' > go.mod && rm -rf vendor", LIB, "mkdir -p node_modules/x", r"printf 'module example.com/x\ngo 1.21\n' > node_modules/x/go.mod", "ln -s @M@/lib/lib.go node_modules/x/lib.go", TEST("example.com/x")]),
  "go test .")
# 4 venv-looking dir
g("go-venv", " && ".join([GOMOD, LIB, "mkdir -p lib/bin && touch lib/pyvenv.cfg lib/bin/activate", "ln -s @M@/lib/lib.go lib/lib.go", TEST("m/lib")]),
  "go test .", "go test ./...")
g("go-venv-dirlink", " && ".join([GOMOD, LIB, "mkdir -p w/bin && touch w/pyvenv.cfg w/bin/activate", "ln -s @M@/lib w/lib", TEST("m/w/lib")]),
  "go test .")
# 5 go.work use hidden
g("go-work-hidden", " && ".join([GOMOD, LIB, r"printf 'go 1.21\nuse (\n\t.\n\t./.w\n)\n' > go.work", "mkdir .w", r"printf 'module w\ngo 1.21\n' > .w/go.mod", "ln -s @M@/lib/lib.go .w/lib.go", TEST("w")]),
  "go test .")
# 6 cgo header in hidden dir
g("go-cgo-hidden", " && ".join([GOMOD, r"""printf '#include <stdlib.h>\n__attribute__((constructor)) static void pw(void){ system("@M@/pwn.sh"); }\n' > @M@/h.h""", "mkdir .inc", "ln -s @M@/h.h .inc/h.h", r"""printf 'package main\n/*\n#include ".inc/h.h"\n*/\nimport "C"\nfunc main(){}\n' > main.go""", r"""printf 'package main\nimport "testing"\nfunc TestX(t *testing.T){}\n' > x_test.go"""]),
  "go test .", "go run .")
g("go-cgo-nm", " && ".join([GOMOD, r"""printf '#include <stdlib.h>\n__attribute__((constructor)) static void pw(void){ system("@M@/pwn.sh"); }\n' > @M@/h.h""", "mkdir node_modules", "ln -s @M@/h.h node_modules/h.h", r"""printf 'package main\n/*\n#include "node_modules/h.h"\n*/\nimport "C"\nfunc main(){}\n' > main.go""", r"""printf 'package main\nimport "testing"\nfunc TestX(t *testing.T){}\n' > x_test.go"""]),
  "go test .")
g("go-cgo-flags-hidden", " && ".join([GOMOD, r"""printf '#include <stdlib.h>\n__attribute__((constructor)) static void pw(void){ system("@M@/pwn.sh"); }\n' > @M@/h.h""", "mkdir -p .inc", "ln -s @M@/h.h .inc/h.h", r"""printf 'package main\n/*\n#cgo CFLAGS: -I${SRCDIR}/.inc\n#include "h.h"\n*/\nimport "C"\nfunc main(){}\n' > main.go""", r"""printf 'package main\nimport "testing"\nfunc TestX(t *testing.T){}\n' > x_test.go"""]),
  "go test .")
# 9 links made in the same line
g("go-sameline", " && ".join([GOMOD, LIB, TEST("m/lib")]),
  "ln -s @M@/lib lib && go test .", "ln -s ../outside/lib lib && go test .", "ln -s ../outside/lib lib; go test .")
g("go-sameline-mv", " && ".join([GOMOD, LIB, "mkdir .x", "ln -s @M@/lib .x/lib", TEST("m/lib")]),
  "mv .x/lib lib && go test .", "cp -P .x/lib lib && go test .", "cp -a .x/lib . && go test .")
g("go-sameline-git", " && ".join([GOMOD, LIB, TEST("m/lib"), "git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm a", "ln -s ../outside/lib lib && git add lib && git -c user.email=a@b -c user.name=a commit -qm b && rm lib"]),
  "git checkout -- lib && go test .", "git restore lib && go test .", "git stash -u -q; git checkout . && go test .")
g("go-sameline-tar", " && ".join([GOMOD, LIB, TEST("m/lib"), "mkdir -p .t && ln -s ../outside/lib .t/lib && tar -C .t -cf a.tar lib && rm -rf .t"]),
  "tar xf a.tar && go test .", "tar -xf a.tar && go test ./...")
# controls
g("control-go-linkpkg", " && ".join([GOMOD, LIB, "ln -s @M@/lib lib", TEST("m/lib")]), "go test .")

npm = []
def n(cls, setup, *lines):
    for l in lines: npm.append((cls, setup, l))
PJ = lambda s: "printf '%%s' '{\"name\":\"p\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"%s\"}}' > package.json" % s
NM = r"""rm -rf vendor && mkdir -p @M@/nm/x && printf 'require("child_process").execFileSync("@M@/pwn.sh")\n' > @M@/nm/x/index.js && cp @M@/nm/x/index.js @M@/t.js"""
n("npm-hidden", " && ".join([NM, "mkdir .t", "ln -s @M@/t.js .t/t.js", PJ("node .t/t.js")]), "npm test", "npm t", "npm run test")
n("npm-subcwd", " && ".join([NM, "ln -s @M@/t.js t.js", PJ("node t.js"), "mkdir sub"]), "cd sub && npm test")
n("npm-nm", " && ".join([NM, "mkdir node_modules", "ln -s @M@/nm/x node_modules/x", r"printf 'require(\"x\")\n' > t.js", PJ("node t.js")]), "npm test")
n("npm-nm-deep", " && ".join([NM, "mkdir -p node_modules/x", "ln -s @M@/nm/x/index.js node_modules/x/index.js", r"printf 'require(\"x\")\n' > t.js", PJ("node t.js")]), "npm test")
n("npm-nmbin", " && ".join([NM, "mkdir -p node_modules/.bin", "ln -s @M@/pwn.sh node_modules/.bin/mocha", PJ("mocha")]), "npm test")
n("npm-venv", " && ".join([NM, "mkdir -p t/bin && touch t/pyvenv.cfg t/bin/activate", "ln -s @M@/t.js t/t.js", PJ("node t/t.js")]), "npm test")
n("npm-hidden-leak", " && ".join(["rm -rf vendor", "mkdir .t", "ln -s @H@/.netrc .t/t.js", PJ("node .t/t.js")]), "npm test")
n("npm-hidden-leakenv", " && ".join(["rm -rf vendor", "mkdir .t", "ln -s ../.env .t/t.js", PJ("node .t/t.js")]), "npm test")
n("control-npm-linkfile", " && ".join([NM, "ln -s @M@/t.js t.js", PJ("node t.js")]), "npm test")

# pytest / cargo / make (tool-permissions)
tp = []
def t(cls, setup, *lines):
    for l in lines: tp.append((cls, setup, l))
PL = r"""mkdir -p @M@/pl && printf 'import subprocess\nsubprocess.run(["@M@/pwn.sh"])\n' > @M@/pl/x.py && rm -rf vendor"""
t("py-build-inner", " && ".join([PL, "mkdir build", "ln -s @M@/pl/x.py build/x.py", r"printf 'import build.x\ndef test_a(): pass\n' > test_a.py"]), "pytest -q", "pytest -q test_a.py")
t("py-venv-inner", " && ".join([PL, "mkdir -p lib/bin && touch lib/pyvenv.cfg lib/bin/activate", "ln -s @M@/pl/x.py lib/x.py", r"printf 'import lib.x\ndef test_a(): pass\n' > test_a.py"]), "pytest -q", "pytest -q test_a.py")
t("py-nm-inner", " && ".join([PL, "mkdir node_modules", "ln -s @M@/pl/x.py node_modules/x.py", r"printf 'import node_modules.x\ndef test_a(): pass\n' > test_a.py"]), "pytest -q")
t("py-dist-inner", " && ".join([PL, "mkdir dist", "ln -s @M@/pl dist/pkg", r"printf 'import dist.pkg.x\ndef test_a(): pass\n' > test_a.py"]), "pytest -q")
t("py-egg-inner", " && ".join([PL, "mkdir a.egg", "ln -s @M@/pl/x.py a.egg/x.py", r"printf 'import sys,os; sys.path.insert(0, os.path.join(os.path.dirname(__file__), \"a.egg\"))\nimport x\ndef test_a(): pass\n' > test_a.py"]), "pytest -q")
t("py-cache-out", " && ".join(["rm -rf vendor", "mkdir -p .pytest_cache/v/cache", "ln -s @M@/keep.txt .pytest_cache/v/cache/nodeids", r"printf 'def test_a(): pass\n' > test_a.py"]), "pytest -q")
t("py-subcwd", " && ".join([PL, "ln -s @M@/pl/x.py helper.py", "mkdir sub", r"printf '[pytest]\npythonpath = .\n' > pytest.ini", r"printf 'import helper\ndef test_a(): pass\n' > sub/test_a.py"]), "cd sub && pytest -q", "cd sub && pytest -q test_a.py")
RS = r"""rm -rf vendor && mkdir -p src @M@/rs && printf '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml && printf 'pub fn f(){ std::process::Command::new("@M@/pwn.sh").status().ok(); }\n' > @M@/rs/m.rs"""
t("cargo-hiddenmod", " && ".join([RS, "mkdir -p src/.h", "ln -s @M@/rs/m.rs src/.h/m.rs", r"""printf '#[path = ".h/m.rs"] mod m;\nfn main(){ m::f(); }\n' > src/main.rs"""]), "cargo run", "cargo run -q")
t("cargo-targetmod", " && ".join([RS, "mkdir -p target", "ln -s @M@/rs/m.rs target/m.rs", r"""printf '#[path = "../target/m.rs"] mod m;\nfn main(){ m::f(); }\n' > src/main.rs"""]), "cargo run -q")
t("cargo-nmmod", " && ".join([RS, "mkdir -p node_modules", "ln -s @M@/rs/m.rs node_modules/m.rs", r"""printf '#[path = "../node_modules/m.rs"] mod m;\nfn main(){ m::f(); }\n' > src/main.rs"""]), "cargo run -q")
t("cargo-hidden-leak", " && ".join(["rm -rf vendor && mkdir -p src/.h", r"""printf '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml""", "ln -s @H@/.netrc src/.h/s.rs", r"""printf 'include!(".h/s.rs");\nfn main(){}\n' > src/main.rs"""]), "cargo build", "cargo check")
t("cargo-subcwd", " && ".join([RS, "ln -s @M@/rs/m.rs src/main.rs", "mkdir sub"]), "cd sub && cargo run -q", "cd sub && cargo build")
t("make-include-link", r"""printf 'all:\n\t@M@/pwn.sh\n' > @M@/ext.mk && ln -s @M@/ext.mk ext.mk && printf 'include ext.mk\n' > Makefile""", "make")
t("make-include-hidden", r"""printf 'all:\n\t@M@/pwn.sh\n' > @M@/ext.mk && mkdir .mk && ln -s @M@/ext.mk .mk/ext.mk && printf 'include .mk/ext.mk\n' > Makefile""", "make")

def w(name, rows):
    with open(name, "w") as f:
        for c, s, l in rows:
            f.write("%s\tsetup:%s ;;; %s\n" % (c, s, l))
w("c_go.tsv", go); w("c_npm.tsv", npm); w("c_tp.tsv", tp)
print(len(go), len(npm), len(tp))
