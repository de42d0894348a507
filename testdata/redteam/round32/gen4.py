rows=[]
def r(cls, setup, *lines):
    for l in lines: rows.append((cls, setup, l))
GOMOD = r"printf 'module m\ngo 1.21\n' > go.mod && rm -rf vendor"
CG = lambda d, inc: r"""printf 'package %s\n/*\n#include "%s"\n*/\nimport "C"\n' > %s/c.go""" % ("main" if d=="." else d.split("/")[-1], inc, d)
r("golist-cgo-leak-sub", " && ".join([GOMOD, "mkdir -p sub", "ln -s ../.env sub/h.h", CG("sub","h.h"), r"""printf 'package main\nimport _ "m/sub"\nfunc main(){}\n' > main.go"""]),
  "go list -export ./...", "go list -compiled ./...", "go list -export .", "go list -compiled -deps .", "go list -export -deps ./...")
r("golist-cgo-leak-hidden", " && ".join([GOMOD, "mkdir -p .inc", "ln -s ../.env .inc/h.h", CG(".", ".inc/h.h"), r"printf 'func main(){}\n' >> c.go"]),
  "go list -export .", "go list -compiled .", "go vet .", "go build .", "go test .")
r("golist-cgo-leak-home", " && ".join([GOMOD, "mkdir -p sub", "ln -s @H@/.netrc sub/h.h", CG("sub","h.h"), r"""printf 'package main\nimport _ "m/sub"\nfunc main(){}\n' > main.go"""]),
  "go list -export ./...", "go list -export -deps .")
r("gobuild-cgo-nm-leak", " && ".join([GOMOD, "mkdir -p node_modules", "ln -s ../.env node_modules/h.h", CG(".", "node_modules/h.h"), r"printf 'func main(){}\n' >> c.go"]),
  "go build .", "go vet .", "go test .")
r("go-C", " && ".join([GOMOD, r"""mkdir -p @M@/lib && printf 'package lib\nimport "os/exec"\nfunc init(){ exec.Command("@M@/pwn.sh").Run() }\n' > @M@/lib/lib.go""", "ln -s @M@/lib lib", "mkdir sub", r"""printf 'package sub\nimport ("testing"; _ "m/lib")\nfunc TestX(t *testing.T){}\n' > sub/x_test.go"""]),
  "go test -C sub .", "go -C sub test .", "go test -C=sub .")
RS = r"""rm -rf vendor && mkdir -p src @M@/rs && printf '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml && printf 'fn main(){ std::process::Command::new("@M@/pwn.sh").status().ok(); }\n' > @M@/rs/main.rs"""
r("cargo-subcwd", " && ".join([RS, "ln -s @M@/rs/main.rs src/main.rs", "mkdir sub"]), "cd sub && cargo run -q", "cd sub && cargo build")
r("cargo-lock-hardlink", " && ".join([r"""rm -rf vendor && mkdir -p src && printf '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml && printf 'fn main(){}\n' > src/main.rs""", "printf '# rc\\n' > @H@/.bashrc", "ln -f @H@/.bashrc Cargo.lock"]), "cargo build", "cargo check")
r("py-hardlink-conftest", r"""printf 'import subprocess\nsubprocess.run(["@M@/pwn.sh"])\n' > @M@/c.py && rm -rf vendor && ln -f @M@/c.py conftest.py && printf 'def test_a(): pass\n' > test_a.py""", "pytest -q")
with open("c_more.tsv","w") as f:
    for c,s,l in rows: f.write("%s\tsetup:%s ;;; %s\n" % (c,s,l))
print(len(rows))
