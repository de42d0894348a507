package gen

import (
	"errors"
	"slices"
	"strconv"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/runtime"
)

// DFABudget is the most states hookc gen builds for the automaton of one
// matcher; a matcher that needs more keeps the runtime's other matchers
// (design.md 56).
var DFABudget = 2000

// withDFAs gives every matcher of rules whose language is fixed an
// automaton (runtime.DFALanguage): it returns a copy of rules whose
// matchers refer to their automata, and the automata encoded for
// Table.DFAs. Equal languages share one automaton.
func withDFAs(patterns []string, rules []runtime.Rule) ([]runtime.Rule, string, error) {
	c := dfaCompiler{patterns: patterns, index: make(map[string]int32)}
	rules = slices.Clone(rules)
	for i := range rules {
		c.rule(&rules[i])
	}
	if c.err != nil {
		return nil, "", c.err
	}
	if len(c.dfas) == 0 {
		return rules, "", nil
	}
	return rules, runtime.EncodeDFAs(c.dfas), nil
}

type dfaCompiler struct {
	patterns []string
	dfas     []runtime.DFA
	index    map[string]int32 // language to index in dfas, -1 for none
	err      error
}

// rule visits every matcher of r, copying what holds them: the rules
// given to withDFAs stay as they are.
func (c *dfaCompiler) rule(r *runtime.Rule) {
	c.str(&r.Event, false)
	c.str(&r.Tool, false)
	r.Input = slices.Clone(r.Input)
	for i := range r.Input {
		c.str(&r.Input[i].Str, false)
	}
	c.list(&r.Path, true)
	c.list(&r.Reads, true)
	c.list(&r.Writes, true)
	if r.Cmd != nil {
		cmd := *r.Cmd
		r.Cmd = &cmd
		c.str(&cmd.Name, false)
		c.str(&cmd.Line, false)
		for _, l := range [...]*runtime.List{&cmd.Args, &cmd.Flags, &cmd.Words, &cmd.Wrappers, &cmd.Assigns, &cmd.Producers} {
			c.list(l, false)
		}
	}
	r.Env = slices.Clone(r.Env)
	for i := range r.Env {
		c.str(&r.Env[i].Value, false)
	}
	c.str(&r.AgentType, false)
	c.str(&r.PermissionMode, false)
}

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

func (c *dfaCompiler) str(s *runtime.Str, path bool) {
	s.Subs = slices.Clone(s.Subs)
	for i := range s.Subs {
		c.str(&s.Subs[i], path)
	}
	re, at, whole, ok := runtime.DFALanguage(c.patterns, s, path)
	if !ok || c.err != nil {
		return
	}
	key := strconv.Itoa(int(at)) + strconv.FormatBool(whole) + ":" + re
	i, ok := c.index[key]
	if !ok {
		d, err := compileDFA(re)
		switch {
		case errors.Is(err, automata.ErrBudget) || err == errTooLarge:
			i = -1
		case err != nil:
			c.err = err
			return
		default:
			d.At, d.Whole = at, whole
			i = int32(len(c.dfas))
			c.dfas = append(c.dfas, *d)
		}
		c.index[key] = i
	}
	if i >= 0 {
		s.DFA = i + 1
	}
}

var errTooLarge = errors.New("automaton too large to encode")

// compileDFA returns the minimal automaton of the Go regular expression re,
// with its minterms merged into classes of runes that lead every state to
// the same state.
func compileDFA(re string) (*runtime.DFA, error) {
	a, err := automata.NewAlphabet([]string{re})
	if err != nil {
		return nil, err
	}
	m, err := a.Compile(re, DFABudget)
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
