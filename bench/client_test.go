package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/claude"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestClientQuick runs the client benchmark end to end, one round of two
// calls per hook, when the pinned client is installed.
func TestClientQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Claude Code client")
	}
	if _, err := claude.Find(); err != nil {
		testenv.Missing(t, err)
	}
	out := t.TempDir()
	var stdout, stderr strings.Builder
	if code := run([]string{"-client", "-rounds", "1", "-calls", "2", "-guard", "../examples/guard", "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "client.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| no hook |", "| static hook |", "| guard |", "| python3 |", "median over no hook"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("client.md lacks %q:\n%s", want, md)
		}
	}
}
