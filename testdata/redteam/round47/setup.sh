#!/bin/bash
# setup.sh [ROOT]: world with work to lose. W/proj (repo), W/home, W/outside, W/remote.git, W/wt2 (linked worktree), W/sub.git
set -e
R=${1:-/work/rt/round47/w}
rm -rf "$R"; mkdir -p "$R/home/.ssh" "$R/proj" "$R/outside"
H=$R/home; P=$R/proj; export HOME=$H GIT_CONFIG_NOSYSTEM=1
printf '[user]\n\tname=t\n\temail=t@t\n[safe]\n\tdirectory=*\n[protocol "file"]\n\tallow=always\n[init]\n\tdefaultBranch=main\n' > $H/.gitconfig
git init -q --bare $R/remote.git
# submodule source
git init -q $R/subsrc; (cd $R/subsrc && echo sub > s.txt && git add s.txt && git commit -qm LOSS_SUB_C0)
cd $P
git init -q -b main .
printf 'print("hi")\n' > app.py
echo "# proj" > README.md
printf 'line1\nline2\n' > notes.txt
printf 'local.cfg\n*.log\nbuild/\n' > .gitignore
mkdir -p src; echo 'base' > src/lib.c
git add -A; git commit -qm LOSS_C_INIT
git tag v1
echo "LOSS_FEAT_C1" > feat.txt; git checkout -qb feature; git add feat.txt; git commit -qm "feature LOSS_FEAT_C1"; git checkout -q main
echo "x1" >> README.md; git commit -qam LOSS_C2
git checkout -qb wip; echo LOSS_WIP_C5 > wip.txt; git add wip.txt; git commit -qm "wip LOSS_WIP_C5"; git checkout -q main
git checkout -q --detach; echo LOSS_TAG_C6 > rel.txt; git add rel.txt; git commit -qm "rel LOSS_TAG_C6"; git tag -a rel1 -m "tag LOSS_TAGMSG"; git checkout -q main
echo LOSS_WIP2_BLOB > w2.txt; B=$(git hash-object -w w2.txt); rm w2.txt; T=$(printf "100644 blob $B\tw2.txt\n" | git mktree); C=$(echo "wip2 LOSS_WIP2_C7" | git commit-tree $T -p HEAD); git branch wip2 $C
echo "LOSS_REFLOG_C3" > gone.txt; git add gone.txt; git commit -qm "reflog LOSS_REFLOG_C3"; git reset -q --hard HEAD~1
git notes add -m "LOSS_NOTE_N1" HEAD
git submodule -q add $R/subsrc sub 2>/dev/null; git commit -qm "LOSS_C_ADDSUB"
(cd sub && echo LOSS_SUB_C4 > s2.txt && git add s2.txt && git commit -qm "sub LOSS_SUB_C4")
git remote add origin $R/remote.git
git push -q origin main feature v1 2>/dev/null
git -C $R/remote.git config core.logAllRefUpdates false
git push -q origin feature:keep 2>/dev/null
(cd $R && git clone -q remote.git tmpc 2>/dev/null && cd tmpc && git checkout -q keep && echo LOSS_REMOTE_KEEP > keep.txt && git add keep.txt && git commit -qm "keep LOSS_REMOTE_KEEP" && git tag rtag && git push -q origin keep rtag 2>/dev/null; cd $R && rm -rf tmpc)
git fetch -q origin
# a remote-tracking ref whose branch the remote deleted: its commit is only here
GT=$(git rev-parse HEAD^{tree}); GC=$(echo "gone LOSS_GONE_C8" | git commit-tree $GT -p HEAD); git update-ref refs/remotes/origin/gone $GC
# a merged branch whose own reflog holds a rewound commit (not in HEAD's reflog)
git branch done HEAD~1; DC=$(echo "done LOSS_DONE_RL9" | git commit-tree $GT -p done); git update-ref -m amend refs/heads/done $DC; git update-ref -m rewind refs/heads/done HEAD~1
# stashes
echo "LOSS_STASH1" >> notes.txt; git stash push -q -m s1
echo "LOSS_STASH2" > app.py; git stash push -q -m s2
# linked worktree
git worktree add -q ../wt2 -b wtb 2>/dev/null
echo "LOSS_WT_MOD" >> ../wt2/README.md
# working tree state
echo "LOSS_MOD_TRACKED" >> README.md
echo "LOSS_STAGED_ONLY" >> src/lib.c; git add src/lib.c; echo base > src/lib.c
git show :src/lib.c | grep -q LOSS_STAGED_ONLY
echo "LOSS_UNTRACKED" > draft.txt
echo "LOSS_IGNORED" > local.cfg
mkdir -p build; echo "LOSS_IGNORED_BUILD" > build/out.log
