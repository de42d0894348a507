#!/usr/bin/env python3
"""Stage 4: bundled short options. For each short option X of a program
that the guard accepted in stage 1, -F X value bundled after a plain flag
F of that program: -FXvalue and -FX value, with
harmful values. Writes cands4.tsv."""
from gen import T
F = {"cat": "n", "head": "q", "tail": "q", "wc": "l", "grep": "i", "egrep": "i", "fgrep": "i", "sort": "n",
     "uniq": "c", "cut": "s", "file": "b", "tree": "a", "diff": "q", "cmp": "s", "comm": "1", "ls": "a",
     "du": "a", "df": "a", "stat": "L", "realpath": "q", "readlink": "n", "less": "i", "more": "d", "date": "u",
     "sed": "n", "gawk": "b", "jq": "c", "nl": "p", "tac": "b", "xargs": "r", "env": "0", "uname": "a",
     "id": "u", "basename": "a", "sha256sum": "b", "md5sum": "b", "b2sum": "b", "cksum": "z",
     "git ls-files": "c", "git grep": "i", "git status": "s", "git branch": "a", "git tag": "n",
     "git blame": "s", "git shortlog": "n", "git log": "p", "git show": "s", "git config": "z", "git ls-tree": "r",
     "setsid": "f", "timeout": "v", "rg": "i"}
VALS = [("read", ".env"), ("write", "@M@/out"), ("run", "./pwn")]
acc = set()
for src in ["pre1.out", "pre1_rg.out"]:
    for l in open(src):
        c, d, *_ = l.split("\t")
        p, o, k = c.split("|")
        if d == "allow" and len(o) == 2 and o[0] == "-" and o[1] != "-": acc.add((p, o))
rows, seen = [], set()
for p, o in sorted(acc):
    if p not in F or o[1] == F[p]: continue
    f = F[p]; x = o[1]
    for n, v in VALS:
        for form, w in [("FXv", f"-{f}{x}{v}"), ("FX_v", f"-{f}{x} {v}")]:
            for tpl in T[p]:
                line = tpl.replace("{O}", w)
                if line in seen: continue
                seen.add(line); rows.append((f"{p}|{o}|bundle-{form}|{n}", line))
open("cands4.tsv", "w").writelines(f"{c}\t{l}\n" for c, l in rows)
print(len(rows))
