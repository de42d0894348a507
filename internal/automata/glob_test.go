package automata

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/paths"
)

var testGlobs = []string{
	"*.go", "/**/.env", "**/.env", "~/.ssh/**", "**/*.pem", "a/**/b", "{a,b}/*.x",
	"[!a]*", "[^a]?", "[a-c]?", "**", "*", "?", "src/**/test_*.go", "**/.env.*",
	"[/]x", "x[/a]", `\*`, "é*", "{*.go,**/*.md}", "/etc/{passwd,shadow}",
	"**/node_modules/**", ".git/**", "*.{pem,key}", "**/id_*", "**/.env{,.local}",
	"/dev/sd*", "{a,{b,c}x}*", "[.-/]*", "**/*", "a/*/b/**", "[[]x", "[]]x",
	"**/.ssh/*", "~/.aws/credentials", "/project/**/*.{js,ts}", "*/*", "[!/]x",
}

// globPath returns a random path made of pieces that the test globs care
// about.
func globPath(r *rand.Rand) string {
	pieces := []string{
		"a", "b", "c", "x", "/", "/", ".", "..", "env", ".env", ".go", "go", ".md",
		"é", "\n", "*", "-", "_", "[", "]", "id_", "rsa", "node_modules", ".pem",
		"src", "test_", "~", ".ssh", "etc", "passwd", "dev", "sd", ".local",
	}
	var b strings.Builder
	for range r.IntN(7) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestGlobs checks that the automaton of every glob's paths.GlobRegexp
// translation agrees with package regexp, alone and over the alphabet of
// all the globs.
func TestGlobs(t *testing.T) {
	t.Parallel()
	var res []string
	for _, g := range testGlobs {
		re, err := paths.GlobRegexp(g)
		if err != nil {
			t.Fatalf("GlobRegexp(%q): %v", g, err)
		}
		res = append(res, re)
	}
	shared := mustAlphabet(t, res...)
	r := rand.New(rand.NewPCG(3, 0))
	pairs := 0
	for i, p := range res {
		re := regexp.MustCompile(p)
		alone := mustCompile(t, mustAlphabet(t, p), p)
		d := mustCompile(t, shared, p)
		paths := []string{"", "/", ".env", "a/.env", "a/b", "x.go", "a/x/b"}
		for range 2000 {
			paths = append(paths, globPath(r))
		}
		for _, s := range paths {
			pairs++
			want := re.MatchString(s)
			if alone.Match(s) != want || d.Match(s) != want {
				t.Errorf("glob %q (%s) on %q: %v, %v; regexp %v", testGlobs[i], p, s, alone.Match(s), d.Match(s), want)
			}
		}
		if w, ok := d.Witness(); ok && !re.MatchString(w) {
			t.Errorf("glob %q: witness %q does not match", testGlobs[i], w)
		}
	}
	t.Logf("%d globs, %d pairs", len(res), pairs)

	// A few relations vet relies on.
	c := func(g string) *DFA {
		re, err := paths.GlobRegexp(g)
		if err != nil {
			t.Fatal(err)
		}
		return mustCompile(t, shared, re)
	}
	if ok, _ := Subset(c("/**/.env"), c("**/.env"), 0); !ok {
		t.Errorf("/**/.env is not within **/.env")
	}
	if ok, _ := Subset(c("**/.env"), c("/**/.env"), 0); ok {
		t.Errorf("**/.env is within /**/.env")
	}
	d, err := Difference(c("**/.env"), c("/**/.env"), 0)
	if w, _ := d.Witness(); err != nil || w != ".env" {
		t.Errorf("**/.env \\ /**/.env: witness %q, %v; want .env", w, err)
	}
}
