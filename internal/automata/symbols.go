package automata

import (
	"encoding/binary"
	"fmt"
	"slices"
	"unicode/utf8"
)

// Symbols are minterms that stand for no rune. An alphabet with symbols
// describes encodings of structured values as strings: a marker before a
// value ("this word is dynamic"), or a separator between the elements of a
// list. No pattern ever matches a symbol, so the language of a compiled
// pattern holds strings with symbols only as "some character the pattern
// cannot match"; intersect with Text to keep the strings of runes.

// NewAlphabetSymbols returns the alphabet of NewAlphabet(patterns) with n
// further symbols, numbered after the minterms of runes.
func NewAlphabetSymbols(patterns []string, n int) (*Alphabet, error) {
	a, err := NewAlphabet(patterns)
	if err != nil {
		return nil, err
	}
	a.runes = len(a.rep)
	for range n {
		m := int32(len(a.rep))
		a.rep = append(a.rep, utf8.RuneError)
		a.count = append(a.count, 0)
		a.cat = append(a.cat, catOther)
		a.byCat[catOther] = append(a.byCat[catOther], m)
	}
	a.bitLen = (len(a.rep) + 63) / 64
	return a, nil
}

// Size returns the number of minterms, symbols included.
func (a *Alphabet) Size() int { return len(a.rep) }

// Symbol returns the minterm of symbol i.
func (a *Alphabet) Symbol(i int) int {
	if i < 0 || a.runes+i >= len(a.rep) {
		panic(fmt.Sprintf("automata: no symbol %d", i))
	}
	return a.runes + i
}

// SymbolIndex returns i if the minterm m is symbol i.
func (a *Alphabet) SymbolIndex(m int) (int, bool) {
	if a.runes > 0 && m >= a.runes {
		return m - a.runes, true
	}
	return 0, false
}

// Rep returns the representative rune of the minterm m, the rune
// witnesses spell it with. A symbol has none: Rep returns
// utf8.RuneError.
func (a *Alphabet) Rep(m int) rune { return a.rep[m] }

// Minterm returns the minterm of the rune r.
func (a *Alphabet) Minterm(r rune) int { return a.minterm(r) }

// numRunes returns the number of minterms of runes.
func (a *Alphabet) numRunes() int {
	if a.runes > 0 {
		return a.runes
	}
	return len(a.rep)
}

// Text returns the DFA of every string of runes: the strings without
// symbols.
func (a *Alphabet) Text() *DFA {
	k := a.size()
	trans := make([]int32, 2*k)
	for m := range k {
		trans[m] = 0
		trans[k+m] = 1
		if m >= a.numRunes() {
			trans[m] = 1
		}
	}
	return a.canonical(trans, []bool{true, false})
}

// Seq returns the DFA that accepts exactly the string of minterms ms.
func (a *Alphabet) Seq(ms ...int) *DFA {
	k := a.size()
	n := len(ms) + 2
	dead := int32(n - 1)
	trans := make([]int32, n*k)
	for i := range trans {
		trans[i] = dead
	}
	for i, m := range ms {
		trans[i*k+m] = int32(i + 1)
	}
	accept := make([]bool, n)
	accept[len(ms)] = true
	return a.canonical(trans, accept)
}

// Prepend returns the DFA for the strings m·s, m one of the minterms ms
// and s accepted by x.
func Prepend(x *DFA, ms ...int) *DFA {
	a := x.a
	k := a.size()
	n := len(x.accept)
	// State 0 is the new start, states 1..n are x's, n+1 is dead.
	trans := make([]int32, (n+2)*k)
	dead := int32(n + 1)
	for i := range k {
		trans[i] = dead
		trans[(n+1)*k+i] = dead
	}
	for _, m := range ms {
		trans[m] = 1
	}
	for q := range n {
		for i := range k {
			trans[(q+1)*k+i] = x.trans[q*k+i] + 1
		}
	}
	accept := make([]bool, n+2)
	copy(accept[1:], x.accept)
	return a.canonical(trans, accept)
}

