package automata

import "slices"

// canonical returns the canonical minimal DFA for the complete DFA with the
// given tables, whose start state is 0.
func (a *Alphabet) canonical(trans []int32, accept []bool) *DFA {
	k := a.size()
	n := len(accept)
	_, syms := columns(trans, n, k)
	block, nblocks := hopcroft(trans, accept, k, syms)

	// Number the blocks in breadth-first order from the start, following
	// minterms in order. Blocks that cannot be reached are dropped.
	rep := make([]int32, nblocks) // a state of each block
	for q := n - 1; q >= 0; q-- {
		rep[block[q]] = int32(q)
	}
	id := make([]int32, nblocks)
	for i := range id {
		id[i] = -1
	}
	id[block[0]] = 0
	queue := []int32{block[0]}
	out := make([]int32, 0, nblocks*k)
	for i := 0; i < len(queue); i++ {
		q := int(rep[queue[i]])
		for m := range k {
			b := block[trans[q*k+m]]
			if id[b] < 0 {
				id[b] = int32(len(queue))
				queue = append(queue, b)
			}
			out = append(out, id[b])
		}
	}
	acc := make([]bool, len(queue))
	for i, b := range queue {
		acc[i] = accept[rep[b]]
	}
	return newDFA(a, out, acc)
}

// columns groups the k minterms of the DFA with n states and transitions
// trans into classes of minterms that lead from every state to the same
// state. It returns the class of each minterm and the first minterm of each
// class.
func columns(trans []int32, n, k int) (cls, syms []int32) {
	const prime64 = 1099511628211
	hash := make([]uint64, k)
	for q := range n {
		for m, t := range trans[q*k : (q+1)*k] {
			hash[m] = (hash[m] ^ uint64(uint32(t))) * prime64
		}
	}
	sameColumn := func(m1, m2 int) bool {
		for q := range n {
			if trans[q*k+m1] != trans[q*k+m2] {
				return false
			}
		}
		return true
	}
	cls = make([]int32, k)
	byHash := make(map[uint64][]int32)
next:
	for m := range k {
		for _, c := range byHash[hash[m]] {
			if sameColumn(m, int(syms[c])) {
				cls[m] = c
				continue next
			}
		}
		c := int32(len(syms))
		cls[m] = c
		syms = append(syms, int32(m))
		byHash[hash[m]] = append(byHash[hash[m]], c)
	}
	return cls, syms
}

// hopcroft partitions the states of a complete DFA into classes of
// equivalent states with Hopcroft's algorithm, considering only the
// minterms syms (the others must behave like one of them). It returns the
// class of each state and the number of classes.
func hopcroft(trans []int32, accept []bool, k int, syms []int32) ([]int32, int) {
	n := len(accept)
	ns := len(syms)

	// The predecessors of state t on symbol j are
	// pred[off[j*n+t]:off[j*n+t+1]].
	off := make([]int32, ns*n+1)
	for q := range n {
		for j, m := range syms {
			off[j*n+int(trans[q*k+int(m)])+1]++
		}
	}
	for i := 1; i < len(off); i++ {
		off[i] += off[i-1]
	}
	pred := make([]int32, ns*n)
	fill := slices.Clone(off[:len(off)-1])
	for q := range n {
		for j, m := range syms {
			i := j*n + int(trans[q*k+int(m)])
			pred[fill[i]] = int32(q)
			fill[i]++
		}
	}

	p := newPartition(n)
	for q, acc := range accept {
		if acc {
			p.mark(int32(q))
		}
	}
	p.split(func(s, z int32) {})
	if p.nsets == 1 {
		return p.blk, 1
	}

	// The worklist holds splitters: pairs of a class and a symbol,
	// encoded as class*ns + symbol.
	inWork := make([]bool, n*ns)
	var work []int32
	push := func(s int32, j int) {
		w := int(s)*ns + j
		if !inWork[w] {
			inWork[w] = true
			work = append(work, int32(w))
		}
	}
	smaller := int32(0)
	if p.size(1) < p.size(0) {
		smaller = 1
	}
	for j := range ns {
		push(smaller, j)
	}
	var members []int32
	for len(work) > 0 {
		w := work[len(work)-1]
		work = work[:len(work)-1]
		inWork[w] = false
		a, j := w/int32(ns), int(w)%ns
		// Marking reorders the elements of the classes it marks in, a
		// among them: copy a's elements (fewer than their predecessors,
		// whose copy took a tenth of vet's time) before marking.
		members = append(members[:0], p.elems[p.first[a]:p.end[a]]...)
		for _, t := range members {
			for _, q := range pred[off[j*n+int(t)]:off[j*n+int(t)+1]] {
				p.mark(q)
			}
		}
		// Hopcroft's rule: if (s, j) is a splitter still to do, both
		// halves must be; otherwise the smaller half suffices. Either way
		// it is (z, j), because split gives z the smaller half.
		p.split(func(s, z int32) {
			for j := range ns {
				push(z, j)
			}
		})
	}
	return p.blk, int(p.nsets)
}

// A partition is a refinable partition of the states 0..n-1 (Valmari and
// Lehtinen). The elements of class s are elems[first[s]:end[s]]; those
// marked for the next split come first, up to mid[s].
type partition struct {
	elems, loc, blk []int32
	first, end, mid []int32
	touched         []int32 // classes with marked elements
	nsets           int32
}

func newPartition(n int) *partition {
	p := &partition{
		elems: make([]int32, n),
		loc:   make([]int32, n),
		blk:   make([]int32, n),
		first: make([]int32, 1, n),
		end:   make([]int32, 1, n),
		mid:   make([]int32, 1, n),
		nsets: 1,
	}
	for i := range n {
		p.elems[i] = int32(i)
		p.loc[i] = int32(i)
	}
	p.end[0] = int32(n)
	return p
}

func (p *partition) size(s int32) int32 { return p.end[s] - p.first[s] }

// mark marks the element e.
func (p *partition) mark(e int32) {
	s := p.blk[e]
	i, j := p.loc[e], p.mid[s]
	if i < j {
		return // already marked
	}
	if j == p.first[s] {
		p.touched = append(p.touched, s)
	}
	f := p.elems[j]
	p.elems[j], p.loc[e] = e, j
	p.elems[i], p.loc[f] = f, i
	p.mid[s] = j + 1
}

// split splits every class with marked elements into its marked and
// unmarked elements, if both are non-empty, and clears the marks. For each
// split it calls f with the old class s, which keeps the larger part, and
// the new class z, which gets the smaller part.
func (p *partition) split(f func(s, z int32)) {
	for _, s := range p.touched {
		m := p.mid[s]
		if m == p.end[s] {
			p.mid[s] = p.first[s]
			continue
		}
		z := p.nsets
		p.nsets++
		if m-p.first[s] <= p.end[s]-m {
			p.first = append(p.first, p.first[s])
			p.end = append(p.end, m)
			p.first[s] = m
		} else {
			p.first = append(p.first, m)
			p.end = append(p.end, p.end[s])
			p.end[s] = m
		}
		p.mid[s] = p.first[s]
		p.mid = append(p.mid, p.first[z])
		for i := p.first[z]; i < p.end[z]; i++ {
			p.blk[p.elems[i]] = z
		}
		f(s, z)
	}
	p.touched = p.touched[:0]
}
