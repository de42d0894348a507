package vet

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A Check is one kind of finding, like an analyzer of x/tools: its name is
// the finding kind of design.md 23, as -json and vet: accept: spell it.
type Check struct {
	Name  string
	Doc   string  // first line: "name: what it reports", then an example
	Facts []*Fact // the facts it reads
	Adds  []*Fact // the facts it adds to, for the checks after it
	run   func(*pass)
}

// A Fact is something vet computes once per policy and the checks share:
// the analysis's, computed before any check runs (runChecks), or what the
// checks found, which a check adds to for the checks after it.
type Fact struct {
	Name string
	Doc  string // what it holds, one sentence
}

// The facts of a pass.
var (
	ModelFact   = &Fact{Name: "model", Doc: "every rule as a box: per dimension of a unit (event, tool, input fields, program, argument lists, paths, context), the regular language of the values it matches (newModel)"}
	ReachFact   = &Fact{Name: "reach", Doc: "the units split into cells by program and tool name; per rule and cell, the region it decides, its box less the earlier rules' boxes, and the earlier rules that took the rest (analyse, reachAll)"}
	RuleFact    = &Fact{Name: "rule states", Doc: "per rule, from reach: whether it decides some unit, the rules that take its units, whether they decide the same way, whether it decides only calls with uncertain values (classify)"}
	ReplayFact  = &Fact{Name: "replayer", Doc: "the table as the hook runs it (gen.Generated), also with one rule alone and with one rule removed: a finding is definite only when its witness replays through it as claimed (newReplayer)"}
	RemovedFact = &Fact{Name: "removed", Doc: "the rules a check found dead, shadowed or redundant, which the checks after it do not report again (ruleState.dead, removable)"}
	AcceptFact  = &Fact{Name: "accepts", Doc: "the vet: accept entries the findings so far used (pass.report)"}
)

// Facts are the facts of a pass, in the order they are computed.
var Facts = []*Fact{ModelFact, ReachFact, RuleFact, ReplayFact, RemovedFact, AcceptFact}

// Certainties of a finding (design.md 23).
const (
	Definitely  = "definitely"
	Possibly    = "possibly"
	NotAnalysed = "not-analysed"
)

// Checks are vet's checks, in the order they run.
var Checks = []*Check{Invalid, Dead, Shadowed, Redundant, Conflict, UnknownTool, UnknownField, BroadAllow, Unanchored, Unreached, StaleAccept}

// StaleAccept reports vet: accept entries that accept no finding; it runs
// last, after the checks whose findings they accept.
var StaleAccept = &Check{Name: "stale-accept", Doc: staleAcceptDoc, Facts: []*Fact{AcceptFact}, run: (*pass).reportStale}

// Run vets the policy: it returns every finding, sorted, accepted ones
// with Accepted set to the policy's reason. It fails only when the policy
// cannot be modelled at all.
func Run(p *load.Policy, opts Options) ([]diag.Diagnostic, error) {
	ps, err := runChecks(p, opts)
	if err != nil {
		return nil, err
	}
	return ps.findings(), nil
}

// runChecks analyses the policy once and runs every check over the
// analysis; the pass holds the findings and the facts they came from.
func runChecks(p *load.Policy, opts Options) (*pass, error) {
	a, err := analyse(p.Table, opts)
	if err != nil {
		return nil, err
	}
	ps := &pass{p: p, a: a, t: p.Table, r: policyReplayer(p)}
	ps.classify()
	for _, c := range Checks {
		c.run(ps)
	}
	return ps, nil
}

// findings returns the findings of the pass, sorted, accepted ones with
// Accepted set to the policy's reason.
func (ps *pass) findings() []diag.Diagnostic {
	for i := range ps.out {
		if r, ok := ps.acceptOf[i]; ok {
			ps.out[i].Accepted = r
		}
	}
	return diag.Sort(ps.out)
}

// Unaccepted returns the findings that are not accepted.
func Unaccepted(l []diag.Diagnostic) diag.List {
	var out diag.List
	for _, d := range l {
		if d.Accepted == "" {
			out = append(out, d)
		}
	}
	return out
}

