package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/modelserver"
)

// A costSetup is one configuration TestLayersCost times.
type costSetup struct {
	name    string
	install func(t *testing.T, s *scratch)
	calls   []time.Duration
}

// costSandbox is the sandbox the layers are held to: on, Bash allowed in
// it, a handful of denyRead paths (issue 24's baseline).
var costSandbox = map[string]any{"sandbox": map[string]any{
	"enabled": true, "autoAllowBashIfSandboxed": true, "failIfUnavailable": true,
	"filesystem": map[string]any{"denyRead": []string{"~/.ssh", "~/.aws", "~/.gnupg", "./.env"}},
}}

// TestLayersCost times, in the real client, a Bash call with no hook,
// with the sandbox and a handful of denyRead paths, with the guard's hook
// alone and with the guard installed with its layers (hookc install
// -layers), the setups interleaved round after round in one run: the
// time between the model server receiving one request and the next, for
// HOOKC_LAYERS_COST_CALLS (8) calls of ls a session, one a turn. It logs
// the medians and fails when the layers cost more than 1.2 times the
// sandbox over no hook (design.md 182). A measurement of minutes: run it
// with HOOKC_LAYERS_COST=ROUNDS.
func TestLayersCost(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("HOOKC_LAYERS_COST"))
	if rounds == 0 {
		t.Skip("a measurement: run it with HOOKC_LAYERS_COST=ROUNDS (docs/layers.md)")
	}
	needClient(t)
	needSandbox(t)
	calls := 8
	if n, err := strconv.Atoi(os.Getenv("HOOKC_LAYERS_COST_CALLS")); err == nil && n > 0 {
		calls = n
	}
	setups := costSetups(t)
	// HOOKC_LAYERS_COST_TREE=N: N more files in the project, which a
	// `**/` rule walks at every Bash call.
	tree, _ := strconv.Atoi(os.Getenv("HOOKC_LAYERS_COST_TREE"))
	var turns []modelserver.Turn
	for range calls {
		turns = append(turns, modelserver.Turn{{Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}})
	}
	script := &modelserver.Script{Main: modelserver.Conv{Turns: append(turns, modelserver.Turn{{Text: "done"}})}}
	for range rounds {
		for _, c := range setups {
			s := newLayersScratch(t)
			s.perCall = 20 * time.Second // a loaded machine: the session's time-out
			s.grow(t, tree)
			c.install(t, s)
			r := s.session(t, script, nil)
			if r.Result == nil || len(r.Result.PermissionDenials) > 0 {
				t.Fatalf("%s: the calls did not all run: %s", c.name, r.Stdout)
			}
			var times []time.Time
			for _, q := range r.Requests {
				if q.Conv == "main" {
					times = append(times, q.Time)
				}
			}
			for i := 1; i < len(times); i++ {
				c.calls = append(c.calls, times[i].Sub(times[i-1]))
			}
			// Each session as it ends: a long run that is stopped keeps them.
			t.Logf("%s: session: %v", c.name, c.calls[len(c.calls)-max(len(times)-1, 0):])
		}
	}
	base := median(setups[0].calls)
	var b strings.Builder
	fmt.Fprintf(&b, "Claude Code %s, %d rounds of %d calls of ls, %d more files in the project; per call, median, and over no hook:\n", clientVersion, rounds, calls, tree)
	for _, c := range setups {
		m := median(c.calls)
		fmt.Fprintf(&b, "%-24s %6.0f ms %+6.0f ms\n", c.name, ms(m), ms(m-base))
	}
	t.Log("\n" + b.String())
	if len(setups) < 4 || setups[3].name != "guard with its layers" {
		return
	}
	sandbox, layered := median(setups[1].calls)-base, median(setups[3].calls)-base
	ratio := float64(layered) / float64(sandbox)
	fmt.Fprintf(&b, "the layers over the sandbox with 4 denyRead paths: %.2fx\n", ratio)
	t.Log("\n" + b.String())
	if dir := os.Getenv("HOOKC_E2E_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "layers-cost.txt"), []byte(b.String()), 0o644)
	}
	if ratio > 1.2 {
		t.Errorf("the guard with its layers costs %.2f times the sandbox with 4 denyRead paths per Bash call (at most 1.2)", ratio)
	}
}

// costSetups returns the setups TestLayersCost times: the four of issue
// 24, the guard's layers with each of HOOKC_LAYERS_COST_ADD, the settings
// files of HOOKC_LAYERS_COST_EXTRA, those HOOKC_LAYERS_COST_ONLY names.
func costSetups(t *testing.T) []*costSetup {
	setups := []*costSetup{
		{name: "no hook", install: func(t *testing.T, s *scratch) {}},
		{name: "sandbox, 4 denyRead", install: func(t *testing.T, s *scratch) { s.writeSettings(t, costSandbox) }},
		{name: "guard, hook alone", install: func(t *testing.T, s *scratch) { s.installGuard(t) }},
		{name: "guard with its layers", install: func(t *testing.T, s *scratch) { s.installLayers(t, false) }},
	}
	// HOOKC_LAYERS_COST_ADD: JSON objects of settings, separated by "|",
	// each merged into the guard's layers as a setup of its own (the
	// `**/` globs of design.md 349).
	for _, add := range strings.Split(os.Getenv("HOOKC_LAYERS_COST_ADD"), "|") {
		if add == "" {
			continue
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(add), &doc); err != nil {
			t.Fatalf("HOOKC_LAYERS_COST_ADD %s: %v", add, err)
		}
		setups = append(setups, &costSetup{name: "guard with its layers + " + add, install: func(t *testing.T, s *scratch) {
			s.installLayers(t, false)
			s.addSettings(t, doc)
		}})
	}
	// HOOKC_LAYERS_COST_EXTRA: settings files of more setups to time.
	for _, f := range strings.Split(os.Getenv("HOOKC_LAYERS_COST_EXTRA"), ",") {
		if f == "" {
			continue
		}
		var doc map[string]any
		data, err := os.ReadFile(f)
		if err == nil {
			err = json.Unmarshal(data, &doc)
		}
		if err != nil {
			t.Fatal(err)
		}
		setups = append(setups, &costSetup{name: filepath.Base(f), install: func(t *testing.T, s *scratch) { s.writeSettings(t, doc) }})
	}
	if only := os.Getenv("HOOKC_LAYERS_COST_ONLY"); only != "" {
		setups = slices.DeleteFunc(setups, func(c *costSetup) bool {
			return !slices.ContainsFunc(strings.Split(only, "|"), func(o string) bool { return strings.HasPrefix(c.name, o) })
		})
	}
	return setups
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeSettings writes the project's settings file.
func (s *scratch) writeSettings(t *testing.T, doc map[string]any) {
	t.Helper()
	data, _ := json.MarshalIndent(doc, "", "  ")
	s.write(t, map[string]string{".claude/settings.json": string(data)})
}

// grow adds n files to the project, in directories of 100 two levels
// deep (src/d3/f42.txt), as a project's sources and dependencies.
func (s *scratch) grow(t *testing.T, n int) {
	t.Helper()
	for i := range n {
		dir := filepath.Join(s.project, "src", fmt.Sprintf("d%d", i/100))
		if i%100 == 0 {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.txt", i%100)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
