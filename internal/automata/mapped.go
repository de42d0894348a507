package automata

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"sync"
	"unicode"
)

// A rune map such as unicode.ToLower relates strings: a policy may match a
// program name and its lower case. Preimage computes {s : h(s) ∈ L}, which
// needs an alphabet whose minterms h maps into minterms: build it with
// NewAlphabetMapped.

// lowerMoved is movedRunes(unicode.ToLower), the map vet uses: a walk of
// every rune costs milliseconds, and an alphabet is built per dimension.
var lowerMoved = sync.OnceValue(func() []rune { return walkMoved(unicode.ToLower) })

// movedRunes returns, as sorted ranges, the runes r with h(r) != r.
func movedRunes(h func(rune) rune) []rune {
	if reflect.ValueOf(h).Pointer() == reflect.ValueOf(unicode.ToLower).Pointer() {
		return slices.Clone(lowerMoved())
	}
	return walkMoved(h)
}

// walkMoved is movedRunes without the cache.
func walkMoved(h func(rune) rune) []rune {
	var out []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r == surrogateMin {
			r = surrogateMax
			continue
		}
		if h(r) != r {
			if n := len(out); n > 0 && out[n-1] == r-1 {
				out[n-1] = r
			} else {
				out = append(out, r, r)
			}
		}
	}
	return out
}

// preimageSet returns {r : h(r) ∈ set}, as normalised ranges, for a set of
// ranges; moved holds the runes h moves.
func preimageSet(set, moved []rune, h func(rune) rune) []rune {
	sorted := normalize(slices.Clone(set))
	in := func(r rune) bool {
		set := sorted
		// set is sorted ranges: find the first whose end is >= r.
		i := sort.Search(len(set)/2, func(k int) bool { return set[2*k+1] >= r })
		return i < len(set)/2 && set[2*i] <= r
	}
	var out []rune
	// Unmoved runes keep their membership.
	out = append(out, subtractRanges(set, moved)...)
	for i := 0; i+1 < len(moved); i += 2 {
		for r := moved[i]; r <= moved[i+1]; r++ {
			if in(h(r)) {
				out = append(out, r, r)
			}
		}
	}
	return normalize(out)
}

// subtractRanges returns the ranges of a less those of b; both sorted and
// disjoint.
func subtractRanges(a, b []rune) []rune {
	var out []rune
	for i := 0; i+1 < len(a); i += 2 {
		lo, hi := a[i], a[i+1]
		for j := 0; j+1 < len(b) && lo <= hi; j += 2 {
			if b[j+1] < lo || b[j] > hi {
				continue
			}
			if b[j] > lo {
				out = append(out, lo, b[j]-1)
			}
			lo = b[j+1] + 1
		}
		if lo <= hi {
			out = append(out, lo, hi)
		}
	}
	return out
}

// NewAlphabetMapped returns an alphabet like NewAlphabetSymbols(patterns,
// symbols) that also tells apart the runes h moves into different minterms,
// so that Preimage(x, h) is exact for DFAs over it; and the set of runes h
// fixes is one of its classes (see Fixed).
func NewAlphabetMapped(patterns []string, symbols int, h func(rune) rune) (*Alphabet, error) {
	sets := [][]rune{wordRanges, newlineRanges}
	for _, p := range patterns {
		n, err := parseNFA(p)
		if err != nil {
			return nil, err
		}
		for _, r := range n.sets {
			if r != nil {
				sets = append(sets, r)
			}
		}
	}
	moved := movedRunes(h)
	sets = append(sets, normalize(moved))
	// Close the sets under preimages: a few rounds reach a fixed point
	// for maps such as case mappings.
	seen := map[string]bool{}
	for _, s := range sets {
		seen[rangesKey(s)] = true
	}
	for round := 0; round < 4; round++ {
		added := false
		for _, s := range sets {
			p := preimageSet(s, moved, h)
			if k := rangesKey(p); !seen[k] {
				seen[k] = true
				sets = append(sets, p)
				added = true
			}
		}
		if !added {
			break
		}
	}
	a := newAlphabet(sets)
	if err := a.checkMapped(moved, h); err != nil {
		return nil, err
	}
	a.runes = len(a.rep)
	for range symbols {
		m := int32(len(a.rep))
		a.rep = append(a.rep, 0xFFFD)
		a.count = append(a.count, 0)
		a.cat = append(a.cat, catOther)
		a.byCat[catOther] = append(a.byCat[catOther], m)
	}
	a.bitLen = (len(a.rep) + 63) / 64
	a.mapped = h
	return a, nil
}

