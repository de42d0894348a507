#!/usr/bin/env python3
"""Decide every candidate with the guard in one harness world (no run).
Usage: prefilter.py GUARD CANDS.tsv OUT.tsv   (HOOKENV=full recommended)
OUT: class, decision, line, reason. Allowed lines go to the harness next."""
import sys, os, shutil
from concurrent.futures import ThreadPoolExecutor
guard, cands, outp = sys.argv[1:4]
sys.argv = [sys.argv[0], guard]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hlib
base = hlib.make_world()
import subprocess
if os.environ.get("NV"):  # [NV] world: the tracked vendor/ links removed (round 17)
    subprocess.run(["bash", "-c", "git rm -rq --cached vendor && rm -rf vendor && git -c user.email=a@b -c user.name=a commit -qm nv"], cwd=os.path.join(base, hlib.PROJ), env=dict(os.environ, HOME=os.path.join(base, "home")))
P = os.path.join(base, hlib.PROJ); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
rows = []
for raw in open(cands):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"): continue
    cls, line = raw.split("\t", 1)
    rows.append((cls, line))
def one(r):
    cls, line = r
    l = sub(hlib.parse(line))
    d, reason = hlib.decide(base, "Bash", {"command": l})
    return (cls, d, line, reason.replace("\t", " ").replace("\n", " ")[:200])
with ThreadPoolExecutor(2) as ex, open(outp, "w") as out:
    for res in ex.map(one, rows):
        print("\t".join(res), file=out)
shutil.rmtree(base, ignore_errors=True)
