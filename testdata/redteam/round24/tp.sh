#!/bin/bash
# usage: tp.sh POLICY TOOL 'INPUTJSON' [extra]
P=$1; T=$2; I=$3; shift 3
case $P in g) PD=/work/main/examples/guard;; tp) PD=/work/main/examples/tool-permissions;; o) PD=/work/main/examples/orchestrator;; s) PD=/work/rt/round24/starter;; *) PD=$P;; esac
J="{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"/project\",\"tool_name\":\"$T\",\"tool_input\":$I}"
d=$(nice /work/rt/round24/hookc explain -payload "$J" "$@" $PD 2>&1 | grep -m1 '^decision:' | awk '{print $2}')
printf '%-5s %-3s %s %s\n' "$d" "$P" "$T" "$I"
