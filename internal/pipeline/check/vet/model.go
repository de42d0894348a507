package vet

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// The context vet analyses calls in: the one hookc test and hookc explain
// use (design.md 14). Path globs are anchored at this project root and
// home directory.
const (
	testHome = "/home/user"
	testRoot = "/project"
)

// A model is a policy's rules as boxes over the dimensions of a unit: a
// simple command of a Bash call, or a call that is not a command line.
type model struct {
	t *runtime.Table

	dims []*dim
	// byCond is the dimension of each condition of runtime.Conds that
	// has one of its own, by name (design.md 212).
	byCond map[string]int
	// Indices of the fixed dimensions, from byCond.
	dEvent, dTool, dAgentID, dAgentType, dPermMode int
	dProgram, dArgs, dFlags, dWords, dLine         int
	dWrappers, dAssigns, dProducers, dPaths        int
	fields, envs, exists                           map[string]int
	// dOnDisk is the dimension of when.paths, or -1: whether the unit's
	// own paths exist is a condition of its own, like when.exists.
	dOnDisk int
	elemU   map[int]*automata.DFA
	budget  int

	// inProject holds, for the args, flags and words, the term of units
	// whose every word stays in the project (inProjectWords), computed
	// once and shared by copies.
	inProject map[int]*onceTerm

	rules []ruleModel
}

// A ruleModel is one rule as a box.
type ruleModel struct {
	cmd bool // the rule has a command condition: it matches only simple commands
	// floor says the rule is a floor rule: it decides only units that
	// take a floor, which the model leaves out (design.md 58); vet
	// neither analyses it nor lets it take units.
	floor bool
	box   []int32 // a term per dimension
	err   error   // the box could not be built (a budget ran out)
	void  int     // a dimension whose term is empty, or -1
}

// dimSpec describes a dimension to create.
type dimSpec struct {
	name string
	kind kind
	pats []string
}

// eventPatterns are the events the model names: the permission events and
// the other events with a tool call.
func eventPatterns() []string {
	var out []string
	for _, e := range load.ToolEvents {
		out = append(out, lit(e))
	}
	return out
}

// newModel builds the model of the table t.
func newModel(t *runtime.Table, budget int) (*model, error) {
	m := &model{t: t, fields: map[string]int{}, envs: map[string]int{}, exists: map[string]int{}, budget: budget, elemU: map[int]*automata.DFA{}, dOnDisk: -1, inProject: map[int]*onceTerm{}}
	sc := &specCollector{m: m, specs: m.fixedSpecs(t)}
	for ri := range t.Rules {
		sc.rule(&t.Rules[ri])
	}
	specs := sc.specs
	// The line starts with the program: its alphabet refines the
	// program's, so that a set of programs translates to it.
	specs[m.dLine].pats = append(specs[m.dLine].pats, specs[m.dProgram].pats...)
	specs[m.dLine].pats = append(specs[m.dLine].pats, lit(" "))
	// The Bash command field is a string in the command space.
	if _, ok := m.fields["command"]; !ok && len(m.fields) > 0 {
		sc.add("input.command", fieldDim, m.fields, "command")
		specs = sc.specs
	}
	for i, s := range specs {
		lower := i == m.dProgram || i == m.dLine
		d, err := newDim(s.name, s.kind, s.pats, lower, budget)
		if err != nil {
			return nil, err
		}
		m.dims = append(m.dims, d)
	}
	for _, di := range m.wordDims() {
		m.inProject[di] = &onceTerm{}
	}
	if err := m.universes(); err != nil {
		return nil, err
	}
	m.pathElemNoRW() // computed once, before the rules are built in parallel
	m.buildRules()
	return m, nil
}

