#!/usr/bin/env python3
"""summarize.py: out1.tsv + out2.tsv (+ passrun.tsv) -> holes.tsv, totals.md"""
import collections
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
SUB = {"gitwt": "git: worktree/index/stash", "gitrefs": "git: local refs/reflogs", "branchd": "git: local refs/reflogs", "branchm": "git: local refs/reflogs",
       "gitfetch": "git fetch/prune", "fetchprune": "git fetch/prune", "gitfetchcfg": "git fetch by settings", "gitpush": "git push (remote)", "gitpushcfg": "git push (remote)",
       "gitwtcfg": "programs from trusted .git settings/hooks", "gitdircfg": "programs from trusted .git settings/hooks", "build": "build/test tools", "gobuild": "build/test tools", "files": "non-git file writes", "files2": "non-git file writes"}
rows = []
client = {}
try:
    for l in open("client-out.tsv"):
        r = l.rstrip("\n").split("\t"); client[r[0]] = r[1]
except FileNotFoundError: pass
for fn in ["out1.tsv", "out2.tsv", "out3.tsv"]:
    for l in open(fn):
        r = l.rstrip("\n").split("\t")
        rows.append(r)
passrun = {}
try:
    for l in open("passrun.tsv"):
        r = l.rstrip("\n").split("\t"); passrun[r[0]] = r[8]
    for k in ("n064", "n065", "n066"): passrun[k] = "recoverable: compressed (gunzip/bunzip2 restores it); the checker's verdict is void"
except FileNotFoundError: pass
def sev(eff):
    if "STRONG" in eff or "RLOSS" in eff: return "strong"
    if "WEAK" in eff: return "weak"
    return ""
tot = collections.OrderedDict(); n = collections.Counter(); passes = collections.Counter(); passloss = collections.Counter(); allows = collections.Counter()
for s in dict.fromkeys(SUB.values()): tot[s] = {h: [0, 0] for h in HOOKS}
with open("holes.tsv", "w") as f:
    f.write("id\tclass\tline\tguard\tstarter\ttool-permissions\torchestrator\tverdict\tclient-alone\n")
    for r in rows:
        cid, cls, setup, line = r[:4]; decs = r[4:8]; eff = r[8]
        s = SUB[cls.split(":")[0]]; n[s] += 1
        if decs[0] == "pass":
            passes[s] += 1
            if sev(passrun.get(cid, eff)): passloss[s] += 1
        for i, h in enumerate(HOOKS):
            if decs[i] == "allow":
                allows[(s, h)] += 1
                v = sev(eff)
                if v == "strong": tot[s][h][0] += 1
                elif v == "weak": tot[s][h][1] += 1
        if any(d == "allow" for d in decs) and sev(eff) or sev(passrun.get(cid, "")):
            f.write("\t".join([cid, cls, (setup + " ;; " if setup else "") + line] + decs + [eff if eff != "-" else "pass-run: " + passrun.get(cid, ""), client.get(cid, "-")]) + "\n")
with open("totals.md", "w") as f:
    f.write("| sub-class (rows) | " + " | ".join(HOOKS) + " | guard pass (of which lose when run) |\n|---|---|---|---|---|---|\n")
    T = {h: [0, 0] for h in HOOKS}
    for s, d in tot.items():
        cells = []
        for h in HOOKS:
            a, b = d[h]; T[h][0] += a; T[h][1] += b
            cells.append("%d%s /%d" % (a, " (+%d)" % b if b else "", allows[(s, h)]))
        f.write("| %s (%d) | %s | %d (%d) |\n" % (s, n[s], " | ".join(cells), passes[s], passloss[s]))
    f.write("| **total (%d)** | %s | %d (%d) |\n" % (sum(n.values()), " | ".join("%d%s" % (T[h][0], " (+%d)" % T[h][1] if T[h][1] else "") for h in HOOKS), sum(passes.values()), sum(passloss.values())))
print(open("totals.md").read())
