package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/internal/testkit/synth"
	"hookc.dev/hookc/runtime"
)

// A truthCall is one hook call of TestOneTruth: a payload and the
// environment variables the hook runs with.
type truthCall struct {
	corpus  string // the table or scenario file it comes from
	from    string // where in it: file:line, or a scenario's payload
	payload []byte
	env     map[string]string
	args    []string // the hook's arguments
}

// TestOneTruth holds the in-process evaluator to the hook binary (design.md
// 106): every call of every corpus (the adversarial suite, the peer
// corpus, the read-only set, the payloads of the golden scenarios) is
// decided by runtime.Run with the table the hook runs (load.Policy.Hook)
// and by the built binary, which must answer the same bytes on stdout with
// the same exit code (the guard also runs the adversarial suite with
// -compat, whose denies exit 2). It does so for the guard and for a
// synthetic policy of 1,000 rules, whose hook runs its rules packed; that
// policy's calls include vet's witness of each of its rules.
func TestOneTruth(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds hook binaries and runs thousands of hooks")
	}
	calls := corpusCalls(t)
	t.Run("guard", func(t *testing.T) {
		p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
		if err != nil {
			t.Fatal(err)
		}
		// The adversarial suite again with -compat, where a deny exits 2
		// with the reason on stderr.
		own := slices.Clone(calls)
		for _, c := range calls {
			if c.corpus == "adversarial" {
				c.corpus, c.args = "adversarial -compat", []string{"-compat"}
				own = append(own, c)
			}
		}
		checkTruth(t, p, needHook(t), own)
	})
	t.Run("synthetic1000", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(1000, 1, synth.Random)), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := load.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if hookOf(t, p).Packed == nil {
			t.Fatal("the synthetic policy's hook does not pack its rules")
		}
		ws, err := vet.WitnessCalls(p, vet.Options{})
		if err != nil {
			t.Fatal(err)
		}
		own := slices.Clone(calls)
		for _, w := range ws {
			env := map[string]string{"HOME": load.TestHome}
			for k, v := range w.Env {
				env[k] = v
			}
			own = append(own, truthCall{corpus: "witnesses", from: "witness " + w.Name, payload: w.Payload, env: env})
		}
		bin := filepath.Join(t.TempDir(), "hook")
		if err := build.Binary(p.Table, bin); err != nil {
			t.Fatal(err)
		}
		checkTruth(t, p, bin, own)
	})
}

// corpusCalls returns the calls of every corpus.
func corpusCalls(t *testing.T) []truthCall {
	t.Helper()
	var calls []truthCall
	for _, c := range loadAdversarial(t) {
		calls = append(calls, truthCall{corpus: "adversarial", from: c.pos, payload: c.payload, env: map[string]string{"HOME": advHome}})
	}
	root := filepath.Join("..", "..", "testdata")
	calls = append(calls, lineCalls(t, filepath.Join(root, "corpus", "peer-commands.tsv"), 1)...)
	calls = append(calls, lineCalls(t, filepath.Join(root, "readonly", "*.tsv"), 0)...)
	calls = append(calls, goldenCalls(t)...)
	return calls
}

// lineCalls returns a Bash call for the command line in column col of
// every row but the header of the tables matching glob, with the cwd and
// HOME of the corpus tests (corpus_test.go).
func lineCalls(t *testing.T, glob string, col int) []truthCall {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no tables %s: %v", glob, err)
	}
	var calls []truthCall
	for _, f := range files {
		rows, err := suites.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Line == 1 || len(r.Cols) <= col {
				continue
			}
			payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/home/user/project",
				"tool_name": "Bash", "tool_input": map[string]any{"command": suites.Unescape(r.Cols[col])}})
			calls = append(calls, truthCall{corpus: filepath.Base(f), from: fmt.Sprintf("%s:%d", filepath.Base(f), r.Line), payload: payload,
				env: map[string]string{"HOME": "/home/user"}})
		}
	}
	return calls
}

