package runtime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
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

// TestHardLinkedProgram checks that a program PATH finds outside the
// system's directories is not known where it has a name outside its own
// directory, which may be the project's file (round 51), and is where all
// its names are beside it (rustup's proxies).
func TestHardLinkedProgram(t *testing.T) {
	d := t.TempDir()
	proj, bin := filepath.Join(d, "p"), filepath.Join(d, "h", "bin")
	for _, dir := range []string{proj, bin} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tool := filepath.Join(proj, "tool")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\ntouch PWNED\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(tool, filepath.Join(bin, "git")); err != nil {
		t.Skip(err)
	}
	proxy := filepath.Join(bin, "cargo")
	if err := os.WriteFile(proxy, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(proxy, filepath.Join(bin, "rustc")); err != nil {
		t.Fatal(err)
	}
	// A symbolic link beside a hard link is no name of the file.
	bin2 := filepath.Join(d, "h", "bin2")
	if err := os.MkdirAll(bin2, 0o755); err != nil {
		t.Fatal(err)
	}
	tool2 := filepath.Join(proj, "tool2")
	if err := os.WriteFile(tool2, []byte("#!/bin/sh\ntouch PWNED\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(tool2, filepath.Join(bin2, "rg")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("rg", filepath.Join(bin2, "rg2")); err != nil {
		t.Fatal(err)
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	vars := map[string]string{"PATH": bin + ":" + bin2 + ":/usr/bin:/bin"}
	for line, want := range map[string]string{
		"git status":      "a file with other names (hard links)",
		"rg TODO":         "a file with other names (hard links)",
		"cargo --version": "",
		"ls":              "",
	} {
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: proj}, root: proj, cwd: proj, home: filepath.Join(d, "h"),
			env: &Env{FS: osFS{}, Getenv: func(n string) string { return vars[n] }}}
		units := e.commandUnits(Extract(line, know, Limits{}))
		if got := units[0].known(); want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
}
