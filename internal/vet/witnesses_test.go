package vet

import (
	"testing"

	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/testrun"
	"hookc.dev/hookc/runtime"
)

// TestWitnesses checks that every rule of the guard gets a witness that it
// decides.
func TestWitnesses(t *testing.T) {
	t.Parallel()
	p, err := load.Dir("../../examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := Witnesses(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]bool{}
	for _, w := range ws {
		got[w.Rule] = true
		res := runtime.Explain(p.Table, w.Payload, testrun.Env(&load.Test{Env: w.Env}))
		decided := false
		for _, u := range res.Units {
			decided = decided || u.Rule == p.Table.Rules[w.Rule].Name
		}
		if !decided {
			t.Errorf("rule %q does not decide its witness %s", p.Table.Rules[w.Rule].Name, w.Payload)
		}
	}
	for i, r := range p.Table.Rules {
		if !got[i] {
			t.Logf("rule %q has no witness", r.Name)
		}
	}
	if len(ws) < len(p.Table.Rules)*3/4 {
		t.Errorf("%d witnesses for %d rules", len(ws), len(p.Table.Rules))
	}
}
