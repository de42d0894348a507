package runtime

import (
	"regexp"
	"testing"
)

// TestGitMatchers checks the written-out git option and revision matchers
// against the patterns they stand for, on every word of up to four pieces
// of an alphabet that reaches each alternative and each edge.
func TestGitMatchers(t *testing.T) {
	cases := []struct {
		name  string
		match func(string) bool
		re    string
		parts []string
	}{
		{"gitPatchOpt", gitPatchOpt,
			`^(-p|-u|-W|-c|-m|--cc|--dd|--check|-[UL].*|--(patch|unified|word-diff|color-words|function-context|binary|remerge-diff|diff-merges|textconv|ext-diff|full-diff|submodule|output|pickaxe).*|-[puWcmUL].*|-[^-SGOIln\n][^SGOIln\n]*[puWcmUL].*)$`,
			[]string{"-", "--", "p", "u", "W", "c", "m", "cc", "dd", "check", "U", "L", "patch", "unified", "word-diff", "color-words",
				"function-context", "binary", "remerge-diff", "diff-merges", "textconv", "ext-diff", "full-diff", "submodule",
				"output", "pickaxe", "=3", "\n", "x", "\xff", "R", "S", "O", "n", "z"}},
		{"gitNamesOpt", gitNamesOpt,
			`^(-s|--no-patch|--raw|--numstat|--shortstat|--name-only|--name-status|--summary|--compact-summary|--stat.*|--dirstat.*)$`,
			[]string{"-", "--", "s", "no-patch", "raw", "numstat", "shortstat", "name-only", "name-status", "summary",
				"compact-summary", "stat", "dirstat", "=1", "\n", "x"}},
		{"gitHeadRev", gitHeadRev, `^HEAD([~^][0-9]*)*$`,
			[]string{"HEAD", "H", "~", "^", "0", "12", "x", "\n", "@"}},
		{"gitCommitRev", gitCommitRev,
			`^(HEAD|@|HEAD@\{[0-9]+\}|@\{[0-9]+\}|stash@\{[0-9]+\})([~^][0-9]*)*(\^\{(commit|tree)?\})?$`,
			[]string{"HEAD", "@", "stash", "{", "}", "7", "^", "~", "commit", "tree", "{}", "^{commit}", "@{1}", "x", "\n"}},
	}
	for _, c := range cases {
		re := regexp.MustCompile(c.re)
		n := 0
		var walk func(s string, depth int)
		walk = func(s string, depth int) {
			n++
			if got, want := c.match(s), re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, the pattern says %v", c.name, s, got, want)
			}
			if depth == 4 {
				return
			}
			for _, p := range c.parts {
				walk(s+p, depth+1)
			}
		}
		walk("", 0)
		if testing.Verbose() {
			t.Logf("%s: %d words", c.name, n)
		}
	}
}
