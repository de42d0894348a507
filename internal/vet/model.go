package vet

import (
	"fmt"
	"regexp"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/runtime"
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
	// Indices of the fixed dimensions.
	dEvent, dTool, dAgentID, dAgentType, dPermMode int
	dProgram, dArgs, dFlags, dWords, dLine         int
	dWrappers, dAssigns, dProducers, dPaths        int
	fields, envs, exists                           map[string]int
	// dOnDisk is the dimension of when.paths, or -1: whether the unit's
	// own paths exist is a condition of its own, like when.exists.
	dOnDisk int
	cmdDims []int // the dimensions of a simple command
	elemU   map[int]*automata.DFA
	budget  int

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
	m := &model{t: t, fields: map[string]int{}, envs: map[string]int{}, exists: map[string]int{}, budget: budget, elemU: map[int]*automata.DFA{}, dOnDisk: -1}
	specs := []dimSpec{
		{"event", scalarDim, append([]string{reNonEmpty}, eventPatterns()...)},
		{"tool", scalarDim, append(append([]string{lit("Bash"), `\Amcp__`, reNonEmpty}, knownToolPatterns()...), toolPathPatterns(t)...)},
		{"agent_id", scalarDim, []string{lit("")}},
		{"agent_type", scalarDim, []string{lit("")}},
		{"permission_mode", scalarDim, []string{lit("")}},
		{"command.name", progDim, []string{reProgram, reProgram1}},
		{"command.args", listDim, []string{reGlobText}},
		{"command.flags", listDim, []string{reFlag, reSplitFlag, reGlobText}},
		{"command.words", listDim, []string{reGlobText}},
		{"command.line", wordDim, nil},
		{"command.wrappers", listDim, []string{reProgram1}},
		{"command.assigns", listDim, []string{reGlobText}},
		{"command.producers", listDim, []string{reProgram1}},
		{"path", pathDim, []string{reCleanAbs, reGlobText}},
	}
	m.dEvent, m.dTool, m.dAgentID, m.dAgentType, m.dPermMode = 0, 1, 2, 3, 4
	m.dProgram, m.dArgs, m.dFlags, m.dWords, m.dLine = 5, 6, 7, 8, 9
	m.dWrappers, m.dAssigns, m.dProducers, m.dPaths = 10, 11, 12, 13
	m.cmdDims = []int{5, 6, 7, 8, 9, 10, 11, 12}

	// Collect the patterns of every dimension, creating the dimensions of
	// fields, environment variables and file checks as they appear.
	add := func(name string, k kind, idx map[string]int, key string) int {
		if i, ok := idx[key]; ok {
			return i
		}
		i := len(specs)
		idx[key] = i
		var pats []string
		switch k {
		case fieldDim:
			pats = []string{reNumber, reBool}
		case scalarDim:
			pats = []string{lit(""), lit("t")}
		}
		specs = append(specs, dimSpec{name: name, kind: k, pats: pats})
		return i
	}
	collect := func(i int, s *runtime.Str, path bool) {
		walkLeaves(s, func(l *runtime.Str) {
			if p, ok := leafPattern(t, l, path); ok {
				specs[i].pats = append(specs[i].pats, p)
			}
		})
	}
	collectList := func(i int, l *runtime.List, path bool) {
		for ci := range l.Conds {
			c := &l.Conds[ci]
			collect(i, &c.Elem, path)
			for pi := range c.Prefix {
				collect(i, &c.Prefix[pi], path)
			}
		}
	}
	for ri := range t.Rules {
		r := &t.Rules[ri]
		collect(m.dEvent, &r.Event, false)
		collect(m.dTool, &r.Tool, false)
		for fi := range r.Input {
			f := &r.Input[fi]
			i := add("input."+f.Path, fieldDim, m.fields, f.Path)
			collect(i, &f.Str, false)
		}
		for fi := range r.Payload {
			f := &r.Payload[fi]
			i := add("payload."+f.Path, fieldDim, m.fields, payloadKey+f.Path)
			collect(i, &f.Str, false)
		}
		if r.OnDisk != runtime.OnDiskAny && m.dOnDisk < 0 {
			m.dOnDisk = len(specs)
			specs = append(specs, dimSpec{name: "when.paths", kind: scalarDim, pats: []string{lit(""), lit(onDiskExist), lit(onDiskMissing)}})
		}
		collectList(m.dPaths, &r.Path, true)
		collectList(m.dPaths, &r.Reads, true)
		collectList(m.dPaths, &r.Writes, true)
		if c := r.Cmd; c != nil {
			collect(m.dProgram, &c.Name, false)
			collect(m.dLine, &c.Line, false)
			collectList(m.dArgs, &c.Args, false)
			collectList(m.dFlags, &c.Flags, false)
			collectList(m.dWords, &c.Words, false)
			collectList(m.dWrappers, &c.Wrappers, false)
			collectList(m.dAssigns, &c.Assigns, false)
			collectList(m.dProducers, &c.Producers, false)
		}
		for ei := range r.Env {
			e := &r.Env[ei]
			i := add("env."+e.Name, scalarDim, m.envs, e.Name)
			collect(i, &e.Value, false)
		}
		collect(m.dAgentType, &r.AgentType, false)
		collect(m.dPermMode, &r.PermissionMode, false)
		for _, pc := range r.Exists {
			add("exists:"+pc.Path, scalarDim, m.exists, pc.Path)
		}
	}
	// The line starts with the program: its alphabet refines the
	// program's, so that a set of programs translates to it.
	specs[m.dLine].pats = append(specs[m.dLine].pats, specs[m.dProgram].pats...)
	specs[m.dLine].pats = append(specs[m.dLine].pats, lit(" "))
	// The Bash command field is a string in the command space.
	if _, ok := m.fields["command"]; !ok && len(m.fields) > 0 {
		add("input.command", fieldDim, m.fields, "command")
	}
	for i, s := range specs {
		lower := i == m.dProgram || i == m.dLine
		d, err := newDim(s.name, s.kind, s.pats, lower, budget)
		if err != nil {
			return nil, err
		}
		m.dims = append(m.dims, d)
	}
	if err := m.universes(); err != nil {
		return nil, err
	}
	m.pathElemNoRW() // computed once, before the rules are built in parallel
	m.rules = make([]ruleModel, len(t.Rules))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, goruntime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ri := int(next.Add(1)) - 1
				if ri >= len(t.Rules) {
					return
				}
				m.rules[ri] = m.ruleBox(&t.Rules[ri])
			}
		}()
	}
	wg.Wait()
	return m, nil
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
		src, err := runtime.GlobRegexp(pat)
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
		var u *automata.DFA
		var err error
		c := func(p string) *automata.DFA {
			if err != nil {
				return nil
			}
			var x *automata.DFA
			x, err = d.compile(p)
			return x
		}
		switch {
		case i == m.dEvent:
			u = c(reNonEmpty)
		case i == m.dProgram:
			p := c(reProgram)
			if err != nil {
				return err
			}
			u = automata.Prepend(p, d.sym(symS), d.sym(symG))
			var fixed *automata.DFA
			if fixed, err = automata.Intersect(p, d.a.Fixed(), m.budget); err != nil {
				return err
			}
			d.static = d.intern(automata.Prepend(fixed, d.sym(symS)))
		case d.kind == scalarDim && strings.HasPrefix(d.name, "exists:"):
			u, err = automata.Union(c(lit("")), c(lit("t")), m.budget)
		case d.kind == scalarDim:
			u = d.text
		case d.kind == fieldDim:
			parts := []*automata.DFA{
				d.a.Seq(d.sym(fA)),
				automata.Prepend(d.text, d.sym(fS)),
				automata.Prepend(c(reNumber), d.sym(fN)),
				automata.Prepend(c(reBool), d.sym(fB)),
				d.a.Seq(d.sym(fO)),
			}
			u, err = unionAll(d.a, parts, m.budget)
		case d.kind == wordDim:
			u = automata.Prepend(d.text, d.sym(symS), d.sym(symG))
			d.static = d.intern(automata.Prepend(d.text, d.sym(symS)))
		case d.kind == listDim || d.kind == pathDim:
			var s, g *automata.DFA
			switch i {
			case m.dFlags:
				s = c(reFlag)
				if err == nil {
					g, err = automata.Intersect(s, c(reGlobText), m.budget)
				}
			case m.dWrappers, m.dProducers:
				s, g = c(reProgram1), d.a.Empty()
			case m.dPaths:
				s, g = c(reCleanAbs), c(reCleanAbs)
			default:
				s, g = d.text, c(reGlobText)
			}
			if err != nil {
				return err
			}
			dyn := d.a.Seq(d.sym(symD))
			if i == m.dWrappers || i == m.dProducers {
				dyn = d.a.Empty()
			}
			elem, err := unionAll(d.a, []*automata.DFA{automata.Prepend(s, d.sym(symS)), automata.Prepend(g, d.sym(symG)), dyn}, m.budget)
			if err != nil {
				return err
			}
			stat := automata.Prepend(s, d.sym(symS))
			if d.kind == pathDim {
				elem = automata.Prepend(elem, d.sym(symR), d.sym(symW), d.sym(symRW))
				stat = automata.Prepend(stat, d.sym(symR), d.sym(symW), d.sym(symRW))
			}
			m.elemU[i] = elem
			u = automata.ListAll(elem, d.sym(symSep))
			d.static = d.intern(automata.ListAll(stat, d.sym(symSep)))
		}
		if err != nil {
			return err
		}
		d.univ = d.intern(u)
		switch {
		case i == m.dAgentID || i == m.dAgentType:
			d.pref = d.intern(c(lit("")))
		case strings.HasPrefix(d.name, "env.") || strings.HasPrefix(d.name, "exists:") || i == m.dOnDisk:
			d.pref = d.intern(c(lit("")))
		}
		if err != nil {
			return err
		}
	}
	return nil
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
	inter := func(x, y *automata.DFA) *automata.DFA {
		if err != nil {
			return nil
		}
		var r *automata.DFA
		r, err = automata.Intersect(x, y, m.budget)
		return r
	}
	union := func(x, y *automata.DFA) *automata.DFA {
		if err != nil {
			return nil
		}
		var r *automata.DFA
		r, err = automata.Union(x, y, m.budget)
		return r
	}
	diff := func(x, y *automata.DFA) *automata.DFA {
		if err != nil {
			return nil
		}
		var r *automata.DFA
		r, err = automata.Difference(x, y, m.budget)
		return r
	}
	switch s.Op {
	case runtime.StrAny:
		return u, u, nil
	case runtime.StrNone:
		return d.a.Empty(), d.a.Empty(), nil
	case runtime.StrDynamic:
		if !marked {
			return d.a.Empty(), d.a.Empty(), nil
		}
		x := inter(d.a.Seq(d.sym(symD)), u)
		return x, x, err
	case runtime.StrOr:
		ge, yes = d.a.Empty(), d.a.Empty()
		for k := range s.Subs {
			g, y, e := m.strSets(i, &s.Subs[k], opt, path)
			if e != nil {
				return nil, nil, e
			}
			ge, yes = union(ge, g), union(yes, y)
		}
		return ge, yes, err
	case runtime.StrNot:
		g, y, e := m.strSets(i, &s.Subs[0], opt, path)
		if e != nil {
			return nil, nil, e
		}
		ge, yes = diff(u, y), diff(u, g)
		return ge, yes, err
	}
	var l *automata.DFA
	if p, ok := leafPattern(m.t, s, path); ok {
		if l, err = d.compile(p); err != nil {
			return nil, nil, err
		}
	} else {
		l = d.a.Empty()
	}
	if !marked {
		x := inter(l, u)
		return x, x, err
	}
	sl := automata.Prepend(l, d.sym(symS))
	gl := automata.Prepend(l, d.sym(symG))
	dd := d.a.Seq(d.sym(symD))
	if opt {
		yes = union(sl, gl)
		ge = union(yes, dd)
	} else {
		yes = sl
		ge = union(union(sl, automata.Prepend(d.text, d.sym(symG))), dd)
	}
	return inter(ge, u), inter(yes, u), err
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
	sep := d.sym(symSep)
	full := m.elemU[i] // one element, with its RW marker for paths
	path := d.kind == pathDim
	lift := func(x *automata.DFA) *automata.DFA {
		if path {
			return automata.Prepend(x, d.sym(symR), d.sym(symW), d.sym(symRW))
		}
		return x
	}
	var f *automata.DFA // the elements the condition looks at
	switch filter {
	case readPaths:
		f = automata.Prepend(m.pathElemNoRW(), d.sym(symR), d.sym(symRW))
	case writePaths:
		f = automata.Prepend(m.pathElemNoRW(), d.sym(symW), d.sym(symRW))
	default:
		f = full
	}
	var err error
	do := func(g func() (*automata.DFA, error)) *automata.DFA {
		if err != nil {
			return nil
		}
		var x *automata.DFA
		x, err = g()
		return x
	}
	inter := func(x, y *automata.DFA) *automata.DFA {
		return do(func() (*automata.DFA, error) { return automata.Intersect(x, y, m.budget) })
	}
	diff := func(x, y *automata.DFA) *automata.DFA {
		return do(func() (*automata.DFA, error) { return automata.Difference(x, y, m.budget) })
	}
	union := func(x, y *automata.DFA) *automata.DFA {
		return do(func() (*automata.DFA, error) { return automata.Union(x, y, m.budget) })
	}
	notF := diff(full, f)
	univ := d.dfa(d.univ)
	set := univ
	for ci := range l.Conds {
		c := &l.Conds[ci]
		var x *automata.DFA
		switch c.Q {
		case runtime.QAny, runtime.QAll, runtime.QNone:
			ge, yes, e := m.strSets(i, &c.Elem, opt, path)
			if e != nil {
				return nil, e
			}
			ge, yes = lift(ge), lift(yes)
			switch c.Q {
			case runtime.QAny:
				x = inter(automata.ListAny(inter(sel(opt, ge, yes), f), sep), univ)
			case runtime.QAll:
				x = automata.ListAll(union(inter(sel(opt, ge, yes), f), notF), sep)
			case runtime.QNone:
				// none holds (>= maybe) when no element is yes; it is yes
				// when no element is >= maybe.
				x = automata.ListAll(diff(full, inter(sel(opt, yes, ge), f)), sep)
			}
		case runtime.QPrefix:
			elems := make([]*automata.DFA, len(c.Prefix))
			for k := range c.Prefix {
				ge, yes, e := m.strSets(i, &c.Prefix[k], opt, path)
				if e != nil {
					return nil, e
				}
				elems[k] = inter(lift(sel(opt, ge, yes)), f)
			}
			if err != nil {
				return nil, err
			}
			var skip *automata.DFA
			if filter != allPaths {
				skip = notF
			}
			x = do(func() (*automata.DFA, error) { return automata.ListPrefix(skip, elems, sep, m.budget) })
			x = inter(x, univ)
		default:
			x = d.a.Empty()
		}
		set = inter(set, x)
		if err != nil {
			return nil, err
		}
	}
	return set, err
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
// reached.
func (m *model) ruleBox(r *runtime.Rule) ruleModel {
	rm := ruleModel{cmd: r.Cmd != nil, void: -1, floor: r.Floor != 0}
	rm.box = make([]int32, len(m.dims))
	for i, d := range m.dims {
		rm.box[i] = d.univ
	}
	opt := r.Decision != runtime.Allow
	and := func(i int, x *automata.DFA, err error) {
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
	str := func(i int, s *runtime.Str, path bool) {
		if s.Op == runtime.StrAny {
			return
		}
		ge, yes, err := m.strSets(i, s, opt, path)
		and(i, sel(opt, ge, yes), err)
	}
	list := func(i int, l *runtime.List, f pathFilter) {
		if len(l.Conds) == 0 {
			return
		}
		x, err := m.listSet(i, l, opt, f)
		and(i, x, err)
	}
	if r.Event.Op == runtime.StrAny {
		d := m.dims[m.dEvent]
		a, err1 := d.compile(lit("PreToolUse"))
		b, err2 := d.compile(lit("PermissionRequest"))
		if err1 == nil && err2 == nil {
			x, err := automata.Union(a, b, m.budget)
			and(m.dEvent, x, err)
		} else {
			and(m.dEvent, nil, fmt.Errorf("event: %v %v", err1, err2))
		}
	} else {
		str(m.dEvent, &r.Event, false)
	}
	str(m.dTool, &r.Tool, false)
	if c := r.Cmd; c != nil {
		if c.Name.Op != runtime.StrAny {
			ge, yes, err := m.strSets(m.dProgram, &c.Name, opt, false)
			if err == nil {
				ge, yes, err = m.programSet(ge, yes)
			}
			and(m.dProgram, sel(opt, ge, yes), err)
		}
		list(m.dArgs, &c.Args, allPaths)
		list(m.dFlags, &c.Flags, allPaths)
		list(m.dWords, &c.Words, allPaths)
		str(m.dLine, &c.Line, false)
		list(m.dWrappers, &c.Wrappers, allPaths)
		list(m.dAssigns, &c.Assigns, allPaths)
		list(m.dProducers, &c.Producers, allPaths)
	}
	for fi := range r.Input {
		f := &r.Input[fi]
		i := m.fields[f.Path]
		x, err := m.fieldSet(i, f)
		and(i, x, err)
	}
	for fi := range r.Payload {
		f := &r.Payload[fi]
		i := m.fields[payloadKey+f.Path]
		x, err := m.fieldSet(i, f)
		and(i, x, err)
	}
	if r.OnDisk != runtime.OnDiskAny {
		v := onDiskExist
		if r.OnDisk == runtime.OnDiskMissing {
			v = onDiskMissing
		}
		x, err := m.dims[m.dOnDisk].compile(lit(v))
		and(m.dOnDisk, x, err)
	}
	list(m.dPaths, &r.Path, allPaths)
	list(m.dPaths, &r.Reads, readPaths)
	list(m.dPaths, &r.Writes, writePaths)
	for ei := range r.Env {
		e := &r.Env[ei]
		i := m.envs[e.Name]
		d := m.dims[i]
		empty, err := d.compile(lit(""))
		if err != nil {
			and(i, nil, err)
			continue
		}
		if e.Unset {
			and(i, empty, nil)
			continue
		}
		ge, _, err := m.strSets(i, &e.Value, true, false)
		if err != nil {
			and(i, nil, err)
			continue
		}
		x, err := automata.Difference(ge, empty, m.budget)
		and(i, x, err)
	}
	switch r.Agent {
	case runtime.MainAgent, runtime.SubAgent:
		d := m.dims[m.dAgentID]
		empty, err := d.compile(lit(""))
		if err == nil && r.Agent == runtime.SubAgent {
			empty, err = automata.Difference(d.text, empty, m.budget)
		}
		and(m.dAgentID, empty, err)
	}
	str(m.dAgentType, &r.AgentType, false)
	str(m.dPermMode, &r.PermissionMode, false)
	for _, pc := range r.Exists {
		i := m.exists[pc.Path]
		v := "t"
		if pc.Missing {
			v = ""
		}
		x, err := m.dims[i].compile(lit(v))
		and(i, x, err)
	}
	return rm
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
