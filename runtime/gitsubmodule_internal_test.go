package runtime

import (
	"os"
	"strings"
	"testing"
)

// A submodule the project ships (its own .git, or a .git file naming a
// git directory outside .git/modules) makes git at the root a command in
// another repository; one git keeps in .git/modules does not; nor does an
// unchecked-out gitlink (design.md 289). testdata/gitindex/index.gitlinks
// lists README.md and the gitlinks vendor/mod and vendor/good.
func TestShippedSubmodule(t *testing.T) {
	index, err := os.ReadFile("testdata/gitindex/index.gitlinks")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"not checked out", nil, ""},
		{"git's own", map[string]string{"/p/vendor/mod/.git": "gitdir: ../../.git/modules/vendor/mod\n", "/p/vendor/good/.git": "gitdir: /p/.git/modules/vendor/good"}, ""},
		{"own .git", map[string]string{"/p/vendor/mod/.git/config": "x"}, "/p/vendor/mod"},
		{"elsewhere", map[string]string{"/p/vendor/good/.git": "gitdir: ../../fixtures/x.git"}, "/p/vendor/good"},
		{"out of modules", map[string]string{"/p/vendor/good/.git": "gitdir: ../../.git/modules/../../x.git"}, "/p/vendor/good"},
		{"not a gitfile", map[string]string{"/p/vendor/good/.git": "x"}, "/p/vendor/good"},
		// a commondir moves the settings of git's own into the work tree (round 18)
		{"commondir", map[string]string{"/p/vendor/good/.git": "gitdir: ../../.git/modules/vendor/good", "/p/.git/modules/vendor/good/commondir": "../../../../docs/gd"}, "/p/vendor/good"},
	} {
		fs := MapFS{Files: map[string]bool{"/p/.git/index": true, "/p/README.md": true}, Contents: map[string]string{"/p/.git/index": string(index)}}
		for f, s := range c.files {
			fs.Files[f] = true
			if !strings.HasSuffix(f, "/config") {
				fs.Contents[f] = s
			}
		}
		e := &evaluator{env: &Env{FS: fs}, root: "/p"}
		for _, dir := range []string{"/p", "/p/src"} {
			got := e.shippedSubmodule(dir)
			if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
				t.Errorf("%s in %s: got %q, want %q", c.name, dir, got, c.want)
			}
		}
	}
	// An index the hook cannot read: .gitmodules says there may be
	// submodules.
	fs := MapFS{Files: map[string]bool{"/p/.git/index": true, "/p/.gitmodules": true}}
	if got := (&evaluator{env: &Env{FS: fs}, root: "/p"}).shippedSubmodule("/p"); got == "" {
		t.Error("an unreadable index with .gitmodules: no reason")
	}
	fs.Files["/p/.gitmodules"] = false
	if got := (&evaluator{env: &Env{FS: fs}, root: "/p"}).shippedSubmodule("/p"); got != "" {
		t.Errorf("an unreadable index without .gitmodules: %q", got)
	}
}
