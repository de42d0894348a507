package vet

import (
	"regexp"
	"strings"
	"sync"

	"hookc.dev/hookc/internal/automata"
)

// The runtime judges the words of a program it has no knowledge of by
// their spelling (runtime.Table.JudgesWords, design.md 403): a word, or
// the value of an option's --opt=VALUE, that names a place outside the
// project or is only known when it runs makes the command not known, so
// an allow rule does not decide it. vet holds that judgement as a
// language of words in the test context (project /project, home
// /home/user): outsideWord below. It is a little larger than the
// runtime's judgement, never smaller: a path through /proc or with a ..
// component is outside here even where it comes back into the project
// (src/../x), so an allow rule's box is never larger than what the rule
// decides, and a rule vet finds shadowed by it is (design.md 404).

// outsidePlace matches a place spelled outside the project: a home
// (~, ~/..., ~user/...), an absolute path not below the project root, a path
// with a .. component, or a URL (runtime isURL).
var outsidePlace = `(?:~|` + notBelow(testRoot) + `|(?:\.\.|(?s:.*)/\.\.)(?:/|\z)|[A-Za-z][A-Za-z0-9+.\-]*://)`

// outsideWord matches a static or glob word the runtime judges outside:
// a word that does not start with - and names such a place, an option
// --opt=VALUE whose value does, or an assignment's shape with a ~ bash
// expands.
var outsideWord = `(?s)\A(?:(?:-[^=]*=)?` + outsidePlace + `|` + assignTilde + `)`

// assignTilde matches a word that looks like an assignment with a ~ after
// its = or after a colon in its value, which bash expands in an argument
// too (a=~/x; the runtime's tildeAfterAssign, design.md 434).
var assignTilde = `[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]=]*\])?\+?=(?:.*:)?~`

// notBelow returns a pattern matching an absolute path that is neither
// root nor below it: / followed by anything that does not continue as
// root's rest and then / or the end.
func notBelow(root string) string {
	rest := strings.TrimPrefix(root, "/")
	var b strings.Builder
	b.WriteString("/")
	// At each character of rest: the end, or another character; after
	// the whole of it, any character but /.
	for _, r := range rest {
		q := regexp.QuoteMeta(string(r))
		b.WriteString(`(?:\z|[^` + q + `]|` + q)
	}
	b.WriteString(`[^/]`)
	b.WriteString(strings.Repeat(")", len(rest)))
	return b.String()
}

// wordDims returns the dimensions that hold a unit's words: its
// arguments, options and words, whose elements are each a word of the
// command (or a short option split from one).
func (m *model) wordDims() []int { return []int{m.dArgs, m.dFlags, m.dWords} }

// inProjectWords returns the term of dimension di (one of wordDims) of a
// unit whose every word the runtime judges inside the project: no
// dynamic word, and no static or glob word outsideWord matches. The term
// is computed once per model.
func (m *model) inProjectWords(di int) (int32, error) {
	o := m.inProject[di]
	o.once.Do(func() { o.t, o.err = m.inProjectTerm(di) })
	return o.t, o.err
}

func (m *model) inProjectTerm(di int) (int32, error) {
	d := m.dims[di]
	out, err := d.compile(outsideWord)
	if err != nil {
		return 0, err
	}
	in, err := automata.Difference(d.text, out, m.budget)
	if err != nil {
		return 0, err
	}
	elem, err := automata.Union(automata.Prepend(in, d.sym(symS)), automata.Prepend(in, d.sym(symG)), m.budget)
	if err != nil {
		return 0, err
	}
	return d.intern(automata.ListAll(elem, d.sym(symSep))), nil
}

// A onceTerm is a term computed once.
type onceTerm struct {
	once sync.Once
	t    int32
	err  error
}