// Concat returns the DFA for the strings s·t, s accepted by x and t by y.
// The subset construction builds at most budget states.
func Concat(x, y *DFA, budget int) (*DFA, error) {
	same(x, y)
	if x.IsEmpty() || y.IsEmpty() {
		return x.a.Empty(), nil
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	a := x.a
	k := a.size()
	type state struct {
		p  int32
		ys []int32
	}
	var states []state
	index := make(map[string]int32)
	var trans []int32
	var accept []bool
	var key []byte
	add := func(p int32, ys []int32) (int32, error) {
		if x.accept[p] && !slices.Contains(ys, 0) {
			ys = append(ys, 0)
		}
		slices.Sort(ys)
		ys = slices.Compact(ys)
		// Drop y's dead state: it never accepts.
		if y.dead >= 0 {
			ys = slices.DeleteFunc(ys, func(q int32) bool { return q == y.dead })
		}
		key = binary.AppendUvarint(key[:0], uint64(p))
		for _, q := range ys {
			key = binary.AppendUvarint(key, uint64(q))
		}
		if s, ok := index[string(key)]; ok {
			return s, nil
		}
		s := int32(len(states))
		if int(s) >= budget {
			return 0, fmt.Errorf("%w: concatenation needs more than %d states", ErrBudget, budget)
		}
		index[string(key)] = s
		states = append(states, state{p, slices.Clone(ys)})
		acc := false
		for _, q := range ys {
			acc = acc || y.accept[q]
		}
		accept = append(accept, acc)
		trans = append(trans, make([]int32, k)...)
		return s, nil
	}
	if _, err := add(0, nil); err != nil {
		return nil, err
	}
	var next []int32
	for s := 0; s < len(states); s++ {
		st := states[s]
		for m := range k {
			next = next[:0]
			for _, q := range st.ys {
				next = append(next, y.trans[int(q)*k+m])
			}
			t, err := add(x.trans[int(st.p)*k+m], next)
			if err != nil {
				return nil, err
			}
			trans[s*k+m] = t
		}
	}
	return a.canonical(trans, accept), nil
}

// Intersects reports whether some string is accepted by both x and y. It
// explores at most budget pairs of states.
func Intersects(x, y *DFA, budget int) (bool, error) {
	same(x, y)
	switch {
	case x.IsEmpty() || y.IsEmpty():
		return false, nil
	case x.isAll() || y.isAll() || x == y:
		return true, nil
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	k := x.a.size()
	syms, _ := jointClasses(x, y)
	seen := newPairSet(len(x.accept), len(y.accept))
	seen.set(0, 0, 0)
	queue := [][2]int32{{0, 0}}
	for i := 0; i < len(queue); i++ {
		p, q := queue[i][0], queue[i][1]
		if x.accept[p] && y.accept[q] {
			return true, nil
		}
		for _, m := range syms {
			p1, q1 := x.trans[int(p)*k+int(m)], y.trans[int(q)*k+int(m)]
			if p1 == x.dead || q1 == y.dead {
				continue
			}
			if p1 == x.full && y.accept[q1] || q1 == y.full && x.accept[p1] {
				return true, nil
			}
			if _, ok := seen.get(p1, q1); ok {
				continue
			}
			if len(queue) >= budget {
				return false, fmt.Errorf("%w: intersection test needs more than %d states", ErrBudget, budget)
			}
			seen.set(p1, q1, 0)
			queue = append(queue, [2]int32{p1, q1})
		}
	}
	return false, nil
}

// IsAll reports whether d accepts every string.
func (d *DFA) IsAll() bool { return d.isAll() }

// Alphabet returns the alphabet of d.
func (d *DFA) Alphabet() *Alphabet { return d.a }

// WitnessSyms returns a shortest string of minterms that d accepts, the
// first in minterm order, and false if d accepts none.
func (d *DFA) WitnessSyms() ([]int, bool) {
	return d.witnessFrom(0)
}

func (d *DFA) witnessFrom(start int32) ([]int, bool) {
	k := d.a.size()
	n := len(d.accept)
	parent := make([]int32, n)
	via := make([]int32, n)
	for i := range parent {
		parent[i] = -1
	}
	parent[start] = start
	queue := []int32{start}
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		if d.accept[q] {
			var ms []int
			for ; q != start; q = parent[q] {
				ms = append(ms, int(via[q]))
			}
			slices.Reverse(ms)
			return ms, true
		}
		for m := range k {
			t := d.trans[int(q)*k+m]
			if parent[t] < 0 {
				parent[t] = q
				via[t] = int32(m)
				queue = append(queue, t)
			}
		}
	}
	return nil, false
}

// MatchSyms reports whether d accepts the string of minterms ms.
func (d *DFA) MatchSyms(ms []int) bool {
	k := d.a.size()
	q := int32(0)
	for _, m := range ms {
		q = d.trans[int(q)*k+m]
	}
	return d.accept[q]
}

// Finite returns every string of minterms that d accepts, in breadth-first
// minterm order, if there are at most limit of them; otherwise it returns
// false.
func (d *DFA) Finite(limit int) ([][]int, bool) {
	k := d.a.size()
	n := len(d.accept)
	// live[q]: some accepting state is reachable from q.
	live := make([]bool, n)
	for changed := true; changed; {
		changed = false
		for q := range n {
			if live[q] {
				continue
			}
			if d.accept[q] {
				live[q], changed = true, true
				continue
			}
			for m := range k {
				if live[d.trans[q*k+m]] {
					live[q], changed = true, true
					break
				}
			}
		}
	}
	if !live[0] {
		return nil, true
	}
	type item struct {
		q  int32
		ms []int
	}
	var out [][]int
	queue := []item{{0, nil}}
	steps := 0
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if steps++; steps > limit*(n+1)*2+16 {
			return nil, false // a cycle among live states
		}
		if d.accept[it.q] {
			if len(out) >= limit {
				return nil, false
			}
			out = append(out, it.ms)
		}
		if len(it.ms) > n {
			return nil, false // longer than the number of states: infinite
		}
		for m := range k {
			t := d.trans[int(it.q)*k+m]
			if live[t] {
				queue = append(queue, item{t, append(slices.Clip(it.ms), m)})
			}
		}
	}
	return out, true
}

