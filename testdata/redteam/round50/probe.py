#!/usr/bin/env python3
# probe.py WORLD LINE...: decisions only, in an existing case world
import sys, importlib.util, os
sys.argv_saved = sys.argv; 
spec = importlib.util.spec_from_file_location("r", "/work/rt/round50/run.py")
src = open("/work/rt/round50/run.py").read().replace("\nmain()", "\n")
ns = {}; exec(compile(src, "run.py", "exec"), ns)
W = os.path.abspath(sys.argv[1]); P, H = W + "/proj", W + "/home"
for line in sys.argv[2:]:
    d = [ns["decide"](h, P, H, P, line, W) for h in ns["HOOKS"]]
    print("%-7s %-7s %-7s %-7s | %s | %s" % (d[0][0], d[1][0], d[2][0], d[3][0], line, " || ".join(x[1][:60] for x in d)))
