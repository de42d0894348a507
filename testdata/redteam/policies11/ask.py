import sys, json, subprocess, os
P = sys.argv[1]; H = os.path.join(os.path.dirname(P), "home")
HOOKS = ["guard","starter","tool-permissions","orchestrator","mux","collective"]
for line in sys.argv[2:]:
    line = line.replace("\\n", "\n"); ds = []
    for h in HOOKS:
        pl = json.dumps({"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":P,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":line}})
        r = subprocess.run(["/tmp/p11/bin/"+h], input=pl, capture_output=True, text=True, env={"PATH":"/usr/local/go/bin:/usr/bin:/bin","HOME":H,"CLAUDE_PROJECT_DIR":P,"SHELL":"/bin/bash"}, cwd=P)
        try: ds.append(json.loads(r.stdout)["hookSpecificOutput"].get("permissionDecision","pass"))
        except Exception: ds.append("pass")
    print("%-60s %s" % (line.replace("\n","\\n")[:60], " ".join("%-5s" % d for d in ds)))
