package runtime

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/paths"
)

// Table.DFAs holds deterministic finite automata for the matchers of the
// table whose language is fixed when the hook is generated (design.md 63):
// regular expressions, globs, exact values, and matchers made of them.
// hookc gen builds them (with internal/automata, minimised) and encodes
// them with EncodeDFAs as one string: constant data without pointers,
// which costs nothing at start-up. A hook matches a word by reading an
// automaton in place, a few instructions a byte, without compiling or
// allocating anything; a Str refers to its entry by Str.DFA. A path glob's
// automaton reads the path after the place the glob is anchored at (the
// home directory, the project root, the hook's own paths), which the hook
// compares as a literal first: one automaton serves every root and home.
//
// The encoding, every number a little-endian uint32: first the offset of
// each entry; then the entries, each a kind byte and the rest. An
// automaton (kind 0) is the automaton of all of its matcher:
//
//	anchor      1 byte: an Anchor
//	whole       1 byte: 1 if the glob is its place alone (~ or .)
//	fold        1 byte: 1 if the place is compared folding case
//	wide        1 byte: 1 if states take two bytes, else one
//	classes     the number of classes of runes
//	states      the number of states
//	stop        the states from stop on are sinks: dead or universal
//	ranges      the number of class ranges of runes from U+0080 on
//	ascii       128 bytes: the class of each ASCII rune
//	ranges      each its first rune (4 bytes) and class (1 byte)
//	flags       a byte for each state: dfaAccept, dfaLive, dfaUniversal
//	transitions states × classes, one or two bytes each (wide)
//
// State 0 is the start. A state is live if some extension of the text read
// so far is accepted, universal if every one is. Reading stops at a sink,
// whose answer no further rune changes.
//
// A part list (kind 1) belongs to an any-of whose parts are read from
// several places: its number of parts, then for each the entry of an
// automaton and, as 8 bytes, the set of the any-of's parts (the first 64)
// that automaton stands for. The other parts are matched on their own.

// An Anchor is the place a path glob's automaton starts after.
type Anchor uint8

const (
	AtNone   Anchor = iota // an absolute glob, or one starting with **
	AtHome                 // ~
	AtRoot                 // the project root: ., ./..., or relative
	AtHook                 // @hook: the hook binary
	AtPolicy               // @policy: the policy's directory
)

// A DFA is an entry of Table.DFAs as hookc gen gives it to EncodeDFAs: an
// automaton, or, with Parts, a part list.
type DFA struct {
	Parts []DFAPart

	At    Anchor
	Whole bool // a path glob that is its place alone (~, .)
	Fold  bool // the place is compared folding case
	// The runes are cut into intervals, each a class: Lo[i] is the first
	// rune of interval i (Lo[0] is 0, and they increase), Class[i] its
	// class.
	Lo    []rune
	Class []int
	// Next[q][c] is the state after a rune of class c in state q; state
	// 0 is the start.
	Next   [][]int
	Accept []bool
}

// A DFAPart says that entry DFA, an automaton, stands for the parts Subs
// (a bit set) of an any-of.
type DFAPart struct {
	DFA  int
	Subs uint64
}

// Limits of the encoding: classes take a byte, states at most two.
const (
	MaxDFAClasses = 255
	MaxDFAStates  = 1 << 16
)

// The flags of a state.
const (
	dfaAccept    = 1 << iota // the text read so far is accepted
	dfaLive                  // some extension is accepted
	dfaUniversal             // every extension is accepted
)

// dfaHeader is the size of an automaton's fixed header.
const dfaHeader = 1 + 4 + 4*4 + 128

// The kinds of entries.
const (
	dfaKindAutomaton = iota
	dfaKindParts
)

// DFALanguage returns the language of the matcher s (a regular
// expression, an exact value or a glob) of a table with the given
// patterns, in a path condition if path, as a Go regular expression for
// hookc gen to compile into a DFA: the words that s matches, or for a path
// glob the rest of the path after its place (at); whole says the path glob
// is its place alone. ok is false for the other kinds of matcher and for
// text that is not valid UTF-8.
func DFALanguage(patterns []string, s *Str, path bool) (re string, at Anchor, whole, ok bool) {
	switch s.Op {
	case StrRe:
		if int(s.Re) < 0 || int(s.Re) >= len(patterns) {
			return "", 0, false, false
		}
		return patterns[s.Re], AtNone, false, true
	case StrExact:
		if !utf8.ValidString(s.S) {
			return "", 0, false, false
		}
		re = `\A` + regexp.QuoteMeta(s.S) + `\z`
		if s.Fold {
			re = "(?i)" + re
		}
		return re, AtNone, false, true
	case StrGlob:
		pat := s.S
		if path {
			at, pat = splitAnchor(s.S)
			if pat == "" {
				return `\A\z`, at, true, true
			}
			if !strings.HasPrefix(pat, "/") && at != AtNone {
				// @hook** and the like: the place and the rest do not
				// split into two globs.
				return "", 0, false, false
			}
		}
		re, err := paths.GlobRegexp(pat)
		if err != nil {
			return "", 0, false, false
		}
		if s.Fold {
			re = "(?i)" + re
		}
		return re, at, false, true
	}
	return "", 0, false, false
}

