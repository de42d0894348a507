package automata

import (
	"errors"
	"regexp"
	"testing"
	"unicode/utf8"
)

// FuzzCompile checks that whenever package regexp accepts a pattern and
// the automaton fits its budget, Match agrees with regexp.MatchString, the
// witnesses of the language and of its complement are right, and a
// string's Literal meets the language exactly when the string matches.
func FuzzCompile(f *testing.F) {
	for _, seed := range [][2]string{
		{`a`, "xa"},
		{`^a$`, "a\n"},
		{`(?m)^a$`, "b\na\n"},
		{`\bfoo\b`, "a foo."},
		{`(?i)k`, "\u212a"},
		{`(?s)\A(?:.*/)?\.env\z`, "a/.env"},
		{`\x{FFFD}`, "\xff"},
		{`(a|b)*a(a|b){5}`, "abbbbb"},
		{`[^\x00-\x{10FFFF}]`, ""},
		{`\pL+\B\d`, "é1"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		// Long patterns only slow the fuzzer down: determinising an
		// unanchored literal of length n takes O(n²) time.
		if len(pattern) > 300 || len(s) > 300 {
			return
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		patterns := []string{pattern}
		if utf8.ValidString(s) {
			patterns = append(patterns, regexp.QuoteMeta(s))
		}
		a, err := NewAlphabet(patterns)
		if err != nil {
			t.Fatalf("NewAlphabet(%q): %v", patterns, err)
		}
		d, err := a.Compile(pattern, 2000)
		if errors.Is(err, ErrBudget) {
			return
		}
		if err != nil {
			t.Fatalf("Compile(%q): %v", pattern, err)
		}
		want := re.MatchString(s)
		if got := d.Match(s); got != want {
			t.Fatalf("Compile(%q).Match(%q) = %v, regexp says %v", pattern, s, got, want)
		}
		if w, ok := d.Witness(); ok != !d.IsEmpty() || ok && !re.MatchString(w) {
			t.Fatalf("Compile(%q).Witness() = %q, %v; regexp disagrees", pattern, w, ok)
		}
		if w, ok := Complement(d).Witness(); ok && re.MatchString(w) {
			t.Fatalf("Compile(%q): complement witness %q matches", pattern, w)
		}
		if utf8.ValidString(s) {
			x, err := Intersect(d, a.Literal(s), 0)
			if err != nil {
				t.Fatalf("Intersect: %v", err)
			}
			if x.IsEmpty() == want {
				t.Fatalf("Compile(%q) ∩ Literal(%q) empty = %v, regexp match %v", pattern, s, x.IsEmpty(), want)
			}
		}
	})
}
