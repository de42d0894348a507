package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
)

// TestPythonCargoHandoffs checks the words python and cargo hand to
// code the rule does not name (round 20, design.md 403): python's -c and
// -m end its options, a script's word outside the project and cargo's
// words after -- outside it make the command not known.
func TestPythonCargoHandoffs(t *testing.T) {
	tb := &Table{
		Default: Ask,
		OnError: Deny,
		Floors:  Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules: []Rule{
			{Name: "tools", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("python3", "cargo")}},
		},
		Commands: commands.BaseCommands,
	}
	for line, want := range map[string]Decision{
		"python3 manage.py test":                          Allow,
		"python3 -m pytest -q":                            Allow,
		"python3 manage.py test /tmp/evil":                Ask,
		"python3 manage.py check --pythonpath /tmp/x":     Ask,
		"python3 -c 'import os' manage.py test":           Ask,
		"python3 -m zipfile -c /tmp/x.zip manage.py test": Ask,
		"cargo clippy -- -D warnings":                     Allow,
		"cargo clippy -- -C linker=/tmp/l.sh":             Ask,
		"cargo clippy -- -C link-arg=@/home/user/.netrc":  Ask,
		"cargo fmt -- /tmp/other/lib.rs":                  Ask,
	} {
		env := &Env{Home: "/home/user", Getenv: func(string) string { return "" }}
		if res := Decide(tb, bash(line), env); res.Decision != want {
			t.Errorf("%s: %s (%s), want %s", line, res.Decision, res.Reason, want)
		}
	}
}
