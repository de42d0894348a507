import glob, re, collections, sys
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
BAD = ("TAMPER", "PWN", "LEAK", "OUTW")
def cands(f):
    out = []
    for raw in open(f):
        raw = raw.rstrip("\n")
        if not raw or raw.startswith("#"): continue
        out.append(raw.split("\t")[0])
    return out
def rows(f, classes):
    out = []
    for raw in open(f, errors="replace"):
        p = raw.rstrip("\n").split("\t")
        if len(p) >= 4 and p[0] in classes and p[1] in ("allow", "ask", "deny", "pass", "?", "ERR", "defer"):
            out.append(p)
    return out
tab = collections.defaultdict(lambda: [0, 0, 0])
holes = []
def fix(p):
    """Re-judge TAMPER rows of the first harness version, which counted go's telemetry counters (~/.config/go/telemetry) as controls."""
    if len(p) > 4 and "TAMPER" in p[2] and " T:" in p[4]:
        ts = [t for t in p[4].rsplit(" T:", 1)[1].split(",") if "/.config/go/telemetry/" not in t]
        if not ts:
            p[2] = ",".join(x for x in p[2].split(",") if x != "TAMPER") or "harmless"
    return p
def note(p):
    d = p[4] if len(p) > 4 else ""
    c = p[3]
    if "/home/.npm/_" in d and "TAMPER" not in p[2] and "PWN" not in p[2]: return "benign: npm's own log and update-notifier files in ~/.npm"
    if "/.config/go/telemetry/" in d and "TAMPER" not in p[2] and "PWN" not in p[2] and "/outside/" not in d: return "benign: go's telemetry counters in ~/.config/go/telemetry"
    if '"~/' in c: return "harness artefact: the harness wrote the literal ~ path below the project; not counted"
    return ""
for batch, cf in (("1", "c1.tsv"), ("2", "c234.tsv"), ("3", "c5.tsv"), ("4", "c6.tsv"), ("5", "c7.tsv")):
    classes = set(cands(cf)); n = len(cands(cf))
    for h in HOOKS:
        f = "out%s-%s.tsv" % (batch, h)
        try: rs = rows(f, classes)
        except FileNotFoundError: continue
        if len(rs) != n: print("warning: %s has %d rows of %d" % (f, len(rs), n), file=sys.stderr)
        for p in rs:
            p = fix(p)
            t = tab[(p[0], h)]; t[0] += 1
            if p[1] == "allow":
                t[1] += 1
                if any(x in p[2] for x in BAD):
                    n_ = note(p)
                    if not n_.startswith("harness"): t[2] += 1
                    holes.append([h] + p[:4] + [n_, p[4][-300:] if len(p) > 4 else ""])
with open("holes.tsv", "w") as o:
    o.write("hook\tclass\tdecision\tverdict\tcandidate\tnote\tdetail\n")
    for r in holes: o.write("\t".join(r) + "\n")
classes = sorted({c for c, h in tab})
print("| class | " + " | ".join(HOOKS) + " |")
print("| --- |" + " --- |" * len(HOOKS))
tot = {h: [0, 0, 0] for h in HOOKS}
for c in classes:
    cells = []
    for h in HOOKS:
        t = tab.get((c, h), [0, 0, 0]); cells.append("%d / %d / %d" % tuple(t))
        for i in range(3): tot[h][i] += t[i]
    print("| %s | %s |" % (c, " | ".join(cells)))
print("| **total** | " + " | ".join("%d / %d / %d" % tuple(tot[h]) for h in HOOKS) + " |")
