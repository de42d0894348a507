package automata

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
)

// mustCompile compiles pattern over an alphabet of patterns and fails the
// test on error.
func mustCompile(t testing.TB, a *Alphabet, pattern string) *DFA {
	t.Helper()
	d, err := a.Compile(pattern, 0)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	return d
}

func mustAlphabet(t testing.TB, patterns ...string) *Alphabet {
	t.Helper()
	a, err := NewAlphabet(patterns)
	if err != nil {
		t.Fatalf("NewAlphabet(%q): %v", patterns, err)
	}
	return a
}

func TestCompile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern     string
		match, miss []string
	}{
		{`a`, []string{"a", "xay", "aa"}, []string{"", "b", "A"}},
		{``, []string{"", "x"}, nil},
		{`^$`, []string{""}, []string{"\n", "a"}},
		{`^a$`, []string{"a"}, []string{"a\n", "ab", "\na"}}, // Go's $ is \z without (?m)
		{`(?m)^a$`, []string{"a", "a\n", "b\na", "b\na\nc"}, []string{"ba", "ab"}},
		{`\Aa\z`, []string{"a"}, []string{"a\n"}},
		{`(?m)\Aa\z`, []string{"a"}, []string{"b\na"}},
		{`.`, []string{"a", "é", "\xff"}, []string{"", "\n"}},
		{`(?s).`, []string{"\n"}, []string{""}},
		{`\bfoo\b`, []string{"foo", "a foo.", "foo\n"}, []string{"foobar", "_foo", "foo9"}},
		{`\Bo\B`, []string{"foo"}, []string{"o", " o "}},
		{`é\b`, []string{"éa"}, []string{"é"}}, // é is not a word character for \b
		{`(?i)k`, []string{"k", "K", "\u212a"}, []string{"x"}},
		{`(?i)s`, []string{"s", "S", "ſ"}, []string{"x"}},
		{`(?i)[k-l]`, []string{"\u212a", "L"}, []string{"m"}},
		{`\pL+\d`, []string{"é1", "ab9"}, []string{"1", "_9"}},
		{`^[[:upper:]]{2,3}$`, []string{"AB", "ABC"}, []string{"A", "ABCD", "ab"}},
		{`\x{FFFD}`, []string{"\uFFFD", "\xff", "a\x80b"}, []string{"a"}},
		{`^.$`, []string{"\xff", "é"}, []string{"\xe2\x82", "ab"}},
		{`[^\x00-\x{10FFFF}]`, nil, []string{"", "a", "\xff"}},
		{`(a|b)*a(a|b){3}`, []string{"aaaa", "babbb"}, []string{"abb", "bbbb"}},
	}
	for _, tt := range tests {
		a := mustAlphabet(t, tt.pattern)
		d := mustCompile(t, a, tt.pattern)
		re := regexp.MustCompile(tt.pattern)
		for _, s := range tt.match {
			if !d.Match(s) || !re.MatchString(s) {
				t.Errorf("%q: Match(%q) = %v, regexp %v; want true", tt.pattern, s, d.Match(s), re.MatchString(s))
			}
		}
		for _, s := range tt.miss {
			if d.Match(s) || re.MatchString(s) {
				t.Errorf("%q: Match(%q) = %v, regexp %v; want false", tt.pattern, s, d.Match(s), re.MatchString(s))
			}
		}
	}
}

// A patternGen generates random patterns from a small grammar that covers
// the RE2 syntax, and random strings over a small alphabet.
type patternGen struct {
	r *rand.Rand
}

