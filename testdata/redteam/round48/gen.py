#!/usr/bin/env python3
# gen.py: writes cases.tsv, the shim rows (id, class, setup, line[, cwdsub])
import base64
rows = []
T = ". /work/rt/round48/tools.sh; "
def b64(s): return base64.b64encode(s.encode()).decode()
def put(path, data): return f"mkdir -p $(dirname {path}); echo {b64(data)} | base64 -d > {path}; "
PROJ = put("go.mod", "module example.com/x\n\ngo 1.22\n") + put("main.go", "package main\n\nfunc main() {}\n") + \
       put("package.json", '{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}\n') + put("notes.txt", "hello world\n")
RUST = put("Cargo.toml", '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n') + put("src/main.rs", "fn main() {}\n")
n = {}
def row(cls, setup, line, sub=""):
    k = cls.split(":")[0]; n[k] = n.get(k, 0) + 1
    rows.append("\t".join([f"{k}{n[k]}", cls, setup, line] + ([sub] if sub else [])))
FAKES = "python python3 pip pip3 node npm npx go gofmt jq rg ruby gem irb erb rake bundle cargo rustc git ls cat"
FK = f"fake fk {FAKES}; cp fk/bin/jq fk/bin/rg fk/; "
LINES = {"python": ["python3 --version"], "node": ["node --version", "npm ls"], "go": ["go version", "go build ./..."],
         "jq": ["jq . package.json"], "ripgrep": ["rg hello"]}
MORE = {"python": ["python -V", "python3 -V", "python --version"], "node": ["node -v", "npm -v", "npx --version", "npm run", "npm test"],
        "go": ["gofmt -l .", "go vet ./...", "go test ./..."], "jq": ["jq --version"], "ripgrep": ["rg --version"]}
