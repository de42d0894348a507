package testrun

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/pipeline/load"
)

// WriteScript writes the testscript scenario of the policy p, loaded from
// dir, to outDir/<policy>.txtar: its tests and the extra calls ws (vet's
// witness of each rule; Script), building the hook from the policy's path
// relative to outDir.
func WriteScript(p *load.Policy, ws []load.Call, dir, outDir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	absOut, err := filepath.Abs(outDir)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(absOut, abs)
	if err != nil {
		return err
	}
	src, err := ScriptOf(p, ws, rel)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(outDir, filepath.Base(abs)+".txtar"), src, 0o644)
}

// RunScripts runs the .txtar scenarios in dir with testscript, with the
// hookc binary exe on PATH and env (the go command's caches) set in each,
// so that a user's CI needs only hookc and the Go toolchain. It prints ok,
// or FAIL and the failing scenarios' logs, on out, and reports whether
// every scenario passed. The error is for a run that cannot start.
func RunScripts(dir, exe string, env map[string]string, update, verbose bool, out io.Writer) (bool, error) {
	// testscript fails a run without scripts through T.Fatal; find that
	// out first, with a message that says what to do.
	if scripts, err := filepath.Glob(filepath.Join(dir, "*.txtar")); err != nil || len(scripts) == 0 {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return false, fmt.Errorf("-run-scripts: %s is not a directory", dir)
		}
		return false, fmt.Errorf("-run-scripts: no .txtar scenarios in %s; write them with hookc test -scripts %s POLICY", dir, dir)
	}
	bin, err := os.MkdirTemp("", "hookc-bin-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(bin)
	if err := os.Symlink(exe, filepath.Join(bin, "hookc")); err != nil {
		return false, err
	}
	scenarios, err := filepath.Abs(dir)
	if err != nil {
		return false, err
	}
	t := &scriptT{out: out, verbose: verbose}
	// RunT runs in a goroutine of its own: a Fatal in it (scriptT ends the
	// goroutine, as testing does) must not end the main goroutine.
	done := make(chan struct{})
	go func() {
		defer close(done)
		runT(t, scenarios, update, bin, env)
	}()
	<-done
	t.wg.Wait()
	if t.failed {
		fmt.Fprintf(out, "FAIL\t%s\n", dir)
		for _, l := range t.log {
			fmt.Fprintf(out, "    %s\n", l)
		}
		return false, nil
	}
	fmt.Fprintf(out, "ok\t%s\n", dir)
	return true, nil
}

func runT(t *scriptT, dir string, update bool, bin string, goTool map[string]string) {
	testscript.RunT(t, testscript.Params{
		Dir:           dir,
		UpdateScripts: update,
		Setup: func(e *testscript.Env) error {
			e.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			// The scenarios' directory: a scenario builds the hook from
			// the policy at a path relative to it (design.md 189).
			e.Setenv("SCENARIOS", dir)
			e.Setenv("HOME", filepath.Join(e.WorkDir, ".home"))
			for k, v := range goTool {
				e.Setenv(k, v)
			}
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("GOFLAGS", os.Getenv("GOFLAGS"))
			e.Setenv("GOPROXY", os.Getenv("GOPROXY"))
			return nil
		},
	})
}

// scriptT runs testscript outside go test: each script runs in its own
// goroutine, and FailNow and Skip end it with runtime.Goexit, as the
// testing package does.
type scriptT struct {
	out     io.Writer
	verbose bool
	name    string
	parent  *scriptT

	mu     sync.Mutex
	wg     sync.WaitGroup
	failed bool
	log    []string
}

func (t *scriptT) Skip(args ...any) {
	t.Log(args...)
	goruntime.Goexit()
}

func (t *scriptT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}

func (t *scriptT) Parallel() {}

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.log = append(t.log, fmt.Sprint(args...))
}

func (t *scriptT) FailNow() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
	goruntime.Goexit()
}

func (t *scriptT) Verbose() bool { return t.verbose }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	sub := &scriptT{out: t.out, verbose: t.verbose, name: name, parent: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(sub)
	}()
	<-done
	status := "PASS"
	if sub.failed {
		status = "FAIL"
		t.mu.Lock()
		t.failed = true
		t.mu.Unlock()
	}
	if sub.failed || t.verbose {
		fmt.Fprintf(t.out, "--- %s: %s\n", status, name)
		for _, l := range sub.log {
			fmt.Fprintf(t.out, "    %s\n", l)
		}
	}
}