// A pass is one run of the checks over an analysis.
type pass struct {
	p   *load.Policy
	a   *analysis
	t   *runtime.Table
	r   *replayer
	out []diag.Diagnostic
	// acceptOf maps an index of out to the reason the policy accepts it.
	acceptOf map[int]string
	// accepted holds the accept entries some finding used.
	accepted map[acceptKey]bool

	rules []ruleState
	// downDefault says, per rule found downward redundant, whether some
	// of its units fall through to the default.
	downDefault map[int]bool
	// fsWork counts the box subtractions of fsDependent.
	fsWork int

	knownOnce sync.Once
	knownTerm int32 // knownToolTerm
	knownErr  error
}

// ruleState is what the reachability analysis says about one rule.
type ruleState struct {
	refs      []cellRef // the cells the rule can match in
	reachable bool      // it decides some unit
	failed    error     // the analysis of the rule did not finish
	// takers are the earlier rules that decide some of its units first,
	// in the order of the rules: each took units from what the rules
	// before it left (design.md 64).
	takers    []int
	removable bool // found unreachable, or redundant downward
	downward  bool // found redundant downward
	same      bool // every taker decides the same way as the rule
	dead      bool // it names a tool that is a near miss of a known one
	// certainOnly says the rule decides only calls with uncertain values
	// (a program run by a path or in capitals, a dynamic word, a glob):
	// every call with certain values it matches is decided earlier, by
	// its takers.
	certainOnly bool
}

type cellRef struct{ c, k int }

// report adds a finding about rule ri (or the policy, ri < 0).
func (ps *pass) report(ri int, check, certainty string, pos diag.Pos, msg string, related []diag.Related, w call) {
	if ri >= 0 && ri < len(ps.t.Rules) && quiet(&ps.t.Rules[ri], check) {
		return
	}
	d := diag.Diagnostic{Pos: pos, Check: check, Message: msg, Related: related, Certainty: certainty,
		Witness: witnessJSON(w), Env: w.env, Files: slices.Sorted(slices.Values(w.files)), Links: w.links, Severity: severityOf(check, certainty)}
	if len(d.Files) == 0 {
		d.Files = nil
	}
	var accept map[string]string
	if ri >= 0 && ri < len(ps.p.Rules) {
		accept = ps.p.Rules[ri].Accept
	} else if ri < 0 {
		accept = ps.p.Accept
	}
	if reason, ok := accept[check]; ok {
		if ps.acceptOf == nil {
			ps.acceptOf = map[int]string{}
		}
		if reason == "" {
			reason = "accepted"
		}
		ps.acceptOf[len(ps.out)] = reason
		if ps.accepted == nil {
			ps.accepted = map[acceptKey]bool{}
		}
		ps.accepted[acceptKey{ri, check}] = true
	}
	ps.out = append(ps.out, d)
}

// severityOf is a finding's label (design.md 66): an error stops hookc
// build unless it is accepted; a warning does not.
func severityOf(check, certainty string) string {
	switch {
	case check == "invalid":
		return "error"
	case (check == "dead" || check == "shadowed") && certainty == Definitely:
		return "error"
	}
	return "warning"
}

// BlocksBuild reports whether a finding stops hookc build: an error that
// the policy does not accept.
func BlocksBuild(d diag.Diagnostic) bool {
	return d.Severity == "error" && d.Accepted == ""
}

// isCheck reports whether vet makes findings of kind check; accepts of
// other kinds are judged by the code that makes them.
func isCheck(check string) bool { return checkNames[check] }

// checkNames holds the names of Checks (set in init: Checks refers to
// reportStale, which refers to them).
var checkNames = map[string]bool{}

func init() {
	for _, c := range Checks {
		checkNames[c.Name] = true
	}
}

// An acceptKey is a vet: accept entry: rule index (-1: the policy) and
// finding kind.
type acceptKey struct {
	rule  int
	check string
}

