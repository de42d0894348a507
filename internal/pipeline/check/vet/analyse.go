package vet

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/runtime"
)

// A space is a kind of unit: a simple command of a Bash call's command
// line, or a call that has none (every other tool, and a Bash call with an
// empty command).
type space uint8

const (
	cmdSpace space = iota
	toolSpace
)

// A box is a term per dimension; its units are their product.
type box []int32

// A cell is a part of one space in which a dimension (the program in the
// command space, the tool in the tool space) is fixed to one literal name,
// or to every name no rule names: rules that cannot meet in a cell are
// never compared there. Cells partition the space.
type cell struct {
	space space
	label string // the literal; "" for the others
	other bool
	univ  box // the cell's universe

	rules  []int   // the rules that can match in the cell, in order
	boxes  []box   // their boxes in the cell
	cons   [][]int // the dimensions each box constrains beyond univ
	reach  [][]box // the units each rule decides in the cell
	takers [][]int // the earlier rules whose subtraction took units from each
	failed []error // a budget error while computing reach
	opaque []bool  // the box is an over-approximation: the rule could not be modelled

	// targets is, in the tool space, the paths term of the cell when a
	// path may be followed by its symlink target; univ holds the paths as
	// written. Zero in the command space, whose lists are unrestricted.
	targets int32
}

// An analysis is the model and its cells, computed once and shared by the
// checks.
type analysis struct {
	m     *model
	t     *runtime.Table
	cells []*cell

	deadline time.Time
	maxBoxes int
}

// Options bound the work of an analysis.
type Options struct {
	// Budget is the largest number of states one automaton operation may
	// build (default 50000; design.md 180).
	Budget int
	// MaxBoxes is the largest number of boxes a rule's region may hold
	// (default 512).
	MaxBoxes int
	// Timeout bounds the union-coverage analysis (default 180s, of wall
	// time: design.md 180).
	Timeout time.Duration
}

func (o Options) withDefaults() Options {
	if o.Budget <= 0 {
		o.Budget = 50000
	}
	if o.MaxBoxes <= 0 {
		o.MaxBoxes = 512
	}
	if o.Timeout <= 0 {
		o.Timeout = 180 * time.Second
	}
	return o
}

func analyse(t *runtime.Table, opts Options) (*analysis, error) {
	a, err := prepare(t, opts)
	if err != nil {
		return nil, err
	}
	reachAll(a)
	return a, nil
}

// prepare builds the model of a table and its cells.
func prepare(t *runtime.Table, opts Options) (*analysis, error) {
	opts = opts.withDefaults()
	m, err := newModel(t, opts.Budget)
	if err != nil {
		return nil, err
	}
	a := &analysis{m: m, t: t, deadline: time.Now().Add(opts.Timeout), maxBoxes: opts.MaxBoxes}
	if err := a.makeCells(); err != nil {
		return nil, err
	}
	return a, nil
}

// reachAll computes the regions of the cells of the analyses. Cells are
// independent: they are analysed in parallel.
func reachAll(as ...*analysis) {
	type job struct {
		a *analysis
		c *cell
	}
	var jobs []job
	for _, a := range as {
		for _, c := range a.cells {
			jobs = append(jobs, job{a, c})
		}
	}
	parallel(len(jobs), func(i int) { jobs[i].a.reachCell(jobs[i].c) })
}

// universe returns the box of every unit of a space.
func (a *analysis) universe() box {
	b := make(box, len(a.m.dims))
	for i, d := range a.m.dims {
		b[i] = d.univ
	}
	return b
}

