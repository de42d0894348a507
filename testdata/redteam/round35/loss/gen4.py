E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
KEEP = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); "
TAGONLY = KEEP + "git tag keep $c; "
ET = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
# a non-commit by object name, a blob tag, a remote's tree tag
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; ", "git fetch . %s:refs/keep/x" % ET)
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git tag b $(git hash-object -w README.md); ", "git fetch . b:refs/keep/x")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git init -q --bare @M@/up.git; git push -q @M@/up.git HEAD:refs/heads/main; git -C @M@/up.git tag t $(git rev-parse HEAD^{tree}); git remote add origin @M@/up.git; ", "git fetch origin t:refs/keep/x")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git init -q --bare @M@/up.git; git push -q @M@/up.git HEAD:refs/heads/main; git -C @M@/up.git tag t $(git rev-parse HEAD^{tree}); git remote add origin @M@/up.git; ", "git fetch origin refs/tags/t:refs/keep/x")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git tag t $(git rev-parse HEAD^{tree}); ", "git fetch . 'refs/tags/t:refs/keep/*'")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/t $c; git tag t $(git rev-parse HEAD^{tree}); ", "git fetch . 'refs/tags/*:refs/keep/*'")
add("fetchnoncommit", KEEP + "git update-ref refs/stash $c; git tag t $(git rev-parse HEAD^{tree}); ", "git fetch . t:refs/stash")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git tag t $(git rev-parse HEAD^{tree}); ", "git fetch --dry-run . t:refs/keep/x")
add("fetchnoncommit", KEEP + "git update-ref refs/keep/x $c; git tag t $(git rev-parse HEAD^{tree}); ", "git fetch . t:keep/x")
# the remotes file, deeper: prune of branches, chain written in the same line by allowed writers
O = "mkdir -p .git/remotes; "
BR = E + "b=$(git commit-tree $(git mktree </dev/null) -p HEAD -m f); git branch f $b; "
add("remotesfile", BR + O + "git init -q --bare @M@/up.git; printf 'URL: @M@/up.git\\nPull: refs/heads/*:refs/heads/*\\n' > .git/remotes/origin; ", "git fetch -p")
add("remotesfile", BR + O + "git init -q --bare @M@/up.git; printf 'URL: @M@/up.git\\nPull: refs/heads/f:refs/heads/f\\n' > .git/remotes/origin; ", "git fetch --prune")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch --no-prune")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch --no-tags")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch --no-auto-gc")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch origin --quiet")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch; git log --oneline -1")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\n\\tPull:   +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; git config remote.origin.url .; ", "git fetch")
# the chain in one allowed line: a here-document into claude/, gcc -E -P into .git/remotes, git fetch
add("remoteschain", TAGONLY, 'go:"mkdir claude 2>/dev/null; cat > claude/r.c <<\'E\'\\nURL: .\\nPull: +refs/heads/master:refs/tags/keep\\nE\\ngcc -E -P claude/r.c -o .git/remotes/origin && git fetch"')
add("remoteschain", TAGONLY + "mkdir claude; ", 'go:"cat > claude/r.c <<\'E\'\\nURL: .\\nPull: +refs/heads/master:refs/tags/keep\\nE\\ngcc -E -P claude/r.c -o .git/remotes/origin && git fetch"')
add("remoteschain", TAGONLY + "mkdir claude; printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > claude/r.c; ", "gcc -E -P claude/r.c -o .git/remotes/origin; git fetch")
add("remoteschain", TAGONLY + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > r.c; ", "gcc -E -P r.c -o .git/remotes/origin")
open("c4.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
