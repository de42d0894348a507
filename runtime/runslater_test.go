package runtime

import "testing"

func TestRunsLater(t *testing.T) {
	for p, want := range map[string]bool{
		"/project/.git/hooks/pre-commit":            true,
		"/project/src/.git/hooks":                   true,
		"/project/sub/.git/config":                  true,
		"/project/.husky/pre-push":                  true,
		"/project/.husky":                           true,
		"/project/.claude/settings.json":            true,
		"/project/x/.claude/settings.local.json":    true,
		"/home/user/.claude/hooks/check.py":         true,
		"/project/.claude/commands/deploy.md":       true,
		"/project/.claude/skills/x/SKILL.md":        true,
		"/project/.claude/agents/reviewer.md":       true,
		"/project/.mcp.json":                        true,
		"/project/.git/config.worktree":             true,
		"/project/.git/commondir":                   true,
		"/project/.git/modules/x/config":            true,
		"/project/.git/modules/x/hooks/pre-push":    true,
		"/project/.git/modules/x/HEAD":              false,
		"/project/.git/modules/x/commondir":         true,
		"/project/.git/worktrees/w/commondir":       true,
		"/project/.git/worktrees/w/config.worktree": true,
		"/project/.Git/hooks/pre-commit":            true,
		"/project/.CLAUDE/Settings.json":            true,
		"/project/.mcp.JSON":                        true,
		"/project/.pre-commit-config.yaml":          true,
		"/project/.git/HEAD":                        false,
		"/project/docs/hooks/pre-commit.md":         false,
		"/project/.claude/settings.json.bak":        true, // below .claude: its configuration (round 36)
		"/project/gitconfig":                        false,
		"/project/Makefile":                         false,
		"/project/my.mcp.json":                      false,
		"/project/.git/hooks.d/x":                   false,
		"/project/husky/pre-commit":                 false,
		"/project/.claude/CLAUDE.md":                true,
		"/project/.claude/rules/r.md":               true,
		"/project/docs/.claude/output-styles/o.md":  true,
		"/project/.envrc":                           true,
		"/project/CLAUDE.md":                        false, // the project's memory, which /init has the agent write
		"/project/claude/x.md":                      false,
		"/project/src/.github/workflows/ci.yml":     false,
		"/project/claude/.git/config.orig":          false,
		"/project/claude/.git/info/exclude":         false,
		// What Claude Code protects itself (design.md 429).
		"/home/user/.claude.json":                           true,
		"/home/user/.claude.json.backup":                    true,
		"/project/.vscode/tasks.json":                       true,
		"/project/web/.VSCode/settings.json":                true,
		"/project/.idea/workspace.xml":                      true,
		"/project/.cargo/config.toml":                       true,
		"/project/.devcontainer/devcontainer.json":          true,
		"/project/.devcontainer.json":                       true,
		"/project/.yarn/plugins/x.cjs":                      true,
		"/project/.yarnrc.yml":                              true,
		"/project/.mvn/wrapper/maven-wrapper.properties":    true,
		"/project/gradle/wrapper/gradle-wrapper.properties": true,
		"/project/.githooks/pre-commit":                     true,
		"/project/dotfiles/.bashrc":                         true,
		"/project/.gitmodules":                              true,
		"/project/.npmrc":                                   true,
		"/project/.pnpmfile.cjs":                            true,
		"/project/bunfig.toml":                              true,
		"/project/.bazelversion":                            true,
		"/project/lefthook.yml":                             true,
		"/project/pyrightconfig.json":                       true,
		"/project/x/.config/git/config":                     true,
		"/project/vscode/tasks.json":                        false,
		"/project/src/idea.go":                              false,
		"/project/cargo/config.toml":                        false,
		"/project/docs/npmrc.md":                            false,
		"/project/.claude.jsonx":                            false,
		// A worktree Claude Code keeps is a checkout of the project, but for
		// the configuration inside it.
		"/project/.claude/worktrees/w/src/main.go":              false,
		"/project/.claude/worktrees/w":                          false,
		"/project/.claude/worktrees":                            false,
		"/project/.claude/worktrees/w/.claude/settings.json":    true,
		"/project/.claude/worktrees/w/.claude/worktrees/v/x.go": true,
		"/project/.claude/worktrees/w/.git/hooks/pre-commit":    true,
		"/project/.claude/worktrees/w/.envrc":                   true,
		"/project/.claude/worktrees/w/.vscode/tasks.json":       true,
		"/project/.claude/worktreesx/a.go":                      true,
	} {
		if got := runsLater(p) != ""; got != want {
			t.Errorf("runsLater(%q) = %q, want a reason: %v", p, runsLater(p), want)
		}
	}
}

// TestHomeSettings checks the home's settings and start-up files whose
// write is code (design.md 398).
func TestHomeSettings(t *testing.T) {
	for p, want := range map[string]bool{
		"/home/user/.bashrc":                                   true,
		"/home/user/.jq":                                       true,
		"/home/user/.config/lesskey":                           true,
		"/home/user/.config/fish/conf.d/x":                     true,
		"/home/user/.config/go/env":                            true,
		"/home/user/.local/bin/git":                            true,
		"/home/user/.ripgreprc":                                true,
		"/home/user/.less":                                     true,
		"/home/user/man.local":                                 true,
		"/home/user/an-ext.tmac":                               true,
		"/home/user/tmac.an":                                   true,
		"/home/user/.local/lib/python3.11/site-packages/x.pth": true,
		"/home/user/.local/lib/python3.11/site-packages/usercustomize.py": true,
		"/home/user/notes/x.tmac":    false,
		"/home/user/.lessx":          false,
		"/home/user/.jqx":            false,
		"/home/user/notes/.jq":       false,
		"/home/user/.config/gopls/x": false,
		"/home/other/.bashrc":        false, // outside the home: a write outside the project
		"/project/.jq":               false,
	} {
		if got := homeSettings(p, "/home/user") != ""; got != want {
			t.Errorf("homeSettings(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestLaterCodeOutside checks that a write below the home outside the
// project, or among the system's programs and settings, is code that later
// commands may take, and a write in a project that lives there is not
// (policies11).
func TestLaterCodeOutside(t *testing.T) {
	for _, c := range []struct {
		root, p string
		later   bool
	}{
		{"/home/u/p", "/home/u/.kube/config", true},
		{"/home/u/p", "/home/u/.ssh/authorized_keys", true},
		{"/home/u/p", "/home/u/notes/x.txt", true},
		{"/home/u/p", "/home/u/p/src/a.go", false},
		{"/home/u/p", "/etc/cron.d/x", true},
		{"/home/u/p", "/usr/local/bin/git", true},
		{"/home/u/p", "/tmp/out.txt", false},
		{"/usr/src/app", "/usr/src/app/main.go", false},
		{"/usr/src/app", "/usr/src/other/x", true},
		{"/opt/app", "/opt/app/src/x.c", false},
	} {
		e := &evaluator{root: c.root, home: "/home/u"}
		u := &unit{paths: []access{{w: Word{Text: c.p}, write: true}}}
		if got := e.laterCode(u) != ""; got != c.later {
			t.Errorf("root %s, write %s: later code %v, want %v", c.root, c.p, got, c.later)
		}
	}
}
