package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

type envFlag map[string]string

func (e envFlag) String() string { return "" }
func (e envFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	e[k] = v
	return nil
}

// fsFlags are explain's virtual file system, as a test's files, dirs and
// symlinks give it (design.md 14, 149).
type fsFlags struct{ t load.Test }

type fileFlag struct{ f *fsFlags }

func (f fileFlag) String() string { return "" }
func (f fileFlag) Set(s string) error {
	path, content, hasContent := strings.Cut(s, "=")
	if path == "" {
		return fmt.Errorf("want PATH or PATH=CONTENT, got %q", s)
	}
	f.f.t.Files = append(f.f.t.Files, path)
	if hasContent {
		if f.f.t.Contents == nil {
			f.f.t.Contents = map[string]string{}
		}
		f.f.t.Contents[path] = content
	}
	return nil
}

type dirFlag struct{ f *fsFlags }

func (f dirFlag) String() string { return "" }
func (f dirFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("want PATH")
	}
	f.f.t.Dirs = append(f.f.t.Dirs, s)
	return nil
}

type symlinkFlag struct{ f *fsFlags }

func (f symlinkFlag) String() string { return "" }
func (f symlinkFlag) Set(s string) error {
	link, target, ok := strings.Cut(s, "=")
	if !ok || link == "" || target == "" {
		return fmt.Errorf("want PATH=TARGET, got %q", s)
	}
	if f.f.t.Symlinks == nil {
		f.f.t.Symlinks = map[string]string{}
	}
	f.f.t.Symlinks[link] = target
	return nil
}

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
	env := envFlag{}
	fs.Var(env, "env", "set an environment variable of the hook (`NAME=VALUE`, repeatable)")
	files := &fsFlags{}
	fs.Var(fileFlag{files}, "file", "a file that exists, with its content if given (`PATH[=CONTENT]`, repeatable)")
	fs.Var(dirFlag{files}, "dir", "a directory that exists (`PATH`, repeatable)")
	fs.Var(symlinkFlag{files}, "symlink", "a symbolic link and its target (`PATH=TARGET`, repeatable)")
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
	if *real && (len(files.t.Files) > 0 || len(files.t.Dirs) > 0 || len(files.t.Symlinks) > 0) {
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
	stops := layers.CompileFor(p, "hook")
	for i, payload := range payloads {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		res := runtime.Explain(hook, payload, testrun.ExplainEnv(files.t, env, *real, p.Dir))
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
