package runtime

import (
	"os"
	"slices"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// The index files in testdata/gitindex are git's own (2.39): one
// repository's index in versions 2, 3 (with an intent-to-add entry) and
// 4, and an index of a SHA-256 repository.
func TestReadIndex(t *testing.T) {
	want := []string{".env", "config/.env.production", "link", "src/main.go"}
	for _, c := range []struct {
		file string
		want []string
	}{
		{"index.v2", want},
		{"index.v3", append(slices.Clone(want[:3]), "n", want[3])},
		{"index.v4", want},
		{"index.sha256", []string{".env"}},
	} {
		b, err := os.ReadFile("testdata/gitindex/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		fs := MapFS{Contents: map[string]string{"/i": string(b)}, Files: map[string]bool{"/i": true}}
		got, _, ok := readIndex(fs, "/i")
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.file, got, ok, c.want)
		}
		// Every cut and every changed byte of the header or first
		// entry is read without a panic; a cut is never an index.
		for i := range len(b) {
			fs.Contents["/i"] = string(b[:i])
			if _, _, ok := readIndex(fs, "/i"); ok {
				t.Errorf("%s cut at %d: read as an index", c.file, i)
			}
		}
		for i := range min(len(b), 120) {
			x := slices.Clone(b)
			x[i] ^= 0xff
			fs.Contents["/i"] = string(x)
			readIndex(fs, "/i")
		}
	}
	if _, _, ok := readIndex(MapFS{}, "/missing"); ok {
		t.Error("a missing index read as one")
	}
}

// TestGitGrepTracked checks what git grep reads (design.md 430): the
// files the index tracks, a tracked .env among them, and no work tree of
// its own (an untracked file is not read, nor is .git); --untracked and
// --no-index read the work tree.
func TestGitGrepTracked(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	index, err := os.ReadFile("testdata/gitindex/index.v2") // .env, config/.env.production, link, src/main.go
	if err != nil {
		t.Fatal(err)
	}
	fs := MapFS{
		Files:    map[string]bool{"/p/.git/HEAD": true, "/p/.git/index": true, "/p/.git/config": true, "/p/.env": true, "/p/src/main.go": true, "/p/notes.txt": true},
		Contents: map[string]string{"/p/.git/index": string(index)},
	}
	for line, want := range map[string][]string{
		"git grep KEY":                 {"/p/.env", "/p/src/main.go"},
		"git grep -n -e KEY -- src":    {"/p/.env", "/p/src/main.go"}, // every tracked file, whatever the pathspec
		"git grep --untracked KEY":     {"/p/.env", "/p/notes.txt", "/p/.git/config"},
		"git grep --no-index KEY docs": {"/p/docs"},
	} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		var got []string
		for _, a := range u.paths {
			if a.read {
				got = append(got, a.w.Text)
			}
		}
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: reads %q, want %s among them", line, got, w)
			}
		}
		if line == "git grep KEY" && (slices.Contains(got, "/p/notes.txt") || slices.Contains(got, "/p") || slices.Contains(got, "/p/.git/config")) {
			t.Errorf("%s: reads %q: the work tree or .git", line, got)
		}
	}
}
