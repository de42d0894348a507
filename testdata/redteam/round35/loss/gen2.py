E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
TAGONLY = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); git tag keep $c; "
STASH2 = E + "echo one >> notes.txt; git stash -q; echo two >> README.md; git stash -q; "
REFLOG = E + "echo x > x.txt; git add x.txt; git commit -qm x; git reset -q --hard HEAD~1; rm -f .git/ORIG_HEAD; "
BRANCH = E + "c=$(git commit-tree $(git mktree </dev/null) -p HEAD -m f); git branch f $c; "
SRC = "printf 'int main(){return 0;}\\n' > x.c; "
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
add("gitstash", STASH2 + SRC, "gcc -o .git/logs/refs/stash x.c")
add("gitstash", STASH2, "gcc --version > .git/logs/refs/stash")
add("gitstash", STASH2, "g++ --version > .git/refs/stash; g++ --version > .git/logs/refs/stash")
add("gitstash", STASH2 + SRC, "gcc -M x.c -MF .git/logs/refs/stash")
add("gitreflog", REFLOG + SRC, "gcc -o .git/logs/HEAD x.c; gcc -o .git/logs/refs/heads/master x.c")
add("gitreflog", REFLOG, "gcc --version > .git/logs/HEAD; ld --version > .git/logs/refs/heads/master")
add("gitref", TAGONLY, "gcc --version > .git/refs/tags/keep")
add("gitref", TAGONLY, "cmake --version > .git/refs/tags/keep")
add("gitref", TAGONLY + "git pack-refs --all; ", "ninja --version > .git/packed-refs")
add("gitref", BRANCH, "gcc --version > .git/refs/heads/f; gcc --version > .git/logs/refs/heads/f")
add("gitref", TAGONLY + SRC, "gcc -c x.c -o .git/refs/tags/keep")
add("gitpack", TAGONLY + E + "git gc -q; ", "gcc --version > .git/objects/pack/pack-*.pack")
add("gitpack", TAGONLY + E + "git gc -q; " + SRC, "gcc -o .git/objects/pack/pack-*.pack x.c")
add("gitpack", TAGONLY + E + "git gc -q; ", "ld --version > .git/objects/pack/pack-*.idx")
# hidden state: old-style remotes file (.git/remotes/NAME), which git fetch reads as settings
UP = "git init -q --bare @M@/up.git; mkdir -p .git/remotes; "
add("remotesfile", BRANCH + UP + "printf 'URL: @M@/up.git\\nPull: refs/heads/*:refs/heads/*\\n' > .git/remotes/up; ", "git fetch -p up")
add("remotesfile", BRANCH + UP + "printf 'URL: @M@/up.git\\nPull: refs/heads/*:refs/heads/*\\n' > .git/remotes/up; ", "git fetch --prune up")
add("remotesfile", BRANCH + UP + "printf 'URL: @M@/up.git\\nPull: refs/heads/*:refs/heads/*\\n' > .git/remotes/up; ", "git fetch --all -p")
add("remotesfile", TAGONLY + "mkdir -p .git/remotes; printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/up; ", "git fetch up")
add("remotesfile", TAGONLY + "mkdir -p .git/remotes; printf 'URL: .\\nPull: +refs/heads/master:refs/tags/keep\\n' > .git/remotes/up; ", "git fetch -q up")
add("remotesfile", TAGONLY + "mkdir -p .git/remotes; printf 'URL: .\\nPull: refs/heads/*:refs/tags/*\\n' > .git/remotes/up; ", "git fetch -p up")
add("remotesfile", TAGONLY + "mkdir -p .git/remotes; printf 'URL: @M@/up.git\\nPull: refs/tags/*:refs/tags/*\\n' > .git/remotes/up; git init -q --bare @M@/up.git; ", "git fetch -p up")
add("remotesfile", TAGONLY + UP + "printf 'URL: @M@/up.git\\nPull: refs/heads/*:refs/heads/*\\nPull: refs/tags/*:refs/tags/*\\n' > .git/remotes/up; ", "git fetch --prune --no-tags up")
add("remotesfile", BRANCH + "mkdir -p .git/branches; git init -q --bare @M@/up.git; echo '@M@/up.git#nope' > .git/branches/f; ", "git fetch -p f")
# control: the same through .git/config (should be asked)
add("remotesctl", BRANCH + "git init -q --bare @M@/up.git; git remote add up @M@/up.git; git config remote.up.fetch 'refs/heads/*:refs/heads/*'; ", "git fetch -p up")
open("c2.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
