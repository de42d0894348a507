package vet

import (
	"fmt"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A RuleWitness is a call that a rule decides, confirmed by replaying it
// through the runtime evaluator in the test context.
type RuleWitness struct {
	Rule    int               // index in the table's rules
	Payload []byte            // the hook payload
	Env     map[string]string // environment variables the call needs
}

// Witnesses returns, for each rule that decides some call, one such call.
// Rules that are dead or hidden, calls that need files or symlinks, and
// rules whose analysis ran out of budget have none.
func Witnesses(p *load.Policy, opts Options) ([]RuleWitness, error) {
	a, err := analyse(p.Table, opts)
	if err != nil {
		return nil, err
	}
	return (&pass{p: p, a: a, t: p.Table, r: policyReplayer(p)}).witnesses(), nil
}

// witnesses returns Witnesses from the analysis of the pass.
func (ps *pass) witnesses() []RuleWitness {
	t := ps.t
	boxes := make([][]box, len(t.Rules))
	spaces := make([][]space, len(t.Rules))
	for _, c := range ps.a.cells {
		for k, ri := range c.rules {
			if k >= len(c.reach) {
				continue
			}
			for _, b := range c.reach[k] {
				boxes[ri] = append(boxes[ri], b)
				spaces[ri] = append(spaces[ri], c.space)
			}
		}
	}
	var out []RuleWitness
	for ri := range t.Rules {
		if len(boxes[ri]) == 0 {
			continue
		}
		w, replayed, _ := ps.findWitness(boxes[ri], spaces[ri], func(c call, units []runtime.Trace, u int) bool {
			return len(c.files) == 0 && len(c.links) == 0 && ps.r.decidedBy(units[u], ri)
		})
		if !replayed {
			continue
		}
		out = append(out, RuleWitness{Rule: ri, Payload: w.payload, Env: w.env})
	}
	return out
}

// WitnessCalls returns Witnesses as calls for generated test scenarios.
func WitnessCalls(p *load.Policy, opts Options) ([]load.Call, error) {
	ws, err := Witnesses(p, opts)
	if err != nil {
		return nil, err
	}
	var calls []load.Call
	for _, w := range ws {
		r := &p.Table.Rules[w.Rule]
		calls = append(calls, load.Call{
			Name:    fmt.Sprintf("vet witness for rule %q (%s)", r.Name, r.Pos),
			Payload: w.Payload,
			Env:     w.Env,
		})
	}
	return calls, nil
}