// checkMapped verifies that h maps all the runes of each minterm into one
// minterm.
func (a *Alphabet) checkMapped(moved []rune, h func(rune) rune) error {
	target := make([]int, len(a.rep))
	for i := range target {
		target[i] = -1
	}
	set := func(m, t int) error {
		if target[m] >= 0 && target[m] != t {
			return fmt.Errorf("automata: the alphabet is not closed under the rune map")
		}
		target[m] = t
		return nil
	}
	// Unmoved runes map to their own minterm; a minterm holding both
	// moved and unmoved runes must map the moved ones there too.
	for x := range a.lo {
		m := int(a.class[x])
		lo, hi := a.lo[x], a.hi[x]
		for r := lo; r <= hi; r++ {
			if i := a.searchRanges(moved, r); i < 0 {
				// r is unmoved; skip to the next moved rune or hi.
				next := a.nextMoved(moved, r)
				if err := set(m, m); err != nil {
					return err
				}
				if next < 0 || next > hi {
					break
				}
				r = next - 1
				continue
			}
			if err := set(m, a.minterm(h(r))); err != nil {
				return err
			}
		}
	}
	return nil
}

// searchRanges returns the index of the range of rs holding r, or -1.
func (a *Alphabet) searchRanges(rs []rune, r rune) int {
	lo, hi := 0, len(rs)/2
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case rs[2*mid+1] < r:
			lo = mid + 1
		case rs[2*mid] > r:
			hi = mid
		default:
			return mid
		}
	}
	return -1
}

// nextMoved returns the first rune of rs after r, or -1.
func (a *Alphabet) nextMoved(rs []rune, r rune) rune {
	for i := 0; i+1 < len(rs); i += 2 {
		if rs[i] > r {
			return rs[i]
		}
	}
	return -1
}

// Preimage returns the DFA for {s : h(s) ∈ L(x)}, h applied to each rune,
// symbols unchanged. x's alphabet must have been built by
// NewAlphabetMapped with the same h.
func Preimage(x *DFA) (*DFA, error) {
	a := x.a
	if a.mapped == nil {
		return nil, fmt.Errorf("automata: Preimage over an alphabet without a rune map")
	}
	k := a.size()
	n := len(x.accept)
	trans := make([]int32, n*k)
	for m := range k {
		t := m
		if m < a.numRunes() {
			t = a.minterm(a.mapped(a.rep[m]))
		}
		for q := range n {
			trans[q*k+m] = x.trans[q*k+t]
		}
	}
	return a.canonical(trans, append([]bool(nil), x.accept...)), nil
}

// Fixed returns the DFA of the strings of runes that h leaves unchanged,
// over an alphabet built by NewAlphabetMapped.
func (a *Alphabet) Fixed() *DFA {
	k := a.size()
	trans := make([]int32, 2*k)
	for m := range k {
		trans[m] = 1
		trans[k+m] = 1
		if m < a.numRunes() && a.mapped != nil && a.mapped(a.rep[m]) == a.rep[m] {
			trans[m] = 0
		}
	}
	return a.canonical(trans, []bool{true, false})
}

// Derivative returns the DFA for {s : m·s ∈ L(x)}.
func Derivative(x *DFA, m int) *DFA {
	k := x.a.size()
	n := len(x.accept)
	trans := make([]int32, (n+1)*k)
	copy(trans[k:], x.trans)
	for i := range trans[k:] {
		trans[k+i]++
	}
	start := x.trans[m] + 1
	copy(trans[:k], trans[int(start)*k:int(start+1)*k])
	accept := make([]bool, n+1)
	copy(accept[1:], x.accept)
	accept[0] = x.accept[start-1]
	return x.a.canonical(trans, accept)
}
