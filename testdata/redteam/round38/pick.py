#!/usr/bin/env python3
"""pick.py D2FILE CLASSNAME [MAXPERHOOK]: rows each hook allowed -> a_CLASS_HOOK.tsv (candidate format)."""
import sys
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
mx = int(sys.argv[3]) if len(sys.argv) > 3 else 10**9
for i, h in enumerate(HOOKS):
    sel = [r[0] + "\t" + "\t".join(r[5:]) for r in rows if r[1 + i] == "allow"][:mx]
    if sel:
        open("a_%s_%s.tsv" % (sys.argv[2], h), "w").write("\n".join(sel) + "\n")
    print(h, "tried", len(rows), "allowed", sum(1 for r in rows if r[1 + i] == "allow"))
