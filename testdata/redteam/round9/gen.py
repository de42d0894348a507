#!/usr/bin/env python3
"""Round 9 candidates (issue 29): writes candidates.tsv in ../harness.py's format."""
rows = []
def add(cls, line, setup=None):
    if "\n" in line or "\t" in line:
        line = "go:" + repr(line)
    rows.append((cls, ("setup:" + setup + " ;;; " + line) if setup else line))

S = [".env", "server.key", "config/.env.production", "~/.ssh/id_rsa", "~/.netrc", "~/.aws/credentials", "vendor/notes.txt", "vendor/settings.ini"]

# 1. option values that are paths (read)
for s in [".env", "server.key", "~/.ssh/id_rsa", "vendor/settings.ini"]:
    for t in ["sort --files0-from={s}", "wc --files0-from={s}", "du --files0-from={s}", "file -f {s}",
              "date -f {s}", "date --file={s}", "diff --to-file={s} notes.txt", "diff --from-file={s} notes.txt",
              "cmp -b {s} notes.txt", "cmp -i 0:0 -l {s} notes.txt", "comm {s} notes.txt", "paste {s}", "join {s} notes.txt",
              "nl {s}", "fold {s}", "column {s}", "column -t {s}", "iconv -f utf-8 -t utf-8 {s}", "file -m {s} notes.txt",
              "stat --printf=%n {s}", "look A {s}", "ptx {s}", "tsort {s}", "shuf {s}", "split -n l/1/1 {s}",
              "od -j 0 -c {s}", "xxd -s 0 {s}", "base64 {s}", "basenc --base16 {s}", "numfmt < {s}", "expand {s}", "pr -t {s}",
              "fmt {s}", "tac {s}", "rev {s}", "strings {s}", "cut -c1- {s}", "sed -n p {s}", "sed 'r {s}' notes.txt",
              "sed 'R {s}' notes.txt", "awk 1 {s}", "grep -f {s} -r . -l", "jq -R . {s}", "jq -n --rawfile a {s} '$a'",
              "xargs -a {s} echo", "xargs --arg-file={s} echo", "make -pn -f {s}", "make -n -f /dev/null --eval='include {s}' -p",
              "git diff --no-index /dev/null {s}", "git diff --no-index {s} notes.txt", "sqlite3 :memory: \".read {s}\"",
              "sqlite3 :memory: \"select readfile('{s}')\"", "sqlite3 -init {s} :memory: .quit", "less {s}", "ed -s {s} <<< ,p",
              "vim -es -c '%p' -c q {s}", "bc {s}", "curl -s file://$PWD/{s}", "wget -q -O- file://$PWD/{s}",
              "rg --pre cat . {s}", "rg -z . {s}", "tr a a < {s}", "head -c 100 < {s}", "uniq {s}", "sha1sum -c {s}",
              "readlink -f {s}", "realpath --relative-to={s} .", "unexpand {s}", "ls -l --hide-control-chars {s}"]:
        add("pathopt-read", t.format(s=s))

# 2. option values that are paths (write outside)
for t in ["sort -T @M@ -S 1 notes.txt", "sort -o @M@/x notes.txt", "split -b 2 notes.txt @M@/x", "csplit -f @M@/x notes.txt 1",
          "tee @M@/x < notes.txt", "xxd notes.txt @M@/x", "xxd -r -p notes.txt @M@/x", "iconv -f utf-8 -t utf-8 -o @M@/x notes.txt",
          "shuf -o @M@/x notes.txt", "uniq notes.txt @M@/x", "base64 -d notes.txt > @M@/x", "git diff --output=@M@/x HEAD",
          "git log --output=@M@/x -1", "git show --output=@M@/x", "git archive -o @M@/x.tar HEAD", "git format-patch -o @M@ -1",
          "git bundle create @M@/b HEAD", "git clone -q . @M@/c", "git worktree add -q @M@/w", "git init -q @M@/r",
          "tar -cf @M@/x.tar notes.txt", "zip -q @M@/x.zip notes.txt", "unzip -q -d @M@ x.zip", "sed -n 'w @M@/x' notes.txt",
          "awk '{print > \"@M@/x\"}' notes.txt", "gawk -o@M@/x 1 notes.txt", "truncate -s 0 @M@/keep.txt", "touch @M@/x",
          "mktemp -p @M@", "mktemp --tmpdir=@M@", "install -D notes.txt @M@/x", "ln -s x @M@/y", "mkdir @M@/d",
          "dd if=notes.txt of=@M@/x", "cp notes.txt @M@/", "mv notes.txt @M@/", "sqlite3 @M@/x.db 'create table t(a)'",
          "sqlite3 :memory: \"vacuum into '@M@/x.db'\"", "vim -es -c 'w @M@/x' -c q notes.txt", "ed -s notes.txt <<< 'w @M@/x'",
          "curl -s -o @M@/x file://$PWD/notes.txt", "wget -q -O @M@/x file://$PWD/notes.txt", "gdb -batch -ex 'shell touch @M@/x'",
          "make -n --eval='$(file >@M@/x,hi)' -f /dev/null", "jq -n 'halt' > @M@/x", "git config --file=@M@/x a.b c",
          "python3 -m json.tool data.json @M@/x", "column -t notes.txt -o x > @M@/x", "ptx -O notes.txt @M@/x"]:
    add("pathopt-write", t)
