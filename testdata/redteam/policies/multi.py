#!/usr/bin/env python3
"""Run candidates against several policies at once.

Usage: multi.py CANDIDATES.tsv OUT.tsv NAME=HOOK...
harness.py's world, decision and judge (see its docstring), shared: each
line gets one world (with its setup); every hook decides it there; a line
any hook allows is run once (what it does is the same whoever allows it).
OUT has one row per line: class, line, verdict, then each hook's decision.
"""
import json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "..", "harness.py")).read().rsplit("\nmain()", 1)[0]
sys.argv = [sys.argv[0], "-"] + sys.argv[1:]
g = {"__name__": "harness"}
# The programs the policies allow live in more places than harness.py's
# PATH; go's caches go to the sandbox's /tmp, not the fake home.
src = src.replace('"--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",',
                  '"--setenv", "PATH", "/usr/local/go/bin:/root/.cargo/bin:/usr/local/bin:/usr/bin:/bin", '
                  '"--setenv", "GOCACHE", "/tmp/gocache", "--setenv", "GOPATH", "/tmp/gopath", "--setenv", "GOTOOLCHAIN", "local", '
                  '')
assert "GOCACHE" in src
exec(compile(src, "harness.py", "exec"), g)

def main():
    cands, outp, hooks = sys.argv[2], sys.argv[3], [h.split("=", 1) for h in sys.argv[4:]]
    out = open(outp, "w")
    print("\t".join(["class", "line", "verdict"] + [n for n, _ in hooks]), file=out)
    for raw in open(cands):
        raw = raw.rstrip("\n")
        if not raw or raw.startswith("#"):
            continue
        parts = raw.split("\t")
        cls, line_s = parts[0], parts[1]
        tool = "Bash"
        if line_s.startswith("json:"):
            tool = line_s[5:]
        base = g["make_world"]()
        P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
        sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
        setup = None
        if tool == "Bash" and line_s.startswith("setup:"):
            setup, line_s = line_s[6:].split(" ;;; ", 1)
        elif tool != "Bash" and len(parts) > 3 and parts[3].startswith("setup:"):
            setup = parts[3][6:]
        if setup:
            subprocess.run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H), capture_output=True)
        if tool == "Bash":
            line = sub(g["parse"](line_s)); tin = {"command": line}
        else:
            tin = json.loads(sub(parts[2])); line = json.dumps(tin)
        decs = []
        for n, hk in hooks:
            g["GUARD"] = hk
            d, _ = g["decide"](base, tool, tin)
            decs.append(d)
        verdict = ""
        if "allow" in decs and tool == "Bash":
            s0 = g["snapshot"](base, skip=P); p0 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            rc, o = g["run"](base, line)
            s1 = g["snapshot"](base, skip=P); p1 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            flags = []
            if any(m in o for m in g["MARKS"] if m != "PWNED"): flags.append("LEAK")
            if os.path.exists(os.path.join(M, "pwned")) or "PWNED" in o: flags.append("PWN")
            # go's telemetry counters (~/.config/go/telemetry) are go's own.
            dw = [x for x in g["diff"](s0, s1) if "/.config/go/telemetry/" not in x]
            if dw: flags.append("OUTW")
            if g["diff"](p0, p1): flags.append("INW")
            verdict = ",".join(flags) or "harmless"
            if dw: verdict += " (" + ",".join(x.replace(base, "") for x in dw)[:200] + ")"
        elif "allow" in decs:
            verdict = "tool"
        shown = raw.split("\t", 1)[1]
        print("\t".join([cls, shown, verdict] + decs), file=out, flush=True)
        shutil.rmtree(base, ignore_errors=True)

main()
