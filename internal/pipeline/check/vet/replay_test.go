package vet

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/synth"
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
			if k < 0 || k != related {
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
		case d.Check == "unanchored":
			if r.decidedBy(tr, j) && tr.Decision == runtime.Allow {
				return ""
			}
		case d.Check == "broad-allow":
			if r.decidedBy(tr, j) && tr.Decision == runtime.Allow && widened(r, d, j, c, u) {
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

// widened reports, for a finding that rule j widens an effect, whether
// unit u of c is not decided by the rule without the widening: it has
// the effect (design.md 299). Other findings hold.
func widened(r *replayer, d diag.Diagnostic, j int, c call, u int) bool {
	for _, f := range runtime.FloorInfo {
		if !strings.Contains(d.Message, "widens its effects: it allows "+f.Name+" (") {
			continue
		}
		rules := slices.Clone(r.rules)
		rules[j].Effects &^= f.Kind
		n, ok := r.unitOf(r.variant(rules), c, u)
		return ok && !r.decidedBy(n, j)
	}
	return true
}

// TestWitnessesReplay vets random policies, every example and the
// synthetic 1,000-rule policy. It replays the witness of every definite
// finding through the generated table the hook runs, with the context the
// finding gives: it must be decided as the finding says, by the rule the
// finding names (design.md 64, 65). Every rule not reported unreachable
// must be reached (checkReached, design.md 104), and the guard's rules get
// the witnesses of generated scenarios (checkGuardWitnesses).
func TestWitnessesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the witnesses of random policies and of every example")
	}
	t.Parallel()
	policies := 1000
	start := time.Now()
	rng := rand.New(rand.NewPCG(propertySeed, 13))
	counts := &replayCounts{n: map[string]int{}}
	reach := &reachCounts{}
	ps := make([]*load.Policy, policies)
	for pi := range ps {
		g := &policyGen{rng: rng}
		ps[pi] = g.policy(3 + rng.IntN(6))
		ps[pi].Dir = fmt.Sprintf("policy %d", pi)
	}
	parallel(policies, func(pi int) {
		search := func() []call { return searchCalls(uint64(1000+pi), searchBudget) }
		checkPolicy(t, ps[pi].Dir, ps[pi], counts, reach, search)
	})
	t.Logf("%d random policies in %v; definite findings replayed: %v", policies, time.Since(start), counts)
	t.Logf("reach: %v", reach)
	for _, m := range reach.missed {
		t.Logf("not reached within the budget: %s", m)
	}
	for _, m := range reach.reachMissed {
		t.Logf("reported unreached, reached by random search: %s", m)
	}
	if !testing.Short() && reach.no > maxUnreached {
		t.Errorf("%d rules not reported unreachable were not reached within the budget, more than %d", reach.no, maxUnreached)
	}
	if !testing.Short() && reach.reachable > maxReachedUnreached {
		t.Errorf("%d rules reported unreached were reached by random calls, more than %d", reach.reachable, maxReachedUnreached)
	}
	if testing.Short() {
		return
	}
	random := reach.no
	dirs, _ := filepath.Glob("../../../../examples/*")
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		p, err := load.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		ps := checkPolicy(t, dir, p, counts, reach, nil)
		if filepath.Base(dir) == "guard" {
			checkGuardWitnesses(t, ps)
		}
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
	checkPolicy(t, "synthetic 1,000-rule policy", p, counts, reach, nil)
	for _, m := range reach.named {
		t.Logf("not reached: %s", m)
	}
	if n := reach.no - random; n > maxUnreachedNamed {
		t.Errorf("%d rules of the examples and the synthetic policy not reported unreachable were not reached, more than %d", n, maxUnreachedNamed)
	}
	t.Logf("with the examples and the synthetic policy, in %v: %v; reach: %v", time.Since(start), counts, reach)
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

// checkPolicy vets a policy and checks its findings: every definite
// witness replays as claimed, and every rule not reported unreachable is
// reached (checkReached).
func checkPolicy(t *testing.T, name string, p *load.Policy, counts *replayCounts, reach *reachCounts, search func() []call) *pass {
	t.Helper()
	ps, err := runChecks(p, Options{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	findings := ps.findings()
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
	if msg := checkReached(name, ps, search, reach); msg != "" {
		t.Errorf("%s: %s", name, msg)
	}
	return ps
}
