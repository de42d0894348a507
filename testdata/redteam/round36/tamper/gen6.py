rows = []
def b(cls, line, setup=None):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
XC = "printf 'int main(void){return 0;}\\n' > x.c"
for t in [".git/hooks/post-checkout", ".husky/pre-commit", "@H@/.local/bin/git", "@H@/.claude/hooks/guard", "node_modules/.bin/jest", "@M@/new.txt", ".git/hooks/fsmonitor", "@H@/.config/autostart/x.desktop"]:
    b("dangling-out", "go build .", "rm -rf vendor && mkdir -p .husky node_modules/.bin @H@/.local/bin @H@/.claude/hooks @H@/.config/autostart && ln -s %s x" % t)
    b("dangling-out", "go test -c .", "rm -rf vendor && mkdir -p .husky node_modules/.bin @H@/.local/bin @H@/.claude/hooks @H@/.config/autostart && ln -s %s x.test" % t)
    b("dangling-out", "gcc x.c", XC + " && mkdir -p .husky node_modules/.bin @H@/.local/bin @H@/.claude/hooks @H@/.config/autostart && ln -s %s a.out" % t)
    b("dangling-out", "ld x.o", XC + " && gcc -c x.c && mkdir -p .husky node_modules/.bin @H@/.local/bin @H@/.claude/hooks @H@/.config/autostart && ln -s %s a.out" % t)
open("c6.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
