#!/bin/bash
cd /work/rt/round36a
for h in tool-permissions starter guard orchestrator; do
  T=30 V=0 HOOKENV=full python3 h36.py /work/rt/bin50/$h c234.tsv out2-$h.tsv 2> err2-$h.txt
done
