#!/usr/bin/env python3
# usage: mk.py OUTFILE  (command from stdin) [cwd]
import json,sys
cmd=sys.stdin.read()
cwd=sys.argv[2] if len(sys.argv)>2 else "/work/rt/round22/world/proj"
json.dump({"session_id":"rt","transcript_path":"/tmp/x","hook_event_name":"PreToolUse","cwd":cwd,"permission_mode":"default","tool_name":"Bash","tool_input":{"command":cmd}},open(sys.argv[1],"w"))