for d in ["@H@/.bashrc", "@H@/x", "/tmp/../@M@/x"]:
    add("pathopt-write", "sort -o %s notes.txt" % d)
    add("pathopt-write", "tee -a %s < notes.txt" % d)

# 3. programs that run code (planted ./pwn, project config)
for t in ["seq 200000 | sort -S 1k -T . --compress-program=./pwn > /dev/null", "sort --compress-program=./pwn notes.txt",
          "tar -I ./pwn -cf x.tar notes.txt", "tar --use-compress-program=./pwn -cf x.tar notes.txt",
          "tar --checkpoint=1 --checkpoint-action=exec=./pwn -cf x.tar notes.txt", "tar -cf x.tar notes.txt && tar --to-command=./pwn -xf x.tar",
          "tar -F ./pwn -M -cf x.tar notes.txt", "zip -q -T -TT ./pwn x.zip notes.txt", "git grep --open-files-in-pager=./pwn alpha",
          "git grep -O./pwn alpha", "git difftool -y -x ./pwn HEAD", "sed '1e ./pwn' notes.txt", "sed -n '1s/.*/.\\/pwn/ep' notes.txt",
          "ed -s notes.txt <<< '!./pwn'", "sqlite3 :memory: '.shell ./pwn'", "sqlite3 :memory: '.system ./pwn'",
          "sqlite3 -cmd '.shell ./pwn' :memory: .quit", "gdb -batch -ex '!./pwn'", "gdb -batch -x x.sh",
          "vim -es -c '!./pwn' -c q", "less -F +'!./pwn' notes.txt", "man -P ./pwn ls", "man -H./pwn ls", "man --html=./pwn ls",
          "git -P log -1 --ext-diff", "rg --pre ./pwn alpha", "rg -z alpha", "bc <<< '!./pwn'", "xargs -a notes.txt ./pwn",
          "find . -name a.txt -execdir ../pwn \\;", "flock notes.txt ./pwn", "timeout 1 ./pwn", "nice ./pwn", "env -S ./pwn",
          "jq -n 'input' --from-file x.sh", "make -n", "make -q", "make --dry-run all", "make -p -n", "make -f sub/Makefile -n",
          "make -C sub -n", "make -n --warn-undefined-variables", "python3 -m pytest --collect-only -q", "python3 -m pip --version",
          "npm run", "npm ls", "node --version", "psql --version", "git status", "git log -1", "less notes.txt", "column notes.txt"]:
    for setup in [None, "printf 'all:\\n\\t@echo hi\\n$(shell ./pwn)\\n' > Makefile; mkdir -p sub; cp Makefile sub/",
                  "printf 'import os\\nos.system(\"./pwn\")\\n' > conftest.py; printf '{\"scripts\":{\"x\":\"./pwn\"}}' > package.json; printf 'script-shell=./pwn\\n' > .npmrc"]:
        if setup and not t.startswith(("make", "python3", "npm", "node", "psql", "git status", "git log", "less n", "column")):
            continue
        add("runs-code", t, setup)

