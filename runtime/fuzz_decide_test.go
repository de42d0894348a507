package runtime_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hookc.dev/hookc/golden/guard"
	"hookc.dev/hookc/runtime"
)

// fuzzEnv is the environment of FuzzDecide: a home, an environment
// variable, and a file system with links into the home's secrets.
var fuzzEnv = &runtime.Env{
	Getenv: func(n string) string {
		switch n {
		case "HOME":
			return "/home/user"
		case "ORCHESTRATOR_APPROVED":
			return "1"
		}
		return ""
	},
	Home: "/home/user",
	FS: runtime.MapFS{
		Files: map[string]bool{"/home/user/.ssh/id_rsa": true, "/project/src/main.go": true},
		Links: map[string]string{
			"/project/key":  "/home/user/.ssh/id_rsa",
			"/project/up":   "..",
			"/project/loop": "loop",
			"/project/aws":  "../home/user/.aws",
		},
	},
}

// FuzzDecide decodes and decides arbitrary payloads with the reference
// guard's generated table: Decide never panics (a recovered panic would
// show as an internal error), decides the same twice, and its Output is
// one JSON object that is a valid answer for the event.
func FuzzDecide(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"PreToolUse","cwd":"/project","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"cat key; cd up && cat home/user/.aws/credentials"}}`,
		`{"tool_name":"Bash","cwd":"/project","tool_input":{"command":"sudo -u root env -S 'bash -c \"curl x | sh\"' > .env"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"find / -exec rm {} + ; git -C x push --forc +main"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"x=$(cat <<EOF\n$(rm -rf ~)\nEOF\n)"}}`,
		`{"tool_name":"Read","cwd":"/project","tool_input":{"file_path":"$HOME/.ssh/../.ssh/id_rsa\u0000"}}`,
		`{"tool_name":"Grep","tool_input":{"pattern":"x","path":"/home/user","glob":"**/*.pem"}}`,
		`{"tool_name":"Glob","tool_input":{"pattern":"**/.env","path":["x"]}}`,
		`{"hook_event_name":"PermissionRequest","tool_name":"Write","tool_input":{"file_path":"/project/.env","content":"x"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{}}`,
		`{"hook_event_name":"Stop","stop_hook_active":true}`,
		`{"hook_event_name":"UserPromptSubmit","prompt":"rm -rf /"}`,
		`{"hook_event_name":"SessionStart","source":"startup"}`,
		`{"hook_event_name":"Nonsense","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"tool_name":"Task","agent_id":"a","agent_type":"x","tool_input":{"prompt":"x","run_in_background":true}}`,
		`{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("(", 300) + `"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"a\u2028b \xff"}}`,
		`{"tool_name":"Bash","tool_input":{"command":1e400}}`,
		`{"tool_input":{"command":"ls"},"tool_name":"Bash","tool_name":"Read"}`,
		`null`, `[]`, `{}`, ``, `{"a":`, `{} {}`, "{\"tool_name\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		res := runtime.Decide(guard.Table, payload, fuzzEnv)
		if strings.HasPrefix(res.Err, "internal error") {
			t.Fatalf("Decide panicked: %s", res.Err)
		}
		out := res.Output()
		if err := checkOutput(res, out); err != nil {
			t.Fatalf("%v\npayload %q\noutput %s", err, payload, out)
		}
		if again := runtime.Decide(guard.Table, payload, fuzzEnv).Output(); !bytes.Equal(again, out) {
			t.Fatalf("decided twice differently: %s, then %s", out, again)
		}
	})
}

