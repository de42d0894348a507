package hooktable

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/runtime"
)

// DFABudget is the most states hooktable.Generated builds for one automaton, and
// DFABytes the largest encoding of one it keeps: a matcher whose automaton
// is larger keeps the runtime's other matchers, or the automata of its
// parts (design.md 63).
var (
	DFABudget = 4096
	DFABytes  = 128 << 10
)

// withDFAs gives the matchers of rules whose language is fixed automata
// (design.md 63): it returns a copy of rules whose matchers refer to them,
// and the automata encoded for Table.DFAs; and the same for secrets
// (Table.Secrets).
//
// A matcher made of others (any of, not) gets one automaton for all of it
// when its parts are read from the same place (runtime.DFALanguage): the
// whole value, or a path after the same place. An any-of whose parts are
// read from several places, or whose automaton would be too large, gets a
// part list: automata for its parts read from one place, each for as many
// as the budget allows. Its other parts, and those of a not that cannot
// have one, get their own. Equal entries are encoded once.
func withDFAs(patterns []string, rules []runtime.Rule, secrets runtime.List) ([]runtime.Rule, runtime.List, string, error) {
	c := dfaCompiler{patterns: patterns, built: make(map[string]*runtime.DFA), index: make(map[string]int32)}
	rules = slices.Clone(rules)
	for i := range rules {
		c.rule(&rules[i])
	}
	c.list(&secrets, true)
	if c.err != nil {
		return nil, runtime.List{}, "", c.err
	}
	if len(c.dfas) == 0 {
		return rules, secrets, "", nil
	}
	return rules, secrets, runtime.EncodeDFAs(c.dfas), nil
}

type dfaCompiler struct {
	patterns []string
	dfas     []runtime.DFA
	built    map[string]*runtime.DFA // automaton of a matcher (by key); nil if too large
	index    map[string]int32        // encoded automaton to its index in dfas
	err      error
}

// rule visits every matcher of r (runtime.WalkMatchers), copying what
// holds them: the rules given to withDFAs stay as they are.
func (c *dfaCompiler) rule(r *runtime.Rule) {
	runtime.CloneConds(r)
	runtime.WalkMatchers(r, func(cd *runtime.Cond, _ string, s *runtime.Str) { c.str(s, cd.Paths) })
}

// list visits the matchers of a list outside rules (Table.Secrets),
// copying what holds them.
func (c *dfaCompiler) list(l *runtime.List, path bool) {
	l.Conds = slices.Clone(l.Conds)
	for i := range l.Conds {
		lc := &l.Conds[i]
		c.str(&lc.Elem, path)
		lc.Prefix = slices.Clone(lc.Prefix)
		for j := range lc.Prefix {
			c.str(&lc.Prefix[j], path)
		}
	}
}

// A place is where the automaton of a matcher starts reading: the
// whole value (runtime.AtNone), or a path after a place.
type place struct {
	at          runtime.Anchor
	whole, fold bool
}

// placeOf returns the place every part of s is read from; ok is false if
// s has parts without a fixed language, or parts read from several places.
// For a word that is certain (neither dynamic nor a glob that an allow
// rule is unsure of), any, none and dynamic are languages too: every
// value, no value, no value.
func (c *dfaCompiler) placeOf(s *runtime.Str, path bool) (p place, ok bool) {
	switch s.Op {
	case runtime.StrAny, runtime.StrNone, runtime.StrDynamic:
		return place{}, true
	case runtime.StrOr:
		for i := range s.Subs {
			q, ok := c.placeOf(&s.Subs[i], path)
			if !ok || i > 0 && q != p {
				return place{}, false
			}
			p = q
		}
		return p, len(s.Subs) > 0
	case runtime.StrNot:
		if len(s.Subs) != 1 {
			return place{}, false // a broken table, which the hook reports
		}
		// not an anchored language is not an anchored language
		p, ok = c.placeOf(&s.Subs[0], path)
		return p, ok && p == place{}
	}
	_, at, whole, ok := runtime.DFALanguage(c.patterns, s, path)
	if !ok {
		return place{}, false
	}
	if at != runtime.AtNone {
		p = place{at, whole, s.Fold}
	}
	return p, true
}

// worth reports whether an automaton would match s faster than its own
// matchers: s holds a regular expression, a glob or an exact value that
// folds case, or combines several matchers.
func worth(s *runtime.Str) bool {
	switch s.Op {
	case runtime.StrRe, runtime.StrGlob:
		return true
	case runtime.StrExact:
		return s.Fold
	case runtime.StrOr:
		// Many exact values: one automaton reads the word once, and the
		// values stay out of the hook's pointer-rich data (design.md 381).
		return len(s.Subs) >= 4 || anyWorth(s.Subs)
	case runtime.StrNot:
		return anyWorth(s.Subs)
	}
	return false
}

