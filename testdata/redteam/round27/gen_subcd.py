#!/usr/bin/env python3
# class 1 (cd model): a cd in a subshell, pipeline element or background job carried to the shell after it
rows = []
pres = ["(cd src);", "(cd src) &&", "(cd src && ls) >/dev/null;", "( cd src ) 2>/dev/null &&", "true | cd src;", "cd src | true;", "cd src & wait;", "cd src & wait &&", "echo | cd src &&",
        "$(cd src);", "x=$(cd src); ", "cd src | cat &&", "(cd src; ls) >/dev/null &&", "{ cd src | true; } &&", "cat <(cd src) >/dev/null;", "coproc cd src;", "(pushd src);", "(cd config) &&"]
follows = ["grep -r CANARY .", "grep -rn API .", "cat vendor/notes.txt", "cat vendor/settings.ini", "cat */*", "grep -r . vendor/keys/", "head -n5 vendor/*", "grep -R CANARY ..", "sort vendor/notes.txt", "less vendor/settings.ini"]
for p in pres:
    for f in follows:
        rows.append(("subshell-cd", p + " " + f))
with open("cands_subcd.tsv", "w") as fh:
    for c, l in rows: fh.write(f"{c}\t{l}\n")
print(len(rows))
