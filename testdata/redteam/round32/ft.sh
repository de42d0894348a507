#!/bin/bash
# usage: ft.sh HOOK HOME PROJ CWD TOOL JSON
hook=$1; H=$2; P=$3; C=$4; tool=$5; ti=$6
jq -nc --arg c "$C" --arg t "$tool" --argjson ti "$ti" '{session_id:"s",transcript_path:"/tmp/x.jsonl",cwd:$c,hook_event_name:"PreToolUse",tool_name:$t,tool_input:$ti}' | env -i PATH=/usr/bin:/bin HOME="$H" CLAUDE_PROJECT_DIR="$P" /work/rt/bin33/$hook 2>&1 | jq -rc '[.hookSpecificOutput.permissionDecision // "pass", (.hookSpecificOutput.permissionDecisionReason // "")[0:160]] | @tsv' 2>/dev/null || echo PASS-or-nonjson