var (
	genLiterals = []string{"a", "b", "/", ".", "-", "_", "x", "y", "z", "é", "k", "S", " ", `\n`}
	genClasses  = []string{
		`[ab]`, `[^a]`, `[a-y]`, `[^/]`, `[[:alpha:]]`, `\d`, `\w`, `\W`, `\s`, `\S`,
		`\pL`, `\PL`, `[é/.]`, `[^\n]`, `[A-Z]`, `.`, `[[:^lower:]]`, `\p{Greek}`,
		`[k-s]`, `[^-_]`, `(?i:[a-c])`, `[\x{17F}]`,
	}
	genAnchors = []string{`^`, `$`, `\A`, `\z`, `\b`, `\B`}
	genRepeats = []string{`*`, `+`, `?`, `*?`, `+?`, `{2}`, `{0,2}`, `{1,}`, `{1,3}`}
	genFlags   = []string{`(?i)`, `(?m)`, `(?s)`, `(?ms)`, `(?-s)`, `(?im)`}
	genRunes   = []string{
		"a", "b", "/", ".", "-", "_", "x", "y", "z", "é", "\n", "A", "K", "k",
		"\u212a", "ſ", "S", "s", " ", "1", "β", "\xff",
	}
)

func (g *patternGen) pattern(depth int) string {
	n := g.r.IntN(12)
	if depth <= 0 {
		n = g.r.IntN(4)
	}
	switch n {
	case 0, 1:
		l := genLiterals[g.r.IntN(len(genLiterals))]
		if l != `\n` {
			l = regexp.QuoteMeta(l)
		}
		return l
	case 2:
		return genClasses[g.r.IntN(len(genClasses))]
	case 3:
		return genAnchors[g.r.IntN(len(genAnchors))]
	case 4, 5, 6:
		var b strings.Builder
		for range 2 + g.r.IntN(3) {
			b.WriteString(g.pattern(depth - 1))
		}
		return b.String()
	case 7:
		return g.pattern(depth-1) + "|" + g.pattern(depth-1)
	case 8:
		open := []string{"(?:", "(", "(?i:", "(?m:", "(?s:", "(?-i:"}[g.r.IntN(6)]
		return open + g.pattern(depth-1) + ")"
	case 9, 10:
		return "(?:" + g.pattern(depth-1) + ")" + genRepeats[g.r.IntN(len(genRepeats))]
	default:
		return genFlags[g.r.IntN(len(genFlags))] + g.pattern(depth-1)
	}
}

// valid returns a random pattern that package regexp accepts.
func (g *patternGen) valid() (string, *regexp.Regexp) {
	for {
		p := g.pattern(4)
		if re, err := regexp.Compile(p); err == nil {
			return p, re
		}
	}
}

func (g *patternGen) str(maxLen int) string {
	var b strings.Builder
	for range g.r.IntN(maxLen + 1) {
		b.WriteString(genRunes[g.r.IntN(len(genRunes))])
	}
	return b.String()
}

// TestDifferential compares Match with regexp.MatchString on random
// patterns and strings.
func TestDifferential(t *testing.T) {
	t.Parallel()
	const shards = 2
	patterns, strs := 6000, 64
	if testing.Short() {
		patterns /= 10
	}
	for shard := range shards {
		t.Run(fmt.Sprint("shard", shard), func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			g := &patternGen{rand.New(rand.NewPCG(1, uint64(shard)))}
			pairs, accepted, budget := 0, 0, 0
			for range patterns {
				p, re := g.valid()
				a := mustAlphabet(t, p)
				d, err := a.Compile(p, 20000)
				if errors.Is(err, ErrBudget) {
					budget++
					continue
				}
				if err != nil {
					t.Fatalf("Compile(%q): %v", p, err)
				}
				check := func(s string) {
					pairs++
					want := re.MatchString(s)
					if want {
						accepted++
					}
					if got := d.Match(s); got != want {
						t.Errorf("Compile(%q).Match(%q) = %v, regexp says %v", p, s, got, want)
					}
				}
				for range strs {
					check(g.str(8))
				}
				// Witnesses of the language and its complement test the
				// automaton beyond the random strings.
				if w, ok := d.Witness(); ok {
					check(w)
				}
				if w, ok := Complement(d).Witness(); ok {
					check(w)
				}
			}
			t.Logf("%d patterns (%d over budget), %d pairs (%d matching) in %v",
				patterns, budget, pairs, accepted, time.Since(start))
		})
	}
}

