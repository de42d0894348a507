#!/usr/bin/env python3
"""Collect every option of each program from its --help/-h output and its
man page (rendered as text). Writes help/PROG.txt (raw texts) and
options.json {prog: [options...]}."""
import subprocess, re, json, os
# name -> (help argv list, man page names)
G = lambda s: (["git", s, "-h"], ["git-" + s])
PROGS = {
 "cat": None, "head": None, "tail": None, "wc": None, "grep": None, "egrep": None, "fgrep": None,
 "rg": None, "which": (["which", "--help"], ["which"]), "du": None, "df": None, "echo": (["/bin/echo", "--help"], ["echo"]),
 "printf": (["/usr/bin/printf", "--help"], ["printf"]), "whoami": None, "id": None, "uname": None,
 "file": None, "tree": None, "basename": None, "dirname": None, "nl": None, "tac": None, "sort": None,
 "uniq": None, "cut": None, "tr": None, "diff": None, "cmp": None, "comm": None,
 "sha256sum": None, "md5sum": None, "b2sum": None, "cksum": None,
 "ls": None, "stat": None, "realpath": None, "readlink": None,
 "less": None, "more": None, "env": None, "printenv": None, "date": None, "hostname": None,
 "sed": None, "awk": (["awk", "--help"], ["awk", "gawk"]), "gawk": None, "jq": None, "find": None,
 "nice": None, "nohup": None, "timeout": None, "stdbuf": None, "setsid": None, "xargs": None,
 "man": None, "git": (["git", "-h"], ["git"]),
 "go list": (["go", "help", "list"], []), "go doc": (["go", "help", "doc"], []), "go env": (["go", "help", "env"], []),
 "go version": (["go", "help", "version"], []), "go build-flags": (["go", "help", "build"], []),
 "npm ls": (["npm", "help", "ls"], ["npm-ls"]),
 "command": (["bash", "-c", "help command"], []), "type": (["bash", "-c", "help type"], []),
 "test": (["bash", "-c", "help test"], ["test"]),
}
for s in ["status", "log", "show", "blame", "shortlog", "describe", "ls-files", "ls-tree", "rev-parse",
          "rev-list", "show-ref", "for-each-ref", "merge-base", "name-rev", "count-objects", "version",
          "help", "cat-file", "grep", "diff", "branch", "tag", "remote", "stash", "worktree", "reflog", "config"]:
    PROGS["git " + s] = G(s)

def run(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL,
                           env=dict(os.environ, MANWIDTH="200", PAGER="cat", MANPAGER="cat", GIT_PAGER="cat", COLUMNS="200"))
        return r.stdout + r.stderr
    except Exception as e:
        return ""

def man(name):
    return run(["bash", "-c", f"MANWIDTH=200 man -P cat {name} 2>/dev/null | col -b"])

OPT = re.compile(r"(?<![\w/.=-])(--?[A-Za-z0-9?#~.][A-Za-z0-9_.-]*)")
out = {}
for p, spec in PROGS.items():
    name = p.split()[0]
    if spec is None:
        spec = ([name, "--help"], [name])
    texts = [run(spec[0])]
    if p.startswith("git ") and p != "git":
        sub = p.split()[1]
        texts.append(run(["git", sub, "--git-completion-helper-all"]))
    for m in spec[1]:
        texts.append(man(m))
    if p == "go build-flags":
        texts = texts  # build flags of go list are in go help build
    txt = "\n".join(texts)
    open("help/" + p.replace(" ", "_") + ".txt", "w").write(txt)
    opts = set()
    for m in OPT.finditer(txt):
        o = m.group(1).rstrip(".-")
        if len(o) < 2 or o in ("--",): continue
        if o.startswith("--") and len(o) < 4: continue
        if not o.startswith("--") and len(o) > 2 and name not in ("find", "go", "test", "tree") and not re.fullmatch(r"-[0-9]+", o):
            # single-dash words: keep only for find/go/test, else split is ambiguous
            continue
        opts.add(o)
    out[p] = sorted(opts)
json.dump(out, open("options.json", "w"), indent=0)
for p in out: print(p, len(out[p]))
print("total", sum(len(v) for v in out.values()))
