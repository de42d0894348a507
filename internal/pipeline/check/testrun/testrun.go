// Package testrun runs a policy's tests in-process, through the same
// runtime evaluator and table that the hook binary embeds (load.Policy.Hook), and measures
// which rules and decisions they cover.
package testrun

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A Result is the outcome of one test.
type Result struct {
	Test   *load.Test
	Got    *runtime.Result
	Failed []string // what did not hold; empty when the test passed
}

// A Report is the outcome of running a policy's tests.
type Report struct {
	Results []Result
	Cover   Coverage
}

// Failed reports whether any test failed.
func (r *Report) Failed() bool {
	for _, res := range r.Results {
		if len(res.Failed) > 0 {
			return true
		}
	}
	return false
}

// Coverage says what the tests exercised (design.md 15: a rule is
// covered when it decided at least one unit in some test).
type Coverage struct {
	Rules     []int                     // per rule: units it decided
	Decisions map[runtime.Decision]bool // decisions the tests produced
	Possible  map[runtime.Decision]bool // decisions the policy can give
	Default   int                       // units decided by the default
	OnError   int                       // tests answered by onError, for the events onError does not name
	OnErrorBy map[string]int            // tests answered by onError, per event the policy names
	Floors    map[string]int            // units decided by each floor
}

// Env is the environment the hook sees in test t: t.HookEnv().
func Env(t *load.Test) *runtime.Env { return t.HookEnv() }

// Run runs the tests of p whose names match run (all when run is nil),
// with the table the hook runs (p.Hook); the coverage is of p.Table's
// rules. It fails only when no hook can be built from p.
func Run(p *load.Policy, run *regexp.Regexp) (*Report, error) {
	return RunHook(p, run, "")
}

// RunHook is Run with each test decided by the hook binary hook, built
// from p, run in the test's project (design.md 333); the coverage is
// still the in-process evaluator's. With hook "" it is Run.
func RunHook(p *load.Policy, run *regexp.Regexp, hook string) (*Report, error) {
	t := p.Table
	table, err := p.Hook()
	if err != nil {
		return nil, err
	}
	rep := &Report{Cover: Coverage{
		Rules:     make([]int, len(t.Rules)),
		Decisions: map[runtime.Decision]bool{},
		Possible:  possible(t),
		Floors:    map[string]int{},
		OnErrorBy: map[string]int{},
	}}
	index := map[string]int{}
	for i, r := range t.Rules {
		index[r.Name] = i
	}
	for i := range p.Tests {
		tc := &p.Tests[i]
		if run != nil && !run.MatchString(tc.Name) {
			continue
		}
		got := runtime.ExplainEvent(table, tc.Payload, Env(tc), tc.Event)
		res := Result{Test: tc, Got: got}
		ans, failed := answer(p, tc, got, hook)
		if v := ans.Verdict(); v != tc.Want {
			msg := fmt.Sprintf("decision %s, want %s", v, tc.Want)
			if !runtime.IsPermissionEvent(got.Event) {
				msg = fmt.Sprintf("verdict %s, want %s (on %s the verdict is block, context or pass)", v, tc.Want, got.Event)
			} else if tc.Want == "block" || tc.Want == "context" {
				msg += fmt.Sprintf(" (on %s the verdict is the decision: allow, deny, ask or pass)", got.Event)
			}
			res.Failed = append(res.Failed, msg)
		}
		if tc.Rule != "" && ans.Rule != tc.Rule {
			by := "no rule"
			if ans.Rule != "" {
				by = fmt.Sprintf("rule %q", ans.Rule)
			}
			res.Failed = append(res.Failed, fmt.Sprintf("decided by %s, want rule %q", by, tc.Rule))
		}
		res.Failed = append(res.Failed, texts(tc, ans)...)
		res.Failed = append(res.Failed, failed...)
		rep.Results = append(rep.Results, res)

		c := &rep.Cover
		c.Decisions[got.Decision] = true
		if got.Err != "" {
			if slices.ContainsFunc(t.OnErrorBy, func(ed runtime.EventDecision) bool { return ed.Event == got.Event }) {
				c.OnErrorBy[got.Event]++
			} else {
				c.OnError++
			}
		}
		for _, n := range got.Contexts {
			c.Rules[index[n]]++
		}
		for _, u := range got.Units {
			switch u.By {
			case runtime.ByRule:
				c.Rules[index[u.Rule]]++
			case runtime.ByDefault, runtime.ByOtherDefault:
				c.Default++
			case runtime.ByFloor:
				c.Floors[u.Floor.String()]++
			}
		}
	}
	return rep, nil
}

// answer returns the answer to test tc, got's or, with hook set, the
// hook binary's, and what did not hold of its side effects.
func answer(p *load.Policy, tc *load.Test, got *runtime.Result, hook string) (*runtime.Result, []string) {
	if hook == "" {
		return got, effects(p, tc, got)
	}
	ans, failed, err := byHook(p, tc, hook)
	if err != nil {
		// The evaluator's answer stands in for the counts; the test fails.
		return got, []string{err.Error()}
	}
	return ans, failed
}

// texts returns the texts of test tc that the answer got does not hold.
func texts(tc *load.Test, got *runtime.Result) []string {
	var failed []string
	for _, n := range load.TextNames {
		want, ok := tc.Texts[n]
		if !ok {
			continue
		}
		text := map[string]string{"reason": got.Reason, "message": got.Message, "context": got.Context, "stopReason": got.StopReason}[n]
		switch {
		case want == "" && text != "":
			failed = append(failed, fmt.Sprintf("%s %q, want none", n, text))
		case !strings.Contains(text, want):
			failed = append(failed, fmt.Sprintf("%s %q does not contain %q", n, text, want))
		}
	}
	return failed
}

// possible returns the decisions the policy can give.
func possible(t *runtime.Table) map[runtime.Decision]bool {
	m := map[runtime.Decision]bool{t.Default: true, t.OnError: true}
	for _, f := range runtime.FloorInfo {
		m[t.Floors.Of(f.Kind)] = true
	}
	for _, ed := range t.OnErrorBy {
		if runtime.IsPermissionEvent(ed.Event) {
			m[ed.Decision] = true
		}
	}
	for _, r := range t.Rules {
		if r.Event.Op == runtime.StrAny {
			m[r.Decision] = true
		}
	}
	return m
}

// Exempt reports whether a rule's accepts say it decides nothing, or
// nothing another rule would not decide the same way (dead, shadowed,
// redundant): hookc test -cover does not ask a test of it (design.md 190).
func Exempt(accept map[string]string) bool {
	return accept["dead"] != "" || accept["shadowed"] != "" || accept["redundant"] != ""
}

// Uncovered returns the indexes of rules no test exercised.
func (c *Coverage) Uncovered() []int {
	var u []int
	for i, n := range c.Rules {
		if n == 0 {
			u = append(u, i)
		}
	}
	return u
}
