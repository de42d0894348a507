package runtime

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
)

// TestGrepMissOracle is the differential oracle of grepNeeds and
// grepMisses (design.md 436): where the model says GNU grep prints no line
// of a file, grep itself must print none. A seeded generator writes files
// of text without NULs (ASCII, the letters case folding ties to others: ı
// İ ſ K Å µ, other UTF-8, bytes that are no UTF-8, long lines and none) and
// builds grep lines from grep's own grammar of what chooses a match:
// patterns of literal bytes, . ^ $ and the operators the model does not
// take ([ ] * + ? { } | ( ) \), given as the operand, with -e, --regexp or
// joined by newlines, with -F, -E, -G, -P, egrep and fgrep, -i, -y,
// --ignore-case, -w, -x, -o, -c, -v and -f. Each line runs with -r -l over
// the files in the C and C.UTF-8 locales; every file grep lists must be
// one the model does not call missed. HOOKC_GREPMISS_ORACLE_N sets the
// number of lines (default 3000, 500 with -short).
func TestGrepMissOracle(t *testing.T) {
	if _, err := exec.LookPath("grep"); err != nil {
		testenv.Missing(t, "no grep command")
	}
	n := testenv.Count(t, "HOOKC_GREPMISS_ORACLE_N", 3000, 500)
	r := rand.New(rand.NewPCG(436, 1))
	dir := t.TempDir()
	files := make([]string, 24)
	for i := range files {
		files[i] = filepath.Join(dir, fmt.Sprintf("f%02d", i))
		if err := os.WriteFile(files[i], grepOracleFile(r), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	var judged, missed, unknown int
	for range n {
		line := grepOracleLine(r)
		x := Extract(line+" -r -l .", know, Limits{})
		if len(x.Cmds) != 1 {
			t.Fatalf("%q: %d commands", line, len(x.Cmds))
		}
		c := &x.Cmds[0]
		needs, fold, ok := grepNeeds(c, know(c.Program.Text))
		if !ok {
			unknown++
			continue
		}
		judged++
		e := &evaluator{env: &Env{FS: osFS{}}}
		miss := map[string]bool{}
		for _, f := range files {
			if e.grepMisses(f, needs, fold) {
				miss["./"+filepath.Base(f)] = true
				missed++
			}
		}
		for _, loc := range []string{"C", "C.UTF-8"} {
			cmd := exec.Command("bash", "-c", line+" -r -l .")
			cmd.Dir, cmd.Env = dir, append(os.Environ(), "LC_ALL="+loc)
			out, err := cmd.Output()
			if err != nil && len(out) == 0 {
				continue // no match, or grep refuses the pattern
			}
			for f := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
				if miss[f] {
					t.Errorf("LC_ALL=%s %s: grep matches %s, which the model says it misses (needs %q, fold %v)", loc, line, f, needs, fold)
				}
			}
		}
	}
	t.Logf("%d lines: the model judged %d (%d files missed, grep's verdict each time), %d not known", n, judged, missed, unknown)
	if judged < n/4 {
		t.Errorf("the model judged only %d of %d lines", judged, n)
	}
}

// grepOracleFile returns the content of a file without NULs.
func grepOracleFile(r *rand.Rand) []byte {
	pieces := []string{"abc", "ABC", "key", "KEY", "sit", "SIT", "ı", "İ", "ſ", "K", "Å", "µ", "é", "\xff", "\xc3", "\xe2\x84",
		"func main", "os.Getenv", "log.Fatal", " ", "\n", "\t", ".", "^", "$", "[a]", "x*y", "\\", "(", ")", "|", "{1}"}
	var b strings.Builder
	for range 1 + r.IntN(60) {
		if r.IntN(4) == 0 {
			b.WriteByte(byte(1 + r.IntN(255)))
			continue
		}
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return []byte(b.String())
}

// grepOracleLine returns a grep line without its files.
func grepOracleLine(r *rand.Rand) string {
	prog := []string{"grep", "grep", "grep", "egrep", "fgrep"}[r.IntN(5)]
	var words []string
	for range r.IntN(3) {
		words = append(words, []string{"-F", "-E", "-G", "-P", "-i", "-y", "--ignore-case", "-w", "-x", "-o", "-c", "-n", "-v", "-f /dev/null", "--fixed-strings", "--extended-regexp"}[r.IntN(16)])
	}
	pat := func() string {
		atoms := []string{"a", "b", "c", "k", "K", "s", "S", "i", "I", "t", "e", "y", "key", "sit", "main", " ", ".", ".", "^", "$", "[a]", "*", "+", "?", "{1}", "|", "(", ")", "\\", "\\.", "ı", "ſ", "é", "Å", "µ", "\\n"}
		var p strings.Builder
		for range 1 + r.IntN(5) {
			p.WriteString(atoms[r.IntN(len(atoms))])
		}
		return p.String()
	}
	switch r.IntN(5) {
	case 0:
		words = append(words, "-e", shellQuote(pat()), "-e", shellQuote(pat()))
	case 1:
		words = append(words, "--regexp="+shellQuote(pat()))
	case 2:
		words = append(words, "$'"+strings.ReplaceAll(pat(), "'", "")+"\\n"+strings.ReplaceAll(pat(), "'", "")+"'")
	default:
		words = append(words, shellQuote(pat()))
	}
	return prog + " " + strings.Join(words, " ")
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