// condDims says how the model holds each condition of runtime.Conds
// (design.md 212): the dimension of a condition of one value or a list,
// with its kind and the patterns of its alphabet, or keyed for a
// condition that has a dimension per field, variable or file as the
// rules name them (and when.paths, one when a rule has it). Conditions
// that share a dimension name it: path, reads and writes are one. The
// command condition has none: it puts a rule in the command space.
var condDims = map[string]struct {
	dim   string
	kind  kind
	pats  []string
	keyed bool
}{
	"event":               {dim: "event", kind: scalarDim, pats: []string{reNonEmpty}},
	"tool":                {dim: "tool", kind: scalarDim, pats: []string{lit("Bash"), `\Amcp__`, reNonEmpty}},
	"input":               {keyed: true},
	"payload":             {keyed: true},
	"path":                {dim: "path", kind: pathDim, pats: []string{reCleanAbs, reGlobText}},
	"reads":               {dim: "path"},
	"writes":              {dim: "path"},
	"command":             {keyed: true},
	"command.name":        {dim: "command.name", kind: progDim, pats: []string{reProgram, reProgram1}},
	"command.line":        {dim: "command.line", kind: wordDim},
	"command.args":        {dim: "command.args", kind: listDim, pats: []string{reGlobText, outsideWord}},
	"command.flags":       {dim: "command.flags", kind: listDim, pats: []string{reFlag, reSplitFlag, reGlobText, outsideWord}},
	"command.words":       {dim: "command.words", kind: listDim, pats: []string{reGlobText, outsideWord}},
	"command.wrappers":    {dim: "command.wrappers", kind: listDim, pats: []string{reProgram1}},
	"command.assigns":     {dim: "command.assigns", kind: listDim, pats: []string{reGlobText}},
	"command.producers":   {dim: "command.producers", kind: listDim, pats: []string{reProgram1}},
	"when.env":            {keyed: true},
	"when.agent":          {dim: "agent_id", kind: scalarDim, pats: []string{lit("")}},
	"when.agentType":      {dim: "agent_type", kind: scalarDim, pats: []string{lit("")}},
	"when.permissionMode": {dim: "permission_mode", kind: scalarDim, pats: []string{lit("")}},
	"when.exists":         {keyed: true},
	"when.paths":          {keyed: true},
}

// fixedSpecs returns the dimensions every model has: those of the
// conditions of runtime.Conds that have one of their own, in its order.
// It sets m.byCond and the indices of the fixed dimensions.
func (m *model) fixedSpecs(t *runtime.Table) []dimSpec {
	var specs []dimSpec
	byName := map[string]int{}
	m.byCond = map[string]int{}
	for i := range runtime.Conds {
		c := &runtime.Conds[i]
		cd, ok := condDims[c.Name]
		if !ok {
			panic("vet: condition " + c.Name + " has no place in the model (condDims)")
		}
		if cd.keyed {
			continue
		}
		k, ok := byName[cd.dim]
		if !ok {
			k = len(specs)
			byName[cd.dim] = k
			specs = append(specs, dimSpec{name: cd.dim, kind: cd.kind, pats: slices.Clone(cd.pats)})
		}
		m.byCond[c.Name] = k
	}
	specs[byName["event"]].pats = append(specs[byName["event"]].pats, eventPatterns()...)
	tool := &specs[byName["tool"]]
	tool.pats = append(append(tool.pats, knownToolPatterns()...), toolPathPatterns(t)...)
	d := func(name string) int { return m.byCond[name] }
	m.dEvent, m.dTool, m.dAgentID, m.dAgentType, m.dPermMode = d("event"), d("tool"), d("when.agent"), d("when.agentType"), d("when.permissionMode")
	m.dProgram, m.dArgs, m.dFlags, m.dWords, m.dLine = d("command.name"), d("command.args"), d("command.flags"), d("command.words"), d("command.line")
	m.dWrappers, m.dAssigns, m.dProducers, m.dPaths = d("command.wrappers"), d("command.assigns"), d("command.producers"), d("path")
	return specs
}

// A specCollector collects the patterns of every dimension from the
// rules, creating the dimensions of fields, environment variables and
// file checks as they appear.
type specCollector struct {
	m     *model
	specs []dimSpec
}

// add returns the dimension of key in idx, creating it.
func (sc *specCollector) add(name string, k kind, idx map[string]int, key string) int {
	if i, ok := idx[key]; ok {
		return i
	}
	i := len(sc.specs)
	idx[key] = i
	var pats []string
	switch k {
	case fieldDim:
		pats = []string{reNumber, reBool}
	case scalarDim:
		pats = []string{lit(""), lit("t")}
	}
	sc.specs = append(sc.specs, dimSpec{name: name, kind: k, pats: pats})
	return i
}

// str adds the patterns of the leaves of s to dimension i.
func (sc *specCollector) str(i int, s *runtime.Str, path bool) {
	walkLeaves(s, func(l *runtime.Str) {
		if p, ok := leafPattern(sc.m.t, l, path); ok {
			sc.specs[i].pats = append(sc.specs[i].pats, p)
		}
	})
}

// list adds the patterns of the elements of l to dimension i.
func (sc *specCollector) list(i int, l *runtime.List, path bool) {
	for ci := range l.Conds {
		c := &l.Conds[ci]
		sc.str(i, &c.Elem, path)
		for pi := range c.Prefix {
			sc.str(i, &c.Prefix[pi], path)
		}
	}
}

