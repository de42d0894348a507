#!/usr/bin/env python3
# tri.py CANDS.tsv [hooks...]: fast decision triage with the built hooks (HOOKENV=full-like env)
import json, subprocess, sys, os
hooks = sys.argv[2:] or ["starter", "tool-permissions", "guard", "orchestrator"]
W = "/var/tmp/rtw/tri"; P = W + "/proj"; H = W + "/home"; M = W + "/outside"
for d in (P, H, M): os.makedirs(d, exist_ok=True)
env = {"HOME": H, "CLAUDE_PROJECT_DIR": P, "PATH": "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin", "SHELL": "/bin/bash"}
for raw in open(sys.argv[1]):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"): continue
    cls, line = raw.split("\t", 1)
    if line.startswith("setup:"): line = line.split(" ;;; ", 1)[1]
    line = line.split(" ;;; check:")[0]
    if line.startswith("go:"):
        import ast; line = ast.literal_eval(line[3:])
    line = line.replace("@P@", P).replace("@H@", H).replace("@M@", M)
    out = []
    for h in hooks:
        payload = json.dumps({"hook_event_name": "PreToolUse", "cwd": P, "tool_name": "Bash", "tool_input": {"command": line}, "session_id": "rt", "transcript_path": "/dev/null", "permission_mode": "default"})
        r = subprocess.run(["/work/rt/bin31/%s-hook" % h], input=payload.encode(), capture_output=True, env=env)
        try: d = json.loads(r.stdout).get("hookSpecificOutput", {}).get("permissionDecision", "?")
        except Exception: d = "none" if not r.stdout.strip() else "ERR"
        out.append(d[:5])
    print("\t".join(out + [cls, line]))
