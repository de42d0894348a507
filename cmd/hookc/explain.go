package main

import (
	"encoding/json"
	"fmt"
	"io"
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

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "[-c 'command'] [-env NAME=VALUE]... [dir]", stderr)
	cmd := fs.String("c", "", "decide a Bash call of this `command` instead of reading a payload from stdin")
	env := envFlag{}
	fs.Var(env, "env", "set an environment variable of the hook (`NAME=VALUE`, repeatable)")
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
	var payload []byte
	if *cmd != "" {
		payload, _ = json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse",
			"cwd":             load.TestCwd,
			"tool_name":       "Bash",
			"tool_input":      map[string]any{"command": *cmd},
		})
	} else {
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "hookc explain: reading stdin: %v\n", err)
			return exitFailed
		}
		payload = b
	}
	res := runtime.Explain(hook, payload, testrun.Env(&load.Test{Env: env}))
	printExplain(stdout, res)
	printLayers(stdout, p, payload, res)
	return exitOK
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
