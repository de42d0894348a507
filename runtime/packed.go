package runtime

import (
	"strings"
	"sync"
	"sync/atomic"
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
		p.Offs = append(p.Offs, uint32(w.b.Len()))
		w.rule(&rules[i])
	}
	p.Data = w.b.String()
	return p
}

// The encoding: every number (lengths, enums, booleans, indexes) as a
// varint of printable characters: five bits a character, 0x40+bits while
// more follow and 0x20+bits for the last, so that generated source shows
// the data as text. A string is its length and its bytes; a slice its
// length plus one (0 for nil) and its elements; a pointer 0 (nil) or 1 and
// the value; a struct its fields in order.
type packWriter struct{ b strings.Builder }

func (w *packWriter) num(v uint64) {
	for v >= 32 {
		w.b.WriteByte(0x40 + byte(v&31))
		v >>= 5
	}
	w.b.WriteByte(0x20 + byte(v))
}

func (w *packWriter) int(v int64) { w.num(uint64(v<<1) ^ uint64(v>>63)) }

func (w *packWriter) bool(v bool) {
	if v {
		w.num(1)
	} else {
		w.num(0)
	}
}

func (w *packWriter) str(s string) {
	w.num(uint64(len(s)))
	w.b.WriteString(s)
}

// count writes the length of a slice, 0 for nil.
func (w *packWriter) count(n int, isNil bool) {
	if isNil {
		w.num(0)
	} else {
		w.num(uint64(n) + 1)
	}
}

// rule writes r: its texts and the rest of what it does, then its
// conditions in the order of Conds (design.md 210).
func (w *packWriter) rule(r *Rule) {
	w.str(r.Name)
	w.str(r.Pos)
	w.num(uint64(r.Decision))
	w.str(r.Reason)
	w.str(r.Message)
	w.str(r.Context)
	w.count(len(r.ContextFiles), r.ContextFiles == nil)
	for _, f := range r.ContextFiles {
		w.str(f)
	}
	w.bool(r.Stop)
	w.str(r.StopReason)
	w.num(uint64(r.Floor))
	w.num(uint64(r.Effects))
	w.bool(r.RemoveContextFiles)
	w.str(r.SaveFile)
	w.count(len(r.SaveFields), r.SaveFields == nil)
	for _, f := range r.SaveFields {
		w.str(f)
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
		w.count(len(*v), *v == nil)
		for i := range *v {
			e := &(*v)[i]
			w.str(e.Name)
			w.matcher(&e.Value)
			w.bool(e.Unset)
		}
	case *AgentKind:
		w.num(uint64(*v))
	case *[]PathCheck:
		w.count(len(*v), *v == nil)
		for _, pc := range *v {
			w.str(pc.Path)
			w.bool(pc.Missing)
		}
	case *OnDisk:
		w.num(uint64(*v))
	case **CmdCond:
		w.bool(*v != nil)
	}
}

func (w *packWriter) fields(fs []Field) {
	w.count(len(fs), fs == nil)
	for i := range fs {
		f := &fs[i]
		w.str(f.Path)
		w.num(uint64(f.Kind))
		w.matcher(&f.Str)
		w.bool(f.Not)
	}
}

func (w *packWriter) matcher(s *Str) {
	w.num(uint64(s.Op))
	w.str(s.S)
	w.int(int64(s.Re))
	w.bool(s.Fold)
	w.count(len(s.Subs), s.Subs == nil)
	for i := range s.Subs {
		w.matcher(&s.Subs[i])
	}
	w.int(int64(s.DFA))
}

func (w *packWriter) list(l *List) {
	w.count(len(l.Conds), l.Conds == nil)
	for i := range l.Conds {
		c := &l.Conds[i]
		w.num(uint64(c.Q))
		w.matcher(&c.Elem)
		w.count(len(c.Prefix), c.Prefix == nil)
		for j := range c.Prefix {
			w.matcher(&c.Prefix[j])
		}
	}
}

type packReader struct {
	d string
	i int
}

func (r *packReader) num() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 5 {
		c := r.d[r.i]
		r.i++
		if c < 0x40 {
			return v | uint64(c-0x20)<<shift
		}
		v |= uint64(c-0x40) << shift
	}
}

func (r *packReader) int() int64 {
	u := r.num()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *packReader) bool() bool { return r.num() != 0 }

// str returns the next string, a substring of the data: no copy.
func (r *packReader) str() string {
	n := int(r.num())
	s := r.d[r.i : r.i+n]
	r.i += n
	return s
}

// count returns the length of the next slice and whether it is nil.
func (r *packReader) count() (int, bool) {
	n := r.num()
	return int(n) - 1, n == 0
}

func (r *packReader) rule(x *Rule) {
	x.Name = r.str()
	x.Pos = r.str()
	x.Decision = Decision(r.num())
	x.Reason = r.str()
	x.Message = r.str()
	x.Context = r.str()
	if n, isNil := r.count(); !isNil {
		x.ContextFiles = make([]string, n)
		for i := range x.ContextFiles {
			x.ContextFiles[i] = r.str()
		}
	}
	x.Stop = r.bool()
	x.StopReason = r.str()
	x.Floor = FloorKind(r.num())
	x.Effects = FloorKind(r.num())
	x.RemoveContextFiles = r.bool()
	x.SaveFile = r.str()
	if n, isNil := r.count(); !isNil {
		x.SaveFields = make([]string, n)
		for i := range x.SaveFields {
			x.SaveFields[i] = r.str()
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
		if n, isNil := r.count(); !isNil {
			*v = make([]EnvCond, n)
			for i := range *v {
				e := &(*v)[i]
				e.Name = r.str()
				r.matcher(&e.Value)
				e.Unset = r.bool()
			}
		}
	case *AgentKind:
		*v = AgentKind(r.num())
	case *[]PathCheck:
		if n, isNil := r.count(); !isNil {
			*v = make([]PathCheck, n)
			for i := range *v {
				(*v)[i].Path = r.str()
				(*v)[i].Missing = r.bool()
			}
		}
	case *OnDisk:
		*v = OnDisk(r.num())
	case **CmdCond:
		if r.bool() {
			*v = new(CmdCond)
		}
	}
}

func (r *packReader) fields() []Field {
	n, isNil := r.count()
	if isNil {
		return nil
	}
	fs := make([]Field, n)
	for i := range fs {
		f := &fs[i]
		f.Path = r.str()
		f.Kind = FieldKind(r.num())
		r.matcher(&f.Str)
		f.Not = r.bool()
	}
	return fs
}

func (r *packReader) matcher(s *Str) {
	s.Op = StrOp(r.num())
	s.S = r.str()
	s.Re = int32(r.int())
	s.Fold = r.bool()
	if n, isNil := r.count(); !isNil {
		s.Subs = make([]Str, n)
		for i := range s.Subs {
			r.matcher(&s.Subs[i])
		}
	}
	s.DFA = int32(r.int())
}

func (r *packReader) list(l *List) {
	if n, isNil := r.count(); !isNil {
		l.Conds = make([]ListCond, n)
		for i := range l.Conds {
			c := &l.Conds[i]
			c.Q = Quant(r.num())
			r.matcher(&c.Elem)
			if m, isNil := r.count(); !isNil {
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
	r := packReader{d: p.Data, i: int(p.Offs[i])}
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
