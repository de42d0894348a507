package runtime_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// The automata hookc gen gives matchers (design.md 63) are held equal to
// the matchers they replace: regexp.MatchString for regular expressions,
// the compiled glob (itself held equal to GlobRegexp's translation) for
// globs, with and without folding and at every anchor, and strings.
// EqualFold for exact values that fold. A tree (design.md 46) is held to a
// brute-force check on sampled paths below its directory.

const (
	no = iota
	maybe
	yes
)

// generated returns s as hookc gen generates it in a table with the given
// patterns, in a path condition if path, with the generated table.
func generated(t testing.TB, patterns []string, s runtime.Str, path bool) (*runtime.Table, runtime.Str) {
	t.Helper()
	r := runtime.Rule{Name: "r", Decision: runtime.Deny}
	if path {
		r.Path = runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: s}}}
	} else {
		r.Tool = s
	}
	tt, err := hooktable.Generated(&runtime.Table{Patterns: patterns, Rules: []runtime.Rule{r}})
	if err != nil {
		t.Fatalf("%+v: %v", s, err)
	}
	r0 := tt.Packed.Rule(0)
	if path {
		return tt, r0.Path.Conds[0].Elem
	}
	return tt, r0.Tool
}

// placeSets are the roots, homes and hook paths tried: plain, the file
// system root, a trailing slash, and names that fold in odd ways.
var placeSets = []runtime.Places{
	{Root: "/p", Home: "/home/u", Hook: "/opt/h/hook", Policy: "/pol"},
	{Root: "/", Home: "", Hook: "/hook", Policy: "/"},
	{Root: "/wörk/Kit", Home: "/home/ſam/", Hook: "/HOOK/x", Policy: "/p/[x]*{a,b}"},
}

// pathTexts are the paths matched: GlobMatchTexts, and the same below
// each place, spelt as it is and with its case changed.
func pathTexts(pl runtime.Places) []string {
	texts := append([]string(nil), runtime.GlobMatchTexts...)
	for _, p := range []string{pl.Root, pl.Home, pl.Hook, pl.Policy} {
		p = strings.TrimSuffix(p, "/")
		for _, q := range []string{p, strings.ToUpper(p), strings.ReplaceAll(p, "k", "\u212a")} {
			texts = append(texts, q, q+"/")
			for _, s := range runtime.GlobMatchTexts {
				if strings.HasPrefix(s, "/") {
					texts = append(texts, q+s)
				} else {
					texts = append(texts, q+"/"+s)
				}
			}
		}
	}
	return texts
}

// extensions are what trees are sampled with, below their directory.
var extensions = []string{
	"", "a", "b", "x", "K", "é", ".env", ".env.local", "id_rsa", "id_rsa.pub", "a/b", "x/.env", ".ssh/id_rsa",
	"credentials", "main.go", "src/main.go", "\xff", "a.txt", "y/x", "**", "c.pem", "b/b", "home/u/.ssh/id_rsa",
}

// anchored returns the path glob forms of pat: as it is, relative, and
// below each place.
func anchored(pat string) []string {
	out := []string{pat, "~", ".", "@hook", "@policy", "@hook**", "@policyx/" + pat}
	rest := strings.TrimPrefix(pat, "/")
	for _, a := range []string{"~/", "./", "@hook/", "@policy/", ""} {
		out = append(out, a+rest)
	}
	return out
}

// checkStr checks the generated s (gs, in table gt) against s without an
// automaton, in table plain, on texts, and on trees below texts against
// the brute force of match(dir/ext) for each extension.
func checkStr(t *testing.T, plain, gt *runtime.Table, s, gs runtime.Str, path bool, pl runtime.Places, texts []string, trees int, match func(string) bool) {
	t.Helper()
	byDFA, old := runtime.StrMatcher(gt, pl), runtime.StrMatcher(plain, pl)
	for i, x := range texts {
		got := byDFA(&gs, runtime.Word{Text: x}, path)
		if want := triOf(match(x)); got != want {
			t.Fatalf("%+v path %v at %+v on %q: automaton says %d, reference %d", s, path, pl, x, got, want)
		}
		if i >= trees {
			continue
		}
		tree := runtime.Word{Text: x, Tree: true}
		got = byDFA(&gs, tree, path)
		was := old(&s, tree, path)
		some, all := match(x), match(x)
		for _, ext := range extensions {
			p := x + "/" + ext
			if strings.HasSuffix(x, "/") {
				p = x + ext
			}
			m := match(p)
			some, all = some || m, all && m
		}
		switch {
		case got == no && some, got == yes && !all:
			t.Fatalf("%+v path %v at %+v on the tree %q: automaton says %d, but some %v, all %v of the sampled paths match", s, path, pl, x, got, some, all)
		case was == yes && got != yes, was == no && got != no:
			t.Fatalf("%+v path %v at %+v on the tree %q: automaton says %d, the matchers without automata %d", s, path, pl, x, got, was)
		}
	}
}

