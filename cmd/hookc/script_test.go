package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/testkit/testenv"
)

func TestMain(m *testing.M) {
	testscript.Main(cleanupM{m}, map[string]func(){"hookc": func() { os.Exit(main1()) }})
}

// cleanupM runs the tests with a temporary directory of their own, then
// removes what they share (the guard hook they build once) and fails if
// anything else is left there: go test must not leave binaries behind.
type cleanupM struct{ m *testing.M }

func (c cleanupM) Run() int {
	tmp, err := os.MkdirTemp("", "hookc-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	os.Setenv("TMPDIR", tmp)
	code := c.m.Run()
	if dir := sharedTemp.Load(); dir != nil {
		os.RemoveAll(*dir)
	}
	// (testscript leaves its empty parent directory when -run skips some
	// scripts; an empty directory is not what this is about.)
	ents, _ := os.ReadDir(tmp)
	var left []string
	for _, e := range ents {
		if sub, err := os.ReadDir(filepath.Join(tmp, e.Name())); err != nil || len(sub) > 0 {
			left = append(left, e.Name())
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: the tests left %s in the temporary directory:\n", strings.Join(left, ", "))
		n := 0
		filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
			if n++; n > 40 {
				return filepath.SkipAll
			}
			fmt.Fprintf(os.Stderr, "\t%s\n", strings.TrimPrefix(p, tmp))
			return nil
		})
		return 1
	}
	return code
}

// updateGolden reports whether tests should rewrite golden files.
func updateGolden() bool { return os.Getenv("HOOKC_UPDATE") == "1" }

func TestScripts(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "testdata", "scripts")
	p := scriptParams(t, dir)
	if testing.Short() {
		// The fast tier runs the core scenarios only (design.md 185).
		p.Dir = ""
		for _, name := range coreScripts {
			p.Files = append(p.Files, filepath.Join(dir, name+".txtar"))
		}
	}
	testscript.Run(t, p)
}

// coreScripts are the scenarios go test -short runs: the starter's init,
// vet, test and build (the fast tier's one real hook build); the guard's
// tests and a few of its denies, asks and allows; usage, explain, import,
// install -n and the papercuts of issue 26. Every scenario runs without
// -short. Each hookc run loads CUE, about a
// second of CPU: the list is kept short.
var coreScripts = []string{
	"init", "usage", "test_fail", "explain_stdin", "lang_floors", "guard_core", "import",
	"install_dryrun", "build_out_dir",
}

func TestCoreScriptsExist(t *testing.T) {
	for _, name := range coreScripts {
		if _, err := os.Stat(filepath.Join("..", "..", "testdata", "scripts", name+".txtar")); err != nil {
			t.Errorf("core scenario %s: %v", name, err)
		}
	}
}

// TestGoldenScenarios runs the generated scenarios of every example, in
// golden/<example>/, against the real hook binary.
func TestGoldenScenarios(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds hook binaries")
	}
	dirs, err := filepath.Glob(filepath.Join("..", "..", "golden", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden directories: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			p := scriptParams(t, dir)
			p.UpdateScripts = false // the goldens are regenerated from the examples, not from the binary
			testscript.Run(t, p)
		})
	}
}

func scriptParams(t *testing.T, dir string) testscript.Params {
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	return testscript.Params{
		Dir:                 dir,
		UpdateScripts:       updateGolden(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", filepath.Join(e.WorkDir, ".home"))
			if err := testenv.GoTelemetryOff(filepath.Join(e.WorkDir, ".home")); err != nil {
				return err
			}
			e.Setenv("EXAMPLES", examples)
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("GOPROXY", "off")
			e.Setenv("CUE_REGISTRY", "none")
			if ge, err := goEnv(); err == nil {
				for k, v := range ge {
					e.Setenv(k, v)
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": exitcodeCmd,
			"replace":  replaceCmd,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "go" {
				_, err := exec.LookPath("go")
				return err == nil, nil
			}
			return false, errors.New("unknown condition " + cond)
		},
	}
}

// exitcodeCmd runs a program and checks its exit code:
// exitcode N prog args...
func exitcodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("exec: %v", err)
	}
	if got != want {
		ts.Fatalf("exit code %d, want %d", got, want)
	}
}

// replaceCmd edits a file of the script, where OLD occurs once (\n and \t
// stand for a newline and a tab): replace file OLD NEW
func replaceCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace file old new")
	}
	esc := strings.NewReplacer(`\n`, "\n", `\t`, "\t")
	file := ts.MkAbs(args[0])
	b, err := os.ReadFile(file)
	ts.Check(err)
	old, new := esc.Replace(args[1]), esc.Replace(args[2])
	if n := strings.Count(string(b), old); n != 1 {
		ts.Fatalf("replace: %q occurs %d times in %s, want once", old, n, args[0])
	}
	ts.Check(os.WriteFile(file, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
}
