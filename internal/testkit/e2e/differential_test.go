package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/runtime"
)

// A diffLine is one command line of the differential test.
type diffLine struct {
	suite string // the file it comes from
	pos   string // file:line
	want  string // the decision the suite wants of the guard ("" for the corpus)
	line  string // the command line as written, with /project and /home/user

	guard     string // the guard's decision, in process
	alone     string // "ran", or what the client alone showed the model
	withGuard string // the same with the guard installed
}

func (l *diffLine) aloneRan() bool     { return l.alone == "ran" }
func (l *diffLine) withGuardRan() bool { return l.withGuard == "ran" }

// stubOutput is what the recording stub prints for a command it was given
// to run.
const stubOutput = "HOOKC-STUB-RAN"

// stubScript is CLAUDE_CODE_SHELL_PREFIX for the differential test: the
// client runs it in place of every shell command, with the command line as
// its argument. It records the line and runs nothing.
const stubScript = `#!/bin/sh
printf '%s\0' "$*" >> "$HOOKC_STUB_LOG"
echo ` + stubOutput + `
`

// loadDiffLines returns the Bash command lines of every adversarial suite
// and the allow rows of the peer corpus, and how many rows of each suite
// are not Bash command lines in the project (tool payloads, raw input, a
// line made for another working directory), which the test leaves out.
func loadDiffLines(t *testing.T) ([]*diffLine, map[string]int) {
	t.Helper()
	var lines []*diffLine
	skipped := map[string]int{}
	files, _ := filepath.Glob("../../../testdata/adversarial/*.tsv")
	for _, f := range files {
		suite := filepath.Base(f)
		eachRow(t, f, func(n int, cols []string) {
			if len(cols) != 4 {
				t.Fatalf("%s:%d: %d columns, want 4", f, n, len(cols))
			}
			line, ok := suiteCommand(cols[2])
			if !ok {
				skipped[suite]++
				return
			}
			lines = append(lines, &diffLine{suite: suite, pos: fmt.Sprintf("%s:%d", suite, n), want: cols[1], line: line})
		})
	}
	const corpus = "../../../testdata/corpus/peer-commands.tsv"
	eachRow(t, corpus, func(n int, cols []string) {
		if n == 1 || len(cols) < 3 || cols[2] != "allow" {
			return
		}
		lines = append(lines, &diffLine{suite: "peer-commands.tsv (allow)", pos: fmt.Sprintf("peer-commands.tsv:%d", n), line: suites.Unescape(cols[1])})
	})
	return lines, skipped
}

func eachRow(t *testing.T, file string, f func(n int, cols []string)) {
	t.Helper()
	rows, err := suites.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		f(r.Line, r.Cols)
	}
}

// suiteCommand returns the Bash command line of an adversarial suite's
// input column (testdata/adversarial/*.tsv), if it is one and is made for
// the project as the working directory.
func suiteCommand(in string) (string, bool) {
	if rest, ok := strings.CutPrefix(in, "go:"); ok {
		s, err := strconv.Unquote(rest)
		return s, err == nil
	}
	if strings.HasPrefix(in, "raw:") {
		return "", false
	}
	if strings.HasPrefix(in, `{"`) {
		var p struct {
			Tool  string `json:"tool_name"`
			Input struct {
				Command *string `json:"command"`
			} `json:"tool_input"`
			Event *string `json:"hook_event_name"`
			Cwd   *string `json:"cwd"`
		}
		if json.Unmarshal([]byte(in), &p) != nil || p.Tool != "Bash" || p.Input.Command == nil || p.Event != nil && *p.Event != "PreToolUse" {
			return "", false
		}
		if p.Cwd != nil && *p.Cwd != "/project" {
			// The client runs the line in the project: a row made for
			// another working directory is judged in process only.
			return "", false
		}
		return *p.Input.Command, true
	}
	return in, true
}

// The suites' test context is cwd /project and HOME /home/user, in the
// world of suites.AdversarialWorld; the differential test runs in scratch
// directories that build that world (scratch.world) instead, and rewrites
// the absolute spellings of the project, the home and /srv (a relative
// ../../home/user is left as it is: it reaches outside the scratch, where
// nothing exists).
var suitePath = regexp.MustCompile(`(^|[^A-Za-z0-9_.~/-])/(project|home/user|srv)($|[^A-Za-z0-9_.-])`)

func rebase(line string, s *scratch) string {
	return suitePath.ReplaceAllStringFunc(line, func(m string) string {
		g := suitePath.FindStringSubmatch(m)
		rebased, _ := s.rebasePath("/" + g[2])
		return g[1] + rebased + g[3]
	})
}

// rebasePath returns the scratch's path of a path in the suites' world:
// under /project, /home/user or /srv.
func (s *scratch) rebasePath(path string) (string, bool) {
	for _, r := range []struct{ from, to string }{
		{"/project", s.project},
		{"/home/user", s.home},
		{"/srv", filepath.Join(s.dir, "srv")},
	} {
		if rest, ok := strings.CutPrefix(path, r.from); ok && (rest == "" || rest[0] == '/') {
			return r.to + rest, true
		}
	}
	return "", false
}

