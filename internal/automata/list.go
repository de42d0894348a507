package automata

import (
	"encoding/binary"
	"fmt"
)

// Lists of strings are encoded as strings: each element followed by a
// separator symbol, e1 SEP e2 SEP ... en SEP, so that the empty list is the
// empty string. The functions below lift a language of elements to a
// language of lists. The element languages are read between separators
// (an element automaton never reads SEP); the results accept only
// encodings that end with SEP, or the empty string, but put no other
// restriction on the elements: intersect with ListAll(universe) to keep
// the lists of well-formed elements.

// ListAll returns the DFA for the lists whose every element x accepts
// (the empty list included).
func ListAll(x *DFA, sep int) *DFA {
	a := x.a
	k := a.size()
	nx := len(x.accept)
	// State 0 is "between elements", 1..nx are x's states inside an
	// element, nx+1 is failure.
	boundary, fail := int32(0), int32(nx+1)
	trans := make([]int32, (nx+2)*k)
	onSep := func(q int) int32 {
		if x.accept[q] {
			return boundary
		}
		return fail
	}
	for m := range k {
		if m == sep {
			trans[m] = onSep(0)
		} else {
			trans[m] = x.trans[m] + 1
		}
		trans[int(fail)*k+m] = fail
	}
	for q := range nx {
		for m := range k {
			if m == sep {
				trans[(q+1)*k+m] = onSep(q)
			} else {
				trans[(q+1)*k+m] = x.trans[q*k+m] + 1
			}
		}
	}
	accept := make([]bool, nx+2)
	accept[boundary] = true
	return a.canonical(trans, accept)
}

// ListAny returns the DFA for the lists with some element that x accepts.
func ListAny(x *DFA, sep int) *DFA {
	a := x.a
	k := a.size()
	nx := len(x.accept)
	// States 0..nx-1 are x's (state 0 also "between elements"), nx is
	// "found", which then only checks that the encoding ends well: found
	// at a boundary (nx) or inside a later element (nx+1).
	found, inside := int32(nx), int32(nx+1)
	trans := make([]int32, (nx+2)*k)
	for q := range nx {
		for m := range k {
			switch {
			case m != sep:
				trans[q*k+m] = x.trans[q*k+m]
			case x.accept[q]:
				trans[q*k+m] = found
			default:
				trans[q*k+m] = 0
			}
		}
	}
	for m := range k {
		if m == sep {
			trans[int(found)*k+m] = found
			trans[int(inside)*k+m] = found
		} else {
			trans[int(found)*k+m] = inside
			trans[int(inside)*k+m] = inside
		}
	}
	accept := make([]bool, nx+2)
	accept[found] = true
	return a.canonical(trans, accept)
}

// ListPrefix returns the DFA for the lists that, once the elements skip
// accepts are left out, have at least len(elems) elements, element i
// accepted by elems[i]. skip may be nil: no element is left out.
// The construction builds at most budget states.
func ListPrefix(skip *DFA, elems []*DFA, sep int, budget int) (*DFA, error) {
	if len(elems) == 0 {
		panic("automata: ListPrefix with no elements")
	}
	a := elems[0].a
	if skip == nil {
		skip = a.Empty()
	}
	for _, e := range elems {
		same(skip, e)
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	k := a.size()
	// A state is (i, skip state, elems[i] state), plus done and fail.
	type st struct{ i, s, x int32 }
	index := make(map[string]int32)
	var states []st
	var trans []int32
	var accept []bool
	newState := func(acc bool) int32 {
		s := int32(len(accept))
		accept = append(accept, acc)
		trans = append(trans, make([]int32, k)...)
		return s
	}
	// The start state must be state 0: build it first, then done and
	// fail.
	var key []byte
	get := func(v st) (int32, error) {
		key = binary.AppendUvarint(key[:0], uint64(v.i))
		key = binary.AppendUvarint(key, uint64(v.s))
		key = binary.AppendUvarint(key, uint64(v.x))
		if s, ok := index[string(key)]; ok {
			return s, nil
		}
		if len(accept) >= budget {
			return 0, fmt.Errorf("%w: list prefix needs more than %d states", ErrBudget, budget)
		}
		s := newState(false)
		index[string(key)] = s
		states = append(states, v)
		return s, nil
	}
	if _, err := get(st{0, 0, 0}); err != nil {
		return nil, err
	}
	done := newState(true)
	states = append(states, st{-1, 0, 0})
	fail := newState(false)
	states = append(states, st{-2, 0, 0})
	for m := range k {
		trans[int(done)*k+m] = done
		trans[int(fail)*k+m] = fail
	}
	for s := 0; s < len(states); s++ {
		v := states[s]
		if v.i < 0 {
			continue
		}
		x := elems[v.i]
		for m := range k {
			var t int32
			var err error
			if m == sep {
				switch {
				case skip.accept[v.s]:
					t, err = get(st{v.i, 0, 0})
				case x.accept[v.x]:
					if int(v.i)+1 == len(elems) {
						t = done
					} else {
						t, err = get(st{v.i + 1, 0, 0})
					}
				default:
					t = fail
				}
			} else {
				t, err = get(st{v.i, skip.trans[int(v.s)*k+m], x.trans[int(v.x)*k+m]})
			}
			if err != nil {
				return nil, err
			}
			trans[s*k+m] = t
		}
	}
	// done accepts any continuation: intersecting with ListAll(universe)
	// keeps exactly the well-formed lists.
	return a.canonical(trans, accept), nil
}
