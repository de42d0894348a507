#!/bin/bash
# Recreates the scratch world used by the cases (run once; idempotent-ish).
set -e
W=/work/rt/round22/world
mkdir -p $W/home/.ssh $W/proj/src $W/proj2/src
echo k > $W/home/.ssh/id_rsa
cd $W/proj
[ -p fifo ] || mkfifo fifo                       # a FIFO in the project
echo hi > src/a.txt
mkdir -p big && (cd big && python3 -c "
import os
for i in range(500000): open('f%06d'%i,'w').close()")   # 500k-entry directory
mkdir -p links && for i in $(seq 1 150); do ln -sfn ../big links/l$i; done   # 150 links -> big
mkdir -p deep && (cd deep && for i in $(seq 1 1300); do mkdir -p d && cd d; done)   # 1300-level tree
P=$(for i in $(seq 1 1300); do printf 'd/'; done)
mkdir -p links2 && for i in $(seq 1 190); do ln -sfn ../deep/$P links2/l$i; done   # 190 links -> bottom of deep
mkdir -p m300 && (cd m300 && for i in $(seq 1 300); do : > f$i; done; echo S=1 > .env)
cd $W/proj2
[ -p fifo ] || mkfifo fifo
ln -sfn ../fifo src/lfifo                          # a link in the tree to the FIFO
echo hi > src/a.py
