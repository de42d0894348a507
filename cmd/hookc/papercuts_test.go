package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

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
