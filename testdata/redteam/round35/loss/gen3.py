E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
KEEP = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); "
TREETAG = "git tag t $(git rev-parse HEAD^{tree}); git tag -a -m tt tt $(git rev-parse HEAD^{tree}); "
TAGONLY = KEEP + "git tag keep $c; "
STAGED = E + "echo staged-only > s.txt; git add s.txt; echo other > s.txt; "
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
# fetch of a non-commit: git updates the ref without the fast-forward check and without --force
for ref in ["refs/keep/x", "refs/original/refs/heads/master", "refs/replace/2a54121847924b552e6fa2758ec7bd50c6b55fab", "refs/bisect/bad", "refs/pull/1/head", "refs/notes/commits", "refs/heads/f"]:
    add("fetchnoncommit", KEEP + TREETAG + "git update-ref %s $c; " % ref, "git fetch . t:%s" % ref)
add("fetchnoncommit", KEEP + TREETAG + "git update-ref refs/keep/x $c; ", "git fetch . tt:refs/keep/x")
add("fetchnoncommit", KEEP + TREETAG + "git update-ref refs/keep/x $c; ", "git fetch -q . refs/tags/t:refs/keep/x")
add("fetchnoncommit", KEEP + TREETAG + "git update-ref refs/keep/x $c; ", "git fetch --no-tags . 't:refs/keep/x'")
add("fetchnoncommit", KEEP + TREETAG + "git update-ref refs/keep/a $c; git update-ref refs/keep/b $c; ", "git fetch . t:refs/keep/a t:refs/keep/b")
add("fetchnoncommit", KEEP + TREETAG + "git update-ref refs/keep/x $c; ", "git fetch --atomic . t:refs/keep/x")
# the old refs of the remotes file for the default remote: plain git fetch
O = "mkdir -p .git/remotes; "
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch origin")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/origin; ", "git fetch --all")
add("remotesfile", TAGONLY + O + "git init -q --bare @M@/up.git; printf 'URL: @M@/up.git\\nPull: refs/tags/*:refs/tags/*\\n' > .git/remotes/origin; ", "git fetch -p")
add("remotesfile", TAGONLY + O + "git init -q --bare @M@/up.git; printf 'URL: @M@/up.git\\nPull: refs/tags/*:refs/tags/*\\n' > .git/remotes/origin; ", "git fetch --prune origin")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/up; ", "git fetch --multiple up")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/up; ", "git fetch -v up")
add("remotesfile", KEEP + "git update-ref refs/keep/x $c; " + O + "printf 'URL: .\\nPull: +HEAD:refs/keep/x\\n' > .git/remotes/up; ", "git fetch up")
add("remotesfile", TAGONLY + O + "printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/up; git config branch.master.remote up; ", "git fetch")
# cat into claude/ (tool-permissions allows it) through links
add("catlink", STAGED + "mkdir claude; ln .git/index claude/x; ", "cat README.md > claude/x")
add("catlink", "echo uncommitted >> notes.txt; mkdir claude; ln notes.txt claude/n; ", "cat README.md > claude/n")
add("catlink", TAGONLY + "mkdir claude; ln .git/refs/tags/keep claude/k; ", "cat README.md > claude/k")
add("catlink", STAGED + "ln -s .git claude; ", "cat README.md > claude/index")
add("catlink", STAGED + "mkdir claude; ln -s ../.git/index claude/x; ", "cat README.md > claude/x")
add("catlink", "echo uncommitted >> notes.txt; mkdir claude; ln -s ../notes.txt claude/n; ", "cat README.md >| claude/n")
open("c3.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
