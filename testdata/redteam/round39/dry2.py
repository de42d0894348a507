#!/usr/bin/env python3
"""dry2.py CANDS OUT: one world per candidate, the four hooks' decisions (no run). Uses h38.py's world."""
import os, sys, json, subprocess, shutil
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "h38.py")).read()
src = src[:src.rindex("\nmain()")]
sys.argv = ["h38", "/bin/true"] + sys.argv[1:]
g = {"__name__": "h38"}
exec(compile(src, "h38.py", "exec"), g)
HOOKS = ["guard", "starter", "tp", "orch"]
out = open(sys.argv[3], "w")
for raw in open(sys.argv[2]):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"): continue
    parts = raw.split("\t"); cls = parts[0]
    base = g["make_world"]()
    P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
    sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
    setup = None
    if parts[1].startswith("json:"):
        tool = parts[1][5:]; tin = json.loads(sub(parts[2]))
        if len(parts) > 3 and parts[3].startswith("setup:"): setup = parts[3][6:]
    else:
        tool = "Bash"; l = parts[1]
        if l.startswith("setup:"): setup, l = l[6:].split(" ;;; ", 1)
        tin = {"command": sub(g["parse"](l))}
    if setup:
        subprocess.run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H), capture_output=True)
    decs = []
    for h in HOOKS:
        g["GUARD"] = "/tmp/g430/" + h
        d, r = g["decide"](base, tool, tin)
        decs.append(d); 
        if d == "allow": r0 = r
    print("\t".join([cls] + decs + ["\t".join(parts[1:])]), file=out, flush=True)
    shutil.rmtree(base, ignore_errors=True)
