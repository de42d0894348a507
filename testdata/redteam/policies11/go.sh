#!/bin/bash
# go.sh X: run c_X.tsv -> o_X.tsv under a clean environment (what a user's hook would see)
cd /work/rt/policies11 && exec env -i PATH=/usr/local/go/bin:/usr/bin:/bin:/root/.cargo/bin LANG=C.UTF-8 $EXTRA nice -n 19 python3 run.py c_$1.tsv o_$1.tsv > log_$1.txt 2>&1
