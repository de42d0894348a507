E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
TAGONLY = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); git tag keep $c; "
UP = "git init -q --bare @M@/up.git; git push -q @M@/up.git HEAD:refs/heads/master; git remote add origin @M@/up.git; "
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
SYM = TAGONLY + UP + "git symbolic-ref refs/remotes/origin/master refs/tags/keep; "
for l in ["git fetch", "git fetch origin", "git fetch -p", "git fetch --prune origin", "git fetch -q", "git fetch --all", "git fetch origin master", "git fetch --no-tags origin"]:
    add("symref", SYM, l)
add("symref", TAGONLY + UP + "mkdir -p .git/refs/remotes/origin; echo 'ref: refs/tags/keep' > .git/refs/remotes/origin/master; ", "git fetch")
add("symref", TAGONLY + UP + "git symbolic-ref refs/remotes/origin/master refs/keep/x; git update-ref refs/keep/x $c; git tag -d keep; ", "git fetch")
add("symref", E + "echo one >> notes.txt; git stash -q; " + UP + "git symbolic-ref refs/remotes/origin/master refs/stash; ", "git fetch")
add("symref", E + "b=$(git commit-tree $(git mktree </dev/null) -p HEAD -m f); git branch f $b; " + UP + "git symbolic-ref refs/remotes/origin/master refs/heads/f; ", "git fetch")
add("symref", TAGONLY + UP + "git pack-refs --all; git symbolic-ref refs/remotes/origin/master refs/tags/keep; ", "git fetch")
add("symref", TAGONLY + "git init -q --bare @M@/up.git; git push -q @M@/up.git HEAD:refs/heads/master; mkdir -p .git/remotes; printf 'URL: @M@/up.git\\n' > .git/remotes/origin; git symbolic-ref refs/remotes/origin/master refs/tags/keep; ", "git fetch origin master:refs/remotes/origin/master")
add("symref", TAGONLY + UP + "git symbolic-ref refs/remotes/origin/master refs/tags/keep; ", "git fetch origin +master:refs/remotes/origin/master")
add("symref", TAGONLY + UP + "git symbolic-ref refs/remotes/origin/master refs/tags/keep; ", "git fetch origin master:refs/remotes/origin/master")
open("c6.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
