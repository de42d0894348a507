package runtime

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"hookc.dev/hookc/runtime/pack"
)

// PackedRules holds a table's rules in an encoding without pointers: one
// string and an array of offsets, which the linker places in read-only data.
//
// At start-up the Go runtime builds a pointer mask over a program's
// initialised data, in time proportional to its size, and rules as Go
// literals are pointer-rich: the guard's 142 took 200 KB of it, 105,000
// instructions of every call. Packed rules add nothing to it; a call
// decodes only the rules it reaches, once, and of each only the
// conditions and matcher fields it has (design.md 456).
type PackedRules struct {
	N    int      // the number of rules
	Data string   // the rules, encoded by PackRules
	Offs []uint32 // Offs[i] is where rule i starts in Data

	mu    sync.Mutex // guards slabs
	slabs *packSlabs
}

// PackRules encodes rules.
func PackRules(rules []Rule) *PackedRules {
	z := zeroConds()
	w := packWriter{zero: &z}
	p := &PackedRules{N: len(rules)}
	for i := range rules {
		p.Offs = append(p.Offs, uint32(w.Len()))
		w.rule(&rules[i])
	}
	p.Data = w.String()
	return p
}

// The encoding is package pack's.
type packWriter struct {
	pack.Writer
	zero *[len(Conds)]string // zeroConds
}

// rule writes r: its texts and the rest of what it does, then its
// conditions in the order of Conds (design.md 210).
func (w *packWriter) rule(r *Rule) {
	w.Str(r.Name)
	w.Str(r.Pos)
	w.Num(uint64(r.Decision))
	w.Str(r.Reason)
	// What else a rule may say, after whether it says any of it: most
	// rules say none, and a decoding then reads no more of it.
	more := r.Message != "" || r.Context != "" || r.ContextFiles != nil || r.Stop || r.StopReason != "" ||
		r.Floor != 0 || r.Effects != 0 || r.RemoveContextFiles || r.SaveFile != "" || r.SaveFields != nil
	w.Bool(more)
	if more {
		w.Str(r.Message)
		w.Str(r.Context)
		w.Count(len(r.ContextFiles), r.ContextFiles == nil)
		for _, f := range r.ContextFiles {
			w.Str(f)
		}
		w.Bool(r.Stop)
		w.Str(r.StopReason)
		w.Num(uint64(r.Floor))
		w.Num(uint64(r.Effects))
		w.Bool(r.RemoveContextFiles)
		w.Str(r.SaveFile)
		w.Count(len(r.SaveFields), r.SaveFields == nil)
		for _, f := range r.SaveFields {
			w.Str(f)
		}
	}
	w.conds(r)
}

// conds writes r's conditions.
func (w *packWriter) conds(r *Rule) {
	// The conditions the rule has, a bit each in the order of Conds, then
	// their values: a rule has a few of the conditions, and a decoding
	// reads only those (the rest stay zero).
	var has uint64
	var vals packWriter
	for i := range Conds {
		var c packWriter
		c.cond(Conds[i].Value(r))
		if v := c.String(); v != "" && v != w.zero[i] {
			has |= 1 << i
			vals.Raw(v)
		}
	}
	w.Num(has)
	w.Raw(vals.String())
}

// zeroConds returns the encodings of each condition's zero value, which a
// packed rule leaves out: a part of the command condition (Cond.Cmd) is
// zero in a rule whose command condition is.
func zeroConds() (z [len(Conds)]string) {
	for i := range Conds {
		r := Rule{}
		if Conds[i].Cmd {
			r.Cmd = new(CmdCond)
		}
		var c packWriter
		c.cond(Conds[i].Value(&r))
		z[i] = c.String()
	}
	return z
}

// A rule's conditions are the bits of a number (packWriter.rule).
var _ [64 - len(Conds)]struct{}

// cond writes the value of one condition (Cond.Value).
func (w *packWriter) cond(v any) {
	switch v := v.(type) {
	case *Str:
		w.matcher(v)
	case *List:
		w.list(v)
	case *[]Field:
		w.fields(*v)
	case *[]EnvCond:
		w.Count(len(*v), *v == nil)
		for i := range *v {
			e := &(*v)[i]
			w.Str(e.Name)
			w.matcher(&e.Value)
			w.Bool(e.Unset)
		}
	case *AgentKind:
		w.Num(uint64(*v))
	case *[]PathCheck:
		w.Count(len(*v), *v == nil)
		for _, pc := range *v {
			w.Str(pc.Path)
			w.Bool(pc.Missing)
		}
	case *OnDisk:
		w.Num(uint64(*v))
	case **CmdCond:
		w.Bool(*v != nil)
	}
}

