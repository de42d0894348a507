package layers

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"
)

// TestNamesMatch checks the quick matcher of base names against
// path.Match over the names in order (design.md 281).
func TestNamesMatch(t *testing.T) {
	list := []string{"*.pem", ".env", ".env.*", "*.pem.bak", ".env.*.bak", "id_*", "service-account*.json",
		"*-adminsdk*.json", "ssh_host_*_key", "*~", "[ab]c*", `x\*y`, "*.key"}
	var n names
	for _, w := range list {
		n.add(w)
	}
	bases := []string{"a.pem", ".pem", "a.pem.bak", ".env", ".env.local", ".env.local.bak", "id_rsa", "id",
		"service-account.json", "service-account-x.json", "my-adminsdk-1.json", "ssh_host_rsa_key", "notes~",
		"ac", "bcd", "cc", "x*y", "xzy", "a.key", "readme", ""}
	for _, b := range bases {
		want := ""
		for _, w := range list {
			if ok, _ := path.Match(w, b); ok && (want == "" || hasWild(want)) {
				if !hasWild(w) {
					want = w
					break
				}
				if want == "" {
					want = w
				}
			}
		}
		if got := n.match(b); got != want {
			t.Errorf("match(%q) = %q, want %q", b, got, want)
		}
	}
}

// TestExpandScans checks that the one walk of the scans finds, for each,
// what a walk of its own finds: a directory one scan writes whole is
// still looked into for another.
func TestExpandScans(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	for _, f := range []string{".claude/settings.json", ".claude/x.pem", "a/b/.env", "a/.env.example", "node_modules/m/.env"} {
		p := filepath.Join(project, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	os.WriteFile(filepath.Join(home, ".env"), nil, 0o644)
	f := &File{Scan: []Scan{
		{Key: "Edit", Globs: []string{"**/.claude/**", "**/.claude"}},
		{Key: "Read", Globs: []string{"**/.env", "~/.env", "**/*.pem"}, Except: []string{"**/.env.example"}},
	}}
	prepare(f.Scan)
	var got []string
	for _, it := range f.Expand(project, home) {
		got = append(got, it.Value.(string))
	}
	want := []string{"Edit(./.claude/**)", "Read(./.claude/x.pem)", "Read(./a/b/.env)", "Read(~/.env)"}
	if !slices.Equal(got, want) {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}
