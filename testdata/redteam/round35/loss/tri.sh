#!/bin/bash
# tri.sh FILE: each line a command; prints decision per policy (g s t o)
H=/work/rt/bin42/hookc
while IFS= read -r l; do
  [ -z "$l" ] && continue
  out=""
  for p in /work/main/examples/guard /work/rt/starter32 /work/main/examples/tool-permissions /work/main/examples/orchestrator; do
    d=$($H explain -c "$l" $p 2>/dev/null | sed -n 1p | sed 's/decision: //')
    out="$out ${d:-?}"
  done
  printf '%s\t%s\n' "$out" "$l"
done < "$1"
