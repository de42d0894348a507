package hookc_test

import (
	"os/exec"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestRuntimeDeps checks that the runtime, which every hook binary links,
// with its subpackages (design.md 294), imports only the standard library and mvdan.cc/sh/v3's syntax, pattern
// and fileutil packages (design.md 4).
func TestRuntimeDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list (.ci/run checks the same)")
	}
	t.Parallel()
	if _, err := exec.LookPath("go"); err != nil {
		testenv.Missing(t, "needs the go tool")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./runtime/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		switch {
		case p == "hookc.dev/hookc/runtime" || strings.HasPrefix(p, "hookc.dev/hookc/runtime/"):
		case p == "mvdan.cc/sh/v3/syntax", p == "mvdan.cc/sh/v3/pattern", p == "mvdan.cc/sh/v3/fileutil":
		default:
			t.Errorf("runtime imports %s", p)
		}
	}
}
