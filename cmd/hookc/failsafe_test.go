package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// runBin runs the hook binary bin with args on stdin and returns its
// stdout, stderr and exit code.
func runBin(t *testing.T, bin string, stdin []byte, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = []string{"HOME=" + advHome}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return o.Bytes(), e.Bytes(), code
}

func bashCall(cmd string) []byte {
	b, _ := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse", "cwd": advCwd, "tool_name": "Bash",
		"tool_input": map[string]any{"command": cmd},
	})
	return b
}

// TestHookExitCodes checks that the binary exits 0 with one JSON object,
// and in -compat mode exits 2 with the reason on stderr for a PreToolUse
// deny and nothing else.
func TestHookExitCodes(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	for _, c := range []struct {
		name   string
		stdin  []byte
		args   []string
		code   int
		stdout string // a substring of stdout
		stderr string // a substring of stderr
	}{
		{"deny", bashCall("rm -rf /"), nil, 0, `"permissionDecision":"deny"`, ""},
		{"ask", bashCall("git commit -m x"), nil, 0, `"permissionDecision":"ask"`, ""},
		{"allow", bashCall("ls"), nil, 0, `"permissionDecision":"allow"`, ""},
		{"unreadable", []byte("{"), nil, 0, `"permissionDecision":"ask"`, ""},
		{"compat deny", bashCall("rm -rf /"), []string{"-compat"}, 2, "", "recursive deletion"},
		{"compat ask", bashCall("git commit -m x"), []string{"-compat"}, 0, `"permissionDecision":"ask"`, ""},
		{"compat allow", bashCall("ls"), []string{"--compat"}, 0, `"permissionDecision":"allow"`, ""},
		{"compat unreadable", []byte("x"), []string{"-compat"}, 0, `"permissionDecision":"ask"`, ""},
		{"compat PostToolUse deny", []byte(`{"hook_event_name":"PostToolUse","cwd":"/project","tool_name":"Read","tool_input":{"file_path":"/project/.env"}}`), []string{"-compat"}, 0, `{}`, ""},
		{"compat PermissionRequest deny", []byte(`{"hook_event_name":"PermissionRequest","cwd":"/project","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`), []string{"-compat"}, 0, `"behavior":"deny"`, ""},
		{"unknown flags", bashCall("ls"), []string{"-bogus", "x", "--event"}, 0, `"permissionDecision":"allow"`, ""},
		// onError ask on PermissionRequest shows the prompt: no answer.
		{"event flag on bad input", []byte("x"), []string{"-event", "PermissionRequest"}, 0, "{}\n", ""},
		{"event flag on bad input, PreToolUse", []byte("x"), []string{"-event=PreToolUse"}, 0, `"hookEventName":"PreToolUse"`, ""},
		{"version", nil, []string{"--version"}, 0, "hookc ", ""},
	} {
		out, errOut, code := runBin(t, bin, c.stdin, c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d", c.name, code, c.code)
		}
		if !strings.Contains(string(out), c.stdout) || !strings.Contains(string(errOut), c.stderr) {
			t.Errorf("%s: stdout %q, stderr %q; want %q, %q", c.name, out, errOut, c.stdout, c.stderr)
		}
		switch {
		case c.name == "version":
		case code == 2:
			if len(out) != 0 {
				t.Errorf("%s: exit 2 with stdout %q", c.name, out)
			}
		default:
			if _, err := outputDecision(out); err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
		}
	}
}

