package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/build"
	"hookc.dev/hookc/internal/gen"
	"hookc.dev/hookc/internal/install"
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
	fs := newFlags("build", "[-o file] [-strict] [-goos list -goarch list] [dir]", stderr)
	out := fs.String("o", "hook", "write the hook binary to `file`")
	strict := fs.Bool("strict", false, "refuse to build when vet reports any finding that is not accepted")
	goos := fs.String("goos", "", "build for these operating systems (`list`, comma-separated: linux,darwin), each to file-GOOS-GOARCH")
	goarch := fs.String("goarch", "", "build for these architectures (`list`, comma-separated: amd64,arm64), each to file-GOOS-GOARCH")
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	if err := checkOutDir(*out); err != nil {
		fmt.Fprintf(stderr, "hookc build: %v\n", err)
		return exitFailed
	}
	targets, err := buildTargets(*goos, *goarch)
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
		if err := writeLayers(p, *out, stderr); err != nil {
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

// buildTargets returns the platforms of -goos and -goarch, every pair of
// the two lists; nil when neither is given (the host). Either list alone
// pairs with the host's other half.
func buildTargets(goos, goarch string) ([][2]string, error) {
	if goos == "" && goarch == "" {
		return nil, nil
	}
	split := func(flag, s, host string, valid map[string]bool) ([]string, error) {
		if s == "" {
			return []string{host}, nil
		}
		var l []string
		for _, v := range strings.Split(s, ",") {
			v = strings.TrimSpace(v)
			if !valid[v] {
				return nil, fmt.Errorf("-%s %s: unknown %s; want one of %s", flag, v, flag, strings.Join(slices.Sorted(maps.Keys(valid)), ", "))
			}
			if !slices.Contains(l, v) {
				l = append(l, v)
			}
		}
		return l, nil
	}
	oss, err := split("goos", goos, goruntime.GOOS, map[string]bool{"linux": true, "darwin": true, "windows": true, "freebsd": true})
	if err != nil {
		return nil, err
	}
	archs, err := split("goarch", goarch, goruntime.GOARCH, map[string]bool{"amd64": true, "arm64": true, "386": true, "arm": true, "riscv64": true})
	if err != nil {
		return nil, err
	}
	var ts [][2]string
	for _, o := range oss {
		for _, a := range archs {
			ts = append(ts, [2]string{o, a})
		}
	}
	return ts, nil
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
		fmt.Fprintf(stderr, "hookc build: wrote %s, the sandbox and native rules the policy feeds (hookc install -layers merges them)\n", path)
		fmt.Fprintf(stderr, "hookc build: note: %d conditions of rules only the hook enforces, since the sandbox and native rules cannot express them (listed in %s; the hook still decides them)\n", len(f.Notes), path)
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
