#!/usr/bin/env python3
"""Counts for the report: options per program, candidates, decisions, runs."""
import json, collections, glob
opts = json.load(open("options.json"))
def dec(f):
    c = collections.Counter()
    for l in open(f, errors="replace"):
        p = l.split("\t")
        if len(p) > 1: c[p[1] or "?"] += 1
    return dict(c)
print("programs/subcommands:", len(opts), "options:", sum(map(len, opts.values())))
for f in ["pre1.out", "pre1_rg.out", "pre2.out", "pre2_rg.out", "pre4.out", "pre4_rg.out"]:
    try: print(f, dec(f))
    except FileNotFoundError: pass
runs = collections.Counter()
for f in sorted(glob.glob("run*_*.tsv")):
    for l in open(f, errors="replace"):
        p = l.split("\t")
        if len(p) > 1: runs[(f.split("_")[0], p[1])] += 1
for k, v in sorted(runs.items()): print("run", k, v)
