package hookc_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The layout's places (design.md 196, 346). internal/ holds the shared
// packages and three folders: internal/pipeline, the stages a policy goes
// through (policy → load → check → compile → build, the hook), each stage a
// folder of its own; internal/tools, the side tools; internal/testkit, the
// test machinery. A pipeline package imports the shared packages and those
// listed before it in pipeline, never one listed after it, nor a side tool
// or test machinery. Side tools import the shared and pipeline packages and
// each other; test machinery and commands import what they need.
var (
	// shared: what every stage uses; they import only each other.
	shared = []string{
		"", // the root package, which embeds the runtime's source
		// the runtime's parts, below its facade (design.md 294, 327)
		"runtime/commands", "runtime/pack", "runtime/payload", "runtime/paths", "runtime/schema", "runtime/shell",
		"runtime", "internal/automata", "internal/diag", "internal/hooktable",
		"cue/schema", "cue/presets",
	}
	// stages: the folders of internal/pipeline, in order.
	stages = []string{"load", "check", "compile", "build"}
	// pipeline: the stages' packages, in order.
	pipeline = []string{
		"internal/pipeline/load",                                         // policy → load
		"internal/pipeline/check/vet", "internal/pipeline/check/testrun", // check: vet, then the policy's tests
		"internal/pipeline/compile/gen", "internal/pipeline/compile/layers", // compile: the hook's table, the other layers
		"internal/pipeline/build", // build the hook
	}
	sideTools = []string{"internal/tools"}
	// testMachinery: what tests hookc itself.
	testMachinery = []string{"bench", "internal/testkit"}
	commands      = []string{"cmd"}
)

// TestStages fails when a package of the pipeline sits outside its stage's
// folder, or the pipeline lists the stages out of order.
func TestStages(t *testing.T) {
	last := 0
	for _, p := range pipeline {
		rest, _ := strings.CutPrefix(p, "internal/pipeline/")
		i := slices.Index(stages, strings.Split(rest, "/")[0])
		if i < 0 || i < last {
			t.Errorf("%s: a pipeline package sits in the folder of its stage, in the order %v", p, stages)
			continue
		}
		last = i
	}
}

// TestLayout fails when a package imports against the pipeline's order
// (design.md 196), when a package has no place in the layout, when the
// runtime imports a package outside it or a part of it its facade
// (design.md 4, 294), and when a package that is not test machinery
// imports test machinery outside its tests.
func TestLayout(t *testing.T) {
	imports := moduleImports(t)
	place := func(p string) (kind string, rank int) {
		for _, g := range []struct {
			kind string
			list []string
		}{{"shared", shared}, {"pipeline", pipeline}, {"side tool", sideTools}, {"test machinery", testMachinery}, {"command", commands}} {
			for i, q := range g.list {
				if p == q || q != "" && strings.HasPrefix(p, q+"/") {
					return g.kind, i
				}
			}
		}
		return "", 0
	}
	for p, deps := range imports {
		if strings.HasPrefix(p, "golden/") {
			continue
		}
		kind, rank := place(p)
		if kind == "" {
			t.Errorf("package %q has no place in the layout: add it to layout_test.go", p)
			continue
		}
		for _, d := range deps {
			dkind, drank := place(d)
			bad := ""
			switch {
			case dkind == kind && drank == rank:
				// the same place: a package and its subpackages
			case dkind == "command":
				bad = "a command"
			case kind == "shared" && dkind != "shared":
				bad = "a " + dkind + " package"
			case kind == "pipeline" && dkind == "pipeline" && drank > rank:
				bad = "a later stage"
			case kind == "pipeline" && (dkind == "side tool" || dkind == "test machinery"):
				bad = dkind
			case kind != "test machinery" && dkind == "test machinery":
				bad = dkind
			case isRuntime(p) && !isRuntime(d):
				bad = "outside the runtime" // design.md 4
			case strings.HasPrefix(p, "runtime/") && d == "runtime":
				bad = "the facade above it" // design.md 294
			}
			if bad != "" {
				t.Errorf("%s imports %s, %s", p, d, bad)
			}
		}
	}
}

// isRuntime reports whether p is the runtime's facade or one of its parts.
func isRuntime(p string) bool { return p == "runtime" || strings.HasPrefix(p, "runtime/") }

// moduleImports returns, for each package of the module (by its path
// below the module, "" for the root), the module's packages its non-test
// files import.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	const module = "hookc.dev/hookc"
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if file != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(file))
		if pkg == "." {
			pkg = ""
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if ip != module && !strings.HasPrefix(ip, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(strings.TrimPrefix(ip, module), "/")
			if !slices.Contains(out[pkg], dep) {
				out[pkg] = append(out[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("go.mod"); err != nil || len(out) < 10 {
		t.Fatalf("found %d packages: run the test from the module's root", len(out))
	}
	return out
}
