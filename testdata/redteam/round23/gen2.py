#!/usr/bin/env python3
"""Stage 2: for each option form the guard accepted in stage 1 (pre1.out)
with the harmless value notes.txt, the same form with harmful values:
.env (a secret), vendor/notes.txt (a tracked link to ~/.aws/credentials),
@M@/out (a path outside to write), ./pwn (a program to run). Also each allowed value-less form
(flag, abbr) as is, to be run. Writes cands2.tsv."""
VALS = [("read", ".env"), ("readlink", "vendor/notes.txt"), ("write", "@M@/out"), ("run", "./pwn")]
rows, seen = [], set()
for l in open("pre1.out"):
    c, d, line, *_ = l.rstrip("\n").split("\t")
    if d != "allow": continue
    prog, o, k = c.split("|")
    if k in ("flag", "abbr"):
        variants = [("", line)]
    else:
        if "notes.txt" not in line: continue
        sep = {"=": "=", "_": " ", "att": "", "abbr=": "=", "abbr_": " "}[k]
        oo = o if not k.startswith("abbr") else line.split(sep + "notes.txt")[0].split(" ")[-1]
        key = oo + sep + "notes.txt"
        if key not in line: continue
        variants = [(n, line.replace(key, oo + sep + v, 1)) for n, v in VALS]
    for n, nl in variants:
        if nl in seen: continue
        seen.add(nl); rows.append((f"{c}{'|' + n if n else ''}", nl))
open("cands2.tsv", "w").writelines(f"{c}\t{l}\n" for c, l in rows)
print(len(rows))
