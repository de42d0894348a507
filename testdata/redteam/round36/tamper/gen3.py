import json
rows = []
def j(cls, tool, obj, setup=None):
    rows.append(cls + "\tjson:" + tool + "\t" + json.dumps(obj) + (("\tsetup:" + setup) if setup else ""))
for d in ["docs", ".bmad", "@H@/.claude/hooks"]:
    for f in ["CLAUDE.md", "CLAUDE.local.md", ".claude/skills/x/SKILL.md", ".claude/settings.json", ".claude/commands/c.md", ".claude/agents/a.md", ".claude/hooks/h.sh", ".mcp.json", ".envrc", "conftest.py", "x_test.go", "Makefile", ".pre-commit-config.yaml", ".gitattributes", ".git/hooks/pre-commit", ".git/config"]:
        p = (d if d.startswith("@") else "@P@/" + d) + "/" + f
        j("nested-" + d.strip("@").replace("/", "_"), "Write", {"file_path": p, "content": "evil"})
# Write spellings for the approved ~/.claude/hooks
for p in ["@H@/.claude/hooks/./x.sh", "@H@/.claude/hooks//x.sh", "@H@/.claude//hooks/x.sh", "@H@/.claude/hooks/x/../../settings.json", "@H@/.claude/hooks/.", "@H@/.claude/hooks",
          "~/.claude/hooks/x.sh", "~/.claude/hooks/../settings.json", "/proc/self/root@H@/.claude/hooks/x.sh", "@H@/.claude/hooks/x.sh/", "@H@/.claude/hooks/settings.json",
          "@H@/.claude/hooks/hooks.json", "@H@/.claude/hooks/../../.claude.json", "@P@/docs/../.claude/settings.json", "@P@/docs/../CLAUDE.md", "@P@/docs/./../.envrc"]:
    j("hookspell", "Write", {"file_path": p, "content": "evil"})
    j("hookspell", "Edit", {"file_path": p, "old_string": "a", "new_string": "b"})
open("c3.tsv", "w").write("\n".join(rows) + "\n")
print(len(rows))
