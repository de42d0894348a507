#!/usr/bin/env python3
# q.py HOOK TOOL JSON_INPUT [EVENT] : ask the hook; prints decision and reason
import json, subprocess, sys, os
hook, tool, tin = sys.argv[1], sys.argv[2], sys.argv[3]
ev = sys.argv[4] if len(sys.argv) > 4 else "PreToolUse"
P = os.environ.get("P", "/proj"); H = os.environ.get("H", "/home/u")
tin = tin.replace("@P@", P).replace("@H@", H)
pl = {"hook_event_name": ev, "cwd": P, "tool_name": tool, "tool_input": json.loads(tin), "session_id": "s", "transcript_path": "/tmp/t", "permission_mode": "default"}
if ev == "PreSkillShellCommand":
    pl.update({"tool_use_id": "x", "command_name": "c", "command_source": "projectSettings", "invoked_by": "user"})
env = {"HOME": H, "CLAUDE_PROJECT_DIR": P, "PATH": "/usr/local/bin:/usr/bin:/bin"}
for kv in os.environ.get("QENV", "").split():
    k, v = kv.split("=", 1); env[k] = v
r = subprocess.run([hook], input=json.dumps(pl).encode(), capture_output=True, env=env)
try:
    j = json.loads(r.stdout); h = j.get("hookSpecificOutput", {})
    print(h.get("permissionDecision", "?") , "|", h.get("permissionDecisionReason", "")[:160])
except Exception:
    print("RAW", r.returncode, r.stdout[:300], r.stderr[:300])
