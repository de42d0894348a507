#!/usr/bin/env python3
# class envshopt: shell options in the environment (BASHOPTS) the guard does not model
opts = ["nullglob", "nullglob:globstar", "failglob", "dotglob", "nocaseglob", "extglob", "globstar"]
lines = ["grep -r CANARY *.nomatch", "grep -rn CANARY src/*.nomatch", "grep -R CANARY *.none", "grep -rl . *.bak", "grep -rh CANARY -- *.orig",
 "grep -r --exclude-dir=.git CANARY *.nomatch", "egrep -r CANARY *.nomatch", "fgrep -r CANARY *.nomatch", "grep -rc CANARY *.nomatch",
 "rg CANARY *.nomatch", "tree *.nomatch", "du -a *.nomatch", "ls -R *.nomatch", "git grep CANARY -- *.nomatch", "git ls-files *.nomatch",
 "wc -c *.nomatch", "cat *.nomatch", "sort *.nomatch", "diff -r src *.nomatch", "grep -r CANARY config/*.nomatch", "cat config/.e*", "cat config/.*"]
with open("cands_bashopts.tsv", "w") as f:
    for o in opts:
        for l in lines:
            f.write(f"envshopt-{o}\tctx:setenv=BASHOPTS={o} ;;; {l}\n")
