package shell

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestEnvSplitOracle is the differential oracle of splitString, the
// model of GNU env's -S (design.md 399): a seeded generator builds strings
// from the characters env's splitter gives a meaning (blanks and other
// white space, both quotes, backslash before each escape letter and
// others, #, $, braces, \c, \_) and plain ones, and real env splits each
// one in front of printf, which prints the words it was given.
//
// The model must agree word for word, or refuse the string (it then leaves
// the core: the command is opaque and never allowed). A string env itself
// refuses must be refused. HOOKC_ENVSPLIT_ORACLE_N sets the number of
// strings (default 2000, 300 with -short).
func TestEnvSplitOracle(t *testing.T) {
	env, err := exec.LookPath("env")
	if err != nil {
		testenv.Missing(t, "no env")
	}
	printf, err := exec.LookPath("printf")
	if err != nil || strings.Contains(printf, " ") {
		testenv.Missing(t, "no printf")
	}
	if out, err := exec.Command(env, "--version").Output(); err != nil || !bytes.Contains(out, []byte("GNU coreutils")) {
		testenv.Missing(t, "env is not GNU coreutils' env")
	}
	n := testenv.Count(t, "HOOKC_ENVSPLIT_ORACLE_N", 2000, 300)
	r := rand.New(rand.NewPCG(399, 1))
	// printf's format: each word between < and >, NUL-ended. The -S
	// string spells the format's backslash as \\.
	head := printf + ` <%s>\\0 `
	var agreed, refused, bothRefused int
	for i := 0; i < n; i++ {
		s := envSplitString(r)
		words, ok := splitString(head + s)
		got, envOK := envSplit(t, env, head+s)
		switch {
		case !envOK && ok:
			t.Errorf("env refuses -S %q, the model splits it into %q", s, texts(words))
		case !envOK:
			bothRefused++
		case !ok:
			refused++
		case !slices.Equal(printed(texts(words)[2:]), got):
			t.Errorf("env -S %q gives %q, the model %q", s, got, texts(words)[2:])
		default:
			agreed++
		}
	}
	t.Logf("env -S oracle: %d strings: %d split alike, %d refused by the model only, %d refused by both", n, agreed, refused, bothRefused)
	if agreed < n/4 {
		t.Errorf("only %d of %d strings were split by both: the generator drifted", agreed, n)
	}
}

// envSplitString builds one -S string from the splitter's grammar.
func envSplitString(r *rand.Rand) string {
	parts := []string{
		" ", "  ", "\t", "\n", "'", `"`, `\`, `\\`, `\'`, `\"`, `\_`, `\c`, `\n`, `\t`, `\#`, `\$`, `\x`, `\ `,
		"#", "$", "${A}", "{", "}", "a", "b", "-x", "=", "c", "_", "n", "''", `""`, "a b", "'a b'", `"a b"`,
	}
	var b strings.Builder
	for k := r.IntN(8); k >= 0; k-- {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	return b.String()
}

// envSplit runs env -S s and returns the words printf printed, or false if
// env refused the string.
func envSplit(t *testing.T, env, s string) ([]string, bool) {
	cmd := exec.Command(env, "-S", s)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "A=1"}
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 125 {
		return nil, false
	}
	if err != nil {
		t.Fatalf("env -S %q: %v", s, err)
	}
	var words []string
	for _, w := range strings.Split(string(out), "\x00") {
		if w != "" {
			words = append(words, strings.TrimSuffix(strings.TrimPrefix(w, "<"), ">"))
		}
	}
	return words, true
}

// printed is what printf prints for the words: with none, the format once.
func printed(words []string) []string {
	if len(words) == 0 {
		return []string{""}
	}
	return words
}

func texts(ws []Word) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Text)
	}
	return out
}
