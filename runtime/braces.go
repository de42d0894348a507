package runtime

import (
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/paths"
)

// maxBraceAlts bounds the spellings braceAlts resolves for one word.
const maxBraceAlts = 64

// braceAlts returns the paths a word that is uncertain only because of a
// brace expansion names, as bash expands it: each spelling resolved as a
// path of its own, with its symlink's target and other spellings. A read
// of .en{v,x} or {link,README.md} then reads the secret .env or the
// link's target (design.md 318). A word with quotes, escapes or
// expansions is left uncertain, and gives none.
func (e *evaluator) braceAlts(w Word, dir Word, read, write bool) []string {
	t := w.Text
	if !strings.Contains(t, "{") || strings.ContainsAny(t, "$`'\"\\") {
		return nil
	}
	spellings, ok := paths.ExpandBracesMax(t, maxBraceAlts)
	if !ok || len(spellings) < 2 {
		return nil
	}
	var out []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, s := range spellings {
		b := e.access(Word{Text: s, Glob: hasGlob([]byte(s))}, dir, read, write)
		if b.w.Dynamic {
			// One spelling only known when it runs (~+/.env): the
			// word stays uncertain (design.md 345).
			return nil
		}
		add(b.w.Text)
		add(b.target)
		for _, alt := range b.alts {
			add(alt)
		}
	}
	return out
}