func (w *packWriter) fields(fs []Field) {
	w.Count(len(fs), fs == nil)
	for i := range fs {
		f := &fs[i]
		w.Str(f.Path)
		w.Num(uint64(f.Kind))
		w.matcher(&f.Str)
		w.Bool(f.Not)
	}
}

// The fields a matcher has, bits after its Op in the number that starts
// it: a matcher has two or three of them, and a decoding reads only those.
const (
	strHasS = 1 << (4 + iota)
	strHasRe
	strHasFold
	strHasSubs
	strHasDFA
	strHasLazy
)

func (w *packWriter) matcher(s *Str) {
	head := uint64(s.Op)
	for _, f := range [...]struct {
		has bool
		bit uint64
	}{{s.S != "", strHasS}, {s.Re != 0, strHasRe}, {s.Fold, strHasFold}, {s.Subs != nil, strHasSubs}, {s.DFA != 0, strHasDFA}, {s.Lazy != 0, strHasLazy}} {
		if f.has {
			head |= f.bit
		}
	}
	w.Num(head)
	if s.S != "" {
		w.Str(s.S)
	}
	if s.Re != 0 {
		w.Int(int64(s.Re))
	}
	if s.Subs != nil {
		w.Num(uint64(len(s.Subs)))
		for i := range s.Subs {
			w.matcher(&s.Subs[i])
		}
	}
	if s.DFA != 0 {
		w.Int(int64(s.DFA))
	}
	if s.Lazy != 0 {
		w.Int(int64(s.Lazy))
	}
}

func (w *packWriter) list(l *List) {
	w.Count(len(l.Conds), l.Conds == nil)
	for i := range l.Conds {
		c := &l.Conds[i]
		w.Num(uint64(c.Q))
		w.matcher(&c.Elem)
		w.Count(len(c.Prefix), c.Prefix == nil)
		for j := range c.Prefix {
			w.matcher(&c.Prefix[j])
		}
	}
}

type packReader struct {
	pack.Reader
	s *packSlabs // nil: each value allocated alone
}

// strs returns n zero matchers.
func (r *packReader) strs(n int) []Str {
	if r.s == nil {
		return make([]Str, n)
	}
	return r.s.strs.take(n)
}

func (r *packReader) rule(x *Rule) {
	x.Name = r.Str()
	x.Pos = r.Str()
	x.Decision = Decision(r.Num())
	x.Reason = r.Str()
	if r.Bool() {
		r.more(x)
	}
	for has := r.Num(); has != 0; has &= has - 1 {
		r.cond(Conds[bits.TrailingZeros64(has)].Value(x))
	}
}

// more reads what else x says (packWriter.rule).
func (r *packReader) more(x *Rule) {
	x.Message = r.Str()
	x.Context = r.Str()
	if n, isNil := r.Count(); !isNil {
		x.ContextFiles = r.s.strings.take(n)
		for i := range x.ContextFiles {
			x.ContextFiles[i] = r.Str()
		}
	}
	x.Stop = r.Bool()
	x.StopReason = r.Str()
	x.Floor = FloorKind(r.Num())
	x.Effects = FloorKind(r.Num())
	x.RemoveContextFiles = r.Bool()
	x.SaveFile = r.Str()
	if n, isNil := r.Count(); !isNil {
		x.SaveFields = r.s.strings.take(n)
		for i := range x.SaveFields {
			x.SaveFields[i] = r.Str()
		}
	}
}

// cond reads the value of one condition into v (Cond.Value).
func (r *packReader) cond(v any) {
	switch v := v.(type) {
	case *Str:
		r.matcher(v)
	case *List:
		r.list(v)
	case *[]Field:
		*v = r.fields()
	case *[]EnvCond:
		if n, isNil := r.Count(); !isNil {
			*v = r.s.envs.take(n)
			for i := range *v {
				e := &(*v)[i]
				e.Name = r.Str()
				r.matcher(&e.Value)
				e.Unset = r.Bool()
			}
		}
	case *AgentKind:
		*v = AgentKind(r.Num())
	case *[]PathCheck:
		if n, isNil := r.Count(); !isNil {
			*v = r.s.checks.take(n)
			for i := range *v {
				(*v)[i].Path = r.Str()
				(*v)[i].Missing = r.Bool()
			}
		}
	case *OnDisk:
		*v = OnDisk(r.Num())
	case **CmdCond:
		if r.Bool() {
			*v = &r.s.cmds.take(1)[0]
		}
	}
}

