package runtime

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/paths"
)

// globByRegexp is the reference: the glob's GlobRegexp translation, as the
// runtime matched globs before it had a matcher of its own.
func globByRegexp(pat string, fold bool) func(string) bool {
	src, err := paths.GlobRegexp(pat)
	if err != nil {
		return func(string) bool { return false }
	}
	if fold {
		src = "(?i)" + src
	}
	re := regexp.MustCompile(src)
	return re.MatchString
}

var globMatchPatterns = []string{
	"**", "*", "?", "**/.env", "**/.env.*", "**/*.pem", "~/.ssh/**", "/home/u/.ssh/**", "/p/*/**", "/p/./x",
	"/p/src/**/*.go", "a/**/b", "a/**", "**/b", "**/**", "a/**/**", "**/**/b", "a\\/**", "a{b,c}d", "{a,b/**}",
	"{**/x,y}", "x/{**}", "x/{/**}", "{a,/**}", "{}", "{a,}", "a{b{c,d},e}f", "[abc]", "[!abc]", "[^a-c]x",
	"[a-z]*.txt", "[/]", "[!/]", "[a/b]", "[.-0]", "[]]", "[!]]", "[\\]]", "[é-ü]?", "\\*", "\\", "a\\",
	"***", "a**", "**a", "a/**b", "[", "[a", "{a", "{[}],x}", "{[\\],x}", "", "é*", "K", "k*", "[k]", "[!k]",
	"\ufffd", "a\ufffd*", "[\ufffd]", "ſ", "/dev/sd*", "*.{go,mod}", "**/id_rsa*", "~/.aws/credentials",
	"{{{{{{{{{{{a}}}}}}}}}}}", "{{{{{{{{{{a}}}}}}}}}}", "a/**/b/**/c", "/**", "/*", "./*/**",
}

var globMatchTexts = []string{
	"", "/", "a", "b", "ab", "abd", "acd", "ad", ".env", "x/.env", "/p/.env", "/p/.env.local", "/p/a/b/c.pem",
	"/home/u/.ssh", "/home/u/.ssh/", "/home/u/.ssh/id_rsa", "/home/u/.sshx", "/p", "/p/", "/p/x", "/p/x/y",
	"/p/src/main.go", "/p/src/a/b/c.go", "a/b", "a/x/b", "a//b", "a/x/y/b", "a", "a/", "b/b", "x", "y", "x/x",
	"x/", "x//", "k", "K", "\u212a", "ſ", "s", "S", "é", "É", "ü", "]", "!", "/dev/sda", "/dev/sd", "main.go",
	"go.mod", "a.txt", "z.txt", "A.TXT", "a/x.txt", "-", ".", "0", "\xff", "a\xff", "\ufffd", "a\ufffdb",
	"id_rsa.pub", "/x/id_rsa", "a/b/c", "*", "\\", "a\nb", "\n", "a/b/x/b/y/c", "/home/u/.aws/credentials",
}

func TestGlobMatchRegexp(t *testing.T) {
	for _, pat := range globMatchPatterns {
		for _, fold := range []bool{false, true} {
			want := globByRegexp(pat, fold)
			g := compileGlob(pat, fold)
			for _, s := range globMatchTexts {
				if got, w := g.Match(s), want(s); got != w {
					t.Errorf("glob %q fold %v on %q: got %v, regexp says %v", pat, fold, s, got, w)
				}
			}
		}
	}
}

// TestGlobMatchRandom checks random globs over a small alphabet against
// random texts.
func TestGlobMatchRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	patAtoms := []string{"a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "{a,b}", "{a/**,b}", "\\*", "K", "é", ".", "[a-c]", "{,x}",
		"s", "k", "[k-s]", "[!S]", "ſ", "\u212a"}
	textAtoms := []string{"a", "b", "/", "*", "k", "K", "é", "É", ".", "c", "x", "\xff", "s", "S", "ſ", "\u212a", "\xe2\x84"}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		var pb strings.Builder
		for range 1 + rng.IntN(6) {
			pb.WriteString(patAtoms[rng.IntN(len(patAtoms))])
		}
		pat := pb.String()
		fold := rng.IntN(4) == 0
		want := globByRegexp(pat, fold)
		g := compileGlob(pat, fold)
		for range 20 {
			var tb strings.Builder
			for range rng.IntN(8) {
				tb.WriteString(textAtoms[rng.IntN(len(textAtoms))])
			}
			s := tb.String()
			if got, w := g.Match(s), want(s); got != w {
				t.Fatalf("glob %q fold %v on %q: got %v, regexp says %v", pat, fold, s, got, w)
			}
		}
	}
}

func FuzzGlobMatch(f *testing.F) {
	for i, p := range globMatchPatterns {
		f.Add(p, globMatchTexts[i%len(globMatchTexts)], i%3 == 0)
	}
	f.Fuzz(func(t *testing.T, pat, s string, fold bool) {
		if len(pat) > 64 || len(s) > 256 {
			return
		}
		if got, w := compileGlob(pat, fold).Match(s), globByRegexp(pat, fold)(s); got != w {
			t.Fatalf("glob %q fold %v on %q: got %v, regexp says %v", pat, fold, s, got, w)
		}
	})
}

// TestGlobUnder checks the compiled glob's trees: whether some or every
// path at or below a directory matches.
func TestGlobUnder(t *testing.T) {
	for _, c := range []struct {
		pat       string
		fold      bool
		dir       string
		some, all bool
	}{
		{"/{,x}/K/", false, "/x", true, false}, // the tree reaches into the literal suffix
		{"/{,x}/K/", true, "/X", true, false},
		{"/{,x}/K/", false, "/y", false, false},
		{"/a/b.go", false, "/a", true, false},
		{"/a/b.go", false, "/a/b.go", true, false},
		{"/a/b.go", false, "/a/c", false, false},
		{"/p/**", false, "/p", true, true},
		{"/p/**", false, "/p/x", true, true},
		{"/p/**", false, "/", true, false},
		{"**/.env", false, "/p", true, false},
		{"/p/*.go", false, "/p/x", false, false},
		{"/P/*.GO", true, "/p", true, false},
	} {
		g := compileGlob(c.pat, c.fold)
		if some, all := g.Under(c.dir); some != c.some || all != c.all {
			t.Errorf("glob %q fold %v under %q: some %v all %v, want %v %v", c.pat, c.fold, c.dir, some, all, c.some, c.all)
		}
	}
}
