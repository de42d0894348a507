package automata

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestLists checks the list liftings and Concat against direct evaluation
// on random lists of short strings.
func TestLists(t *testing.T) {
	t.Parallel()
	patterns := []string{`^a`, `b$`, `^$`, `ab`, `^(a|b)$`, `a.*a`, `.`}
	a, err := NewAlphabetSymbols(patterns, 2)
	if err != nil {
		t.Fatal(err)
	}
	sep, mark := a.Symbol(0), a.Symbol(1)
	text := a.Text()
	elems := make([]*DFA, len(patterns))
	res := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		d := mustCompile(t, a, p)
		if elems[i], err = Intersect(d, text, 0); err != nil {
			t.Fatal(err)
		}
		res[i] = regexp.MustCompile(p)
	}
	univ := ListAll(text, sep)
	encode := func(list []string) []int {
		var ms []int
		for _, e := range list {
			for _, r := range e {
				ms = append(ms, a.Minterm(r))
			}
			ms = append(ms, sep)
		}
		return ms
	}
	rng := rand.New(rand.NewPCG(1, 2))
	randList := func() []string {
		list := make([]string, rng.IntN(4))
		for i := range list {
			var b strings.Builder
			for range rng.IntN(4) {
				b.WriteByte("abc"[rng.IntN(3)])
			}
			list[i] = b.String()
		}
		return list
	}
	for i := range patterns {
		for j := range patterns {
			anyD, err := Intersect(ListAny(elems[i], sep), univ, 0)
			if err != nil {
				t.Fatal(err)
			}
			allD := ListAll(elems[i], sep)
			pre, err := ListPrefix(elems[j], []*DFA{elems[i], elems[i]}, sep, 0)
			if err != nil {
				t.Fatal(err)
			}
			pre, _ = Intersect(pre, univ, 0)
			for range 40 {
				list := randList()
				ms := encode(list)
				wantAny, wantAll := false, true
				var kept []string
				for _, e := range list {
					wantAny = wantAny || res[i].MatchString(e)
					wantAll = wantAll && res[i].MatchString(e)
					if !res[j].MatchString(e) {
						kept = append(kept, e)
					}
				}
				wantPre := len(kept) >= 2 && res[i].MatchString(kept[0]) && res[i].MatchString(kept[1])
				if got := anyD.MatchSyms(ms); got != wantAny {
					t.Errorf("ListAny(%q) on %q = %v", patterns[i], list, got)
				}
				if got := allD.MatchSyms(ms); got != wantAll {
					t.Errorf("ListAll(%q) on %q = %v", patterns[i], list, got)
				}
				if got := pre.MatchSyms(ms); got != wantPre {
					t.Errorf("ListPrefix(skip %q, %q x2) on %q = %v", patterns[j], patterns[i], list, got)
				}
				// Not well formed: no final separator.
				if len(list) > 0 && list[len(list)-1] != "" && anyD.MatchSyms(ms[:len(ms)-1]) {
					t.Errorf("ListAny accepts a list without its final separator: %q", list)
				}
			}
		}
	}
	// Concat and Prepend: mark·a... and (^a)·(b$).
	pm := Prepend(elems[0], mark)
	if !pm.MatchSyms([]int{mark, a.Minterm('a')}) || pm.MatchSyms([]int{a.Minterm('a')}) {
		t.Error("Prepend")
	}
	c, err := Concat(elems[0], elems[1], 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"ab", "aab", "abb", "ba", "a", "b", ""} {
		want := false
		for k := 0; k <= len(s); k++ {
			if res[0].MatchString(s[:k]) && res[1].MatchString(s[k:]) {
				want = true
			}
		}
		if got := c.Match(s); got != want {
			t.Errorf("Concat(^a, b$).Match(%q) = %v, want %v", s, got, want)
		}
	}
	ok, err := Intersects(elems[0], elems[1], 0)
	if err != nil || !ok {
		t.Errorf("Intersects(^a, b$) = %v, %v", ok, err)
	}
	ok, _ = Intersects(elems[2], elems[6], 0)
	if ok {
		t.Error("Intersects(^$, .) = true")
	}
	fin, ok := a.Seq(mark, sep).Finite(4)
	if !ok || len(fin) != 1 {
		t.Errorf("Finite = %v, %v", fin, ok)
	}
	if _, ok := elems[0].Finite(100); ok {
		t.Error("Finite(^a) reports a finite language")
	}
	if w, ok := ListAny(elems[3], sep).WitnessSyms(); !ok || a.String(w[:len(w)-1]) != "ab" || w[len(w)-1] != sep {
		t.Errorf("WitnessSyms = %v", w)
	}
}

