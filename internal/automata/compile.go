package automata

import (
	"encoding/binary"
	"errors"
	"fmt"
	"regexp/syntax"
	"slices"
)

// ErrBudget is returned, possibly wrapped, when an operation would build
// more states than its budget allows.
var ErrBudget = errors.New("automata: state budget exceeded")

// DefaultBudget is the budget used when a budget argument is not positive.
const DefaultBudget = 50000

// Categories of the rune before a position. The start of text is its own
// category; the others are those of runeCat.
const (
	prevWord    = catWord
	prevNewline = catNewline
	prevOther   = catOther
	prevBegin   = numCats
)

// Representatives of each category, as arguments of syntax.EmptyOpContext.
var (
	prevRune = [...]rune{prevWord: 'a', prevNewline: '\n', prevOther: ' ', prevBegin: -1}
	nextRune = [...]rune{catWord: 'a', catNewline: '\n', catOther: ' '}
)

// Compile returns the minimal DFA over a for the language of the Go regular
// expression pattern: the strings s for which
// regexp.MustCompile(pattern).MatchString(s) is true. The determinisation
// builds at most budget states; if it needs more, Compile fails with
// ErrBudget. It fails with ErrAlphabet if the pattern tells apart runes
// that a does not.
func (a *Alphabet) Compile(pattern string, budget int) (*DFA, error) {
	n, err := parseNFA(pattern)
	if err != nil {
		return nil, err
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	b := &builder{
		a:      a,
		prog:   n.prog,
		k:      a.size(),
		words:  a.bitLen,
		bits:   make([]uint64, len(n.prog.Inst)*a.bitLen),
		index:  make(map[string]int32),
		budget: budget,
		mark:   make([]uint32, len(n.prog.Inst)),
	}
	for pc, r := range n.sets {
		if r == nil {
			continue
		}
		bits, ok := a.classify(r)
		if !ok {
			return nil, fmt.Errorf("%w: %q", ErrAlphabet, pattern)
		}
		copy(b.bits[pc*b.words:], bits)
	}
	b.reduce = reduction(n.empty)
	if err := b.build(); err != nil {
		return nil, fmt.Errorf("%w: compiling %q needs more than %d states", err, pattern, budget)
	}
	return a.canonical(b.trans, b.accept), nil
}

// reduction returns a map from the category of the rune before a position
// to a coarser category that the program's assertions cannot tell apart
// from it. Forgetting what no assertion asks for keeps the DFA small
// before minimisation.
func reduction(empty syntax.EmptyOp) [numCats + 1]uint8 {
	r := [...]uint8{prevWord, prevNewline, prevOther, prevBegin}
	if empty&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) == 0 {
		r[prevWord] = prevOther
	}
	if empty&syntax.EmptyBeginLine == 0 {
		r[prevNewline] = prevOther
	}
	if empty&syntax.EmptyBeginText == 0 {
		// The start of text is a line start that is not a word character.
		r[prevBegin] = r[prevNewline]
	}
	return r
}

// A builder determinises a program by the subset construction.
//
// A DFA state stands for a position in the text. It records the program
// counters of the threads waiting there, before the empty-width
// instructions are followed, and the category of the rune before the
// position. The empty-width instructions are followed on the transition
// out of the state, once the next rune's category is known, which is how
// RE2's DFA handles assertions. Every transition adds a thread at the
// program's start, for an unanchored search. Once a thread matches, every
// extension of the text matches too, so the builder moves to the absorbing
// accepting state all.
type builder struct {
	a      *Alphabet
	prog   *syntax.Prog
	k      int      // number of minterms
	words  int      // words in a minterm bit set
	bits   []uint64 // for each rune instruction, the minterms it matches
	reduce [numCats + 1]uint8

	index  map[string]int32 // state key to state
	pcs    [][]uint32       // waiting threads of each state
	prev   []uint8          // category of the rune before each state
	trans  []int32          // transitions, k per state
	accept []bool
	all    int32 // the absorbing accepting state, or -1
	budget int

	// Scratch space.
	mark  []uint32 // mark[pc] == gen: pc visited by the current closure
	gen   uint32
	stack []uint32
	runes []uint32 // rune instructions reached by the closure
	next  []uint32
	key   []byte
}

