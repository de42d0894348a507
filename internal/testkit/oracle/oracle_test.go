package oracle

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// Sizes of the generated part of TestOracle: HOOKC_ORACLE_LINES overrides
// both (.ci/run sets the full size).
const (
	shortLines   = 2000
	defaultLines = 20000
	defaultSeed  = 1
)

var (
	guardDir   = filepath.Join("..", "..", "..", "examples", "guard")
	advDir     = filepath.Join("..", "..", "..", "testdata", "adversarial")
	corpusPath = filepath.Join("..", "..", "..", "testdata", "corpus", "peer-commands.tsv")
	knownPath  = filepath.Join("..", "..", "..", "testdata", "oracle", "known.txt")
)

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a count", name, s)
	}
	return n
}

// An input is one line the oracle checks, with where it comes from.
type input struct {
	source string // "adversarial", "corpus" or "generated"
	pos    string
	class  string
	text   string
	tags   []string // a generated line's constructs
}

// readSuites reads the adversarial suite and the peer corpus.
func readSuites(t *testing.T) (adv, corpus []SuiteLine) {
	t.Helper()
	adv, err := ReadAdversarial(advDir)
	if err != nil {
		t.Fatal(err)
	}
	corpus, err = ReadCorpus(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	return adv, corpus
}

// inputs returns the suites' lines and n generated ones, without
// duplicates (the first occurrence is kept).
func inputs(t *testing.T, g *Generator, n int) []input {
	adv, corpus := readSuites(t)
	var in []input
	for _, l := range adv {
		in = append(in, input{"adversarial", l.Pos, "adversarial:" + l.Category, l.Text, nil})
	}
	for _, l := range corpus {
		in = append(in, input{"corpus", l.Pos, "corpus", l.Text, nil})
	}
	for i := range n {
		l := g.Line(i)
		in = append(in, input{"generated", fmt.Sprintf("line %d %v", i, l.Tags), l.Class(), l.Text, l.Tags})
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(in, func(x input) bool {
		if seen[x.text] {
			return true
		}
		seen[x.text] = true
		return false
	})
}

// TestOracle is the soundness check of docs/oracle.md: every line the
// guard allows, run in real bash in the oracle's root, runs only commands
// the guard allows, leaks no canary and changes nothing it protects.
func TestOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the guard's lines in a jailed bash")
	}
	t.Parallel()
	p, err := load.Dir(guardDir)
	if err != nil {
		t.Fatal(err)
	}
	n := defaultLines
	if testing.Short() {
		n = shortLines
	}
	n = envInt(t, "HOOKC_ORACLE_LINES", n)
	seed := uint64(envInt(t, "HOOKC_ORACLE_SEED", defaultSeed))
	g := NewGenerator(p.Table, seed)
	in := inputs(t, g, n)
	var suites []string // the generator's programs are in its vocabulary
	for _, x := range in {
		if x.source != "generated" {
			suites = append(suites, x.text)
		}
	}

	start := time.Now()
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(Config{
		Table:    hook,
		Workers:  envInt(t, "HOOKC_ORACLE_WORKERS", 0),
		Programs: append(ProgramNames(p.Table, suites), g.Vocabulary()...),
		Awk:      os.Getenv("HOOKC_ORACLE_AWK"),
	})
	if errors.Is(err, ErrUnsupported) {
		testenv.Missingf(t, "exec-trace oracle skipped, nothing was checked: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	setup := time.Since(start)
	if len(o.Missing) > 0 {
		t.Logf("programs run as stubs only, not on this machine: %s", strings.Join(o.Missing, " "))
	}
	if !o.UserNS {
		t.Logf("no user namespaces: the roots run as the host's root, in the other namespaces, with capabilities dropped")
	}

	start = time.Now()
	verdicts := make([]*Verdict, len(in))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for range 2 * len(o.jails) {
		wg.Go(func() {
			for i := range jobs {
				v, err := o.Check(in[i].text)
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					continue
				}
				verdicts[i] = v
			}
		})
	}
	for i := range in {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	for _, err := range errs {
		t.Error(err)
	}
	if len(errs) > 0 {
		return
	}

	known, err := ReadKnown(knownPath)
	if err != nil {
		t.Fatal(err)
	}
	// A listed line that no longer fails must leave the list, unless a
	// program it may need for its harm is not on this machine.
	stale := t.Errorf
	if len(o.Missing) > 0 {
		stale = t.Logf
	}
	found := &Known{Class: map[string]string{}, Lines: n, Seed: seed}
	var reports strings.Builder
	stats := map[string]*count{}
	classes := newClassCounts()
	ran := 0
	for i, v := range verdicts {
		x := in[i]
		st := stats[x.source]
		if st == nil {
			st = &count{}
			stats[x.source] = st
		}
		st.lines++
		classes.add(x, v)
		if !v.Ran {
			continue
		}
		ran++
		st.ran++
		if v.Outcome.TimedOut {
			st.timedOut++
		}
		if len(v.Findings) == 0 {
			class, ok := known.Class[x.text]
			if !ok {
				continue
			}
			// Run it again before calling it fixed.
			first := v
			if v = recheck(t, o, x.text); len(v.Findings) == 0 {
				stale("%s (%s): listed as a known finding (%s) but no longer fails: remove it from %s\n%s", x.pos, x.source, class, knownPath, o.Report(v))
				continue
			}
			t.Logf("%s (%s): listed finding missed on a first run:\n%s\nthen:\n%s", x.pos, x.source, o.Report(first), o.Report(v))
		}
		st.findings++
		found.Class[x.text] = x.class
		fmt.Fprintf(&reports, "--- %s %s (%s)\n%s\n", x.source, x.pos, x.class, o.Report(v))
		if _, ok := known.Class[x.text]; !ok {
			t.Errorf("new finding, %s %s (%s):\n%s", x.source, x.pos, x.class, o.Report(v))
		}
	}
	// A listed line the guard no longer allows is fixed, too.
	inRun := map[string]bool{}
	for i, x := range in {
		inRun[x.text] = verdicts[i].Ran
	}
	full := len(known.Class) == 0 || n >= known.Lines && seed == known.Seed
	for text, class := range known.Class {
		allowed, ok := inRun[text]
		switch {
		case ok && !allowed:
			stale("listed as a known finding (%s) but no longer allowed: remove %q from %s", class, text, knownPath)
		case !ok && full:
			stale("listed as a known finding (%s) but no longer among the lines checked: remove %q from %s", class, text, knownPath)
		}
	}

	if path := os.Getenv("HOOKC_ORACLE_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(reports.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if !full {
			t.Errorf("HOOKC_UPDATE=1: run at the size the list was written with (%d lines, seed %d) or larger", known.Lines, known.Seed)
		} else if err := found.Write(knownPath); err != nil {
			t.Error(err)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "exec-trace oracle: %d generated lines (seed %d) and the suites, %d distinct; %d allowed and run in bash, %d with findings; setup %v, checking %v (%.0f lines/s, %.0f runs/s, %d roots)\n",
		n, seed, len(in), ran, len(found.Class), setup.Round(time.Millisecond), elapsed.Round(time.Millisecond),
		float64(len(in))/elapsed.Seconds(), float64(ran)/elapsed.Seconds(), len(o.jails))
	for _, src := range []string{"adversarial", "corpus", "generated"} {
		if st := stats[src]; st != nil {
			fmt.Fprintf(&b, "  %-12s %6d distinct lines, %6d run, %5d with findings, %d timed out\n", src, st.lines, st.ran, st.findings, st.timedOut)
		}
	}
	classes.write(&b)
	t.Log(b.String())
}

type count struct{ lines, ran, findings, timedOut int }

// recheck runs a line twice more and returns the first verdict with
// findings, or the last.
func recheck(t *testing.T, o *Oracle, line string) *Verdict {
	var v *Verdict
	for range 2 {
		var err error
		if v, err = o.Check(line); err != nil {
			t.Fatal(err)
		}
		if len(v.Findings) > 0 {
			break
		}
	}
	return v
}

// TestGeneratorDeterministic checks that line i depends only on the seed
// and i, and that the generator covers every class.
func TestGeneratorDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the oracle's lines from the guard twice")
	}
	p, err := load.Dir(guardDir)
	if err != nil {
		t.Fatal(err)
	}
	g1, g2 := NewGenerator(p.Table, 7), NewGenerator(p.Table, 7)
	classes := map[string]int{}
	for i := 999; i >= 0; i-- {
		a, b := g1.Line(i), g2.Line(i)
		if a.Text != b.Text || !slices.Equal(a.Tags, b.Tags) {
			t.Fatalf("line %d differs: %q %q", i, a.Text, b.Text)
		}
		classes[a.Class()]++
	}
	for _, c := range []string{"arith", "dqparam", "builtin", "secret", "abbrev", "git", "option-file", "files0", "write", "plain", "awk", "sed", "jq", "find"} {
		if classes[c] == 0 {
			t.Errorf("no line of class %s in 1000", c)
		}
	}
	if NewGenerator(p.Table, 8).Line(0).Text == g1.Line(0).Text && NewGenerator(p.Table, 8).Line(1).Text == g1.Line(1).Text {
		t.Errorf("the seed changes nothing")
	}

}

