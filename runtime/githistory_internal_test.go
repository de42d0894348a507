package runtime

import (
	"fmt"
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
		// Notes are blobs; %(raw) prints a ref's object (round 35).
		"git log --notes":                            true,
		"git log --show-notes='*' --oneline":         true,
		"git log --format=%N":                        true,
		"git show -s --notes=review":                 true,
		"git log --no-notes":                         false,
		"git for-each-ref --format='%(raw)'":         true,
		"git tag -l --format='%(*raw)'":              true,
		"git branch --format='%(refname) %(raw)'":    true,
		"git for-each-ref --format='%(raw:size)'":    false,
		"git for-each-ref --format='%(refname)'":     false,
		"git tag -n99":                               false, // a tag's message, as a commit's
		"git branch -v":                              false,
		"git cat-file -p refs/notes/commits:0569f10": true,
		"git show notes/review:0569f10":              true,
		"git blame refs/notes/commits -- 0569f10":    true,
		"git blame -L 1,5 HEAD~2 -- gone.txt":        true,
		"git blame README.md":                        false,
		"git blame -e gone.js":                       false, // one operand: the file, which git reads from the work tree
		"git blame v1 -- README.md":                  true,  // v1 may be a notes ref
		"git blame -- 0569f10 refs/notes/commits":    true,
		"git blame -L 1,5 HEAD~2 -- src/main.go":     false,
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

// TestGitNotes holds which git log spellings show the notes of
// refs/notes/commits where it exists, and finding them loose or packed.
func TestGitNotes(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]int{
		"git log":                    notesDefault,
		"git log -1 --stat":          notesDefault,
		"git show -s":                notesDefault,
		"git log --oneline":          notesHidden,
		"git log --format=%s":        notesHidden,
		"git log --pretty=format:%h": notesHidden,
		"git reflog":                 notesHidden,
		"git log --no-notes":         notesHidden,
		"git log --format=%s%n%N":    notesShown,
		"git log --format=%+N":       notesShown,
		"git log --format='% N'":     notesShown,
		"git log --format=%-N":       notesShown,
		"git log --format=%%N%s":     notesHidden,
		"git log --format=%%%N":      notesShown,
		"git reflog --notes":         notesShown,
	} {
		x := Extract(line, know, Limits{})
		if got := gitNotes(&x.Cmds[0]); got != want {
			t.Errorf("%q: gitNotes %d, want %d", line, got, want)
		}
	}
	packed := func(refs ...string) MapFS {
		text := "# pack-refs with: peeled fully-peeled sorted\n"
		for _, r := range refs {
			text += "0569f103d4f956586d8642042f907e5f4c988238 " + r + "\n"
		}
		return MapFS{Files: map[string]bool{"/g/packed-refs": true}, Contents: map[string]string{"/g/packed-refs": text}}
	}
	heads := func(n int) []string {
		var refs []string
		for i := range n {
			refs = append(refs, fmt.Sprintf("refs/heads/topic-%05d", i))
		}
		return refs
	}
	for _, c := range []struct {
		fs   MapFS
		want bool
	}{
		{MapFS{Files: map[string]bool{"/g/refs/notes/commits": true}}, true},
		{MapFS{Files: map[string]bool{"/g/refs/heads/main": true}}, false},
		{packed("refs/heads/main", "refs/notes/commits", "refs/tags/v1"), true},
		{packed("refs/heads/main", "refs/tags/v1"), false},
		{packed("refs/heads/main"), false},
		// past the first 64 KiB read
		{packed(append(heads(3000), "refs/notes/commits")...), true},
		{packed(append(heads(3000), "refs/tags/v1")...), false},
		{packed(heads(3000)...), false},
	} {
		if got := gitHasNotes(c.fs, "/g"); got != c.want {
			t.Errorf("%.200v: gitHasNotes %v, want %v", c.fs, got, c.want)
		}
	}
	// A linked worktree's notes are its common directory's.
	for _, notes := range []bool{false, true} {
		fs := MapFS{
			Files:    map[string]bool{"/p/.git/worktrees/w/commondir": true, "/p/.git/worktrees/w/index": true, "/p/.git/refs/heads/main": true},
			Contents: map[string]string{"/p/.git/worktrees/w/commondir": "../..\n"},
		}
		if notes {
			fs.Files["/p/.git/refs/notes/commits"] = true
		}
		e := &evaluator{t: &Table{}, p: &payload.Payload{}, env: &Env{FS: fs}, root: "/w", cwd: "/w", home: "/h"}
		if got := e.gitNotesRefs("/p/.git/worktrees/w"); got != notes {
			t.Errorf("worktree with notes %v in its common directory: gitNotesRefs %v", notes, got)
		}
	}
}

// TestGitPrintsReflog holds the lines that print reflogs' messages, where
// git pull keeps the URL it was given (round 38).
func TestGitPrintsReflog(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]bool{
		"git reflog":                  true,
		"git reflog show main":        true,
		"git reflog -5":               true,
		"git log -g":                  true,
		"git log -g --oneline -3":     true,
		"git log --walk-reflogs main": true,
		"git whatchanged -g":          true,
		"git show -g":                 true,
		"git log -pg":                 true,
		"git reflog exists main":      false,
		"git reflog expire --all":     false,
		"git log --oneline -5":        false,
		"git log --grep=fix":          false,
		"git show HEAD":               false,
		"git stash list":              false,
		"git log --format='%gs' -n1":  false,
		"git diff -g":                 false, // no such option of diff
	} {
		x := Extract(line, know, Limits{})
		if len(x.Cmds) != 1 {
			t.Fatalf("%q: %d commands", line, len(x.Cmds))
		}
		if got := gitPrintsReflog(&x.Cmds[0]); got != want {
			t.Errorf("%q: prints reflogs %v, want %v", line, got, want)
		}
	}
}
