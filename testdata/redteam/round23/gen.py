#!/usr/bin/env python3
"""Candidates: every option of every allowed program (options.json, from
--help and man), in every harmful shape an option can take.
Writes cands_all.tsv: class<TAB>line. class = prog|option|form."""
import json, re
opts = json.load(open("options.json"))
T = {  # program -> templates with {O}
 "cat": ["cat {O} README.md"], "head": ["head {O} README.md"], "tail": ["tail {O} README.md"],
 "wc": ["wc {O} README.md"], "nl": ["nl {O} README.md"], "tac": ["tac {O} README.md"],
 "sort": ["sort {O} README.md", "sort README.md {O}"], "uniq": ["uniq {O} README.md"], "cut": ["cut -c1-3 {O} README.md"],
 "file": ["file {O} README.md"], "sha256sum": ["sha256sum {O} README.md"], "md5sum": ["md5sum {O} README.md"],
 "b2sum": ["b2sum {O} README.md"], "cksum": ["cksum {O} README.md"],
 "grep": ["grep {O} hello README.md", "grep hello README.md {O}"], "egrep": ["egrep {O} hello README.md"], "fgrep": ["fgrep {O} hello README.md"],
 "rg": ["rg {O} hello README.md", "rg hello {O}"],
 "diff": ["diff {O} README.md notes.txt", "diff -r {O} src src"], "cmp": ["cmp {O} README.md notes.txt"], "comm": ["comm {O} README.md notes.txt"],
 "tr": ["tr {O} a b < README.md"], "which": ["which {O} ls"], "du": ["du {O} src"], "df": ["df {O} ."],
 "echo": ["echo {O} hi"], "printf": ["printf {O} hi"], "whoami": ["whoami {O}"], "id": ["id {O}"], "uname": ["uname {O}"],
 "basename": ["basename {O} a/b.txt"], "dirname": ["dirname {O} a/b.txt"],
 "ls": ["ls {O} src"], "stat": ["stat {O} README.md"], "realpath": ["realpath {O} README.md"], "readlink": ["readlink {O} README.md"],
 "tree": ["tree {O} src", "tree src {O}"],
 "less": ["less {O} README.md"], "more": ["more {O} README.md"],
 "env": ["env {O} cat README.md"], "printenv": ["printenv {O} HOME"], "date": ["date {O} +%s"], "hostname": ["hostname {O}"],
 "sed": ["sed -n {O} p README.md", "sed {O} -n p README.md"], "awk": ["awk {O} '{print}' README.md"], "gawk": ["gawk {O} '{print}' README.md"],
 "jq": ["jq {O} . data.json"], "find": ["find src {O}", "find {O} src"],
 "nice": ["nice {O} cat README.md"], "nohup": ["nohup {O} cat README.md"], "timeout": ["timeout {O} 5 cat README.md"],
 "stdbuf": ["stdbuf -oL {O} cat README.md"], "setsid": ["setsid {O} cat README.md"], "xargs": ["echo README.md | xargs {O} cat"],
 "man": ["man {O} ls"], "git": ["git {O} log -1 --oneline", "git {O} status"],
 "go list": ["go list {O} ."], "go doc": ["go doc {O} fmt"], "go env": ["go env {O} GOPATH"], "go version": ["go version {O}"],
 "go build-flags": ["go list {O} ."],
 "npm ls": ["npm ls {O}"], "command": ["command {O} ls"], "type": ["type {O} ls"], "test": ["test {O} README.md"],
 "git status": ["git status {O}"], "git log": ["git log -1 {O}", "git log {O} -1 -- README.md"], "git show": ["git show {O} HEAD:README.md", "git show {O} --stat HEAD"],
 "git blame": ["git blame {O} README.md"], "git shortlog": ["git shortlog {O} HEAD"], "git describe": ["git describe --always {O}"],
 "git ls-files": ["git ls-files {O}"], "git ls-tree": ["git ls-tree {O} HEAD"], "git rev-parse": ["git rev-parse {O} HEAD"],
 "git rev-list": ["git rev-list {O} HEAD"], "git show-ref": ["git show-ref {O}"], "git for-each-ref": ["git for-each-ref {O}"],
 "git merge-base": ["git merge-base {O} HEAD HEAD"], "git name-rev": ["git name-rev {O} HEAD"], "git count-objects": ["git count-objects {O}"],
 "git version": ["git version {O}"], "git help": ["git help {O} log"], "git cat-file": ["git cat-file {O} -p HEAD:README.md", "git cat-file -p {O} HEAD"],
 "git grep": ["git grep {O} hello", "git grep hello {O}"], "git diff": ["git diff {O}", "git diff {O} -- README.md"],
 "git branch": ["git branch {O}"], "git tag": ["git tag {O}"], "git remote": ["git remote {O}"],
 "git stash": ["git stash list {O}", "git stash show {O}"], "git worktree": ["git worktree list {O}"],
 "git reflog": ["git reflog {O}"], "git config": ["git config {O} --get user.name", "git config --get {O} user.name"],
}
SECRET = [".env", "@H@/.ssh/id_rsa", "vendor/settings.ini", "vendor/notes.txt"]
OUT = ["@M@/out"]
RUN = ["./pwn", "@M@/pwn.sh"]
def abbrevs(o, longs):
    res = []
    for n in range(3, len(o)):
        p = o[:n]
        m = [x for x in longs if x.startswith(p)]
        if m == [o]:
            res.append(p); break
    return res
def main():
    global rows, seen
    rows = []
    seen = set()
    def add(cls, line):
        if line in seen: return
        seen.add(line); rows.append((cls, line))
    for prog, ol in opts.items():
        if prog not in T: continue
        longs = [o for o in ol if o.startswith("--")]
        for o in ol:
            forms = [("flag", o)]
            vals = [("read", v) for v in SECRET] + [("write", v) for v in OUT] + [("run", v) for v in RUN]
            if o.startswith("--") or len(o) > 2:
                for k, v in vals:
                    forms.append((k + "=", f"{o}={v}"))
                    forms.append((k + "_", f"{o} {v}"))
                for ab in abbrevs(o, longs) if o.startswith("--") else []:
                    forms.append(("abbr", ab))
                    for k, v in [("read", ".env"), ("read", "vendor/notes.txt"), ("write", "@M@/out"), ("run", "./pwn")]:
                        forms.append(("abbr" + k + "=", f"{ab}={v}"))
                        forms.append(("abbr" + k + "_", f"{ab} {v}"))
            else:
                for k, v in vals:
                    forms.append((k + "att", f"{o}{v}"))
                    forms.append((k + "_", f"{o} {v}"))
            for tpl in T[prog]:
                for k, f in forms:
                    add(f"{prog}|{o}|{k}", tpl.replace("{O}", f))
    with open("cands_all.tsv", "w") as f:
        for c, l in rows:
            f.write(f"{c}\t{l}\n")
    print(len(rows))

if __name__ == "__main__":
    main()
