package vet

import (
	"fmt"
	"slices"
	"sync"
	"unicode"

	"hookc.dev/hookc/internal/automata"
)

// The kinds of dimension, by how their values are encoded as strings over
// the dimension's alphabet (see doc.go).
type kind uint8

const (
	scalarDim kind = iota // a static string: tool, event, program, ...
	fieldDim              // a tool_input field: marker A, S, N, B or O, then text
	wordDim               // one shell word: marker S, G or D, then text (line)
	listDim               // a list of words: (marker text SEP)*
	pathDim               // a list of paths: (RW marker text SEP)*
	progDim               // a program name: marker S (trusted) or G (run by a path, or with PATH set), then text
)

// Symbols of the alphabets, by kind. Word-like dimensions mark a value as
// static (S), a glob the shell expands (G) or dynamic (D); paths also say
// whether they are read (R), written (W) or both (B); fields say whether
// they are absent (A), a string (S), a number (N), a boolean (B) or
// something else (O).
const (
	symS   = 0
	symG   = 1
	symD   = 2
	symSep = 3
	symR   = 4
	symW   = 5
	symRW  = 6

	fA = 0
	fS = 1
	fN = 2
	fB = 3
	fO = 4
)

var numSymbols = [...]int{scalarDim: 0, fieldDim: 5, wordDim: 3, listDim: 4, pathDim: 7, progDim: 3}

// Universes of the texts of some dimensions, as Go regexps.
const (
	reProgram  = `\A(?:/|[^/]*)\z`
	reProgram1 = `\A(?:/|[^/]+)\z`
	reFlag     = `(?s)\A[-+].+\z`
	// reSplitFlag is an option the runtime records when it splits short
	// options: one letter after - or +, a long option, or a number.
	reSplitFlag = `(?s)\A(?:[-+].|--.+|-[-+]?[0-9]+)\z`
	reGlobText  = `[*?\[]`
	reCleanAbs  = `(?s)\A(?:/|(?:/(?:[^/.][^/]*|\.[^/.][^/]*|\.\.[^/]+))+)\z`
	reNumber    = `\A-?[0-9][-+.0-9e]*\z`
	reBool      = `\A(?:true|false)\z`
	reNonEmpty  = `(?s).`
)

// A dim is one dimension of the space of units: its alphabet, its
// universe, and a store of the languages (terms) built over it, each
// interned so that equal languages have equal ids.
type dim struct {
	name string
	kind kind
	pats []string
	a    *automata.Alphabet

	text   *automata.DFA // strings of runes
	univ   int32         // every value the dimension can take
	static int32         // values without uncertain words or programs (-1: all)
	pref   int32         // preferred values for witnesses: the default context (-1: none)

	// mu guards the term store and the caches: cells are analysed in
	// parallel. Automaton operations run outside the lock.
	mu     sync.RWMutex
	terms  []*automata.DFA
	byHash map[uint64][]int32
	ops    map[opKey]int32
	meets  map[[2]int32]bool
	subs   map[[2]int32]bool
	comp   map[string]*automata.DFA // compiled patterns

	budget int
}

type opKey struct {
	op   uint8
	a, b int32
}

const (
	opInter uint8 = iota
	opDiff
	opUnion
)

func (d *dim) sym(i int) int { return d.a.Symbol(i) }

// intern returns the id of the language of x.
func (d *dim) intern(x *automata.DFA) int32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.internLocked(x)
}

func (d *dim) internLocked(x *automata.DFA) int32 {
	h := x.Hash()
	for _, id := range d.byHash[h] {
		if automata.Equal(d.terms[id], x) {
			return id
		}
	}
	id := int32(len(d.terms))
	d.terms = append(d.terms, x)
	d.byHash[h] = append(d.byHash[h], id)
	return id
}

func (d *dim) dfa(t int32) *automata.DFA {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.terms[t]
}

func (d *dim) isEmpty(t int32) bool { return d.dfa(t).IsEmpty() }

