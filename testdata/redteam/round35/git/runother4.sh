#!/bin/bash
for h in starter tool-permissions orchestrator; do
  for c in c2 c14 c16 c15; do
    T=30 V=0 HOOKENV=full python3 h35.py /work/rt/bin42/$h $c.tsv o_${h}_$c.tsv
  done
done
echo done > other4.done
