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

func TestBuildTargets(t *testing.T) {
	t.Parallel()
	ts, err := buildTargets("linux,darwin", "amd64,arm64")
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"}}
	if !slices.Equal(ts, want) {
		t.Errorf("targets %v, want %v", ts, want)
	}
	if ts, _ := buildTargets("", ""); ts != nil {
		t.Errorf("no flags: %v, want the host (nil)", ts)
	}
	if _, err := buildTargets("plan9", ""); err == nil {
		t.Errorf("plan9: no error")
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
