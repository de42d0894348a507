package vet

import (
	"testing"

	"hookc.dev/hookc/runtime"
)

// TestCondDims checks that every condition of runtime.Conds has a place in
// the model, and that the fixed dimensions come from them (design.md 212).
func TestCondDims(t *testing.T) {
	for i := range runtime.Conds {
		if _, ok := condDims[runtime.Conds[i].Name]; !ok {
			t.Errorf("condition %s has no place in the model (condDims)", runtime.Conds[i].Name)
		}
	}
	if len(condDims) != len(runtime.Conds) {
		t.Errorf("condDims has %d entries, runtime.Conds %d", len(condDims), len(runtime.Conds))
	}
	m := &model{}
	specs := m.fixedSpecs(&runtime.Table{})
	for name, i := range m.byCond {
		if want := condDims[name].dim; specs[i].name != want {
			t.Errorf("%s: dimension %q, want %q", name, specs[i].name, want)
		}
	}
	if m.dPaths != m.byCond["reads"] || m.dPaths != m.byCond["writes"] || m.dPaths != len(specs)-1 {
		t.Errorf("path, reads and writes: dimensions %d, %d, %d of %d; want one, the last", m.dPaths, m.byCond["reads"], m.byCond["writes"], len(specs))
	}
	if got := m.dimLabel(m.dPaths); got != "path, reads and writes" {
		t.Errorf("dimLabel(paths) = %q", got)
	}
}