# 4. config files programs read from the project / subdirectories / cwd
CFG = [
    ("gdbinit", "printf 'shell ./pwn\\n' > .gdbinit", ["gdb -batch", "gdb -batch -ex quit", "gdb --version"]),
    ("sqliterc", "printf '.shell ./pwn\\n' > .sqliterc", ["sqlite3 :memory: .quit", "sqlite3 x.db .tables"]),
    ("psqlrc", "printf '\\\\! ./pwn\\n' > .psqlrc", ["psql -l", "psql --version"]),
    ("curlrc", "printf 'output = @M@/x\\nurl = file://@P@/.env\\n' > .curlrc", ["curl -s file://@P@/notes.txt", "curl -V"]),
    ("wgetrc", "printf 'output_document = @M@/x\\n' > .wgetrc", ["wget -q file://@P@/notes.txt", "WGETRC=.wgetrc wget -V"]),
    ("npmrc-sub", "mkdir -p web; printf 'script-shell=../pwn\\nonload-script=../pwn\\n' > web/.npmrc; printf '{\"name\":\"w\",\"scripts\":{\"t\":\"echo\"}}' > web/package.json",
     ["cd web && npm run", "cd web && npm ls", "npm --prefix web ls", "cd web && npm config list", "npm -C web run"]),
    ("yarnrc", "printf 'yarn-path \"./pwn\"\\n' > .yarnrc; printf 'yarnPath: ./pwn\\n' > .yarnrc.yml", ["yarn --version", "yarn"]),
    ("gitattributes-sub", "mkdir -p docs; printf '* diff=pwn\\n' > docs/.gitattributes; echo a > docs/a; git add docs; git -c user.email=a@b -c user.name=a commit -qm d; echo b >> docs/a",
     ["git diff", "git diff docs", "git log -p -1", "git show", "git diff --stat"]),
    ("gitattributes-textconv", "printf '*.txt diff=tc\\n' > .gitattributes; git config diff.tc.textconv ./pwn; echo x >> notes.txt",
     ["git diff", "git diff notes.txt"]),
    ("editorconfig", "printf 'root=true\\n[*]\\nindent_style=tab\\n' > .editorconfig", ["cat .editorconfig"]),
    ("pyproject", "printf '[tool.pytest.ini_options]\\naddopts = \"-p pwnplug\"\\n' > pyproject.toml; printf 'import os\\nos.system(\"./pwn\")\\n' > pwnplug.py",
     ["python3 -m pytest --version", "python3 -m pytest -q --co", "pytest --version"]),
    ("setupcfg", "printf '[tool:pytest]\\naddopts = -p pwnplug\\n' > setup.cfg; printf 'import os\\nos.system(\"./pwn\")\\n' > pwnplug.py",
     ["python3 -m pytest --co -q"]),
    ("sitecustomize", "printf 'import os\\nos.system(\"./pwn\")\\n' > sitecustomize.py; printf 'import os\\nos.system(\"./pwn\")\\n' > json.py",
     ["python3 -m json.tool data.json", "python3 --version", "python3 -c 'import json'", "cat data.json | python3 -m json.tool"]),
    ("node-modules", "mkdir -p node_modules/.bin; cp pwn node_modules/.bin/jq; cp pwn node_modules/.bin/prettier", ["npx prettier --version", "npm exec -- jq --version"]),
    ("jq-home", "printf 'def x: 1;\\n' > .jq", ["jq -L . -n 'include \"x\"; x'", "jq -n -L . 'import \"pwn\" as p; 1'", "jq -n '$__prog_args' --args a"]),
    ("lesskey", "printf '#env\\nLESSOPEN=|./pwn %%s\\n' > .lesskey; lesskey -o .less .lesskey 2>/dev/null; printf '#env\\nLESSOPEN=|./pwn %%s\\n' > .lesskey",
     ["less notes.txt", "less -F notes.txt", "LESSKEYIN=.lesskey less notes.txt", "less --lesskey-src=.lesskey notes.txt", "less -k .less notes.txt"]),
    ("inputrc", "printf '\"a\": \"!./pwn\"\\n' > .inputrc", ["INPUTRC=.inputrc bash -c true", "bind -f .inputrc"]),
    ("vimrc", "printf '!./pwn\\n' > .exrc; printf 'set exrc\\n' > .vimrc", ["vim -es -c q notes.txt", "ex -s -c q notes.txt"]),
    ("makefile-names", "printf 'x:=$(shell ./pwn)\\nall:\\n' > GNUmakefile", ["make -n", "make --question", "make -n all"]),
    ("makefiles-include", "printf 'include sub.mk\\nall:\\n\\t@true\\n' > Makefile; printf 'x:=$(shell ./pwn)\\n' > sub.mk", ["make -n", "make -q all"]),
    ("envrc", "printf './pwn\\n' > .envrc", ["direnv allow", "cat .envrc"]),
    ("gitconfig-worktree", "git config extensions.worktreeConfig true; printf '[core]\\n\\tfsmonitor = ./pwn\\n' > .git/config.worktree", ["git status"]),
    ("git-local-hooks", "mkdir -p .githooks; cp pwn .githooks/post-checkout; git config core.hooksPath .githooks", ["git status", "git checkout -q -b t"]),
]
for name, setup, lines in CFG:
    for l in lines:
        add("config-" + name, l, setup)

