rows = []
def b(cls, line, setup=None):
    rows.append(cls + "\t" + (("setup:" + setup + " ;;; ") if setup else "") + line)
XC = "printf 'int main(void){return 0;}\\n' > x.c"
for t in [".claude/settings.local.json", ".claude/hooks/h.sh", ".claude/commands/x.md", ".claude/skills/s/SKILL.md", "CLAUDE.local.md", ".mcp.json", ".git/hooks/pre-push", "@H@/.claude/settings.local.json", "@H@/.claude/CLAUDE.md"]:
    b("dangling-out2", "go build .", "rm -rf vendor && mkdir -p .claude/hooks .claude/commands .claude/skills/s @H@/.claude && ln -s %s x" % t)
    b("dangling-out2", "gcc x.c", XC + " && mkdir -p .claude/hooks .claude/commands .claude/skills/s @H@/.claude && ln -s %s a.out" % t)
    b("dangling-out2", "make x", XC + " && rm -rf vendor && mkdir -p .claude/hooks .claude/commands .claude/skills/s @H@/.claude && ln -s %s x" % t)
open("c7.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