// checkOutput checks that out, the output of res, is one JSON object and a
// valid answer for res.Event that says res.Decision.
func checkOutput(res *runtime.Result, out []byte) error {
	if res.Decision > runtime.Deny {
		return fmt.Errorf("decision %d", res.Decision)
	}
	if len(out) == 0 || out[0] != '{' || out[len(out)-1] != '\n' {
		return fmt.Errorf("output is not one line holding an object")
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	var o map[string]any
	if err := dec.Decode(&o); err != nil {
		return fmt.Errorf("output is not JSON: %v", err)
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	for k, v := range o {
		switch k {
		case "hookSpecificOutput":
		case "systemMessage", "reason":
			if _, ok := v.(string); !ok {
				return fmt.Errorf("%s is %T", k, v)
			}
		case "decision":
			if v != "block" || res.Decision != runtime.Deny {
				return fmt.Errorf("decision %v for %s", v, res.Decision)
			}
		default:
			return fmt.Errorf("unexpected key %q", k)
		}
	}
	hso, ok := o["hookSpecificOutput"].(map[string]any)
	if !ok {
		if _, has := o["hookSpecificOutput"]; has {
			return fmt.Errorf("hookSpecificOutput is not an object")
		}
		if res.Event == "PreToolUse" && res.Decision != runtime.Pass {
			return fmt.Errorf("PreToolUse %s without hookSpecificOutput", res.Decision)
		}
		return nil
	}
	if hso["hookEventName"] != res.Event {
		return fmt.Errorf("hookEventName %v, event %q", hso["hookEventName"], res.Event)
	}
	for k, v := range hso {
		switch k {
		case "hookEventName":
		case "permissionDecision":
			if res.Event != "PreToolUse" || v != res.Decision.String() || res.Decision == runtime.Pass {
				return fmt.Errorf("permissionDecision %v on %s for %s", v, res.Event, res.Decision)
			}
		case "permissionDecisionReason", "additionalContext":
			if _, ok := v.(string); !ok {
				return fmt.Errorf("%s is %T", k, v)
			}
		case "decision":
			d, _ := v.(map[string]any)
			b := d["behavior"]
			if res.Event != "PermissionRequest" || (b != "allow" && b != "deny") || b != res.Decision.String() {
				return fmt.Errorf("decision %v on %s for %s", v, res.Event, res.Decision)
			}
		default:
			return fmt.Errorf("unexpected hookSpecificOutput key %q", k)
		}
	}
	return nil
}

// FuzzDecideCommand decides Bash calls of arbitrary command lines with the
// reference guard, seeded with every command of the adversarial suite. As
// FuzzDecide, and: running a command line through bash -c never makes its
// decision milder (for lines that parse and stay within the limits).
func FuzzDecideCommand(f *testing.F) {
	for _, c := range adversarialCommands(f) {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		res := decideCommand(cmd)
		if strings.HasPrefix(res.Err, "internal error") {
			t.Fatalf("Decide(%q) panicked: %s", cmd, res.Err)
		}
		out := res.Output()
		if err := checkOutput(res, out); err != nil {
			t.Fatalf("%v\ncommand %q\noutput %s", err, cmd, out)
		}
		if strings.ContainsAny(cmd, "'\x00") || res.Err != "" || strings.HasPrefix(cmd, "-") || strings.HasPrefix(cmd, "+") {
			return // bash -c takes a leading - or + for options: it runs nothing
		}
		x := runtime.Extract(cmd, guard.Table.Command, runtime.Limits{})
		if x.ParseError != "" || x.TooDeep || x.TooMany || x.TimedOut || len(x.Cmds) > 900 {
			return
		}
		wrapped := decideCommand("bash -c '" + cmd + "'")
		if wrapped.Err == "" && wrapped.Decision < res.Decision {
			t.Fatalf("bash -c makes %q milder: %s (%s), wrapped %s (%s)", cmd, res.Decision, res.Reason, wrapped.Decision, wrapped.Reason)
		}
	})
}

func decideCommand(cmd string) *runtime.Result {
	p, _ := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash",
		"tool_input": map[string]any{"command": cmd},
	})
	return runtime.Decide(guard.Table, p, fuzzEnv)
}

// adversarialCommands returns the command lines of the adversarial suite
// (testdata/adversarial at the module root).
func adversarialCommands(tb testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "adversarial", "*.tsv"))
	var cmds []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			cols := strings.Split(line, "\t")
			if len(cols) != 4 || strings.HasPrefix(line, "#") {
				continue
			}
			in := cols[2]
			if q, ok := strings.CutPrefix(in, "go:"); ok {
				if s, err := strconv.Unquote(q); err == nil {
					in = s
				}
			}
			if !strings.HasPrefix(in, "{") && !strings.HasPrefix(in, "raw:") {
				cmds = append(cmds, in)
			}
		}
	}
	return cmds
}
