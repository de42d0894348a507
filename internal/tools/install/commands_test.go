package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/settings"
)

// TestInstallSourceHooks installs a policy's command hooks given by their
// source (design.md 305): a source in a policy inside the project is
// registered where it is, relative to ${CLAUDE_PROJECT_DIR}; one outside
// it by its absolute path, with a note; nothing is copied, and uninstall
// gives the settings file back as it was.
func TestInstallSourceHooks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	outside := filepath.Join(dir, "policies", "p")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(project, ".claude"), filepath.Join(project, "policy", "hooks"), filepath.Join(outside, "hooks")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(project, "policy", "hooks", "check.sh"), filepath.Join(outside, "hooks", "check.sh")} {
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(project, ".claude", "settings.json")
	before := []byte(`{"model": "opus"}` + "\n")
	for _, tc := range []struct {
		policy, want, note string
	}{
		{filepath.Join(project, "policy"), `"${CLAUDE_PROJECT_DIR}/policy/hooks/check.sh"`, ""},
		{outside, `"` + filepath.Join(outside, "hooks", "check.sh") + `"`, "is outside the project: a checkout elsewhere does not have it"},
	} {
		hook := filepath.Join(project, ".claude", "hook")
		if err := os.WriteFile(hook, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, before, 0o644); err != nil {
			t.Fatal(err)
		}
		p := &load.Policy{Dir: tc.policy, CommandHooks: []load.CommandHook{{Event: "SubagentStop", Source: "hooks/check.sh", Timeout: 600}}}
		if err := WriteCommandHooks(p, hook, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		run := func(add bool) string {
			var stdout, stderr bytes.Buffer
			err := Run(Options{Add: add, Hook: hook, Settings: file, Scope: settings.Project,
				Events: DefaultEvents, Timeout: 10, Block: true, Cwd: project, Home: dir, Stdout: &stdout, Stderr: &stderr})
			if err != nil {
				t.Fatalf("%v: %s", err, stderr.String())
			}
			return stderr.String()
		}
		stderr := run(true)
		got, _ := os.ReadFile(file)
		if !strings.Contains(string(got), `"command": `+tc.want) {
			t.Errorf("%s: the settings do not register %s:\n%s", tc.policy, tc.want, got)
		}
		if n := strings.Count(string(got), `"onFailure"`); n != len(DefaultEvents) {
			t.Errorf("%s: %d onFailure keys, want the hook's %d only:\n%s", tc.policy, n, len(DefaultEvents), got)
		}
		if tc.note != "" && !strings.Contains(stderr, tc.note) || tc.note == "" && stderr != "" {
			t.Errorf("%s: stderr %q, want the note %q", tc.policy, stderr, tc.note)
		}
		if _, err := os.Stat(filepath.Join(project, ".claude", "hooks")); err == nil {
			t.Errorf("%s: install copied a program", tc.policy)
		}
		if ig, _ := os.ReadFile(filepath.Join(project, ".gitignore")); !strings.Contains(string(ig), "/.claude/hook.hooks.json\n") {
			t.Errorf(".gitignore does not keep the list of command hooks out of git:\n%s", ig)
		}
		run(false)
		if got, _ := os.ReadFile(file); !bytes.Equal(got, before) {
			t.Errorf("%s: uninstall left\n%s", tc.policy, got)
		}
	}
}
