package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/build"
	"hookc.dev/hookc/internal/testrun"
	"hookc.dev/hookc/internal/vet"
)

// goEnv is the go command's cache and root, passed into scripts so that
// hook builds inside them use the warm build and module caches.
var goEnv = build.CacheEnv

// writeScripts writes the testscript scenario of the policy in dir to
// outDir/<policy>.txtar.
func writeScripts(dir, outDir string, stderr io.Writer) int {
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	ws, err := vet.WitnessCalls(p, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	absOut, err := filepath.Abs(outDir)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	rel, err := filepath.Rel(absOut, abs)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	src, err := testrun.ScriptOf(p, ws, rel)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	out := filepath.Join(outDir, filepath.Base(abs)+".txtar")
	if err := os.WriteFile(out, src, 0o644); err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// runScripts runs the .txtar scenarios in dir with testscript, with this
// hookc on PATH, so that a user's CI needs only hookc and the Go toolchain.
func runScripts(dir string, update, verbose bool, stdout, stderr io.Writer) int {
	// testscript fails a run without scripts through T.Fatal; find that
	// out first, with a message that says what to do.
	if scripts, err := filepath.Glob(filepath.Join(dir, "*.txtar")); err != nil || len(scripts) == 0 {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			fmt.Fprintf(stderr, "hookc test: -run-scripts: %s is not a directory\n", dir)
		} else {
			fmt.Fprintf(stderr, "hookc test: -run-scripts: no .txtar scenarios in %s; write them with hookc test -scripts %s POLICY\n", dir, dir)
		}
		return exitFailed
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	bin, err := os.MkdirTemp("", "hookc-bin-")
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	defer os.RemoveAll(bin)
	if err := os.Symlink(exe, filepath.Join(bin, "hookc")); err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	goTool, _ := goEnv()
	scenarios, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	t := &scriptT{out: stdout, verbose: verbose}
	// RunT runs in a goroutine of its own: a Fatal in it (scriptT ends the
	// goroutine, as testing does) must not end the main goroutine.
	done := make(chan struct{})
	go func() {
		defer close(done)
		runT(t, scenarios, update, bin, goTool)
	}()
	<-done
	t.wg.Wait()
	if t.failed {
		fmt.Fprintf(stdout, "FAIL\t%s\n", dir)
		for _, l := range t.log {
			fmt.Fprintf(stdout, "    %s\n", l)
		}
		return exitFailed
	}
	fmt.Fprintf(stdout, "ok\t%s\n", dir)
	return exitOK
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
	runtime.Goexit()
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
	runtime.Goexit()
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
