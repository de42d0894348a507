#!/bin/bash
while [ ! -f other2.done ]; do sleep 5; done
for h in starter tool-permissions orchestrator; do
  T=30 V=0 HOOKENV=full python3 h35.py /work/rt/bin42/$h c13.tsv o_${h}_c13.tsv
done
echo done > other3.done
