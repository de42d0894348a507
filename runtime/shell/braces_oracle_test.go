package shell

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestBraceOracle is the differential oracle of brace expansion, the model
// of the words bash makes of {a,b}, {1..3} and their nesting (fields,
// design.md 434): a seeded generator builds words from braces, commas,
// sequences, text, quoted and escaped braces and commas, pattern
// characters, a leading ~/ or a=, and tildes, and real bash (globbing off) prints the
// words it makes of each. Where the model gives a word's words (none of
// them only known when it runs), they must be bash's, in bash's order.
// HOOKC_BRACE_ORACLE_N sets the number of words (default 5000, 1000 with
// -short).
func TestBraceOracle(t *testing.T) {
	n := testenv.Count(t, "HOOKC_BRACE_ORACLE_N", 5000, 1000)
	r := rand.New(rand.NewPCG(434, 1))
	cases := make([]string, n)
	var script strings.Builder
	script.WriteString("set -f\n")
	for i := range cases {
		cases[i] = braceWord(r)
		script.WriteString("set -- " + cases[i] + "\nprintf '%d' $#; printf '\\0%s' \"$@\"; printf '\\1'\n")
	}
	out := bashOutput(t, script.String(), "HOME=/home/u")
	recs := bytes.Split(out, []byte{1})
	if len(recs) != n+1 {
		t.Fatalf("bash printed %d records for %d words", len(recs)-1, n)
	}
	modelled, expanded := 0, 0
	for i, c := range cases {
		x := Extract("printf %s "+c, nil, Limits{})
		if len(x.Cmds) != 1 || x.Cmds[0].Program.Text != "printf" {
			continue // ~x is a user's home: another lookup
		}
		words := x.Cmds[0].Words[1:]
		if slicesAny(words, func(w Word) bool { return w.Dynamic || w.Tree }) {
			continue // only known when it runs: no value claimed
		}
		modelled++
		var got []string
		for _, w := range words {
			v := w.Text
			if strings.HasPrefix(v, "~") {
				v = "/home/u" + v[1:] // the home the evaluator resolves
			} else if strings.HasPrefix(v, "./~") {
				v = v[2:] // a quoted ~: a file named so
			}
			got = append(got, v)
		}
		want := strings.Split(string(recs[i]), "\x00")[1:]
		if len(want) > 1 {
			expanded++
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: model %q, bash %q", c, got, want)
		}
	}
	t.Logf("%d words: the model gives the words of %d (%d of them several), bash's each time; %d left only known when they run", n, modelled, expanded, n-modelled)
}

func slicesAny(ws []Word, f func(Word) bool) bool {
	for _, w := range ws {
		if f(w) {
			return true
		}
	}
	return false
}

// braceWord returns a word of the brace grammar and its near misses.
func braceWord(r *rand.Rand) string {
	pieces := []string{
		"{", "}", ",", "{", "}", ",", "a", "b", "x.", "/", "-", "..",
		"1", "2", "10", "0", "-1", "z", "A", "C",
		`\{`, `\,`, `\}`, `'{'`, `','`, `"a,b"`, `"}"`, `''`,
		"*", "?", "[a,b]", "=", ":", "~", `\~`, `'~'`, "{a,b}", "{1..3}", "{a..c}", "{}", "{x}",
	}
	var b strings.Builder
	switch r.IntN(10) {
	case 0:
		b.WriteString("~/")
	case 1:
		b.WriteString("a=")
	}
	for range 1 + r.IntN(9) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}
