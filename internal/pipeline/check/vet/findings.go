package vet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// Dead reports rules that can never match.
var Dead = &Check{Name: "dead", Doc: deadDoc, Facts: []*Fact{ModelFact, ReachFact, RuleFact}, Adds: []*Fact{RemovedFact, AcceptFact}, run: runDead}

// Shadowed reports rules every call of which an earlier rule, or several
// together, decides differently.
var Shadowed = &Check{Name: "shadowed", Doc: shadowedDoc, Facts: []*Fact{ModelFact, ReachFact, RuleFact, ReplayFact, RemovedFact}, Adds: []*Fact{RemovedFact, AcceptFact}, run: runShadowed}

// Redundant reports rules that can be removed without changing any
// decision.
var Redundant = &Check{Name: "redundant", Doc: redundantDoc, Facts: []*Fact{ModelFact, ReachFact, RuleFact, ReplayFact, RemovedFact}, Adds: []*Fact{RemovedFact, AcceptFact}, run: runRedundant}

// Conflict reports partial overlaps where an earlier, milder rule bypasses
// a later one.
var Conflict = &Check{Name: "conflict", Doc: conflictDoc, Facts: []*Fact{ReachFact, RuleFact, ReplayFact, RemovedFact}, Adds: []*Fact{AcceptFact}, run: runConflict}

// Invalid reports patterns that match every value by mistake.
var Invalid = &Check{Name: "invalid", Doc: invalidDoc, Adds: []*Fact{AcceptFact}, run: runInvalid}

// UnknownTool reports tool names that no built-in or MCP tool has, and
// names that start with mcp__ but are not mcp__<server>__<tool>.
var UnknownTool = &Check{Name: "unknown-tool", Doc: unknownToolDoc, Facts: []*Fact{ModelFact, RuleFact, RemovedFact}, Adds: []*Fact{AcceptFact}, run: runUnknownTool}

// UnknownField reports input fields the tools a rule names do not have.
var UnknownField = &Check{Name: "unknown-field", Doc: unknownFieldDoc, Facts: []*Fact{ModelFact}, Adds: []*Fact{AcceptFact}, run: runUnknownField}

// BroadAllow reports allows that reach unknown tools or every command.
var BroadAllow = &Check{Name: "broad-allow", Doc: broadAllowDoc, Facts: []*Fact{ModelFact, ReachFact, RuleFact, ReplayFact, RemovedFact}, Adds: []*Fact{AcceptFact}, run: runBroadAllow}

// dimLabel names dimension i as a policy writes it: the conditions of
// runtime.Conds it holds, or the keyed condition.
func (m *model) dimLabel(i int) string {
	var names []string
	for j := range runtime.Conds {
		if k, ok := m.byCond[runtime.Conds[j].Name]; ok && k == i {
			names = append(names, runtime.Conds[j].Name)
		}
	}
	if len(names) > 0 {
		return joinAnd(names)
	}
	name := m.dims[i].name
	switch {
	case strings.HasPrefix(name, "env."):
		return "when." + name
	case strings.HasPrefix(name, "exists:"):
		return "when.exists and when.missing"
	}
	return name
}

