package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// AddTests appends to the imported policy a test per rule: a call vet's
// analysis finds the rule decides, and the decision it gets, so that
// 'hookc test -cover' passes on the policy as written (design.md 190). A
// rule import accepted as shadowed or dead decides nothing and needs no
// test; it returns the names of the other rules it found no call for.
func AddTests(res *Result) (untested []string, err error) {
	p, cleanup, err := loadImported(res.CUE)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	hook, err := p.Hook()
	if err != nil {
		return nil, err
	}
	ws, err := vet.Witnesses(p, vet.Options{})
	if err != nil {
		return nil, err
	}
	tested := map[int]bool{}
	var b bytes.Buffer
	for _, w := range ws {
		r := &p.Table.Rules[w.Rule] // the hook's rules are packed, in the same order
		tc := &load.Test{Payload: w.Payload, Env: w.Env}
		got := runtime.Decide(hook, w.Payload, testrun.Env(tc))
		if got.Rule != r.Name || tested[w.Rule] {
			continue
		}
		tested[w.Rule] = true
		fmt.Fprintf(&b, "\t%s: {%s, want: %s, rule: %s", cueString(r.Name), testCall(w.Payload), cueString(got.Verdict()), cueString(r.Name))
		if len(w.Env) > 0 {
			var env []string
			for _, k := range slices.Sorted(maps.Keys(w.Env)) {
				env = append(env, cueString(k)+": "+cueString(w.Env[k]))
			}
			fmt.Fprintf(&b, ", env: {%s}", strings.Join(env, ", "))
		}
		b.WriteString("}\n")
	}
	for i, r := range hook.Rules {
		if tested[i] || testrun.Exempt(p.Rules[i].Accept) {
			continue
		}
		// vet found no call without files; try the calls the native
		// rule names (its name says which).
		found := false
		for _, payload := range probes(r.Name) {
			got := runtime.Decide(hook, payload, testrun.Env(&load.Test{Payload: payload}))
			if got.Rule == r.Name {
				fmt.Fprintf(&b, "\t%s: {%s, want: %s, rule: %s}\n", cueString(r.Name), testCall(payload), cueString(got.Verdict()), cueString(r.Name))
				found = true
				break
			}
		}
		if !found {
			untested = append(untested, r.Name)
		}
	}
	if b.Len() == 0 {
		return untested, nil
	}
	res.CUE = append(res.CUE, "\n// A call each rule decides, found by hookc vet's analysis, and what the\n// policy decides for it: hookc test -cover checks them.\ntests: {\n"...)
	res.CUE = append(res.CUE, b.Bytes()...)
	res.CUE = append(res.CUE, "}\n"...)
	return untested, nil
}

// testCall writes a witness payload as a test's call: bash: for a Bash
// command, tool: and input: for another tool, payload: otherwise.
func testCall(payload []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(payload, &m) != nil {
		return "stdin: " + cueString(string(payload))
	}
	var event, cwd, tool string
	json.Unmarshal(m["hook_event_name"], &event)
	json.Unmarshal(m["cwd"], &cwd)
	json.Unmarshal(m["tool_name"], &tool)
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	plain := event == "PreToolUse" && cwd == load.TestCwd && tool != "" &&
		slices.Equal(keys, []string{"cwd", "hook_event_name", "tool_input", "tool_name"})
	if !plain {
		return "payload: " + string(payload)
	}
	if tool == "Bash" {
		var in map[string]any
		if json.Unmarshal(m["tool_input"], &in) == nil && len(in) == 1 {
			if c, ok := in["command"].(string); ok {
				return "bash: " + cueString(c)
			}
		}
	}
	return "tool: " + cueString(tool) + ", input: " + string(m["tool_input"])
}

// cueString quotes s as a CUE string (JSON's escapes are CUE's).
func cueString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// probes returns calls a rule import wrote may decide, from its name,
// "deny Edit(.git/**)": the tool of the native rule on a path its glob
// matches, a Bash command its pattern matches.
func probes(name string) [][]byte {
	_, native, _ := strings.Cut(name, " ")
	tool, spec, ok := strings.Cut(strings.TrimSuffix(native, ")"), "(")
	if !ok || spec == "" {
		return nil
	}
	fill := strings.NewReplacer("**", "x", "*", "x", "?", "x")
	mk := func(tool string, input map[string]any) []byte {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": load.TestCwd, "tool_name": tool, "tool_input": input})
		return b
	}
	var out [][]byte
	switch tool {
	case "Bash":
		out = append(out, mk("Bash", map[string]any{"command": fill.Replace(strings.TrimSuffix(spec, ":*"))}))
	case "Read", "Edit", "Write":
		var paths []string
		switch {
		case strings.HasPrefix(spec, "//"):
			paths = []string{spec[1:]}
		case strings.HasPrefix(spec, "~/"):
			paths = []string{load.TestHome + spec[1:]}
		case strings.HasPrefix(spec, "/"):
			paths = []string{load.TestCwd + spec}
		default:
			paths = []string{load.TestCwd + "/" + strings.TrimPrefix(spec, "./")}
		}
		for _, pa := range paths {
			for _, variant := range []string{fill.Replace(strings.ReplaceAll(pa, "**/", "")), fill.Replace(pa)} {
				for _, t := range []string{tool, "Edit", "Write", "Read"} {
					out = append(out, mk(t, map[string]any{"file_path": variant}))
				}
			}
		}
	}
	return out
}

// loadImported loads an imported policy from a temporary directory,
// removed by cleanup.
func loadImported(src []byte) (*load.Policy, func(), error) {
	dir, err := os.MkdirTemp("", "hookc-import-")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), src, 0o644); err != nil {
		cleanup()
		return nil, nil, err
	}
	p, err := load.Dir(dir)
	if err != nil {
		cleanup()
		return nil, nil, fmt.Errorf("the imported policy does not load (a bug in hookc import): %v", err)
	}
	return p, cleanup, nil
}
