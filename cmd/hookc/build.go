package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"hookc.dev/hookc/internal/build"
	"hookc.dev/hookc/internal/gen"
	"hookc.dev/hookc/internal/layers"
	"hookc.dev/hookc/internal/load"
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
	fs := newFlags("build", "[-o file] [-strict] [dir]", stderr)
	out := fs.String("o", "hook", "write the hook binary to `file`")
	strict := fs.Bool("strict", false, "refuse to build when vet reports any finding that is not accepted")
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	if err := checkOutDir(*out); err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitFailed
	}
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	if !vetBuild(p, *strict, stderr) {
		return exitFailed
	}
	if err := build.Binary(p.Table, *out); err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitFailed
	}
	if err := writeLayers(p, *out, stderr); err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// compileLayers compiles the policy's other layers for the hook at out
// (design.md 98).
func compileLayers(p *load.Policy, out string) *layers.Fragment {
	hook, _ := filepath.Abs(out)
	dir, _ := filepath.Abs(p.Dir)
	return layers.Compile(p, layers.Options{Hook: hook, Policy: dir})
}

// writeLayers writes the fragment of the other layers beside the hook,
// and prints what they cannot express; a policy that feeds no layer gets
// no file, and an old one is removed.
func writeLayers(p *load.Policy, out string, stderr io.Writer) error {
	path := layers.PathOf(out)
	f := compileLayers(p, out)
	if f.Empty() {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	if err := os.WriteFile(path, f.Encode(), 0o644); err != nil {
		return err
	}
	if len(f.Notes) > 0 {
		fmt.Fprintf(stderr, "hookc build: note: %s: %d things the sandbox and native rules cannot express, listed there (hookc install prints them)\n", path, len(f.Notes))
	}
	return nil
}

// checkOutDir reports an output file whose directory does not exist,
// before the build spends its time.
func checkOutDir(out string) error {
	dir := filepath.Dir(out)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write %s: directory %s does not exist (create it first)", out, dir)
	case !fi.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a directory", out, dir)
	}
	return nil
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