func (r *packReader) fields() []Field {
	n, isNil := r.Count()
	if isNil {
		return nil
	}
	fs := r.s.fields.take(n)
	for i := range fs {
		f := &fs[i]
		f.Path = r.Str()
		f.Kind = FieldKind(r.Num())
		r.matcher(&f.Str)
		f.Not = r.Bool()
	}
	return fs
}

func (r *packReader) matcher(s *Str) {
	head := r.Num()
	s.Op = StrOp(head & 15)
	if head&strHasS != 0 {
		s.S = r.Str()
	}
	if head&strHasRe != 0 {
		s.Re = int32(r.Int())
	}
	s.Fold = head&strHasFold != 0
	if head&strHasSubs != 0 {
		s.Subs = r.strs(int(r.Num()))
		for i := range s.Subs {
			r.matcher(&s.Subs[i])
		}
	}
	if head&strHasDFA != 0 {
		s.DFA = int32(r.Int())
	}
	if head&strHasLazy != 0 {
		s.Lazy = int32(r.Int())
	}
}

func (r *packReader) list(l *List) {
	if n, isNil := r.Count(); !isNil {
		l.Conds = r.s.lists.take(n)
		for i := range l.Conds {
			c := &l.Conds[i]
			c.Q = Quant(r.Num())
			r.matcher(&c.Elem)
			if m, isNil := r.Count(); !isNil {
				c.Prefix = r.strs(m)
				for j := range c.Prefix {
					r.matcher(&c.Prefix[j])
				}
			}
		}
	}
}

// Rule decodes rule i.
func (p *PackedRules) Rule(i int) *Rule {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.slabs == nil {
		p.slabs = new(packSlabs)
	}
	r := packReader{pack.Reader{D: p.Data, I: int(p.Offs[i])}, p.slabs}
	x := &p.slabs.rules.take(1)[0]
	r.rule(x)
	return x
}

// packSlabs hold the values of the rules a process decodes. A hook lives
// for one call, and its heap is new: each size of allocation it makes
// costs a span, and decoding a rule value by value made a hundred
// allocations of a dozen sizes for git status (design.md 456).
type packSlabs struct {
	rules   slab[Rule]
	cmds    slab[CmdCond]
	strs    slab[Str]
	lists   slab[ListCond]
	fields  slab[Field]
	envs    slab[EnvCond]
	checks  slab[PathCheck]
	strings slab[string]
}

// A slab hands out slices of one array, a new one of about 4 KB when
// the last is used up.
type slab[T any] struct{ free []T }

// take returns a slice of n zero values, not nil.
func (s *slab[T]) take(n int) []T {
	if s.free == nil || n > len(s.free) {
		var zero T
		s.free = make([]T, max(n, 4096/int(unsafe.Sizeof(zero))))
	}
	v := s.free[:n:n]
	s.free = s.free[n:]
	return v
}

// AllRules returns t's rules, decoded where they are packed: for tools
// that go over every rule, which a hook never does.
func (t *Table) AllRules() []Rule {
	if t.Packed == nil || t.Rules != nil {
		return t.Rules
	}
	rules := make([]Rule, t.Packed.N)
	for i := range rules {
		rules[i] = *t.Packed.Rule(i)
	}
	return rules
}

// numRules is the number of t's rules.
func (t *Table) numRules() int {
	if t.Packed != nil && t.Rules == nil {
		return t.Packed.N
	}
	return len(t.Rules)
}

// rule returns t's rule i, decoding it from Packed on first use.
func (t *Table) rule(i int) *Rule {
	if t.Packed == nil || t.Rules != nil {
		return &t.Rules[i]
	}
	return t.unpack(t.unpackPages(), i)
}

// rule is t.rule with the table's decoded rules looked up once a call.
func (e *evaluator) rule(i int) *Rule {
	t := e.t
	if t.Packed == nil || t.Rules != nil {
		return &t.Rules[i]
	}
	if e.unpacked == nil {
		e.unpacked = t.unpackPages()
	}
	return t.unpack(e.unpacked, i)
}

type unpackPages = []atomic.Pointer[[unpackPage]atomic.Pointer[Rule]]

// unpackPages returns the pages of t's decoded rules.
func (t *Table) unpackPages() unpackPages {
	v, ok := unpacked.Load(t)
	if !ok {
		v, _ = unpacked.LoadOrStore(t, make(unpackPages, (t.Packed.N+unpackPage-1)/unpackPage))
	}
	return v.(unpackPages)
}

// unpack returns rule i from pages, decoding it on first use.
func (t *Table) unpack(pages unpackPages, i int) *Rule {
	pg := pages[i/unpackPage].Load()
	if pg == nil {
		pages[i/unpackPage].CompareAndSwap(nil, new([unpackPage]atomic.Pointer[Rule]))
		pg = pages[i/unpackPage].Load()
	}
	if r := pg[i%unpackPage].Load(); r != nil {
		return r
	}
	pg[i%unpackPage].CompareAndSwap(nil, t.Packed.Rule(i))
	return pg[i%unpackPage].Load()
}

