package runtime

import "hookc.dev/hookc/runtime/paths"

// The glob matcher is runtime/paths (design.md 348); these names keep the
// evaluator's spelling.
type globProg = paths.GlobProg

// globJob is a thread of the regexp program's run (regexpprog.go), a pc
// and a position, as the glob matcher's.
type globJob struct{ pc, pos int32 }

func compileGlob(pat string, fold bool) *globProg { return paths.CompileGlob(pat, fold) }
func globFor(key []byte) *globProg                { return paths.GlobFor(key) }
func foldEq(l, r rune) bool                       { return paths.FoldEq(l, r) }

func strGlobFor(s *Str, path bool, root, home string) *globProg {
	return paths.StrGlobFor(s, path, root, home)
}

func strGlobAdd(s *Str, path bool, root, home string, g *globProg) {
	paths.StrGlobAdd(s, path, root, home, g)
}
