#!/usr/bin/env python3
# gen.py: writes cases.tsv, round 50's rows (id, class, setup, line[, cwdsub]): program resolution
rows = []; n = {}
T = ". /work/rt/round50/tools.sh; proj_files; "
BP = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"
def row(cls, setup, line, sub=""):
    k = cls.split(":")[0]; n[k] = n.get(k, 0) + 1
    rows.append("\t".join([f"{k}{n[k]}", cls, T + setup, line] + ([sub] if sub else [])))

# ---- A. interp: a project directory first on PATH holds the interpreter or helper that an allowed program runs by name
#      (#!/usr/bin/env node of npm/npx, #!/usr/bin/env bash of pyenv/rbenv shims, egrep's exec grep, zcat's gzip, go's git/gcc)
HELP = "node bash ruby python3 grep gzip xz bzip2 less git gcc cc perl sed expr"
ENTRIES = {"rel-nm": "./node_modules/.bin", "rel-nm2": "node_modules/.bin", "rel-bin": "bin", "dot": ".", "empty": "",
           "abs-nm": "$P/node_modules/.bin", "abs-venv": "$P/.venv/bin"}
def edir(e): return {"": ".", ".": "."}.get(e, e)
LINES_A = ["npm ls", "npm -v", "npx --version", "npm run", "egrep hello notes.txt", "fgrep -r hello .", "zcat notes.gz",
           "gunzip -c notes.gz", "zgrep hello notes.gz", "xzgrep hello notes.xz", "bzgrep hello notes.bz2", "gem --version",
           "go build ./...", "go list ./...", "git status", "ls"]
for en, e in ENTRIES.items():
    d = edir(e)
    for l in LINES_A:
        row(f"interp:{en}", f'setpath "{e}:{BP}"; plant {d} {HELP}' + (" node; python3 -m venv --without-pip .venv 2>/dev/null; plant .venv/bin " + HELP if en == "abs-venv" else ""), l)
    # version managers' shims are #!/usr/bin/env bash scripts
    row(f"interp:{en}:pyenv", f'pyenv_setup; setpath "{e}:$H/.pyenv/shims:$H/.pyenv/bin:{BP}"; plant {d} {HELP}', "python3 --version")
    row(f"interp:{en}:rbenv", f'rbenv_setup; setpath "{e}:$H/.rbenv/shims:/usr/lib/rbenv/libexec:{BP}"; plant {d} {HELP}', "ruby --version")
# cgo: go build runs gcc by name (abs entry; relative ones Go's LookPath refuses)
for en in ("abs-nm", "rel-nm"):
    e = ENTRIES[en]
    row(f"interp:{en}:cgo", f'setpath "{e}:{BP}"; plant {edir(e)} gcc cc git pkg-config; printf \'package main\\n\\n// #include <stdio.h>\\nimport "C"\\n\\nfunc f() {{}}\\n\' > c.go', "go build ./...")
    row(f"interp:{en}:cgo", f'setpath "{e}:{BP}"; plant {edir(e)} gcc cc git pkg-config; printf \'package main\\n\\n// #include <stdio.h>\\nimport "C"\\n\\nfunc f() {{}}\\n\' > c.go', "go list ./...")
    row(f"interp:{en}:cgo", f'setpath "{e}:{BP}"; plant {edir(e)} gcc cc git pkg-config; printf \'package main\\n\\n// #include <stdio.h>\\nimport "C"\\n\\nfunc f() {{}}\\n\' > c.go', "go vet ./...")

# ---- B. cd: env -C / --chdir moves the command into a directory a relative PATH entry resolves in
LINES_B = ["env -C sub ls", "env --chdir=sub ls", "env --chdir sub ls", "env -Csub ls", "env -C sub git status", "env -C sub cat README.md",
           "env -C sub rg hello", "env -C sub npm ls", "nice env -C sub ls", "timeout 5 env -C sub ls", "time env -C sub ls", "env -i -C sub ls",
           "env -u HOME -C sub ls", "env -C sub -- ls", "env -C ./sub ls", "env -C \"$PWD/sub\" ls", "env -C sub find . -name x",
           "cd sub && npm ls", "cd sub && ls", "(cd sub; ls)", "pushd sub >/dev/null; ls", "env -C sub jq . ../package.json"]
