#!/bin/bash
while [ ! -f other4.done ]; do sleep 5; done
for h in starter tool-permissions orchestrator; do
  for c in c17 c18; do
    T=30 V=0 HOOKENV=full python3 h35.py /work/rt/bin42/$h $c.tsv o_${h}_$c.tsv
  done
done
echo done > other5.done