func triOf(b bool) int {
	if b {
		return yes
	}
	return no
}

func TestDFAGlob(t *testing.T) {
	t.Parallel()
	missing := 0
	for _, pat := range runtime.GlobMatchPatterns {
		for _, path := range []bool{false, true} {
			pats := []string{pat}
			if path {
				pats = anchored(pat)
			}
			for _, p := range pats {
				for _, fold := range []bool{false, true} {
					s := runtime.Str{Op: runtime.StrGlob, S: p, Fold: fold}
					plain := &runtime.Table{}
					gt, gs := generated(t, nil, s, path)
					if gs.DFA == 0 {
						if paths.CheckGlob(p) == nil && !path {
							t.Errorf("the valid glob %q has no automaton", p)
						}
						missing++
						continue
					}
					for _, pl := range placeSets {
						texts := pathTexts(pl)
						if !path {
							texts = runtime.GlobMatchTexts
						}
						trees := len(texts)
						if testing.Short() {
							trees = 40
						}
						ref := runtime.StrMatcher(plain, pl)
						match := func(x string) bool { return ref(&s, runtime.Word{Text: x}, path) == yes }
						checkStr(t, plain, gt, s, gs, path, pl, texts, trees, match)
					}
				}
			}
		}
	}
	t.Logf("%d globs without an automaton (invalid, or @hook** and the like)", missing)
}