// TestAlgebra checks the Boolean operations, inclusion and equality
// against package regexp on random pattern pairs over a shared alphabet.
func TestAlgebra(t *testing.T) {
	t.Parallel()
	g := &patternGen{rand.New(rand.NewPCG(2, 0))}
	n := 1500
	if testing.Short() {
		n = 150
	}
	const budget = 20000
	var subsets, equals, empties int
	for range n {
		p, rp := g.valid()
		q, rq := g.valid()
		if g.r.IntN(4) == 0 {
			q, rq = p+"|"+q, regexp.MustCompile(p+"|"+q) // often a superset
		}
		a := mustAlphabet(t, p, q)
		x, err1 := a.Compile(p, budget)
		y, err2 := a.Compile(q, budget)
		if err1 != nil || err2 != nil {
			continue
		}
		and, err1 := Intersect(x, y, budget)
		or, err2 := Union(x, y, budget)
		diff, err3 := Difference(x, y, budget)
		if err := errors.Join(err1, err2, err3); err != nil {
			continue
		}
		not := Complement(x)
		for range 40 {
			s := g.str(8)
			mp, mq := rp.MatchString(s), rq.MatchString(s)
			if and.Match(s) != (mp && mq) || or.Match(s) != (mp || mq) ||
				diff.Match(s) != (mp && !mq) || not.Match(s) != !mp {
				t.Fatalf("%q, %q on %q: and %v or %v diff %v not %v; regexp %v %v",
					p, q, s, and.Match(s), or.Match(s), diff.Match(s), not.Match(s), mp, mq)
			}
		}
		if w, ok := and.Witness(); ok && !(rp.MatchString(w) && rq.MatchString(w)) {
			t.Errorf("%q ∩ %q: witness %q is not in both", p, q, w)
		}
		if w, ok := diff.Witness(); ok && !(rp.MatchString(w) && !rq.MatchString(w)) {
			t.Errorf("%q \\ %q: witness %q is wrong", p, q, w)
		}

		// x ∩ y = ¬(¬x ∪ ¬y), canonically.
		nor, err := Union(not, Complement(y), budget)
		if err != nil {
			continue
		}
		if !Equal(and, Complement(nor)) {
			t.Errorf("%q, %q: x ∩ y differs from ¬(¬x ∪ ¬y)", p, q)
		}
		sub, err := Subset(x, y, budget)
		if err != nil {
			continue
		}
		if sub != diff.IsEmpty() {
			t.Errorf("Subset(%q, %q) = %v, but difference empty = %v", p, q, sub, diff.IsEmpty())
		}
		sup, err := Subset(y, x, budget)
		if err != nil {
			continue
		}
		if eq := Equal(x, y); eq != (sub && sup) || eq && x.Hash() != y.Hash() {
			t.Errorf("Equal(%q, %q) = %v, inclusions %v %v", p, q, eq, sub, sup)
		}
		if sub {
			subsets++
		}
		if sub && sup {
			equals++
		}
		if and.IsEmpty() {
			empties++
		}
		for _, d := range []*DFA{x, y, and, or, diff} {
			checkMinimal(t, d)
		}
	}
	t.Logf("%d pairs: %d inclusions, %d equal, %d disjoint", n, subsets, equals, empties)
}

// checkMinimal checks that d is complete, reachable and minimal by
// computing its Myhill-Nerode classes with Moore's algorithm, independently
// of Hopcroft's.
func checkMinimal(t *testing.T, d *DFA) {
	t.Helper()
	k, n := d.a.size(), d.States()
	class := make([]int, n)
	for q := range n {
		if d.accept[q] {
			class[q] = 1
		}
	}
	for {
		index := make(map[string]int)
		next := make([]int, n)
		for q := range n {
			sig := make([]int, k)
			for m := range k {
				sig[m] = class[d.trans[q*k+m]]
			}
			key := fmt.Sprint(class[q], sig)
			id, ok := index[key]
			if !ok {
				id = len(index)
				index[key] = id
			}
			next[q] = id
		}
		if len(index) == n {
			return
		}
		if len(index) == countDistinct(class) {
			t.Fatalf("DFA with %d states has only %d classes", n, len(index))
		}
		class = next
	}
}