// build explores every state reachable from the start.
func (b *builder) build() error {
	b.all = -1
	if _, err := b.state(nil, b.reduce[prevBegin]); err != nil {
		return err
	}
	for s := 0; s < len(b.pcs); s++ {
		if int32(s) == b.all {
			for m := range b.k {
				b.trans[s*b.k+m] = b.all
			}
			b.accept[s] = true
			continue
		}
		pcs, prev := b.pcs[s], b.prev[s]
		for c := range numCats {
			matched := b.closure(pcs, syntax.EmptyOpContext(prevRune[prev], nextRune[c]))
			for _, m := range b.a.byCat[c] {
				var t int32
				var err error
				if matched {
					t, err = b.allState()
				} else {
					t, err = b.step(int(m), uint8(c))
				}
				if err != nil {
					return err
				}
				b.trans[s*b.k+int(m)] = t // b.trans may have grown
			}
		}
		b.accept[s] = b.closure(pcs, syntax.EmptyOpContext(prevRune[prev], -1))
	}
	return nil
}

// closure computes in b.runes the rune instructions reachable from the
// threads pcs and a new thread at the program start, following the
// empty-width instructions that flags satisfy. It reports whether a
// thread reaches a match.
func (b *builder) closure(pcs []uint32, flags syntax.EmptyOp) bool {
	b.gen++
	if b.gen == 0 { // wrapped: clear the marks
		clear(b.mark)
		b.gen = 1
	}
	b.runes = b.runes[:0]
	b.stack = append(b.stack[:0], uint32(b.prog.Start))
	b.stack = append(b.stack, pcs...)
	for len(b.stack) > 0 {
		pc := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		if b.mark[pc] == b.gen {
			continue
		}
		b.mark[pc] = b.gen
		i := &b.prog.Inst[pc]
		switch i.Op {
		case syntax.InstMatch:
			return true
		case syntax.InstAlt, syntax.InstAltMatch:
			b.stack = append(b.stack, i.Arg, i.Out)
		case syntax.InstCapture, syntax.InstNop:
			b.stack = append(b.stack, i.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(i.Arg)&^flags == 0 {
				b.stack = append(b.stack, i.Out)
			}
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			b.runes = append(b.runes, pc)
		}
	}
	return false
}

// step returns the state reached from the rune instructions in b.runes on
// a rune of minterm m, whose category is c.
func (b *builder) step(m int, c uint8) (int32, error) {
	b.next = b.next[:0]
	w, bit := m/64, uint64(1)<<(m%64)
	for _, pc := range b.runes {
		if b.bits[int(pc)*b.words+w]&bit != 0 {
			b.next = append(b.next, b.prog.Inst[pc].Out)
		}
	}
	slices.Sort(b.next)
	b.next = slices.Compact(b.next)
	return b.state(b.next, b.reduce[c])
}

// state returns the state with waiting threads pcs after a rune of
// category prev, adding it if it is new.
func (b *builder) state(pcs []uint32, prev uint8) (int32, error) {
	b.key = append(b.key[:0], prev)
	for _, pc := range pcs {
		b.key = binary.AppendUvarint(b.key, uint64(pc))
	}
	if s, ok := b.index[string(b.key)]; ok {
		return s, nil
	}
	s, err := b.add()
	if err != nil {
		return 0, err
	}
	b.index[string(b.key)] = s
	b.pcs[s] = slices.Clone(pcs)
	b.prev[s] = prev
	return s, nil
}

// allState returns the absorbing accepting state.
func (b *builder) allState() (int32, error) {
	if b.all < 0 {
		s, err := b.add()
		if err != nil {
			return 0, err
		}
		b.all = s
	}
	return b.all, nil
}

// add adds a state and returns it.
func (b *builder) add() (int32, error) {
	s := len(b.pcs)
	if s >= b.budget {
		return 0, ErrBudget
	}
	b.pcs = append(b.pcs, nil)
	b.prev = append(b.prev, 0)
	b.accept = append(b.accept, false)
	b.trans = append(b.trans, make([]int32, b.k)...)
	return int32(s), nil
}
