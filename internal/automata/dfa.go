package automata

import (
	"slices"
	"strings"
)

// A DFA is a minimal deterministic finite automaton over the minterms of an
// Alphabet. It is complete (every state has a transition on every minterm)
// and canonical: its states are numbered in breadth-first order from the
// start, following minterms in order, so two DFAs over the same alphabet
// have the same language if and only if they are identical (see Equal and
// Hash).
type DFA struct {
	a      *Alphabet
	trans  []int32 // transitions, a.size() per state; state 0 is the start
	accept []bool
	dead   int32 // the rejecting sink state, or -1
	full   int32 // the accepting sink state, or -1

	// Minterms m1 and m2 with cls[m1] == cls[m2] lead from every state to
	// the same state; syms holds the first minterm of each class.
	cls  []int32
	syms []int32

	hash uint64
}

// newDFA returns the DFA with the given canonical tables.
func newDFA(a *Alphabet, trans []int32, accept []bool) *DFA {
	d := &DFA{a: a, trans: trans, accept: accept, dead: -1, full: -1}
	k := a.size()
	for q := range accept {
		row := trans[q*k : (q+1)*k]
		if slices.ContainsFunc(row, func(t int32) bool { return t != int32(q) }) {
			continue
		}
		if accept[q] {
			d.full = int32(q)
		} else {
			d.dead = int32(q)
		}
	}
	d.cls, d.syms = columns(trans, len(accept), k)
	d.hash = hashTables(trans, accept)
	return d
}

// hashTables hashes a DFA's tables with FNV-1a, a word at a time.
func hashTables(trans []int32, accept []bool) uint64 {
	const (
		offset64 = 14695981039346656037
		prime64  = 1099511628211
	)
	h := uint64(offset64)
	for _, t := range trans {
		h = (h ^ uint64(uint32(t))) * prime64
	}
	for _, acc := range accept {
		v := uint64(2)
		if acc {
			v = 3
		}
		h = (h ^ v) * prime64
	}
	return h
}

// Literal returns the DFA for the single string s, or more precisely for
// the strings that a cannot tell apart from s. That is exactly {s} when a
// was built with regexp.QuoteMeta(s) among its patterns and s is valid
// UTF-8.
func (a *Alphabet) Literal(s string) *DFA {
	k := a.size()
	var ms []int
	for _, r := range s {
		ms = append(ms, a.minterm(r))
	}
	n := len(ms) + 2 // the states after each prefix of s, and a dead state
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

// All returns the DFA that accepts every string.
func (a *Alphabet) All() *DFA { return a.constant(true) }

// Empty returns the DFA that accepts no string.
func (a *Alphabet) Empty() *DFA { return a.constant(false) }

func (a *Alphabet) constant(accept bool) *DFA {
	return newDFA(a, make([]int32, a.size()), []bool{accept})
}

// States returns the number of states of d, including a rejecting sink
// state if d has one.
func (d *DFA) States() int { return len(d.accept) }

// IsEmpty reports whether d accepts no string.
func (d *DFA) IsEmpty() bool { return len(d.accept) == 1 && !d.accept[0] }

// isAll reports whether d accepts every string.
func (d *DFA) isAll() bool { return len(d.accept) == 1 && d.accept[0] }

// Hash returns a hash of d's language over its alphabet: DFAs that are
// Equal have equal hashes. Use it with Equal to hash-cons DFAs.
func (d *DFA) Hash() uint64 { return d.hash }

// Equal reports whether x and y accept the same strings. It panics if they
// are over different alphabets.
func Equal(x, y *DFA) bool {
	same(x, y)
	return x == y || x.hash == y.hash && slices.Equal(x.accept, y.accept) && slices.Equal(x.trans, y.trans)
}

// same panics unless x and y are over the same alphabet.
func same(x, y *DFA) {
	if x.a != y.a {
		panic("automata: DFAs over different alphabets")
	}
}

// Match reports whether d accepts s. Like package regexp, it reads each
// byte of an invalid UTF-8 sequence as U+FFFD.
func (d *DFA) Match(s string) bool {
	k := d.a.size()
	q := int32(0)
	for _, r := range s {
		if q == d.dead || q == d.full {
			break
		}
		q = d.trans[int(q)*k+d.a.minterm(r)]
	}
	return d.accept[q]
}

// Witness returns a shortest string that d accepts, and false if d accepts
// none. Among the shortest strings it returns the first in minterm order,
// spelling each minterm with its most readable rune: lower-case ASCII
// letters before digits, upper-case letters, other printable ASCII, other
// printable runes and the rest.
func (d *DFA) Witness() (string, bool) {
	k := d.a.size()
	n := len(d.accept)
	parent := make([]int32, n) // the state a state was first reached from
	via := make([]int32, n)    // and on which minterm
	for i := range parent {
		parent[i] = -1
	}
	parent[0] = 0
	queue := []int32{0}
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		if d.accept[q] {
			var rs []rune
			for ; q != 0; q = parent[q] {
				rs = append(rs, d.a.rep[via[q]])
			}
			slices.Reverse(rs)
			var b strings.Builder
			for _, r := range rs {
				b.WriteRune(r)
			}
			return b.String(), true
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
	return "", false
}

// Complement returns the DFA that accepts exactly the strings that x
// rejects.
func Complement(x *DFA) *DFA {
	accept := make([]bool, len(x.accept))
	for i, acc := range x.accept {
		accept[i] = !acc
	}
	// A complete minimal DFA stays minimal and canonical when its
	// accepting states are flipped.
	return newDFA(x.a, x.trans, accept)
}