// reportStale reports vet: accept entries that accept a finding vet does
// not make: the policy changed, and the written reason no longer says
// anything true.
func (ps *pass) reportStale() {
	stale := func(ri int, accept map[string]string, pos diag.Pos, who string) {
		for _, check := range slices.Sorted(maps.Keys(accept)) {
			if ps.accepted[acceptKey{ri, check}] || !isCheck(check) {
				continue // found, or a check of another layer's (layers.Check)
			}
			ps.out = append(ps.out, diag.Diagnostic{Pos: pos, Check: "stale-accept", Certainty: Definitely, Severity: "warning",
				Message: fmt.Sprintf("%s accepts a %q finding that vet does not make: remove the accept, or fix what changed", who, check)})
		}
	}
	for ri := range ps.p.Rules {
		if ri < len(ps.t.Rules) && ps.t.Rules[ri].Floor == 0 {
			stale(ri, ps.p.Rules[ri].Accept, ps.rulePos(ri), "rule "+ps.name(ri))
		}
	}
	if len(ps.p.Accept) > 0 {
		stale(-1, ps.p.Accept, ps.policyPos("vet"), "the policy")
	}
}

// rulePos returns the position of rule i.
func (ps *pass) rulePos(i int) diag.Pos { return diag.ParsePos(ps.t.Rules[i].Pos) }

// name returns rule i's name, quoted.
func (ps *pass) name(i int) string { return fmt.Sprintf("%q", ps.t.Rules[i].Name) }

// defined returns the related position "rule x (decision) defined here".
func (ps *pass) defined(i int) diag.Related {
	return diag.Related{Pos: ps.rulePos(i), Message: fmt.Sprintf("rule %s (%s) defined here", ps.name(i), ps.t.Rules[i].Decision)}
}

// classify aggregates the cells' reachability per rule.
func (ps *pass) classify() {
	ps.rules = make([]ruleState, len(ps.t.Rules))
	for ci, c := range ps.a.cells {
		for k, ri := range c.rules {
			st := &ps.rules[ri]
			st.refs = append(st.refs, cellRef{ci, k})
			if c.failed[k] != nil && st.failed == nil {
				st.failed = c.failed[k]
			}
			if len(c.reach[k]) > 0 {
				st.reachable = true
			}
			for _, tk := range c.takers[k] {
				if !slices.Contains(st.takers, tk) {
					st.takers = append(st.takers, tk)
				}
			}
		}
	}
	// Whether a rule decides only calls with uncertain values is found for
	// each rule on its own: in parallel.
	parallel(len(ps.rules), func(ri int) {
		st := &ps.rules[ri]
		slices.Sort(st.takers)
		if err := ps.a.m.rules[ri].err; err != nil {
			st.failed = err
		}
		if st.reachable && st.failed == nil && ps.onlyUncertain(ri) {
			st.certainOnly = true
			st.takers = ps.certainTakers(ri)
		}
		st.same = len(st.takers) > 0
		for _, tk := range st.takers {
			st.same = st.same && ps.same(tk, ri)
		}
		st.dead = nearMissOnly(&ps.t.Rules[ri].Tool)
	})
}

// nearMissOnly reports whether a tool condition names only tools that are
// near misses of known ones.
func nearMissOnly(s *runtime.Str) bool {
	if s.Op == runtime.StrAny {
		return false
	}
	all := true
	positiveLeaves(s, func(l *runtime.Str) {
		if l.Op != runtime.StrExact || isKnownTool(l.S) {
			all = false
			return
		}
		if _, ok := nearMiss(l.S, knownToolNames()); !ok {
			all = false
		}
	})
	return all && s.Op != runtime.StrNot
}

// certainBox returns the part of a box with certain values: static words
// and programs run by name in lower case; false if there is none.
func (ps *pass) certainBox(b box) (box, bool) {
	out := slices.Clone(b)
	for i, d := range ps.a.m.dims {
		if d.static < 0 {
			continue
		}
		t, err := d.inter(b[i], d.static)
		if err != nil || d.isEmpty(t) {
			return nil, false
		}
		out[i] = t
	}
	return out, true
}

// onlyUncertain reports whether a reachable rule decides only calls with
// uncertain values, while it matches some with certain ones.
func (ps *pass) onlyUncertain(j int) bool {
	matches := false
	for _, ref := range ps.rules[j].refs {
		c := ps.a.cells[ref.c]
		for _, b := range c.reach[ref.k] {
			if _, ok := ps.certainBox(b); ok {
				return false
			}
		}
		if _, ok := ps.certainBox(c.boxes[ref.k]); ok {
			matches = true
		}
	}
	return matches
}

