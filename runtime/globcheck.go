package runtime

// GlobMatch reports whether the glob pat matches all of s, folding case if
// fold, exactly as rules match globs: by the compiled glob program, not by
// the regular expression of GlobRegexp (a glob that is not valid matches
// nothing). It lets other matchers, such as vet's automata, be checked
// against the runtime's.
func GlobMatch(pat string, fold bool, s string) bool {
	return compileGlob(pat, fold).Match(s)
}