// String returns the runes of the minterm string ms, each spelled by its
// representative; symbols are spelled as U+FFFD.
func (a *Alphabet) String(ms []int) string {
	b := make([]byte, 0, len(ms))
	for _, m := range ms {
		b = utf8.AppendRune(b, a.rep[m])
	}
	return string(b)
}

// Exact returns the string a string of minterms stands for, if each of its
// minterms holds exactly one rune; otherwise it stands for several strings
// and Exact returns false.
func (a *Alphabet) Exact(ms []int) (string, bool) {
	b := make([]byte, 0, len(ms))
	for _, m := range ms {
		if m >= a.numRunes() || a.count[m] != 1 {
			return "", false
		}
		x := slices.Index(a.class, int32(m))
		if x < 0 || a.lo[x] != a.hi[x] {
			return "", false
		}
		b = utf8.AppendRune(b, a.lo[x])
	}
	return string(b), true
}

// Translate returns the DFA over the alphabet to for the language of x,
// which must be over an alphabet that to refines: every minterm of to lies
// within one minterm of x's alphabet, as when to was built from a superset
// of the patterns of x's. Symbols of to that x's alphabet lacks lead to
// rejection. Translate fails if to does not refine x's alphabet.
func Translate(x *DFA, to *Alphabet) (*DFA, error) {
	from := x.a
	// Every boundary between intervals of from must be one of to.
	for i := 1; i < len(from.lo); i++ {
		j := to.search(from.lo[i])
		if j >= len(to.lo) || to.lo[j] != from.lo[i] {
			return nil, fmt.Errorf("automata: Translate: alphabet does not refine the DFA's")
		}
	}
	// And every minterm of to must lie within one minterm of from.
	k, kx := to.size(), from.size()
	of := make([]int, k)
	for m := range of {
		of[m] = -1
	}
	for i, lo := range to.lo {
		fm, m := from.minterm(lo), to.class[i]
		if of[m] >= 0 && of[m] != fm {
			return nil, fmt.Errorf("automata: Translate: alphabet does not refine the DFA's")
		}
		of[m] = fm
	}
	n := len(x.accept)
	dead := int32(n)
	trans := make([]int32, (n+1)*k)
	mapped := make([]int, k)
	for m := range k {
		mapped[m] = -1
		if m < to.numRunes() {
			mapped[m] = from.minterm(to.rep[m])
		} else if s, ok := to.SymbolIndex(m); ok && from.runes > 0 && from.runes+s < kx {
			mapped[m] = from.runes + s
		}
	}
	for q := 0; q <= n; q++ {
		for m := range k {
			if q == n || mapped[m] < 0 {
				trans[q*k+m] = dead
				continue
			}
			trans[q*k+m] = x.trans[q*kx+mapped[m]]
		}
	}
	accept := make([]bool, n+1)
	copy(accept, x.accept)
	return to.canonical(trans, accept), nil
}

// EqualPair returns a shortest string of runes w for which x accepts
// pre·w·mid·w·post (strings of minterms), and false if there is none. It
// finds, for a path list encoding, a path that is both read and written.
// It explores at most budget pairs of states for each state of x.
func EqualPair(x *DFA, pre, mid, post []int, budget int) ([]int, bool) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	k := x.a.size()
	run := func(q int32, ms []int) int32 {
		for _, m := range ms {
			q = x.trans[int(q)*k+m]
		}
		return q
	}
	p0 := run(0, pre)
	runes := x.a.numRunes()
	var best []int
	found := false
	for s := range int32(len(x.accept)) {
		q0 := run(s, mid)
		type pair struct{ p, q int32 }
		parent := map[pair]pair{}
		via := map[pair]int{}
		start := pair{p0, q0}
		parent[start] = start
		queue := []pair{start}
		for i := 0; i < len(queue) && len(queue) < budget; i++ {
			cur := queue[i]
			if cur.p == s && x.accept[run(cur.q, post)] {
				var w []int
				for c := cur; c != start; c = parent[c] {
					w = append(w, via[c])
				}
				slices.Reverse(w)
				if !found || len(w) < len(best) {
					best, found = w, true
				}
				break
			}
			for m := range runes {
				nxt := pair{x.trans[int(cur.p)*k+m], x.trans[int(cur.q)*k+m]}
				if nxt.p == x.dead || nxt.q == x.dead {
					continue
				}
				if _, ok := parent[nxt]; !ok {
					parent[nxt] = cur
					via[nxt] = m
					queue = append(queue, nxt)
				}
			}
		}
	}
	return best, found
}
