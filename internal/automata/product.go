package automata

import "fmt"

// A boolOp combines the acceptance of two DFAs in a product.
type boolOp int

const (
	opAnd    boolOp = iota // x ∩ y
	opOr                   // x ∪ y
	opAndNot               // x \ y
)

func (op boolOp) eval(x, y bool) bool {
	switch op {
	case opAnd:
		return x && y
	case opOr:
		return x || y
	}
	return x && !y
}

// Intersect returns the minimal DFA for the strings that both x and y
// accept. The product construction builds at most budget states.
func Intersect(x, y *DFA, budget int) (*DFA, error) {
	same(x, y)
	switch {
	case x.IsEmpty() || y.isAll() || x == y:
		return x, nil
	case y.IsEmpty() || x.isAll():
		return y, nil
	}
	return product(x, y, opAnd, budget)
}

// Union returns the minimal DFA for the strings that x or y accepts. The
// product construction builds at most budget states.
func Union(x, y *DFA, budget int) (*DFA, error) {
	same(x, y)
	switch {
	case x.isAll() || y.IsEmpty() || x == y:
		return x, nil
	case y.isAll() || x.IsEmpty():
		return y, nil
	}
	return product(x, y, opOr, budget)
}

// Difference returns the minimal DFA for the strings that x accepts and y
// rejects. The product construction builds at most budget states.
func Difference(x, y *DFA, budget int) (*DFA, error) {
	same(x, y)
	switch {
	case x.IsEmpty() || y.IsEmpty():
		return x, nil
	case y.isAll() || x == y:
		return x.a.Empty(), nil
	case x.isAll():
		return Complement(y), nil
	}
	return product(x, y, opAndNot, budget)
}

// Subset reports whether every string that x accepts is accepted by y. It
// explores at most budget pairs of states.
func Subset(x, y *DFA, budget int) (bool, error) {
	same(x, y)
	if x.IsEmpty() || y.isAll() || x == y {
		return true, nil
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	// Search the product for a state where x accepts and y rejects,
	// skipping states from which x can accept nothing or y rejects
	// nothing.
	k := x.a.size()
	syms, _ := jointClasses(x, y)
	seen := newPairSet(len(x.accept), len(y.accept))
	seen.set(0, 0, 0)
	queue := [][2]int32{{0, 0}}
	for i := 0; i < len(queue); i++ {
		p, q := queue[i][0], queue[i][1]
		if x.accept[p] && !y.accept[q] {
			return false, nil
		}
		for _, m := range syms {
			p1, q1 := x.trans[int(p)*k+int(m)], y.trans[int(q)*k+int(m)]
			if p1 == x.dead || q1 == y.full {
				continue
			}
			if _, ok := seen.get(p1, q1); ok {
				continue
			}
			if len(queue) >= budget {
				return false, fmt.Errorf("%w: inclusion needs more than %d states", ErrBudget, budget)
			}
			seen.set(p1, q1, 0)
			queue = append(queue, [2]int32{p1, q1})
		}
	}
	return true, nil
}

// product returns the minimal DFA for the product of x and y under op.
func product(x, y *DFA, op boolOp, budget int) (*DFA, error) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	k := x.a.size()
	syms, class := jointClasses(x, y)

	// Pairs whose future is decided (one side is a sink that settles op)
	// all map to one of two constant states, to save budget.
	const (
		undecided = iota
		never
		always
	)
	fate := func(p, q int32) int {
		xs, ys := sink(x, p), sink(y, q)
		switch op {
		case opAnd:
			if xs == 0 || ys == 0 {
				return never
			}
			if xs == 1 && ys == 1 {
				return always
			}
		case opOr:
			if xs == 1 || ys == 1 {
				return always
			}
			if xs == 0 && ys == 0 {
				return never
			}
		case opAndNot:
			if xs == 0 || ys == 1 {
				return never
			}
			if xs == 1 && ys == 0 {
				return always
			}
		}
		return undecided
	}

	ids := newPairSet(len(x.accept), len(y.accept))
	var pairs [][2]int32
	constID := [3]int32{-1, -1, -1}
	var trans []int32
	var accept []bool
	state := func(p, q int32) (int32, error) {
		f := fate(p, q)
		if f != undecided && constID[f] >= 0 {
			return constID[f], nil
		}
		if id, ok := ids.get(p, q); ok {
			return id, nil
		}
		id := int32(len(pairs))
		if int(id) >= budget {
			return 0, fmt.Errorf("%w: product needs more than %d states", ErrBudget, budget)
		}
		if f != undecided {
			constID[f] = id
		} else {
			ids.set(p, q, id)
		}
		pairs = append(pairs, [2]int32{p, q})
		trans = append(trans, make([]int32, k)...)
		accept = append(accept, op.eval(x.accept[p], y.accept[q]))
		return id, nil
	}
	if _, err := state(0, 0); err != nil {
		return nil, err
	}
	for s := 0; s < len(pairs); s++ {
		p, q := pairs[s][0], pairs[s][1]
		if fate(p, q) != undecided {
			for m := range k {
				trans[s*k+m] = int32(s)
			}
			continue
		}
		for _, m := range syms {
			t, err := state(x.trans[int(p)*k+int(m)], y.trans[int(q)*k+int(m)])
			if err != nil {
				return nil, err
			}
			trans[s*k+int(m)] = t
		}
		// Minterms of one joint class share their transitions.
		for m := range k {
			trans[s*k+m] = trans[s*k+int(syms[class[m]])]
		}
	}
	return x.a.canonical(trans, accept), nil
}

