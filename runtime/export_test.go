package runtime

import "hookc.dev/hookc/runtime/payload"

// Exported to the tests of package runtime_test, which may import hookc
// gen and internal/automata (which import this package).

var (
	GlobMatchPatterns = globMatchPatterns
	GlobMatchTexts    = globMatchTexts
	ReProgPatterns    = reProgPatterns
	ReProgTexts       = reProgTexts
)

// Places are the places path globs are anchored at.
type Places struct{ Root, Home, Hook, Policy string }

// StrMatcher returns a function that matches a word w against a matcher s
// of t as a deny rule does, in a path condition if path, in a call at the
// places pl: 0 for no, 1 for maybe, 2 for yes.
func StrMatcher(t *Table, pl Places) func(s *Str, w Word, path bool) int {
	e := &evaluator{t: t, p: &payload.Payload{}, env: &Env{Policy: pl.Policy}, root: pl.Root, home: pl.Home}
	if pl.Hook != "" {
		e.env.Hook = func() string { return pl.Hook }
	}
	m := matcher{e: e, opt: true}
	return func(s *Str, w Word, path bool) int { return int(m.str(s, w, path)) }
}

// RgTypes are the ripgrep types the file filter model knows.
var RgTypes = func() map[string]string {
	m := map[string]string{}
	for _, t := range rgTypes {
		m[t[0]] = t[1]
	}
	return m
}()