// op applies a Boolean operation to two terms.
func (d *dim) op(op uint8, x, y int32) (int32, error) {
	switch op {
	case opInter:
		if x == y {
			return x, nil
		}
		if x > y {
			x, y = y, x
		}
	case opUnion:
		if x == y {
			return x, nil
		}
		if x > y {
			x, y = y, x
		}
	case opDiff:
		if x == y {
			return d.intern(d.a.Empty()), nil
		}
	}
	k := opKey{op, x, y}
	d.mu.RLock()
	r0, ok := d.ops[k]
	dx, dy := d.terms[x], d.terms[y]
	d.mu.RUnlock()
	if ok {
		return r0, nil
	}
	var r *automata.DFA
	var err error
	switch op {
	case opInter:
		r, err = automata.Intersect(dx, dy, d.budget)
	case opDiff:
		r, err = automata.Difference(dx, dy, d.budget)
	case opUnion:
		r, err = automata.Union(dx, dy, d.budget)
	}
	if err != nil {
		return -1, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	id := d.internLocked(r)
	d.ops[k] = id
	return id, nil
}

func (d *dim) inter(x, y int32) (int32, error) { return d.op(opInter, x, y) }
func (d *dim) diff(x, y int32) (int32, error)  { return d.op(opDiff, x, y) }
func (d *dim) union(x, y int32) (int32, error) { return d.op(opUnion, x, y) }

// meet reports whether two terms intersect.
func (d *dim) meet(x, y int32) (bool, error) {
	if x == y {
		return !d.isEmpty(x), nil
	}
	if x > y {
		x, y = y, x
	}
	k := [2]int32{x, y}
	d.mu.RLock()
	r0, ok := d.meets[k]
	dx, dy := d.terms[x], d.terms[y]
	d.mu.RUnlock()
	if ok {
		return r0, nil
	}
	r, err := automata.Intersects(dx, dy, d.budget)
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	d.meets[k] = r
	d.mu.Unlock()
	return r, nil
}

// subset reports whether term x is a subset of term y.
func (d *dim) subset(x, y int32) (bool, error) {
	if x == y {
		return true, nil
	}
	k := [2]int32{x, y}
	d.mu.RLock()
	r0, ok := d.subs[k]
	dx, dy := d.terms[x], d.terms[y]
	d.mu.RUnlock()
	if ok {
		return r0, nil
	}
	r, err := automata.Subset(dx, dy, d.budget)
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	d.subs[k] = r
	d.mu.Unlock()
	return r, nil
}

// compile returns the language of the Go regexp pattern over the runes of
// the dimension's alphabet (strings without symbols).
func (d *dim) compile(pattern string) (*automata.DFA, error) {
	d.mu.RLock()
	x0, ok := d.comp[pattern]
	d.mu.RUnlock()
	if ok {
		return x0, nil
	}
	x, err := d.a.Compile(pattern, d.budget)
	if err != nil {
		return nil, err
	}
	if d.kind != scalarDim {
		if x, err = automata.Intersect(x, d.text, d.budget); err != nil {
			return nil, err
		}
	}
	d.mu.Lock()
	d.comp[pattern] = x
	d.mu.Unlock()
	return x, nil
}

// newDim returns a dimension over an alphabet for the patterns pats.
// With lower, the alphabet is closed under lower-casing (see
// automata.NewAlphabetMapped).
func newDim(name string, k kind, pats []string, lower bool, budget int) (*dim, error) {
	pats = slices.Clone(pats)
	slices.Sort(pats)
	pats = slices.Compact(pats)
	var a *automata.Alphabet
	var err error
	if lower {
		a, err = automata.NewAlphabetMapped(pats, numSymbols[k], unicode.ToLower)
	} else {
		a, err = automata.NewAlphabetSymbols(pats, numSymbols[k])
	}
	if err != nil {
		return nil, fmt.Errorf("dimension %s: %w", name, err)
	}
	d := &dim{
		name: name, kind: k, pats: pats, a: a,
		byHash: map[uint64][]int32{},
		ops:    map[opKey]int32{},
		meets:  map[[2]int32]bool{},
		subs:   map[[2]int32]bool{},
		comp:   map[string]*automata.DFA{},
		static: -1, pref: -1,
		budget: budget,
	}
	d.text = a.Text()
	return d, nil
}
