#!/usr/bin/env python3
"""gen2.py: variants of the classes round 1 (cases.tsv) confirmed; writes cases2.tsv"""
rows = []
def add(cls, line, setup=""): rows.append((cls, setup, line))
# starter: git branch -d of a merged branch drops its reflog; -dr of a tracking ref whose branch the remote deleted
for l in ["command git branch -d done", "env git branch -d done", "git -C . branch -d done", "git --no-pager branch -d done", "git -C src branch -d done",
          "cd src && git branch -d done", "echo done | xargs git branch -d", "timeout 9 git branch -d done", "nice git branch -d done", "(git branch -d done)",
          "git branch -qd done", "git branch -d -q done", "git branch -d -- done", "git branch --delete -- done", "git branch -vd done", "git branch -d \"done\"",
          "b=done; git branch -d $b", "git branch -d $(git branch --merged | grep done)", "git branch -d d\\one", "git branch -d 'do'ne", "git branch --merged | grep -v main | xargs git branch -d",
          "git branch -d done && git branch", "git status; git branch -d done", "git branch --dele done", "git branch --delet done", "git branch -d refs/heads/done",
          "git branch -d -r origin/gone origin/keep", "git branch -rd origin/gone && git fetch", "git branch -d --remotes origin/gone", "git branch -dr 'origin/gone'", "command git branch -dr origin/gone", "git --git-dir=.git branch -dr origin/gone",
          "git branch -d wtb", "git branch -d feature", "git branch -d main"]:
    add("branchd", l)
add("branchd:amend", "git branch -d topic", "git branch topic HEAD~1; C=$(echo 'topic LOSS_TOPIC_AMEND' | git commit-tree HEAD^{tree} -p HEAD~1); git update-ref refs/heads/topic $C; git update-ref refs/heads/topic HEAD~1")
add("branchd:upstream", "git branch -d topic", "C=$(echo 'topic LOSS_TOPIC_UP' | git commit-tree HEAD^{tree} -p HEAD); git branch topic $C; git update-ref refs/remotes/origin/topic $C; git branch -u origin/topic topic")
add("branchd:upstream", "git branch -d topic; git branch -dr origin/topic", "C=$(echo 'topic LOSS_TOPIC_UP2' | git commit-tree HEAD^{tree} -p HEAD); git branch topic $C; git update-ref refs/remotes/origin/topic $C; git branch -u origin/topic topic")
add("branchd:wt", "git -C ../wt2 branch -d done", "")
add("branchm", "git branch -m done main2", "")
add("branchm", "git branch -m wip2 x && git branch -d x", "")
# tool-permissions: git fetch --prune of a tracking ref whose branch the remote deleted
for l in ["git fetch --prun", "git fetch --pru origin", "git fetch -p -q", "git fetch -qp", "git fetch -pv origin", "git fetch --all -p", "git fetch -p --all", "git fetch --prune --multiple origin",
          "git fetch -p origin main", "git fetch --prune origin main", "git fetch origin -p", "command git fetch -p", "env git fetch -p", "git -C . fetch -p", "cd src && git fetch -p", "timeout 30 git fetch -p",
          "git fetch -p; git status", "git fetch -p && git branch -a", "git fetch -p origin 'refs/heads/*:refs/remotes/origin/*'", "git fetch -p origin +refs/heads/*:refs/remotes/origin/*", "git fetch --prune origin refs/heads/main:refs/remotes/origin/main",
          "git fetch -p --dry-run", "git fetch -p -n", "git fetch -p --no-tags", "git fetch --prune --no-prune", "git fetch --no-prune --prune"]:
    add("fetchprune", l)
