package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestRgConfig checks that rg with a configuration file
// (RIPGREP_CONFIG_PATH) is known only where the file gives options that
// change how it prints (design.md 398).
func TestRgConfig(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for _, c := range []struct {
		conf, line string // conf "-": no file; "": no variable
		want       bool
	}{
		{"", "rg x src", false},
		{"--smart-case\n# a comment\n--colors\nmatch:fg:red\n--max-columns=150\n", "rg x src", false},
		{"--follow\n", "rg x src", true},
		{"-L\n", "rg x src", true},
		{"--pre=./x\n", "rg x src", true},
		{"--pre\n./x\n", "rg x src", true},
		{"--glob=*.env\n", "rg x src", true},
		{"--follow\n", "rg --no-config x src", false},
		{"-", "rg x src", false}, // rg says it cannot read it, and reads no options
		{"--follow\n", "grep -r x src", false},
	} {
		fs := MapFS{Files: map[string]bool{"/p/src/a.go": true}, Contents: map[string]string{}}
		env := &Env{FS: fs, Getenv: func(string) string { return "" }}
		if c.conf != "" {
			env.Getenv = func(k string) string {
				if k == "RIPGREP_CONFIG_PATH" {
					return "/h/.ripgreprc"
				}
				return ""
			}
			if c.conf != "-" {
				fs.Files["/h/.ripgreprc"] = true
				fs.Contents["/h/.ripgreprc"] = c.conf
			}
		}
		x := Extract(c.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: env, root: "/p", cwd: "/p", home: "/h"}
		if u := e.commandUnit(&x.Cmds[0]); (u.known() != "") != c.want {
			t.Errorf("%s with %q: unknown %q, want unknown %v", c.line, c.conf, u.known(), c.want)
		}
	}
}
