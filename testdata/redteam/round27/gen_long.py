#!/usr/bin/env python3
# class 1 (long paths, design.md 412): shapes round 26 did not try
A = "A" * 250
C9 = "/".join([A] * 9)
rows = []
def add(cls, line, setup):
    rows.append((cls, f"setup:{setup} ;;; {line}"))
base = f"mkdir -p src/{C9} && cd src/{C9} && mkdir -p {C9} && cd {C9} && mkdir -p {C9} && cd @P@/src && ln -s {C9} l1 && cd {C9} && ln -s {C9} l2 && cd {C9} && ln -s {C9} l3 && cd @P@"
B = f"src/{C9}/{C9}"
BB = f"src/{C9}/{C9}/{C9}"
tg = {"aws": "@H@/.aws/credentials", "env": "@P@/.env", "idrsa": "@H@/.ssh/id_rsa"}
for tn, t in tg.items():
    s2 = base + f" && cd src/{C9} && cd {C9} && ln -s {t} notes && cd {C9} && ln -s {t} notes && cd @P@"
    for l in ["cat src/l1/l2/l3/notes", "cat src/l1/l2/notes", "cd -P src/l1/l2 && cat notes", "cd -P src/l1 && cd -P l2 && cat notes", "cd src/l1/l2/l3 && cat *", "grep -r CANARY src/l1/l2/l3",
              "cd src/l1/l2 && cd l3 && head notes", "pushd src/l1/l2 >/dev/null && cat notes", "cat src/l1/l2/../l2/notes", "cat src/l1/l2/l3/../notes", "cd src/l1/l2/l3/.. && cat notes",
              "grep -R CANARY src", "find src/l1/l2 -maxdepth 1 -name notes | head -1", "sort src/l1/l2/l3/notes", "less src/l1/l2/l3/notes", "diff src/l1/l2/notes /dev/null", "tail -n+1 src/l1/l2/l3/*"]:
        add("longpath2-" + tn, l, s2)
    # relative link at the bottom climbing back up
    up = "../" * 19
    s3 = base + f" && cd src/{C9} && cd {C9} && ln -s {up}vendor/notes.txt rel && cd @P@"
    for l in ["cat src/l1/l2/rel", "cd src/l1/l2 && cat rel", "head src/l1/l2/*"]:
        add("longpath2-rel", l, s3)
# a nested repository deep in a long chain
NR = base + f" && cd src/{C9} && cd {C9} && cd {C9} && git init -q r && cd r && git config core.fsmonitor @P@/pwn && echo x > f && git add f && git -c user.email=a@b -c user.name=a commit -qm a && touch f"
for l in ["git -C src/l1/l2/l3/r status", "cd src/l1/l2/l3/r && git status", "cd src/l1/l2 && cd l3/r && git status", "cd src/l1/l2/l3 && git -C r status"]:
    add("longpath2-nested", l, NR)
with open("cands_long.tsv", "w") as f:
    for c, l in rows: f.write(f"{c}\t{l}\n")
print(len(rows))