// certainTakers returns the earlier rules that take units with certain
// values from rule j.
func (ps *pass) certainTakers(j int) []int {
	var takers []int
	for _, ref := range ps.rules[j].refs {
		c := ps.a.cells[ref.c]
		b, ok := ps.certainBox(c.boxes[ref.k])
		if !ok {
			continue
		}
		region := []box{b}
		for k := 0; k < ref.k && len(region) > 0; k++ {
			if c.opaque[k] {
				continue
			}
			var changed bool
			var err error
			if region, changed, err = ps.a.subtract(region, c.boxes[k], c.cons[k]); err != nil {
				return nil
			}
			if changed && !slices.Contains(takers, c.rules[k]) {
				takers = append(takers, c.rules[k])
			}
		}
	}
	slices.Sort(takers)
	return takers
}

// quiet reports whether vet keeps a finding of the check about rule r to
// itself. vet does not analyse floor rules (design.md 58) yet: they decide
// only units its model leaves out. On events other than the permission
// events every matching rule adds its context (design.md 59), so a rule
// with a context there is not removable because earlier rules decide
// first.
func quiet(r *runtime.Rule, check string) bool {
	if r.Floor != 0 {
		return true
	}
	if check != "shadowed" && check != "redundant" || r.Context == "" && len(r.ContextFiles) == 0 && r.SaveFile == "" {
		return false
	}
	names, ok := r.Event.ExactValues()
	return ok && !slices.ContainsFunc(names, runtime.IsPermissionEvent)
}

// same reports whether rules i and j give the same answer: decision,
// reason, message, context (and its files) and stop all equal
// (design.md 24).
func (ps *pass) same(i, j int) bool { return sameAnswer(ps.t, i, j) }

// sameAnswer is pass.same for the rules of t.
func sameAnswer(t *runtime.Table, i, j int) bool {
	a, b := &t.Rules[i], &t.Rules[j]
	if a.Decision != b.Decision || a.Reason != b.Reason || a.Message != b.Message || a.Context != b.Context ||
		!slices.Equal(a.ContextFiles, b.ContextFiles) || a.Stop != b.Stop || a.StopReason != b.StopReason ||
		a.RemoveContextFiles != b.RemoveContextFiles || a.SaveFile != b.SaveFile || !slices.Equal(a.SaveFields, b.SaveFields) {
		return false
	}
	return i == j || !strings.Contains(a.Reason+a.Message+a.Context+a.StopReason, "{rule}")
}

// sameAsDefault reports whether rule j gives what the default gives: on
// permission events the policy's default, on others pass. A rule with its
// own reason, message or context never does.
func (ps *pass) sameAsDefault(j int, perm bool) bool {
	r := &ps.t.Rules[j]
	if r.Reason != "" || r.Message != "" || r.Context != "" || len(r.ContextFiles) > 0 || r.Stop || r.SaveFile != "" {
		return false
	}
	if perm {
		return r.Decision == ps.t.Default
	}
	return r.Decision == runtime.Pass
}

// names lists rules as "rule x", "rules x and y", "rules x, y and 3 more".
func (ps *pass) names(rs []int) string {
	var q []string
	for _, r := range rs {
		q = append(q, ps.name(r))
	}
	switch len(q) {
	case 0:
		return "earlier rules"
	case 1:
		return "rule " + q[0]
	case 2:
		return "rules " + q[0] + " and " + q[1]
	case 3:
		return "rules " + q[0] + ", " + q[1] + " and " + q[2]
	}
	return fmt.Sprintf("rules %s, %s and %d more", q[0], q[1], len(q)-2)
}

