package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, name, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, mode); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSaveBackups(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "settings.json")
	write(t, name, "{\"a\": 1}\n", 0o600)
	write(t, name+".bak", "old", 0o600)
	f, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Doc.Set(Path{"b"}, 2); err != nil {
		t.Fatal(err)
	}
	if d := string(f.Diff()); !strings.Contains(d, "-{\"a\": 1}\n+{\"a\": 1, \"b\": 2}\n") {
		t.Errorf("diff:\n%s", d)
	}
	backup, err := f.Save()
	if err != nil {
		t.Fatal(err)
	}
	if backup != name+".bak" {
		t.Errorf("backup %s", backup)
	}
	if got := read(t, backup); got != "{\"a\": 1}\n" {
		t.Errorf("backup holds %q", got)
	}
	if got := read(t, name); got != "{\"a\": 1, \"b\": 2}\n" {
		t.Errorf("file holds %q", got)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode())
	}
	// Unchanged: no write, no backup.
	if backup, err := f.Save(); err != nil || backup != "" {
		t.Errorf("second save: %q, %v", backup, err)
	}
	if got := read(t, backup); got != "{\"a\": 1}\n" {
		t.Errorf("a backup without a change: it holds %q", got)
	}
	// A second change replaces the backup: one file, the one before.
	if err := f.Doc.Set(Path{"c"}, 3); err != nil {
		t.Fatal(err)
	}
	if b, err := f.Save(); err != nil || b != backup {
		t.Fatalf("third save: %q, %v", b, err)
	}
	if got := read(t, backup); got != "{\"a\": 1, \"b\": 2}\n" {
		t.Errorf("backup holds %q after the second change", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("%d files beside the settings, want the file and its backup", len(ents))
	}
}

func TestSaveNewFile(t *testing.T) {
	t.Parallel()
	name := filepath.Join(t.TempDir(), "p", ".claude", "settings.json")
	f, err := Open(name)
	if err != nil || f.Exists {
		t.Fatalf("Open: %v, exists %v", err, f != nil && f.Exists)
	}
	f.Doc.Set(Path{"a"}, 1)
	backup, err := f.Save()
	if err != nil || backup != "" {
		t.Fatalf("Save: %q, %v", backup, err)
	}
	if got := read(t, name); got != "{\n  \"a\": 1\n}\n" {
		t.Errorf("file holds %q", got)
	}
}

func TestSaveThroughSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	write(t, real, `{"a": 1}`, 0o644)
	link := filepath.Join(dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	f, err := Open(link)
	if err != nil {
		t.Fatal(err)
	}
	f.Doc.Set(Path{"b"}, 2)
	if _, err := f.Save(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if got := read(t, real); got != `{"a": 1, "b": 2}` {
		t.Errorf("target holds %q", got)
	}
}

func TestSaveRefuses(t *testing.T) {
	t.Parallel()
	t.Run("read-only", func(t *testing.T) {
		t.Parallel()
		name := filepath.Join(t.TempDir(), "settings.json")
		write(t, name, `{}`, 0o444)
		f, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Doc.Set(Path{"a"}, 1)
		_, err = f.Save()
		if err == nil || !strings.Contains(err.Error(), "is read-only (mode 0444)") {
			t.Errorf("got %v", err)
		}
		if got := read(t, name); got != `{}` {
			t.Errorf("file holds %q", got)
		}
		if ents, _ := os.ReadDir(filepath.Dir(name)); len(ents) != 1 {
			t.Errorf("left %d files", len(ents))
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		loop := filepath.Join(dir, "settings.json")
		os.Symlink(loop, loop)
		if _, err := Open(loop); err == nil {
			t.Errorf("Open of a symlink loop succeeded")
		}
		if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "cannot read") {
			t.Errorf("Open of a directory: %v", err)
		}
	})
	t.Run("invalid", func(t *testing.T) {
		t.Parallel()
		name := filepath.Join(t.TempDir(), "settings.json")
		write(t, name, "{\n  \"hooks\": {,}\n}", 0o644)
		_, err := Open(name)
		var e *Error
		if !errors.As(err, &e) || e.Line != 2 || e.Col != 13 {
			t.Errorf("got %v", err)
		}
	})
}

// TestSaveChangedOnDisk changes the file between Save's backup and its
// rename: the other change must survive. (Not parallel: it sets
// beforeCheck, which every Save calls.)
func TestSaveChangedOnDisk(t *testing.T) {
	name := filepath.Join(t.TempDir(), "settings.json")
	write(t, name, `{"a": 1}`, 0o644)
	f, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	f.Doc.Set(Path{"b"}, 2)
	calls := 0
	beforeCheck = func() {
		if calls++; calls == 2 { // between the backup and the rename
			os.WriteFile(name, []byte(`{"a": 1, "theirs": true}`), 0o644)
		}
	}
	defer func() { beforeCheck = nil }()
	_, err = f.Save()
	if !errors.Is(err, ErrChanged) {
		t.Errorf("got %v, want ErrChanged", err)
	}
	if got := read(t, name); got != `{"a": 1, "theirs": true}` {
		t.Errorf("the other change was lost: %q", got)
	}
}

func TestScopes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	repo := filepath.Join(dir, "repo")
	sub := filepath.Join(repo, "a", "b")
	os.MkdirAll(filepath.Join(repo, ".git", "worktrees", "wt"), 0o755)
	os.MkdirAll(sub, 0o755)
	wt := filepath.Join(dir, "wt")
	write(t, filepath.Join(wt, ".git"), "gitdir: "+filepath.Join(repo, ".git", "worktrees", "wt")+"\n", 0o644)
	plain := filepath.Join(dir, "plain")
	os.MkdirAll(plain, 0o755)

	tests := []struct {
		scope Scope
		cwd   string
		want  string
	}{
		{Project, sub, filepath.Join(repo, ".claude", "settings.json")},
		{Project, plain, filepath.Join(plain, ".claude", "settings.json")},
		{Project, wt, filepath.Join(wt, ".claude", "settings.json")},
		{Local, sub, filepath.Join(repo, ".claude", "settings.local.json")},
		{Local, wt, filepath.Join(repo, ".claude", "settings.local.json")},
		{Local, plain, filepath.Join(plain, ".claude", "settings.local.json")},
		{User, sub, filepath.Join(home, ".claude", "settings.json")},
	}
	for _, tt := range tests {
		if got := ScopePath(tt.scope, tt.cwd, home); got != tt.want {
			t.Errorf("ScopePath(%s, %s) = %s, want %s", tt.scope, tt.cwd, got, tt.want)
		}
		if got := ScopeOf(tt.want, tt.cwd, home); got != tt.scope {
			t.Errorf("ScopeOf(%s) = %q, want %s", tt.want, got, tt.scope)
		}
	}
	// A repository whose root is the home directory keeps the local file
	// in the starting directory.
	os.MkdirAll(filepath.Join(home, ".git"), 0o755)
	os.MkdirAll(filepath.Join(home, "x"), 0o755)
	if got := ScopePath(Local, filepath.Join(home, "x"), home); got != filepath.Join(home, "x", ".claude", "settings.local.json") {
		t.Errorf("local in a home repository: %s", got)
	}
}
