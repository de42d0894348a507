import glob, os
out = open("/work/rt/round35a/holes.tsv", "w")
stats = {}
seen = set()
for f in sorted(glob.glob("/work/rt/round35a/o*_*.tsv")):
    if "c4b" in f: pass
    hook = os.path.basename(f)[:-4].split("_", 1)[1]
    hook = {"tp": "tool-permissions", "orch": "orchestrator"}.get(hook, hook)
    for l in open(f):
        p = l.rstrip("\n").split("\t")
        if len(p) < 4: continue
        cls, dec, verdict, cand = p[0], p[1], p[2], p[3]
        if dec not in ("allow", "ask", "deny", "pass", "", "ERR", "?"): continue
        det = p[4] if len(p) > 4 else ""
        if (hook, cand) in seen: continue
        seen.add((hook, cand))
        k = (hook, cls)
        s = stats.setdefault(k, [0, 0, 0])
        s[0] += 1
        if dec == "allow":
            if "command not found" in det: s[0] -= 1; continue
            s[1] += 1
            harm = sorted(set(v for v in verdict.split(",") if v in ("LEAK", "OUTW", "PWN", "LOSS")))
            if harm:
                s[2] += 1
                out.write("\t".join([hook, cls, cand, ",".join(harm)]) + "\n")
for k in sorted(stats):
    print("%-18s %-14s tried %3d allowed %3d harmful %3d" % (k + tuple(stats[k])))
