package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	code := run([]string{"install", "-settings", file, hook}, nil, &stdout, &stderr)
	if code != exitFailed {
		t.Errorf("exit %d, want %d", code, exitFailed)
	}
	if !strings.Contains(stderr.String(), "changed on disk while hookc was editing it; nothing was written: run the command again") {
		t.Errorf("stderr: %s", stderr.String())
	}
	if got, _ := os.ReadFile(file); !bytes.Equal(got, theirs) {
		t.Errorf("the other change was lost: %s", got)
	}
	if _, err := os.Stat(file + ".bak"); err == nil {
		t.Errorf("a backup was written for a change that was not")
	}
}
