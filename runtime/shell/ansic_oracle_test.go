package shell

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestANSICOracle is the differential oracle of appendANSIC, the model of
// bash's $'...' (round 30, design.md 420): a seeded generator builds
// strings from every escape bash gives a meaning (\a to \v, \e, \E, \\,
// \', \", \?, one to four octal digits, \x with zero to three hex digits,
// \x{...} with zero to six digits and with or without its brace, \u and
// \U with their digits, \c with a character, unknown escapes) and plain
// characters, and real bash prints each word it reads. The model must
// agree byte for byte, but for a \u or \U escape of a character outside
// ASCII, which makes the word one only known when it runs (ansiCLocale,
// design.md 286). HOOKC_ANSIC_ORACLE_N sets the number of strings
// (default 3000, 500 with -short).
func TestANSICOracle(t *testing.T) {
	n := testenv.Count(t, "HOOKC_ANSIC_ORACLE_N", 3000, 500)
	r := rand.New(rand.NewPCG(420, 1))
	cases := make([]string, n)
	var script strings.Builder
	for i := range cases {
		cases[i] = ansicString(r)
		script.WriteString("printf '%s\\0' $'" + cases[i] + "'\n")
	}
	out := bashOutput(t, script.String())
	got := bytes.Split(out, []byte{0})
	if len(got) != n+1 {
		t.Fatalf("bash printed %d words for %d strings", len(got)-1, n)
	}
	locale := 0
	for i, c := range cases {
		if ansiCLocale(c) {
			locale++ // a word only known when it runs: no value claimed
			continue
		}
		if want := string(got[i]); string(appendANSIC(nil, c)) != want {
			t.Errorf("$'%s': model %q, bash %q", c, appendANSIC(nil, c), want)
		}
	}
	t.Logf("%d strings: %d with a character outside ASCII by \\u or \\U, only known when bash runs; bash and the model agree on each of the other %d", n, locale, n-locale)
}

// ansicString returns a string to put between $' and ': escapes and
// plain characters, no unescaped quote.
func ansicString(r *rand.Rand) string {
	const hex = "0123456789abcdefABCDEFg"
	const plain = "ab.-/{}x0479 \"$`"
	digits := func(max int, set string) string {
		var b strings.Builder
		for range r.IntN(max + 1) {
			b.WriteByte(set[r.IntN(len(set))])
		}
		return b.String()
	}
	var b strings.Builder
	for range 1 + r.IntN(6) {
		switch r.IntN(10) {
		case 0, 1:
			b.WriteString(digits(3, plain))
		case 2:
			const letters = "abeEfnrtv\\'\"?qz"
			b.WriteString(`\` + string(letters[r.IntN(len(letters))]))
		case 3:
			b.WriteString(`\` + string("01234567"[r.IntN(8)]) + digits(3, "012345678"))
		case 4:
			b.WriteString(`\x` + digits(3, hex))
		case 5, 6:
			b.WriteString(`\x{` + digits(6, hex))
			if r.IntN(4) > 0 {
				b.WriteByte('}')
			}
		case 7:
			b.WriteString(`\u` + digits(5, hex))
		case 8:
			b.WriteString(`\U` + digits(9, hex))
		default:
			b.WriteString(`\c` + string("A?az{[@1"[r.IntN(8)]))
		}
	}
	return b.String()
}