// unpackPage is how many decoded rules share a page of pointers.
const unpackPage = 64

// unpacked holds the rules decoded, per table: *Table to pages of
// pointers, allocated as calls reach them.
var unpacked sync.Map

// DeferSubs takes the parts of the matchers of rules that automata decide
// (Str.DFA) out of the rules: it encodes them into the string it returns,
// for Table.LazySubs, and sets the matchers' Lazy. What stays in Subs is
// what a call needs when the automata answer: nothing for a matcher one
// automaton decides, and for an any-of with a part list the parts no
// automaton covers. A hook then decodes a matcher's parts only for a word
// the automata cannot decide (dynamic, a glob, a place not known), and
// its start-up does not pay for them (design.md 381). dfas is Table.DFAs.
// The rules' conditions must be the caller's own (CloneConds); the parts
// below them are copied where changed.
func DeferSubs(rules []Rule, dfas string) string {
	t := &Table{DFAs: dfas}
	var w packWriter
	var visit func(s *Str)
	visit = func(s *Str) {
		if len(s.Subs) == 0 {
			return
		}
		var keep []Str
		if s.DFA > 0 {
			v := uint64(t.vague(s, true)) | uint64(t.vague(s, false))<<2
			s.Lazy = int32(w.Len()) + 1
			w.Num(v)
			w.Count(len(s.Subs), false)
			for i := range s.Subs {
				w.matcher(&s.Subs[i])
			}
			if parts, ok := t.dfaParts(int(s.DFA) - 1); ok {
				var covered uint64
				for ; parts != ""; parts = parts[12:] {
					covered |= uint64(le32(parts, 4)) | uint64(le32(parts, 8))<<32
				}
				keep = []Str{}
				for i := range s.Subs {
					if i >= 64 || covered&(1<<i) == 0 {
						keep = append(keep, s.Subs[i])
					}
				}
			}
		} else {
			keep = slices.Clone(s.Subs)
		}
		s.Subs = keep
		for i := range s.Subs {
			visit(&s.Subs[i])
		}
	}
	for i := range rules {
		WalkMatchers(&rules[i], func(_ *Cond, _ string, s *Str) { visit(s) })
	}
	return w.String()
}

// subs returns the parts of s: Subs, or all those t keeps encoded
// (DeferSubs), decoded.
func (t *Table) subs(s *Str) []Str {
	if s.Lazy == 0 {
		return s.Subs
	}
	r := packReader{pack.Reader{D: t.LazySubs, I: int(s.Lazy) - 1}, nil}
	r.Num() // vague's answers
	n, _ := r.Count()
	subs := make([]Str, n)
	for i := range subs {
		r.matcher(&subs[i])
	}
	return subs
}

// subs is t.subs with what a call decodes kept for the rest of it.
func (e *evaluator) subs(s *Str) []Str {
	if s.Lazy == 0 {
		return s.Subs
	}
	if subs, ok := e.lazy[s.Lazy]; ok {
		return subs
	}
	if e.lazy == nil {
		e.lazy = make(map[int32][]Str)
	}
	subs := e.t.subs(s)
	e.lazy[s.Lazy] = subs
	return subs
}

// vague is what s answers for a word whose value is not certain: a
// dynamic word, or a glob an allow rule is not sure of (matcher.str). It
// depends on s alone: the table keeps it for matchers whose parts it
// keeps encoded (DeferSubs), which are then not decoded for it.
func (t *Table) vague(s *Str, dynamic bool) tri {
	switch s.Op {
	case StrAny:
		return yes
	case StrNone:
		return no
	case StrDynamic:
		return triOf(dynamic)
	case StrOr:
		if s.Lazy != 0 {
			return t.vagueKept(s, dynamic)
		}
		r := no
		for i := range s.Subs {
			if r = or(r, t.vague(&s.Subs[i], dynamic)); r == yes {
				break
			}
		}
		return r
	case StrNot:
		if s.Lazy != 0 {
			return t.vagueKept(s, dynamic)
		}
		return not(t.vague(&s.Subs[0], dynamic))
	}
	return maybe
}

// vagueKept returns vague's answer that DeferSubs kept for s.
func (t *Table) vagueKept(s *Str, dynamic bool) tri {
	r := pack.Reader{D: t.LazySubs, I: int(s.Lazy) - 1}
	v := r.Num()
	if !dynamic {
		v >>= 2
	}
	return tri(v & 3)
}
