package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/testrun"
	"hookc.dev/hookc/runtime"
)

func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("test", "[-v] [-run regexp] [-cover] [-format text|github] [-scripts outdir] [-run-scripts [-update]] [dir]", stderr)
	verbose := fs.Bool("v", false, "print every test, not only failures")
	runRE := fs.String("run", "", "run only the tests whose names match `regexp`")
	cover := fs.Bool("cover", false, "print rule and decision coverage; fail when a rule is uncovered")
	scripts := fs.String("scripts", "", "write the policy's testscript scenario into `outdir` instead of running tests")
	runScriptsFlag := fs.Bool("run-scripts", false, "run the .txtar scenarios in dir against hook binaries built by this hookc")
	update := fs.Bool("update", false, "with -run-scripts: rewrite the golden files in the scenarios")
	format := formatFlag(fs)
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	if !checkFormat("test", *format, stderr) {
		return exitUsage
	}
	switch {
	case *scripts != "":
		return writeScripts(dir, *scripts, stderr)
	case *runScriptsFlag:
		return runScripts(dir, *update, *verbose, stdout, stderr)
	}
	var re *regexp.Regexp
	if *runRE != "" {
		var err error
		if re, err = regexp.Compile(*runRE); err != nil {
			fmt.Fprintf(stderr, "hookc test: bad -run pattern: %v\n", err)
			return exitUsage
		}
	}
	p, err := load.Dir(dir)
	if err != nil {
		var l diag.List
		if errors.As(err, &l) {
			printDiags(*format, "test", l, stdout, stderr)
		} else {
			fmt.Fprintln(stderr, err)
		}
		return exitFailed
	}
	rep, err := testrun.Run(p, re)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: no hook can be built from %s: %v\n", p.Dir, err)
		return exitFailed
	}
	failed := false
	var notes diag.List // failures, as annotations for -format=github
	for _, r := range rep.Results {
		if len(r.Failed) == 0 {
			if *verbose {
				fmt.Fprintf(stdout, "--- PASS: %s (%s)\n", r.Test.Name, r.Test.Pos)
			}
			continue
		}
		failed = true
		notes = append(notes, diag.Diagnostic{Pos: diag.ParsePos(r.Test.Pos), Check: "test",
			Message: fmt.Sprintf("test %q failed: %s", r.Test.Name, strings.Join(r.Failed, "; "))})
		fmt.Fprintf(stdout, "--- FAIL: %s (%s)\n", r.Test.Name, r.Test.Pos)
		for _, f := range r.Failed {
			fmt.Fprintf(stdout, "    %s\n", f)
		}
		fmt.Fprintf(stdout, "    payload: %s\n", r.Test.Payload)
		var tr strings.Builder
		printExplain(&tr, r.Got)
		for line := range strings.Lines(tr.String()) {
			fmt.Fprintf(stdout, "    %s", line)
		}
	}
	if len(rep.Results) == 0 {
		fmt.Fprintf(stdout, "FAIL\t%s\tno tests to run\n", dir)
		return exitFailed
	}
	if *cover {
		if printCoverage(stdout, p, &rep.Cover) {
			failed = true
		}
		for _, i := range rep.Cover.Uncovered() {
			if testrun.Exempt(p.Rules[i].Accept) {
				continue
			}
			r := p.Table.Rules[i]
			notes = append(notes, diag.Diagnostic{Pos: diag.ParsePos(r.Pos), Check: "cover",
				Message: fmt.Sprintf("rule %q decided nothing in any test", r.Name)})
		}
	}
	if *format == "github" {
		diag.PrintGitHub(stdout, "hookc test", notes)
	}
	if failed {
		fmt.Fprintf(stdout, "FAIL\t%s\t%d tests\n", dir, len(rep.Results))
		return exitFailed
	}
	fmt.Fprintf(stdout, "ok\t%s\t%d tests\n", dir, len(rep.Results))
	return exitOK
}

// printCoverage prints the per-rule table and the decision, default, onError
// and floor coverage; it reports whether a rule is uncovered.
func printCoverage(w io.Writer, p *load.Policy, c *testrun.Coverage) (uncovered bool) {
	t := p.Table
	fmt.Fprintf(w, "coverage:\n")
	exempted := 0
	for i, r := range t.Rules {
		mark := ""
		switch {
		case c.Rules[i] > 0:
		case testrun.Exempt(p.Rules[i].Accept):
			// vet found it decides nothing another rule would not,
			// and the policy accepts that (design.md 190).
			mark = "  (accepted: " + acceptedAs(p.Rules[i].Accept) + ")"
			exempted++
		default:
			mark = "  UNCOVERED"
			uncovered = true
		}
		fmt.Fprintf(w, "  %5d  %-5s %-40q %s%s\n", c.Rules[i], r.Decision, r.Name, r.Pos, mark)
	}
	fmt.Fprintf(w, "  %5d  %-5s %s\n", c.Default, t.Default, "(default)")
	fmt.Fprintf(w, "  %5d  %-5s %s\n", c.OnError, t.OnError, "(onError)")
	for _, ed := range t.OnErrorBy {
		fmt.Fprintf(w, "  %5d  %-5s %s\n", c.OnErrorBy[ed.Event], ed.Decision, "(onError "+ed.Event+")")
	}
	for _, f := range runtime.FloorInfo {
		fmt.Fprintf(w, "  %5d  %-5s %s\n", c.Floors[f.Name], t.Floors.Of(f.Kind), "(floor "+f.Name+")")
	}
	var missing []string
	for d := range c.Possible {
		if !c.Decisions[d] {
			missing = append(missing, d.String())
		}
	}
	sort.Strings(missing)
	covered := len(t.Rules) - len(c.Uncovered())
	fmt.Fprintf(w, "rules: %d of %d covered", covered, len(t.Rules))
	if exempted > 0 {
		fmt.Fprintf(w, " (%d accepted as dead, shadowed or redundant)", exempted)
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "; decisions no test produced: %s", strings.Join(missing, ", "))
	}
	fmt.Fprintln(w)
	return uncovered
}

// acceptedAs names the accept that exempts a rule from coverage.
func acceptedAs(accept map[string]string) string {
	for _, k := range []string{"dead", "shadowed", "redundant"} {
		if accept[k] != "" {
			return k
		}
	}
	return ""
}