// joinAnd joins names as a sentence does: a, b and c.
func joinAnd(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func runDead(ps *pass) {
	m := ps.a.m
	ps.deadWithoutToolCall()
	for ri := range ps.t.Rules {
		rm := &m.rules[ri]
		st := &ps.rules[ri]
		if rm.err != nil || len(st.refs) > 0 {
			continue
		}
		var why string
		switch {
		case rm.void >= 0:
			why = fmt.Sprintf("no value satisfies its %s conditions", m.dimLabel(rm.void))
			if rm.void == m.dEvent && ps.t.Rules[ri].Event.Op == runtime.StrAny {
				why = "no permission event satisfies it"
			}
		case rm.cmd && !ps.meetsBash(ri):
			why = "a rule with a command condition matches only Bash calls, and its tool condition excludes Bash"
		case !rm.cmd && ps.onlyDim(ri, toolSpace, ps.a.m.dPaths):
			why = "the tools it matches have no paths that satisfy its path conditions"
		case rm.cmd && ps.onlyDim(ri, cmdSpace, ps.a.m.dFlags):
			why = "its command.flags conditions name options the runtime never records for the programs it matches: an option of several letters after a single dash is split into one-letter options unless the program's command knowledge sets noSplit"
		default:
			why = "its conditions cannot hold together for any call"
		}
		certainty := Definitely
		if ps.fsDependent(ri, true) {
			certainty, why = Possibly, why+", unless a path it reads or writes is a symlink (whose target is a second possible value)"
		}
		ps.report(ri, "dead", certainty, ps.rulePos(ri), fmt.Sprintf("rule %s can never match: %s", ps.name(ri), why), nil, call{})
	}
}

// deadWithoutToolCall reports rules that need a tool call (an input field
// present, a command or a path condition) on events whose payloads have
// none: they can never match. The loader reports such rules when their
// events are written as names; this covers patterns and negations.
func (ps *pass) deadWithoutToolCall() {
	m := ps.a.m
	d := m.dims[m.dEvent]
	var tools *automata.DFA
	for _, n := range load.ToolEvents {
		x, err := d.compile(lit(n))
		if err == nil && tools != nil {
			x, err = automata.Union(tools, x, m.budget)
		}
		if err != nil {
			return
		}
		tools = x
	}
	term := d.intern(tools)
	for ri := range ps.t.Rules {
		r, rm := &ps.t.Rules[ri], &m.rules[ri]
		if rm.err != nil || rm.void >= 0 || rm.box == nil || r.Floor != 0 || !needsToolCall(r) {
			continue
		}
		if ok, err := d.meet(rm.box[m.dEvent], term); ok || err != nil {
			continue
		}
		ps.rules[ri].dead = true
		ps.report(ri, "dead", Definitely, ps.rulePos(ri), fmt.Sprintf("rule %s can never match: it needs a tool call (tool_input), which the events it matches do not have (only %s do)",
			ps.name(ri), strings.Join(load.ToolEvents, ", ")), nil, call{})
	}
}

// needsToolCall reports whether a rule matches only calls with a
// tool_input: it needs an input field present, or has a command or path
// condition (runtime.WalkConds).
func needsToolCall(r *runtime.Rule) bool {
	needs := false
	runtime.WalkConds(r, func(c *runtime.Cond, v any) {
		switch v := v.(type) {
		case **runtime.CmdCond:
			needs = true
		case *runtime.List:
			needs = needs || c.Paths
		case *[]runtime.Field:
			for _, f := range *v {
				needs = needs || c.Name == "input" && f.Kind != runtime.FieldAbsent && !f.Not
			}
		}
	})
	return needs
}

// meetsBash reports whether rule ri's tool condition accepts Bash.
func (ps *pass) meetsBash(ri int) bool {
	m := ps.a.m
	d := m.dims[m.dTool]
	x, err := d.compile(lit("Bash"))
	if err != nil {
		return true
	}
	ok, err := d.meet(m.rules[ri].box[m.dTool], d.intern(x))
	return ok || err != nil
}

// onlyDim reports whether rule ri fails in every cell of space sp only
// because of dimension d: the paths the tools have, or the options the
// cells' programs can have.
func (ps *pass) onlyDim(ri int, sp space, d int) bool {
	m := ps.a.m
	r := &m.rules[ri]
	for _, c := range ps.a.cells {
		if c.space != sp {
			continue
		}
		b := slices.Clone(c.univ)
		b[d] = m.dims[d].univ
		if _, ok, err := ps.a.intersect(r.box, b); ok && err == nil {
			return true
		}
	}
	return false
}

func runShadowed(ps *pass) {
	for ri := range ps.t.Rules {
		st := &ps.rules[ri]
		if len(st.refs) == 0 || st.reachable && st.failed == nil && !st.certainOnly || st.dead {
			continue
		}
		if err := ps.a.m.rules[ri].err; err != nil {
			ps.report(ri, "shadowed", NotAnalysed, ps.rulePos(ri),
				fmt.Sprintf("rule %s was not analysed: %v", ps.name(ri), err), nil, call{})
			continue
		}
		if st.failed != nil {
			ps.report(ri, "shadowed", NotAnalysed, ps.rulePos(ri),
				fmt.Sprintf("rule %s: whether earlier rules shadow it was not analysed: %v", ps.name(ri), st.failed), nil, call{})
			continue
		}
		// Unreachable: redundant if every earlier rule that takes its
		// units decides the same way, else shadowed.
		if !st.certainOnly {
			st.removable = true
		}
		if st.same {
			continue // reported by Redundant
		}
		ps.reportHidden(ri, "shadowed")
	}
}

// reportHidden reports rule j, whose units (or, certainOnly, whose units
// with certain values) earlier rules all decide first: shadowed when some
// of them decide differently, redundant when all decide the same way. The
// finding is definite when its witness replays as claimed: rule j matches
// it, and the earliest rule that matches it, the one the finding names,
// decides it (differently, or the same way).
func (ps *pass) reportHidden(j int, check string) {
	st := &ps.rules[j]
	w, k := ps.hiddenWitness(j, check == "shadowed")
	certainty, how := Definitely, "is "+check
	if st.certainOnly {
		how += " for calls with certain values"
	}
	switch {
	case k < 0:
		certainty, how = Possibly, how+" (its witness did not replay)"
	case ps.fsDependent(j, false):
		certainty, how = Possibly, how+" unless a path is a symlink"
	}
	scope := "every call it matches"
	if st.certainOnly {
		scope = "every such call it matches"
	}
	deciders := st.takers
	if k >= 0 {
		deciders = []int{k}
	}
	way := "the same way"
	if check == "shadowed" {
		way = ps.differently(j, deciders)
	}
	var who string
	switch {
	case len(st.takers) == 1 && (k < 0 || k == st.takers[0]):
		who = fmt.Sprintf("%s decides %s first, %s", ps.allNames(st.takers), scope, way)
	case k >= 0:
		who = fmt.Sprintf("%s decide %s first; rule %s decides its witness, %s", ps.allNames(st.takers), scope, ps.name(k), way)
	default:
		who = fmt.Sprintf("%s decide %s first, %s", ps.allNames(st.takers), scope, way)
	}
	// Every rule of the union is related (design.md 64, 147): the one that
	// decides the witness first, then the others in order.
	var rel []diag.Related
	for _, d := range deciders {
		rel = append(rel, ps.defined(d))
	}
	for _, d := range st.takers {
		if !slices.Contains(deciders, d) {
			rel = append(rel, ps.defined(d))
		}
	}
	ps.report(j, check, certainty, ps.rulePos(j), fmt.Sprintf("rule %s %s: %s%s", ps.name(j), how, who, ps.unless(j)), rel, w)
}

// unless qualifies a finding about a rule that only calls with uncertain
// values reach.
func (ps *pass) unless(j int) string {
	if !ps.rules[j].certainOnly {
		return ""
	}
	return "; only calls with uncertain values (a program run by a path or in capitals, a dynamic word, a glob) reach it"
}

// differently says how the takers' decisions differ from rule j's.
func (ps *pass) differently(j int, takers []int) string {
	dj := ps.t.Rules[j].Decision
	var ds []string
	for _, tk := range takers {
		d := ps.t.Rules[tk].Decision.String()
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	if len(ds) == 1 && ds[0] == dj.String() {
		return "with a different reason, message or context"
	}
	return fmt.Sprintf("with %s instead of %s", strings.Join(ds, " or "), dj)
}

// hiddenWitness finds a call that rule j matches and that an earlier rule
// decides: with differ, one that decides it differently from rule j, else
// one that decides it the same way. It tries rule j's units, then the
// parts of them that such takers match. It returns the call and the rule that
// decides it, the earliest rule that matches it, or -1 when no call
// replays so (the call is then the first one built).
func (ps *pass) hiddenWitness(j int, differ bool) (call, int) {
	st := &ps.rules[j]
	var boxes, rest []box
	var sps, restSps []space
	for _, ref := range st.refs {
		c := ps.a.cells[ref.c]
		b := c.boxes[ref.k]
		if st.certainOnly {
			var ok bool
			if b, ok = ps.certainBox(b); !ok {
				continue
			}
		}
		for k := 0; k < ref.k; k++ {
			tk := c.rules[k]
			if c.opaque[k] || !slices.Contains(st.takers, tk) || ps.same(tk, j) == differ {
				continue
			}
			if x, ok, err := ps.a.intersect(b, c.boxes[k]); err == nil && ok {
				boxes = append(boxes, x)
				sps = append(sps, c.space)
			}
		}
		rest = append(rest, b)
		restSps = append(restSps, c.space)
	}
	// The rule's own boxes first: their witnesses are the simplest calls.
	boxes, sps = append(rest, boxes...), append(restSps, sps...)
	alone := ps.r.alone(j)
	decider := -1
	w, replayed, _ := ps.findWitness(boxes, sps, func(c call, units []runtime.Trace, u int) bool {
		k := ps.r.decider(units[u], j)
		if k < 0 || ps.same(k, j) == differ {
			return false
		}
		tr, ok := ps.r.unitOf(alone, c, u)
		if ok && ps.r.decidedBy(tr, j) {
			decider = k
			return true
		}
		return false
	})
	if !replayed {
		return w, -1
	}
	return w, decider
}

// findWitness tries the boxes in order: it decodes a unit, builds the
// calls that may realise it and returns the first that ok accepts when
// replayed. It reports whether the call replayed as claimed, and whether
// it needs an uncertain value or a context other than the default. If no
// call replays it returns the first call built.
func (ps *pass) findWitness(boxes []box, sps []space, ok func(c call, units []runtime.Trace, u int) bool) (w call, replayed, uncertain bool) {
	var first call
	// Decode the units first, so that certain ones are tried first.
	type cand struct {
		v  *unitVal
		sp space
	}
	var certain, rest []cand
	for bi, b := range boxes {
		if bi >= 12 {
			break
		}
		v, err := ps.a.pick(b, sps[bi])
		if err != nil || v == nil {
			continue
		}
		if v.uncertain {
			rest = append(rest, cand{v, sps[bi]})
		} else {
			certain = append(certain, cand{v, sps[bi]})
		}
	}
	for _, c := range append(certain, rest...) {
		calls := ps.a.calls(c.v)
		if len(calls) == 0 {
			continue
		}
		if first.payload == nil {
			first = calls[0]
		}
		if w, found := ps.r.find(calls, c.sp, ok); found {
			return w, true, c.v.uncertain
		}
	}
	return first, false, true
}

func runRedundant(ps *pass) {
	// Upward: unreachable, and covered by earlier rules that decide the
	// same way.
	for ri := range ps.t.Rules {
		st := &ps.rules[ri]
		if len(st.refs) == 0 || st.reachable && !st.certainOnly || st.failed != nil || !st.same || st.dead {
			continue
		}
		if !st.certainOnly {
			st.removable = true
		}
		ps.reportHidden(ri, "redundant")
	}
	// Downward: removing the rule leaves every decision as it is. Rules
	// are considered last first, those found removable treated as gone.
	for j := len(ps.t.Rules) - 1; j >= 0; j-- {
		st := &ps.rules[j]
		if !st.reachable || st.failed != nil || st.removable || st.dead || st.certainOnly {
			continue
		}
		later, ok := ps.downward(j)
		if !ok {
			continue
		}
		st.removable, st.downward = true, true
		var boxes []box
		var sps []space
		for _, ref := range st.refs {
			c := ps.a.cells[ref.c]
			boxes = append(boxes, c.reach[ref.k]...)
			for range c.reach[ref.k] {
				sps = append(sps, c.space)
			}
		}
		without := ps.r.minus(j)
		w, certain, _ := ps.findWitness(boxes, sps, func(c call, units []runtime.Trace, u int) bool {
			if !ps.r.decidedBy(units[u], j) {
				return false
			}
			tr, ok := ps.r.unitOf(without, c, u)
			if !ok || tr.Decision != units[u].Decision {
				return false
			}
			if tr.By != runtime.ByRule {
				return tr.By == runtime.ByDefault || tr.By == runtime.ByOtherDefault
			}
			for k := range ps.t.Rules {
				if ps.r.decidedBy(tr, k) {
					return ps.same(j, k)
				}
			}
			return false
		})
		certainty := Definitely
		how := "is redundant"
		switch {
		case !certain:
			certainty, how = Possibly, "is redundant (its witness did not replay)"
		case ps.pathsInToolCells(j):
			certainty, how = Possibly, "is redundant unless a path is a symlink"
		}
		var rel []diag.Related
		for _, k := range later {
			rel = append(rel, ps.defined(k))
		}
		by := "the default"
		if len(later) > 0 {
			by = ps.names(later)
			if len(later) > 0 && ps.reachesDefault(j) {
				by += " and the default"
			}
		}
		ps.report(j, "redundant", certainty, ps.rulePos(j),
			fmt.Sprintf("rule %s %s: without it, %s would decide the calls it decides the same way", ps.name(j), how, by), rel, w)
	}
}

// pathsInToolCells reports whether rule j, or a later rule that may decide
// its calls, has path conditions and matches tool calls with paths: its
// downward redundancy, checked with the paths as written, may then depend
// on symlinks.
func (ps *pass) pathsInToolCells(j int) bool {
	m := ps.a.m
	for _, ref := range ps.rules[j].refs {
		c := ps.a.cells[ref.c]
		if c.space != toolSpace || c.targets < 0 || c.targets == c.univ[m.dPaths] {
			continue
		}
		for k := ref.k; k < len(c.rules); k++ {
			if b := c.boxes[k]; b != nil && b[m.dPaths] != c.univ[m.dPaths] {
				return true
			}
		}
	}
	return false
}

// reachesDefault is set by downward for the rule it last examined.
func (ps *pass) reachesDefault(j int) bool { return ps.downDefault[j] }

// downward reports whether rule j can be removed: the later rules that
// would decide its calls decide them the same way, and so does the default
// for those that fall through. It returns those later rules.
func (ps *pass) downward(j int) ([]int, bool) {
	if ps.downDefault == nil {
		ps.downDefault = map[int]bool{}
	}
	a := ps.a
	m := a.m
	var later []int
	fallsThrough := false
	for _, ref := range ps.rules[j].refs {
		c := a.cells[ref.c]
		region := slices.Clone(c.reach[ref.k])
		for k := ref.k + 1; k < len(c.rules) && len(region) > 0; k++ {
			rk := c.rules[k]
			if c.boxes[k] == nil {
				return nil, false
			}
			ok, err := ps.meetRegion(region, c.boxes[k])
			if err != nil {
				return nil, false
			}
			if !ok {
				continue
			}
			// A rule found downward redundant is treated as gone: it
			// decides as the rules after it would. So is an unreachable
			// rule, found removable, unless rule j is one of the rules
			// that hide it: without j it would decide some of j's calls,
			// and the two findings could not both be acted on.
			if sk := &ps.rules[rk]; sk.downward || sk.removable && !sk.reachable {
				if !sk.downward && slices.Contains(sk.takers, j) {
					return nil, false
				}
				continue
			}
			if !ps.same(j, rk) {
				return nil, false
			}
			if region, _, err = a.subtract(region, c.boxes[k], c.cons[k]); err != nil {
				return nil, false
			}
			if !slices.Contains(later, rk) {
				later = append(later, rk)
			}
		}
		// What is left falls to the default.
		ev := m.dims[m.dEvent]
		perm, err := ps.permEvents()
		if err != nil {
			return nil, false
		}
		for _, b := range region {
			fallsThrough = true
			inPerm, err1 := ev.meet(b[m.dEvent], perm)
			nonPerm, err2 := ev.diff(b[m.dEvent], perm)
			if err1 != nil || err2 != nil {
				return nil, false
			}
			if inPerm && !ps.sameAsDefault(j, true) {
				return nil, false
			}
			if !ev.isEmpty(nonPerm) && !ps.sameAsDefault(j, false) {
				return nil, false
			}
		}
	}
	slices.Sort(later)
	ps.downDefault[j] = fallsThrough
	return later, true
}

// permEvents returns the term of the permission events.
func (ps *pass) permEvents() (int32, error) {
	m := ps.a.m
	d := m.dims[m.dEvent]
	u, err := m.permEventsDFA()
	if err != nil {
		return -1, err
	}
	return d.intern(u), nil
}

// meetRegion reports whether a box meets some box of a region.
func (ps *pass) meetRegion(region []box, y box) (bool, error) {
	for _, b := range region {
		ok, err := ps.a.meet(b, y)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// severity orders decisions: allow < pass < ask < deny.
func severity(d runtime.Decision) int { return int(d) }

// runConflict reports the rules whose deny or ask an earlier milder rule
// bypasses: the milder rule decides some of the units the later one
// matches, and is not an exception carved out of it (design.md 25).
func runConflict(ps *pass) {
	overlaps, order := ps.conflictOverlaps()
	for _, p := range order {
		if ps.containedIn(p.i, p.j) {
			continue // an exception carved out before a broader rule (design.md 25)
		}
		o := overlaps[p]
		alone := ps.r.alone(p.j)
		w, replayed, _ := ps.findWitness(o.boxes, o.sps, func(c call, units []runtime.Trace, u int) bool {
			if !ps.r.decidedBy(units[u], p.i) {
				return false
			}
			tr, ok := ps.r.unitOf(alone, c, u)
			return ok && ps.r.decidedBy(tr, p.j)
		})
		certainty, how := Definitely, "is bypassed"
		if !replayed {
			certainty, how = Possibly, "is possibly bypassed"
		}
		ri, rj := &ps.t.Rules[p.i], &ps.t.Rules[p.j]
		ps.report(p.j, "conflict", certainty, ps.rulePos(p.j),
			fmt.Sprintf("rule %s (%s) %s for some calls: rule %s matches them first and gives %s", ps.name(p.j), rj.Decision, how, ps.name(p.i), ri.Decision),
			[]diag.Related{ps.defined(p.i)}, w)
	}
}

// A rulePair is an earlier rule i and a later rule j.
type rulePair struct{ i, j int }

// An overlap is where an earlier, milder rule decides units that a later
// rule matches: up to four boxes, with their spaces.
type overlap struct {
	boxes []box
	sps   []space
}

// conflictOverlaps returns the overlaps of the pairs of rules where an
// earlier rule decides, more mildly, units a later reachable rule
// matches, and the pairs in the order found.
func (ps *pass) conflictOverlaps() (map[rulePair]*overlap, []rulePair) {
	a := ps.a
	overlaps := map[rulePair]*overlap{}
	var order []rulePair
	for _, c := range a.cells {
		for j := range c.rules {
			rj := c.rules[j]
			if len(c.reach[j]) == 0 || ps.rules[rj].failed != nil || ps.rules[rj].removable || ps.rules[rj].dead || ps.rules[rj].certainOnly {
				continue
			}
			for i := 0; i < j; i++ {
				ri := c.rules[i]
				if severity(ps.t.Rules[ri].Decision) >= severity(ps.t.Rules[rj].Decision) || len(c.reach[i]) == 0 || ps.rules[ri].dead {
					continue
				}
				for _, b := range c.reach[i] {
					x, ok, err := a.intersect(b, c.boxes[j])
					if err != nil || !ok {
						continue
					}
					p := rulePair{ri, rj}
					o := overlaps[p]
					if o == nil {
						o = &overlap{}
						overlaps[p] = o
						order = append(order, p)
					}
					if len(o.boxes) < 4 {
						o.boxes = append(o.boxes, x)
						o.sps = append(o.sps, c.space)
					}
				}
			}
		}
	}
	return overlaps, order
}

// containedIn reports whether rule i is contained in rule j: in every
// cell rule i is in, rule j is too and holds its box.
func (ps *pass) containedIn(i, j int) bool {
	a := ps.a
	for _, ref := range ps.rules[i].refs {
		c := a.cells[ref.c]
		bi := c.boxes[ref.k]
		var bj box
		for k, r := range c.rules {
			if r == j {
				bj = c.boxes[k]
			}
		}
		if bi == nil || bj == nil {
			return false
		}
		ok, err := a.subsetBox(bi, bj)
		if err != nil || !ok {
			return false
		}
	}
	return true
}

// strPaths walks every matcher of a rule (runtime.WalkMatchers) with its
// path in the policy: input.url, path.any, command.args.prefix[0].
func strPaths(r *runtime.Rule, f func(path string, s *runtime.Str)) {
	runtime.WalkMatchers(r, func(c *runtime.Cond, key string, s *runtime.Str) {
		switch c.Value(r).(type) {
		case *runtime.List:
			f(c.Name+"."+key, s)
		case *[]runtime.Field, *[]runtime.EnvCond:
			f(c.Name+"."+quoteLabel(key), s)
		default:
			f(c.Name, s)
		}
	})
}

func quoteLabel(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' && i > 0) {
			return fmt.Sprintf("%q", s)
		}
	}
	return s
}

func runInvalid(ps *pass) {
	for ri := range ps.t.Rules {
		r := &ps.t.Rules[ri]
		strPaths(r, func(path string, s *runtime.Str) {
			walkLeaves(s, func(l *runtime.Str) {
				if l.Op != runtime.StrRe || int(l.Re) >= len(ps.t.Patterns) {
					return
				}
				pat := ps.t.Patterns[l.Re]
				if emptyAlternative(pat) {
					ps.report(ri, "invalid", Definitely, ps.rulePos(ri),
						fmt.Sprintf("rule %s: %s: regular expression %q has an empty alternative, so it matches every value", ps.name(ri), path, pat), nil, call{})
				}
			})
		})
	}
}

// emptyAlternative reports whether the regexp has an empty alternative at
// its top level ("a|", "|a", "(a|)"): it then matches every string.
func emptyAlternative(pat string) bool {
	re, err := syntax.Parse(pat, syntax.Perl)
	if err != nil {
		return false
	}
	for re.Op == syntax.OpCapture && len(re.Sub) == 1 {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpAlternate {
		return false
	}
	for _, s := range re.Sub {
		if s.Op == syntax.OpEmptyMatch {
			return true
		}
	}
	return false
}

// positiveLeaves calls f for the leaves of s that are not under a not.
func positiveLeaves(s *runtime.Str, f func(*runtime.Str)) {
	switch s.Op {
	case runtime.StrOr:
		for i := range s.Subs {
			positiveLeaves(&s.Subs[i], f)
		}
	case runtime.StrNot:
	default:
		f(s)
	}
}

func runUnknownTool(ps *pass) {
	m := ps.a.m
	d := m.dims[m.dTool]
	known, err := ps.knownToolTerm()
	names := knownToolNames()
	for ri := range ps.t.Rules {
		r := &ps.t.Rules[ri]
		positiveLeaves(&r.Tool, func(l *runtime.Str) {
			switch l.Op {
			case runtime.StrExact:
				if isKnownTool(l.S) {
					return
				}
				if near, ok := nearMiss(l.S, names); ok {
					msg := fmt.Sprintf("rule %s can never match: tool %q is not a known tool; did you mean %q?", ps.name(ri), l.S, near)
					if !ps.rules[ri].dead {
						msg = fmt.Sprintf("rule %s: tool %q is not a known tool and never matches; did you mean %q?", ps.name(ri), l.S, near)
					}
					ps.report(ri, "dead", Definitely, ps.rulePos(ri), msg, nil, call{})
					return
				}
				msg := fmt.Sprintf("rule %s: tool %q is neither a built-in tool nor an MCP tool (mcp__server__tool)", ps.name(ri), l.S)
				if strings.HasPrefix(l.S, mcpPrefix) {
					msg = fmt.Sprintf("rule %s: tool %q is no MCP tool's name: Claude Code names an MCP tool mcp__<server>__<tool>, with \"__\" between two non-empty parts", ps.name(ri), l.S)
				}
				ps.report(ri, "unknown-tool", Definitely, ps.rulePos(ri), msg, nil, call{})
			case runtime.StrRe, runtime.StrGlob:
				if err != nil {
					return
				}
				p, ok := leafPattern(ps.t, l, false)
				if !ok {
					return
				}
				x, err := d.compile(p)
				if err != nil {
					return
				}
				if meets, err := d.meet(d.intern(x), known); err == nil && !meets {
					what := "regular expression"
					src := p
					if l.Op == runtime.StrGlob {
						what, src = "glob", l.S
					}
					ps.report(ri, "unknown-tool", Definitely, ps.rulePos(ri),
						fmt.Sprintf("rule %s: tool %s %q matches no built-in tool and no MCP tool", ps.name(ri), what, src), nil, call{})
				}
			}
		})
	}
}

// knownToolTerm returns the term of the known tool names and MCP tools,
// computed once per pass: one pattern, not a union of one per name.
func (ps *pass) knownToolTerm() (int32, error) {
	ps.knownOnce.Do(func() {
		m := ps.a.m
		d := m.dims[m.dTool]
		var alts []string
		for _, n := range knownToolNames() {
			alts = append(alts, regexp.QuoteMeta(n))
		}
		x, err := d.compile(mcpPattern + `|\A(?:` + strings.Join(alts, "|") + `)\z`)
		if err != nil {
			ps.knownTerm, ps.knownErr = -1, err
			return
		}
		ps.knownTerm = d.intern(x)
	})
	return ps.knownTerm, ps.knownErr
}

func runUnknownField(ps *pass) {
	m := ps.a.m
	for ri := range ps.t.Rules {
		r := &ps.t.Rules[ri]
		if len(r.Input) == 0 || m.rules[ri].err != nil {
			continue
		}
		tools, ok := m.finiteStrings(m.dTool, m.rules[ri].box[m.dTool], 16)
		if !ok || len(tools) == 0 {
			continue
		}
		var fields []string
		known := true
		for _, t := range tools {
			fs, ok := knownTools[t]
			if !ok || fs == nil {
				known = false
				break
			}
			fields = append(fields, fs...)
		}
		if !known {
			continue
		}
		slices.Sort(fields)
		fields = slices.Compact(fields)
		for fi := range r.Input {
			f := &r.Input[fi]
			first, _, _ := strings.Cut(f.Path, ".")
			if slices.Contains(fields, first) {
				continue
			}
			toolList := strings.Join(tools, ", ")
			presence := f.Kind != runtime.FieldAbsent && !f.Not
			if near, ok := nearMiss(first, fields); ok {
				if presence {
					ps.report(ri, "dead", Definitely, ps.rulePos(ri),
						fmt.Sprintf("rule %s can never match: %s has no input field %q; did you mean %q?", ps.name(ri), toolList, first, near), nil, call{})
				} else {
					ps.report(ri, "unknown-field", Definitely, ps.rulePos(ri),
						fmt.Sprintf("rule %s: %s has no input field %q; did you mean %q?", ps.name(ri), toolList, first, near), nil, call{})
				}
				continue
			}
			ps.report(ri, "unknown-field", Definitely, ps.rulePos(ri),
				fmt.Sprintf("rule %s: %s has no input field %q", ps.name(ri), toolList, first), nil, call{})
		}
	}
}

// unnamed returns, for the tool or program dimension, the term of the
// names no rule and no known tool names: what a broad allow reaches.
func (ps *pass) unnamed(di int) (int32, error) {
	m := ps.a.m
	d := m.dims[di]
	named := d.a.Empty()
	add := func(s *runtime.Str) error {
		var err error
		walkLeaves(s, func(l *runtime.Str) {
			if err != nil {
				return
			}
			p, ok := leafPattern(ps.t, l, false)
			if !ok {
				return
			}
			var x *automata.DFA
			if x, err = d.compile(p); err == nil {
				named, err = automata.Union(named, x, m.budget)
			}
		})
		return err
	}
	for ri := range ps.t.Rules {
		r := &ps.t.Rules[ri]
		var err error
		if di == m.dTool {
			err = add(&r.Tool)
		} else if r.Cmd != nil {
			err = add(&r.Cmd.Name)
		}
		if err != nil {
			return -1, err
		}
	}
	if di == m.dTool {
		k, err := ps.knownToolTerm()
		if err != nil {
			return -1, err
		}
		named, err = automata.Union(named, d.dfa(k), m.budget)
		if err != nil {
			return -1, err
		}
	} else {
		// A program is named in any case, run by name or by path.
		low, err := automata.Preimage(named)
		if err != nil {
			return -1, err
		}
		if named, err = automata.Union(named, low, m.budget); err != nil {
			return -1, err
		}
		named = automata.Prepend(named, d.sym(symS), d.sym(symG))
	}
	x, err := automata.Difference(d.dfa(d.univ), named, m.budget)
	if err != nil {
		return -1, err
	}
	return d.intern(x), nil
}

// runBroadAllow reports allow rules that decide calls of tools or
// programs no rule names, and the policy's own decisions that allow: a
// default, onError or a floor.
func runBroadAllow(ps *pass) {
	m := ps.a.m
	fTool, err1 := ps.unnamed(m.dTool)
	fProg, err2 := ps.unnamed(m.dProgram)
	if err1 != nil || err2 != nil {
		return
	}
	u := unnamedUnits{m: m, fTool: fTool, fProg: fProg}
	for ri := range ps.t.Rules {
		st := &ps.rules[ri]
		if ps.t.Rules[ri].Decision == runtime.Allow && !st.dead {
			ps.broadRule(u, ri)
			ps.broadEffects(ri)
		}
	}
	if ps.t.Default == runtime.Allow {
		ps.broadDefault(u)
	}
	ps.broadSettings()
}

// broadEffects reports, for each effect an allow rule widens (design.md
// 115), that the rule allows it: definitely with a witness, a call the
// rule allows that takes the effect's floor when the rule does not widen
// it (design.md 299), possibly without one.
func (ps *pass) broadEffects(ri int) {
	r := &ps.t.Rules[ri]
	if r.Effects == 0 {
		return
	}
	base, ok := ps.effectBase(ri)
	for _, f := range runtime.FloorInfo {
		if r.Effects&f.Kind == 0 {
			continue
		}
		var w call
		if ok {
			w = ps.effectWitness(ri, base, f.Kind)
		}
		certainty := Possibly
		if w.payload != nil {
			certainty = Definitely
		}
		ps.report(ri, "broad-allow", certainty, ps.rulePos(ri),
			fmt.Sprintf("rule %s widens its effects: it allows %s (%s); accept it with the reason, or name what it may do (command.assigns, writes, reads)", ps.name(ri), f.Name, f.What), nil, w)
	}
}

// jsonText is s as a JSON string, with <, > and & as they are.
func jsonText(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// effectBase returns a call of the region of rule ri that it allows.
func (ps *pass) effectBase(ri int) (call, bool) {
	st := &ps.rules[ri]
	var boxes []box
	var sps []space
	for _, ref := range st.refs {
		c := ps.a.cells[ref.c]
		boxes = append(boxes, c.reach[ref.k]...)
		for range c.reach[ref.k] {
			sps = append(sps, c.space)
		}
	}
	base, ok, _ := ps.findWitness(boxes, sps, func(c call, units []runtime.Trace, u int) bool {
		return ps.r.decidedBy(units[u], ri)
	})
	return base, ok
}

// effectEdits are the edits of a witness's command line that give it an
// effect: a variable that runs code set before it, its output written
// outside the project, an option that loses work (git branch -D, git
// push --force, git reset --hard), a secret read.
var effectEdits = map[runtime.FloorKind][]struct{ before, after string }{
	runtime.FloorCode:   {{"LD_PRELOAD=./x.so ", ""}},
	runtime.FloorWrite:  {{"", " > ../hookc-vet-witness.txt"}},
	runtime.FloorLoss:   {{"", " -D a"}, {"", " --force"}, {"", " --hard"}, {"", " -f"}},
	runtime.FloorSecret: {{"", " < .env"}, {"", " .env"}},
}

// effectWitness returns a call made from base that rule ri allows and
// that has the effect kind: without the rule's widening of it, the rule
// does not decide the call's unit (it takes the effect's floor). It is
// the empty call when no edit of base gives one.
func (ps *pass) effectWitness(ri int, base call, kind runtime.FloorKind) call {
	var variants []call
	var p struct {
		Input map[string]any `json:"tool_input"`
	}
	if json.Unmarshal(base.payload, &p) != nil {
		return call{}
	}
	if line, ok := p.Input["command"].(string); ok {
		for _, e := range effectEdits[kind] {
			c := base
			c.payload = bytes.Replace(base.payload, []byte(`"command":`+jsonText(line)), []byte(`"command":`+jsonText(e.before+line+e.after)), 1)
			variants = append(variants, c)
		}
	} else if kind == runtime.FloorSecret {
		// A tool call: a secret in one of its path fields.
		var pj payloadJSON
		if json.Unmarshal(base.payload, &pj) != nil {
			return call{}
		}
		var fields []string
		for ti := range ps.t.Tools {
			if tp := &ps.t.Tools[ti]; tp.Tool == pj.Tool {
				fields = append(fields, tp.Reads...)
			}
		}
		for _, f := range fields {
			in := maps.Clone(pj.Input)
			if in == nil {
				in = map[string]any{}
			}
			in[f] = ".env"
			c := (&callMaker{base: pj, env: base.env, files: base.files}).call(in)
			c.links = base.links
			variants = append(variants, c)
		}
	}
	rules := slices.Clone(ps.r.rules)
	rules[ri].Effects &^= kind
	narrow := ps.r.variant(rules)
	for _, c := range variants {
		res := ps.r.explain(ps.r.run, c)
		if res.Decision != runtime.Allow {
			continue
		}
		for u := range res.Units {
			if !ps.r.decidedBy(res.Units[u], ri) {
				continue
			}
			if n, ok := ps.r.unitOf(narrow, c, u); ok && !ps.r.decidedBy(n, ri) {
				return c
			}
		}
	}
	return call{}
}

// unnamedUnits restricts boxes to the units of tools and programs no rule
// names (the sets of ps.unnamed).
type unnamedUnits struct {
	m            *model
	fTool, fProg int32
}

// restrict returns the part of b, a box of cell c, whose tool (or
// program) no rule names; false if there is none.
func (u unnamedUnits) restrict(c *cell, b box) (box, bool) {
	m := u.m
	di, f := m.dProgram, u.fProg
	if c.space == toolSpace {
		di, f = m.dTool, u.fTool
	}
	t, err := m.dims[di].inter(b[di], f)
	if err != nil || m.dims[di].isEmpty(t) {
		return nil, false
	}
	x := slices.Clone(b)
	x[di] = t
	return x, true
}

// broadRule reports the allow rule ri if it decides units no rule names.
func (ps *pass) broadRule(u unnamedUnits, ri int) {
	var boxes []box
	var sps []space
	tools, cmds := false, false
	for _, ref := range ps.rules[ri].refs {
		c := ps.a.cells[ref.c]
		if !c.other {
			continue
		}
		for _, b := range c.reach[ref.k] {
			if x, ok := u.restrict(c, b); ok {
				boxes = append(boxes, x)
				sps = append(sps, c.space)
				tools = tools || c.space == toolSpace
				cmds = cmds || c.space != toolSpace
			}
		}
	}
	if len(boxes) == 0 {
		return
	}
	w, replayed, _ := ps.findWitness(boxes, sps, func(c call, units []runtime.Trace, u int) bool {
		return ps.r.decidedBy(units[u], ri)
	})
	certainty := Definitely
	if !replayed {
		certainty = Possibly
	}
	var what string
	switch {
	case tools && cmds:
		what = "calls of tools no rule names and every command no rule names"
	case tools:
		what = "calls of tools no rule names"
	default:
		what = "every command no rule names"
	}
	ps.report(ri, "broad-allow", certainty, ps.rulePos(ri),
		fmt.Sprintf("rule %s allows %s, silencing Claude Code's own prompts for them", ps.name(ri), what), nil, w)
}

// broadDefault reports a default of allow, with a witness the default
// decides, if one can be found: a permission event of a tool or program
// no rule names, that no rule matches.
func (ps *pass) broadDefault(u unnamedUnits) {
	a, m := ps.a, ps.a.m
	var boxes []box
	var sps []space
	perm, err := ps.permEvents()
	for _, c := range a.cells {
		if !c.other || err != nil {
			continue
		}
		b, ok := u.restrict(c, c.univ)
		if !ok {
			continue
		}
		if b[m.dEvent], err = m.dims[m.dEvent].inter(b[m.dEvent], perm); err != nil {
			break
		}
		region := []box{b}
		for k, rb := range c.boxes {
			if rb == nil {
				region = nil
				break
			}
			if region, _, err = a.subtract(region, rb, c.cons[k]); err != nil || len(region) == 0 {
				break
			}
		}
		for _, x := range region {
			boxes = append(boxes, x)
			sps = append(sps, c.space)
		}
	}
	if len(boxes) == 0 {
		return
	}
	w, replayed, _ := ps.findWitness(boxes, sps, func(c call, units []runtime.Trace, u int) bool {
		return units[u].Decision == runtime.Allow && (units[u].By == runtime.ByDefault || units[u].By == runtime.ByOtherDefault)
	})
	certainty := Definitely
	if !replayed {
		certainty = Possibly
	}
	ps.report(-1, "broad-allow", certainty, ps.policyPos("default"),
		"the default is allow: calls of unknown tools and commands no rule decides are allowed, silencing Claude Code's own prompts", nil, w)
}

// broadSettings reports an onError or a floor of allow.
func (ps *pass) broadSettings() {
	t := ps.t
	if t.OnError == runtime.Allow {
		ps.report(-1, "broad-allow", Definitely, ps.policyPos("onError"),
			"onError is allow: a call the hook cannot read or decide in time is allowed", nil, call{})
	}
	for _, f := range runtime.FloorInfo {
		if t.Floors.Of(f.Kind) == runtime.Allow {
			ps.report(-1, "broad-allow", Definitely, ps.policyPos(f.Name),
				fmt.Sprintf("floors.%s is allow: %s is allowed without looking at the rules", f.Name, f.What), nil, call{})
		}
	}
}