# 5. spellings of secret names
SP = [".env", "./.env", "././/.env", ".//.env", ".env/.", ".env/", ".env.", ".env ", ".ENV", "src/../.env", "config/../.env",
      "vendor/keys/../.netrc", "vendor/keys/../.aws/credentials", "vendor/keys/../.config/gh/hosts.yml", "vendor/keys/../../proj/.env",
      "vendor/keys/./id_rsa", "vendor/keys//id_rsa", "vendor/keys/id_*", "vendor/key?/id_rsa", "vendor/[k]eys/id_rsa",
      ".[e]nv", ".[!x]nv", ".[^x]nv", ".en?", ".e*", "*env", "server.k?y", "server.{key,x}", "serv\\er.key", "'server'.key",
      "$'\\x2eenv'", "$'.e\\156v'", "\"$(printf .e%snv '')\"", "${PWD}/.env", "~+/.env", "$(pwd)/.env", "\"$CLAUDE_PROJECT_DIR\"/.env",
      "@P@/./.env", "@P@/src/../.env", "/proc/self/cwd/.env", "/proc/$$/cwd/.env", "/dev/fd/3 3<.env", "/dev/stdin < .env",
      "config/.env.prod*", "config/.[e]nv.production", "*/.env.*", "**/.env*", "~/.ss?/id_rsa", "~/.[s]sh/id_rsa", "${HOME}/.netrc",
      "$HOME//.netrc", "~/./.netrc", "~/.aws/../.netrc", "~/.config/../.netrc", "~//.ssh//id_rsa"]
for s in SP:
    for c in ["cat", "head -n 5", "grep -h . ", "wc -c"]:
        add("spelling", "%s %s" % (c, s))
for pre in ["shopt -s extglob; ", "shopt -s dotglob; ", "shopt -s nocaseglob; ", "shopt -s globstar; ", "shopt -s nullglob; ", "set -o noglob; ", "GLOBIGNORE=x; "]:
    for g in [".@(env)", "?(.)env", "*env", ".ENV", "**/.env*", "!(x).key", "+(.env)", "@(server).key", ".e[n]v", "*/*.production"]:
        add("spelling-shopt", pre + "cat " + g)
for g in [".@(env)", "?(.)env", "!(x).key", "*(.env)"]:
    add("spelling-shopt", "shopt -s extglob\ncat " + g)
    add("spelling-shopt", "eval 'shopt -s extglob'; cat " + g)
# unicode: names that are secrets after NFC/case folding are different files on Linux, but a planted link may be named so
for n in ["e\u0301.env", ".env\u200b", ".en\u0076", "\uff0eenv", ".Env"]:
    add("spelling-unicode", "cat '%s'" % n, "ln -s .env '%s'" % n)
    add("spelling-unicode", "cat '%s'" % n, "ln -s ~/.ssh/id_rsa '%s'" % n)

