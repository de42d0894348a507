package hookc_test

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/suites"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testenv"
)

// readOnlyFloor is the fraction of the read-only set the guard must allow
// (issue 11: quiet on read-only work).
const readOnlyFloor = 0.97

type readOnlyLine struct {
	file, command, source string
	needs                 string // the change the guard needs to allow it, if any
	line                  int
}

// readReadOnly reads testdata/readonly/*.tsv: a header, then on each line
// a command line (with the corpus's \\ \n \t escapes), its source and,
// for a line the guard does not allow yet, the change to the runtime or
// the policy that it waits for.
func readReadOnly(t *testing.T) []readOnlyLine {
	files, err := filepath.Glob(filepath.Join("testdata", "readonly", "*.tsv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no read-only set: %v", err)
	}
	var out []readOnlyLine
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if n == 1 {
				if sc.Text() != "command\tsource\tneeds" {
					t.Errorf("%s:1: want the header \"command\\tsource\\tneeds\"", name)
				}
				continue
			}
			c := strings.Split(sc.Text(), "\t")
			if len(c) < 2 || len(c) > 3 || c[0] == "" || c[1] == "" {
				t.Errorf("%s:%d: want a command, its source and what it needs", name, n)
				continue
			}
			l := readOnlyLine{file: name, command: suites.Unescape(c[0]), source: c[1], line: n}
			if len(c) == 3 {
				l.needs = c[2]
			}
			out = append(out, l)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestReadOnlySet decides every line of the read-only set with the guard,
// as the hook would, and reports the fraction allowed. It fails if less
// than readOnlyFloor of the lines that wait for no change (no needs
// column) is allowed, and if a line that waits for a change is allowed
// (the change came: drop the mark). It logs every line that is not
// allowed, with the guard's reason; go test -v -run TestReadOnlySet .
// prints them.
func TestReadOnlySet(t *testing.T) {
	if testing.Short() {
		t.Skip("decides the read-only set with the guard")
	}
	lines := readReadOnly(t)
	if len(lines) < 300 {
		t.Errorf("the read-only set has %d lines, want at least 300", len(lines))
	}
	_, decide := guard(t)
	allowed, waiting, waitingAllowed := 0, 0, 0
	count := map[runtime.Decision]int{}
	seen := map[string]string{}
	for _, l := range lines {
		where := l.file + ":" + strconv.Itoa(l.line)
		if prev, ok := seen[l.command]; ok {
			t.Errorf("%s: %q is also at %s", where, l.command, prev)
		}
		seen[l.command] = where
		res := decide(l.command)
		count[res.Decision]++
		ok := res.Decision == runtime.Allow
		if ok {
			allowed++
		}
		if l.needs != "" {
			waiting++
			if ok {
				waitingAllowed++
				t.Errorf("%s: %q is allowed: it no longer waits for %q", where, l.command, l.needs)
			}
		}
		if !ok {
			t.Logf("%s: %s %q: %s", where, res.Decision, l.command, res.Reason)
		}
	}
	all := float64(allowed) / float64(len(lines))
	rest := float64(allowed-waitingAllowed) / float64(len(lines)-waiting)
	t.Logf("read-only set: %d lines, %d allowed (%.1f%%); %d wait for a runtime or policy change; of the other %d, %.1f%% allowed",
		len(lines), allowed, 100*all, waiting, len(lines)-waiting, 100*rest)
	t.Logf("decisions: allow %d, pass %d (Claude Code's own checks decide), ask %d, deny %d",
		count[runtime.Allow], count[runtime.Pass], count[runtime.Ask], count[runtime.Deny])
	if rest < readOnlyFloor {
		t.Errorf("the guard allows %.1f%% of the read-only lines that wait for no change, want at least %.0f%%", 100*rest, 100*readOnlyFloor)
	}
}

// TestSedScriptsInSandbox checks the guard's sed rule against GNU sed: for
// random scripts made of the pieces sed scripts are made of, any script
// the guard allows sed to run must compile in sed's sandbox mode, which
// rejects the e, r and w commands and flags. (A script sed cannot compile
// runs nothing.)
func TestSedScriptsInSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sed on every sed script of the guard's tests")
	}
	if _, err := exec.LookPath("sed"); err != nil {
		testenv.Missing(t, "sed is not installed: the guard's sed rule is not checked against it")
	}
	if out, _ := exec.Command("sed", "--version").Output(); !strings.Contains(string(out), "GNU sed") {
		testenv.Missing(t, "sed is not GNU sed: it has no sandbox mode")
	}
	_, decide := guard(t)
	pieces := []string{
		"s/", "s|", "y/", "/", "|", "[", "]", "[:space:]", "^", "\\", "\\/", "\\|", "\\n",
		"w", "e", "r", "R", "W", "v", "a", "i", "c", "F", " ", ";", "{", "}", "!", "1", "2", "$",
		",", "~", "+", "p", "d", "g", "x", "b", "t", "q", "n", "N", ":a", "I", "M", "=", "#",
		"/w x", " x", "0", "l",
	}
	scripts := randomTexts(rand.New(rand.NewPCG(11, 1)), pieces, 4000, 400)
	allowed := 0
	for _, script := range scripts {
		line := "sed -n '" + script + "' f"
		if decide(line).Decision != runtime.Allow {
			continue
		}
		allowed++
		out, _ := exec.Command("sed", "--sandbox", "-n", script, os.DevNull).CombinedOutput()
		if strings.Contains(string(out), "sandbox") {
			t.Errorf("the guard allows %s, which sed --sandbox rejects: %s", line, out)
		}
	}
	t.Logf("%d random scripts, %d allowed, each compiled in sed's sandbox", len(scripts), allowed)
}

