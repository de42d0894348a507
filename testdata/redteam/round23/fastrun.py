#!/usr/bin/env python3
"""Run allowed lines fast: one pristine harness world per worker at a fixed
path, restored (rm + cp -a) before each line; the line runs in bwrap as in
the harness and is judged the same way (LEAK/PWN/OUTW/INW). No decision is
made here (input = prefilter output rows with decision allow).
Usage: fastrun.py PRE.out OUT.tsv WORKER NWORKERS"""
import sys, os, shutil, subprocess, tempfile
pre, outp, wk, nw = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.argv = [sys.argv[0], "/bin/true"]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hlib
root = f"/var/tmp/rt23/w{wk}"
shutil.rmtree(root, ignore_errors=True); os.makedirs(root)
W = root + "/w"; TPL = root + "/tpl"
orig = tempfile.mkdtemp
tempfile.mkdtemp = lambda dir=None: (os.makedirs(W), W)[1]
hlib.make_world()
tempfile.mkdtemp = orig
if os.environ.get("NV"):  # [NV] world: the tracked vendor/ links removed
    subprocess.run(["bash", "-c", "git rm -rq --cached vendor && rm -rf vendor && git -c user.email=a@b -c user.name=a commit -qm nv"], cwd=os.path.join(W, hlib.PROJ), env=dict(os.environ, HOME=W + "/home"))
subprocess.run(["cp", "-a", W, TPL], check=True)
P = os.path.join(W, hlib.PROJ); H = W + "/home"; M = W + "/outside"
sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
s0 = hlib.snapshot(W, skip=P); p0 = hlib.snapshot(P, skip=os.path.join(P, ".git"))
out = open(outp, "w")
n = 0
for i, raw in enumerate(open(pre)):
    if i % nw != wk: continue
    parts = raw.rstrip("\n").split("\t")
    if len(parts) < 3 or parts[1] != "allow": continue
    cls, line = parts[0], parts[2]
    shutil.rmtree(W, ignore_errors=True)
    subprocess.run(["cp", "-a", TPL, W], check=True)
    l = sub(hlib.parse(line))
    rc, o = hlib.run(W, l)
    s1 = hlib.snapshot(W, skip=P); p1 = hlib.snapshot(P, skip=os.path.join(P, ".git"))
    flags = []
    if any(m in o for m in hlib.MARKS if m != "PWNED"): flags.append("LEAK")
    # PWN only when the payload ran (the marker exists); printing the
    # script's text (cat ./pwn) shows "PWNED" too and is no run
    if os.path.exists(os.path.join(M, "pwned")): flags.append("PWN")
    dw = hlib.diff(s0, s1)
    if dw: flags.append("OUTW")
    dp = hlib.diff(p0, p1)
    if dp: flags.append("INW")
    v = ",".join(flags) or "harmless"
    det = o.strip().replace("\n", " | ").replace("\t", " ")[:300] + (" W:" + ",".join(x.replace(W, "") for x in dw + dp) if dw or dp else "")
    print("\t".join([cls, v, line, str(rc), det]), file=out, flush=True)
    n += 1
print("ran", n, file=sys.stderr)
