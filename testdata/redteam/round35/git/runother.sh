#!/bin/bash
for h in starter tool-permissions orchestrator; do
  for c in c1 c3 c4; do
    T=30 V=0 HOOKENV=full python3 /work/main/testdata/redteam/policies9/h9.py /work/rt/bin42/$h $c.tsv o_${h}_$c.tsv
  done
done
echo done > other.done