// sink returns 0 if q is the rejecting sink of d, 1 if it is the accepting
// sink, and -1 otherwise.
func sink(d *DFA, q int32) int {
	switch q {
	case d.dead:
		return 0
	case d.full:
		return 1
	}
	return -1
}

// jointClasses groups the minterms into classes that neither x nor y tells
// apart. It returns the first minterm of each class, in increasing order,
// and the class of each minterm.
func jointClasses(x, y *DFA) (syms, class []int32) {
	index := make(map[[2]int32]int32)
	class = make([]int32, len(x.cls))
	for m := range x.cls {
		c := [2]int32{x.cls[m], y.cls[m]}
		id, ok := index[c]
		if !ok {
			id = int32(len(syms))
			index[c] = id
			syms = append(syms, int32(m))
		}
		class[m] = id
	}
	return syms, class
}

// A pairSet maps pairs of states to int32 values: a dense table for small
// products, else an open-addressing hash table, which a product of tens of
// thousands of states probes several times per state (a Go map there took
// a fifth of vet's time on the reference guard).
type pairSet struct {
	ny    int
	dense []int32 // value+1 of pair (p, q) at p*ny+q, or 0 if absent

	keys []uint64 // (p+1)<<32 | q, or 0 for an empty slot
	vals []int32
	n    int
}

func newPairSet(nx, ny int) *pairSet {
	if nx*ny <= 1<<16 {
		return &pairSet{ny: ny, dense: make([]int32, nx*ny)}
	}
	return &pairSet{keys: make([]uint64, 1<<12), vals: make([]int32, 1<<12)}
}

func pairKey(p, q int32) uint64 { return uint64(p+1)<<32 | uint64(uint32(q)) }

// slot returns the slot of key k: where it is, or the empty slot where
// it goes.
func (s *pairSet) slot(k uint64) int {
	mask := len(s.keys) - 1
	i := int((k * 0x9E3779B97F4A7C15) >> 32 & uint64(mask))
	for s.keys[i] != 0 && s.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

func (s *pairSet) get(p, q int32) (int32, bool) {
	if s.dense != nil {
		v := s.dense[int(p)*s.ny+int(q)]
		return v - 1, v > 0
	}
	i := s.slot(pairKey(p, q))
	return s.vals[i], s.keys[i] != 0
}

func (s *pairSet) set(p, q, v int32) {
	if s.dense != nil {
		s.dense[int(p)*s.ny+int(q)] = v + 1
		return
	}
	k := pairKey(p, q)
	i := s.slot(k)
	if s.keys[i] == 0 {
		if 2*(s.n+1) > len(s.keys) {
			s.grow()
			i = s.slot(k)
		}
		s.keys[i] = k
		s.n++
	}
	s.vals[i] = v
}

// grow doubles the table.
func (s *pairSet) grow() {
	keys, vals := s.keys, s.vals
	s.keys, s.vals = make([]uint64, 2*len(keys)), make([]int32, 2*len(keys))
	for i, k := range keys {
		if k != 0 {
			j := s.slot(k)
			s.keys[j], s.vals[j] = k, vals[i]
		}
	}
}
