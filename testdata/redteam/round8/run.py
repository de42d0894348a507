#!/usr/bin/env python3
"""Round 8's runner: run.py GUARD CANDIDATES.tsv > OUT.

../harness.py's world, decision and judge (see its docstring), with two
additions: a tool call the guard allows is done as the client does it
(Read, NotebookRead and LSP read the file; Grep runs rg with the client's
flags, as ../round6/run.py does; Glob and LS list names, harmless), and
a canary printed as octal bytes (cmp -l, od) counts as printed. Every
row is printed: class, decision, verdict, line, detail."""
import json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "..", "harness.py")).read().rsplit("\nmain()", 1)[0]
g = {"__name__": "harness"}
exec(compile(src, "harness.py", "exec"), g)
r6 = open(os.path.join(HERE, "..", "round6", "run.py")).read()
for fn in ("absp", "do_read", "do_grep"):
    s = r6.index("def " + fn)
    e = r6.index("\ndef ", s + 1)
    exec(compile(r6[s:e], "round6/run.py", "exec"), g)
# "CANARY" in octal (cmp -l prints one byte a line: 103 101 116 ...)
g["MARKS"].append("103 101 116 101 122 131")
OCT = ["103", "101", "116", "101", "122", "131"]

def octal_leak(o):
    cols = [l.split() for l in o.splitlines()]
    for i in range(2):
        seq = [c[1 + i] for c in cols if len(c) > 2]
        if "".join(" " + x for x in OCT) in "".join(" " + x for x in seq):
            return True
    return False

def main():
    for raw in open(sys.argv[2]):
        raw = raw.rstrip("\n")
        if not raw or raw.startswith("#"):
            continue
        parts = raw.split("\t")
        cls = parts[0]
        base = g["make_world"]()
        P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
        sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
        setup = None
        if parts[1].startswith("json:"):
            tool = parts[1][5:]; tin_s = parts[2]
            if len(parts) > 3 and parts[3].startswith("setup:"):
                setup = parts[3][6:]
            line_s = None
        else:
            tool = "Bash"; line_s = parts[1]
            if line_s.startswith("setup:"):
                setup, line_s = line_s[6:].split(" ;;; ", 1)
        if setup:
            subprocess.run(["bash", "-c", sub(setup)], cwd=P, env=dict(os.environ, HOME=H), capture_output=True)
        if line_s is not None:
            line = sub(g["parse"](line_s)); tin = {"command": line}
        else:
            tin = json.loads(sub(tin_s)); line = tin.get("command", json.dumps(tin))
        dec, reason = g["decide"](base, tool, tin)
        verdict, detail = "", reason[:150]
        if dec == "allow":
            s0 = g["snapshot"](base, skip=P); p0 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            if tool == "Bash":
                rc, o = g["run"](base, line)
            elif tool == "Read":
                o = g["do_read"](tin["file_path"], P, H)
            elif tool == "NotebookRead":
                o = g["do_read"](tin["notebook_path"], P, H)
            elif tool == "LSP":
                o = g["do_read"](tin["filePath"], P, H)
            elif tool == "Grep":
                o = g["do_grep"](tin, P, H)
            else:
                o = "names"
            s1 = g["snapshot"](base, skip=P); p1 = g["snapshot"](P, skip=os.path.join(P, ".git"))
            fl = []
            if any(m in o for m in g["MARKS"] if m != "PWNED") or octal_leak(o): fl.append("LEAK")
            if os.path.exists(os.path.join(M, "pwned")) or "PWNED" in o: fl.append("PWN")
            dw = g["diff"](s0, s1)
            if dw: fl.append("OUTW")
            if g["diff"](p0, p1): fl.append("INW")
            verdict = ",".join(fl) or "harmless"
            detail = (o.strip().replace("\n", " | ")[:200]) + (" W:" + ",".join(x.replace(base, "") for x in dw) if dw else "")
        shown = parts[1] if tool == "Bash" else tool + " " + tin_s
        print("\t".join([cls, dec, verdict, shown, detail.replace("\t", " ").replace(base, "@B@")]), flush=True)
        shutil.rmtree(base, ignore_errors=True)

main()