// makeCells partitions the two spaces into cells.
func (a *analysis) makeCells() error {
	m := a.m
	// The command space: the tool is Bash, the command field a string.
	cmdU := a.universe()
	tool := m.dims[m.dTool]
	bash, err := tool.compile(lit("Bash"))
	if err != nil {
		return err
	}
	cmdU[m.dTool] = tool.intern(bash)
	if i, ok := m.fields["command"]; ok {
		d := m.dims[i]
		s := d.intern(automata.Prepend(d.text, d.sym(fS)))
		if cmdU[i], err = d.inter(cmdU[i], s); err != nil {
			return err
		}
	}
	progs, err := a.programKeys()
	if err != nil {
		return err
	}
	if err := a.split(cmdSpace, cmdU, m.dProgram, progs, nil); err != nil {
		return err
	}
	return a.split(toolSpace, a.universe(), m.dTool, a.toolKeys(), a.pathShape)
}

// programKeys returns the cells of the command space: one per program
// name some rule gives, with its variants in other cases (the runtime
// reads LS as ls too), run by name or by path.
func (a *analysis) programKeys() ([]cellKey, error) {
	m := a.m
	prog := m.dims[m.dProgram]
	var progs []cellKey
	seen := map[string]bool{}
	for _, r := range m.rules {
		if !r.cmd || r.err != nil {
			continue
		}
		text, err := m.programText(r.box[m.dProgram])
		if err != nil {
			return nil, err
		}
		ws, ok := text.Finite(64)
		if !ok {
			continue
		}
		for _, w := range ws {
			low := make([]int, len(w))
			for k, x := range w {
				low[k] = prog.a.Minterm(unicode.ToLower(prog.a.Rep(x)))
			}
			label := prog.a.String(low)
			if seen[label] {
				continue
			}
			seen[label] = true
			variants, err := automata.Preimage(prog.a.Seq(low...))
			if err != nil {
				return nil, err
			}
			progs = append(progs, cellKey{label, automata.Prepend(variants, prog.sym(symS), prog.sym(symG))})
		}
	}
	return progs, nil
}

// toolKeys returns the cells of the tool space: one per tool name some
// rule gives, and one per tool with path fields, so that the other
// tools' cell has no paths.
func (a *analysis) toolKeys() []cellKey {
	m := a.m
	tool := m.dims[m.dTool]
	minterms := func(s string) []int {
		ms := []int{}
		for _, r := range s {
			ms = append(ms, tool.a.Minterm(r))
		}
		return ms
	}
	var toolWords [][]int
	for _, tp := range a.t.Tools {
		ms := minterms(tp.Tool)
		if s, ok := tool.a.Exact(ms); ok && s == tp.Tool {
			toolWords = append(toolWords, ms)
			if tp.Tool == "Agent" {
				toolWords = append(toolWords, minterms("Task"))
			}
		}
	}
	for _, r := range m.rules {
		if r.cmd || r.err != nil {
			continue
		}
		ws, ok := tool.dfa(r.box[m.dTool]).Finite(64)
		if ok {
			toolWords = append(toolWords, ws...)
		}
	}
	slices.SortFunc(toolWords, slices.Compare)
	toolWords = slices.CompactFunc(toolWords, slices.Equal)
	var tools []cellKey
	for _, w := range toolWords {
		tools = append(tools, cellKey{tool.a.String(w), tool.a.Seq(w...)})
	}
	return tools
}

// A cellKey is the label and the set of names of a cell.
type cellKey struct {
	label string
	set   *automata.DFA
}