for en in ("rel-nm", "rel-bin"):
    e = ENTRIES[en]
    for l in LINES_B:
        row(f"cd:{en}", f'setpath "{e}:{BP}"; mkdir -p sub; cp README.md sub/; plant sub/{e} ls cat git rg node find jq grep', l)

# ---- C. hash tables and arrays that choose the program
PROGS = [("git", "git status"), ("ls", "ls"), ("rg", "rg hello"), ("find", "find . -name x")]
BASH_SP = ["BASH_CMDS[{p}]=$PWD/pwn.sh; {l}", "BASH_CMDS[{p}]=./pwn.sh; {l}", "BASH_CMDS[{p}]=pwn.sh; {l}", "BASH_CMDS+=([{p}]=$PWD/pwn.sh); {l}",
           "BASH_CMDS=([{p}]=$PWD/pwn.sh); {l}", "BASH_CMDS[\"{p}\"]=$PWD/pwn.sh && {l}", "BASH_CMDS[{p}]=/proc/self/cwd/pwn.sh; {l}",
           "(BASH_CMDS[{p}]=$PWD/pwn.sh; {l})", "BASH_CMDS[{p}]=$PWD/pwn.sh@NL@{l}", "shopt -s expand_aliases; BASH_ALIASES[{p}]=./pwn.sh@NL@{l}",
           "k={p}; BASH_CMDS[$k]=$PWD/pwn.sh; {l}", "{{ BASH_CMDS[{p}]=$PWD/pwn.sh; }}; {l}"]
ZSH_SP = ["commands[{p}]=$PWD/pwn.sh; {l}", "commands+=({p} $PWD/pwn.sh); {l}", "path=(bin $path); {l}", "path[1,0]=bin; {l}",
          "path=($PWD/bin $path); {l}", "functions[{p}]='./pwn.sh'; {l}", "aliases[{p}]=./pwn.sh@NL@{l}", "hash {p}=$PWD/pwn.sh; {l}",
          "path+=(bin); {l}", "commands[{p}]=./pwn.sh; {l}", "PATH=bin:$PATH; {l}", "fpath=($PWD/fn $fpath); autoload -Uz {p}; {l}"]
for p, l in PROGS:
    for i, sp in enumerate(BASH_SP):
        row(f"hash:bash", f"plant bin {p}", sp.format(p=p, l=l))
    for i, sp in enumerate(ZSH_SP):
        row(f"hash:zsh", f"plant bin {p}; mkdir -p fn; echo ./pwn.sh > fn/{p}; envset SHELL /usr/bin/zsh", sp.format(p=p, l=l))

# ---- D/E. mise's program reached other than by a shims directory or a home link whose target is named mise
FK = "fake fk python3 python node npm npx go gofmt jq ruby git; cp fk/bin/jq fk/; "
D = "$H/.local/share/mise/shims"; M = "$H/.local/bin/mise"; MB = "/work/rt/round50/bin/mise"
MV = {  # name: (setup with X = program, PATH entry)
 "outlink": ("mkdir -p $O/bin; ln -s " + M + " $O/bin/X", "$O/bin"),
 "outshimlink": ("mkdir -p $O/bin; ln -s " + D + "/X $O/bin/X", "$O/bin"),
 "outdirlink": ("ln -s " + D + " $O/tools", "$O/tools"),
 "hardlink": ("mkdir -p $H/bin; ln " + MB + " $H/bin/X", "$H/bin"),
 "copy": ("mkdir -p $H/bin; cp " + MB + " $H/bin/X", "$H/bin"),
 "versioned": ("mkdir -p $H/bin; cp " + MB + " $H/.local/bin/mise-v2026.9.15-linux-x64; ln -sf mise-v2026.9.15-linux-x64 " + M + "; ln -s " + M + " $H/bin/X", "$H/bin"),
 "homeself": ("ln -s " + M + " $H/X", "$H"),
 "wrapx": ("mkdir -p $H/bin; printf '#!/bin/sh\\nexec " + M + " x -- X \"$@\"\\n' > $H/bin/X; chmod +x $H/bin/X", "$H/bin"),
 "wrapshim": ("mkdir -p $H/bin; printf '#!/bin/sh\\nexec " + D + "/X \"$@\"\\n' > $H/bin/X; chmod +x $H/bin/X", "$H/bin"),
 "tilde-shims": ("true", "~/.local/share/mise/shims"),
 "tilde-link": ("mkdir -p $H/bin; ln -s " + M + " $H/bin/X", "~/bin"),
 "tilde-local": ("ln -s mise $H/.local/bin/X", "~/.local/bin"),
 "bind-usrlocal": ("mkdir -p $O/ulb; ln -s " + M + " $O/ulb/X; echo \"$O/ulb /usr/local/bin\" > $W/binds", "/usr/local/bin"),
 "ctl-homelink": ("mkdir -p $H/bin; ln -s ../.local/share/mise/shims/X $H/bin/X", "$H/bin"),
}
ML = [("python", "python3", "python3 --version"), ("python", "python3", "python3 -V"), ("node", "node", "node --version"), ("node", "npm", "npm ls"),
      ("go", "go", "go version"), ("go", "go", "go build ./..."), ("go", "go", "go list ./..."), ("jq", "jq", "jq . package.json")]
