package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/load"
)

func runDiff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("diff", "[-json] OLD NEW", stderr)
	jsonOut := fs.Bool("json", false, "print the changes as JSON on stdout")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 2 {
		fmt.Fprintf(stderr, "hookc diff: want two policies, OLD and NEW (a directory or REV:DIR)\n")
		return exitUsage
	}
	var tables [2]*load.Policy
	for i, spec := range pos {
		p, err := load.Spec(spec)
		if err != nil {
			var l diag.List
			if errors.As(err, &l) {
				diag.Print(stderr, l)
			} else {
				fmt.Fprintf(stderr, "hookc diff: %v\n", err)
			}
			return exitUsage
		}
		tables[i] = p
	}
	res, err := vet.Diff(tables[0].Table, tables[1].Table, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc diff: %v\n", err)
		return exitUsage
	}
	if *jsonOut {
		if res.Changes == nil {
			res.Changes = []vet.Change{}
		}
		b, _ := json.MarshalIndent(res, "", "\t")
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		vet.PrintChanges(stdout, res.Changes)
	}
	for _, g := range res.NotCompared {
		fmt.Fprintf(stderr, "hookc diff: not compared: %s\n", g)
	}
	if len(res.Changes) > 0 || len(res.NotCompared) > 0 {
		return exitFailed
	}
	return exitOK
}