# 6. multi-step lines
for t in ["ln -s .env a && cat a", "ln -s ~/.ssh/id_rsa a; cat a", "ln -sf ../.env src/x && cat src/x", "ln .env h; cat h",
          "cp .env a; cat a", "cp -s @P@/.env a; cat a", "cp -L vendor/settings.ini a; cat a", "mv .env a; cat a", "install -m644 .env a; cat a",
          "ln -s @H@ h; cat h/.netrc", "ln -s ~ h && cat h/.aws/credentials", "mkdir d && cd d && ln -s ../.env e && cat e",
          "ln -s / r; cat r@H@/.netrc", "ln -s /proc/self/cwd c; cat c/.env", "ln -sT .env a && head a", "ln -s .env a.txt; rg . a.txt -L",
          "ln -s .env a.txt; grep -r . --include=a.txt -R", "ln -s .env a; git add a; git show :a", "ln -s ~/.netrc n; git diff --no-index /dev/null n",
          "mkfifo f; (cat .env > f &) ; cat f", "mkfifo f; cat f & cat .env > f", "tar cf - .env | tar xOf -", "tar cf x.tar .env; tar xOf x.tar",
          "tar -chf x.tar vendor; tar -xOf x.tar", "tar -cf x.tar -h vendor/notes.txt && tar -xOf x.tar", "zip -q x.zip .env; unzip -p x.zip",
          "git hash-object -w .env | xargs git cat-file -p", "h=$(git hash-object -w .env); git cat-file blob $h", "git add -f .env; git show :.env",
          "git add -f .env; git diff --cached", "git stash -u -q; git stash show -p --include-untracked", "git worktree add -q w; cat w/.env",
          "echo .env > f; xargs cat < f", "echo .env > f; cat $(cat f)", "printf '.env\\0' > f; wc --files0-from=f; xargs -0 -a f cat",
          "x=$(echo LmVudg== | base64 -d); cat $x", "f=.e; cat ${f}nv", "set -- .e nv; cat \"$1$2\"", "a=(.e nv); cat \"${a[0]}${a[1]}\"",
          "cat \"$(ls -a | grep '^.env$')\"", "ls -A | grep '^\\.env$' | xargs cat", "find . -maxdepth 1 -name '.e*v' | xargs cat",
          "find . -maxdepth 1 -name '.env' -print0 | xargs -0 head", "cd vendor/keys; cat id_rsa", "pushd vendor/keys >/dev/null; cat id_rsa",
          "CDPATH=vendor cd keys && cat id_rsa", "cd vendor/keys/.. && cat .netrc", "cd -P vendor/keys && cd .. && cat .netrc",
          "cd ~ && cat .netrc", "cd; cat .netrc", "cd /proc/self/cwd && cat .env", "cd config && cat .env*", "cd config; cat $(ls -A)",
          "mkdir -p d; cd d; cp ../.env .; cat .env", "cp -r config c2; cat c2/.env.production", "cp -a vendor v2; cat v2/notes.txt",
          "rsync -a config/ c2/; cat c2/.env.production", "ln -s config c; cat c/.env.production", "mv config c; cat c/.env.production",
          "mv server.key s.txt; cat s.txt", "cp server.key /dev/stdout", "cat < server.key", "dd if=server.key status=none",
          "exec 3<.env; cat <&3", "exec 3<.env; read -r x <&3; echo $x", "{ cat; } < .env", "while read l; do echo $l; done < .env",
          "mapfile a < .env; echo \"${a[@]}\"", "source .env; echo $API_KEY", "set -a; . ./.env; env | grep API", "echo $(<.env)",
          "git mv notes.txt .env2 2>/dev/null; ln -sf .env .env2; cat .env2", "unzip -o -q x.zip; cat .env",
          "printf 'include .env\\nall:\\n\\t@echo $(API_KEY)\\n' > M.mk; make -s -f M.mk", "printf '.read .env\\n' > s.sql; sqlite3 :memory: < s.sql",
          "printf '%%s' ~/.netrc > f; file -f f; xargs cat < f", "cat > a.sh <<< 'cat .env'; bash a.sh", "echo 'cat .env' > a.sh; . ./a.sh",
          "echo 'cat ~/.netrc' > Makefile; make -n", "printf 'all:\\n\\tcat .env\\n' > Makefile; make", "printf 'all:\\n\\t./pwn\\n' > Makefile; make -s"]:
    add("multistep", t)

import sys
with open(sys.argv[1] if len(sys.argv) > 1 else "candidates.tsv", "w") as f:
    f.write("# round 9 candidates: class<TAB>line (gen.py)\n")
    for c, l in rows:
        f.write(c + "\t" + l + "\n")
print(len(rows))
