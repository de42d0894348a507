#!/usr/bin/env python3
# usage: mkt.py OUTFILE TOOL  (tool_input JSON from stdin)
import json,sys
ti=json.loads(sys.stdin.read())
json.dump({"session_id":"rt","transcript_path":"/tmp/x","hook_event_name":"PreToolUse","cwd":"/work/rt/round22/world/proj","permission_mode":"default","tool_name":sys.argv[2],"tool_input":ti},open(sys.argv[1],"w"))