// rule adds the patterns of one rule, walking its conditions
// (runtime.WalkConds).
func (sc *specCollector) rule(r *runtime.Rule) {
	m := sc.m
	runtime.WalkConds(r, func(c *runtime.Cond, v any) {
		switch v := v.(type) {
		case *runtime.Str:
			sc.str(m.byCond[c.Name], v, c.Paths)
		case *runtime.List:
			sc.list(m.byCond[c.Name], v, c.Paths)
		case *[]runtime.Field:
			for fi := range *v {
				f := &(*v)[fi]
				sc.str(sc.add(c.Name+"."+f.Path, fieldDim, m.fields, fieldKey(c, f.Path)), &f.Str, false)
			}
		case *[]runtime.EnvCond:
			for ei := range *v {
				e := &(*v)[ei]
				sc.str(sc.add("env."+e.Name, scalarDim, m.envs, e.Name), &e.Value, false)
			}
		case *[]runtime.PathCheck:
			for _, pc := range *v {
				sc.add("exists:"+pc.Path, scalarDim, m.exists, pc.Path)
			}
		case *runtime.OnDisk:
			if m.dOnDisk < 0 {
				m.dOnDisk = len(sc.specs)
				sc.specs = append(sc.specs, dimSpec{name: "when.paths", kind: scalarDim, pats: []string{lit(""), lit(onDiskExist), lit(onDiskMissing)}})
			}
		}
	})
}

// fieldKey returns the key in model.fields of the field at path of the
// condition c (input or payload).
func fieldKey(c *runtime.Cond, path string) string {
	if c.Name == "payload" {
		return payloadKey + path
	}
	return path
}

// buildRules builds the box of every rule, in parallel.
func (m *model) buildRules() {
	t := m.t
	m.rules = make([]ruleModel, len(t.Rules))
	parallel(len(t.Rules), func(ri int) { m.rules[ri] = m.ruleBox(&t.Rules[ri]) })
}

// payloadKey prefixes the keys of payload fields in model.fields, which
// holds tool_input fields by their path.
const payloadKey = "payload:"

// The values of the when.paths dimension.
const (
	onDiskExist   = "exist"
	onDiskMissing = "missing"
)

// toolPathPatterns returns the names of the tools with path fields, as
// patterns.
func toolPathPatterns(t *runtime.Table) []string {
	var out []string
	for _, tp := range t.Tools {
		out = append(out, lit(tp.Tool))
	}
	return out
}

// lit returns the regexp that matches exactly s.
func lit(s string) string { return `\A` + regexp.QuoteMeta(s) + `\z` }

// walkLeaves calls f for every leaf of s.
func walkLeaves(s *runtime.Str, f func(*runtime.Str)) {
	switch s.Op {
	case runtime.StrOr, runtime.StrNot:
		for i := range s.Subs {
			walkLeaves(&s.Subs[i], f)
		}
	default:
		f(s)
	}
}

// leafPattern returns the Go regexp a leaf matcher matches with: exactly
// the runtime's (regexp.MatchString for re, GlobRegexp for globs, anchored
// like the runtime's anchor for path globs).
func leafPattern(t *runtime.Table, s *runtime.Str, path bool) (string, bool) {
	switch s.Op {
	case runtime.StrExact:
		p := lit(s.S)
		if s.Fold {
			p = "(?i)" + p
		}
		return p, true
	case runtime.StrRe:
		if int(s.Re) < len(t.Patterns) {
			return t.Patterns[s.Re], true
		}
	case runtime.StrGlob:
		pat := s.S
		if path {
			pat = anchor(pat)
		}
		src, err := paths.GlobRegexp(pat)
		if err != nil {
			return "", false
		}
		if s.Fold {
			src = "(?i)" + src
		}
		return src, true
	}
	return "", false
}

// anchor is the runtime's anchoring of a path glob in the test context.
func anchor(pat string) string {
	switch {
	case strings.HasPrefix(pat, "/"), strings.HasPrefix(pat, "**"):
		return pat
	case pat == "~":
		return globQuote(testHome)
	case strings.HasPrefix(pat, "~/"):
		return globQuote(testHome) + pat[1:]
	case pat == ".":
		return globQuote(testRoot)
	case strings.HasPrefix(pat, "./"):
		return globQuote(testRoot) + pat[1:]
	}
	return globQuote(testRoot) + "/" + pat
}

func globQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '*', '?', '[', ']', '{', '}', ',', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return strings.TrimSuffix(b.String(), "/")
}