// split adds the cells of a space: one per literal of dimension di, and
// one for the rest. shape, if not nil, restricts the paths of a cell.
func (a *analysis) split(sp space, u box, di int, lits []cellKey, shape func(names []string, other, targets bool) (*automata.DFA, error)) error {
	d := a.m.dims[di]
	rest := u[di]
	var names []string
	for _, key := range lits {
		lt := d.intern(key.set)
		t, err := d.inter(rest, lt)
		if err != nil {
			return err
		}
		if d.isEmpty(t) {
			continue
		}
		if rest, err = d.diff(rest, lt); err != nil {
			return err
		}
		c := &cell{space: sp, label: key.label, univ: slices.Clone(u), targets: -1}
		c.univ[di] = t
		names = append(names, c.label)
		a.cells = append(a.cells, c)
	}
	if !d.isEmpty(rest) {
		c := &cell{space: sp, other: true, univ: slices.Clone(u), targets: -1}
		c.univ[di] = rest
		a.cells = append(a.cells, c)
	}
	if sp == cmdSpace {
		for _, c := range a.cells {
			if c.space != cmdSpace {
				continue
			}
			if err := a.restrictLine(c); err != nil {
				return err
			}
			if c.other {
				continue
			}
			var ms []int
			for _, r := range c.label {
				ms = append(ms, d.a.Minterm(r))
			}
			if name, ok := d.a.Exact(ms); ok && name == c.label && a.oneKnowledge(name) {
				if err := a.restrictFlags(c, name); err != nil {
					return err
				}
			}
		}
	}
	if shape != nil {
		p := a.m.dims[a.m.dPaths]
		for _, c := range a.cells {
			if c.space != sp {
				continue
			}
			ns := names
			if !c.other {
				ns = []string{c.label}
			}
			x, err := shape(ns, c.other, false)
			if err != nil {
				return err
			}
			y, err := shape(ns, c.other, true)
			if err != nil {
				return err
			}
			u := c.univ[a.m.dPaths]
			if c.univ[a.m.dPaths], err = p.inter(u, p.intern(x)); err != nil {
				return err
			}
			if c.targets, err = p.inter(u, p.intern(y)); err != nil {
				return err
			}
		}
	}
	return nil
}

// restrictLine restricts the line of a command cell: it starts with one
// of the cell's programs, then a space or nothing.
func (a *analysis) restrictLine(c *cell) error {
	m := a.m
	d := m.dims[m.dLine]
	text, err := m.programText(c.univ[m.dProgram])
	if err != nil {
		return err
	}
	prog, err := automata.Translate(text, d.a)
	if err != nil {
		return err
	}
	more, err := automata.Concat(d.a.Seq(d.a.Minterm(' ')), d.text, m.budget)
	if err != nil {
		return err
	}
	rest, err := automata.Union(d.a.Seq(), more, m.budget)
	if err != nil {
		return err
	}
	x, err := automata.Concat(prog, rest, m.budget)
	if err != nil {
		return err
	}
	x = automata.Prepend(x, d.sym(symS), d.sym(symG))
	c.univ[m.dLine], err = d.inter(c.univ[m.dLine], d.intern(x))
	return err
}

// oneKnowledge reports whether every case variant of the lower-case name
// has the command knowledge of name: no other variant has its own.
func (a *analysis) oneKnowledge(name string) bool {
	for _, c := range a.t.Commands {
		if c.Name != name && strings.ToLower(c.Name) == name {
			return false
		}
	}
	return true
}

// restrictFlags restricts the options of a program's cell to those the
// runtime can record for it: unless its command knowledge says noSplit,
// a static option is a single letter after - or +, a long option after
// --, or a number (head -5); -rf is -r and -f, and -var is -v, -a, -r.
// Globs and dynamic words are kept whole.
func (a *analysis) restrictFlags(c *cell, program string) error {
	k := a.t.Command(program)
	if k != nil && (k.NoSplit || k.Wrapper == runtime.WrapFind) {
		return nil
	}
	m := a.m
	d := m.dims[m.dFlags]
	static, err := d.compile(reSplitFlag)
	if err != nil {
		return err
	}
	glob, err := d.compile(reGlobText)
	if err != nil {
		return err
	}
	flag, err := d.compile(reFlag)
	if err != nil {
		return err
	}
	if glob, err = automata.Intersect(glob, flag, m.budget); err != nil {
		return err
	}
	elem, err := unionAll(d.a, []*automata.DFA{
		automata.Prepend(static, d.sym(symS)),
		automata.Prepend(glob, d.sym(symG)),
		d.a.Seq(d.sym(symD)),
	}, m.budget)
	if err != nil {
		return err
	}
	c.univ[m.dFlags], err = d.inter(c.univ[m.dFlags], d.intern(automata.ListAll(elem, d.sym(symSep))))
	return err
}

