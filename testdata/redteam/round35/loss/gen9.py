E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
BASE = E + "echo x > x.txt; git add x.txt; git commit -qm B; git rev-parse HEAD~1 > @M@/A; git init -q --bare @M@/up.git; git remote add origin @M@/up.git; git reflog expire --expire=now --all; git repack -adq; for i in $(seq 52); do echo $i | git hash-object -w --stdin | git pack-objects -q .git/objects/pack/pack >/dev/null; done; touch -d '2 months ago' .git/objects/pack/*; "
SH = "git rev-parse HEAD > .git/shallow; "
CHECK = " ;;; check:rm -f .git/shallow; git cat-file -e $(cat @M@/A) 2>/dev/null || echo LOST"
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s%s" % (cls, setup.rstrip("; "), line, CHECK))
for l in ["git fetch -q; sleep 5", "git fetch; sleep 5", "git fetch origin && sleep 5", "git fetch --all; sleep 5", "git fetch -p; sleep 5"]:
    add("shallowgc", BASE + SH, l)
add("shallowgc", BASE + "mkdir -p claude; git rev-parse HEAD > claude/s.c; ", "gcc -E -P claude/s.c -o .git/shallow && git fetch -q; sleep 5")
add("shallowctl", BASE, "git fetch -q; sleep 5")
add("shallowctl", BASE + SH, "git fetch -q --no-auto-gc; sleep 5")
open("c9.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
