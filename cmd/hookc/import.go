package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"hookc.dev/hookc/internal/tools/importer"
	"hookc.dev/hookc/internal/tools/settings"
)

func runImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("import", "[-o file] [-scope project|local|user|managed] [settings.json ...]", stderr)
	out := flags.String("o", "", "write the policy to `file` (a new file) instead of stdout")
	scope := flags.String("scope", "", "read every file as this `scope`'s settings (project, local, user or managed)")
	files, code, ok := parseArgs(flags, args)
	if !ok {
		return code
	}
	if *scope != "" && !slices.Contains([]settings.Scope{settings.Project, settings.Local, settings.User, settings.Managed}, settings.Scope(*scope)) {
		fmt.Fprintf(stderr, "hookc import: -scope %q: want project, local, user or managed\n", *scope)
		return exitUsage
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	home, _ := os.UserHomeDir()
	var in []importer.File
	if len(files) == 0 {
		for _, sp := range settings.Files(settings.ProjectRoot(cwd), home) {
			in = append(in, importer.File{Path: settings.RelToCwd(sp.Path, cwd), Scope: sp.Scope})
		}
		if len(in) == 0 {
			fmt.Fprintf(stderr, "hookc import: no Claude Code settings files here; name the files to import\n")
			return exitFailed
		}
	}
	named, err := importer.NamedFiles(files, settings.Scope(*scope), cwd, home)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	in = append(in, named...)
	srcs, err := importer.ReadFiles(in)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	res, err := importer.Import(srcs)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	name := "stdout"
	if *out != "" {
		name = *out
	}
	findings, err := importer.AcceptNative(res, name)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: vet: %v\n", err)
		return exitFailed
	}
	untested, err := importer.AddTests(res)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: tests: %v\n", err)
		return exitFailed
	}
	if *out != "" {
		if err := writeNew(*out, res.CUE); err != nil {
			fmt.Fprintf(stderr, "hookc import: %v\n", unwrapExist(err, *out))
			return exitFailed
		}
	} else {
		stdout.Write(res.CUE)
	}
	res.PrintSummary(stderr, len(srcs), findings)
	for _, r := range untested {
		fmt.Fprintf(stderr, "hookc import: note: rule %q has no test: import found no call it decides without files; write one (hookc test -cover)\n", r)
	}
	return exitOK
}

// unwrapExist words the error of writing a file that exists.
func unwrapExist(err error, name string) error {
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s exists; give -o a new file", name)
	}
	return err
}
