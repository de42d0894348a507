#!/usr/bin/env python3
"""cmp.py: compare the model's option kinds (model.tsv) with the arity in each program's --help (help/*.txt).
Prints mismatches: prog, opt, model kind, real arity (flag/opt/req)."""
import re, sys, os
VAL = set("vrwdUQPlx")
model = {}
for l in open("model.tsv"):
    p, o, k = l.split("\t")[:3]
    model.setdefault(p, {})[o] = k
def parse(txt):
    real = {}
    for line in txt.splitlines():
        s = line.strip()
        if not s.startswith("-"): continue
        # option part: up to two spaces followed by description
        head = re.split(r"\s{2,}", s, 1)[0]
        toks = re.findall(r"(--?[A-Za-z0-9?#\"][\w.-]*)(\[=[^\]]*\]|\[[^\]=]*\]|=\S+|\s<[^>]+>|\s\[<[^>]+>\]|\s[A-Z][A-Z_|{}\[\]]*\b|\s\{[^}]*\})?", head)
        longarity = None
        parsed = []
        for name, arg in toks:
            a = "flag"
            if arg:
                if arg.startswith("[=") or arg.startswith("[") or arg.startswith(" [<"): a = "opt"
                else: a = "req"
            parsed.append((name, a, bool(arg)))
        for name, a, explicit in parsed:
            if name.startswith("--") and explicit: longarity = a
        for name, a, explicit in parsed:
            if not explicit and longarity and not name.startswith("--"):
                a = longarity if longarity != "opt" or True else a
            real.setdefault(name, a)
    return real
def kind(k):
    return "val" if k in VAL else {"f":"flag","o":"opt","R":"flag","H":"flag","u":"flag","n":"flag","s":"val"}.get(k, k)
for f in sorted(os.listdir("help")):
    prog = f[:-4].replace("_", " ")
    if prog not in model: continue
    real = parse(open("help/" + f, errors="replace").read())
    m = model[prog]
    for o, a in sorted(real.items()):
        if o not in m:
            print(f"{prog}\t{o}\tMISSING\t{a}"); continue
        mk = kind(m[o])
        if (mk == "val" and a != "req") or (mk == "flag" and a != "flag") or (mk == "opt" and a != "opt"):
            print(f"{prog}\t{o}\t{m[o]}({mk})\t{a}")
