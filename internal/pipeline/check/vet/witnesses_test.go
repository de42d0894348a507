package vet

import (
	"testing"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// checkGuardWitnesses checks, on the pass over the guard that
// TestWitnessesReplay makes, that every rule of the guard gets a witness
// (Witnesses, which generated scenarios use) that it decides, and that
// most rules get one.
func checkGuardWitnesses(t *testing.T, ps *pass) {
	t.Helper()
	ws := ps.witnesses()
	got := map[int]bool{}
	for _, w := range ws {
		got[w.Rule] = true
		res := runtime.Explain(ps.t, w.Payload, testrun.Env(&load.Test{Env: w.Env}))
		decided := false
		for _, u := range res.Units {
			decided = decided || u.Rule == ps.t.Rules[w.Rule].Name
		}
		if !decided {
			t.Errorf("rule %q does not decide its witness %s", ps.t.Rules[w.Rule].Name, w.Payload)
		}
	}
	for i, r := range ps.t.Rules {
		if !got[i] {
			t.Logf("rule %q has no witness", r.Name)
		}
	}
	if len(ws) < len(ps.t.Rules)*3/4 {
		t.Errorf("%d witnesses for %d rules", len(ws), len(ps.t.Rules))
	}
}
