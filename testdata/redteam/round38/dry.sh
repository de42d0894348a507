#!/bin/bash
# dry.sh FILE: decisions only, all four hooks -> d_FILE_HOOK.tsv
f=$1; b=$(basename $f .tsv)
for h in guard starter tool-permissions orchestrator; do
  DRY=1 V=1 HOOKENV=full nice python3 h38.py /work/rt/bin53/$h $f d_${b#c_}_$h.tsv
done