// universes computes the universe of every dimension: the values a unit
// can have there.
func (m *model) universes() error {
	for i, d := range m.dims {
		c := &dfaOps{budget: m.budget}
		u, err := m.universe(i, d, c)
		if err == nil {
			err = c.err
		}
		if err != nil {
			return err
		}
		d.univ = d.intern(u)
		switch {
		case i == m.dAgentID || i == m.dAgentType:
			d.pref = d.intern(c.compile(d, lit("")))
		case strings.HasPrefix(d.name, "env.") || strings.HasPrefix(d.name, "exists:") || i == m.dOnDisk:
			d.pref = d.intern(c.compile(d, lit("")))
		}
		if c.err != nil {
			return c.err
		}
	}
	return nil
}

// dfaOps applies the operations of package automata within a budget and
// keeps the first error: after one, every operation returns nil, so that
// a computation of several steps checks for an error once, at its end.
type dfaOps struct {
	budget int
	err    error
}

func (o *dfaOps) do(g func() (*automata.DFA, error)) *automata.DFA {
	if o.err != nil {
		return nil
	}
	var x *automata.DFA
	x, o.err = g()
	return x
}

// compile compiles the pattern p over the alphabet of d.
func (o *dfaOps) compile(d *dim, p string) *automata.DFA {
	return o.do(func() (*automata.DFA, error) { return d.compile(p) })
}

func (o *dfaOps) inter(x, y *automata.DFA) *automata.DFA {
	return o.do(func() (*automata.DFA, error) { return automata.Intersect(x, y, o.budget) })
}

func (o *dfaOps) union(x, y *automata.DFA) *automata.DFA {
	return o.do(func() (*automata.DFA, error) { return automata.Union(x, y, o.budget) })
}

func (o *dfaOps) diff(x, y *automata.DFA) *automata.DFA {
	return o.do(func() (*automata.DFA, error) { return automata.Difference(x, y, o.budget) })
}

// universe returns the universe of dimension i, d, and sets the values
// with certain text (d.static) where the dimension has uncertain ones.
func (m *model) universe(i int, d *dim, c *dfaOps) (*automata.DFA, error) {
	switch {
	case i == m.dEvent:
		return c.compile(d, reNonEmpty), nil
	case i == m.dProgram:
		p := c.compile(d, reProgram)
		if c.err != nil {
			return nil, c.err
		}
		fixed, err := automata.Intersect(p, d.a.Fixed(), m.budget)
		if err != nil {
			return nil, err
		}
		d.static = d.intern(automata.Prepend(fixed, d.sym(symS)))
		return automata.Prepend(p, d.sym(symS), d.sym(symG)), nil
	case d.kind == scalarDim && strings.HasPrefix(d.name, "exists:"):
		return automata.Union(c.compile(d, lit("")), c.compile(d, lit("t")), m.budget)
	case d.kind == scalarDim:
		return d.text, nil
	case d.kind == fieldDim:
		parts := []*automata.DFA{
			d.a.Seq(d.sym(fA)),
			automata.Prepend(d.text, d.sym(fS)),
			automata.Prepend(c.compile(d, reNumber), d.sym(fN)),
			automata.Prepend(c.compile(d, reBool), d.sym(fB)),
			d.a.Seq(d.sym(fO)),
		}
		return unionAll(d.a, parts, m.budget)
	case d.kind == wordDim:
		d.static = d.intern(automata.Prepend(d.text, d.sym(symS)))
		return automata.Prepend(d.text, d.sym(symS), d.sym(symG)), nil
	case d.kind == listDim || d.kind == pathDim:
		return m.listUniverse(i, d, c)
	}
	return nil, nil
}

// listUniverse returns the universe of a list or path dimension: lists of
// static, glob and dynamic elements (paths read, written or both).
func (m *model) listUniverse(i int, d *dim, c *dfaOps) (*automata.DFA, error) {
	var s, g *automata.DFA
	var err error
	switch i {
	case m.dFlags:
		s = c.compile(d, reFlag)
		if c.err == nil {
			g, err = automata.Intersect(s, c.compile(d, reGlobText), m.budget)
		}
	case m.dWrappers, m.dProducers:
		s, g = c.compile(d, reProgram1), d.a.Empty()
	case m.dPaths:
		s, g = c.compile(d, reCleanAbs), c.compile(d, reCleanAbs)
	default:
		s, g = d.text, c.compile(d, reGlobText)
	}
	if err == nil {
		err = c.err
	}
	if err != nil {
		return nil, err
	}
	dyn := d.a.Seq(d.sym(symD))
	if i == m.dWrappers || i == m.dProducers {
		dyn = d.a.Empty()
	}
	elem, err := unionAll(d.a, []*automata.DFA{automata.Prepend(s, d.sym(symS)), automata.Prepend(g, d.sym(symG)), dyn}, m.budget)
	if err != nil {
		return nil, err
	}
	stat := automata.Prepend(s, d.sym(symS))
	if d.kind == pathDim {
		elem = automata.Prepend(elem, d.sym(symR), d.sym(symW), d.sym(symRW))
		stat = automata.Prepend(stat, d.sym(symR), d.sym(symW), d.sym(symRW))
	}
	m.elemU[i] = elem
	d.static = d.intern(automata.ListAll(stat, d.sym(symSep)))
	return automata.ListAll(elem, d.sym(symSep)), nil
}

