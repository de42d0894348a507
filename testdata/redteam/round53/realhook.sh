#!/bin/sh
# realhook.sh DIR LINE: the built hook's answer for LINE in DIR
D=$1; L=$2
/usr/bin/python3 -c 'import json,sys; print(json.dumps({"session_id":"x","hook_event_name":"PreToolUse","cwd":sys.argv[1],"tool_name":"Bash","tool_input":{"command":sys.argv[2]}}))' "$D" "$L" | (cd "$D" && env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/go/bin HOME=/work/rt/round53/home CLAUDE_PROJECT_DIR="$D" /work/rt/round53/hook-rt53); echo
