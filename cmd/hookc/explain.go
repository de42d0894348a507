package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// linesFlag is -c, repeatable: explain decides each line in turn.
type linesFlag []string

func (l *linesFlag) String() string { return "" }
func (l *linesFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("want a command")
	}
	*l = append(*l, s)
	return nil
}

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "[-c 'command'... | -payload JSON] [-env NAME=VALUE]... [-file PATH[=CONTENT]]... [-dir PATH]... [-symlink PATH=TARGET]... [-real] [dir]", stderr)
	var cmds linesFlag
	fs.Var(&cmds, "c", "decide a Bash call of this `command` instead of reading a payload from stdin (repeatable: each is decided in turn)")
	payloadFlag := fs.String("payload", "", "decide this hook payload (`JSON`, as vet prints a witness) instead of reading one from stdin")
	var tc testrun.Context
	tc.Flags(fs)
	real := fs.Bool("real", false, "decide as the built hook does on this machine: the real file system, home and environment (with -env added); with -c the call runs in the current directory")
	dir, code, ok := parseFlags(fs, args, stderr)
	if !ok {
		return code
	}
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	hook, ok := hookTable(p, "explain", stderr)
	if !ok {
		return exitFailed
	}
	if *real && tc.Virtual() {
		fmt.Fprintf(stderr, "hookc explain: -real reads the real file system; -file, -dir and -symlink describe a virtual one: give one or the other\n")
		return exitUsage
	}
	cwd := load.TestCwd
	if *real {
		wd, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(stderr, "hookc explain: %v\n", err)
			return exitFailed
		}
		cwd = wd
	}
	payloads, code := explainPayloads(cmds, *payloadFlag, cwd, stdin, stderr)
	if payloads == nil {
		return code
	}
	if !*real {
		// The test context's project: a payload without cwd is decided
		// there, as hookc test decides its tests (design.md 378).
		for i, b := range payloads {
			payloads[i] = withCwd(b, cwd)
		}
	}
	stops := layers.CompileFor(p, "hook")
	for i, payload := range payloads {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		res := runtime.Explain(hook, payload, testrun.ExplainEnv(tc.Test, tc.Env, *real, p.Dir))
		testrun.PrintResult(stdout, res)
		layers.PrintStops(stdout, stops, payload, res)
	}
	return exitOK
}

// explainPayloads returns the payloads explain decides: one per -c
// command, the -payload, or the one on stdin. With none it has said why
// on stderr and returns the exit code.
func explainPayloads(cmds []string, payloadFlag, cwd string, stdin io.Reader, stderr io.Writer) ([][]byte, int) {
	var payloads [][]byte
	switch {
	case len(cmds) > 0 && payloadFlag != "":
		fmt.Fprintf(stderr, "hookc explain: -c and -payload cannot be used together\n")
		return nil, exitUsage
	case payloadFlag != "":
		payloads = append(payloads, []byte(payloadFlag))
	case len(cmds) > 0:
		for _, c := range cmds {
			b, _ := json.Marshal(map[string]any{
				"hook_event_name": "PreToolUse",
				"cwd":             cwd,
				"tool_name":       "Bash",
				"tool_input":      map[string]any{"command": c},
			})
			payloads = append(payloads, b)
		}
	default:
		if isTerminal(stdin) {
			// Not a silent wait (design.md 191).
			fmt.Fprintf(stderr, "hookc explain: reading a hook payload (JSON) from stdin; end it with Ctrl-D, or give -c 'command' or -payload JSON\n")
		}
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "hookc explain: reading stdin: %v\n", err)
			return nil, exitFailed
		}
		if len(bytes.TrimSpace(b)) == 0 {
			fmt.Fprintf(stderr, "hookc explain: no payload on stdin; give a hook payload (JSON) there, or -c 'command' or -payload JSON\n")
			return nil, exitUsage
		}
		payloads = append(payloads, b)
	}
	return payloads, exitOK
}

// isTerminal reports whether v, stdin or stderr, is a terminal (a
// character device: a terminal, or /dev/null).
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// withCwd returns the payload b with "cwd": cwd added when it is a JSON
// object without one, written in front of its fields so that the rest
// stays byte for byte what the hook would read; any other payload as it
// is, for the hook to judge.
func withCwd(b []byte, cwd string) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil || m == nil {
		return b
	}
	if _, ok := m["cwd"]; ok {
		return b
	}
	c, _ := json.Marshal(cwd)
	rest := bytes.TrimSpace(b)[1:] // after the {
	sep := ","
	if len(m) == 0 {
		sep = ""
	}
	return slices.Concat([]byte(`{"cwd":`), c, []byte(sep), rest)
}