// world builds the suites' world (suites.AdversarialWorld) in the
// scratch: its project, home and /srv files and links. System files
// (/etc/passwd, /tmp/x) are the machine's own.
func (s *scratch) world(t *testing.T) {
	t.Helper()
	w := suites.AdversarialWorld()
	files := map[string]string{}
	for path, data := range w.Files {
		if p, ok := s.rebasePath(path); ok {
			files[p] = data
		}
	}
	s.write(t, files)
	for path, target := range w.Links {
		p, ok := s.rebasePath(path)
		to, ok2 := s.rebasePath(target)
		if !ok || !ok2 {
			continue
		}
		if err := os.Symlink(to, p); err != nil {
			t.Fatal(err)
		}
	}
	// A hard-linked file gets its second name beside it (design.md 313).
	for path := range w.Names {
		if p, ok := s.rebasePath(path); ok {
			if err := os.Link(p, filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".2")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// diffBatch is the number of calls in one session of the differential
// test.
const diffBatch = 250

// TestDifferential runs every Bash line of the adversarial suites and the
// allow rows of the peer corpus (each distinct line once) through the
// client alone, with CLAUDE_CODE_SHELL_PREFIX set to a stub that records
// the command and runs nothing, and decides it with the guard. The lines
// the guard allows run again with the guard installed; the others cannot
// run with it (a hook's deny blocks the call, an ask is refused headless:
// scenarios guard_deny and guard_ask). The test fails on a line that the
// client alone does not run but runs with the guard installed: hookc must
// never make Claude Code weaker. A line the suites want allowed (or the
// corpus's, which peers allow) may be such a line: it is read-only, and
// the client alone asks about it. Those are listed in
// testdata/differential.known, which the test holds exact; any other
// fails. With
// HOOKC_E2E_OUT set, it writes both verdicts of every line to
// $HOOKC_E2E_OUT/differential.tsv.
func TestDifferential(t *testing.T) {
	needClient(t)
	t.Parallel()
	all, skipped := loadDiffLines(t)
	p, err := load.Dir(filepath.Join("..", "..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}

	// Each distinct line runs once; the guard decides it in a scratch of
	// the same layout as the sessions'.
	var lines []*diffLine
	first := map[string]*diffLine{}
	for _, l := range all {
		if first[l.line] != nil {
			continue // report fills in its verdicts
		}
		first[l.line] = l
		lines = append(lines, l)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	s := newScratch(t)
	s.world(t)
	for _, l := range lines {
		l.guard = guardDecision(hook, s, rebase(l.line, s))
	}
	var allowed []*diffLine
	for _, l := range lines {
		if l.guard == "allow" {
			allowed = append(allowed, l)
		} else {
			l.withGuard = "not run: the guard's " + l.guard
		}
	}

	runDiffBatches(t, []diffRun{{lines, false}, {allowed, true}})
	if t.Failed() {
		return
	}
	// A listed line that the guard allows but that did not run with it
	// installed may have met a loaded machine (CI runs the other packages
	// beside this one, and a hook past its time limit blocks the call):
	// those run once more with the guard, in a session of their own.
	listed := knownLines(t, "testdata/differential.known")
	var again []*diffLine
	for _, l := range allowed {
		if !l.aloneRan() && !l.withGuardRan() && listed[l.line] {
			again = append(again, l)
		}
	}
	if len(again) > 0 {
		t.Logf("%d listed lines did not run with the guard: once more", len(again))
		runDiffBatches(t, []diffRun{{again, true}})
	}
	report(t, all, skipped)
}

// knownLines returns the command lines a known-lines file lists.
func knownLines(t *testing.T, file string) map[string]bool {
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if _, q, ok := strings.Cut(l, "\t"); ok && !strings.HasPrefix(l, "#") {
			if line, err := strconv.Unquote(q); err == nil {
				lines[line] = true
			}
		}
	}
	return lines
}

// report logs the counts per suite, writes the per-line report and holds
// the list of lines where the guard makes the client weaker.
func report(t *testing.T, lines []*diffLine, skipped map[string]int) {
	// A line repeated in several suites ran once.
	byLine := map[string]*diffLine{}
	for _, l := range lines {
		if l.alone != "" {
			byLine[l.line] = l
		}
	}
	for _, l := range lines {
		if f := byLine[l.line]; l.alone == "" && f != nil {
			l.guard, l.alone, l.withGuard = f.guard, f.alone, f.withGuard
		}
	}

	type counts struct{ lines, alone, guardAllow, withGuard, weaker, stricter int }
	bySuite := map[string]*counts{}
	var weaker []string
	for _, l := range lines {
		c := bySuite[l.suite]
		if c == nil {
			c = &counts{}
			bySuite[l.suite] = c
		}
		c.lines++
		if l.aloneRan() {
			c.alone++
			if l.guard != "allow" {
				c.stricter++
			}
		}
		if l.guard == "allow" {
			c.guardAllow++
		}
		if l.withGuardRan() {
			c.withGuard++
		}
		if !l.aloneRan() && l.withGuardRan() {
			c.weaker++
			weaker = append(weaker, l.suite+"\t"+strconv.Quote(l.line))
			if l.want != "" && l.want != "allow" {
				// Only read-only lines (the suite wants them allowed, or
				// peers allow them) may be listed.
				t.Errorf("%s: %q (want %s) runs with the guard installed but not with the client alone", l.pos, l.line, l.want)
			}
		}
	}
	t.Logf("%-26s %6s %6s %6s %6s %7s %8s %9s", "suite", "lines", "alone", "guard", "both", "weaker", "stricter", "not Bash")
	for _, s := range slices.Sorted(maps.Keys(bySuite)) {
		c := bySuite[s]
		t.Logf("%-26s %6d %6d %6d %6d %7d %8d %9d", s, c.lines, c.alone, c.guardAllow, c.withGuard, c.weaker, c.stricter, skipped[s])
	}
	t.Logf("lines: Bash lines of the suite; alone: run by the client alone; guard: allowed by the guard; both: run with the guard installed; weaker: run with the guard, not alone; stricter: run alone, not allowed by the guard; not Bash: rows left out")

	if dir := os.Getenv("HOOKC_E2E_OUT"); dir != "" {
		var b bytes.Buffer
		b.WriteString("pos\twant\tguard\talone\twith guard\tline\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\n", l.pos, l.want, l.guard, oneLine(l.alone), oneLine(l.withGuard), strconv.Quote(l.line))
		}
		if err := os.WriteFile(filepath.Join(dir, "differential.tsv"), b.Bytes(), 0o644); err != nil {
			t.Error(err)
		}
	}
	holdKnown(t, "testdata/differential.known", diffKnownHeader, weaker)
}

// guardDecision decides a Bash line with the guard in process, as the hook
// does in a session in the scratch.
func guardDecision(tb *runtime.Table, s *scratch, line string) string {
	return decideCall(tb, s, bashCall(line))
}

const diffKnownHeader = `# Lines that Claude Code alone does not run (it asks) but runs with the
# guard installed (TestDifferential), by suite. Each is read-only by the
# guard's written model: its suite wants it allowed, or peers allow it (the
# corpus); there hookc is quieter than the client alone. A line of any
# other kind (an attack row) fails the test whether or not it is listed.
# The test holds this list exact: it fails on such a line that is not
# listed, and on a listed line that no longer is one. HOOKC_UPDATE=1
# rewrites it.
`

// oneLine shortens a verdict to its first line.
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = s[:160]
	}
	return s
}

// A diffRun is lines to run through the client, with the guard installed
// or not.
type diffRun struct {
	lines []*diffLine
	guard bool
}

// runDiffBatches runs the lines of each run in sessions of diffBatch
// calls, two sessions at a time, and records the client's verdicts.
func runDiffBatches(t *testing.T, runs []diffRun) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, r := range runs {
		for start := 0; start < len(r.lines); start += diffBatch {
			batch := r.lines[start:min(start+diffBatch, len(r.lines))]
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				runDiffBatch(t, batch, r.guard)
			}()
		}
	}
	wg.Wait()
}