// goldenCalls returns the payloads of the golden scenarios
// (golden/*/*.txtar), each with the variables its scenario sets (but the
// audit log's).
func goldenCalls(t *testing.T) []truthCall {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "golden", "*", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden scenarios: %v", err)
	}
	var calls []truthCall
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data := map[string][]byte{}
		for _, af := range ar.Files {
			data[af.Name] = af.Data
		}
		env := map[string]string{}
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			if kv, ok := strings.CutPrefix(line, "env "); ok {
				k, v, _ := strings.Cut(kv, "=")
				if len(v) >= 2 && v[0] == '\'' {
					v = strings.ReplaceAll(v[1:len(v)-1], "''", "'")
				}
				if v == "" {
					delete(env, k)
				} else if k != runtime.AuditEnv {
					env[k] = v
				}
			}
			if name, ok := strings.CutPrefix(line, "stdin "); ok {
				vars := map[string]string{}
				for k, v := range env {
					vars[k] = v
				}
				calls = append(calls, truthCall{corpus: filepath.Base(f), from: filepath.Base(f) + " " + name, payload: data[name], env: vars})
			}
		}
	}
	return calls
}

// checkTruth decides every call in process with p's hook table and with
// the binary bin built from p, GOMAXPROCS calls at a time, and fails on
// every call they answer differently.
func checkTruth(t *testing.T, p *load.Policy, bin string, calls []truthCall) {
	hook := hookOf(t, p)
	policyDir, err := filepath.Abs(p.Table.Policy)
	if err != nil {
		t.Fatal(err)
	}
	if bin, err = filepath.EvalSymlinks(bin); err != nil {
		t.Fatal(err)
	}
	calls = distinct(calls)
	errs := make([]string, len(calls))
	var nonzero atomic.Int64 // calls that exit other than 0
	var next atomic.Int64
	var wg sync.WaitGroup
	for range goruntime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(calls); i = int(next.Add(1) - 1) {
				var code int
				errs[i], code = sameAnswer(hook, policyDir, bin, calls[i])
				if code != 0 {
					nonzero.Add(1)
				}
			}
		})
	}
	wg.Wait()
	bad := 0
	for i, e := range errs {
		if e == "" {
			continue
		}
		if bad++; bad <= 20 {
			t.Errorf("%s: %s", calls[i].from, e)
		}
	}
	if bad > 20 {
		t.Errorf("... and %d more calls answered differently", bad-20)
	}
	counts := map[string]int{}
	for _, c := range calls {
		counts[c.corpus]++
	}
	t.Logf("%d distinct calls (%d exit other than 0), %d answered differently by the binary; calls by corpus: %v", len(calls), nonzero.Load(), bad, counts)
}

// distinct drops the calls that repeat an earlier one (the corpora share
// lines): payload, variables and arguments alike.
func distinct(calls []truthCall) []truthCall {
	seen := map[string]bool{}
	var out []truthCall
	for _, c := range calls {
		key, _ := json.Marshal([]any{string(c.payload), c.env, c.args})
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, c)
		}
	}
	return out
}

// sameAnswer runs one call in process and through the binary and says how
// their answers differ, or "", with the binary's exit code. An answer of onError for running out of
// time (limits.millis) on a loaded machine says nothing about the policy:
// the call is run again, up to three times in all.
func sameAnswer(hook *runtime.Table, policyDir, bin string, c truthCall) (string, int) {
	env := &runtime.Env{
		Getenv: func(name string) string { return c.env[name] },
		Home:   c.env["HOME"],
		FS:     runtime.OSEnv().FS,
		Hook:   func() string { return bin },
		Policy: policyDir,
	}
	var vars []string
	for k, v := range c.env {
		vars = append(vars, k+"="+v)
	}
	sort.Strings(vars)
	for try := 1; ; try++ {
		var want bytes.Buffer
		wantCode := runtime.Run(hook, c.args, bytes.NewReader(c.payload), &want, io.Discard, env)
		got, gotCode, err := runBinary(bin, c.args, c.payload, vars)
		if err != nil {
			return err.Error(), -1
		}
		if bytes.Equal(got, want.Bytes()) && gotCode == wantCode {
			return "", gotCode
		}
		if try < 3 && (bytes.Contains(got, []byte("(limits.millis)")) || bytes.Contains(want.Bytes(), []byte("(limits.millis)"))) {
			continue
		}
		return fmt.Sprintf("the binary answers differently from the in-process evaluator:\n binary:     exit %d %s in-process: exit %d %s", gotCode, got, wantCode, want.Bytes()), gotCode
	}
}

// runBinary runs the hook binary bin with the arguments args on payload,
// with the environment variables vars (NAME=VALUE) and nothing else, and
// returns its stdout and exit code.
func runBinary(bin string, args []string, payload []byte, vars []string) ([]byte, int, error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(payload)
	cmd.Env = vars
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, 0, fmt.Errorf("running the hook: %v; stderr %s", err, stderr.String())
	}
	return stdout.Bytes(), cmd.ProcessState.ExitCode(), nil
}
