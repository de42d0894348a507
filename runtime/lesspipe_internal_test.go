package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestLessPreprocessed checks that less of a packed file, by its name or
// its first bytes, is not known without -L (design.md 380), and that a
// compressed copy of a secret is one.
func TestLessPreprocessed(t *testing.T) {
	fs := MapFS{
		Files:    map[string]bool{"/p/backup": true, "/p/notes": true, "/p/a.tar": true},
		Contents: map[string]string{"/p/backup": "\xfd7zXZ\x00rest", "/p/notes": "plain text", "/p/a.tar": string(make([]byte, 257)) + "ustar\x0000"},
		Links:    map[string]string{"/p/README.md": "/p/docs.gz"},
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]bool{
		"less server.key.gz": true, "less x.ZST": true, "less backup": true, "less a.tar": true, "less README.md": true,
		"less notes": false, "less -L backup": false, "less --no-lessopen x.gz": false, "cat backup": false,
	} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		if u := e.commandUnit(&x.Cmds[0]); (u.known() != "") != want {
			t.Errorf("%s: unknown %q, want unknown %v", line, u.known(), want)
		}
	}
	for p, want := range map[string]string{"server.key.gz": "server.key", "/p/.env.xz": "/p/.env", "a.tar.gz": "a.tar", "x.gz/": "x.gz/", ".gz": ".gz", "notes": "notes"} {
		if got, _ := unpackedName(p); got != want {
			t.Errorf("unpackedName(%q) = %q, want %q", p, got, want)
		}
	}
}
