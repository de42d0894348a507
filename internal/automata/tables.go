package automata

// Accessors for code that lays a DFA out in its own form, such as hookc
// gen encoding matchers for the hook runtime.

// Intervals calls f for each interval of runes lo to hi, in increasing
// order, with its minterm. The intervals cover every rune but the
// surrogates, which decoding never yields.
func (a *Alphabet) Intervals(f func(lo, hi rune, m int)) {
	for i := range a.lo {
		f(a.lo[i], a.hi[i], int(a.class[i]))
	}
}

// Next returns the state d moves to from state q on a rune of minterm m.
// State 0 is the start.
func (d *DFA) Next(q, m int) int { return int(d.trans[q*d.a.size()+m]) }

// Accepts reports whether state q of d is accepting.
func (d *DFA) Accepts(q int) bool { return d.accept[q] }
