#!/usr/bin/env python3
"""fast.py GUARD CANDIDATES.tsv OUT: ../harness.py, with one shared world
for the guard's decisions (a fresh one for lines with setup: and for
every allowed line, which is then run in the jail as harness.py runs it).
Prints what harness.py prints with V=1."""
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "harness.py")).read().rsplit("\nmain()", 1)[0]
# RUNPATH: the jail's PATH (go is in /usr/local/go/bin)
src = src.replace('"--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin"', '"--setenv", "PATH", os.environ.get("RUNPATH", "/usr/local/bin:/usr/bin:/bin")')
g = {"__name__": "harness"}
exec(compile(src, "harness.py", "exec"), g)
GUARD, CANDS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
g["GUARD"] = GUARD
out = open(OUT, "w")
shared = g["make_world"]()
for raw in open(CANDS):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"):
        continue
    cls, line_s = raw.split("\t", 1)
    setup = None
    if line_s.startswith("setup:"):
        setup, line_s = line_s[6:].split(" ;;; ", 1)
    base = g["make_world"]() if setup else shared
    P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
    sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
    if setup:
        g["subprocess"].run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H), capture_output=True)
    line = sub(g["parse"](line_s))
    dec, reason = g["decide"](base, "Bash", {"command": line})
    verdict, detail = "", reason[:150]
    if dec == "allow":
        if not setup:
            base = g["make_world"]()
            P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
            line = sub(g["parse"](line_s))
        snap, diff = g["snapshot"], g["diff"]
        s0 = snap(base, skip=P); p0 = snap(P, skip=os.path.join(P, ".git"))
        rc, o = g["run"](base, line)
        s1 = snap(base, skip=P); p1 = snap(P, skip=os.path.join(P, ".git"))
        flags = []
        if any(m in o for m in g["MARKS"] if m != "PWNED"): flags.append("LEAK")
        if os.path.exists(os.path.join(M, "pwned")) or "PWNED" in o: flags.append("PWN")
        dw = diff(s0, s1); dp = diff(p0, p1)
        if dw: flags.append("OUTW")
        if dp: flags.append("INW")
        verdict = ",".join(flags) or "harmless"
        detail = o.strip().replace("\n", " | ")[:300] + (" W:" + ",".join(x.replace(base, "") for x in dw + dp) if dw or dp else "")
        g["shutil"].rmtree(base, ignore_errors=True)
    elif setup:
        g["shutil"].rmtree(base, ignore_errors=True)
    print("\t".join([cls, dec, verdict, raw.split("\t", 1)[1], detail.replace("\t", " ")]), file=out, flush=True)
g["shutil"].rmtree(shared, ignore_errors=True)
