package testrun

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunScripts runs a passing and a failing scenario outside go test,
// and a directory without scenarios.
func TestRunScripts(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		script, want string
		ok           bool
	}{
		{"exec echo hello\nstdout '^hello$'\n", "ok\t", true},
		{"exec echo hello\nstdout '^goodbye$'\n", "--- FAIL: x", false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "x.txtar"), []byte(c.script), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		ok, err := RunScripts(dir, exe, nil, false, false, &out)
		if err != nil || ok != c.ok || !strings.Contains(out.String(), c.want) {
			t.Errorf("RunScripts(%q) = %v, %v, output:\n%s\nwant %v and %q", c.script, ok, err, out.String(), c.ok, c.want)
		}
	}
	if _, err := RunScripts(t.TempDir(), exe, nil, false, false, new(bytes.Buffer)); err == nil || !strings.Contains(err.Error(), "no .txtar scenarios") {
		t.Errorf("RunScripts of an empty directory: %v, want no .txtar scenarios", err)
	}
}