func anyWorth(ss []runtime.Str) bool {
	for i := range ss {
		if worth(&ss[i]) {
			return true
		}
	}
	return false
}

// str gives s an automaton if it is worth one and small enough, else a
// part list if it is an any-of, and its parts (those no part list stands
// for) their own in turn.
func (c *dfaCompiler) str(s *runtime.Str, path bool) {
	if c.err != nil {
		return
	}
	s.Subs = slices.Clone(s.Subs)
	if p, ok := c.placeOf(s, path); ok && worth(s) && c.give(s, path, p) {
		return
	}
	var covered uint64
	if s.Op == runtime.StrOr {
		covered = c.split(s, path)
	}
	for i := range s.Subs {
		if i >= 64 || covered&(1<<i) == 0 {
			c.str(&s.Subs[i], path)
		}
	}
}

// split gives the any-of s a part list: automata for its parts (among the
// first 64) read from the same place, one for all of them if the budgets
// allow, else for each half, and so on. It returns the parts they stand
// for.
func (c *dfaCompiler) split(s *runtime.Str, path bool) (covered uint64) {
	var places []place
	groups := make(map[place][]int)
	for i := range min(len(s.Subs), 64) {
		p, ok := c.placeOf(&s.Subs[i], path)
		if !ok {
			continue
		}
		if groups[p] == nil {
			places = append(places, p)
		}
		groups[p] = append(groups[p], i)
	}
	var parts []runtime.DFAPart
	for _, p := range places {
		parts = c.cover(parts, s.Subs, groups[p], path, p)
	}
	if parts == nil {
		return 0
	}
	for _, p := range parts {
		covered |= p.Subs
	}
	s.DFA = c.entry(&runtime.DFA{Parts: parts}) + 1
	return covered
}

// cover appends to parts automata for the parts idx of an any-of's subs,
// all read from p: one automaton for all of them, or if that is larger
// than the budgets allow, those of each half. A single part is left to
// match on its own.
func (c *dfaCompiler) cover(parts []runtime.DFAPart, subs []runtime.Str, idx []int, path bool, p place) []runtime.DFAPart {
	if len(idx) < 2 {
		return parts
	}
	or := runtime.Str{Op: runtime.StrOr, Subs: make([]runtime.Str, len(idx))}
	var set uint64
	for j, i := range idx {
		or.Subs[j] = subs[i]
		set |= 1 << i
	}
	if !worth(&or) {
		return parts
	}
	if d := c.automatonOf(&or, path, p); d != nil {
		return append(parts, runtime.DFAPart{DFA: int(c.entry(d)), Subs: set})
	}
	h := len(idx) / 2
	parts = c.cover(parts, subs, idx[:h], path, p)
	return c.cover(parts, subs, idx[h:], path, p)
}

// give gives s, all of whose parts are read from p, its automaton, and
// reports whether it could: false if it is larger than the budgets allow.
func (c *dfaCompiler) give(s *runtime.Str, path bool, p place) bool {
	d := c.automatonOf(s, path, p)
	if d == nil {
		return false
	}
	s.DFA = c.entry(d) + 1
	return true
}

// entry returns the index of d in Table.DFAs, adding it if it is new.
func (c *dfaCompiler) entry(d *runtime.DFA) int32 {
	enc := runtime.EncodeDFAs([]runtime.DFA{*d})
	i, ok := c.index[enc]
	if !ok {
		i = int32(len(c.dfas))
		c.index[enc] = i
		c.dfas = append(c.dfas, *d)
	}
	return i
}

// automatonOf returns the automaton of s, all of whose parts are read from
// p, or nil if it is larger than the budgets allow.
func (c *dfaCompiler) automatonOf(s *runtime.Str, path bool, p place) *runtime.DFA {
	key := fmt.Sprintf("%v %v %s", p, path, c.key(s, path))
	d, ok := c.built[key]
	if ok {
		return d
	}
	if s.Op == runtime.StrNot {
		// The complement of a minimal automaton is minimal, and as large.
		d = c.automatonOf(&s.Subs[0], path, p)
		if d != nil {
			d = complement(d)
		}
		c.built[key] = d
		return d
	}
	d, err := c.compile(s, path)
	switch {
	case errors.Is(err, automata.ErrBudget) || err == errTooLarge:
		d = nil
	case err != nil:
		if c.err == nil {
			c.err = err
		}
		d = nil
	default:
		d.At, d.Whole, d.Fold = p.at, p.whole, p.fold
		if len(runtime.EncodeDFAs([]runtime.DFA{*d})) > DFABytes {
			d = nil
		}
	}
	c.built[key] = d
	return d
}

