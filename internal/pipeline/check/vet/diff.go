package vet

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime"
)

// A Decider is what decides a unit in one policy: a rule, or the default
// when no rule matches.
type Decider struct {
	Decision string `json:"decision"`
	Rule     string `json:"rule,omitempty"` // "" for the default
	Pos      string `json:"pos,omitempty"`  // file:line:col of the rule
}

func (d Decider) String() string {
	if d.Rule == "" && d.Pos == "" {
		return "default (" + d.Decision + ")"
	}
	return fmt.Sprintf("%s: rule %q (%s)", d.Pos, d.Rule, d.Decision)
}

// A Change is a set of calls two policies decide differently: the
// calls one decider of the old policy and one of the new decide, with
// different decisions, shown by a witness call (design.md 90).
type Change struct {
	Tool    string  `json:"tool"`
	Program string  `json:"program,omitempty"` // the witness's program, for Bash
	Before  Decider `json:"before"`
	After   Decider `json:"after"`
	// Witness is a hook payload that, replayed through the evaluator of
	// each policy in the test context with Env and Files, is decided by
	// Before and by After.
	Witness json.RawMessage   `json:"witness,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Files   []string          `json:"files,omitempty"`
	// Certainty is Definitely when the witness replayed as claimed, else
	// Possibly, with Note saying why.
	Certainty string `json:"certainty"`
	Note      string `json:"note,omitempty"`
}

// A DiffResult is the changes between two policies, and what the
// comparison left out.
type DiffResult struct {
	Changes []Change `json:"changes"`
	// NotCompared says what the comparison could not analyse: changes
	// there may be missing.
	NotCompared []string `json:"notCompared,omitempty"`
}

// Diff compares two policies: for every pair of deciders, a rule or the
// default of each, whose regions meet with different decisions, it finds
// a witness call and replays it through both policies, as their hooks run
// them (design.md 90, 106).
func Diff(old, new *runtime.Table, opts Options) (*DiffResult, error) {
	both := joinTables(old, new)
	a, err := prepare(both, opts)
	if err != nil {
		return nil, err
	}
	d := &differ{a: a, old: old, new: new, replay: [2]*replayer{newReplayer(old), newReplayer(new)}}
	d.sides[0] = a.side(old, 0, len(old.Rules))
	d.sides[1] = a.side(new, len(old.Rules), len(both.Rules))
	d.notCompared()
	reachAll(d.sides[0], d.sides[1])
	for s := range d.sides {
		d.deciders[s] = d.decidersOf(s)
	}
	d.pairUp()
	res := &DiffResult{NotCompared: d.gaps}
	for _, k := range d.order {
		res.Changes = append(res.Changes, d.confirm(k, d.pairs[k]))
	}
	slices.SortStableFunc(res.Changes, func(x, y Change) int {
		return cmp.Or(cmp.Compare(x.Tool, y.Tool), cmp.Compare(x.Program, y.Program))
	})
	return res, nil
}

// A differ holds the work of one Diff.
type differ struct {
	a        *analysis // the model of both policies and its cells
	old, new *runtime.Table
	// replay decides witnesses with each policy as its hook runs it.
	replay   [2]*replayer
	sides    [2]*analysis  // each policy's rules over a's model and cells
	deciders [2][][]region // per side and cell, the deciders' regions
	pairs    map[pairKey]*pairWork
	order    []pairKey
	gaps     []string
}

// defaultRule stands for the default among rule indices, and
// otherDefault for pass, what no rule deciding gives on the events other
// than the permission events; they sort last.
const (
	defaultRule  = 1 << 30
	otherDefault = defaultRule + 1
)

// A region is the units one decider decides in a cell.
type region struct {
	rule     int // index in its policy's rules, or defaultRule
	decision runtime.Decision
	boxes    []box
}

type pairKey struct{ old, new int }

// pairWork is where two deciders meet: the boxes of the meet, in cell
// order, and their spaces.
type pairWork struct {
	boxes  []box
	spaces []space
	labels []string // the cells' labels
}

// maxPairBoxes bounds the boxes kept per pair: the witness search tries
// the first ones.
const maxPairBoxes = 12

// joinTables returns a table holding the rules of old then new, over
// one list of patterns, with new's knowledge: the table vet's model of
// both is built from.
func joinTables(old, new *runtime.Table) *runtime.Table {
	t := *new
	t.Index, t.Packed, t.DFAs, t.Regexps = nil, nil, "", ""
	t.Patterns = append(slices.Clone(old.Patterns), new.Patterns...)
	t.Rules = nil
	for _, r := range old.Rules {
		t.Rules = append(t.Rules, shiftRule(r, 0))
	}
	off := int32(len(old.Patterns))
	for _, r := range new.Rules {
		t.Rules = append(t.Rules, shiftRule(r, off))
	}
	return &t
}

// side returns the analysis of the rules lo..hi of a's table, which are
// the rules of t, over a's model and a copy of its cells.
func (a *analysis) side(t *runtime.Table, lo, hi int) *analysis {
	m := *a.m
	m.rules = a.m.rules[lo:hi]
	s := &analysis{m: &m, t: t, deadline: a.deadline, maxBoxes: a.maxBoxes}
	for _, c := range a.cells {
		s.cells = append(s.cells, &cell{space: c.space, label: c.label, other: c.other, univ: c.univ, targets: c.targets})
	}
	return s
}

// notCompared records what differs between the policies outside their
// rules' conditions and decisions, which the model does not compare.
func (d *differ) notCompared() {
	o, n := d.old, d.new
	diff := func(what string, x, y any) {
		if !reflect.DeepEqual(x, y) {
			d.gaps = append(d.gaps, what+" differ: the calls they decide are not compared")
		}
	}
	diff("the floors", o.Floors, n.Floors)
	diff("the onError decisions", []any{o.OnError, o.OnErrorBy}, []any{n.OnError, n.OnErrorBy})
	diff("the floor rules", floorRules(o), floorRules(n))
	if !reflect.DeepEqual(o.Commands, n.Commands) || !reflect.DeepEqual(o.Tools, n.Tools) || o.FoldCase != n.FoldCase || o.Limits != n.Limits {
		d.gaps = append(d.gaps, "the command knowledge, tool paths, limits or foldCase differ: the comparison uses the new policy's")
	}
}

// floorRules returns the floor rules of t without their positions.
func floorRules(t *runtime.Table) []runtime.Rule {
	var out []runtime.Rule
	for _, r := range t.Rules {
		if r.Floor != 0 {
			r.Pos = ""
			out = append(out, r)
		}
	}
	return out
}

// decidersOf returns, per cell, the regions of side s's rules and of its
// default.
func (d *differ) decidersOf(s int) [][]region {
	sa := d.sides[s]
	t := sa.t
	out := make([][]region, len(sa.cells))
	for ci, c := range sa.cells {
		def := []box{c.univ}
		var defErr error
		for k, ri := range c.rules {
			if c.failed[k] != nil && defErr == nil {
				defErr = c.failed[k]
				d.gap(s, ri, c.failed[k])
			}
			if len(c.reach[k]) > 0 {
				out[ci] = append(out[ci], region{ri, t.Rules[ri].Decision, c.reach[k]})
			}
			if c.opaque[k] || defErr != nil || len(def) == 0 {
				continue
			}
			var err error
			if def, _, err = sa.subtract(def, c.boxes[k], c.cons[k]); err == nil && len(def) > sa.maxBoxes {
				err = fmt.Errorf("the default's region grew beyond %d boxes", sa.maxBoxes)
			}
			if err != nil {
				defErr = err
			}
		}
		if defErr != nil {
			d.gaps = append(d.gaps, fmt.Sprintf("%s: the calls of %s the default decides were not analysed: %v", d.which(s), cellName(c), defErr))
			continue
		}
		perm, other, err := d.splitEvents(def)
		if err != nil {
			d.gaps = append(d.gaps, fmt.Sprintf("%s: the calls of %s the default decides were not analysed: %v", d.which(s), cellName(c), err))
			continue
		}
		if len(perm) > 0 {
			out[ci] = append(out[ci], region{defaultRule, t.Default, perm})
		}
		if len(other) > 0 {
			out[ci] = append(out[ci], region{otherDefault, runtime.Pass, other})
		}
	}
	return out
}

// splitEvents splits a region into its units of the permission events,
// which the default decides, and the others, which no rule deciding
// leaves to pass.
func (d *differ) splitEvents(r []box) (perm, other []box, err error) {
	ev := d.a.m.dEvent
	de := d.a.m.dims[ev]
	pt, err := (&pass{a: d.a}).permEvents()
	if err != nil {
		return nil, nil, err
	}
	for _, b := range r {
		x, err := de.inter(b[ev], pt)
		if err != nil {
			return nil, nil, err
		}
		y, err := de.diff(b[ev], pt)
		if err != nil {
			return nil, nil, err
		}
		if !de.isEmpty(x) {
			perm = append(perm, slices.Clone(b))
			perm[len(perm)-1][ev] = x
		}
		if !de.isEmpty(y) {
			other = append(other, slices.Clone(b))
			other[len(other)-1][ev] = y
		}
	}
	return perm, other, nil
}

// which names side s.
func (d *differ) which(s int) string { return [2]string{"old", "new"}[s] }

// gap records that rule ri of side s was not analysed, once.
func (d *differ) gap(s, ri int, err error) {
	r := &d.sides[s].t.Rules[ri]
	g := fmt.Sprintf("%s: %s: rule %q was not analysed: %v", d.which(s), r.Pos, r.Name, err)
	if !slices.Contains(d.gaps, g) {
		d.gaps = append(d.gaps, g)
	}
}

// cellName names the calls of a cell.
func cellName(c *cell) string {
	switch {
	case c.space == cmdSpace && c.other:
		return "the programs no rule names"
	case c.space == cmdSpace:
		return "program " + c.label
	case c.other:
		return "the tools no rule names"
	}
	return "tool " + c.label
}

// pairUp finds, in every cell, the pairs of an old and a new decider
// whose regions meet with different decisions.
func (d *differ) pairUp() {
	d.pairs = map[pairKey]*pairWork{}
	for ci, c := range d.a.cells {
		for _, ro := range d.deciders[0][ci] {
			for _, rn := range d.deciders[1][ci] {
				if ro.decision == rn.decision {
					continue
				}
				d.meet(c, ro, rn)
			}
		}
	}
	slices.SortFunc(d.order, func(x, y pairKey) int {
		return cmp.Or(cmp.Compare(x.old, y.old), cmp.Compare(x.new, y.new))
	})
}

// meet adds to the pair of ro and rn the boxes where their regions meet
// in cell c.
func (d *differ) meet(c *cell, ro, rn region) {
	k := pairKey{ro.rule, rn.rule}
	for _, bo := range ro.boxes {
		for _, bn := range rn.boxes {
			x, ok, err := d.a.intersect(bo, bn)
			if err != nil {
				d.gaps = append(d.gaps, fmt.Sprintf("where %s and %s meet in %s was not analysed: %v", d.decider(0, ro.rule), d.decider(1, rn.rule), cellName(c), err))
				return
			}
			if !ok {
				continue
			}
			pw := d.pairs[k]
			if pw == nil {
				pw = &pairWork{}
				d.pairs[k] = pw
				d.order = append(d.order, k)
			}
			if len(pw.boxes) < maxPairBoxes {
				pw.boxes = append(pw.boxes, x)
				pw.spaces = append(pw.spaces, c.space)
				pw.labels = append(pw.labels, c.label)
			}
		}
	}
}

// decider returns rule ri (or the default) of side s as a Decider.
func (d *differ) decider(s, ri int) Decider {
	t := d.sides[s].t
	switch ri {
	case defaultRule:
		return Decider{Decision: t.Default.String()}
	case otherDefault:
		return Decider{Decision: runtime.Pass.String()}
	}
	r := &t.Rules[ri]
	return Decider{Decision: r.Decision.String(), Rule: r.Name, Pos: r.Pos}
}

// decides reports whether a unit's trace says decider ri of table t
// decided it.
func decides(t *runtime.Table, ri int, u runtime.Trace) bool {
	switch ri {
	case defaultRule:
		return u.By == runtime.ByDefault
	case otherDefault:
		return u.By == runtime.ByOtherDefault
	}
	r := &t.Rules[ri]
	return u.Rule == r.Name && u.Pos == r.Pos
}

// confirm finds a witness of a pair: a call whose unit the old decider
// decides in the old policy and the new one in the new, and whose
// decisions differ.
func (d *differ) confirm(k pairKey, pw *pairWork) Change {
	ch := Change{Before: d.decider(0, k.old), After: d.decider(1, k.new)}
	ps := &pass{a: d.a, t: d.a.t, r: d.replay[0]}
	var prog string
	w, replayed, uncertain := ps.findWitness(pw.boxes, pw.spaces, func(c call, units []runtime.Trace, u int) bool {
		ro := d.replay[0].explain(d.replay[0].run, c)
		rn := d.replay[1].explain(d.replay[1].run, c)
		// The call is decided as its unit: no other unit is more severe.
		if ro.Decision.String() != ch.Before.Decision || rn.Decision.String() != ch.After.Decision || len(rn.Units) != len(units) {
			return false
		}
		if !decides(d.old, k.old, units[u]) || !decides(d.new, k.new, rn.Units[u]) {
			return false
		}
		if cmd := units[u].Cmd; cmd != nil {
			prog = strings.ToLower(cmd.Program.Text)
		}
		return true
	})
	ch.Witness, ch.Env, ch.Files = witnessJSON(w), w.env, w.files
	ch.Tool = toolOf(w.payload)
	ch.Certainty = Definitely
	if uncertain {
		ch.Note = "the witness needs an uncertain value (a program run by a path or in capitals, a dynamic word, a glob) or a context (an environment variable, a file, an agent)"
	}
	if !replayed {
		ch.Certainty = Possibly
		ch.Note = "no call found replays as claimed: the model says the two deciders meet, which may need values that cannot occur together"
		prog = ""
		if pw.spaces[0] == cmdSpace {
			ch.Tool, prog = "Bash", pw.labels[0]
		} else if ch.Tool == "" {
			ch.Tool = pw.labels[0]
		}
	}
	if ch.Tool == "Bash" {
		ch.Program = prog
	}
	return ch
}

// toolOf returns the tool_name of a payload.
func toolOf(payload []byte) string {
	var p struct {
		Tool string `json:"tool_name"`
	}
	json.Unmarshal(payload, &p)
	return p.Tool
}

// shiftRule returns a copy of r whose regular expressions refer to
// patterns off places later, sharing nothing it changes with r.
func shiftRule(r runtime.Rule, off int32) runtime.Rule {
	runtime.CloneConds(&r)
	runtime.WalkMatchers(&r, func(_ *runtime.Cond, _ string, s *runtime.Str) { *s = shiftStr(*s, off) })
	return r
}

// shiftStr returns a copy of s whose regular expressions refer to
// patterns off places later; the joined table has no automata.
func shiftStr(s runtime.Str, off int32) runtime.Str {
	if s.Op == runtime.StrRe {
		s.Re += off
	}
	s.DFA = 0
	if s.Subs != nil {
		subs := make([]runtime.Str, len(s.Subs))
		for i, x := range s.Subs {
			subs[i] = shiftStr(x, off)
		}
		s.Subs = subs
	}
	return s
}