// pathShape returns the lists of paths a tool call can have: for a
// literal tool, those of its path fields (design.md: tools), each a path
// (a glob for glob fields) or, for a value that is not a string, a dynamic
// path; for the other tools, those of every tool with path fields that is
// not named. With targets, it also lets a path be followed by its symlink
// target, a second possible value (design.md 16): the lists may then be
// of any length, which costs more to analyse; vet uses that shape to check
// the universal claims it makes with the first.
func (a *analysis) pathShape(names []string, other, targets bool) (*automata.DFA, error) {
	d := a.m.dims[a.m.dPaths]
	sh, err := newPathShaper(d, a.m.budget)
	if err != nil {
		return nil, err
	}
	if !other {
		tp := a.toolPaths(names[0])
		if tp == nil {
			return d.a.Seq(), nil
		}
		x, err := sh.shapeOf(tp)
		if err != nil {
			return nil, err
		}
		return sh.finish(x, targets)
	}
	x := d.a.Seq()
	for i := range a.t.Tools {
		tp := &a.t.Tools[i]
		if slices.Contains(names, tp.Tool) && (tp.Tool != "Agent" || slices.Contains(names, "Task")) {
			continue
		}
		y, err := sh.shapeOf(tp)
		if err != nil {
			return nil, err
		}
		if x, err = automata.Union(x, y, a.m.budget); err != nil {
			return nil, err
		}
	}
	return sh.finish(x, targets)
}

// toolPaths returns the path fields of the tool name (Task is the old
// name of Agent), or nil.
func (a *analysis) toolPaths(name string) *runtime.ToolPaths {
	if name == "Task" {
		name = "Agent"
	}
	for i := range a.t.Tools {
		if a.t.Tools[i].Tool == name {
			return &a.t.Tools[i]
		}
	}
	return nil
}

// A pathShaper builds the shapes of pathShape over the path dimension.
type pathShaper struct {
	d      *dim
	budget int
	clean  *automata.DFA // a clean absolute path
	one    *automata.DFA // a clean path and its separator
	dyn    *automata.DFA // a dynamic path and its separator
	sep    int
	loose  *automata.DFA // with targets: the elements a list may hold
}

func newPathShaper(d *dim, budget int) (*pathShaper, error) {
	clean, err := d.compile(reCleanAbs)
	if err != nil {
		return nil, err
	}
	sep := d.sym(symSep)
	one, err := automata.Concat(clean, d.a.Seq(sep), budget)
	if err != nil {
		return nil, err
	}
	return &pathShaper{d: d, budget: budget, clean: clean, one: one, sep: sep,
		dyn: d.a.Seq(d.sym(symD), sep), loose: d.a.Empty()}, nil
}

// elem returns one element read or written (rw), static or a glob (kind),
// or dynamic, with its separator.
func (sh *pathShaper) elem(rw, kind int) *automata.DFA {
	x, _ := automata.Union(automata.Prepend(sh.one, sh.d.sym(kind)), sh.dyn, sh.budget)
	return automata.Prepend(x, sh.d.sym(rw))
}

