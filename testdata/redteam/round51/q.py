#!/usr/bin/env python3
# q.py WORLD LINE...: decisions of the four hooks (the world's env applied), no run
import sys, os
src = open("/work/rt/round51/run.py").read().replace("\nmain()", "\n")
ns = {}; exec(compile(src, "run.py", "exec"), ns)
W = os.path.abspath(sys.argv[1]); P, H = W + "/proj", W + "/home"
for line in sys.argv[2:]:
    d = [ns["decide"](h, P, H, P, line, W) for h in ns["HOOKS"]]
    print("%-6s %-6s %-6s %-6s | %-40s | %s" % (d[0][0], d[1][0], d[2][0], d[3][0], line, " || ".join(x[1][:70] for x in d if x[1])[:200]))
