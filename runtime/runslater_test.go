package runtime

import "testing"

func TestRunsLater(t *testing.T) {
	for p, want := range map[string]bool{
		"/project/.git/hooks/pre-commit":         true,
		"/project/src/.git/hooks":                true,
		"/project/sub/.git/config":               true,
		"/project/.husky/pre-push":               true,
		"/project/.husky":                        true,
		"/project/.claude/settings.json":         true,
		"/project/x/.claude/settings.local.json": true,
		"/home/user/.claude/hooks/check.py":      true,
		"/project/.claude/commands/deploy.md":    true,
		"/project/.claude/skills/x/SKILL.md":     true,
		"/project/.mcp.json":                     true,
		"/project/.git/HEAD":                     false,
		"/project/docs/hooks/pre-commit.md":      false,
		"/project/.claude/agents/reviewer.md":    false,
		"/project/.claude/settings.json.bak":     false,
		"/project/gitconfig":                     false,
		"/project/Makefile":                      false,
		"/project/my.mcp.json":                   false,
		"/project/.git/hooks.d/x":                false,
		"/project/husky/pre-commit":              false,
		"/project/.claude/CLAUDE.md":             false,
		"/project/src/.github/workflows/ci.yml":  false,
		"/project/claude/.git/config.orig":       false,
		"/project/claude/.git/info/exclude":      false,
	} {
		if got := runsLater(p) != ""; got != want {
			t.Errorf("runsLater(%q) = %q, want a reason: %v", p, runsLater(p), want)
		}
	}
}
