#!/bin/bash
cd /work/rt/round36after
for h in orchestrator tool-permissions starter guard; do T=30 V=0 HOOKENV=full python3 /work/rt/round36a/h36.py /work/rt/bin51/$h cj.tsv oj_$h.tsv 2> ej_$h.txt; done
echo DONE > donej.txt
