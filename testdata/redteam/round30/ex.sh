#!/bin/bash
# usage: ex.sh < lines ; prints decision TAB line
while IFS= read -r l; do
  [ -z "$l" ] && continue
  d=$(/work/rt/bin/hookc explain -c "$l" /work/rt/wt30/examples/guard 2>&1 | sed -n 's/^decision: //p' | head -1)
  printf '%s\t%s\n' "$d" "$l"
done
