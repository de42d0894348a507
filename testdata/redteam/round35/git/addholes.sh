#!/bin/sh
# addholes.sh HOOK OUT.tsv : append allowed-and-harmful rows to holes.tsv
awk -F'\t' -v h="$1" '$2=="allow" && $3!="harmless" && $3!="" && $3!="INW" {print h"\t"$1"\t"$4"\t"$3}' "$2" >> holes.tsv
