#!/usr/bin/env python3
"""probe.py FILE: each line 'LINE' decided by the four hooks in the probe world w (no run)."""
import sys, json, subprocess
W="/work/rt/round54/w"; P=W+"/proj"; H=W+"/home"
HOOKS=["guard","starter","tool-permissions","orchestrator"]
def dec(h,line,cwd=P):
    pl={"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":cwd,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":line}}
    r=subprocess.run(["/tmp/r54/hooks/"+h],input=json.dumps(pl),capture_output=True,text=True,cwd=cwd,env={"PATH":"/usr/local/go/bin:/usr/bin:/bin","HOME":H,"CLAUDE_PROJECT_DIR":P,"LANG":"C.UTF-8","TERM":"xterm","SHELL":"/bin/bash"},timeout=20)
    try: o=json.loads(r.stdout)["hookSpecificOutput"]; return o.get("permissionDecision","pass")
    except Exception: return "pass"
for l in open(sys.argv[1]):
    l=l.rstrip("\n")
    if not l or l.startswith("#"): continue
    l=l.replace("@NL@","\n")
    ds=[dec(h,l) for h in HOOKS]
    print("%-6s %-6s %-6s %-6s | %s"%(tuple(d[:6] for d in ds)+(l.replace("\n","\\n"),)), flush=True)
