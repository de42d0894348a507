package paths

import "hookc.dev/hookc/runtime/schema"

// The glob matcher's names the runtime's facade uses (design.md 348): the
// matcher moved here whole and keeps its own spelling.

// A GlobProg is a compiled glob.
type GlobProg = globProg

// CompileGlob compiles pat, with (?i) semantics if fold.
func CompileGlob(pat string, fold bool) *GlobProg { return compileGlob(pat, fold) }

// Match reports whether the glob matches s.
func (g *globProg) Match(s string) bool { return g.match(s) }

// Under reports whether the glob matches some path at or below the
// directory dir, and whether it matches every one of them.
func (g *globProg) Under(dir string) (some, all bool) { return g.under(dir) }

// Prefix is the literal prefix every match starts with.
func (g *globProg) Prefix() string { return g.prefix }

// GlobFor returns the compiled glob for key, which is the pattern after a
// byte saying whether it folds case ('i') or not ('-').
func GlobFor(key []byte) *GlobProg { return globFor(key) }

// StrGlobFor returns the glob cached for s, or nil.
func StrGlobFor(s *schema.Str, path bool, root, home string) *GlobProg {
	return strGlobFor(s, path, root, home)
}

// StrGlobAdd caches g as the glob of s.
func StrGlobAdd(s *schema.Str, path bool, root, home string, g *GlobProg) {
	strGlobAdd(s, path, root, home, g)
}

// FoldEq reports whether r is l under simple case folding, as (?i)
// matches a literal.
func FoldEq(l, r rune) bool { return foldEq(l, r) }
