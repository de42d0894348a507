#!/usr/bin/env python3
# class cdphys: cd resolves .. physically (cd -P, or bash's fallback when the
# lexical path does not exist) while the guard cleans it lexically.
L = "vendor/keys"   # committed link to ~/.ssh in harness.py's world
# (prefix, what bash's cwd becomes: 'home' or 'config')
pre = [
 ("cd -P %s/.." % L, "home"), ("cd -P -- %s/.." % L, "home"), ("cd -LP %s/.." % L, "home"), ("cd -L -P %s/.." % L, "home"),
 ("cd -Pe %s/.." % L, "home"), ("cd -P %s && cd .." % L, "home"), ("cd -P ./%s/../" % L, "home"),
 ("cd -P %s/../.config" % L, "config"), ("cd -P %s && cd ../.config" % L, "config"),
 ("cd %s/../.config" % L, "config"), ("cd %s && cd ../.config" % L, "config"), ("cd ./%s/../.config/" % L, "config"),
 ("cd %s/../.config/gh/.." % L, "config"), ("cd %s/../.config/../.config" % L, "config"),
]
readers_home = ["grep -r CANARY .", "grep -rh CANARY", "grep -rn password .", "grep -r oauth .config", "grep -rl CANARY .",
  "cat .config/*/*", "head -n 5 .*/*", "tail -n +1 .*/*", "cat .*", "sort .*/*", "awk 1 .*/*", "sed -n p .netrc",
  "nl .*/*", "cut -c1-200 .*/*", "uniq .*/*", "tac .*/*", "grep -h . .*/* .*", "diff -r .aws .config", "cmp .netrc .bashrc", "comm .netrc .bashrc"]
readers_config = ["grep -r oauth .", "grep -rn token", "grep -r .", "cat */*", "head */*", "tail -n+1 */*", "sort */*",
  "awk 1 */*", "sed -n p */*", "nl */*", "cut -c1-100 */*", "uniq */*", "tac */*", "grep -h . */*", "diff -r gh /dev/null", "comm gh/hosts.yml /dev/null"]
out = open("cands_cdphys.tsv", "w")
for p, kind in pre:
    for r in (readers_home if kind == "home" else readers_config):
        out.write(f"cdphys\t{p} && {r}\n")
# a link to the project itself (no outside target): nested world
for p in ["cd -P self/../..", "cd -P self/.. && cd ..", "cd self/../../.config"]:
    for r in ["grep -r oauth .config", "cat .config/*/*", "grep -r oauth ."]:
        out.write(f"cdphys-self\tsetup:ln -s . self ;;; {p} && {r}\n")
