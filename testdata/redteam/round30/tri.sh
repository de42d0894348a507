#!/bin/bash
# triage: tri.sh FILE  -> prints decision<TAB>line for each class<TAB>line (no go: support except via python)
while IFS=$'\t' read -r cls line; do
  [[ -z "$line" || "$cls" == \#* ]] && continue
  if [[ "$line" == go:* ]]; then line=$(python3 -c 'import ast,sys;print(ast.literal_eval(sys.argv[1][3:]),end="")' "$line"); fi
  d=$(/work/rt/bin31/hookc explain -c "$line" /work/main/examples/guard 2>&1 | sed -n 's/^decision: //p' | head -1)
  printf '%s\t%s\t%q\n' "$d" "$cls" "$line"
done < "$1"
