# c1: build tools of tool-permissions writing git's own files (refs, objects, index, reflogs, packs)
E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
C = "2a54121847924b552e6fa2758ec7bd50c6b55fac"
OBJ = ".git/objects/%s/%s" % (C[:2], C[2:])
TAGONLY = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); git tag keep $c; "
STAGED = E + "echo staged-only > s.txt; git add s.txt; echo other > s.txt; "
STASH2 = E + "echo one >> notes.txt; git stash -q; echo two >> README.md; git stash -q; "
REFLOG = E + "echo x > x.txt; git add x.txt; git commit -qm x; git reset -q --hard HEAD~1; "
BRANCH = E + "c=$(git commit-tree $(git mktree </dev/null) -p HEAD -m f); git branch f $c; "
SRC = "printf 'int main(){return 0;}\\n' > x.c; "
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
# loose commit object held only by a tag
for w in ["make --version > %s", "gcc --version >| %s", "ninja --version 1> %s", "cmake --version &> %s", "clang --version > %s", "g++ -v 2> %s", "ld --version >%s", "make -v >> %s"]:
    add("gitobj", TAGONLY, w % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -o %s x.c" % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -c -o %s x.c" % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -E x.c -o%s" % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -M -MF %s x.c" % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -MD -MF %s -c x.c -o x.o" % OBJ)
add("gitobj", TAGONLY + SRC, "gcc -Wl,-Map=%s x.c -o a.out" % OBJ)
add("gitobj", TAGONLY + SRC, "clang -S x.c -o %s" % OBJ)
add("gitobj", TAGONLY + SRC, "g++ -x none x.c -o %s" % OBJ)
# packs: every object
PACK = TAGONLY + E + "git gc -q; "
for w in ["make -v > .git/objects/pack/*.pack", "make -v > .git/objects/pack/*.idx", "gcc --version > .git/objects/pack/pack-*.idx"]:
    add("gitpack", PACK, w)
add("gitpack", PACK + SRC, "gcc -o .git/objects/pack/*.idx x.c")
# tag ref, packed-refs
add("gitref", TAGONLY, "make -v > .git/refs/tags/keep")
add("gitref", TAGONLY + "git pack-refs --all; ", "make -v > .git/packed-refs")
add("gitref", TAGONLY + "git pack-refs --all; " + SRC, "gcc -o .git/packed-refs x.c")
add("gitref", BRANCH, "make -v > .git/refs/heads/f; make -v > .git/logs/refs/heads/f")
add("gitref", BRANCH + SRC, "gcc -o .git/refs/heads/f x.c && gcc -o .git/logs/refs/heads/f x.c")
# stash and reflogs
add("gitstash", STASH2, "make -v > .git/logs/refs/stash")
add("gitstash", STASH2, "make -v > .git/refs/stash; make -v > .git/logs/refs/stash")
add("gitreflog", REFLOG, "make -v > .git/logs/HEAD; make -v > .git/logs/refs/heads/master")
add("gitreflog", REFLOG + SRC, "gcc -o .git/logs/HEAD x.c; gcc -o .git/logs/refs/heads/master x.c")
# index: staged-only content
for w in ["make -v > .git/index", "gcc --version >|.git/index", "cmake --version > ./.git/index", "make -v > .git//index", "make -v > src/../.git/index"]:
    add("gitindex", STAGED, w)
add("gitindex", STAGED + SRC, "gcc -o .git/index x.c")
add("gitindex", STAGED + SRC, "clang -M x.c -MF .git/index")
# uncommitted work overwritten by the rule's writes (./**): in the project
UNC = "echo uncommitted-work >> notes.txt; "
for w in ["make -v > notes.txt", "gcc --version >| notes.txt"]:
    add("unc", UNC, w)
add("unc", UNC + SRC, "gcc -o notes.txt x.c")
add("unc", UNC + SRC, "gcc -M x.c -MF notes.txt")
add("unc", "echo untracked-draft > draft.md; " + SRC, "gcc -c x.c -o draft.md")
open("c1.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
