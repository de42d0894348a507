package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFrontmatter installs the hook into a skill's frontmatter and
// uninstalls it: the file comes back byte for byte, and a hooks: key
// hookc did not write is refused (design.md 226).
func TestFrontmatter(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "hook")
	skill := filepath.Join(dir, "SKILL.md")
	before := []byte("---\nname: deploy\ndescription: ship it\n---\n\nRun the deploy.\n")
	if err := os.WriteFile(skill, before, 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	o := Options{Add: true, Hook: hook, Frontmatter: skill, Events: DefaultEvents, Timeout: 10, Block: true, Stdout: &stdout, Stderr: &stderr}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(skill)
	if !strings.Contains(string(got), "hooks:\n  PreToolUse:\n") || !strings.HasSuffix(string(got), "onFailure: block\n---\n\nRun the deploy.\n") {
		t.Errorf("after install:\n%s", got)
	}
	if fi, _ := os.Stat(skill); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	o.Add = false
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(skill); !bytes.Equal(got, before) {
		t.Errorf("after uninstall:\n%s\nwant\n%s", got, before)
	}
	os.WriteFile(skill, []byte("---\nhooks:\n  Stop:\n    - matcher: \"*\"\n      hooks:\n        - type: prompt\n---\n"), 0o644)
	o.Add = true
	if err := Run(o); err == nil || !strings.Contains(err.Error(), "a hooks: key that hookc did not write") {
		t.Errorf("a foreign hooks: key: %v", err)
	}
}

func TestParseEvents(t *testing.T) {
	t.Parallel()
	if evs, err := ParseEvents(" PreToolUse,,Stop,PreToolUse "); err != nil || strings.Join(evs, ",") != "PreToolUse,Stop" {
		t.Errorf("got %v, %v", evs, err)
	}
	if _, err := ParseEvents("PreToolUs"); err == nil || !strings.Contains(err.Error(), `did you mean "PreToolUse"?`) {
		t.Errorf("a near miss: %v", err)
	}
	if _, err := ParseEvents(","); err == nil {
		t.Errorf("no events: no error")
	}
}
