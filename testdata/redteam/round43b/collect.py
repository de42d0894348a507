#!/usr/bin/env python3
# collect.py: all out*.tsv -> outputs.tsv, outputs/ID.out for allowed rows with an effect, holes.tsv (hook x hole), totals
import glob, os, shutil, collections
HOOKS = ["guard", "starter", "tool-permissions", "orchestrator"]
EXCL = {"c90": "user.signingkey is a key id, a plain value", "c91": "same", "c92": "same",
        "c93": "branch.*.rebase is a gitPlainKeys get, by design", "c94": "same", "c95": "same",
        "m12": "an ordinary project file, not git settings", "m13": "same", "e01": "the project root's own git settings are trusted (design.md 132)", "e02": "same", "c78": "an ordinary project file (extra.cfg), not git settings"}
cases = {}
for f in sorted(glob.glob("cases*.tsv")):
    for l in open(f):
        if l.strip() and not l.startswith("#"):
            c = l.rstrip("\n").split("\t"); cases[c[0]] = c
rows = []
for f in sorted(glob.glob("out*.tsv")):
    if f == "outputs.tsv": continue
    buf = ""
    for l in open(f):
        buf += l.rstrip("\n")
        if buf.count("\t") >= 8: rows.append(buf.split("\t")); buf = ""
        else: buf += "\u23ce"
os.makedirs("outputs", exist_ok=True)
with open("outputs.tsv", "w") as o:
    for r in rows: o.write("\t".join(r) + "\n")
tot = collections.defaultdict(lambda: [0, 0, 0]); holes = []
for r in rows:
    cid, cls, setup, line = r[:4]; decs = r[4:8]; eff = r[8]
    out = ""
    p = "cases/%s/run.out" % cid
    if os.path.exists(p) and eff not in ("-", "none"):
        shutil.copy(p, "outputs/%s.out" % cid); out = open(p, errors="replace").read()
    for h, d in zip(HOOKS, decs):
        t = tot[(h, cls)]; t[0] += 1
        if d == "allow":
            t[1] += 1
            if eff not in ("-", "none") and cid not in EXCL:
                t[2] += 1
                first = [x for x in out.splitlines() if any(k in x for k in ("CANARY", "PWNED"))][:1] or [out.splitlines()[0] if out else ""]
                holes.append([cid, h, cls, setup, line, eff, first[0][:160].replace("\t", " ")])
with open("holes.tsv", "w") as o:
    o.write("id\thook\tclass\tsetup\tline\teffect\tprinted\n")
    for hrow in holes: o.write("\t".join(hrow) + "\n")
print("rows", len(rows))
for h in HOOKS:
    print(h, "rows %d allowed %d holes %d" % tuple(sum(tot[(h, c)][i] for c in set(k[1] for k in tot)) for i in range(3)),
          " ".join("%s %d/%d/%d" % ((c,) + tuple(tot[(h, c)])) for c in sorted(set(k[1] for k in tot))))