// complement returns the automaton that accepts what d rejects.
func complement(d *runtime.DFA) *runtime.DFA {
	n := *d
	n.Accept = make([]bool, len(d.Accept))
	for q, a := range d.Accept {
		n.Accept[q] = !a
	}
	return &n
}

// key returns a text that only a matcher of the same language has.
func (c *dfaCompiler) key(s *runtime.Str, path bool) string {
	switch s.Op {
	case runtime.StrOr, runtime.StrNot:
		var b strings.Builder
		fmt.Fprintf(&b, "%d(", s.Op)
		for i := range s.Subs {
			b.WriteString(c.key(&s.Subs[i], path))
			b.WriteByte(',')
		}
		b.WriteByte(')')
		return b.String()
	case runtime.StrAny, runtime.StrNone, runtime.StrDynamic:
		return strconv.Itoa(int(s.Op))
	}
	re, _, _, _ := runtime.DFALanguage(c.patterns, s, path)
	return strconv.Quote(re)
}

var errTooLarge = errors.New("automaton too large to encode")

// compile returns the minimal automaton of s, with its minterms merged into
// classes of runes that lead every state to the same state.
func (c *dfaCompiler) compile(s *runtime.Str, path bool) (*runtime.DFA, error) {
	var res []string
	c.regexps(s, path, &res)
	a, err := automata.NewAlphabet(res)
	if err != nil {
		return nil, err
	}
	m, err := c.automaton(a, s, path)
	if err != nil {
		return nil, err
	}
	n, k := m.States(), a.Size()
	if n > runtime.MaxDFAStates {
		return nil, errTooLarge
	}
	// A class is a column of the transition table.
	class := make([]int, k)
	var reps []int // a minterm of each class
	byColumn := make(map[string]int)
	col := make([]byte, 0, 4*n)
	for mt := range k {
		col = col[:0]
		for q := range n {
			col = strconv.AppendInt(col, int64(m.Next(q, mt)), 10)
			col = append(col, ',')
		}
		c, ok := byColumn[string(col)]
		if !ok {
			c = len(reps)
			byColumn[string(col)] = c
			reps = append(reps, mt)
		}
		class[mt] = c
	}
	if len(reps) > runtime.MaxDFAClasses {
		return nil, errTooLarge
	}
	d := &runtime.DFA{Next: make([][]int, n), Accept: make([]bool, n)}
	for q := range n {
		d.Accept[q] = m.Accepts(q)
		d.Next[q] = make([]int, len(reps))
		for c, mt := range reps {
			d.Next[q][c] = m.Next(q, mt)
		}
	}
	a.Intervals(func(lo, _ rune, mt int) {
		if l := len(d.Class); l > 0 && d.Class[l-1] == class[mt] {
			return
		}
		d.Lo = append(d.Lo, lo)
		d.Class = append(d.Class, class[mt])
	})
	return d, nil
}

// regexps appends the regular expressions of the parts of s to res.
func (c *dfaCompiler) regexps(s *runtime.Str, path bool, res *[]string) {
	switch s.Op {
	case runtime.StrOr, runtime.StrNot:
		for i := range s.Subs {
			c.regexps(&s.Subs[i], path, res)
		}
	case runtime.StrAny, runtime.StrNone, runtime.StrDynamic:
	default:
		re, _, _, _ := runtime.DFALanguage(c.patterns, s, path)
		*res = append(*res, re)
	}
}

// automaton returns the DFA over a of s, for a certain word: its value
// is not dynamic (runtime's matcher.str).
func (c *dfaCompiler) automaton(a *automata.Alphabet, s *runtime.Str, path bool) (*automata.DFA, error) {
	switch s.Op {
	case runtime.StrAny:
		return a.All(), nil
	case runtime.StrNone, runtime.StrDynamic:
		return a.Empty(), nil
	case runtime.StrNot:
		d, err := c.automaton(a, &s.Subs[0], path)
		if err != nil {
			return nil, err
		}
		return automata.Complement(d), nil
	case runtime.StrOr:
		u := a.Empty()
		for i := range s.Subs {
			d, err := c.automaton(a, &s.Subs[i], path)
			if err != nil {
				return nil, err
			}
			if u, err = automata.Union(u, d, DFABudget); err != nil {
				return nil, err
			}
		}
		return u, nil
	}
	re, _, _, _ := runtime.DFALanguage(c.patterns, s, path)
	return a.Compile(re, DFABudget)
}
