package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// bashOutput runs script with bash (no start-up files, the C locale
// unless env says otherwise) and returns what it prints: the oracles'
// judge of how bash reads words.
func bashOutput(t *testing.T, script string, env ...string) []byte {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		testenv.Missing(t, "no bash")
	}
	f := filepath.Join(t.TempDir(), "cases.sh")
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", f)
	cmd.Env = append([]string{"LC_ALL=C", "PATH=/usr/bin:/bin"}, env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	return out
}
