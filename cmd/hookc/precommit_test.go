package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestPreCommitHooks checks that the repository's pre-commit hooks run
// hookc commands that exist: hookc-vet and hookc-test.
func TestPreCommitHooks(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`(?m)^- id: (\S+)$`).FindAllStringSubmatch(string(b), -1)
	entries := regexp.MustCompile(`(?m)^  entry: hookc (\S+)$`).FindAllStringSubmatch(string(b), -1)
	var got []string
	for _, m := range ids {
		got = append(got, m[1])
	}
	if !slices.Equal(got, []string{"hookc-vet", "hookc-test"}) {
		t.Errorf("hook ids %q", got)
	}
	if len(entries) != len(ids) {
		t.Fatalf("%d entries for %d hooks", len(entries), len(ids))
	}
	for _, m := range entries {
		if !slices.ContainsFunc(commands, func(c command) bool { return c.name == m[1] }) {
			t.Errorf("entry runs hookc %s, which is no command", m[1])
		}
	}
}