// TestDFAGlobRandom checks random globs, anchored at random places, on
// random texts below the places.
func TestDFAGlobRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	patAtoms := []string{"a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "{a,b}", "{a/**,b}", "\\*", "K", "é", ".", "[a-c]", "{,x}",
		"s", "k", "[k-s]", "[!S]", "ſ", "\u212a", "~", "@hook", "./"}
	textAtoms := []string{"a", "b", "/", "*", "k", "K", "é", "É", ".", "c", "x", "\xff", "s", "S", "ſ", "\u212a", "\xe2\x84", "/p", "/P", "/h", "/H/", "~"}
	pl := runtime.Places{Root: "/p", Home: "/h", Hook: "/p/k", Policy: "/pé"}
	n := 3000
	if testing.Short() {
		n = 300
	}
	plain := &runtime.Table{}
	for range n {
		var pb strings.Builder
		for range 1 + rng.IntN(6) {
			pb.WriteString(patAtoms[rng.IntN(len(patAtoms))])
		}
		s := runtime.Str{Op: runtime.StrGlob, S: pb.String(), Fold: rng.IntN(3) == 0}
		path := rng.IntN(3) > 0
		gt, gs := generated(t, nil, s, path)
		if gs.DFA == 0 {
			continue
		}
		var texts []string
		for range 20 {
			var tb strings.Builder
			for range rng.IntN(8) {
				tb.WriteString(textAtoms[rng.IntN(len(textAtoms))])
			}
			texts = append(texts, tb.String())
		}
		ref := runtime.StrMatcher(plain, pl)
		match := func(x string) bool { return ref(&s, runtime.Word{Text: x}, path) == yes }
		checkStr(t, plain, gt, s, gs, path, pl, texts, len(texts), match)
	}
}

func TestDFARegexp(t *testing.T) {
	t.Parallel()
	pats := append([]string{
		`/id_[^/.]+(~|\.(bak|backup|old|orig|save|sav|swp|tmp|copy|[0-9]))?$`,
		`(^|[/:])(\.env(\..*)?|[^/]*\.(pem|key|p12|pfx|ppk)|id_[^/.]+|credentials|\.netrc|\.git-credentials|\.npmrc|\.pypirc|[^/]*_history)$`,
		`(?i)^/home/[^/]+/\.ssh(/|$)`, `\b`, `^/p/x$`, `(?m)^$`,
	}, runtime.ReProgPatterns...)
	texts := append(append([]string(nil), runtime.ReProgTexts...), runtime.GlobMatchTexts...)
	plain := &runtime.Table{}
	for _, pat := range pats {
		re := regexp.MustCompile(pat)
		s := runtime.Str{Op: runtime.StrRe}
		for _, path := range []bool{false, true} {
			gt, gs := generated(t, []string{pat}, s, path)
			if gs.DFA == 0 {
				t.Errorf("%q has no automaton", pat)
				continue
			}
			checkStr(t, plain, gt, s, gs, path, placeSets[0], texts, len(texts), re.MatchString)
		}
	}
}

func TestDFAExactFold(t *testing.T) {
	t.Parallel()
	plain := &runtime.Table{}
	texts := append([]string{"read", "READ", "Read", "ReaD", "straße", "STRASSE", "Straße", "/home/u/.ssh", "/HOME/U/.SSH/x"}, runtime.GlobMatchTexts...)
	for _, v := range []string{"Read", "k", "K", "\u212a", "ſ", "s", "straße", "é", "/home/u/.ssh", "/", "a/b", "\ufffd"} {
		s := runtime.Str{Op: runtime.StrExact, S: v, Fold: true}
		for _, path := range []bool{false, true} {
			gt, gs := generated(t, nil, s, path)
			if gs.DFA == 0 {
				t.Fatalf("%q has no automaton", v)
			}
			match := func(x string) bool { return strings.EqualFold(x, v) }
			checkStr(t, plain, gt, s, gs, path, placeSets[0], texts, len(texts), match)
		}
	}
}

func FuzzDFAGlob(f *testing.F) {
	for i, p := range runtime.GlobMatchPatterns {
		f.Add(p, runtime.GlobMatchTexts[i%len(runtime.GlobMatchTexts)], i%3 == 0, i%2 == 0, uint8(i))
	}
	f.Add("~/.ssh/**", "/home/u/.SSH/id_rsa", true, true, uint8(0))
	f.Add("@hook", "/opt/h/hook", true, true, uint8(0))
	f.Add("./**/*.pem", "/wörk/\u212ait/a.pem", true, true, uint8(2))
	plain := &runtime.Table{}
	f.Fuzz(func(t *testing.T, pat, x string, fold, path bool, places uint8) {
		if len(pat) > 64 || len(x) > 256 {
			return
		}
		s := runtime.Str{Op: runtime.StrGlob, S: pat, Fold: fold}
		gt, gs := generated(t, nil, s, path)
		if gs.DFA == 0 {
			return
		}
		pl := placeSets[int(places)%len(placeSets)]
		ref := runtime.StrMatcher(plain, pl)
		match := func(x string) bool { return ref(&s, runtime.Word{Text: x}, path) == yes }
		checkStr(t, plain, gt, s, gs, path, pl, []string{x, pl.Root + "/" + x, pl.Home + x}, 3, match)
	})
}

func FuzzDFARegexp(f *testing.F) {
	for i, p := range runtime.ReProgPatterns {
		f.Add(p, runtime.ReProgTexts[i%len(runtime.ReProgTexts)])
	}
	plain := &runtime.Table{}
	f.Fuzz(func(t *testing.T, pat, x string) {
		if len(pat) > 64 || len(x) > 256 {
			return
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			return
		}
		s := runtime.Str{Op: runtime.StrRe}
		gt, gs := generated(t, []string{pat}, s, false)
		if gs.DFA == 0 {
			return // beyond the budget
		}
		checkStr(t, plain, gt, s, gs, false, placeSets[0], []string{x}, 1, re.MatchString)
	})
}

// combinedLeaves are the parts random matchers are made of: globs at every
// place, a regular expression, exact values, and any, none and dynamic.
var combinedLeaves = []runtime.Str{
	{Op: runtime.StrGlob, S: "**/.env", Fold: true}, {Op: runtime.StrGlob, S: "**/*.{pem,key}"},
	{Op: runtime.StrGlob, S: "~/.ssh/**", Fold: true}, {Op: runtime.StrGlob, S: "~/.aws/credentials"},
	{Op: runtime.StrGlob, S: "./src/**"}, {Op: runtime.StrGlob, S: "src/*.go", Fold: true}, {Op: runtime.StrGlob, S: "."},
	{Op: runtime.StrGlob, S: "@hook", Fold: true}, {Op: runtime.StrGlob, S: "@policy/**"}, {Op: runtime.StrGlob, S: "@hook**"},
	{Op: runtime.StrGlob, S: "/etc/**"}, {Op: runtime.StrGlob, S: "~", Fold: true}, {Op: runtime.StrGlob, S: "/p/{a,b}/K/"},
	{Op: runtime.StrRe, Re: 0}, {Op: runtime.StrRe, Re: 1},
	{Op: runtime.StrExact, S: "/p/x"}, {Op: runtime.StrExact, S: "/P/SRC", Fold: true},
	{Op: runtime.StrAny}, {Op: runtime.StrNone}, {Op: runtime.StrDynamic},
}

var combinedPatterns = []string{`(^|/)id_[^/.]+$`, `^/home/u/\.ssh(/|$)`}

// randomStr returns a random matcher of any-ofs and nots over
// combinedLeaves.
func randomStr(rng *rand.Rand, depth int) runtime.Str {
	switch n := rng.IntN(6); {
	case depth < 3 && n < 2:
		s := runtime.Str{Op: runtime.StrOr}
		for range 1 + rng.IntN(4) {
			s.Subs = append(s.Subs, randomStr(rng, depth+1))
		}
		return s
	case depth < 3 && n == 2:
		return runtime.Str{Op: runtime.StrNot, Subs: []runtime.Str{randomStr(rng, depth+1)}}
	}
	return combinedLeaves[rng.IntN(len(combinedLeaves))]
}

// TestDFACombined checks random matchers made of others, which hookc gen
// gives one automaton, or splits into parts read from one place each, held
// to the matchers without automata: equal on every certain word and every
// uncertain one, exact on trees.
func TestDFACombined(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	plain := &runtime.Table{Patterns: combinedPatterns}
	// Every place set: where a place is not known (an empty home), the
	// automata read from it cannot decide, and the parts kept encoded
	// (design.md 381) are decoded.
	textsAt := make([][]string, len(placeSets))
	for i, pl := range placeSets {
		textsAt[i] = pathTexts(pl)
	}
	n := 400
	if testing.Short() {
		n = 60
	}
	withDFA, lazy := 0, 0
	for k := range n {
		pl, texts := placeSets[k%len(placeSets)], textsAt[k%len(placeSets)]
		s := randomStr(rng, 0)
		path := rng.IntN(4) > 0
		gt, gs := generated(t, combinedPatterns, s, path)
		if hasDFA(&gs) {
			withDFA++
		}
		if gs.Lazy != 0 {
			lazy++
		}
		ref := runtime.StrMatcher(plain, pl)
		match := func(x string) bool { return ref(&s, runtime.Word{Text: x}, path) == yes }
		trees := len(texts)
		if testing.Short() {
			trees = 30
		}
		checkStr(t, plain, gt, s, gs, path, pl, texts, trees, match)
		byDFA := runtime.StrMatcher(gt, pl)
		for _, w := range []runtime.Word{{Text: "$X", Dynamic: true}, {Text: "/p/*.env", Glob: true}} {
			if got, want := byDFA(&gs, w, path), ref(&s, w, path); got != want {
				t.Fatalf("%+v path %v on %+v: %d with automata, %d without", s, path, w, got, want)
			}
		}
	}
	t.Logf("%d of %d matchers with an automaton, %d with their parts kept encoded", withDFA, n, lazy)
}

func hasDFA(s *runtime.Str) bool {
	if s.DFA > 0 {
		return true
	}
	for i := range s.Subs {
		if hasDFA(&s.Subs[i]) {
			return true
		}
	}
	return false
}
