package load

import (
	"sync"

	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/runtime"
)

// hookTable is a policy's table as the hook runs it, made once.
type hookTable struct {
	once sync.Once
	t    *runtime.Table
	err  error
}

// Hook returns the table the hook built from p runs: p.Table in the form
// hooktable.Generated gives it, which is the form gen.Source writes into the
// hook's source (the dispatch index, automata of the matchers of a fixed
// language, the rules packed above hooktable.PackAbove rules, the regular
// expressions compiled). hookc test, explain, replay and diff and the
// layers check decide with it, in process, so that they answer what the
// hook answers (design.md 106). It is made on the first call; an error
// means no hook can be built from p.
//
// p.Table stays the loaded table: the table Hook returns may hold its
// rules packed (Rules nil), and what reads the rules (vet, coverage,
// findings) reads p.Table's.
func (p *Policy) Hook() (*runtime.Table, error) {
	h := &p.hook
	h.once.Do(func() { h.t, h.err = hooktable.Generated(p.Table) })
	return h.t, h.err
}
