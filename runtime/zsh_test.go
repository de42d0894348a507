package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
)

// TestZsh checks the lines zsh reads otherwise than bash, when the hook's
// environment says Claude Code runs the Bash tool with zsh (round 21,
// design.md 406): an allow rule does not decide them, and the shell is
// found as Claude Code finds it. The operands zsh reads as arithmetic
// are numbers in either shell (mathUnknown, design.md 414).
func TestZsh(t *testing.T) {
	tb := testTable(commands.BaseCommands,
		Rule{Name: "read-only", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("printf", "test", "cat", "ls", "git", "cd", "echo")}},
		Rule{Name: "assignments", Pos: "p.cue:2:1", Decision: Allow, Cmd: &CmdCond{Name: exact("")}})
	zshFS := MapFS{Files: map[string]bool{"/usr/bin/zsh": true, "/bin/bash": true, "/project/README.md": true}}
	env := func(fs MapFS, vars ...string) *Env {
		e := testEnv(vars...)
		e.FS = fs
		return e
	}
	zsh := env(zshFS, "SHELL", "/usr/bin/zsh")
	for _, c := range []struct {
		line string
		env  *Env
		want Decision
	}{
		{`printf '%d\n' 'path[$(touch M)]'`, zsh, Ask},
		{`test -t 'path[$(touch M)]'`, zsh, Ask},
		{`[ -t 'path[$(touch M)]' ]`, zsh, Ask},
		{"cat README.md", zsh, Allow},
		{"cat src/*.go", zsh, Ask},
		{"ls ^README.md", zsh, Ask},
		{"ls =ls", zsh, Ask},
		{"git log HEAD~1", zsh, Ask},
		{"git status", zsh, Allow},
		{"cd src && ls", zsh, Allow},
		{"cd project other && ls", zsh, Ask},
		{"echo ~/x", zsh, Allow},
		// zsh's path is PATH, cdpath CDPATH (policies10, design.md 437).
		{"path=bin; git status", zsh, Ask},
		{"for path in bin; do git status; done", zsh, Ask},
		{"cdpath=/x; cd y", zsh, Ask},
		{"path=bin; git status", env(zshFS, "SHELL", "/bin/bash"), Allow},
		{"p=bin; git status", zsh, Allow},
		// bash's brace expansion, not zsh's (design.md 434).
		{"cat README.{md,txt}", zsh, Ask},
		{"cat README.{md,txt}", env(zshFS, "SHELL", "/bin/bash"), Allow},
		// An operand zsh reads as arithmetic is a number, whatever the
		// shell (design.md 414).
		{`printf '%d\n' 'path[$(touch M)]'`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`printf '%s %d\n' a 'path[$(touch M)]'`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`printf '%*s' DATABASE_URL x`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`test -t DATABASE_URL`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`[ 1 -eq 'a[$(touch M)]' ]`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`printf '%d\n' "$n"`, env(zshFS, "SHELL", "/bin/bash"), Ask},
		{`printf '%d %x %5.2f\n' 42 0x1f -3.5e2`, env(zshFS, "SHELL", "/bin/bash"), Allow},
		{`printf '%s %c\n' 'path[$(touch M)]' x`, env(zshFS, "SHELL", "/bin/bash"), Allow},
		{`test -t 1 && test 2 -lt 3`, env(zshFS, "SHELL", "/bin/bash"), Allow},
		{`printf '%d\n' 5`, env(zshFS, "SHELL", "/bin/bash", "CLAUDE_CODE_SHELL", "/usr/bin/zsh"), Ask},
		{`printf '%d\n' 5`, env(zshFS, "SHELL", "/usr/bin/fish"), Ask},
		{`printf '%d\n' 5`, env(MapFS{Files: map[string]bool{"/bin/bash": true}}, "SHELL", "/usr/bin/fish"), Allow},
		{`printf '%d\n' 5`, env(zshFS), Allow}, // no SHELL: a test's environment
	} {
		if res := Decide(tb, bash(c.line), c.env); res.Decision != c.want {
			t.Errorf("%s (SHELL=%s): %s (%s), want %s", c.line, c.env.Getenv("SHELL"), res.Decision, res.Reason, c.want)
		}
	}
}
