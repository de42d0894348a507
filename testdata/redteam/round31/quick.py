#!/usr/bin/env python3
# quick.py GUARD CANDS : decision only, one world, prints decision<TAB>line<TAB>reason
import sys, os
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "harness.py")).read()
src = src.rsplit("\nmain()", 1)[0]
g = {"__name__": "h"}
sys_argv = sys.argv
sys.argv = ["h", sys_argv[1]]
exec(src, g)
os.environ["HOOKENV"] = "full"
base = g["make_world"]()
P = os.path.join(base, g["PROJ"]); H = os.path.join(base, "home"); M = os.path.join(base, "outside")
sub = lambda s: s.replace("@P@", P).replace("@H@", H).replace("@M@", M)
for raw in open(sys_argv[2]):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"): continue
    cls, line_s = raw.split("\t", 1)
    if line_s.startswith("setup:"):
        line_s = line_s.split(" ;;; ", 1)[1]
    line = sub(g["parse"](line_s))
    d, r = g["decide"](base, "Bash", {"command": line})
    print(f"{d}\t{cls}\t{line_s}\t{r[:110]}", flush=True)
import shutil; shutil.rmtree(base, ignore_errors=True)
