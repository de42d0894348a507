package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestGitHistory checks which git commands print from the history
// (design.md 246, 247), in a work tree with files, a directory and no
// index (gitHistory does not read it). The adversarial suite
// (testdata/adversarial/history.tsv) holds the guard's decisions, each
// line checked against git itself.
func TestGitHistory(t *testing.T) {
	fs := MapFS{Files: map[string]bool{"/p/.git/HEAD": true, "/p/README.md": true, "/p/src/main.go": true}}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]bool{
		"git log":                             false,
		"git log --stat --all":                false,
		"git log -p":                          true,
		"git log -S KEY --oneline":            true,
		"git log -p -- src/main.go":           false,
		"git log -p -- src":                   true,
		"git log -p -- '*.go'":                true,
		"git log -p --follow -- src/main.go":  true,
		"git log -p --full-diff -- README.md": true,
		"git log -p -S -- -p HEAD~2":          true, // -- is -S's value
		"git log -L1,2:src/main.go":           true,
		"git -C src log -p -- main.go":        false,
		"git show":                            true,
		"git show --stat":                     false,
		"git show --stat v1":                  true, // a tag may name a blob
		"git show HEAD~3:":                    false,
		"git show HEAD~3:src/main.go":         false,
		"git show 'HEAD^{tree}'":              false,
		"git show ':/msg'":                    true,
		"git show HEAD~1 -- src/main.go":      false,
		"git diff":                            false,
		"git diff src/main.go":                false,
		"git diff --cached":                   true,
		"git diff HEAD~3 HEAD":                true,
		"git diff --stat HEAD~3":              false,
		"git diff HEAD~3 HEAD -- src/main.go": false,
		"git diff main -- src/main.go":        true, // main may be a blob
		"git grep x":                          false,
		"git grep x HEAD~2":                   true,
		"git grep -e x HEAD~2 -- README.md":   false,
		"git grep x README.md":                false,
		"git cat-file -p HEAD~2":              false,
		"git cat-file -p 2465b65":             true,
		"git cat-file blob HEAD:README.md":    false,
		"git cat-file -t 2465b65":             false,
		"git stash show":                      true,
		"git stash show --stat":               false,
		"git stash list -p":                   true,
		"git blame HEAD~2 -- README.md":       false,
		"git ls-tree -r HEAD~3":               false,
	} {
		x := Extract(line, know, Limits{})
		if len(x.Cmds) != 1 {
			t.Fatalf("%q: %d commands", line, len(x.Cmds))
		}
		e := &evaluator{t: &Table{}, p: &payload.Payload{}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		c := &x.Cmds[0]
		dir := c.Dir
		for _, v := range c.Values {
			if v.Kind == OptDir {
				dir = joinDir(dir, v.Value)
			}
		}
		if got := e.gitHistory(c, dir); got != want {
			t.Errorf("%q: prints from the history %v, want %v", line, got, want)
		}
	}
}
