package hookc_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/runtime"
)

// corpusPath is the peer command corpus (testdata/corpus/README.md).
var corpusPath = filepath.Join("testdata", "corpus", "peer-commands.tsv")

type corpusRow struct {
	source, command, expected, note string
}

func readCorpus(t *testing.T) []corpusRow {
	f, err := os.Open(corpusPath)
	if err != nil {
		t.Fatalf("peer corpus: %v", err)
	}
	defer f.Close()
	var rows []corpusRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 4 {
			continue
		}
		rows = append(rows, corpusRow{c[0], suites.Unescape(c[1]), c[2], c[3]})
	}
	return rows
}

// plainlyReadOnly reports whether every simple command of line is plain
// read-only work by the list, judged on the parsed commands, not on
// the guard's rules.
func plainlyReadOnly(t *runtime.Table, line string) bool {
	x := runtime.Extract(line, t.Command, runtime.Limits{})
	if x.ParseError != "" || len(x.Cmds) == 0 {
		return false
	}
	for _, c := range x.Cmds {
		if len(c.Redirs) > 0 || len(c.Wrappers) > 0 || len(c.Assigns) > 0 || c.Program.Dynamic {
			return false
		}
		for _, w := range c.Words {
			if w.Uncertain() {
				return false
			}
		}
		switch c.Program.Text {
		case "ls", "pwd", "cat", "head", "tail", "wc", "less", "grep", "rg", "echo", "printf", "which", "stat", "du":
		case "find":
			for _, f := range c.Flags {
				switch f.Text {
				case "-exec", "-execdir", "-ok", "-okdir", "-delete":
					return false
				}
			}
		case "git":
			if len(c.Operands) == 0 {
				return false
			}
			switch c.Operands[0].Text {
			case "status", "diff", "log", "show":
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// TestPeerCorpus runs the guard over the peer corpus rows the foundation
// issue names and reports how they are decided. go test -v -run
// TestPeerCorpus . prints the counts and every deny row that was not denied.
// guard loads examples/guard and returns its table and a function that
// decides a Bash line with the table its hook runs, as the hook would, with HOME /home/user, cwd
// /home/user/project and an empty file system.
func guard(t *testing.T) (*runtime.Table, func(line string) *runtime.Result) {
	return guardIn(t, runtime.MapFS{})
}

// guardIn is guard on the file system fs.
func guardIn(t *testing.T, fs runtime.FS) (*runtime.Table, func(line string) *runtime.Result) {
	t.Helper()
	p, err := load.Dir("examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	env := &runtime.Env{Home: "/home/user", Getenv: func(string) string { return "" }, FS: fs}
	return p.Table, func(line string) *runtime.Result {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/home/user/project", "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
		return runtime.Decide(hook, b, env)
	}
}

func TestPeerCorpus(t *testing.T) {
	rows := readCorpus(t)
	table, decide := guard(t)
	type tally struct {
		counts map[runtime.Decision]int
		misses []string
	}
	sets := map[string]*tally{}
	add := func(set string, r corpusRow, res *runtime.Result, miss bool) {
		tl := sets[set]
		if tl == nil {
			tl = &tally{counts: map[runtime.Decision]int{}}
			sets[set] = tl
		}
		tl.counts[res.Decision]++
		if miss {
			tl.misses = append(tl.misses, fmt.Sprintf("%s\t%q\t(%s)", res.Decision, r.command, r.note))
		}
	}
	for _, r := range rows {
		dcg := strings.Contains(r.source, "destructive_command_guard")
		switch {
		case r.expected == "deny" && dcg && strings.Contains(r.note, "tests/corpus/bypass_attempts"):
			res := decide(r.command)
			add("dcg bypass_attempts (deny)", r, res, res.Decision != runtime.Deny)
		case r.expected == "deny" && dcg && strings.Contains(r.note, "tests/corpus/true_positives"):
			res := decide(r.command)
			add("dcg true_positives (deny)", r, res, res.Decision != runtime.Deny)
		case r.expected == "deny" && strings.Contains(r.source, "cc-safety-net") && strings.Contains(r.note, "project-rules/"):
			// The peer's test loads custom rules of a project (no git
			// add -A, no xargs grep): a user's choice, not harm
			// (scope.tsv); find . | xargs grep x reads the project.
			res := decide(r.command)
			add("cc-safety-net custom project rules", r, res, res.Decision != runtime.Deny)
		case r.expected == "deny" && strings.Contains(r.source, "cc-safety-net") && strings.Contains(r.note, "reason~active safety policy"):
			// The peer's test runs these under a policy it switches on
			// for the test (its reason says so); its other tests allow
			// python -c "print('ok')", which the guard's inline core
			// allows too (design.md 455).
			res := decide(r.command)
			add("cc-safety-net under a test's policy", r, res, res.Decision != runtime.Deny)
		case r.expected == "deny" && strings.Contains(r.source, "cc-safety-net"):
			res := decide(r.command)
			add("cc-safety-net (deny)", r, res, res.Decision != runtime.Deny)
		case r.expected == "allow" && plainlyReadOnly(table, r.command):
			res := decide(r.command)
			add("plainly read-only (allow)", r, res, res.Decision != runtime.Allow)
		}
	}
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		tl := sets[n]
		total := 0
		for _, c := range tl.counts {
			total += c
		}
		t.Logf("%-28s %4d rows: deny %4d  ask %4d  allow %4d  pass %d", n, total,
			tl.counts[runtime.Deny], tl.counts[runtime.Ask], tl.counts[runtime.Allow], tl.counts[runtime.Pass])
		if testing.Verbose() {
			for _, m := range tl.misses {
				t.Logf("    %s", m)
			}
		}
	}
	// What the guard holds itself to: no deny row of these sets is allowed.
	for _, n := range names {
		if !strings.HasSuffix(n, "(deny)") {
			continue
		}
		if a := sets[n].counts[runtime.Allow]; a > 0 {
			t.Errorf("%s: %d deny rows allowed", n, a)
		}
	}
	checkCorpusScope(t, rows, decide)
}

// A scopeEntry is a row of testdata/corpus/scope.tsv: the corpus deny rows
// whose field (source, command or note) matches pattern are out of the
// reference guard's scope, for the reason given.
type scopeEntry struct {
	line    int
	field   string
	pattern *regexp.Regexp
	reason  string
	used    int
}

func readScope(t *testing.T) []*scopeEntry {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "scope.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*scopeEntry
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		c := strings.Split(l, "\t")
		if len(c) != 3 || c[2] == "" {
			t.Fatalf("scope.tsv:%d: want field, pattern and reason", i+2)
		}
		switch c[0] {
		case "source", "command", "note":
		default:
			t.Fatalf("scope.tsv:%d: field %q, want source, command or note", i+2, c[0])
		}
		re, err := regexp.Compile(c[1])
		if err != nil {
			t.Fatalf("scope.tsv:%d: %v", i+2, err)
		}
		out = append(out, &scopeEntry{line: i + 2, field: c[0], pattern: re, reason: c[2]})
	}
	return out
}

// excuse returns the scope entry that puts r out of scope, or nil.
func excuse(scope []*scopeEntry, r corpusRow) *scopeEntry {
	for _, e := range scope {
		v := map[string]string{"source": r.source, "command": r.command, "note": r.note}[e.field]
		if e.pattern.MatchString(v) {
			return e
		}
	}
	return nil
}

// checkCorpusScope holds the guard to every deny row of the whole corpus:
// each is denied, or testdata/corpus/scope.tsv says, with a reason, why it
// is out of the reference guard's scope. A scope entry that excuses no row
// is stale.
func checkCorpusScope(t *testing.T, rows []corpusRow, decide func(string) *runtime.Result) {
	scope := readScope(t)
	in, denied := 0, 0
	for _, r := range rows {
		if r.expected != "deny" {
			continue
		}
		res := decide(r.command)
		if res.Decision == runtime.Deny {
			in++
			denied++
			continue
		}
		if e := excuse(scope, r); e != nil {
			e.used++
			continue
		}
		in++
		t.Errorf("in-scope deny row not denied: %s %q (%s; %s): %s", res.Decision, r.command, r.source, r.note, res.Reason)
	}
	for _, e := range scope {
		if e.used == 0 {
			t.Errorf("scope.tsv:%d: %s %q excuses no deny row that is not denied: drop it", e.line, e.field, e.pattern)
		}
	}
	t.Logf("corpus deny rows in the guard's scope: %d, denied %d", in, denied)
}
