#!/bin/bash
# ask.sh LINE...: decisions of the 4 hooks in the static world /work/rt/round48/w
W=/work/rt/round48/w
[ -d $W ] || /work/rt/round48/setup.sh
for line in "$@"; do
  out=""
  for h in guard starter tool-permissions orchestrator; do
    p=$(jq -cn --arg c "$line" --arg cwd "$W/proj" '{session_id:"s",transcript_path:"/tmp/t",cwd:$cwd,hook_event_name:"PreToolUse",tool_name:"Bash",tool_input:{command:$c}}')
    r=$(cd $W/proj && echo "$p" | HOME=$W/home CLAUDE_PROJECT_DIR=$W/proj /tmp/g452/$h 2>/dev/null)
    d=$(echo "$r" | jq -r '.hookSpecificOutput.permissionDecision // "pass"' 2>/dev/null); [ -z "$d" ] && d=pass
    [ $h = guard ] && why=$(echo "$r" | jq -r '.hookSpecificOutput.permissionDecisionReason // ""' 2>/dev/null | head -1 | cut -c1-90)
    out="$out ${d:0:5}"
  done
  printf '%-24s | %s | %s\n' "$out" "$line" "$why"
done
