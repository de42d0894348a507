package automata

import (
	"errors"
	"regexp"
	"testing"
	"unicode/utf8"

	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// FuzzGlobAgreement checks that vet's automata and the runtime agree on
// globs: the DFA compiled from paths.GlobRegexp(pattern) (with (?i) when
// folding) matches a string exactly when the runtime's glob matcher does,
// and when package regexp does; the DFA's witnesses of its language and of
// its complement are matched and not matched by the runtime. A glob the
// translation rejects matches nothing at run time.
func FuzzGlobAgreement(f *testing.F) {
	inputs := []string{"", "/", ".env", "a/.env", "/home/user/.ssh/id_rsa", "x.go", "a/x/b", "é", "A/B", "\xff", "a\nb"}
	for i, g := range testGlobs {
		f.Add(g, inputs[i%len(inputs)], i%3 == 0)
	}
	f.Add(`/home/user/\*\?/**`, "/home/user/*?/x", false)
	f.Add("**/.ENV", "/p/.env", true)
	f.Add("[!a-c]?{x,y}**", "dxy", false)
	f.Fuzz(func(t *testing.T, pattern, s string, fold bool) {
		// Long inputs only slow the fuzzer down.
		if len(pattern) > 100 || len(s) > 200 {
			return
		}
		re, err := paths.GlobRegexp(pattern)
		if err != nil {
			if runtime.GlobMatch(pattern, fold, s) {
				t.Fatalf("invalid glob %q (%v) matches %q at run time", pattern, err, s)
			}
			return
		}
		if fold {
			re = "(?i)" + re
		}
		rx, err := regexp.Compile(re)
		if err != nil {
			t.Fatalf("GlobRegexp(%q) = %q, which regexp rejects: %v", pattern, re, err)
		}
		patterns := []string{re}
		if utf8.ValidString(s) {
			patterns = append(patterns, regexp.QuoteMeta(s))
		}
		a, err := NewAlphabet(patterns)
		if err != nil {
			t.Fatalf("NewAlphabet(%q): %v", patterns, err)
		}
		d, err := a.Compile(re, 4000)
		if errors.Is(err, ErrBudget) {
			return
		}
		if err != nil {
			t.Fatalf("Compile(%q): %v", re, err)
		}
		run := runtime.GlobMatch(pattern, fold, s)
		if auto, want := d.Match(s), rx.MatchString(s); auto != run || run != want {
			t.Fatalf("glob %q fold %v on %q: automaton %v, runtime %v, regexp %v", pattern, fold, s, auto, run, want)
		}
		if w, ok := d.Witness(); ok != !d.IsEmpty() || ok && !runtime.GlobMatch(pattern, fold, w) {
			t.Fatalf("glob %q fold %v: witness %q, %v; the runtime does not match it", pattern, fold, w, ok)
		}
		if w, ok := Complement(d).Witness(); ok && runtime.GlobMatch(pattern, fold, w) {
			t.Fatalf("glob %q fold %v: complement witness %q matches at run time", pattern, fold, w)
		}
	})
}