// TestOracleLine runs the lines of HOOKC_ORACLE_RUN (one per line; Go
// strings if they start with a double quote) in the root whatever the guard
// decides, and logs what bash did: for looking into a finding.
func TestOracleLine(t *testing.T) {
	lines := os.Getenv("HOOKC_ORACLE_RUN")
	if lines == "" {
		t.Skip("set HOOKC_ORACLE_RUN to the lines to run")
	}
	p, err := load.Dir(guardDir)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range strings.Split(lines, "\n") {
		if s, err := strconv.Unquote(l); err == nil {
			l = s
		}
		texts = append(texts, l)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(Config{Table: hook, Workers: 1, Programs: ProgramNames(p.Table, texts), Awk: os.Getenv("HOOKC_ORACLE_AWK")})
	if errors.Is(err, ErrUnsupported) {
		testenv.Missingf(t, "exec-trace oracle skipped, nothing was checked: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	for _, l := range texts {
		v, err := o.Run(l)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("\n%s", o.Report(v))
	}
}

// classCounts counts the generated lines by class, and the program
// classes' lines by construct: lines, lines run (allowed), lines with
// findings.
type classCounts struct {
	class, construct map[string]*count
}

func newClassCounts() *classCounts {
	return &classCounts{class: map[string]*count{}, construct: map[string]*count{}}
}

// programClasses are the classes whose constructs the log counts.
var programClasses = map[string]bool{"awk": true, "sed": true, "jq": true, "find": true}

func (c *classCounts) add(x input, v *Verdict) {
	if x.source != "generated" {
		return
	}
	bump := func(m map[string]*count, k string) {
		st := m[k]
		if st == nil {
			st = &count{}
			m[k] = st
		}
		st.lines++
		if v.Ran {
			st.ran++
			if len(v.Findings) > 0 {
				st.findings++
			}
		}
	}
	bump(c.class, x.class)
	if !programClasses[x.class] {
		return
	}
	for _, tag := range x.tags {
		if cl, _, _ := strings.Cut(tag, "/"); programClasses[cl] {
			bump(c.construct, tag)
		}
	}
}

// write logs the counts: a line per class, then the program classes'
// constructs as construct lines/run/findings, several to a line.
func (c *classCounts) write(b *strings.Builder) {
	b.WriteString("  generated lines by class (distinct lines, run, with findings):\n")
	for _, k := range slices.Sorted(maps.Keys(c.class)) {
		st := c.class[k]
		fmt.Fprintf(b, "    %-12s %6d lines, %6d run, %5d with findings\n", k, st.lines, st.ran, st.findings)
	}
	b.WriteString("  program classes by construct (lines/run/findings):\n")
	var row []string
	flush := func() {
		if len(row) > 0 {
			fmt.Fprintf(b, "    %s\n", strings.Join(row, "  "))
			row = nil
		}
	}
	last := ""
	for _, k := range slices.Sorted(maps.Keys(c.construct)) {
		if cl, _, _ := strings.Cut(k, "/"); cl != last {
			flush()
			last = cl
		}
		st := c.construct[k]
		row = append(row, fmt.Sprintf("%s %d/%d/%d", k, st.lines, st.ran, st.findings))
		if len(row) == 4 {
			flush()
		}
	}
	flush()
}
