#!/bin/bash
# usage: ex.sh CANDS.tsv  (lines: policy<TAB>class<TAB>line) -> prints decision<TAB>policy<TAB>class<TAB>line<TAB>why
while IFS=$'\t' read -r pol cls line; do
  [ -z "$pol" ] && continue; case "$pol" in \#*) continue;; esac
  out=$(/work/rt/round20/hookc explain -c "$line" /work/rt/round20/$pol 2>&1)
  dec=$(echo "$out" | sed -n 's/^decision: *//p' | head -1)
  why=$(echo "$out" | grep -E '^\s+(by|floor|because|not known|takes)' | head -2 | tr -s ' ' | tr '\n' ' ')
  rule=$(echo "$out" | sed -n "s/^rule: *//p;s/^reason: *//p" | head -1 | cut -c1-140)
  printf '%s\t%s\t%s\t%s\t%s\n' "$dec" "$pol" "$cls" "$line" "$rule"
done < "$1"
