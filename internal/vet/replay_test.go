package vet

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/synth"
	"hookc.dev/hookc/runtime"
)

// ruleAt returns the index of the rule at pos, or -1.
func ruleAt(t *runtime.Table, pos diag.Pos) int {
	for i := range t.Rules {
		if t.Rules[i].Pos == pos.String() {
			return i
		}
	}
	return -1
}

// replayClaim replays the witness of a definite finding about a rule
// through the generated table, with the environment and files the finding
// gives, and returns what is wrong with the claim, or "".
func replayClaim(r *replayer, d diag.Diagnostic) string {
	j := ruleAt(r.t, d.Pos)
	if j < 0 || len(d.Witness) == 0 || d.Certainty != Definitely {
		return ""
	}
	c := call{payload: d.Witness, env: d.Env, files: d.Files}
	res := r.explain(r.run, c)
	if len(res.Units) == 0 {
		return "the witness has no units"
	}
	related := -1
	if len(d.Related) > 0 {
		related = ruleAt(r.t, d.Related[0].Pos)
	}
	upward := strings.Contains(d.Message, "first")
	for u, tr := range res.Units {
		switch {
		case d.Check == "shadowed" || d.Check == "redundant" && upward:
			k := r.decider(tr, j)
			if k < 0 || k != related || len(d.Related) != 1 {
				continue
			}
			if r.same(k, j) != (d.Check == "redundant") {
				continue
			}
			if a, ok := r.unitOf(r.alone(j), c, u); ok && r.decidedBy(a, j) {
				return ""
			}
		case d.Check == "redundant":
			if !r.decidedBy(tr, j) {
				continue
			}
			if b, ok := r.unitOf(r.minus(j), c, u); ok && outcomeOf(r.t, tr) == outcomeOf(r.t, b) {
				return ""
			}
		case d.Check == "conflict":
			if related >= 0 && r.decidedBy(tr, related) {
				if a, ok := r.unitOf(r.alone(j), c, u); ok && r.decidedBy(a, j) {
					return ""
				}
			}
		case d.Check == "broad-allow":
			if r.decidedBy(tr, j) && tr.Decision == runtime.Allow {
				return ""
			}
		default:
			return ""
		}
	}
	var got []string
	for _, tr := range res.Units {
		got = append(got, fmt.Sprintf("%s by %q", tr.Decision, tr.Rule))
	}
	return fmt.Sprintf("the witness does not replay as claimed: %s", strings.Join(got, ", "))
}

// TestWitnessesReplay vets random policies, every example and the
// synthetic 1,000-rule policy, and replays
// the witness of every definite finding through the generated table the
// hook runs, with the context the finding gives: it must be decided as the
// finding says, by the rule the finding names (design.md 64, 65).
func TestWitnessesReplay(t *testing.T) {
	t.Parallel()
	policies := 1000
	if testing.Short() {
		policies = 200
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(propertySeed, 13))
	counts := &replayCounts{n: map[string]int{}}
	ps := make(chan *load.Policy)
	var wg sync.WaitGroup
	for range max(1, goruntime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range ps {
				checkReplays(t, p.Dir, p, counts)
			}
		}()
	}
	for pi := range policies {
		g := &policyGen{rng: rng}
		p := g.policy(3 + rng.IntN(6))
		p.Dir = fmt.Sprintf("policy %d", pi)
		ps <- p
	}
	close(ps)
	wg.Wait()
	t.Logf("%d random policies in %v; definite findings replayed: %v", policies, time.Since(start), counts)
	if testing.Short() {
		return
	}
	dirs, _ := filepath.Glob("../../examples/*")
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		p, err := load.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		checkReplays(t, dir, p, counts)
	}
	// The synthetic 1,000-rule policy: no witness is decided by a rule
	// its finding does not name.
	dir := filepath.Join(t.TempDir(), "synth")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(1000, 1, synth.Random)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	checkReplays(t, "synthetic 1,000-rule policy", p, counts)
	t.Logf("with the examples and the synthetic policy, in %v: %v", time.Since(start), counts)
}

// replayCounts counts the definite findings replayed, by check.
type replayCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *replayCounts) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprint(c.n)
}

func checkReplays(t *testing.T, name string, p *load.Policy, counts *replayCounts) {
	t.Helper()
	findings, err := Run(p, Options{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r := newReplayer(p.Table)
	for _, d := range findings {
		if d.Certainty != Definitely || len(d.Witness) == 0 {
			continue
		}
		counts.mu.Lock()
		counts.n[d.Check]++
		counts.mu.Unlock()
		if msg := replayClaim(r, d); msg != "" {
			t.Errorf("%s: %s\n%s\nrules:\n%s", name, msg, d, dumpRules(p.Table))
		}
	}
}