func TestTranslate(t *testing.T) {
	t.Parallel()
	from := mustAlphabet(t, `^git$`, `[a-f]`)
	to, err := NewAlphabetSymbols([]string{`^git$`, `[a-f]`, `^x`, `[d-z]`}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{`^git$`, `[a-f]`, `^(git|[a-f]+)$`} {
		x := mustCompile(t, from, p)
		y, err := Translate(x, to)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(p)
		for _, s := range []string{"git", "b", "bb", "x", "gitx", "", "e", "ff"} {
			if y.Match(s) != re.MatchString(s) {
				t.Errorf("Translate(%q).Match(%q) = %v", p, s, y.Match(s))
			}
		}
		if y.MatchSyms([]int{to.Symbol(0)}) {
			t.Errorf("Translate(%q) accepts a symbol", p)
		}
	}
	if _, err := Translate(mustCompile(t, to, `^x`), from); err == nil {
		t.Error("Translate to a coarser alphabet did not fail")
	}
	if s, ok := from.Exact([]int{from.Minterm('g'), from.Minterm('i'), from.Minterm('t')}); !ok || s != "git" {
		t.Errorf("Exact(git) = %q, %v", s, ok)
	}
	if _, ok := from.Exact([]int{from.Minterm('a')}); ok {
		t.Error("Exact([a-f]) reports one string")
	}
}

func TestEqualPair(t *testing.T) {
	t.Parallel()
	a, err := NewAlphabetSymbols([]string{`^ab`, `b$`, `c`}, 1)
	if err != nil {
		t.Fatal(err)
	}
	sep := a.Symbol(0)
	text := a.Text()
	ab, _ := Intersect(mustCompile(t, a, `^ab`), text, 0)
	c, _ := Intersect(mustCompile(t, a, `c`), text, 0)
	// Lists of two elements, the first starting with ab, the second
	// holding a c.
	first, _ := Concat(ab, a.Seq(sep), 0)
	second, _ := Concat(c, a.Seq(sep), 0)
	x, _ := Concat(first, second, 0)
	w, ok := EqualPair(x, nil, []int{sep}, []int{sep}, 0)
	if !ok || a.String(w) != "abc" {
		t.Errorf("EqualPair = %q, %v; want abc", a.String(w), ok)
	}
	if _, ok := EqualPair(x, nil, []int{sep, sep}, nil, 0); ok {
		t.Error("EqualPair found a pair in a language without one")
	}
}

func TestPreimage(t *testing.T) {
	t.Parallel()
	a, err := NewAlphabetMapped([]string{`^git$`, `^[a-z]+$`, `^ls`, `(?i)k`}, 2, unicode.ToLower)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{`^git$`, `^[a-z]+$`, `^ls`, `(?i)k`} {
		x := mustCompile(t, a, p)
		y, err := Preimage(x)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(p)
		for _, s := range []string{"git", "GIT", "Git", "gIT", "LS", "Ls", "ls", "K", "\u212a", "k", "abc", "ABC", "A1", "é", "É"} {
			want := re.MatchString(strings.ToLower(s))
			if y.Match(s) != want {
				t.Errorf("Preimage(%q).Match(%q) = %v, want %v", p, s, y.Match(s), want)
			}
		}
	}
	fixed := a.Fixed()
	for s, want := range map[string]bool{"git": true, "Git": false, "ls -l": true, "\u212a": false} {
		if fixed.Match(s) != want {
			t.Errorf("Fixed().Match(%q) = %v", s, !want)
		}
	}
	d := Derivative(Prepend(mustCompile(t, a, `^git$`), a.Symbol(1)), a.Symbol(1))
	if !d.Match("git") || d.Match("x") {
		t.Error("Derivative")
	}
}
