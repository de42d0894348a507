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
	touch(project, ".claude/settings.json", ".claude/x.pem", "a/b/.env", "a/.env.example", "node_modules/m/.env")
	touch(home, ".env")
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

// TestExpandRegexp checks that a rule's regular expression is written as
// the files it matches (design.md 302): the project's SSH keys, at any
// depth, and the home directory's, but not a key an entry of the file
// already holds (Read(~/.ssh/**)), a public key, or a directory.
func TestExpandRegexp(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	touch(project, "id_rsa", "deploy/id_work.bak", "id_rsa.pub", "id_dir/x", "src/main.go")
	touch(home, ".ssh/id_ed25519", "id_backup")
	f := &File{
		Settings: map[string]any{"permissions": map[string]any{"deny": []any{"Read(~/.ssh/**)"}}},
		Scan:     []Scan{{Key: "Read", Globs: []string{reGlob + `/id_[^/.]+(~|\.(bak|old))?$`}, Except: []string{"**/*.pub"}}},
	}
	prepare(f.Scan)
	var got []string
	for _, it := range f.Expand(project, home) {
		got = append(got, it.Value.(string))
	}
	want := []string{"Read(./deploy/id_work.bak)", "Read(./id_rsa)", "Read(~/id_backup)"}
	if !slices.Equal(got, want) {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}

// TestExpandPresent checks that an absolute glob without wildcards is
// written when its file or directory exists at install, outside the
// project and the home (design.md 376), and left out when it does not.
func TestExpandPresent(t *testing.T) {
	project, home, sys := t.TempDir(), t.TempDir(), t.TempDir()
	touch(sys, "etc/boto.cfg", "etc/wireguard/wg0.conf", "etc/key.pub")
	f := &File{Scan: []Scan{{Key: "Read", Globs: []string{
		sys + "/etc/boto.cfg", sys + "/etc/wireguard/**", sys + "/etc/missing.conf", sys + "/tmp/krb5cc*", sys + "/etc/key.pub",
	}, Except: []string{"**/*.pub"}}}}
	prepare(f.Scan)
	var got []string
	for _, it := range f.Expand(project, home) {
		got = append(got, it.Value.(string))
	}
	want := []string{"Read(/" + sys + "/etc/boto.cfg)", "Read(/" + sys + "/etc/wireguard/**)"}
	if !slices.Equal(got, want) {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}

// touch makes empty files below root.
func touch(root string, files ...string) {
	for _, f := range files {
		p := filepath.Join(root, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
}
