#!/bin/bash
# usage: E.sh [policy] -- explain args
P=/work/main/examples/guard
case "$1" in tp) P=/work/main/examples/tool-permissions; shift;; st) P=/work/rt/round17/starter; shift;; esac
W=(-file /home/user/.netrc=NETRC -file /home/user/.ssh/id_rsa=IDRSA -file /project/.env=ENV -file /project/README.md=hi -file /project/data.json='{"a":1}' -file /project/src/a.txt=alpha -symlink /project/vendor/keys=/home/user/.ssh -symlink /project/vendor/notes.txt=/home/user/.aws/credentials -file /home/user/.aws/credentials=AWS)
/work/rt/round17/hookc explain "${W[@]}" "$@" $P 2>&1 | grep -v '^layers:\|^  hook:\|no other layer\|^  sandbox' 
