package vet

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// diffOf compares two policies and returns each change as "tool program:
// before -> after certainty", after checking that every definite witness
// replays as claimed.
func diffOf(t *testing.T, old, new *runtime.Table) []string {
	t.Helper()
	res, err := Diff(old, new, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range res.Changes {
		if c.Certainty == Definitely {
			checkWitness(t, old, new, c)
		}
		out = append(out, fmt.Sprintf("%s %s: %s -> %s %s", c.Tool, c.Program, c.Before, c.After, c.Certainty))
	}
	for _, g := range res.NotCompared {
		out = append(out, "not compared: "+g)
	}
	return out
}

// checkWitness replays a change's witness through both policies.
func checkWitness(t *testing.T, old, new *runtime.Table, c Change) {
	t.Helper()
	env := testrun.Env(&load.Test{Env: c.Env, Files: c.Files})
	ro := runtime.Explain(old, c.Witness, env)
	rn := runtime.Explain(new, c.Witness, env)
	if ro.Decision.String() != c.Before.Decision || rn.Decision.String() != c.After.Decision {
		t.Errorf("witness %s: %s -> %s, claimed %s -> %s", c.Witness, ro.Decision, rn.Decision, c.Before.Decision, c.After.Decision)
	}
	has := func(r *runtime.Result, d Decider) bool {
		for _, u := range r.Units {
			if u.Rule == d.Rule && (d.Rule == "" || u.Pos == d.Pos) && u.Decision.String() == d.Decision {
				return true
			}
		}
		return false
	}
	if !has(ro, c.Before) || !has(rn, c.After) {
		t.Errorf("witness %s is not decided by %s, then %s", c.Witness, c.Before, c.After)
	}
}

func cmdOf(name string, args ...string) *runtime.CmdCond {
	c := &runtime.CmdCond{Name: exact(name)}
	if len(args) > 0 {
		var pre []runtime.Str
		for _, a := range args {
			pre = append(pre, exact(a))
		}
		c.Args = runtime.List{Conds: []runtime.ListCond{{Q: runtime.QPrefix, Prefix: pre}}}
	}
	return c
}

func flagsOf(name string, flags ...string) *runtime.CmdCond {
	var any []runtime.Str
	for _, f := range flags {
		any = append(any, exact(f))
	}
	return &runtime.CmdCond{Name: exact(name), Flags: runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: runtime.Str{Op: runtime.StrOr, Subs: any}}}}}
}

