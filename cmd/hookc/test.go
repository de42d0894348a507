package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/load"
)

func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("test", "[-v] [-run regexp] [-hook file] [-cover] [-format text|github] [-scripts outdir] [-run-scripts [-update]] [dir]", stderr)
	verbose := fs.Bool("v", false, "print every test, not only failures")
	runRE := fs.String("run", "", "run only the tests whose names match `regexp`")
	hookBin := fs.String("hook", "", "decide each test with the hook binary `file` built from the policy, run in the test's project")
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
	if *hookBin != "" {
		if *hookBin, err = filepath.Abs(*hookBin); err != nil {
			fmt.Fprintf(stderr, "hookc test: -hook: %v\n", err)
			return exitUsage
		}
	}
	rep, err := testrun.RunHook(p, re, *hookBin)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: no hook can be built from %s: %v\n", p.Dir, err)
		return exitFailed
	}
	notes := rep.Print(stdout, *verbose)
	failed := len(notes) > 0
	if len(rep.Results) == 0 {
		fmt.Fprintf(stdout, "FAIL\t%s\tno tests to run\n", dir)
		return exitFailed
	}
	if *cover {
		if testrun.PrintCoverage(stdout, p, &rep.Cover) {
			failed = true
		}
		notes = append(notes, testrun.CoverNotes(p, &rep.Cover)...)
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
