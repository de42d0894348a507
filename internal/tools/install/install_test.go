package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/tools/settings"
)

// TestInstallConcurrentEdit changes the settings file after install has
// read it and before it writes: install must leave the other change in
// place, write nothing and fail. (Not parallel: it sets saveHook.)
func TestInstallConcurrentEdit(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "hook")
	if err := os.WriteFile(hook, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "settings.json")
	os.WriteFile(file, []byte(`{"model": "opus"}`), 0o644)
	theirs := []byte(`{"model": "sonnet", "permissions": {"allow": ["Bash(ls *)"]}}`)
	saveHook = func(string) { os.WriteFile(file, theirs, 0o644) }
	defer func() { saveHook = nil }()

	var stdout, stderr bytes.Buffer
	err := Run(Options{Add: true, Hook: hook, Settings: file, Explicit: true, Scope: settings.ScopeOf(file, dir, dir),
		Events: DefaultEvents, Timeout: 10, Block: true, Cwd: dir, Home: dir, Stdout: &stdout, Stderr: &stderr})
	if err == nil || !strings.Contains(err.Error(), "changed on disk while hookc was editing it; nothing was written: run the command again") {
		t.Errorf("error %v, stderr: %s", err, stderr.String())
	}
	if got, _ := os.ReadFile(file); !bytes.Equal(got, theirs) {
		t.Errorf("the other change was lost: %s", got)
	}
	if _, err := os.Stat(file + ".bak"); err == nil {
		t.Errorf("a backup was written for a change that was not")
	}
}

// TestWouldChange checks that install -n words its lines as what would be
// done.
func TestWouldChange(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"added hook for PreToolUse (timeout 10 s)":                            "would add hook for PreToolUse (timeout 10 s)",
		"updated hook for PreToolUse (timeout 30 s)":                          "would update hook for PreToolUse (timeout 30 s)",
		"removed hook from PreToolUse":                                        "would remove hook from PreToolUse",
		"layers of h.layers.json: added 3 settings, 1 were there already (x)": "layers of h.layers.json: would add 3 settings, 1 are there already (x)",
		"hook is already installed for PreToolUse; nothing to change":         "hook is already installed for PreToolUse; nothing to change",
	} {
		if got := WouldChange(in); got != want {
			t.Errorf("WouldChange(%q) = %q, want %q", in, got, want)
		}
	}
}