// allNames lists every rule of rs: "rule x", "rules x and y", "rules x,
// y and z".
func (ps *pass) allNames(rs []int) string {
	var q []string
	for _, r := range rs {
		q = append(q, ps.name(r))
	}
	switch len(q) {
	case 0:
		return "earlier rules"
	case 1:
		return "rule " + q[0]
	}
	return "rules " + strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// policyPos returns the position of a top-level field of the policy.
func (ps *pass) policyPos(field string) diag.Pos { return ps.p.FieldPos(field) }

// fsBudget bounds the box subtractions of fsDependent in one run.
const fsBudget = 300

// fsDependent reports whether a universal claim about rule j, made with
// the paths of tool calls as written, may fail when a path is a symlink,
// whose target is a second possible value (design.md 16, 27): whether,
// in some tool cell where a path may be followed by its target, rule j
// matches a unit that no earlier rule decides. With dead, the claim is
// that rule j matches nothing.
func (ps *pass) fsDependent(j int, dead bool) bool {
	a := ps.a
	m := a.m
	rj := &m.rules[j]
	if rj.cmd || rj.err != nil {
		return false
	}
	// A cheap sufficient condition. Targets only add paths. If rule j's
	// path conditions are all and none, and at most one any, then a call
	// it matches with targets has a call without them that it matches
	// too: the one with only the path that satisfies the any (or with the
	// targets dropped). That call is dead or covered as claimed; and if
	// the rules covering it have only increasing conditions (any, a
	// prefix of one), they cover the call with targets too.
	if shrinkable(&ps.t.Rules[j]) {
		if dead {
			return false
		}
		ok := true
		for _, tk := range ps.rules[j].takers {
			ok = ok && growable(&ps.t.Rules[tk])
		}
		if ok {
			return false
		}
	}
	// Otherwise check the claim with targets, within a budget of box
	// operations for the whole run; past it, the claim is left possibly.
	for _, c := range a.cells {
		if c.space != toolSpace || c.targets < 0 || c.targets == c.univ[m.dPaths] {
			continue
		}
		if ps.fsWork > fsBudget {
			return true
		}
		u := slices.Clone(c.univ)
		u[m.dPaths] = c.targets
		b, ok, err := a.intersect(rj.box, u)
		if err != nil {
			return true
		}
		if !ok {
			continue
		}
		if dead {
			return true
		}
		region := []box{b}
		for i := 0; i < j && len(region) > 0; i++ {
			ri := &m.rules[i]
			if ri.cmd || ri.void >= 0 && ri.err == nil {
				continue
			}
			if ri.err != nil {
				return true
			}
			bi, ok, err := a.intersect(ri.box, u)
			if err != nil {
				return true
			}
			if !ok {
				continue
			}
			var cons []int
			for d := range bi {
				if bi[d] != u[d] {
					cons = append(cons, d)
				}
			}
			ps.fsWork += len(region)
			if region, _, err = a.subtract(region, bi, cons); err != nil || len(region) > a.maxBoxes || ps.fsWork > fsBudget {
				return true
			}
		}
		if len(region) > 0 {
			return true
		}
	}
	return false
}

// pathConds calls f with each condition of a rule on its paths (the
// conditions of runtime.Conds whose values are paths).
func pathConds(r *runtime.Rule, f func(c *runtime.ListCond)) {
	runtime.WalkConds(r, func(c *runtime.Cond, v any) {
		if l, ok := v.(*runtime.List); ok && c.Paths {
			for i := range l.Conds {
				f(&l.Conds[i])
			}
		}
	})
}

// shrinkable reports whether every call a rule matches, with some paths
// left out (all but one), is still matched: its path conditions are all
// and none, and at most one any.
func shrinkable(r *runtime.Rule) bool {
	anys, ok := 0, true
	pathConds(r, func(c *runtime.ListCond) {
		switch c.Q {
		case runtime.QAny:
			anys++
		case runtime.QAll, runtime.QNone:
		default:
			ok = false
		}
	})
	return ok && anys <= 1
}

// growable reports whether a rule still matches a call it matches when
// paths are added after those it has: its path conditions are any, or a
// prefix of one path.
func growable(r *runtime.Rule) bool {
	ok := true
	pathConds(r, func(c *runtime.ListCond) {
		switch {
		case c.Q == runtime.QAny:
		case c.Q == runtime.QPrefix && len(c.Prefix) <= 1:
		default:
			ok = false
		}
	})
	return ok
}
