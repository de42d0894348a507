#!/usr/bin/env python3
# subshell/pipeline/background cd followed by a second cd (the guard resolves the second from the subshell's directory)
rows = []
pres = ["(cd src);", "(cd src) &&", "(cd src && ls) >/dev/null;", "true | cd src;", "cd src | true;", "cd src & wait;", "echo | cd src &&", "$(cd src);", "x=$(cd src); ", "cd src | cat &&", "{ cd src | true; } &&", "(pushd src);", "(cd config) &&", "(cd nope) 2>/dev/null;"]
follows = ["cd . && grep -r CANARY .", "cd ./ && grep -rn API .", "cd vendor && cat notes.txt", "cd vendor && cat settings.ini", "cd -P vendor/keys && cd .. && grep -r CANARY .", "cd vendor/keys/../.config && grep -r oauth .", "cd ../ && ls", "cd config && cat .e*"]
for p in pres:
    for f in follows:
        rows.append(("subshell-cd2", p + " " + f))
with open("cands_subcd2.tsv", "w") as fh:
    for c, l in rows: fh.write(f"{c}\t{l}\n")
print(len(rows))
