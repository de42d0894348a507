#!/bin/bash
for h in starter tool-permissions orchestrator; do
  for c in c5 c6 c10 c12; do
    T=30 V=0 HOOKENV=full python3 h35.py /work/rt/bin42/$h $c.tsv o_${h}_$c.tsv
  done
done
echo done > other2.done
