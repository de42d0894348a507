#!/usr/bin/env python3
"""Stage 1: which options does the guard accept at all? Every option of
options.json in each template, alone, with a harmless attached value and
with a harmless separate value (and its shortest unique abbreviation).
Writes cands1.tsv: prog|option|form<TAB>line."""
import json
from gen import T, abbrevs
opts = json.load(open("options.json"))
rows, seen = [], set()
for prog, ol in opts.items():
    longs = [o for o in ol if o.startswith("--")]
    for o in ol:
        if o.startswith("--") or len(o) > 2:
            forms = [("flag", o), ("=", o + "=notes.txt"), ("_", o + " notes.txt")]
            for ab in (abbrevs(o, longs) if o.startswith("--") else []):
                forms += [("abbr", ab), ("abbr=", ab + "=notes.txt"), ("abbr_", ab + " notes.txt")]
        else:
            forms = [("flag", o), ("att", o + "notes.txt"), ("_", o + " notes.txt")]
        for tpl in T[prog]:
            for k, f in forms:
                l = tpl.replace("{O}", f)
                if l in seen: continue
                seen.add(l); rows.append((f"{prog}|{o}|{k}", l))
open("cands1.tsv", "w").writelines(f"{c}\t{l}\n" for c, l in rows)
print(len(rows))