func countDistinct(xs []int) int {
	seen := make(map[int]bool)
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}

func TestSetOperations(t *testing.T) {
	t.Parallel()
	a := mustAlphabet(t, `^a$`, `^b$`, `^ab$`, `a`, `a|a`, `(?:ab)*`, `(?:ab)*(?:ab)*`, `^(?:ab)*$`, `^(?:ab)*(?:ab)*$`, `x`)
	c := func(p string) *DFA { return mustCompile(t, a, p) }

	if d, err := Intersect(c(`^a$`), c(`^b$`), 0); err != nil || !d.IsEmpty() {
		t.Errorf("^a$ ∩ ^b$: %v, %v; want empty", d, err)
	}
	if ok, err := Subset(c(`^ab$`), c(`a`), 0); err != nil || !ok {
		t.Errorf("Subset(^ab$, a) = %v, %v", ok, err)
	}
	if ok, err := Subset(c(`a`), c(`^ab$`), 0); err != nil || ok {
		t.Errorf("Subset(a, ^ab$) = %v, %v", ok, err)
	}
	if !Equal(c(`a|a`), c(`a`)) {
		t.Errorf("a|a and a differ")
	}
	if !Equal(c(`(?:ab)*`), c(`(?:ab)*(?:ab)*`)) || !Equal(c(`(?:ab)*`), a.All()) {
		t.Errorf("(?:ab)* is not everything")
	}
	if !Equal(c(`^(?:ab)*$`), c(`^(?:ab)*(?:ab)*$`)) {
		t.Errorf("^(?:ab)*$ and ^(?:ab)*(?:ab)*$ differ")
	}
	if Equal(c(`^(?:ab)*$`), c(`a`)) {
		t.Errorf("^(?:ab)*$ equals a")
	}
	if d, _ := Difference(c(`a`), c(`^ab$`), 0); !d.Match("a") || d.Match("ab") {
		t.Errorf("a \\ ^ab$ is wrong")
	}
	if w, ok := a.Empty().Witness(); ok {
		t.Errorf("Empty has witness %q", w)
	}
	if w, ok := a.All().Witness(); !ok || w != "" {
		t.Errorf("All().Witness() = %q, %v", w, ok)
	}
	lit := a.Literal("ab")
	if !lit.Match("ab") || lit.Match("a") || lit.Match("abab") || lit.States() != 4 {
		t.Errorf("Literal(ab) is wrong: %d states", lit.States())
	}
	if !Equal(lit, c(`^ab$`)) {
		t.Errorf("Literal(ab) differs from ^ab$")
	}
	if !Equal(a.Literal(""), c(`^$`)) {
		t.Errorf("Literal() differs from ^$")
	}
}

func TestWitness(t *testing.T) {
	t.Parallel()
	tests := []struct{ pattern, want string }{
		{`^git\s+push`, "git push"},
		{`(?i)\.env$`, ".env"},
		{`(?i)^curl\b`, "curl"},
		{`(?s)\A(?:.*/)?\.env\z`, ".env"},
		{`\d{3}`, "000"},
		{`^[^a-z0-9]$`, "A"},
		{`^\pL{2}$`, "aa"},
		{`^[^\x00-\x7f]$`, "\u00a1"},
		{`(?m)^x$\n^y`, "x\ny"},
		{`\bb\B`, "ba"},
	}
	for _, tt := range tests {
		d := mustCompile(t, mustAlphabet(t, tt.pattern), tt.pattern)
		if got, ok := d.Witness(); !ok || got != tt.want {
			t.Errorf("Witness(%q) = %q, %v; want %q", tt.pattern, got, ok, tt.want)
		}
	}
}

