// Command bench measures hook binaries as Claude Code runs them: one
// process per tool call, payload on stdin, decision on stdout.
//
// It builds, in a temporary directory, the floor (a minimal static Go
// binary that reads stdin and prints a fixed decision), the guard hook
// (examples/guard) and hooks from synthetic policies of several sizes, then
// runs them alternately, round after round, on realistic payloads, and
// reports median wall time, the median of paired ratios to the floor (each
// round's hook time over the same round's floor time), peak RSS and binary
// sizes. It writes results.md and latency.svg into -out.
//
//	go run ./bench -out bench
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Config is what one benchmark run measures.
type Config struct {
	Out       string // directory for results.md and latency.svg; "" writes nothing
	Rounds    int    // rounds; each runs every binary once on every payload
	Warmup    int    // unrecorded rounds first
	Sizes     []int  // synthetic policy sizes, in rules
	Seed      int64  // synthetic policy seed
	Order     string // synthetic rule order: "random" or "severity"
	Guard     string // the guard policy directory; "" leaves it out
	Keep      bool   // keep the temporary directory
	Tests     int    // rules and tests of the policy timed with hookc test; 0 skips it
	Hookc     bool   // build hookc and time hookc build and hookc test
	Nice      int    // scheduling priority of the timed processes
	RSSRounds int    // rounds of the peak RSS pass
	// With are hook binaries built elsewhere, timed beside the others (a
	// guard built at an earlier revision, to compare): name to path.
	With [][2]string
	Log  io.Writer
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "bench", "write results.md and latency.svg into `dir` (\"\" writes nothing)")
	rounds := fs.Int("rounds", 300, "timed `rounds`; each runs every binary once on every payload")
	warmup := fs.Int("warmup", 10, "untimed `rounds` first")
	rssRounds := fs.Int("rssrounds", 20, "`rounds` of the peak RSS pass")
	sizes := fs.String("sizes", "10,100,1000,5000", "synthetic policy `sizes` in rules, comma-separated")
	seed := fs.Int64("seed", 1, "synthetic policy `seed`")
	order := fs.String("order", "random", "synthetic rule `order`: random or severity")
	guard := fs.String("guard", "examples/guard", "the guard policy `dir` (\"\" leaves it out)")
	keep := fs.Bool("keep", false, "keep the temporary directory and print its name")
	tests := fs.Int("tests", 1000, "time hookc test on a synthetic policy of this many rules and tests (0 skips it)")
	nice := fs.Int("nice", 0, "run the timed processes at this `priority` (-20 to 19; below 0 needs privilege), to lessen the effect of other load")
	cli := fs.Bool("hookc", true, "build hookc and time hookc build (of -guard) and hookc test (of -tests)")
	quick := fs.Bool("quick", false, "a smoke run of a few seconds: sizes 10 and 100, 5 rounds, no hookc timings")
	seeds := fs.Bool("seeds", false, "run the seed benchmark instead (seeds.go): seed 001's Python hook against examples/boundary, and the guard with and without the audit log; writes seeds.md")
	seedDir := fs.String("seeddir", "testdata/seeds", "with -seeds: the `dir` of the seed documents")
	before := fs.String("before", "", "with -seeds: also time the guard built by the hookc checkout in `dir`")
	var with [][2]string
	fs.Func("with", "also time the hook binary at `name=path` (repeatable), such as the guard built at an earlier revision", func(v string) error {
		name, path, ok := strings.Cut(v, "=")
		if !ok || name == "" || path == "" {
			return fmt.Errorf("want name=path")
		}
		with = append(with, [2]string{name, path})
		return nil
	})
	client := fs.Bool("client", false, "measure the real Claude Code client's time per allowed tool call with no hook, a static hook, the guard and a python3 hook (20 rounds by default); writes client.md")
	calls := fs.Int("calls", 10, "with -client: tool `calls` per session")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *client {
		cc := ClientConfig{Rounds: 20, Calls: *calls, Guard: *guard, Out: *out, Log: stderr}
		return runClient(flagsSet(fs), cc, *rounds, *quick, stdout, stderr)
	}
	c := Config{Out: *out, Rounds: *rounds, Warmup: *warmup, Seed: *seed, Order: *order,
		Guard: *guard, Keep: *keep, Tests: *tests, Hookc: *cli, Nice: *nice, RSSRounds: *rssRounds, Log: stderr, With: with}
	if *quick {
		quickDefaults(flagsSet(fs), &c, sizes)
	}
	var err error
	if c.Sizes, err = parseSizes(*sizes); err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	if c.Rounds < 1 {
		fmt.Fprintln(stderr, "bench: -rounds must be at least 1")
		return 2
	}
	if *seeds {
		return runSeeds(SeedConfig{Config: c, Seeds: *seedDir, Before: *before}, stdout, stderr)
	}
	rep, err := Run(c)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	md := rep.Markdown()
	fmt.Fprint(stdout, md)
	if c.Out != "" {
		if err := writeResults(c.Out, md, rep.SVG()); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
	}
	return 0
}

// flagsSet returns the names of the flags given.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// runClient runs -client: cc's rounds are -rounds when given, 2 with
// -quick, and -quick makes 3 calls unless -calls is given.
func runClient(set map[string]bool, cc ClientConfig, rounds int, quick bool, stdout, stderr io.Writer) int {
	if set["rounds"] {
		cc.Rounds = rounds
	} else if quick {
		cc.Rounds = 2
	}
	if quick && !set["calls"] {
		cc.Calls = 3
	}
	if cc.Rounds < 1 || cc.Calls < 1 {
		fmt.Fprintln(stderr, "bench: -rounds and -calls must be at least 1")
		return 2
	}
	md, err := RunClient(cc)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	fmt.Fprint(stdout, md)
	return 0
}

// quickDefaults sets the defaults of a quick run in c and sizes; the flags
// given (set) still apply.
func quickDefaults(set map[string]bool, c *Config, sizes *string) {
	if !set["sizes"] {
		*sizes = "10,100"
	}
	if !set["rounds"] {
		c.Rounds = 5
	}
	if !set["warmup"] {
		c.Warmup = 1
	}
	if !set["rssrounds"] {
		c.RSSRounds = 2
	}
	if !set["hookc"] {
		c.Hookc = false
	}
}

// parseSizes reads -sizes: positive numbers, comma-separated.
func parseSizes(list string) ([]int, error) {
	var sizes []int
	for s := range strings.SplitSeq(list, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", s)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// writeResults writes results.md and latency.svg into dir.
func writeResults(dir, md string, svg []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.md"), []byte(md), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "latency.svg"), svg, 0o644)
}

func runSeeds(c SeedConfig, stdout, stderr io.Writer) int {
	rep, err := RunSeeds(c)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	md := rep.SeedMarkdown()
	fmt.Fprint(stdout, md)
	if c.Out != "" {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		if err := os.WriteFile(filepath.Join(c.Out, "seeds.md"), []byte(md), 0o644); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
	}
	return 0
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
	}
}
