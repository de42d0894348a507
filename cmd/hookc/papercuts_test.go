package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClosest checks the did you mean of commands and flags (design.md 191).
func TestClosest(t *testing.T) {
	t.Parallel()
	names := []string{"init", "build", "gen", "vet", "test", "install", "uninstall", "explain", "pkg"}
	for _, tt := range []struct{ in, want string }{
		{"biuld", "build"}, {"buld", "build"}, {"instal", "install"}, {"tst", "test"}, {"tset", "test"}, {"pgk", "pkg"},
		{"ven", "gen"}, {"explian", "explain"}, {"frobnicate", ""}, {"x", ""}, {"unin", "uninstall"},
	} {
		if got := closest(tt.in, names); got != tt.want {
			t.Errorf("closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestGitignoreQuickStart checks that the quick start's build leaves
// nothing untracked in a clone: what hookc build and install write beside
// guard-hook is ignored (design.md 191).
func TestGitignoreQuickStart(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for _, f := range []string{"/guard-hook", "/guard-hook.layers.json", "/guard-hook.layers.installed.json", "/hook", "/hook.layers.json"} {
		if !slices.Contains(lines, f) {
			t.Errorf(".gitignore lacks %s", f)
		}
	}
}