func unionAll(a *automata.Alphabet, xs []*automata.DFA, budget int) (*automata.DFA, error) {
	u := a.Empty()
	for _, x := range xs {
		var err error
		if u, err = automata.Union(u, x, budget); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// elemUniverse returns the universe of one element of a word-like
// dimension, without the RW marker of paths: S text, G text or D.
func (m *model) wordUniverse(i int) *automata.DFA {
	d := m.dims[i]
	if d.kind == wordDim || d.kind == progDim {
		return d.dfa(d.univ)
	}
	return m.elemU[i]
}

// strSets returns the values of dimension i for which the matcher s gives
// at least maybe (ge) and yes (yes), for a rule that is a deny, ask or
// pass rule (opt) or an allow rule. For a scalar or field dimension the
// values are texts; for a word-like dimension they are single words with
// their marker (for paths, without the RW marker), and s is matched as a
// path (anchored globs) when path is set. See design.md 16 and the
// runtime's matcher.str.
func (m *model) strSets(i int, s *runtime.Str, opt, path bool) (ge, yes *automata.DFA, err error) {
	d := m.dims[i]
	marked := d.kind == wordDim || d.kind == listDim || d.kind == pathDim || d.kind == progDim
	var u *automata.DFA
	if marked {
		u = m.wordUniverse(i)
		if d.kind == pathDim {
			u = m.pathElemNoRW()
		}
	} else {
		u = d.text
	}
	o := &dfaOps{budget: m.budget}
	switch s.Op {
	case runtime.StrAny:
		return u, u, nil
	case runtime.StrNone:
		return d.a.Empty(), d.a.Empty(), nil
	case runtime.StrDynamic:
		if !marked {
			return d.a.Empty(), d.a.Empty(), nil
		}
		x := o.inter(d.a.Seq(d.sym(symD)), u)
		return x, x, o.err
	case runtime.StrOr:
		ge, yes = d.a.Empty(), d.a.Empty()
		for k := range s.Subs {
			g, y, e := m.strSets(i, &s.Subs[k], opt, path)
			if e != nil {
				return nil, nil, e
			}
			ge, yes = o.union(ge, g), o.union(yes, y)
		}
		return ge, yes, o.err
	case runtime.StrNot:
		g, y, e := m.strSets(i, &s.Subs[0], opt, path)
		if e != nil {
			return nil, nil, e
		}
		ge, yes = o.diff(u, y), o.diff(u, g)
		return ge, yes, o.err
	}
	return m.leafSets(i, s, opt, path, marked, u)
}

// leafSets is strSets for a leaf matcher (an exact text, a glob, a
// regular expression) over the universe u of a single value.
func (m *model) leafSets(i int, s *runtime.Str, opt, path, marked bool, u *automata.DFA) (ge, yes *automata.DFA, err error) {
	d := m.dims[i]
	o := &dfaOps{budget: m.budget}
	var l *automata.DFA
	if p, ok := leafPattern(m.t, s, path); ok {
		if l, err = d.compile(p); err != nil {
			return nil, nil, err
		}
	} else {
		l = d.a.Empty()
	}
	if !marked {
		x := o.inter(l, u)
		return x, x, o.err
	}
	sl := automata.Prepend(l, d.sym(symS))
	gl := automata.Prepend(l, d.sym(symG))
	dd := d.a.Seq(d.sym(symD))
	if opt {
		yes = o.union(sl, gl)
		ge = o.union(yes, dd)
	} else {
		yes = sl
		ge = o.union(o.union(sl, automata.Prepend(d.text, d.sym(symG))), dd)
	}
	ge, yes = o.inter(ge, u), o.inter(yes, u)
	return ge, yes, o.err
}

// pathElemNoRW returns the universe of one path without its RW marker.
func (m *model) pathElemNoRW() *automata.DFA {
	if x, ok := m.elemU[-1]; ok {
		return x
	}
	d := m.dims[m.dPaths]
	clean, _ := d.compile(reCleanAbs)
	x, _ := unionAll(d.a, []*automata.DFA{
		automata.Prepend(clean, d.sym(symS)),
		automata.Prepend(clean, d.sym(symG)),
		d.a.Seq(d.sym(symD)),
	}, m.budget)
	m.elemU[-1] = x
	return x
}

// A filter of the paths a path condition looks at.
type pathFilter uint8

const (
	allPaths pathFilter = iota
	readPaths
	writePaths
)

// listSet returns the lists of dimension i that the list condition l
// accepts, for an opt or allow rule.
func (m *model) listSet(i int, l *runtime.List, opt bool, filter pathFilter) (*automata.DFA, error) {
	d := m.dims[i]
	ls := &listSets{m: m, i: i, d: d, opt: opt, filter: filter, sep: d.sym(symSep), full: m.elemU[i], univ: d.dfa(d.univ)}
	ls.ops = dfaOps{budget: m.budget}
	switch filter {
	case readPaths:
		ls.f = automata.Prepend(m.pathElemNoRW(), d.sym(symR), d.sym(symRW))
	case writePaths:
		ls.f = automata.Prepend(m.pathElemNoRW(), d.sym(symW), d.sym(symRW))
	default:
		ls.f = ls.full
	}
	ls.notF = ls.ops.diff(ls.full, ls.f)
	set := ls.univ
	for ci := range l.Conds {
		x, err := ls.cond(&l.Conds[ci])
		if err != nil {
			return nil, err
		}
		set = ls.ops.inter(set, x)
		if ls.ops.err != nil {
			return nil, ls.ops.err
		}
	}
	return set, ls.ops.err
}

// listSets holds what listSet computes the lists of one condition with.
type listSets struct {
	m      *model
	i      int
	d      *dim
	opt    bool
	filter pathFilter
	sep    int
	full   *automata.DFA // one element, with its RW marker for paths
	f      *automata.DFA // the elements the condition looks at
	notF   *automata.DFA // the others
	univ   *automata.DFA
	ops    dfaOps
}

// lift puts the RW markers before the elements of a path dimension.
func (ls *listSets) lift(x *automata.DFA) *automata.DFA {
	if ls.d.kind == pathDim {
		return automata.Prepend(x, ls.d.sym(symR), ls.d.sym(symW), ls.d.sym(symRW))
	}
	return x
}

// cond returns the lists that one quantified condition accepts.
func (ls *listSets) cond(c *runtime.ListCond) (*automata.DFA, error) {
	o, m, path := &ls.ops, ls.m, ls.d.kind == pathDim
	switch c.Q {
	case runtime.QAny, runtime.QAll, runtime.QNone:
		ge, yes, e := m.strSets(ls.i, &c.Elem, ls.opt, path)
		if e != nil {
			return nil, e
		}
		ge, yes = ls.lift(ge), ls.lift(yes)
		switch c.Q {
		case runtime.QAny:
			return o.inter(automata.ListAny(o.inter(sel(ls.opt, ge, yes), ls.f), ls.sep), ls.univ), nil
		case runtime.QAll:
			return automata.ListAll(o.union(o.inter(sel(ls.opt, ge, yes), ls.f), ls.notF), ls.sep), nil
		}
		// none holds (>= maybe) when no element is yes; it is yes
		// when no element is >= maybe.
		return automata.ListAll(o.diff(ls.full, o.inter(sel(ls.opt, yes, ge), ls.f)), ls.sep), nil
	case runtime.QPrefix:
		elems := make([]*automata.DFA, len(c.Prefix))
		for k := range c.Prefix {
			ge, yes, e := m.strSets(ls.i, &c.Prefix[k], ls.opt, path)
			if e != nil {
				return nil, e
			}
			elems[k] = o.inter(ls.lift(sel(ls.opt, ge, yes)), ls.f)
		}
		if o.err != nil {
			return nil, o.err
		}
		var skip *automata.DFA
		if ls.filter != allPaths {
			skip = ls.notF
		}
		x := o.do(func() (*automata.DFA, error) { return automata.ListPrefix(skip, elems, ls.sep, m.budget) })
		return o.inter(x, ls.univ), nil
	}
	return ls.d.a.Empty(), nil
}

func sel(opt bool, ge, yes *automata.DFA) *automata.DFA {
	if opt {
		return ge
	}
	return yes
}

// fieldSet returns the values of a field dimension that f accepts.
func (m *model) fieldSet(i int, f *runtime.Field) (*automata.DFA, error) {
	d := m.dims[i]
	u := d.dfa(d.univ)
	var x *automata.DFA
	var err error
	switch f.Kind {
	case runtime.FieldString:
		var ge *automata.DFA
		ge, _, err = m.strSets(i, &f.Str, true, false)
		if err == nil {
			x = automata.Prepend(ge, d.sym(fS))
		}
	case runtime.FieldNumber, runtime.FieldBool:
		// The runtime matches the canonical text of a number, and "true"
		// or "false".
		marker, shape := fN, reNumber
		if f.Kind == runtime.FieldBool {
			marker, shape = fB, reBool
		}
		var ge, sh *automata.DFA
		ge, _, err = m.strSets(i, &f.Str, true, false)
		if err == nil {
			sh, err = d.compile(shape)
		}
		if err == nil {
			ge, err = automata.Intersect(ge, sh, m.budget)
		}
		if err == nil {
			x = automata.Prepend(ge, d.sym(marker))
		}
	case runtime.FieldAbsent:
		x = d.a.Seq(d.sym(fA))
	case runtime.FieldPresent:
		x, err = automata.Difference(u, d.a.Seq(d.sym(fA)), m.budget)
	default:
		x = d.a.Empty()
	}
	if err != nil {
		return nil, err
	}
	if f.Not {
		if x, err = automata.Difference(u, x, m.budget); err != nil {
			return nil, err
		}
	}
	return automata.Intersect(x, u, m.budget)
}

// ruleBox builds the box of rule r: the units it decides when it is
// reached. It narrows the box condition by condition (runtime.WalkConds).
func (m *model) ruleBox(r *runtime.Rule) ruleModel {
	b := &boxBuilder{m: m, opt: r.Decision != runtime.Allow}
	b.rm = ruleModel{cmd: r.Cmd != nil, void: -1, floor: r.Floor != 0}
	b.rm.box = make([]int32, len(m.dims))
	for i, d := range m.dims {
		b.rm.box[i] = d.univ
	}
	b.event(&r.Event) // a rule without one decides the permission events
	runtime.WalkConds(r, b.cond)
	return b.rm
}

// cond narrows the box by the condition c, of value v.
func (b *boxBuilder) cond(c *runtime.Cond, v any) {
	m := b.m
	switch v := v.(type) {
	case *runtime.Str:
		switch c.Name {
		case "event": // done
		case "command.name":
			b.program(v)
		default:
			b.str(m.byCond[c.Name], v, false)
		}
	case *runtime.List:
		b.list(m.byCond[c.Name], v, pathFilters[c.Name])
	case *[]runtime.Field:
		for fi := range *v {
			f := &(*v)[fi]
			i := m.fields[fieldKey(c, f.Path)]
			x, err := m.fieldSet(i, f)
			b.and(i, x, err)
		}
	case *[]runtime.EnvCond:
		for ei := range *v {
			b.env(&(*v)[ei])
		}
	case *runtime.AgentKind:
		b.agent(*v)
	case *[]runtime.PathCheck:
		for _, pc := range *v {
			i, val := m.exists[pc.Path], "t"
			if pc.Missing {
				val = ""
			}
			x, err := m.dims[i].compile(lit(val))
			b.and(i, x, err)
		}
	case *runtime.OnDisk:
		val := onDiskExist
		if *v == runtime.OnDiskMissing {
			val = onDiskMissing
		}
		x, err := m.dims[m.dOnDisk].compile(lit(val))
		b.and(m.dOnDisk, x, err)
	}
}

// pathFilters are the paths each path condition looks at; other list
// conditions look at all their elements.
var pathFilters = map[string]pathFilter{"reads": readPaths, "writes": writePaths}

// A boxBuilder narrows the box of one rule, condition by condition.
type boxBuilder struct {
	m   *model
	rm  ruleModel
	opt bool // the rule is a deny, ask or pass rule
}

// and narrows dimension i of the box to x; err is the error of computing
// x. The first error is kept in the rule's model, and ends the building.
func (b *boxBuilder) and(i int, x *automata.DFA, err error) {
	m, rm := b.m, &b.rm
	if rm.err != nil {
		return
	}
	if err != nil {
		rm.err = fmt.Errorf("%s: %w", m.dims[i].name, err)
		return
	}
	t, err := m.dims[i].inter(rm.box[i], m.dims[i].intern(x))
	if err != nil {
		rm.err = fmt.Errorf("%s: %w", m.dims[i].name, err)
		return
	}
	rm.box[i] = t
	if rm.void < 0 && m.dims[i].isEmpty(t) {
		rm.void = i
	}
}

// str narrows dimension i to the values the matcher s accepts.
func (b *boxBuilder) str(i int, s *runtime.Str, path bool) {
	if s.Op == runtime.StrAny {
		return
	}
	ge, yes, err := b.m.strSets(i, s, b.opt, path)
	b.and(i, sel(b.opt, ge, yes), err)
}

// list narrows dimension i to the lists the condition l accepts.
func (b *boxBuilder) list(i int, l *runtime.List, f pathFilter) {
	if len(l.Conds) == 0 {
		return
	}
	x, err := b.m.listSet(i, l, b.opt, f)
	b.and(i, x, err)
}

// event narrows the event: a rule without one decides the permission
// events.
func (b *boxBuilder) event(s *runtime.Str) {
	m := b.m
	if s.Op != runtime.StrAny {
		b.str(m.dEvent, s, false)
		return
	}
	u, err := m.permEventsDFA()
	b.and(m.dEvent, u, err)
}

// permEventsDFA returns the event dimension's automaton of the permission
// events (runtime.PermissionEvents).
func (m *model) permEventsDFA() (*automata.DFA, error) {
	d := m.dims[m.dEvent]
	var u *automata.DFA
	for _, e := range runtime.PermissionEvents {
		x, err := d.compile(lit(e))
		if err == nil && u != nil {
			x, err = automata.Union(u, x, m.budget)
		}
		if err != nil {
			return nil, fmt.Errorf("event: %v", err)
		}
		u = x
	}
	return u, nil
}

// program narrows the program's name.
func (b *boxBuilder) program(s *runtime.Str) {
	m := b.m
	ge, yes, err := m.strSets(m.dProgram, s, b.opt, false)
	if err == nil {
		ge, yes, err = m.programSet(ge, yes)
	}
	b.and(m.dProgram, sel(b.opt, ge, yes), err)
}

// env narrows an environment variable: set (not empty) to a value the
// condition may match, or unset.
func (b *boxBuilder) env(e *runtime.EnvCond) {
	m := b.m
	i := m.envs[e.Name]
	empty, err := m.dims[i].compile(lit(""))
	if err != nil || e.Unset {
		b.and(i, empty, err)
		return
	}
	ge, _, err := m.strSets(i, &e.Value, true, false)
	if err != nil {
		b.and(i, nil, err)
		return
	}
	x, err := automata.Difference(ge, empty, m.budget)
	b.and(i, x, err)
}

// agent narrows the agent id: empty for the main agent, not for a
// subagent.
func (b *boxBuilder) agent(k runtime.AgentKind) {
	m := b.m
	if k != runtime.MainAgent && k != runtime.SubAgent {
		return
	}
	d := m.dims[m.dAgentID]
	empty, err := d.compile(lit(""))
	if err == nil && k == runtime.SubAgent {
		empty, err = automata.Difference(d.text, empty, m.budget)
	}
	b.and(m.dAgentID, empty, err)
}

// programSet applies the runtime's reading of a program name with capitals
// (matcher.program): its lower case is a second possible value, which a
// deny, ask or pass rule may match instead, and an allow rule must match
// too.
func (m *model) programSet(ge, yes *automata.DFA) (*automata.DFA, *automata.DFA, error) {
	lge, err := automata.Preimage(ge)
	if err != nil {
		return nil, nil, err
	}
	lyes, err := automata.Preimage(yes)
	if err != nil {
		return nil, nil, err
	}
	if ge, err = automata.Union(ge, lge, m.budget); err != nil {
		return nil, nil, err
	}
	if yes, err = automata.Intersect(yes, lyes, m.budget); err != nil {
		return nil, nil, err
	}
	return ge, yes, nil
}

// programText returns the names of a program term, without their marker.
func (m *model) programText(t int32) (*automata.DFA, error) {
	d := m.dims[m.dProgram]
	x := d.dfa(t)
	return automata.Union(automata.Derivative(x, d.sym(symS)), automata.Derivative(x, d.sym(symG)), m.budget)
}

// finiteStrings returns the strings of a scalar term if there are at most
// limit of them.
func (m *model) finiteStrings(i int, t int32, limit int) ([]string, bool) {
	d := m.dims[i]
	ws, ok := d.dfa(t).Finite(limit)
	if !ok {
		return nil, false
	}
	out := make([]string, len(ws))
	for k, w := range ws {
		out[k] = d.a.String(w)
	}
	sort.Strings(out)
	return slices.Compact(out), true
}
