#!/bin/bash
# ask.sh PROJ LINE...: decisions of all hooks
P=$1; shift
for l in "$@"; do printf '%-60s' "${l:0:60}"; for h in guard starter tool-permissions orchestrator mux collective; do d=$(jq -nc --arg l "$l" --arg c "$P" '{session_id:"s",transcript_path:"/tmp/t.jsonl",cwd:$c,permission_mode:"default",hook_event_name:"PreToolUse",tool_name:"Bash",tool_input:{command:$l}}' | env -i PATH=/usr/local/go/bin:/usr/bin:/bin HOME=$(dirname $P)/home CLAUDE_PROJECT_DIR=$P SHELL=/bin/bash /tmp/p11/bin/$h | jq -r '.hookSpecificOutput.permissionDecision // "pass"'); printf '%-6s' $d; done; echo; done