// runDiffBatch runs a batch of lines in one session, with or without the
// guard, and records the client's verdicts.
func runDiffBatch(t *testing.T, batch []*diffLine, guard bool) {
	s := newScratch(t)
	s.world(t)
	stub := filepath.Join(s.dir, "stub")
	if err := os.WriteFile(stub, []byte(stubScript), 0o755); err != nil {
		t.Fatal(err)
	}
	stubLog := filepath.Join(s.dir, "stub.log")
	if guard {
		s.installGuard(t)
	}
	var calls []toolCall
	for _, l := range batch {
		calls = append(calls, bashCall(rebase(l.line, s)))
	}
	r := s.session(t, batchScript(calls), []string{"CLAUDE_CODE_SHELL_PREFIX=" + stub, "HOOKC_STUB_LOG=" + stubLog})
	results := toolResults(r)
	ran := 0
	for i, l := range batch {
		res, ok := results[callID(i)]
		verdict := "no result"
		switch {
		case !ok:
		case strings.Contains(res.Text, stubOutput) && !res.IsError:
			verdict = "ran"
			ran++
		default:
			verdict = strings.TrimSpace(res.Text)
		}
		if guard {
			l.withGuard = verdict
		} else {
			l.alone = verdict
		}
	}
	// Every line the client ran went through the stub.
	logged, _ := os.ReadFile(stubLog)
	if n := bytes.Count(logged, []byte{0}); n < ran {
		t.Errorf("%s: the stub recorded %d commands, the model saw %d run", batch[0].pos, n, ran)
	}
}
