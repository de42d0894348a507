//go:build unix

package testrun

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
)

// TestRunHookKillsChildren: a command hook's background children die
// with it, so none writes into a project after its test removed it.
func TestRunHookKillsChildren(t *testing.T) {
	dir := t.TempDir()
	pr := &project{tmp: dir, dir: filepath.Join(dir, "p"), home: filepath.Join(dir, "h")}
	for _, d := range []string{pr.dir, pr.home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	late := filepath.Join(dir, "late")
	script := filepath.Join(pr.dir, "hook.sh")
	body := "#!/bin/sh\n(sleep 1; touch " + late + ") </dev/null >/dev/null 2>&1 &\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	tc := &load.Test{Run: &load.HookRun{}}
	if _, bad := pr.runHook(&load.Policy{}, tc, load.CommandHook{Command: script, Timeout: 5}, nil); bad != "" {
		t.Fatal(bad)
	}
	time.Sleep(1500 * time.Millisecond)
	if _, err := os.Stat(late); err == nil {
		t.Errorf("the hook's background child outlived it and wrote %s", late)
	}
}
