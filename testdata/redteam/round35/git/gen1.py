ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; "
S = {
 "dangle": "git add -f .env && git reset -q .env",
 "stashu": "printf 'x\\n' > .gitignore && git add .gitignore && git commit -qm g && git stash -q -u",
 "stasha": "git stash -q -a",
 "amend": "git add -f .env && git commit -qm s && git rm -q --cached .env && git commit -q --amend -m s2",
 "notes": "git notes add -F .env HEAD",
 "tagmsg": "git tag -a v1 -F .env",
 "blobtag": "git tag blobtag $(git hash-object -w .env)",
 "blobstash": "git update-ref refs/stash $(git hash-object -w .env)",
 "editmsg": "git add -f .env && GIT_EDITOR=true git commit -q -v && git rm -q --cached .env && git commit -qm rm",
}
L = {
 "dangle": ["git log --all -p", "git log -g -p", "git cat-file --batch-all-objects --batch-check", "git rev-list --all --objects", "git fsck --lost-found >/dev/null; cat .git/lost-found/other/*"],
 "stashu": ["git stash show -p", "git stash show -p -u", "git stash show -p --include-untracked", "git stash show -p --only-untracked", "git stash show -u", "git stash show --include-untracked", "git stash list -p", "git show 'stash^3'", "git show 'stash@{0}^3'", "git show refs/stash^3", "git log -p 'stash^3'", "git grep CANARY 'stash^3'", "git diff 'stash^' 'stash^3'", "git log --all -p", "git log -g -p refs/stash"],
 "stasha": ["git stash show -p --include-untracked", "git show 'stash^3'", "git stash show --only-untracked"],
 "amend": ["git log -g -p", "git show 'HEAD@{1}'", "git show ORIG_HEAD", "git log -p 'HEAD@{1}'", "git reflog -p", "git grep CANARY 'HEAD@{1}'", "git diff 'HEAD@{1}' HEAD"],
 "notes": ["git log", "git log -1", "git log --notes", "git log --show-notes='*'", "git log --format=%N", "git log --pretty=format:%N", "git show -s", "git show --stat", "git show --name-only", "git log --oneline --notes", "git rev-list --format=%N HEAD", "git log -g", "git reflog --format=%N", "git shortlog --format=%N", "git log --all --oneline --notes", "git grep CANARY refs/notes/commits", "git log -p refs/notes/commits"],
 "tagmsg": ["git tag -n99", "git tag -l -n5", "git tag -n", "git for-each-ref '--format=%(contents)'", "git for-each-ref --format='%(contents:body)' refs/tags", "git for-each-ref --format='%(subject) %(body)'", "git tag --format='%(contents)'", "git tag -l --format='%(raw)'", "git cat-file -p v1", "git show v1", "git log --decorate --tags --format=%d", "git describe --tags", "git for-each-ref --format='%(raw)' refs/tags/v1"],
 "blobtag": ["git for-each-ref --format='%(raw)'", "git for-each-ref --format='%(raw)' refs/tags", "git tag --format='%(raw)'", "git tag -l --format='%(raw)'", "git for-each-ref --format='%(contents)'", "git tag -n99", "git cat-file -p blobtag", "git show blobtag", "git log blobtag", "git rev-list --objects blobtag"],
 "blobstash": ["git cat-file -p stash", "git cat-file -p 'stash@{0}'", "git show stash", "git stash show", "git stash show -p", "git stash list", "git show 'stash@{0}'", "git cat-file -p refs/stash", "git for-each-ref --format='%(raw)' refs/stash"],
 "editmsg": ["cat .git/COMMIT_EDITMSG", "head -50 .git/COMMIT_EDITMSG", "grep CANARY .git/COMMIT_EDITMSG", "less .git/COMMIT_EDITMSG", "tail .git/COMMIT_EDITMSG", "sed -n p .git/COMMIT_EDITMSG", "git log -p"],
}
for s, lines in L.items():
    for l in lines:
        print(f"git-{s}\tsetup:{ID}{S[s]} ;;; {l}")
