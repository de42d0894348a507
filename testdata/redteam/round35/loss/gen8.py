E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
KEEP = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); git update-ref refs/keep/x $c; git tag t $(git rev-parse HEAD^{tree}); "
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
# settings the hook reads, but judged as fast-forward only
add("fetchnoncommitcfg", KEEP + "git remote add up .; git config --replace-all remote.up.fetch refs/tags/t:refs/keep/x; ", "git fetch up")
add("fetchnoncommitcfg", KEEP + "git remote add up .; git config --replace-all remote.up.fetch 'refs/tags/*:refs/keep/*'; git update-ref refs/keep/t $c; ", "git fetch up")
add("fetchnoncommitcfg", KEEP + "git remote add origin .; git config --replace-all remote.origin.fetch refs/tags/t:refs/keep/x; ", "git fetch")
add("fetchnoncommitcfg", KEEP + "mkdir -p .git/remotes; printf 'URL: .\\nPull: refs/tags/t:refs/keep/x\\n' > .git/remotes/origin; ", "git fetch")
add("fetchnoncommitcfg", KEEP + "git remote add up .; git config --replace-all remote.up.fetch refs/tags/t:refs/keep/x; ", "git fetch --all")
# other git directories below .git: a linked worktree's HEAD and reflog, a submodule's store
WT = E + "git worktree add -q --detach ../wt HEAD 2>/dev/null || git worktree add -q --detach wt HEAD; "
add("gitwt", E + "git worktree add -q --detach @M@/wt HEAD; cd @M@/wt && w=$(git commit-tree $(git mktree </dev/null) -p HEAD -m wt) && git update-ref --no-deref HEAD $w; ", "gcc --version > .git/worktrees/wt/HEAD; gcc --version > .git/worktrees/wt/logs/HEAD")
add("gitwt", E + "git worktree add -q --detach @M@/wt HEAD; cd @M@/wt && w=$(git commit-tree $(git mktree </dev/null) -p HEAD -m wt) && git update-ref --no-deref HEAD $w; ", "ld --version > .git/worktrees/wt/HEAD && ld --version > .git/worktrees/wt/logs/HEAD")
open("c8.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
