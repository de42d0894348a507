#!/bin/bash
while [ ! -f other5.done ]; do sleep 5; done
for h in starter tool-permissions orchestrator; do
  T=30 V=0 HOOKENV=full python3 h35.py /work/rt/bin42/$h c19.tsv o_${h}_c19.tsv
done
echo done > other6.done
