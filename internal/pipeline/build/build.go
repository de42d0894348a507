// Package build links a generated policy table with the runtime into a
// static hook binary, in a self-contained temporary module.
package build

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"hookc.dev/hookc"
	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/runtime"
)

// Release is the version of this source tree: the release it is, or the
// next one while it is being made (CHANGELOG.md). A hookc built without a
// module version (go build or go run in a checkout) reports it with
// "-devel" (design.md 187).
const Release = "v0.9.0"

// Version is hookc's version as recorded in its build information.
func Version() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf returns the version a build records: the module's version
// (v1.2.3 after go install ...@v1.2.3, a pseudo-version after go install
// in a checkout), else Release-devel with the commit and "-dirty" when the build
// recorded them, after Release and "-devel". The result is one word: it
// goes into the hook with -ldflags -X.
func versionOf(bi *debug.BuildInfo) string {
	if bi == nil {
		return Release + "-devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v, dirty := Release+"-devel", false
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision" && len(s.Value) >= 12:
			v += "-" + s.Value[:12]
		case s.Key == "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if dirty {
		v += "-dirty"
	}
	return v
}

// ErrNoGo is returned when no Go toolchain can be found.
var ErrNoGo = errors.New("hookc build needs the Go toolchain (go 1.26 or later): install it and put go on PATH, or set GOROOT")

// GoTool finds the go command: on PATH, else in $GOROOT/bin.
func GoTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", ErrNoGo
}

// CacheEnv returns the go command's GOCACHE, GOMODCACHE and GOROOT, to be
// passed to go or hookc build run under another HOME (testscript), so that
// they use the warm build and module caches.
var CacheEnv = sync.OnceValues(func() (map[string]string, error) {
	goTool, err := GoTool()
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(goTool, "env", "GOCACHE", "GOMODCACHE", "GOROOT").Output()
	if err != nil {
		return nil, err
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(f) != 3 {
		return nil, errors.New("unexpected go env output")
	}
	return map[string]string{"GOCACHE": f[0], "GOMODCACHE": f[1], "GOROOT": f[2]}, nil
})

// Options are the target and the progress output of a build.
type Options struct {
	// GOOS and GOARCH are the target platform; empty means the host's
	// (or the go command's GOOS and GOARCH from the environment).
	GOOS, GOARCH string
	// Progress, when set, gets one line when the go build runs longer than
	// ProgressAfter (a cold build cache takes a minute or more).
	Progress io.Writer
}

// ProgressAfter is how long a build runs before Progress hears of it.
var ProgressAfter = time.Second

// Binary builds the hook binary for t into out, for the host. The build is
// reproducible: the same table and toolchain give byte-identical binaries.
func Binary(t *runtime.Table, out string) error {
	return BinaryWith(t, out, Options{})
}

// BinaryWith builds the hook binary for t into out with opts.
func BinaryWith(t *runtime.Table, out string, opts Options) error {
	goTool, err := GoTool()
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hookc-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := writeModule(dir, t); err != nil {
		return err
	}
	linked := filepath.Join(dir, "hook.bin")
	ldflags := "-s -w -buildid= -X hookc.dev/hookc/runtime.Version=" + Version()
	if t.Policy != "" {
		// The policy's directory, for paths of the self preset
		// (design.md 55): in the binary, not in the generated table.
		if p, err := filepath.Abs(t.Policy); err == nil {
			if q, ok := quoteFlag("hookc.dev/hookc/runtime.PolicyDir=" + p); ok {
				ldflags += " -X " + q
			}
		}
	}
	cmd := exec.Command(goTool, "build", "-trimpath", "-buildvcs=false",
		"-ldflags="+ldflags, "-o", linked, "./hook")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod")
	if opts.GOOS != "" {
		cmd.Env = append(cmd.Env, "GOOS="+opts.GOOS)
	}
	if opts.GOARCH != "" {
		cmd.Env = append(cmd.Env, "GOARCH="+opts.GOARCH)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if opts.Progress != nil {
		target := ""
		if opts.GOOS != "" || opts.GOARCH != "" {
			target = " for " + strings.Trim(opts.GOOS+"/"+opts.GOARCH, "/")
		}
		done, exited := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(exited)
			select {
			case <-time.After(ProgressAfter):
				fmt.Fprintf(opts.Progress, "hookc build: building the hook%s (go build; a first build compiles the runtime and can take minutes)...\n", target)
			case <-done:
			}
		}()
		// The line is written before the build returns, or never.
		defer func() { close(done); <-exited }()
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build failed: %v\n%s", err, strings.TrimSpace(stderr.String()))
	}
	// The linker writes through mmap, which leaves the file in the page
	// cache as small pages; a binary written with plain writes starts
	// measurably faster, and a hook starts on every tool call.
	b, err := os.ReadFile(linked)
	if err != nil {
		return err
	}
	tmp := abs + ".tmp"
	if err := os.WriteFile(tmp, b, 0o755); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, abs)
}

// quoteFlag quotes s as one word of a -ldflags value, which the go command
// splits at spaces outside '...' and "..." (without escapes); ok is false
// if s cannot be quoted.
func quoteFlag(s string) (string, bool) {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return "", false
		}
	}
	switch {
	case !strings.ContainsAny(s, " \t\n\r'\""):
		return s, true
	case !strings.Contains(s, "'"):
		return "'" + s + "'", true
	case !strings.Contains(s, `"`):
		return `"` + s + `"`, true
	}
	return "", false
}

// writeModule lays out the hook's module in dir: go.mod requiring only what
// runtime needs, go.sum, runtime/, and hook/ with the table and main.
func writeModule(dir string, t *runtime.Table) error {
	mod, err := fs.ReadFile(hookc.Source, "go.mod")
	if err != nil {
		return err
	}
	shVersion := requirement(mod, "mvdan.cc/sh/v3")
	if shVersion == "" {
		return errors.New("embedded go.mod does not require mvdan.cc/sh/v3")
	}
	gomod := "module hookc.dev/hookc\n\ngo 1.26.0\n\nrequire mvdan.cc/sh/v3 " + shVersion + "\n"
	sum, err := fs.ReadFile(hookc.Source, "go.sum")
	if err != nil {
		return err
	}
	files := map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum}
	rt, err := hookc.RuntimeFiles()
	if err != nil {
		return err
	}
	maps.Copy(files, rt)
	src, err := gen.Source(t, gen.Options{Package: "main", Main: true})
	if err != nil {
		return err
	}
	files["hook/table_gen.go"] = src
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// requirement returns the version of module path required in a go.mod.
func requirement(gomod []byte, path string) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "require"))
		if len(f) >= 2 && f[0] == path {
			return f[1]
		}
	}
	return ""
}
