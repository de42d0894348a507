package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/pipeline/load"
)

func runVet(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("vet", "[-json] [dir]", stderr)
	jsonOut := fs.Bool("json", false, "print every finding, accepted ones included, as a JSON array on stdout")
	format := formatFlag(fs)
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprintf(stderr, "\nchecks:\n")
		for _, c := range vet.Checks {
			first, _, _ := strings.Cut(c.Doc, "\n")
			fmt.Fprintf(stderr, "  %s\n", first)
		}
		fmt.Fprintf(stderr, "  %s: report where the sandbox and native rules a rule feeds disagree with the hook\n", layers.Kind)
		fmt.Fprintf(stderr, "\nexit status: 0 no findings, 1 findings or errors, 2 bad usage\n")
	}
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	if !checkFormat("vet", *format, stderr) {
		return exitUsage
	}
	p, err := load.Dir(dir)
	if err != nil {
		var l diag.List
		switch {
		case errors.As(err, &l) && *jsonOut:
			diag.PrintJSON(stdout, l)
		case errors.As(err, &l):
			printDiags(*format, "vet", l, stdout, stderr)
		default:
			fmt.Fprintln(stderr, err)
		}
		return exitFailed
	}
	findings, err := vet.Run(p, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc vet: %v\n", err)
		return exitFailed
	}
	// Where the other layers disagree with the hook (design.md 101).
	findings = append(findings, layers.Check(p, layers.CompileFor(p, "hook"))...)
	for i := range findings {
		findings[i].Replay = vet.ReplayCommand(dir, findings[i])
	}
	open := vet.Unaccepted(findings)
	if *jsonOut {
		diag.PrintJSON(stdout, findings)
	} else {
		printDiags(*format, "vet", open, stdout, stderr)
	}
	if len(open) > 0 {
		return exitFailed
	}
	return exitOK
}

// vetBuild vets a policy before it is built: it prints the findings to
// stderr and reports whether the build may go on, which it may unless a
// finding is an error (invalid, definitely dead, definitely shadowed) the
// policy does not accept or, with strict, unless there is any finding at
// all (design.md 1, 23 and 66).
func vetBuild(p *load.Policy, strict bool, stderr io.Writer) bool {
	findings, err := vet.Run(p, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc build: vet: %v\n", err)
		return !strict
	}
	open := vet.Unaccepted(findings)
	diag.Print(stderr, open)
	for _, d := range open {
		if vet.BlocksBuild(d) {
			return false
		}
	}
	return !strict || len(open) == 0
}