func TestAlphabet(t *testing.T) {
	t.Parallel()
	a := mustAlphabet(t, `a`)
	if _, err := a.Compile(`b`, 0); !errors.Is(err, ErrAlphabet) {
		t.Errorf("Compile(b) over the alphabet of a: %v, want ErrAlphabet", err)
	}
	// A pattern whose sets are unions of minterms compiles: . and \w are
	// built in, and \W is the complement of \w, (?s). everything.
	for _, p := range []string{`a\w\W`, `(?s).`, `\n`, `a|\b`} {
		if _, err := a.Compile(p, 0); err != nil {
			t.Errorf("Compile(%q): %v", p, err)
		}
	}
	if _, err := NewAlphabet([]string{`(`}); err == nil {
		t.Errorf("NewAlphabet accepted (")
	}
	// Minterms are ordered by readability.
	b := mustAlphabet(t, `[\x00-\x{10FFFF}]`, `é`, `7`, `Q`, `%`, `z`)
	if got, want := string(b.rep), "az7Q %é\n"; got != want {
		t.Errorf("representatives %q, want %q", got, want)
	}
}

func TestInvalidUTF8(t *testing.T) {
	t.Parallel()
	// Package regexp reads each byte of an invalid sequence as U+FFFD.
	for _, p := range []string{`\x{FFFD}`, `^.$`, `^..$`, `a\b`, `^\x{FFFD}{2}$`, `[^a]`} {
		d := mustCompile(t, mustAlphabet(t, p), p)
		re := regexp.MustCompile(p)
		for _, s := range []string{"\xff", "\xe2\x82", "a\xff", "\xff\xff", "\uFFFD", "\xed\xa0\x80"} {
			if d.Match(s) != re.MatchString(s) {
				t.Errorf("%q on %q: %v, regexp %v", p, s, d.Match(s), re.MatchString(s))
			}
		}
	}
}

func TestBudget(t *testing.T) {
	t.Parallel()
	const p = `(a|b)*a(a|b){20}`
	a := mustAlphabet(t, p)
	start := time.Now()
	_, err := a.Compile(p, 10000)
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("Compile(%q) = %v, want ErrBudget", p, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("hitting the budget took %v", d)
	}
	t.Logf("ErrBudget after %v: %v", time.Since(start), err)

	// Products have budgets too.
	q := `(a|b)*a(a|b){7}`
	b := mustAlphabet(t, q, `(a|b)*b(a|b){6}`)
	x := mustCompile(t, b, q)
	y := mustCompile(t, b, `(a|b)*b(a|b){6}`)
	if _, err := Intersect(x, y, 10); !errors.Is(err, ErrBudget) {
		t.Errorf("Intersect with budget 10: %v", err)
	}
	if _, err := Subset(x, y, 10); !errors.Is(err, ErrBudget) {
		t.Errorf("Subset with budget 10: %v", err)
	}
	if _, err := Intersect(x, y, 0); err != nil {
		t.Errorf("Intersect: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	t.Parallel()
	a := mustAlphabet(t, `^git\s+push`, `--force`)
	x := mustCompile(t, a, `^git\s+push`)
	y := mustCompile(t, a, `--force`)
	done := make(chan bool)
	for range 4 {
		go func() {
			d, err := Difference(x, y, 0)
			done <- err == nil && d.Match("git push") && !d.Match("git push --force")
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("concurrent Difference failed")
		}
	}
}

func Example() {
	a, _ := NewAlphabet([]string{`^git\s+push`, `^git push --force`})
	broad, _ := a.Compile(`^git\s+push`, 0)
	narrow, _ := a.Compile(`^git push --force`, 0)
	ok, _ := Subset(narrow, broad, 0)
	fmt.Println(ok)
	rest, _ := Difference(broad, narrow, 0)
	w, _ := rest.Witness()
	fmt.Printf("%q\n", w)
	// Output:
	// true
	// "git push"
}
