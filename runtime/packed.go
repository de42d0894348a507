package runtime

import (
	"slices"
	"sync"
	"sync/atomic"

	"hookc.dev/hookc/runtime/pack"
)

// PackedRules holds a table's rules in an encoding without pointers: one
// string and an array of offsets, which the linker places in read-only data.
//
// It exists for large policies. At start-up the Go runtime builds a pointer
// mask over a program's initialised data, in time proportional to its size,
// and generated rules are pointer-rich: for thousands of rules that mask
// alone costs a tenth of a hook's start-up. Packed rules add nothing to it;
// a call decodes only the rules it reaches, once.
type PackedRules struct {
	N    int      // the number of rules
	Data string   // the rules, encoded by PackRules
	Offs []uint32 // Offs[i] is where rule i starts in Data
}

// PackRules encodes rules.
func PackRules(rules []Rule) *PackedRules {
	var w packWriter
	p := &PackedRules{N: len(rules)}
	for i := range rules {
		p.Offs = append(p.Offs, uint32(w.Len()))
		w.rule(&rules[i])
	}
	p.Data = w.String()
	return p
}

// The encoding is package pack's.
type packWriter struct{ pack.Writer }

// rule writes r: its texts and the rest of what it does, then its
// conditions in the order of Conds (design.md 210).
func (w *packWriter) rule(r *Rule) {
	w.Str(r.Name)
	w.Str(r.Pos)
	w.Num(uint64(r.Decision))
	w.Str(r.Reason)
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
	for i := range Conds {
		w.cond(Conds[i].Value(r))
	}
}

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

func (w *packWriter) matcher(s *Str) {
	w.Num(uint64(s.Op))
	w.Str(s.S)
	w.Int(int64(s.Re))
	w.Bool(s.Fold)
	w.Count(len(s.Subs), s.Subs == nil)
	for i := range s.Subs {
		w.matcher(&s.Subs[i])
	}
	w.Int(int64(s.DFA))
	w.Int(int64(s.Lazy))
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

type packReader struct{ pack.Reader }

func (r *packReader) rule(x *Rule) {
	x.Name = r.Str()
	x.Pos = r.Str()
	x.Decision = Decision(r.Num())
	x.Reason = r.Str()
	x.Message = r.Str()
	x.Context = r.Str()
	if n, isNil := r.Count(); !isNil {
		x.ContextFiles = make([]string, n)
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
		x.SaveFields = make([]string, n)
		for i := range x.SaveFields {
			x.SaveFields[i] = r.Str()
		}
	}
	for i := range Conds {
		r.cond(Conds[i].Value(x))
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
			*v = make([]EnvCond, n)
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
			*v = make([]PathCheck, n)
			for i := range *v {
				(*v)[i].Path = r.Str()
				(*v)[i].Missing = r.Bool()
			}
		}
	case *OnDisk:
		*v = OnDisk(r.Num())
	case **CmdCond:
		if r.Bool() {
			*v = new(CmdCond)
		}
	}
}

func (r *packReader) fields() []Field {
	n, isNil := r.Count()
	if isNil {
		return nil
	}
	fs := make([]Field, n)
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
	s.Op = StrOp(r.Num())
	s.S = r.Str()
	s.Re = int32(r.Int())
	s.Fold = r.Bool()
	if n, isNil := r.Count(); !isNil {
		s.Subs = make([]Str, n)
		for i := range s.Subs {
			r.matcher(&s.Subs[i])
		}
	}
	s.DFA = int32(r.Int())
	s.Lazy = int32(r.Int())
}

func (r *packReader) list(l *List) {
	if n, isNil := r.Count(); !isNil {
		l.Conds = make([]ListCond, n)
		for i := range l.Conds {
			c := &l.Conds[i]
			c.Q = Quant(r.Num())
			r.matcher(&c.Elem)
			if m, isNil := r.Count(); !isNil {
				c.Prefix = make([]Str, m)
				for j := range c.Prefix {
					r.matcher(&c.Prefix[j])
				}
			}
		}
	}
}

// Rule decodes rule i.
func (p *PackedRules) Rule(i int) *Rule {
	r := packReader{pack.Reader{D: p.Data, I: int(p.Offs[i])}}
	x := new(Rule)
	r.rule(x)
	return x
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
	r := packReader{pack.Reader{D: t.LazySubs, I: int(s.Lazy) - 1}}
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
	r := packReader{pack.Reader{D: t.LazySubs, I: int(s.Lazy) - 1}}
	v := r.Num()
	if !dynamic {
		v >>= 2
	}
	return tri(v & 3)
}
