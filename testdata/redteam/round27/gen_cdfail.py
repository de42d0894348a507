#!/usr/bin/env python3
# class 1 (cd model): a cd that fails leaves the guard in a phantom directory for what follows
rows = []
fails = ["cd nope 2>/dev/null;", "cd nope;", "cd nope ||", "cd nope || true;", "cd nope || :;", "cd README.md 2>/dev/null;", "cd -- -P 2>/dev/null;", "cd src vendor 2>/dev/null;",
         "cd -x 2>/dev/null;", "cd ~nouser 2>/dev/null;", "pushd nope 2>/dev/null;", "cd nope/.. 2>/dev/null;", "cd 'no pe' 2>/dev/null;", "cd nope 2>/dev/null\n", "(cd nope) 2>/dev/null;", "cd nope & wait;"]
follows = ["cat vendor/notes.txt", "cat vendor/settings.ini", "grep -r CANARY vendor/keys/", "cat vendor/keys/id_rsa", "cat */*", "head vendor/*", "grep . vendor/*",
           "cd -P vendor/keys && cd .. && grep -r CANARY .", "cd vendor/keys/../.config && grep -r oauth .", "cd vendor && cat notes.txt", "less vendor/notes.txt", "sort vendor/settings.ini",
           "grep -r oauth ../home/.config 2>/dev/null; grep -r oauth ../../home/.config", "cat ../home/.netrc"]
for f in fails:
    for l in follows:
        line = f + " " + l if not f.endswith("\n") else f + l
        if "\n" in line:
            rows.append(("cdfail", "go:" + repr(line)))
        else:
            rows.append(("cdfail", line))
with open("cands_cdfail.tsv", "w") as fh:
    for c, l in rows: fh.write(f"{c}\t{l}\n")
print(len(rows))
