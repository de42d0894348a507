#!/bin/bash
# usage: t.sh POLICY 'LINE' [extra explain args...]
P=$1; L=$2; shift 2
case $P in g) PD=/work/main/examples/guard;; tp) PD=/work/main/examples/tool-permissions;; o) PD=/work/main/examples/orchestrator;; s) PD=/work/rt/round24/starter;; *) PD=$P;; esac
d=$(nice /work/rt/round24/hookc explain -c "$L" "$@" $PD 2>&1 | grep -m1 '^decision:' | awk '{print $2}')
printf '%-5s %-3s %s\n' "$d" "$P" "$L"
