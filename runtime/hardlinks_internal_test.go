package runtime

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHardLinks(t *testing.T) {
	d := t.TempDir()
	one, two := filepath.Join(d, "one"), filepath.Join(d, "two")
	if err := os.WriteFile(one, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if hardLinked(osFS{}, one) {
		t.Errorf("%s has one name", one)
	}
	if err := os.Link(one, two); err != nil {
		t.Skip(err)
	}
	link := filepath.Join(d, "link")
	if err := os.Symlink(two, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{one, two, link} {
		if !hardLinked(osFS{}, p) {
			t.Errorf("%s: no second name seen", p)
		}
	}
	if hardLinked(osFS{}, d) {
		t.Errorf("a directory's links are no second name")
	}
	m := MapFS{Files: map[string]bool{"/a": true, "/b": true}, Names: map[string]int{"/b": 2}, Links: map[string]string{"/c": "/b"}}
	if hardLinked(m, "/a") || !hardLinked(m, "/b") || !hardLinked(m, "/c") {
		t.Errorf("MapFS: /a one name, /b and /c (a link to it) two")
	}
}