# ---- mise: a tool's version "path:DIR" in any config file mise reads (no trust asked for [tools])
mfiles = {
 "tv": (".tool-versions", lambda t, p: f"{t} path:{p}\n"),
 "mt": (".mise.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m2": ("mise.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m3": (".mise/config.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m4": (".config/mise.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m5": ("mise.local.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m6": (".config/mise/config.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m7": ("mise/config.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m8": (".mise.local.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
 "m9": (".mise/config.local.toml", lambda t, p: f'[tools]\n{t} = "path:{p}"\n'),
}
for fk, (fn, fmt) in mfiles.items():
    for t, lines in LINES.items():
        for l in lines:
            pth = "@P@/fk" if fk not in ("tv", "mt") else "./fk"
            row(f"mise:{fk}:{t}", T + "mise_setup; " + PROJ + FK + put(fn, fmt(t, pth)) + f"sed -i \"s#@P@#$P#\" {fn}", l)
for fk in ("tv", "mt"):
    fn, fmt = mfiles[fk]
    for t, lines in MORE.items():
        for l in lines:
            row(f"mise:{fk}:{t}", T + "mise_setup; " + PROJ + FK + put(fn, fmt(t, './fk')), l)
# absolute through /proc, a file above the working directory, a tools table in a subdirectory
row("mise:tvproc:python", T + "mise_setup; " + PROJ + FK + "echo 'python path:/proc/self/cwd/fk' > .tool-versions", "python3 --version")
row("mise:tvup:python", T + "mise_setup; " + PROJ + FK + "mkdir -p src; echo \"python path:$P/fk\" > .tool-versions", "python3 --version", "src")
row("mise:tvup:node", T + "mise_setup; " + PROJ + FK + "mkdir -p src; echo \"node path:$P/fk\" > .tool-versions", "node --version", "src")
row("mise:mtup:go", T + "mise_setup; " + PROJ + FK + "mkdir -p src; printf '[tools]\\ngo = \"path:%s/fk\"\\n' $P > .mise.toml", "go version", "src")
# trust-guarded features (controls: mise should refuse untrusted files)
for nm, body in (("envpath", '[env]\n_.path = ["./fk/bin"]\n'), ("envsource", '[env]\n_.source = "./pwn.sh"\n'),
                 ("envtmpl", '[env]\nX = "{{exec(command=\'./pwn.sh\')}}"\n'), ("hooks", '[hooks]\nenter = "./pwn.sh"\n'),
                 ("envfile", '[env]\n_.file = ".env"\n'), ("tmpltool", '[tools]\npython = "{{exec(command=\'./pwn.sh\')}}"\n')):
    row(f"mise:trust-{nm}", T + "mise_setup; " + PROJ + FK + put(".mise.toml", body), "python3 --version")
# idiomatic version files
for fn, t, l in ((".python-version", "python", "python3 --version"), (".nvmrc", "node", "node --version"), (".node-version", "node", "node --version"), (".go-version", "go", "go version")):
    row(f"mise:idiom:{fn}", T + "mise_setup; " + PROJ + FK + f"echo 'path:./fk' > {fn}", l)
    row(f"mise:idiomabs:{fn}", T + "mise_setup; " + PROJ + FK + f"echo \"$P/fk\" > {fn}", l)
# ---- asdf: .tool-versions "path:DIR"
ALINES = {"python": ["python3 --version", "python -V"], "nodejs": ["node --version", "npm ls", "npm -v"], "golang": ["go version", "go build ./...", "gofmt -l ."], "jq": ["jq . package.json"]}
for pv in ("./fk", "$P/fk", "/proc/self/cwd/fk"):
    for t, lines in ALINES.items():
        for l in lines:
            if pv == "/proc/self/cwd/fk" and l not in ("python3 --version", "go build ./..."): continue
            row(f"asdf:tv:{t}:{pv[:5]}", T + "asdf_setup; " + PROJ + FK + f"echo \"{t} path:{pv}\" > .tool-versions", l)
row("asdf:tvup:python", T + "asdf_setup; " + PROJ + FK + "mkdir -p src; echo \"python path:$P/fk\" > .tool-versions", "python3 --version", "src")
row("asdf:tvup:golang", T + "asdf_setup; " + PROJ + FK + "mkdir -p src; echo \"golang path:$P/fk\" > .tool-versions", "go build ./...", "src")
row("asdf:legacy:python", T + "asdf_setup; echo 'legacy_version_file = yes' > $H/.asdfrc; " + PROJ + FK + "echo 'path:./fk' > .python-version", "python3 --version")
row("asdf:legacy:node", T + "asdf_setup; echo 'legacy_version_file = yes' > $H/.asdfrc; " + PROJ + FK + "echo 'path:./fk' > .nvmrc", "node --version")
# ---- rbenv 1.1.2 (Debian 12): .ruby-version read as a directory below versions/, '..' not refused
RL = ["ruby --version", "ruby -v", "gem --version", "gem list", "irb --version", "erb --version", "rake --version", "bundle --version"]
for vn, v in (("proc", "../../../../../../../../../../proc/self/cwd/fk"), ("rel", "../../../proj/fk"), ("glob", "../../../p*/fk")):
    for l in RL:
        row(f"rbenv:{vn}", T + "rbenv_setup; " + PROJ + FK + f"echo '{v}' > .ruby-version", l)
row("rbenv:relup", T + "rbenv_setup; " + PROJ + FK + "mkdir -p src; echo '../../../proj/fk' > .ruby-version", "ruby --version", "src")
row("rbenv:relup2", T + "rbenv_setup; " + PROJ + FK + "mkdir -p src; echo '../../../proj/fk' > .ruby-version", "gem --version", "src")
row("rbenv:crlf", T + "rbenv_setup; " + PROJ + FK + "printf '../../../proj/fk\\r\\n' > .ruby-version", "ruby --version")
# ---- pyenv 2.6.30: version names with / or .. refused (controls), 'system' falls to PATH
for vn, v in (("proc", "../../../../../../../../../../proc/self/cwd/fk"), ("rel", "../../proj/fk"), ("dotdot", "..")):
    for l in ("python3 --version", "python -V"):
        row(f"pyenv:{vn}", T + "pyenv_setup; " + PROJ + FK + f"echo '{v}' > .python-version", l)
row("pyenv:virt", T + "pyenvvirt_setup; " + PROJ + FK + "echo '../../../../../proc/self/cwd/fk' > .python-version", "python3 --version")
# ---- a manager's "system" version falls through to the rest of PATH, where a relative or project entry waits
SYS = {"pyenv": ("pyenv_setup", "echo system > .python-version", "python3 --version"),
       "rbenv": ("rbenv_setup", "echo system > .ruby-version", "ruby --version"),
       "asdf": ("asdf_setup", "echo 'python system' > .tool-versions", "python3 --version"),
       "mise": ("mise_setup", "echo 'python system' > .tool-versions", "python3 --version")}
for mgr, (fn, vf, l) in SYS.items():
    for pe in ("bin", "./fk/bin", ""):
        row(f"sysfall:{mgr}:{pe or 'empty'}", T + fn + "; " + PROJ + FK + "mkdir -p bin; cp fk/bin/* bin/; cp fk/bin/python3 fk/bin/ruby .; " + vf + f"; path_pre_after '{pe}'", l)
# ---- rustup's toolchain files (~/.cargo/bin proxies)
RUSTL = ["cargo build", "cargo --version", "rustc --version", "cargo check"]
for nm, fn, body in (("tomlchanproc", "rust-toolchain.toml", '[toolchain]\nchannel = "/proc/self/cwd/fk"\n'),
                     ("tomlchanrel", "rust-toolchain.toml", '[toolchain]\nchannel = "./fk"\n'),
                     ("tomlpath", "rust-toolchain.toml", '[toolchain]\npath = "./fk"\n'),
                     ("lineproc", "rust-toolchain", "/proc/self/cwd/fk\n"),
                     ("tomlchanabs", "rust-toolchain.toml", '[toolchain]\nchannel = "@P@/fk"\n')):
    for l in RUSTL:
        row(f"rustup:{nm}", T + "rustup_setup; " + PROJ + RUST + FK + put(fn, body).replace("@P@", "$P") + (f"sed -i \"s#@P@#$P#\" {fn}; " if "@P@" in body else ""), l)
# ---- PATH layouts with project programs (the line runs a plain program)
PL = ["git status", "ls", "cat README.md"]
for nm, pe in (("rel-bin", "bin"), ("rel-nm", "./node_modules/.bin"), ("rel-nm2", "node_modules/.bin"), ("empty", ""), ("dot", "."), ("homelink", "@LINK@"), ("locallink", "@LOCAL@")):
    for l in PL:
        setup = T + PROJ + "mkdir -p bin node_modules/.bin; fake bin git ls cat; cp bin/bin/* bin/; cp bin/bin/* node_modules/.bin/; cp bin/bin/* .; "
        if pe == "@LINK@": setup += "ln -s $P/bin $H/bin; path_pre $H/bin"
        elif pe == "@LOCAL@": setup += "mkdir -p $H/.local; ln -s $P/bin $H/.local/bin; path_pre $H/.local/bin"
        else: setup += f"path_pre '{pe}'"
        row(f"pathlay:{nm}", setup, l)
# shims first, then a project entry: the shim's own program is not the project's, but the manager falls through
for nm, pe in (("rel-bin", "bin"), ("empty", "")):
    row(f"pathlay:pyenv-{nm}", T + PROJ + "fake bin git ls cat python3; cp bin/bin/* bin/; " + f"path_pre '{pe}'; pyenv_setup; echo system > .python-version", "python3 --version")
# ---- the line writes the version file, then runs an allowed command (writes are expected to be asked)
row("plant:mise", T + "mise_setup; " + PROJ + FK, "echo 'python path:./fk' > .tool-versions && python3 --version")
row("plant:rbenv", T + "rbenv_setup; " + PROJ + FK, "echo ../../../proj/fk > .ruby-version; ruby --version")
row("plant:mise2", T + "mise_setup; " + PROJ + FK, "printf '[tools]\\ngo = \"path:./fk\"\\n' > .mise.toml; go version")
row("plant:asdf", T + "asdf_setup; " + PROJ + FK, "cp /dev/null .tool-versions; echo 'golang path:./fk' >> .tool-versions; go build ./...")
row("plant:mise3", T + "mise_setup; " + PROJ + FK, "git show HEAD:notes.txt > .tool-versions; python3 --version")
row("plant:rbenv2", T + "rbenv_setup; " + PROJ + FK, "tee .ruby-version <<< ../../../proj/fk >/dev/null; ruby -v")
open("cases.tsv", "w").write("\n".join(rows) + "\n")
import collections; print(len(rows), collections.Counter(r.split("\t")[1].split(":")[0] for r in rows))