// splitAnchor splits the path glob pat into the place it is anchored at
// and the glob the rest of the path must match (design.md 55): ~ is the
// home directory, a relative glob is anchored at the project root, a glob
// starting with / or ** at nothing.
func splitAnchor(pat string) (Anchor, string) {
	switch {
	case strings.HasPrefix(pat, "/"), strings.HasPrefix(pat, "**"):
		return AtNone, pat
	case strings.HasPrefix(pat, "@hook"):
		return AtHook, pat[len("@hook"):]
	case strings.HasPrefix(pat, "@policy"):
		return AtPolicy, pat[len("@policy"):]
	case pat == "~" || strings.HasPrefix(pat, "~/"):
		return AtHome, pat[1:]
	case pat == "." || strings.HasPrefix(pat, "./"):
		return AtRoot, pat[1:]
	}
	return AtRoot, "/" + pat
}

// EncodeDFAs encodes entries for Table.DFAs. It drops the states an
// automaton's start cannot reach and numbers the sinks last; it panics on
// an automaton beyond MaxDFAClasses or MaxDFAStates, which hookc gen
// leaves out.
func EncodeDFAs(ds []DFA) string {
	b := make([]byte, 4*len(ds))
	u32 := func(v int) { b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
	for i := range ds {
		d := &ds[i]
		o := len(b)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(o), byte(o>>8), byte(o>>16), byte(o>>24)
		if d.Parts != nil {
			b = append(b, dfaKindParts)
			u32(len(d.Parts))
			for _, p := range d.Parts {
				u32(p.DFA)
				u32(int(uint32(p.Subs)))
				u32(int(p.Subs >> 32))
			}
			continue
		}
		b = append(b, dfaKindAutomaton)
		k := 0
		for _, c := range d.Class {
			k = max(k, c+1)
		}
		order, flags, stop := dfaLayout(d)
		n := len(order)
		if k > MaxDFAClasses || n > MaxDFAStates {
			panic("runtime: EncodeDFAs: automaton too large")
		}
		id := make(map[int]int, n)
		for i, q := range order {
			id[q] = i
		}
		wide := n > 256
		b = append(b, byte(d.At), boolByte(d.Whole), boolByte(d.Fold), boolByte(wide))
		u32(k)
		u32(n)
		u32(stop)
		// The classes of ASCII runes, then ranges from U+0080 on.
		var asc [128]byte
		type rng struct {
			lo rune
			c  int
		}
		var rs []rng
		for j, lo := range d.Lo {
			hi := rune(utf8.MaxRune)
			if j+1 < len(d.Lo) {
				hi = d.Lo[j+1] - 1
			}
			c := d.Class[j]
			for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
				asc[r] = byte(c)
			}
			if hi < utf8.RuneSelf {
				continue
			}
			lo = max(lo, utf8.RuneSelf)
			if len(rs) == 0 || rs[len(rs)-1].c != c {
				rs = append(rs, rng{lo, c})
			}
		}
		u32(len(rs))
		b = append(b, asc[:]...)
		for _, r := range rs {
			u32(int(r.lo))
			b = append(b, byte(r.c))
		}
		for _, q := range order {
			b = append(b, flags[q])
		}
		for _, q := range order {
			for c := range k {
				t := id[d.Next[q][c]]
				if wide {
					b = append(b, byte(t), byte(t>>8))
				} else {
					b = append(b, byte(t))
				}
			}
		}
	}
	return string(b)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// dfaLayout returns the states of d the start reaches, in the order they
// are encoded (the states that are not sinks first, the start first of
// all), the flags of every state, and the number of states that are not
// sinks.
func dfaLayout(d *DFA) (order []int, flags []byte, stop int) {
	n := len(d.Accept)
	reach := make([]bool, n)
	reach[0] = true
	queue := []int{0}
	for i := 0; i < len(queue); i++ {
		for _, t := range d.Next[queue[i]] {
			if !reach[t] {
				reach[t] = true
				queue = append(queue, t)
			}
		}
	}
	// live: some accepting state is reachable; universal: no rejecting
	// one is. Both by backward search.
	back := make([][]int, n)
	for q := range n {
		for _, t := range d.Next[q] {
			back[t] = append(back[t], q)
		}
	}
	from := func(seed func(int) bool) []bool {
		mark := make([]bool, n)
		var stack []int
		for q := range n {
			if seed(q) {
				mark[q] = true
				stack = append(stack, q)
			}
		}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, p := range back[q] {
				if !mark[p] {
					mark[p] = true
					stack = append(stack, p)
				}
			}
		}
		return mark
	}
	live := from(func(q int) bool { return d.Accept[q] })
	notAll := from(func(q int) bool { return !d.Accept[q] })
	flags = make([]byte, n)
	sink := make([]bool, n)
	for q := range n {
		if d.Accept[q] {
			flags[q] |= dfaAccept
		}
		if live[q] {
			flags[q] |= dfaLive
		}
		if !notAll[q] {
			flags[q] |= dfaUniversal
		}
		sink[q] = !live[q] || !notAll[q]
	}
	for _, q := range queue {
		if !sink[q] {
			order = append(order, q)
		}
	}
	stop = len(order)
	for _, q := range queue {
		if sink[q] {
			order = append(order, q)
		}
	}
	return order, flags, stop
}

