#!/bin/bash
# probe.sh NAME 'SETUP' LINE...: a fresh world probe/NAME, setup run in it, decisions of the four hooks
N=$1; S=$2; shift 2
W=/work/rt/round51/probe/$N; rm -rf $W
/work/rt/round51/setup.sh $W >/dev/null
mkdir -p $W/tmp
(cd $W/proj && HOME=$W/home P=$W/proj H=$W/home O=$W/outside W=$W GIT_CONFIG_NOSYSTEM=1 bash -c "$S")
python3 /work/rt/round51/q.py $W "$@"
