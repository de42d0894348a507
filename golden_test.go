package hookc_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/internal/pipeline/load"
)

// TestGolden regenerates golden/<example>/ from examples/<example> (the
// table, vet's findings as JSON, and the testscript scenario of the
// example's tests) and fails on any
// difference; HOOKC_UPDATE=1 rewrites the goldens. cmd/hookc runs the
// scenarios against the real hook binary.
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("examples/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := load.Dir(filepath.ToSlash(dir))
			if err != nil {
				t.Fatal(err)
			}
			src, err := gen.Source(p.Table, gen.Options{Package: strings.ReplaceAll(name, "-", "")})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, "table_gen.go"), src)
			if testing.Short() && name == "guard" {
				// vet of the guard takes minutes of a loaded machine
				// (design.md 185); its tests still run.
				checkTests(t, name, p)
				return
			}
			calls, err := vet.WitnessCalls(p, vet.Options{})
			if err != nil {
				t.Fatal(err)
			}
			script, err := testrun.Script(p, calls)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, name+".txtar"), script)
			findings, err := vet.Run(p, vet.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := diag.PrintJSON(&out, findings); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, "vet.json"), out.Bytes())
			if u := vet.Unaccepted(findings); len(u) > 0 {
				t.Errorf("examples/%s does not vet clean:\n%v", name, u)
			}
			checkTests(t, name, p)
			checkSettings(t, filepath.Join(dir, "settings.json"))
		})
	}
}

// checkTests is hookc test -cover on an example: every test passes, every
// rule is covered.
func checkTests(t *testing.T, name string, p *load.Policy) {
	rep, err := testrun.Run(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) == 0 {
		t.Errorf("examples/%s has no tests", name)
	}
	for _, r := range rep.Results {
		for _, f := range r.Failed {
			t.Errorf("examples/%s: test %q (%s): %s", name, r.Test.Name, r.Test.Pos, f)
		}
	}
	for _, i := range rep.Cover.Uncovered() {
		t.Errorf("examples/%s: rule %q (%s) is not covered by a test", name, p.Table.Rules[i].Name, p.Table.Rules[i].Pos)
	}
}

// checkSettings checks an example's settings.json, if it has one.
func checkSettings(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range settingsProblems(data) {
		t.Errorf("%s: %s", path, p)
	}
}

// settingsProblems checks hooks settings against what Claude Code accepts
// (docs/protocol.md, Registration): an event name, a matcher that is a string,
// command hooks, in exec form with the -event the hook answers as.
func settingsProblems(data []byte) []string {
	var s struct {
		Hooks map[string][]struct {
			Matcher any `json:"matcher"`
			Hooks   []struct {
				Type    string   `json:"type"`
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return []string{err.Error()}
	}
	events := []string{"PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit",
		"Stop", "SubagentStop", "SubagentStart", "SessionStart", "SessionEnd", "PreCompact", "Notification"}
	var out []string
	for event, groups := range s.Hooks {
		if !slices.Contains(events, event) {
			out = append(out, fmt.Sprintf("unknown event %q", event))
		}
		for _, g := range groups {
			if _, ok := g.Matcher.(string); g.Matcher != nil && !ok {
				out = append(out, fmt.Sprintf("%s: matcher %v is not a string", event, g.Matcher))
			}
			for _, h := range g.Hooks {
				if h.Type != "command" || h.Command == "" || !slices.Equal(h.Args, []string{"-event", event}) {
					out = append(out, fmt.Sprintf("%s: want a command hook in exec form with -event %s, got %+v", event, event, h))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestSettingsProblems pins the fix of seed 003's settings: its matchers
// are objects ({"toolName": "Bash"}), which Claude Code does not accept;
// examples/collective/settings.json has strings.
func TestSettingsProblems(t *testing.T) {
	seed := `{"hooks": {
		"PreToolUse": [{"matcher": {"toolName": "Bash"}, "hooks": [{"type": "command", "command": ".claude/hooks/block-destructive-commands.sh"}]}],
		"SessionStart": [{"matcher": {}, "hooks": [{"type": "command", "command": ".claude/hooks/load-behavioral-system.sh"}]}]
	}}`
	got := settingsProblems([]byte(seed))
	if len(got) != 4 || !strings.Contains(got[0], "matcher map[toolName:Bash] is not a string") {
		t.Errorf("the seed's settings: %q", got)
	}
	data, err := os.ReadFile("examples/collective/settings.json")
	if err != nil {
		t.Fatal(err)
	}
	if p := settingsProblems(data); len(p) > 0 {
		t.Errorf("examples/collective/settings.json: %q", p)
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run HOOKC_UPDATE=1 go test ./... to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run HOOKC_UPDATE=1 go test ./... and commit the result", path)
	}
}
