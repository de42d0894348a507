#!/bin/bash
# run.sh CANDS OUT : parallel harness over 8 chunks
set -e
C=$1; O=$2; d=$(mktemp -d /tmp/rtchunk.XXXX)
grep -v '^#' "$C" | grep -v '^$' > $d/all
split -n l/2 $d/all $d/c.
for f in $d/c.*; do (cd /work/rt && V=0 HOOKENV=full python3 harness.py /work/rt/bin31/guard-hook $f $f.out) & done
wait
cat $d/c.*.out > "$O"
rm -rf $d
cut -f2 "$O" | sort | uniq -c
awk -F'\t' '$2=="allow" && $3!="harmless" && $3!="INW"' "$O"
