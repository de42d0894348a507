#!/bin/bash
# usage: run.sh NAME PAYLOADFILE [extra env...]
# runs guard-hook with payload on stdin, records time/rss/exit/stdout
name=$1; pl=$2; shift 2; TO=${TO:-60}
D=/work/rt/round22
o=$D/out/$name
env -i PATH=/usr/bin:/bin HOME=$D/world/home CLAUDE_PROJECT_DIR=$D/world/proj "$@" \
  /usr/bin/time -v -o $o.time timeout -s KILL ${TO:-60} $D/guard-hook -event PreToolUse < $pl > $o.stdout 2> $o.stderr
rc=$?
wall=$(grep "Elapsed (wall" $o.time | awk '{print $NF}')
rss=$(grep "Maximum resident" $o.time | awk '{print $NF}')
outlen=$(wc -c < $o.stdout)
printf "%-28s rc=%-3s wall=%-8s rssKB=%-8s out=%sB %s\n" "$name" "$rc" "$wall" "$rss" "$outlen" "$(head -c 300 $o.stdout | tr '\n' ' ')"
