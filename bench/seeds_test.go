package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestSeed001Python extracts the seed's Python hook and runs it on a real
// main-session Write: as written it allows it (it reads toolName), fixed it
// denies it.
func TestSeed001Python(t *testing.T) {
	t.Parallel()
	python, err := pythonPath()
	if err != nil {
		testenv.Missing(t, err)
	}
	doc, err := os.ReadFile("../testdata/seeds/001_290b89bf9798ed58.txt")
	if err != nil {
		t.Fatal(err)
	}
	payload := seedPayloads("/project")[0].Data
	for _, c := range []struct {
		fixed bool
		want  string
	}{{false, "allow"}, {true, "deny"}} {
		src, err := seed001Python(doc, python, c.fixed)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "hook.py")
		if err := os.WriteFile(path, []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(path)
		cmd.Stdin = strings.NewReader(string(payload))
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := decisionOf(out); got != c.want {
			t.Errorf("fixed %v: %s, want %s", c.fixed, out, c.want)
		}
	}
}

// TestSeedsQuick runs the seed benchmark end to end, briefly.
func TestSeedsQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hook binaries")
	}
	if _, err := pythonPath(); err != nil {
		testenv.Missing(t, err)
	}
	out := t.TempDir()
	var stdout, stderr strings.Builder
	if code := run([]string{"-seeds", "-quick", "-rounds", "2", "-guard", "../examples/guard", "-seeddir", "../testdata/seeds", "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "seeds.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| seed 001 python |", "| audit log on |", "for 8 of 8 with its field names fixed"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("seeds.md lacks %q:\n%s", want, md)
		}
	}
}
