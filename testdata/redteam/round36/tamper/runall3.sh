#!/bin/bash
cd /work/rt/round36a
while pgrep -f runall2.sh >/dev/null; do sleep 5; done
for h in tool-permissions starter guard orchestrator; do
  T=30 V=0 HOOKENV=full python3 h36.py /work/rt/bin50/$h c5.tsv out3-$h.tsv 2> err3-$h.txt
done
