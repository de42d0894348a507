#!/bin/bash
cd /work/rt/round36a
for h in tool-permissions starter orchestrator guard; do
  T=30 V=0 HOOKENV=full python3 h36.py /work/rt/bin50/$h c1.tsv out1-$h.tsv 2> err1-$h.txt
done