// A dfaProg is one automaton of Table.DFAs, read in place.
type dfaProg struct {
	at    Anchor
	whole bool
	fold  bool
	wide  bool
	k     int // classes
	stop  int
	asc   string // the class of each ASCII rune
	rs    string // class ranges from U+0080: 5 bytes each
	flags string
	trans string
}

// dfaParts returns the part list of entry i of t.DFAs, 12 bytes a part;
// ok is false if the entry is an automaton.
func (t *Table) dfaParts(i int) (parts string, ok bool) {
	c := t.DFAs
	o := le32(c, 4*i)
	if c[o] != dfaKindParts {
		return "", false
	}
	return c[o+5 : o+5+12*le32(c, o+1)], true
}

// dfa returns entry i of t.DFAs, an automaton.
func (t *Table) dfa(i int) dfaProg {
	c := t.DFAs
	o := le32(c, 4*i) + 1
	d := dfaProg{at: Anchor(c[o]), whole: c[o+1] == 1, fold: c[o+2] == 1, wide: c[o+3] == 1, k: le32(c, o+4), stop: le32(c, o+12)}
	n, nr := le32(c, o+8), le32(c, o+16)
	o += dfaHeader - 1 - 128
	d.asc = c[o : o+128]
	o += 128
	d.rs = c[o : o+5*nr]
	o += 5 * nr
	d.flags = c[o : o+n]
	o += n
	size := n * d.k
	if d.wide {
		size *= 2
	}
	d.trans = c[o : o+size]
	return d
}

// run reads s from state q and returns the state it reaches, or the first
// sink on the way.
func (d *dfaProg) run(q int, s string) int {
	for i := 0; i < len(s) && q < d.stop; {
		var c int
		if b := s[i]; b < utf8.RuneSelf {
			c = int(d.asc[b])
			i++
		} else {
			r, w := utf8.DecodeRuneInString(s[i:])
			c = d.class(r)
			i += w
		}
		if d.wide {
			j := 2 * (q*d.k + c)
			q = int(d.trans[j]) | int(d.trans[j+1])<<8
		} else {
			q = int(d.trans[q*d.k+c])
		}
	}
	return q
}

// class returns the class of the rune r >= U+0080.
func (d *dfaProg) class(r rune) int {
	// the last range starting at or before r
	lo, hi := 0, len(d.rs)/5
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(le32(d.rs, 5*m)) <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return int(d.rs[5*(lo-1)+4])
}

func (d *dfaProg) is(q int, flag byte) bool { return d.flags[q]&flag != 0 }

// cutPlace matches the start of s against the literal place a, rune by
// rune under simple case folding if fold, as the glob the place starts
// would. It returns the rest of s after a and ok; or, when s ends inside a,
// more: what of a is left.
func cutPlace(s, a string, fold bool) (rest string, ok bool, more string) {
	if !fold {
		switch {
		case strings.HasPrefix(s, a):
			return s[len(a):], true, ""
		case strings.HasPrefix(a, s):
			return "", false, a[len(s):]
		}
		return "", false, ""
	}
	for i, l := range a {
		if s == "" {
			return "", false, a[i:]
		}
		r, w := utf8.DecodeRuneInString(s)
		if !foldEq(l, r) {
			return "", false, ""
		}
		s = s[w:]
	}
	return s, true, ""
}

// tree matches the tree at and below the directory dir (design.md 46),
// for an automaton after the place a: yes if every path of the tree is
// accepted, maybe if some is, no if none is. It reads dir/ and asks whether
// the state reached is universal or live.
func (d *dfaProg) tree(dir, a string, fold bool) tri {
	rest, ok, more := cutPlace(dir, a, fold)
	if !ok {
		// The paths below dir may spell the rest of the place, then any
		// of the automaton's strings.
		if more != "" && (strings.HasSuffix(dir, "/") || more[0] == '/') && d.is(0, dfaLive) {
			return maybe
		}
		return no
	}
	q := d.run(0, rest)
	self := d.is(q, dfaAccept)
	if !strings.HasSuffix(dir, "/") {
		q = d.run(q, "/")
	}
	switch {
	case self && d.is(q, dfaUniversal):
		return yes
	case self || d.is(q, dfaLive):
		return maybe
	}
	return no
}
