#!/bin/bash
# triage.sh CANDS.tsv : explain each line in every policy; print allowed ones
pols="starter:/tmp/starter tool-permissions:/work/main/examples/tool-permissions guard:/work/main/examples/guard orchestrator:/work/main/examples/orchestrator mux:/work/main/examples/mux"
while IFS=$'\t' read -r cls line; do
  [ -z "$cls" ] && continue; case "$cls" in \#*) continue;; esac
  l="$line"; case "$l" in setup:*) l="${l#*;;; }";; esac
  l="${l%% ;;; check:*}"
  l="${l//@P@//p}"; l="${l//@H@//h}"; l="${l//@M@//m}"
  for pp in $pols; do
    p=${pp%%:*}; d=${pp#*:}
    dec=$(/work/rt/bin31/hookc explain -c "$l" $d 2>&1 | head -1 | awk '{print $2}')
    printf '%s\t%s\t%s\t%s\n' "$p" "$dec" "$cls" "$l"
  done
done < "$1"
