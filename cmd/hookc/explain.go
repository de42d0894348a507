package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"hookc.dev/hookc/internal/layers"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/testrun"
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

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "[-c 'command' | -payload JSON] [-env NAME=VALUE]... [-file PATH[=CONTENT]]... [-dir PATH]... [-symlink PATH=TARGET]... [-real] [dir]", stderr)
	cmd := fs.String("c", "", "decide a Bash call of this `command` instead of reading a payload from stdin")
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
	var payload []byte
	switch {
	case *cmd != "" && *payloadFlag != "":
		fmt.Fprintf(stderr, "hookc explain: -c and -payload cannot be used together\n")
		return exitUsage
	case *payloadFlag != "":
		payload = []byte(*payloadFlag)
	case *cmd != "":
		payload, _ = json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse",
			"cwd":             cwd,
			"tool_name":       "Bash",
			"tool_input":      map[string]any{"command": *cmd},
		})
	default:
		if isTerminal(stdin) {
			// Not a silent wait (design.md 191).
			fmt.Fprintf(stderr, "hookc explain: reading a hook payload (JSON) from stdin; end it with Ctrl-D, or give -c 'command' or -payload JSON\n")
		}
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "hookc explain: reading stdin: %v\n", err)
			return exitFailed
		}
		if len(bytes.TrimSpace(b)) == 0 {
			fmt.Fprintf(stderr, "hookc explain: no payload on stdin; give a hook payload (JSON) there, or -c 'command' or -payload JSON\n")
			return exitUsage
		}
		payload = b
	}
	res := runtime.Explain(hook, payload, explainEnv(files.t, env, *real, p.Dir))
	printExplain(stdout, res)
	printLayers(stdout, p, payload, res)
	return exitOK
}

// explainEnv is what explain decides with: the virtual file system of t,
// or with real the hook's own view, as the built hook sees it on this
// machine (design.md 205): one file system, one answer.
func explainEnv(t load.Test, env envFlag, real bool, policy string) *runtime.Env {
	if !real {
		t.Env = env
		return testrun.Env(&t)
	}
	e := runtime.OSEnv()
	if abs, err := filepath.Abs(policy); err == nil {
		e.Policy = abs
	}
	e.Hook = nil // explain is not the hook binary: @hook names nothing
	if len(env) > 0 {
		e.Getenv = func(name string) string {
			if v, ok := env[name]; ok {
				return v
			}
			return os.Getenv(name)
		}
		if h, ok := env["HOME"]; ok {
			e.Home = h
		}
	}
	return e
}

// printLayers says which of the other layers stop the call (design.md
// 102), when the policy feeds any.
func printLayers(w io.Writer, p *load.Policy, payload []byte, res *runtime.Result) {
	f := compileLayers(p, "hook")
	if len(f.Entries) == 0 {
		return
	}
	var in struct {
		Tool  string `json:"tool_name"`
		Input struct {
			URL string `json:"url"`
		} `json:"tool_input"`
	}
	json.Unmarshal(payload, &in)
	call := layers.Call{Tool: in.Tool, URL: in.Input.URL}
	for _, u := range res.Units {
		for _, s := range u.Paths {
			mark, path, _ := strings.Cut(s, " ")
			if _, target, ok := strings.Cut(path, " -> "); ok {
				path = target
			}
			path, _, _ = strings.Cut(path, " = ")
			if !strings.HasPrefix(path, "/") {
				continue // known only when the command runs
			}
			if strings.Contains(mark, "r") {
				call.Reads = append(call.Reads, path)
			}
			if strings.Contains(mark, "w") {
				call.Writes = append(call.Writes, path)
			}
		}
	}
	fmt.Fprintf(w, "layers:\n  hook:    %s\n", res.Decision)
	stops := f.Stops(call)
	if len(stops) == 0 {
		fmt.Fprintf(w, "  no other layer stops it\n")
	}
	for _, s := range stops {
		fmt.Fprintf(w, "  %s\n", s)
	}
}

// printExplain writes the decision and its trace.
func printExplain(w io.Writer, res *runtime.Result) {
	fmt.Fprintf(w, "decision: %s\n", res.Decision)
	if res.Rule != "" {
		fmt.Fprintf(w, "rule:     %q at %s\n", res.Rule, res.Pos)
	}
	if res.Reason != "" {
		fmt.Fprintf(w, "reason:   %s\n", res.Reason)
	}
	if res.Message != "" {
		fmt.Fprintf(w, "message:  %s\n", res.Message)
	}
	if res.Context != "" {
		fmt.Fprintf(w, "context:  %s\n", strings.ReplaceAll(res.Context, "\n", "\n          "))
	}
	for _, r := range res.Contexts {
		fmt.Fprintf(w, "          (context added by rule %q)\n", r)
	}
	if res.Stop {
		fmt.Fprintf(w, "stop:     %s\n", res.StopReason)
	}
	if res.Err != "" {
		fmt.Fprintf(w, "error:    %s\n", res.Err)
	}
	for _, u := range res.Units {
		fmt.Fprintf(w, "  %-5s ", u.Decision)
		if u.Cmd != nil {
			fmt.Fprintf(w, "%s", describeCommand(u.Cmd))
		} else if u.By == runtime.ByFloor {
			fmt.Fprintf(w, "(command line)")
		} else {
			fmt.Fprintf(w, "(the call)")
		}
		switch {
		case u.Rule != "":
			fmt.Fprintf(w, "\n        by rule %q at %s\n", u.Rule, u.Pos)
		default:
			fmt.Fprintf(w, "\n        by the %s\n", u.Why)
		}
		for _, p := range u.Paths {
			fmt.Fprintf(w, "        path %s\n", p)
		}
	}
}

func describeCommand(c *runtime.SimpleCommand) string {
	var b strings.Builder
	if len(c.Wrappers) > 0 {
		fmt.Fprintf(&b, "[%s] ", strings.Join(c.Wrappers, " "))
	}
	for _, a := range c.Assigns {
		b.WriteString(a.Text + " ")
	}
	name := c.Program.Text
	if name == "" {
		name = "(no program)"
	}
	b.WriteString(name)
	for _, wd := range c.Words {
		b.WriteString(" ")
		if wd.Dynamic {
			b.WriteString("?" + wd.Text)
		} else {
			b.WriteString(wd.Text)
		}
	}
	for _, r := range c.Redirs {
		fmt.Fprintf(&b, " %s%s", r.Op, r.Target.Text)
	}
	if len(c.Producers) > 0 {
		fmt.Fprintf(&b, "  (input from %s)", strings.Join(c.Producers, ", "))
	}
	return b.String()
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
