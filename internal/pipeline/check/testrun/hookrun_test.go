package testrun

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
)

// TestByHook runs a stand-in hook binary: it sees the test's paths as
// the temporary project names them, and its answer is read back from its
// output and audit record with the test's paths.
func TestByHook(t *testing.T) {
	hook := filepath.Join(t.TempDir(), "hook")
	script := `#!/bin/sh
in=$(cat)
case "$in" in *'"/home/user/proj/'*) echo "payload not mapped: $in" >&2; exit 1;; esac
printf '{"v":1,"event":"PreToolUse","decision":"deny","rule":"no-env","reason":"%s/.env is a secret"}\n' "$CLAUDE_PROJECT_DIR" >"$HOOKC_AUDIT_LOG"
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s/.env is a secret"}}\n' "$CLAUDE_PROJECT_DIR"
`
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tc := &load.Test{
		Name:    "t",
		Payload: []byte(`{"hook_event_name":"PreToolUse","cwd":"/home/user/proj","tool_name":"Read","tool_input":{"file_path":"/home/user/proj/.env"}}`),
		Env:     map[string]string{"CLAUDE_PROJECT_DIR": "/home/user/proj"},
	}
	got, failed, err := byHook(&load.Policy{}, tc, hook)
	if err != nil {
		t.Fatal(err)
	}
	if len(failed) > 0 {
		t.Fatalf("failed: %v", failed)
	}
	if got.Verdict() != "deny" || got.Rule != "no-env" || got.Reason != "/home/user/proj/.env is a secret" {
		t.Errorf("got %s by %q, reason %q", got.Verdict(), got.Rule, got.Reason)
	}
}

func TestReplaceRoot(t *testing.T) {
	for _, c := range [][4]string{
		{"cat /p/a /p", "/p", "/t", "cat /t/a /t"},
		{"/px/a /p.b /p-c", "/p", "/t", "/px/a /p.b /p-c"},
		{`"/p"`, "/p", "/t", `"/t"`},
		{"./a", ".", "/t", "./a"},
		{"/a", "/", "/t", "/a"},
	} {
		if got := replaceRoot(c[0], c[1], c[2]); got != c[3] {
			t.Errorf("replaceRoot(%q, %q, %q) = %q, want %q", c[0], c[1], c[2], got, c[3])
		}
	}
	if strings.Contains(replaceRoot("/p/p", "/p", "/p/q"), "/p/q/p/q") {
		t.Error("replaced its own output")
	}
}
