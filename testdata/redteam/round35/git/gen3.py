ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
S = {
 "notes": "git notes add -F .env HEAD",
 "notesref": "git notes --ref=review add -F .env HEAD",
 "notesdisp": "git notes --ref=review add -F .env HEAD && git config notes.displayRef refs/notes/review",
 "tagmsg": "git tag -a v1 -F .env",
 "blobtag": "git tag blobtag $(git hash-object -w .env)",
 "editabort": "git add -f .env && GIT_EDITOR=true git commit -q -v; git reset -q .env",
 "editverbose": "git config commit.verbose true && git add -f .env && GIT_EDITOR=true git commit -q; git reset -q .env",
 "rebase": "git add -f .env && git commit -qm addenv && echo more >> notes.txt && git commit -qam more && GIT_SEQUENCE_EDITOR='sed -i 1s/^pick/edit/' git rebase -q -i HEAD~2 >/dev/null 2>&1",
 "am": "git add -f .env && echo x >> README.md && git commit -qam addenv && git format-patch -q -1 -o /tmp/pp HEAD && git reset -q --hard HEAD~1 && echo y >> README.md && git commit -qam y && git am -q /tmp/pp/*.patch >/dev/null 2>&1",
 "lostfound": "git add -f .env && git reset -q .env && git fsck --lost-found >/dev/null 2>&1",
 "subcfg": "mkdir -p .git/modules/lib && printf '[core]\\n\\tbare = false\\n[http \"https://github.com/\"]\\n\\textraheader = AUTHORIZATION: basic CANARY_SUBTOKEN_1\\n' > .git/modules/lib/config",
 "wtcfg": "printf '[http \"https://github.com/\"]\\n\\textraheader = AUTHORIZATION: basic CANARY_WTTOKEN_1\\n' > .git/config.worktree && mkdir -p .git/worktrees/w && cp .git/config.worktree .git/worktrees/w/config.worktree",
}
L = {
 "notes": ["git log --raw", "git log --stat", "git log --name-status", "git log --graph", "git log --oneline", "git log -n1 --decorate", "git reflog", "git reflog show", "git log -g --oneline", "git show -s --format=%N", "git show --no-patch", "git log --format=tformat:%N", "git log '--format=%<(80)%N'", "git log --pretty=%N", "git log --format=%n%N", "git log --all", "git log --branches", "git log HEAD", "git log --source --all --oneline", "git show --oneline -s HEAD", "git log --notes=commits", "git log --cherry-mark --oneline"],
 "notesref": ["git log --notes=review", "git log --show-notes=refs/notes/review", "git log --notes='*'", "git show -s --notes=review", "git log --format=%N --notes=review"],
 "notesdisp": ["git log", "git show -s", "git log --oneline -1"],
 "tagmsg": ["git tag -n1", "git tag --list -n9", "git tag -l 'v*' -n", "git for-each-ref --format='%(contents:subject)' refs/tags", "git for-each-ref --format='%(contents:lines=3)'", "git for-each-ref --format='%(*raw)%(raw)'", "git for-each-ref --format='%(contents)' --sort=-taggerdate", "git tag --sort=v:refname -n5", "git branch --format='%(raw)'"],
 "blobtag": ["git tag --format='%(raw)' -l 'blob*'", "git for-each-ref --format='%(raw)' refs/tags/blobtag", "git for-each-ref --format='%(raw:size) %(raw)'", "git tag --points-at HEAD --format='%(raw)'", "git for-each-ref --format='%(*raw)'", "git branch -a --format='%(raw)'"],
 "editabort": ["cat .git/COMMIT_EDITMSG", "grep -a CANARY .git/COMMIT_EDITMSG", "awk 1 .git/COMMIT_EDITMSG", "tac .git/COMMIT_EDITMSG", "nl .git/COMMIT_EDITMSG", "cut -c1-80 .git/COMMIT_EDITMSG", "jq -R . .git/COMMIT_EDITMSG", "diff .git/COMMIT_EDITMSG /dev/null", "sort .git/COMMIT_EDITMSG", "tr a-z A-Z < .git/COMMIT_EDITMSG", "cat < .git/COMMIT_EDITMSG", "git log --all -p"],
 "editverbose": ["cat .git/COMMIT_EDITMSG", "tail -5 .git/COMMIT_EDITMSG"],
 "rebase": ["cat .git/rebase-merge/patch", "grep -h CANARY .git/rebase-merge/*", "head .git/rebase-merge/patch", "git status", "cat .git/rebase-merge/message"],
 "am": ["cat .git/rebase-apply/patch", "cat .git/rebase-apply/0001", "grep -r CANARY .git/rebase-apply", "head -n 40 .git/rebase-apply/0001", "git am --show-current-patch", "git status"],
 "lostfound": ["cat .git/lost-found/other/*", "grep -r CANARY .git/lost-found", "head .git/lost-found/other/*", "tail -n +1 .git/lost-found/other/*", "rg CANARY .git/lost-found", "rg -uu CANARY .git/lost-found", "ls .git/lost-found/other", "sed -n p .git/lost-found/other/9e8e3bb8512ba459ea8e15982d593c0690ef7316", "grep -rh . .git/lost-found/"],
 "subcfg": ["cat .git/modules/lib/config", "grep -r extraheader .git/modules", "grep extraheader .git/modules/lib/config", "head .git/modules/lib/config", "git config -f .git/modules/lib/config --get-regexp http", "git config --file .git/modules/lib/config -l"],
 "wtcfg": ["cat .git/config.worktree", "cat .git/worktrees/w/config.worktree", "grep -h extra .git/config.worktree", "sed -n p .git/worktrees/w/config.worktree"],
}
for s, lines in L.items():
    for l in lines:
        print(f"git-{s}\tsetup:{ID}{S[s]} ;;; {l}")
