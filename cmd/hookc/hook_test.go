package main

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// sharedTemp is the temporary directory of guardHook, for TestMain to
// remove after the tests.
var sharedTemp atomic.Pointer[string]

// guardHook builds the example guard hook once for the tests of this file.
var guardHook = sync.OnceValues(func() (string, error) {
	p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "hookc-test-")
	if err != nil {
		return "", err
	}
	sharedTemp.Store(&dir) // TestMain removes it
	out := filepath.Join(dir, "guard")
	return out, build.Binary(p.Table, out)
})

func needHook(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the guard hook")
	}
	if _, err := exec.LookPath("go"); err != nil {
		testenv.Missing(t, "needs the go tool")
	}
	bin, err := guardHook()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// hookOf returns the table the hook built from p runs: what the tests
// decide with in process.
func hookOf(t testing.TB, p *load.Policy) *runtime.Table {
	t.Helper()
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	return hook
}

// runHook runs the hook on stdin and checks that it exits 0 with exactly one
// JSON object on stdout.
func runHook(t *testing.T, bin string, stdin []byte) map[string]any {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = []string{"HOME=/home/user"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("hook failed: %v\nstderr: %s", err, stderr.String())
	}
	// The bound is loose: the machine may be loaded by other tests.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("hook took %v, want under 3 seconds", d)
	}
	dec := json.NewDecoder(&stdout)
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("hook printed invalid JSON: %v\n%s", err, stdout.String())
	}
	if dec.More() {
		t.Fatalf("hook printed more than one JSON value: %s", stdout.String())
	}
	return out
}

// checkProtocol checks that out is a valid answer for event.
func checkProtocol(t *testing.T, event string, out map[string]any) {
	t.Helper()
	for k := range out {
		switch k {
		case "hookSpecificOutput", "systemMessage", "decision", "reason":
		default:
			t.Errorf("unexpected top-level key %q in %v", k, out)
		}
	}
	if d, ok := out["decision"]; ok && d != "block" {
		t.Errorf("decision %v, want block", d)
	}
	hso, ok := out["hookSpecificOutput"].(map[string]any)
	if !ok {
		return
	}
	if hso["hookEventName"] != event {
		t.Errorf("hookEventName %v, want %s", hso["hookEventName"], event)
	}
	if pd, ok := hso["permissionDecision"]; ok {
		if event != "PreToolUse" {
			t.Errorf("permissionDecision on %s", event)
		}
		switch pd {
		case "allow", "deny", "ask":
		default:
			t.Errorf("permissionDecision %v", pd)
		}
	}
}

func TestHookBinaryStatic(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("hook binary is dynamically linked")
		}
	}
	fi, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	// The bound was 4 MiB until the command knowledge of build tools,
	// pytest and git's history came in (4.05 MiB), then 4.5 MiB until the
	// secret table's names of design.md 400 (4.6 MiB), then 4.75 MiB
	// until the environment's table and the shells of design.md 413
	// (4,984,958 bytes; see the CHANGELOG), then 5 MiB until the walks,
	// closed places and go.work lexer of design.md 422-424 (5,247,102
	// bytes), then 5.25 MiB until find's feeds and git's settings of
	// design.md 432-433 (5,509,246 bytes), then 5.5 MiB until python's
	// inline core and go mod's table of design.md 454-455 (5,828,734
	// bytes).
	if fi.Size() > 5<<20+3<<18 {
		t.Errorf("hook binary is %d bytes, want at most 5.75 MiB", fi.Size())
	}
	t.Logf("hook binary: %d bytes", fi.Size())
}

// TestHookProtocolExamples runs the guard on every sample payload of the
// protocol notes.
func TestHookProtocolExamples(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "protocol", "*.input*.json"))
	if len(files) == 0 {
		t.Skip("testdata/protocol not found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var in struct {
			Event string `json:"hook_event_name"`
		}
		if err := json.Unmarshal(data, &in); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			out := runHook(t, bin, data)
			checkProtocol(t, in.Event, out)
		})
	}
}

// TestHookBadInput feeds the hook inputs that must all get a valid answer:
// onError (ask) for what cannot be read.
func TestHookBadInput(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	big := `{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("a", 8<<20) + `"}}`
	cases := map[string]string{
		"empty":      "",
		"truncated":  `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls`,
		"not json":   "rm -rf /",
		"non-utf8":   "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf \xff\xfe /\"}}",
		"8MB":        big,
		"deep":       deep,
		"deep input": `{"tool_name":"Bash","tool_input":` + strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000) + "}",
		"array":      `[1,2,3]`,
		"two values": `{} {}`,
		"null":       `null`,
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			out := runHook(t, bin, []byte(in))
			checkProtocol(t, "PreToolUse", out)
			hso, _ := out["hookSpecificOutput"].(map[string]any)
			if hso == nil || hso["permissionDecision"] == "allow" {
				t.Errorf("got %v, want a non-allow decision", out)
			}
		})
	}
}