// TestDiff compares small policies: the changes are the pairs of
// deciders that decide some calls in common differently, each with a
// witness that replays.
func TestDiff(t *testing.T) {
	t.Parallel()
	gitAllow := runtime.Rule{Name: "git", Decision: runtime.Allow, Cmd: cmdOf("git")}
	pushDeny := runtime.Rule{Name: "push", Decision: runtime.Deny, Cmd: cmdOf("git", "push")}
	lsAllow := runtime.Rule{Name: "ls", Decision: runtime.Allow, Cmd: cmdOf("ls")}
	rmRF := runtime.Rule{Name: "rm", Decision: runtime.Deny, Cmd: flagsOf("rm", "-r", "-f")}
	rmR := runtime.Rule{Name: "rm", Decision: runtime.Deny, Cmd: flagsOf("rm", "-r")}
	read := runtime.Rule{Name: "read", Decision: runtime.Allow, Tool: exact("Read")}
	for _, tt := range []struct {
		name     string
		old, new *load.Policy
		want     []string
	}{
		{"no change",
			policyOf(runtime.Ask, gitAllow, pushDeny, lsAllow),
			policyOf(runtime.Ask, gitAllow, pushDeny, lsAllow),
			nil},
		{"a deny added",
			policyOf(runtime.Ask, lsAllow),
			policyOf(runtime.Ask, lsAllow, pushDeny),
			[]string{`Bash git: default (ask) -> p/policy.cue:2:2: rule "push" (deny) definitely`}},
		{"rules reordered",
			policyOf(runtime.Ask, gitAllow, pushDeny),
			policyOf(runtime.Ask, pushDeny, gitAllow),
			[]string{`Bash git: p/policy.cue:1:2: rule "git" (allow) -> p/policy.cue:1:2: rule "push" (deny) definitely`}},
		{"a condition narrowed",
			policyOf(runtime.Ask, rmRF, lsAllow),
			policyOf(runtime.Ask, rmR, lsAllow),
			[]string{`Bash rm: p/policy.cue:1:2: rule "rm" (deny) -> default (ask) definitely`}},
		{"the default changed",
			policyOf(runtime.Ask, read),
			policyOf(runtime.Deny, read),
			[]string{`Bash a: default (ask) -> default (deny) definitely`}},
		{"a tool rule removed",
			policyOf(runtime.Ask, read, lsAllow),
			policyOf(runtime.Ask, lsAllow),
			[]string{`Read : p/policy.cue:1:2: rule "read" (allow) -> default (ask) definitely`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := diffOf(t, tt.old.Table, tt.new.Table)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestDiffPatterns checks that each policy's regular expressions are its
// own in the model of both: the same rule, with its pattern at another
// index, is no change.
func TestDiffPatterns(t *testing.T) {
	t.Parallel()
	re := func(i int32) runtime.Rule {
		return runtime.Rule{Name: "curl", Decision: runtime.Deny, Cmd: &runtime.CmdCond{Line: runtime.Str{Op: runtime.StrRe, Re: i}}}
	}
	old := policyOf(runtime.Allow, re(0)).Table
	old.Patterns = []string{"^curl "}
	new := policyOf(runtime.Allow, re(1)).Table
	new.Patterns = []string{"^wget ", "^curl "}
	if got := diffOf(t, old, new); len(got) > 0 {
		t.Errorf("the same rule: %q", got)
	}
	new.Patterns = []string{"^curl ", "^wget "}
	want := []string{
		`Bash curl: p/policy.cue:1:2: rule "curl" (deny) -> default (allow) definitely`,
		`Bash wget: default (allow) -> p/policy.cue:1:2: rule "curl" (deny) definitely`,
	}
	if got := diffOf(t, old, new); !slices.Equal(got, want) {
		t.Errorf("another pattern:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDiffNotCompared checks that what the model leaves out is said.
func TestDiffNotCompared(t *testing.T) {
	t.Parallel()
	old := policyOf(runtime.Ask).Table
	new := policyOf(runtime.Ask).Table
	new.Floors.Dynamic = runtime.Deny
	got := diffOf(t, old, new)
	if len(got) != 1 || !strings.Contains(got[0], "the floors differ") {
		t.Errorf("got %q, want the floors not compared", got)
	}
}

// TestShiftRule checks that shiftRule moves the regular expression of
// every matcher a rule can hold, and changes nothing of the original.
func TestShiftRule(t *testing.T) {
	t.Parallel()
	var r runtime.Rule
	n := 0
	forEachStr(reflect.ValueOf(&r).Elem(), 2, func(s *runtime.Str) {
		*s = runtime.Str{Op: runtime.StrRe, Re: 1, Subs: []runtime.Str{{Op: runtime.StrRe, Re: 1}}}
		n++
	})
	if n < 20 {
		t.Fatalf("only %d matchers in a rule", n)
	}
	shifted := shiftRule(r, 10)
	forEachStr(reflect.ValueOf(&shifted).Elem(), 0, func(s *runtime.Str) {
		if s.Re != 11 || s.Subs[0].Re != 11 {
			t.Errorf("a matcher not shifted: %+v", s)
		}
	})
	forEachStr(reflect.ValueOf(&r).Elem(), 0, func(s *runtime.Str) {
		if s.Re != 1 || s.Subs[0].Re != 1 {
			t.Errorf("the original changed: %+v", s)
		}
	})
}

// forEachStr calls f on every Str reachable from v, the top-level ones of
// each Subs; it gives empty slices grow elements and nil pointers values.
func forEachStr(v reflect.Value, grow int, f func(*runtime.Str)) {
	if v.Type() == reflect.TypeFor[runtime.Str]() {
		f(v.Addr().Interface().(*runtime.Str))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() && grow > 0 {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if !v.IsNil() {
			forEachStr(v.Elem(), grow, f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			forEachStr(v.Field(i), grow, f)
		}
	case reflect.Slice:
		if v.Len() == 0 && grow > 0 {
			v.Set(reflect.MakeSlice(v.Type(), grow, grow))
		}
		for i := range v.Len() {
			forEachStr(v.Index(i), grow, f)
		}
	}
}

// TestDiffProperty compares random policies with changed copies of
// themselves: every definite witness replays as claimed, and every
// sampled unit decided differently, by deciders modelled (no floor),
// falls in a change of the same pair of deciders.
func TestDiffProperty(t *testing.T) {
	t.Parallel()
	policies, samples := 30, 300
	rng, deadline := propertyRun(&policies, 10, 13)
	compared, pi, certain, changes := 0, 0, 0, 0
	for ; pi < policies && time.Now().Before(deadline); pi++ {
		g := &policyGen{rng: rng}
		old := g.policy(3 + rng.IntN(5)).Table
		new := mutate(g, old)
		res, err := Diff(old, new, Options{})
		if err != nil {
			t.Fatalf("policy %d: %v", pi, err)
		}
		pairs := map[[2]Decider]bool{}
		for _, c := range res.Changes {
			changes++
			if c.Certainty == Definitely {
				certain++
				checkWitness(t, old, new, c)
			}
			pairs[[2]Decider{c.Before, c.After}] = true
		}
		for range samples {
			payload, env := g.call()
			e := testrun.Env(&load.Test{Env: env})
			ro, rn := runtime.Explain(old, payload, e), runtime.Explain(new, payload, e)
			if len(ro.Units) != len(rn.Units) {
				continue
			}
			for u := range ro.Units {
				a, b := ro.Units[u], rn.Units[u]
				if a.Decision == b.Decision || !modelled(a) || !modelled(b) {
					continue
				}
				compared++
				k := [2]Decider{deciderOf(old, a), deciderOf(new, b)}
				if !pairs[k] {
					t.Errorf("policy %d: unit %d of %s: %s -> %s is in no change\nold:\n%s\nnew:\n%s", pi, u, payload, k[0], k[1], dumpRules(old), dumpRules(new))
				}
			}
		}
	}
	t.Logf("%d policies, %d changes (%d definite): %d units decided differently, each in a change", pi, changes, certain, compared)
}

// modelled reports whether a unit was decided by a rule or the default,
// not a floor.
func modelled(u runtime.Trace) bool { return u.Why == "rule" || strings.HasPrefix(u.Why, "default") }

// deciderOf returns the decider of a unit as Diff names it.
func deciderOf(t *runtime.Table, u runtime.Trace) Decider {
	if u.Rule == "" {
		return Decider{Decision: u.Decision.String()}
	}
	return Decider{Decision: u.Decision.String(), Rule: u.Rule, Pos: u.Pos}
}

// mutate returns a copy of a random policy with one change: two rules
// swapped, a decision or the default changed, a rule removed or added.
func mutate(g *policyGen, old *runtime.Table) *runtime.Table {
	t := *old
	t.Patterns = slices.Clone(old.Patterns)
	t.Rules = slices.Clone(old.Rules)
	g.t = &t
	n := len(t.Rules)
	switch g.rng.IntN(5) {
	case 0:
		i, j := g.rng.IntN(n), g.rng.IntN(n)
		t.Rules[i], t.Rules[j] = t.Rules[j], t.Rules[i]
	case 1:
		i := g.rng.IntN(n)
		t.Rules[i].Decision = runtime.Decision(g.rng.IntN(4))
	case 2:
		t.Default = runtime.Decision(g.rng.IntN(3))
	case 3:
		i := g.rng.IntN(n)
		t.Rules = slices.Delete(t.Rules, i, i+1)
	default:
		t.Rules = slices.Insert(t.Rules, g.rng.IntN(n+1), g.rule(n))
	}
	return &t
}