// shapeOf returns the lists of paths of a call of the tool tp: one
// element, or none, per path field, in the order of its fields. It adds
// the elements to the loose shape.
func (sh *pathShaper) shapeOf(tp *runtime.ToolPaths) (*automata.DFA, error) {
	d := sh.d
	x := d.a.Seq()
	var parts []*automata.DFA
	for range tp.Reads {
		parts = append(parts, sh.elem(symR, symS))
	}
	for range tp.Writes {
		parts = append(parts, sh.elem(symW, symS))
	}
	for range tp.Globs {
		parts = append(parts, sh.elem(symR, symG))
	}
	for _, p := range parts {
		opt, err := automata.Union(p, d.a.Seq(), sh.budget)
		if err != nil {
			return nil, err
		}
		if x, err = automata.Concat(x, opt, sh.budget); err != nil {
			return nil, err
		}
		// One element of p, without its separator, for the loose
		// shape.
		if sh.loose, err = automata.Union(sh.loose, p, sh.budget); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// finish returns x, or with targets, the lists of the loose shape's
// elements in any number.
func (sh *pathShaper) finish(x *automata.DFA, targets bool) (*automata.DFA, error) {
	if !targets {
		return x, nil
	}
	d := sh.d
	// Lists of the elements, in any number: ListAll wants elements
	// without their separator.
	elemNoSep := d.a.Empty()
	for _, rw := range []int{symR, symW} {
		for _, kind := range []int{symS, symG} {
			e, err := automata.Intersect(sh.loose, sh.elem(rw, kind), sh.budget)
			if err != nil {
				return nil, err
			}
			if e.IsEmpty() {
				continue
			}
			y, err := automata.Union(automata.Prepend(automata.Prepend(sh.clean, d.sym(kind)), d.sym(rw)), d.a.Seq(d.sym(rw), d.sym(symD)), sh.budget)
			if err != nil {
				return nil, err
			}
			if elemNoSep, err = automata.Union(elemNoSep, y, sh.budget); err != nil {
				return nil, err
			}
		}
	}
	return automata.ListAll(elemNoSep, sh.sep), nil
}

// reachCell computes, for each rule of the cell in order, the units it
// decides: its box less the boxes of the earlier rules.
func (a *analysis) reachCell(c *cell) {
	for ri := range a.m.rules {
		a.addToCell(c, ri)
	}
	for j := range c.rules {
		if !c.opaque[j] {
			c.reach[j], c.takers[j], c.failed[j] = a.reachRule(c, j)
		}
	}
}

// addToCell adds rule ri to the cell c when its box meets the cell: its
// box there, and the dimensions it constrains. A rule whose box could not
// be restricted to the cell is kept unrestricted and opaque.
func (a *analysis) addToCell(c *cell, ri int) {
	m := a.m
	r := m.rules[ri]
	if r.void >= 0 && r.err == nil || r.floor {
		return
	}
	if c.space == toolSpace && r.cmd {
		return
	}
	b := make(box, len(r.box))
	err := r.err
	for i := range b {
		var e error
		if b[i], e = m.dims[i].inter(r.box[i], c.univ[i]); e != nil {
			// Keep the box unrestricted: an over-approximation.
			copy(b, r.box)
			err = e
			break
		}
		if m.dims[i].isEmpty(b[i]) {
			return
		}
	}
	if err == nil && a.judgesWords(c, ri) {
		// The runtime's allow takes only the units whose words stay
		// in the project (design.md 403, 404).
		for _, di := range m.wordDims() {
			in, e := m.inProjectWords(di)
			if e == nil {
				b[di], e = m.dims[di].inter(b[di], in)
			}
			if e != nil {
				copy(b, r.box)
				err = e
				break
			}
			if m.dims[di].isEmpty(b[di]) {
				return
			}
		}
	}
	var cons []int
	for i := range b {
		if b[i] != c.univ[i] {
			cons = append(cons, i)
		}
	}
	c.rules = append(c.rules, ri)
	c.boxes = append(c.boxes, b)
	c.cons = append(c.cons, cons)
	c.reach = append(c.reach, nil)
	c.takers = append(c.takers, nil)
	c.failed = append(c.failed, err)
	c.opaque = append(c.opaque, err != nil)
}

// judgesWords reports whether the runtime's allow of rule ri takes in
// cell c only the units whose words stay in the project: ri is an allow
// rule about commands, and c the cell of a program the runtime judges
// the words of (runtime.Table.JudgesWords). In the cell of the other
// programs, which holds programs hookc knows too, the box is kept whole:
// an over-approximation (design.md 404).
func (a *analysis) judgesWords(c *cell, ri int) bool {
	return c.space == cmdSpace && !c.other && a.m.rules[ri].cmd &&
		a.t.Rules[ri].Decision == runtime.Allow && a.t.Rules[ri].Floor == 0 && a.t.JudgesWords(c.label)
}

// reachRule returns the region the j-th rule of the cell decides: its box
// less the boxes of the earlier rules, the rules that took some of it,
// and why the region is not known exactly, or nil.
func (a *analysis) reachRule(c *cell, j int) ([]box, []int, error) {
	region := []box{c.boxes[j]}
	var takers []int
	var err, blocked error
	for i := 0; i < j && len(region) > 0; i++ {
		var ok bool
		if ok, err = a.meetBoxes(c.boxes[i], c.boxes[j], c.cons[i], c.cons[j]); err != nil {
			break
		}
		if !ok {
			continue
		}
		if c.opaque[i] {
			// A rule that could not be modelled may take units: if
			// any are left, whether it takes them is not known.
			if blocked == nil {
				blocked = fmt.Errorf("rule %q, which meets it, was not analysed: %w", a.t.Rules[c.rules[i]].Name, c.failed[i])
			}
			continue
		}
		var changed bool
		if region, changed, err = a.subtract(region, c.boxes[i], c.cons[i]); err != nil {
			break
		}
		if changed {
			takers = append(takers, c.rules[i])
		}
		if len(region) > a.maxBoxes {
			err = fmt.Errorf("its region grew beyond %d boxes", a.maxBoxes)
			break
		}
		if time.Now().After(a.deadline) {
			err = fmt.Errorf("the analysis ran out of time")
			break
		}
	}
	if err == nil && len(region) > 0 {
		err = blocked
	}
	return region, takers, err
}

// meetBoxes reports whether two boxes of one cell intersect; cx and cy are
// the dimensions they constrain.
func (a *analysis) meetBoxes(x, y box, cx, cy []int) (bool, error) {
	// Only dimensions both constrain can be disjoint.
	for _, i := range cx {
		if !slices.Contains(cy, i) {
			continue
		}
		ok, err := a.m.dims[i].meet(x[i], y[i])
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// meet reports whether two boxes intersect.
func (a *analysis) meet(x, y box) (bool, error) {
	for i := range x {
		if x[i] == y[i] {
			continue
		}
		ok, err := a.m.dims[i].meet(x[i], y[i])
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// intersect returns the intersection of two boxes, and false if it is
// empty.
func (a *analysis) intersect(x, y box) (box, bool, error) {
	out := make(box, len(x))
	for i := range x {
		t, err := a.m.dims[i].inter(x[i], y[i])
		if err != nil {
			return nil, false, err
		}
		if a.m.dims[i].isEmpty(t) {
			return nil, false, nil
		}
		out[i] = t
	}
	return out, true, nil
}

// subsetBox reports whether box x is a subset of box y.
func (a *analysis) subsetBox(x, y box) (bool, error) {
	for i := range x {
		ok, err := a.m.dims[i].subset(x[i], y[i])
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// subtract removes box y (constraining the dimensions cy) from a region of
// disjoint boxes, splitting each box it meets into disjoint pieces.
func (a *analysis) subtract(region []box, y box, cy []int) ([]box, bool, error) {
	var out []box
	changed := false
	for _, b := range region {
		ok, err := a.meet(b, y)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			out = append(out, b)
			continue
		}
		changed = true
		cur := slices.Clone(b)
		for n, i := range cy {
			d := a.m.dims[i]
			if cur[i] == y[i] {
				continue
			}
			dif, err := d.diff(cur[i], y[i])
			if err != nil {
				return nil, false, err
			}
			if !d.isEmpty(dif) {
				piece := slices.Clone(cur)
				piece[i] = dif
				out = append(out, piece)
			}
			if n == len(cy)-1 {
				break // what is left is b ∩ y, removed
			}
			if cur[i], err = d.inter(cur[i], y[i]); err != nil {
				return nil, false, err
			}
		}
	}
	return out, changed, nil
}
