package main

import (
	"fmt"
	"io"
	"os"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/install"
	"hookc.dev/hookc/runtime"
)

func version() string { return build.Version() }

// loadPolicy loads dir and prints its diagnostics; ok is false when the
// policy has errors.
func loadPolicy(dir string, stderr io.Writer) (*load.Policy, bool) {
	p, err := load.Dir(dir)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, false
	}
	return p, true
}

// hookTable returns the table the hook built from p runs (p.Hook), which
// command decides with in process; it says why on stderr when no hook can
// be built from p.
func hookTable(p *load.Policy, command string, stderr io.Writer) (*runtime.Table, bool) {
	t, err := p.Hook()
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: no hook can be built from %s: %v\n", command, p.Dir, err)
		return nil, false
	}
	return t, true
}

func runBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("build", "[-o file] [-strict] [-goos list -goarch list] [dir]", stderr)
	out := fs.String("o", "hook", "write the hook binary to `file`")
	strict := fs.Bool("strict", false, "refuse to build when vet reports any finding that is not accepted")
	goos := fs.String("goos", "", "build for these operating systems (`list`, comma-separated: linux,darwin), each to file-GOOS-GOARCH")
	goarch := fs.String("goarch", "", "build for these architectures (`list`, comma-separated: amd64,arm64), each to file-GOOS-GOARCH")
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	if err := build.CheckOutDir(*out); err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitFailed
	}
	targets, err := build.Targets(*goos, *goarch)
	if err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitUsage
	}
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	if !vetBuild(p, *strict, stderr) {
		return exitFailed
	}
	// Progress is for someone waiting at a terminal; logs and tests get
	// the same lines every run.
	var progress io.Writer
	if isTerminal(stderr) {
		progress = stderr
	}
	if targets == nil {
		if err := build.BinaryWith(p.Table, *out, build.Options{Progress: progress}); err != nil {
			fmt.Fprintf(stderr, "hookc build: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stderr, "hookc build: wrote %s (%d rules)\n", *out, len(p.Table.Rules))
		if err := layers.Write(p, *out, stderr); err != nil {
			fmt.Fprintf(stderr, "hookc build: %v\n", err)
			return exitFailed
		}
		if err := install.WriteCommandHooks(p, *out, stderr); err != nil {
			fmt.Fprintf(stderr, "hookc build: %v\n", err)
			return exitFailed
		}
		return exitOK
	}
	// A matrix (design.md 188): one binary per platform, named by it; the
	// layers go with the hook 'hookc install' registers, built without
	// -goos and -goarch.
	for _, tg := range targets {
		name := *out + "-" + tg[0] + "-" + tg[1]
		if tg[0] == "windows" {
			name += ".exe"
		}
		if err := build.BinaryWith(p.Table, name, build.Options{GOOS: tg[0], GOARCH: tg[1], Progress: progress}); err != nil {
			fmt.Fprintf(stderr, "hookc build: %s/%s: %v\n", tg[0], tg[1], err)
			return exitFailed
		}
		fmt.Fprintf(stderr, "hookc build: wrote %s (%d rules)\n", name, len(p.Table.Rules))
	}
	return exitOK
}

func runGen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("gen", "[-o file] [-pkg name] [dir]", stderr)
	out := fs.String("o", "", "write to `file` instead of stdout")
	pkg := fs.String("pkg", "hook", "package `name` of the generated file")
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	src, err := gen.Source(p.Table, gen.Options{Package: *pkg})
	if err != nil {
		fmt.Fprintf(stderr, "hookc gen: %v\n", err)
		return exitFailed
	}
	if *out == "" {
		stdout.Write(src)
		return exitOK
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintf(stderr, "hookc gen: %v\n", err)
		return exitFailed
	}
	return exitOK
}