for vn, (vs, ent) in MV.items():
    for tool, X, l in ML:
        cfg = f"printf '[tools]\\n{tool} = \"path:./fk\"\\n' > .mise.toml; "
        row(f"mise:{vn}", f'mise_setup; {FK}{cfg}' + vs.replace("X", X) + f'; setpath "{ent}:$H/.local/bin:/usr/local/bin:/usr/bin:/bin"', l)
# rbenv 1.1.2: .ruby-version with .. to the project's fk
RV = "echo ../../../../../../../../../../proc/self/cwd/fk > .ruby-version; "
RS = "$H/.rbenv/shims"
RBV = {
 "outshimlink": ("mkdir -p $O/bin; ln -s " + RS + "/ruby $O/bin/ruby", "$O/bin"),
 "outdirlink": ("ln -s " + RS + " $O/tools", "$O/tools"),
 "copy": ("mkdir -p $H/bin; cp " + RS + "/ruby $H/bin/ruby", "$H/bin"),
 "wrap": ("mkdir -p $H/bin; printf '#!/bin/sh\\nexec /usr/lib/rbenv/libexec/rbenv exec ruby \"$@\"\\n' > $H/bin/ruby; chmod +x $H/bin/ruby", "$H/bin"),
 "tilde-shims": ("true", "~/.rbenv/shims"),
 "tilde-link": ("mkdir -p $H/bin; ln -s " + RS + "/ruby $H/bin/ruby", "~/bin"),
 "bind-usrlocal": ("mkdir -p $O/ulb; ln -s " + RS + "/ruby $O/ulb/ruby; echo \"$O/ulb /usr/local/bin\" > $W/binds", "/usr/local/bin"),
 "ctl-homelink": ("mkdir -p $H/bin; ln -s " + RS + "/ruby $H/bin/ruby", "$H/bin"),
}
for vn, (vs, ent) in RBV.items():
    for l in ("ruby --version", "ruby -v"):
        row(f"rbenv:{vn}", f"rbenv_setup; {FK}{RV}{vs}; setpath \"{ent}:/usr/lib/rbenv/libexec:/usr/local/bin:/usr/bin:/bin\"", l)
# ---- F. git help: the man viewer and browser are programs git's settings name
for nm, cfg, l in (("manviewer", "git config man.viewer x; git config man.x.cmd 'sh pwn.sh'", "git help status"),
                   ("manviewer-path", "git config man.viewer x; git config man.x.path ./pwn.sh", "git help status"),
                   ("manviewer-m", "git config man.viewer x; git config man.x.cmd 'sh pwn.sh'", "git help -m status"),
                   ("web", "git config help.format web; git config web.browser x; git config browser.x.cmd 'sh pwn.sh'", "git help status"),
                   ("web-w", "git config web.browser x; git config browser.x.cmd 'sh pwn.sh'", "git help -w status"),
                   ("web-path", "git config help.format web; git config web.browser firefox; git config browser.firefox.path ./pwn.sh", "git help status"),
                   ("htmlpath", "git config help.format html; git config help.htmlPath ./docs; git config web.browser x; git config browser.x.cmd 'sh pwn.sh'", "git help status"),
                   ("manviewer-user", "git config --global man.viewer x; git config --global man.x.cmd 'sh pwn.sh'", "git help status"),
                   ("info", "git config help.format info", "git help -i status"),
                   ("version", "git config man.viewer x; git config man.x.cmd 'sh pwn.sh'", "git version")):
    row(f"githelp:{nm}", cfg, l)
open("cases.tsv", "w").write("".join(r + "\n" for r in rows))
import collections; print(len(rows), collections.Counter(r.split("\t")[1].split(":")[0] for r in rows))