// TestHookLimits runs the guard binary at and beyond its limits (4 MiB of
// input, 1000 commands, depth 8, 500 ms): each beyond gets onError or the
// depth floor, ask, with a reason that names the limit, in bounded time.
func TestHookLimits(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	big := func(n int) []byte {
		b := bashCall("echo x")
		pad := n - len(b)
		return append(b[:len(b)-1], append(bytes.Repeat([]byte(" "), pad), '}')...)
	}
	parens := strings.Repeat("(", 1<<20) + strings.Repeat(")", 1<<20)
	loops := strings.Repeat("while :;do ", 1<<18) + strings.Repeat(";done", 1<<17) // 4 MB
	for _, c := range []struct {
		name   string
		stdin  []byte
		want   string
		reason string
	}{
		{"input at the limit", big(runtime.DefaultLimits.InputBytes), "allow", ""},
		{"input beyond", big(runtime.DefaultLimits.InputBytes + 1), "ask", "larger than the limit of 4194304 bytes"},
		{"1000 commands", bashCall(strings.TrimSuffix(strings.Repeat("ls;", 1000), ";")), "allow", ""},
		{"1001 commands", bashCall(strings.TrimSuffix(strings.Repeat("ls;", 1001), ";")), "ask", "more than 1000 simple commands (limits.commands)"},
		{"depth 8", bashCall(strings.Repeat("nice ", 8) + "ls"), "allow", ""},
		{"depth 9", bashCall(strings.Repeat("nice ", 9) + "ls"), "ask", "deeper than 8 levels (limits.depth)"},
		{"2 MiB of parentheses", bashCall(parens), "ask", "more than 5000 brackets"},
		{"4 MB of nested loops", bashCall(loops), "ask", "longer than the limit of 500 ms (limits.millis)"},
	} {
		start := time.Now()
		out, _, code := runBin(t, bin, c.stdin)
		took := time.Since(start)
		got, err := outputDecision(out)
		if code != 0 || err != nil || got != c.want || !strings.Contains(string(out), c.reason) {
			t.Errorf("%s: exit %d, %s %.300s (%v); want %s with %q", c.name, code, got, out, err, c.want, c.reason)
		}
		// Bounded, with room for a machine loaded by other tests: the
		// evaluation itself stops at 500 ms.
		if took > 5*time.Second {
			t.Errorf("%s: took %v", c.name, took)
		}
	}
}

// TestHookConcurrent runs a hundred guard processes at once on a mix of
// calls and checks every answer against the in-process evaluator.
func TestHookConcurrent(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	cases := loadAdversarial(t)
	p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	const n = 100
	var wg sync.WaitGroup
	errs := make([]string, n)
	start := make(chan struct{})
	for i := range n {
		c := cases[(i*37)%len(cases)]
		_, want := advDecide(hookOf(t, p), c)
		wg.Go(func() {
			<-start
			errs[i] = runAdvBinary(bin, c, want)
			if errs[i] != "" {
				errs[i] = c.pos + ": " + errs[i]
			}
		})
	}
	close(start)
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
}

// TestHookPanic builds a hook from a table that makes the evaluator panic
// (a negation with nothing to negate) and checks that the binary recovers:
// exit 0 and onError with a reason, also in -compat mode.
func TestHookPanic(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a hook binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		testenv.Missing(t, "needs the go tool")
	}
	tb := &runtime.Table{
		Policy:  "broken",
		Default: runtime.Allow,
		OnError: runtime.Deny,
		Rules: []runtime.Rule{{
			Name: "broken", Decision: runtime.Allow,
			Cmd: &runtime.CmdCond{Name: runtime.Str{Op: runtime.StrNot}},
		}},
	}
	bin := filepath.Join(t.TempDir(), "hook")
	if err := build.Binary(tb, bin); err != nil {
		t.Fatal(err)
	}
	out, _, code := runBin(t, bin, bashCall("ls"))
	if code != 0 || !strings.Contains(string(out), `"permissionDecision":"deny"`) || !strings.Contains(string(out), "internal error") {
		t.Errorf("panic: exit %d, %s; want exit 0 and onError (deny) with an internal error", code, out)
	}
	out, errOut, code := runBin(t, bin, bashCall("ls"), "-compat")
	if code != 2 || len(out) != 0 || !strings.Contains(string(errOut), "internal error") {
		t.Errorf("panic in -compat: exit %d, stdout %q, stderr %q; want exit 2 and the error", code, out, errOut)
	}
	// A table that decides nothing wrong still works in the same binary.
	out, _, code = runBin(t, bin, []byte(`{"tool_name":"Read","tool_input":{}}`))
	if code != 0 || !strings.Contains(string(out), `"permissionDecision":"allow"`) {
		t.Errorf("no command: exit %d, %s", code, out)
	}
	if fi, err := os.Stat(bin); err != nil || fi.Size() == 0 {
		t.Errorf("no binary: %v", err)
	}
}
