ID = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b; rm -rf .git vendor && git init -q && git add . && git commit -qm init && "
S = {
 "dangle": "git add -f .env && git reset -q .env",
 "stashu": "printf 'x\\n' > .gitignore && git add .gitignore && git commit -qm g && git stash -q -u",
 "amend": "git add -f .env && git commit -qm s && git rm -q --cached .env && git commit -q --amend -m s2",
 "notes": "git notes add -F .env HEAD",
}
L = {
 "dangle": ["git log --all -p", "git cat-file --batch-all-objects --batch-check", "git rev-list --all --objects", "git cat-file -p 9e8e3bb", "git show 9e8e3bb", "git diff 9e8e3bb 9e8e3bb", "git log --all -p", "git status", "git diff", "git diff --cached", "git show"],
 "stashu": ["git stash show -p", "git stash show -p --include-untracked", "git stash show --only-untracked", "git stash show -u", "git stash list -p", "git show 'stash^3'", "git show refs/stash^3", "git log -p 'stash^3'", "git grep CANARY 'stash^3'", "git diff 'stash^' 'stash^3'", "git log --all -p", "git log -g -p refs/stash", "git blame 'stash^3' -- .gitignore", "git log --all --format=%H -p", "git log --all --stat -p", "git show --stat -p 'stash^3'", "git log -p --all -- .", "git whatchanged -p --all", "git log --all -m -p", "git log --all --cc", "git log --all -U0", "git log --all --word-diff", "git log --all --patch-with-stat"],
 "amend": ["git log -g -p", "git show 'HEAD@{1}'", "git show ORIG_HEAD", "git reflog -p", "git grep CANARY 'HEAD@{1}'", "git diff 'HEAD@{1}' HEAD", "git log -p 'HEAD@{1}' -- .gitignore", "git log -S CANARY -g --oneline"],
 "notes": ["git log", "git log -p", "git grep CANARY refs/notes/commits", "git log -p refs/notes/commits", "git show refs/notes/commits", "git ls-tree -r refs/notes/commits"],
}
for s, lines in L.items():
    for l in lines:
        print(f"gitc-{s}\tsetup:{ID}{S[s]} ;;; {l}")