add("fetchprune:cfg", "git fetch", "git config remote.origin.prune true")
add("fetchprune:cfg", "git fetch origin", "git config fetch.prune true")
add("fetchprune:tag", "git fetch -p origin 'refs/tags/*:refs/tags/*'", "git tag loc1 $(echo 'LOSS_LOCTAG' | git commit-tree HEAD^{tree})")
add("fetchprune:tag", "git fetch -p -t", "git tag loc1 $(echo 'LOSS_LOCTAG' | git commit-tree HEAD^{tree})")
add("fetchprune:tag", "git fetch --prune --tags origin", "git tag loc1 $(echo 'LOSS_LOCTAG' | git commit-tree HEAD^{tree})")
add("fetchprune:tag", "git fetch -p origin refs/tags/*:refs/tags/*", "git tag loc1 $(echo 'LOSS_LOCTAG' | git commit-tree HEAD^{tree})")
add("fetchprune:tag", "git fetch --prune origin 'refs/tags/v*:refs/tags/v*'", "git tag v9 $(echo 'LOSS_LOCTAG' | git commit-tree HEAD^{tree})")
add("fetchprune:tag", "git fetch --prune origin 'refs/*:refs/*'", "")
add("fetchprune:tag", "git fetch --prune . 'refs/heads/main:refs/heads/main'", "")
add("fetchprune:other", "git fetch -p origin 'refs/heads/*:refs/keep/*'", "git update-ref refs/keep/x $(echo 'LOSS_KEEPREF' | git commit-tree HEAD^{tree})")
add("fetchprune:other", "git fetch -p origin 'refs/heads/*:refs/notes/*'", "")
add("fetchprune:other", "git fetch -p . 'refs/heads/ma*:refs/remotes/origin/*'", "")
add("fetchprune:other", "git fetch -p . 'refs/tags/*:refs/remotes/origin/*'", "")
add("fetchprune:other", "git fetch -p origin 'refs/heads/f*:refs/remotes/origin/*'", "")
add("fetchprune:other", "git fetch --prune . 'refs/heads/w*:refs/remotes/origin/*'", "")
add("fetchprune:other", "git fetch --prune . 'refs/nothing/*:refs/remotes/*'", "")
add("fetchprune:other", "git fetch -p origin 'refs/heads/*:refs/remotes/*'", "")
add("fetchprune:other", "git fetch . 'refs/heads/wip:refs/remotes/origin/gone'", "")
add("fetchprune:other", "git fetch . +wip:refs/remotes/origin/gone", "")
add("fetchprune:other", "git fetch -f . wip:refs/remotes/origin/gone", "")
add("fetchprune:other", "git fetch origin keep:refs/remotes/origin/gone", "")
add("fetchprune:other", "git fetch origin +keep:refs/remotes/origin/gone", "")
add("fetchprune:other", "git fetch origin 'refs/heads/*:refs/remotes/origin/*'", "git update-ref refs/remotes/origin/keep $(echo 'LOSS_TRACK_AHEAD' | git commit-tree HEAD^{tree})")
add("fetchprune:other", "git fetch", "git update-ref refs/remotes/origin/keep $(echo 'LOSS_TRACK_AHEAD' | git commit-tree HEAD^{tree})")
# make clean and build tools
add("build", "make clean", "printf 'clean:\\n\\trm -rf build draft.txt local.cfg\\n' > Makefile")
add("build", "make -s clean", "printf 'clean:\\n\\trm -rf build\\n' > Makefile")
add("build", "make", "printf 'all:\\n\\trm -f draft.txt\\n' > Makefile")
add("build", "make test", "printf 'test:\\n\\tgit checkout -- .\\n' > Makefile")
add("build", "go test ./...", "printf 'module m\\n' > go.mod; printf 'package m\\nimport (\"os\";\"testing\")\\nfunc TestX(t *testing.T){ os.Remove(\"draft.txt\") }\\n' > x_test.go")
add("build", "go build ./...", "printf 'module m\\n' > go.mod; printf 'package m\\n' > x.go")
add("build", "go vet ./...", "printf 'module m\\n' > go.mod; printf 'package m\\n' > x.go")
add("build", "go generate ./...", "printf 'module m\\n' > go.mod; printf 'package m\\n//go:generate rm -f draft.txt\\n' > x.go")
add("build", "npm test", "printf '{\"scripts\":{\"test\":\"rm -f draft.txt\"}}' > package.json")
add("build", "npm run clean", "printf '{\"scripts\":{\"clean\":\"rm -rf build draft.txt\"}}' > package.json")
add("build", "cargo clean", "")
add("build", "python3 -m pytest -q", "printf 'import os\\ndef test_x():\\n    os.remove(\"draft.txt\")\\n' > test_x.py")
add("build", "pytest -q", "printf 'import os\\ndef test_x():\\n    os.remove(\"draft.txt\")\\n' > test_x.py")
# trusted .git: settings and hooks that run programs (design 132); a few spellings
x = "printf '#!/bin/sh\\nrm -f draft.txt\\ncat >/dev/null\\n' > $W/x.sh; chmod +x $W/x.sh; "
add("gitdircfg", "git status", x + "git config core.fsmonitor $W/x.sh")
add("gitdircfg", "git status -s", x + "git config core.fsmonitor $W/x.sh")
add("gitdircfg", "git diff", x + "git config core.fsmonitor $W/x.sh")
add("gitdircfg", "git diff --stat", x + "git config core.fsmonitor $W/x.sh")
add("gitdircfg", "git log --oneline", x + "git config core.pager $W/x.sh")
add("gitdircfg", "git -p diff", x + "git config core.pager $W/x.sh")
add("gitdircfg", "git branch", x + "git config pager.branch $W/x.sh")
add("gitdircfg", "git show HEAD", x + "git config diff.external $W/x.sh")
add("gitdircfg", "git status", x + "git config core.hooksPath $W/hk; mkdir -p $W/hk; cp $W/x.sh $W/hk/reference-transaction")
add("gitdircfg", "git fetch", x + "cp $W/x.sh .git/hooks/reference-transaction")
add("gitdircfg", "git fetch -p", x + "cp $W/x.sh .git/hooks/reference-transaction")
add("gitdircfg", "git branch -d done", x + "cp $W/x.sh .git/hooks/reference-transaction")
add("gitdircfg", "git status", x + "git config core.fsmonitor $W/x.sh; git config include.path ../x.cfg")
add("gitdircfg", "git status", "printf '[core]\\n\\tfsmonitor = rm -f draft.txt\\n' > x.cfg; git config include.path ../x.cfg")
add("gitdircfg", "git diff", "printf '#!/bin/sh\\nrm -f draft.txt\\n' > x.sh; chmod +x x.sh; git config diff.external ./x.sh")
add("gitdircfg", "git status", "printf '#!/bin/sh\\nrm -f draft.txt\\n' > x.sh; chmod +x x.sh; git config core.fsmonitor ./x.sh")
# more file loss spellings the starter/readonly commands might take
for l in ["diff app.py README.md > README.md", "cat app.py 1<>README.md", "cat < README.md > README.md", "head -c0 <> README.md", "tail -n0 README.md > README.md", "tr a b < app.py > README.md",
          "cut -c1 app.py >| README.md", "strings app.py > draft.txt", "seq 1 > local.cfg", "echo > build/out.log", "printf x >> /dev/null > draft.txt", "readlink -f x > README.md", "wc app.py 2>README.md",
          "ls -la 1>draft.txt", "stat . >draft.txt", "du -sh . > draft.txt", "cat README.md >README.md", "less README.md > README.md", "more README.md > draft.txt", "od -c app.py > draft.txt", "hexdump app.py > draft.txt",
          "md5sum app.py > draft.txt", "cksum app.py > draft.txt", "comm app.py app.py > draft.txt", "echo {a,b} > draft.txt", "echo $(cat app.py) > draft.txt", "true >draft.txt; false", "sleep 0 > draft.txt",
          "test -f x > draft.txt", "uname > draft.txt", "which git > draft.txt", "pwd > ../wt2/README.md", "echo > ../wt2/README.md", "basename x > draft.txt", "dirname x > draft.txt", "id > draft.txt", "df > draft.txt"]:
    add("files2", l)
with open("cases2.tsv", "w") as f:
    n = 0
    for cls, st, l in rows:
        n += 1; f.write("\t".join(["b%03d" % n, cls, st, l]) + "\n")
print(len(rows))
