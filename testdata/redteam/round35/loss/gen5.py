E = "export GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a GIT_COMMITTER_EMAIL=a@b GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z; "
TAGONLY = E + "c=$(git commit-tree $(git mktree </dev/null) -m keep); git tag keep $c; "
SRC = "printf 'int main(){return 0;}\\n' > x.c; "
OBJ = "gcc -c x.c -o x.o; "
K = ".git/refs/tags/keep"
rows = []
def add(cls, setup, line):
    rows.append("%s\tsetup:%s ;;; %s" % (cls, setup.rstrip("; ") or "true", line))
for w in ["gcc -o ./%s x.c", "g++ -x c x.c -o %s", "gcc -S -o %s x.c", "gcc -shared -o %s x.c", "gcc -o%s x.c", "gcc x.c --output=%s", "gcc x.c --output %s",
          "gcc -MM x.c -MF%s", "gcc -MMD -MF %s -c x.c", "gcc -aux-info %s -c x.c", "gcc -c x.c -o x.o -save-temps=obj -dumpbase %s", "gcc -E x.c > %s",
          "ld -o %s x.o", "ld -r x.o -o %s", "ld x.o -o%s -e main", "g++ -c x.c -o %s", "gcc -c x.c -o x.o -Wa,-al=%s",
          "ninja -t list > %s", "ninja --help 2> %s", "cmake --system-information %s", "cmake --help-full %s", "cmake --help-module-list %s", "make -f /dev/null -pn > %s",
          "make -f /dev/null > %s", "make -q -f /dev/null 2>%s", "gcc -dumpversion > %s", "gcc -print-search-dirs > %s", "gcc -v 2>&1 >%s", "cd .git && gcc --version > refs/tags/keep", "cd .git/refs/tags && make -v > keep"]:
    add("gitref2", TAGONLY + SRC + OBJ, w % K if "%s" in w else w)
open("c5.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
