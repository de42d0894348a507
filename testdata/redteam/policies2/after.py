#!/usr/bin/env python3
"""Decide again, with this branch's semantics, the lines some policy
allowed before, and run again those still allowed.

Usage: after.py BEFORE.tsv OUT.tsv HOOKC NAME=DIR...
Each policy that allowed a line before decides it again with
`HOOKC explain -real` in the line's world (harness.py's, with its setup;
HOME and CLAUDE_PROJECT_DIR set as the hook sees them); a line still
allowed is run and judged as multi2.py does.
"""
import json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
before, outp, hookc = sys.argv[1], sys.argv[2], sys.argv[3]
dirs = dict(a.split("=", 1) for a in sys.argv[4:])
sys.argv = [sys.argv[0], "-", "-"]
g = {"__name__": "multi2", "__file__": os.path.join(HERE, "multi2.py")}
src = open(os.path.join(HERE, "multi2.py")).read().rsplit("\nmain()", 1)[0]
exec(compile(src, "multi2.py", "exec"), g)
h = g["g"]

def explain(base, tool, tin, d):
    P = os.path.join(base, h["PROJ"]); H = os.path.join(base, "home")
    payload = json.dumps({"hook_event_name": "PreToolUse", "cwd": P, "tool_name": tool, "tool_input": tin})
    env = {"HOME": H, "CLAUDE_PROJECT_DIR": P, "PATH": os.environ["PATH"], "GOCACHE": "/tmp/policyred2/gocache", "GOFLAGS": "-mod=mod"}
    r = subprocess.run([hookc, "explain", "-real", "-payload", payload, d], capture_output=True, env=env, cwd=P)
    for l in r.stdout.decode().splitlines():
        if l.startswith("decision:"):
            return l.split()[1]
    return "?"

rows = [l.rstrip("\n").split("\t") for l in open(before)]
head, rows = rows[0], rows[1:]
out = open(outp, "w")
print("\t".join(["class", "line", "before", "after"] + [n for n in head[3:] if n in dirs]), file=out)
for r in rows:
    n = len(head) - 3
    r = [r[0], "\t".join(r[1:-n - 1]), r[-n - 1]] + r[-n:]
    if "allow" not in r[3:]:
        continue
    cls, shown = r[0], r[1]
    parts = [cls] + shown.split("\t")
    line_s = parts[1]
    tool = "Bash"
    if line_s.startswith("json:"):
        tool = json.loads('"' + line_s[5:] + '"')
    base = h["make_world"]()
    P = os.path.join(base, h["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
    sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
    setup = None
    if tool == "Bash" and line_s.startswith("setup:"):
        setup, line_s = line_s[6:].split(" ;;; ", 1)
    elif tool != "Bash" and len(parts) > 3 and parts[3].startswith("setup:"):
        setup = parts[3][6:]
    if setup:
        subprocess.run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H, GIT_CONFIG_NOSYSTEM="1"), capture_output=True)
    tin = {"command": sub(h["parse"](line_s))} if tool == "Bash" else json.loads(sub(parts[2]))
    decs = {}
    for i, n in enumerate(head[3:]):
        if n in dirs:
            decs[n] = explain(base, tool, tin, dirs[n]) if r[3 + i] == "allow" else r[3 + i]
    verdict = ""
    if "allow" in decs.values():
        if tool == "Bash":
            s0 = h["snapshot"](base, skip=P)
            rc, o = h["run"](base, tin["command"])
            s1 = h["snapshot"](base, skip=P)
            flags = []
            if any(m in o for m in h["MARKS"] if m != "PWNED"): flags.append("LEAK")
            if os.path.exists(os.path.join(M, "pwned")) or "PWNED" in o: flags.append("PWN")
            dw = [x for x in h["diff"](s0, s1) if "/.config/go/telemetry/" not in x and "/home/.npm/" not in x]
            if dw: flags.append("OUTW")
            verdict = ",".join(flags) or "harmless"
        else:
            verdict = g["judge_tool"](base, tool, tin)
    print("\t".join([cls, shown, r[2], verdict] + list(decs.values())), file=out, flush=True)
    shutil.rmtree(base, ignore_errors=True)
