package layers

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// CompileFor compiles the policy's other layers for the hook at out
// (design.md 98).
func CompileFor(p *load.Policy, out string) *Fragment {
	hook, _ := filepath.Abs(out)
	dir, _ := filepath.Abs(p.Dir)
	return Compile(p, Options{Hook: hook, Policy: dir})
}

// Write writes the fragment of the other layers beside the hook,
// and prints what they cannot express; a policy that feeds no layer gets
// no file, and an old one is removed.
func Write(p *load.Policy, out string, stderr io.Writer) error {
	path := PathOf(out)
	f := CompileFor(p, out)
	if f.Empty() {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	if err := os.WriteFile(path, f.Encode(), 0o644); err != nil {
		return err
	}
	if len(f.Notes) > 0 {
		fmt.Fprintf(stderr, "hookc build: wrote %s, the sandbox and native rules the policy feeds (hookc install -layers merges them)\n", path)
		fmt.Fprintf(stderr, "hookc build: note: %d conditions of rules only the hook enforces, since the sandbox and native rules cannot express them (listed in %s; the hook still decides them)\n", len(f.Notes), path)
	}
	return nil
}

// PrintStops says, for hookc explain, which of the other layers stop the call (design.md
// 102), when the policy feeds any.
func PrintStops(w io.Writer, f *Fragment, payload []byte, res *runtime.Result) {
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
	call := Call{Tool: in.Tool, URL: in.Input.URL}
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
