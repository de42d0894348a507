package hookc_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/runtime"
)

// shippedPolicies returns the directory of every policy hookc ships: each
// example, and the starter policy hookc init writes (with the presets it
// imports).
func shippedPolicies(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("examples", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	starter := t.TempDir()
	src, err := os.ReadFile(filepath.Join("cmd", "hookc", "initdata", "policy.cue"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(starter, "policy.cue"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return append(dirs, starter)
}

// TestShippedPoliciesBoundAllows decides every attack variant of
// testdata/effects/attacks.tsv with every shipped policy's hook table:
// none may be allowed (issue 28, design.md 115). The base commands of
// testdata/effects/base.tsv must stay allowed by the policies they name.
func TestShippedPoliciesBoundAllows(t *testing.T) {
	attacks := readEffectLines(t, "attacks.tsv")
	base := readEffectLines(t, "base.tsv")
	for _, dir := range shippedPolicies(t) {
		name := filepath.Base(dir)
		if !strings.HasPrefix(dir, "examples") {
			name = "starter"
		}
		p, err := load.Dir(dir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		hook, err := p.Hook()
		if err != nil {
			t.Fatal(err)
		}
		env := &runtime.Env{Home: "/home/user", Getenv: func(string) string { return "" }, FS: runtime.MapFS{}}
		decide := func(line string) *runtime.Result {
			b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
			return runtime.Decide(hook, b, env)
		}
		for _, l := range attacks {
			if res := decide(l[0]); res.Decision == runtime.Allow {
				t.Errorf("%s allows %q (%s), by rule %q", name, l[0], l[1], res.Rule)
			}
		}
		for _, l := range base {
			if !strings.Contains(","+l[1]+",", ","+name+",") {
				continue
			}
			if res := decide(l[0]); res.Decision != runtime.Allow {
				t.Errorf("%s: %s %q, want allow: %s", name, res.Decision, l[0], res.Reason)
			}
		}
	}
}

// readEffectLines reads testdata/effects/NAME: tab-separated lines, # comments.
func readEffectLines(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "effects", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 2 {
			t.Fatalf("%s:%d: want two tab-separated columns", name, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
