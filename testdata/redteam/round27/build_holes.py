#!/usr/bin/env python3
# collect allowed-and-harmful rows from the runs into holes.tsv, with counts per class
import re, collections, sys
runs = [("cands_env.tsv", "out_env.tsv"), ("cands_c1.tsv", "out_c1.tsv"), ("cands_c1b.tsv", "out_c1b.tsv"), ("cands_cdfail.tsv", "out_cdfail.tsv"),
        ("cands_subcd.tsv", "out_subcd.tsv"), ("cands_subcd2.tsv", "out_subcd2.tsv"), ("cands_c3.tsv", "out_c3.tsv"), ("cands_long.tsv", "out_long.tsv")]
NOISEW = re.compile(r"^/home/(\.cache/go-build|\.config/go/|\.npm/)")
BYDESIGN = ("env-bashenv", "env-bashfunc", "gitdir-commondir-out")
KNOWN = ("gitdir-grafts-rel",)  # a secret copied into .git by the setup (design.md 410: not closed, known)
def group(cls):
    if cls.startswith("env-git"): return "env-git"
    if cls.startswith("env-man"): return "env-man"
    if cls.startswith("env-less"): return "env-less"
    if cls.startswith("cd-model") or cls.startswith("cd-intermediate"): return "cd-model"
    if cls.startswith("gitdir"): return "gitdir"
    if cls.startswith("glob-pos"): return "glob-pos"
    return cls
counts = collections.defaultdict(lambda: [0, 0, 0])
holes = []
for cf, of in runs:
    try: cands = [l for l in open(cf) if l.strip() and not l.startswith("#")]
    except FileNotFoundError: continue
    for l in cands: counts[group(l.split("\t")[0])][0] += 1
    try: out = open(of).read().splitlines()
    except FileNotFoundError: continue
    for row in out:
        p = row.split("\t")
        if len(p) < 5: continue
        cls, dec, ver, line, ev = p[0], p[1], p[2], p[3], "\t".join(p[4:])
        g = group(cls)
        if dec != "allow": continue
        counts[g][1] += 1
        ev = re.sub(r"/var/tmp/rtw27/[a-z0-9_]+", "", ev)
        flags = set(ver.split(",")) - {"harmless", "INW"}
        if "OUTW" in flags:
            ws = ev.split(" W:")[-1].split(",") if " W:" in ev else []
            if ws and all(NOISEW.match(w) or w.startswith("/proj") for w in ws):
                flags.discard("OUTW")
        if not flags: continue
        if cls in KNOWN: continue
        v = ",".join(sorted(flags))
        if cls in BYDESIGN:
            v = "BYDESIGN:" + v
        else:
            counts[g][2] += 1
        holes.append((cls, v, line, ev[:400]))
with open("holes.tsv", "w") as f:
    f.write("# class\tverdict\tline\tevidence (guard examples/guard as built from /work/main's working tree on 2026-12-05: every row was allowed; run in bash 5.2 in bubblewrap by harness.py, HOOKENV=full; @P@ project, @H@ home, @M@ outside; ctx:setenv=K=V is in the environment of hook and shell; BYDESIGN rows are the environment running code for every line, not counted)\n")
    for h in holes: f.write("\t".join(h) + "\n")
print("class\tcandidates\tallowed\tallowed-and-harmful")
for g in sorted(counts): print(f"{g}\t{counts[g][0]}\t{counts[g][1]}\t{counts[g][2]}")
print("holes rows", len(holes))