// TestAwkProgramsInSandbox checks the guard's awk rule against gawk: any
// random program the guard allows awk to run must run in gawk's sandbox
// mode, which refuses system(), redirections and pipes, and dynamic
// extensions.
func TestAwkProgramsInSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gawk on every awk program of the guard's tests")
	}
	if _, err := exec.LookPath("gawk"); err != nil {
		testenv.Missing(t, "gawk is not installed: the guard's awk rule is not checked against it")
	}
	_, decide := guard(t)
	input := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(input, []byte("a b c\n1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pieces := []string{
		"{", "}", "print", "printf", " ", "$1", "$0", ">", ">>", "|", "|&", `"x"`, `"%s\n"`, "<",
		"system(", "getline", "close(", "fflush(", ")", "(", ";", ",", "NR", "NF", "1", "BEGIN", "END",
		"@load ", "@include ", "x", "==", "&&", "||", "+", "=", "/a/", "!", "next", "exit", "ENVIRON",
		"[", "]", `"cat"`, `"/dev/stderr"`, "length(", "sum", "+=", "\n",
	}
	progs := randomTexts(rand.New(rand.NewPCG(12, 3)), pieces, 1500, 200)
	allowed := 0
	for _, prog := range progs {
		if strings.Contains(prog, "'") {
			continue
		}
		line := "awk '" + prog + "' f"
		if decide(line).Decision != runtime.Allow {
			continue
		}
		allowed++
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		cmd := exec.CommandContext(ctx, "gawk", "--sandbox", prog, input)
		cmd.Dir = t.TempDir()
		out, _ := cmd.CombinedOutput()
		cancel()
		if strings.Contains(string(out), "sandbox") || strings.Contains(string(out), "shared library") {
			t.Errorf("the guard allows %s, which gawk --sandbox refuses: %s", line, out)
		}
	}
	t.Logf("%d random programs, %d allowed, each run in gawk's sandbox", len(progs), allowed)
}

// randomTexts returns n texts (short with -short), each of 1 to 10 pieces
// drawn by rng.
func randomTexts(rng *rand.Rand, pieces []string, n, short int) []string {
	if testing.Short() {
		n = short
	}
	texts := make([]string, n)
	for i := range texts {
		var b strings.Builder
		for k := 1 + rng.IntN(10); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts[i] = b.String()
	}
	return texts
}
