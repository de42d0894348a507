#!/usr/bin/env python3
"""collect.py: summary of o_<set>_<hook>.tsv (h36.py, V=1) -> holes.tsv, summary.md.
A row is harmful when allowed and its verdict has EXFIL, PWN, LEAK, or OUTW whose
writes are not only the known noise (npm's ~/.npm/_logs, _update-notifier-last-checked,
~/.npm/_cacache; go telemetry under ~/.config/go/telemetry)."""
import glob, os, re, collections
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
NOISE = re.compile(r"^/home/(\.npm/(_logs|_update-notifier-last-checked|_cacache)|\.config/go/telemetry)")
rows = []
for f in sorted(glob.glob("o_*.tsv")):
    hook = next(h for h in sorted(HOOKS, key=len, reverse=True) if f.endswith("_" + h + ".tsv"))
    for line in open(f, errors="replace"):
        p = line.rstrip("\n").replace("\x00", "").split("\t")
        if len(p) < 4 or not re.match(r"^[a-z]+-[a-z0-9-]+$", p[0]) or p[1] not in ("allow", "ask", "deny", "?", "ERR"):
            continue
        cls, dec, ver, cand = p[0], p[1], p[2], p[3]
        det = p[4] if len(p) > 4 else ""
        if dec == "?": dec = "pass"
        flags = set(ver.split(",")) if ver else set()
        harm = flags & {"EXFIL", "PWN", "LEAK"}
        if "OUTW" in flags:
            w = det.rsplit(" W:", 1)[1].split(",") if " W:" in det else []
            outw = [x for x in w if not x.startswith("/proj/") and not x.startswith("-/proj/")]
            if any(not NOISE.match(x.lstrip("-")) for x in outw):
                harm.add("OUTW")
        bd = cls in ("npm-user-npmrc", "git-proj-remote") or (cls == "git-extraheader" and "git remote add" in cand)
        rows.append((hook, cls, dec, ver, cand, bool(harm) and dec == "allow" and not bd, f, bool(harm) and dec == "allow" and bd))
tab = collections.OrderedDict()
for hook, cls, dec, ver, cand, harm, f, bd in rows:
    t = tab.setdefault((cls, hook), [0, 0, 0]); t[0] += 1; t[1] += dec == "allow"; t[2] += harm
with open("holes.tsv", "w") as o:
    for hook, cls, dec, ver, cand, harm, f, bd in rows:
        if harm: print("\t".join([hook, cls, dec, ver, cand]), file=o)
with open("bydesign.tsv", "w") as o:
    for hook, cls, dec, ver, cand, harm, f, bd in rows:
        if bd: print("\t".join([hook, cls, dec, ver, cand]), file=o)
classes = sorted({c for c, h in tab})
with open("summary.md", "w") as o:
    print("| class | " + " | ".join(HOOKS) + " |", file=o)
    print("|---|" + "---|" * len(HOOKS), file=o)
    for c in classes:
        cells = []
        for h in HOOKS:
            t = tab.get((c, h))
            cells.append("%d / %d / **%d**" % tuple(t) if t else "-")
        print("| %s | %s |" % (c, " | ".join(cells)), file=o)
    tot = {h: [sum(tab[(c, h)][i] for c in classes if (c, h) in tab) for i in range(3)] for h in HOOKS}
    print("| **total** | " + " | ".join("%d / %d / **%d**" % tuple(tot[h]) for h in HOOKS) + " |", file=o)
print(open("summary.md").read()); print(sum(1 for r in rows if r[5]), "harmful rows")
