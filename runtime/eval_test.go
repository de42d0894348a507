package runtime

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func exact(s ...string) Str {
	if len(s) == 1 {
		return Str{Op: StrExact, S: s[0]}
	}
	var subs []Str
	for _, x := range s {
		subs = append(subs, Str{Op: StrExact, S: x})
	}
	return Str{Op: StrOr, Subs: subs}
}

func any1(s Str) List  { return List{Conds: []ListCond{{Q: QAny, Elem: s}}} }
func none1(s Str) List { return List{Conds: []ListCond{{Q: QNone, Elem: s}}} }

func glob(s string) Str { return Str{Op: StrGlob, S: s} }

// testTable returns a policy in the shape hookc compiles, with the
// default, onError and floors of the tests' policies.
func testTable(cmds []Command, rules ...Rule) *Table {
	return &Table{
		Default:  Ask,
		OnError:  Deny,
		Floors:   Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules:    rules,
		Commands: cmds,
	}
}

// evalTable is a small policy in the shape hookc compiles.
var evalTable = &Table{
	Default: Ask,
	OnError: Deny,
	Floors:  Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
	Rules: []Rule{
		{Name: "secrets", Pos: "p.cue:1:1", Decision: Deny, Path: any1(Str{Op: StrNot, Subs: []Str{{Op: StrOr, Subs: []Str{{Op: StrDynamic}, {Op: StrNot, Subs: []Str{glob("**/.env")}}}}}}), Reason: "{path} is secret ({rule}, {program})"},
		{Name: "rm -r outside", Pos: "p.cue:2:1", Decision: Deny, Cmd: &CmdCond{Name: exact("rm"), Flags: any1(exact("-r", "-R", "--recursive"))}, Writes: any1(Str{Op: StrNot, Subs: []Str{{Op: StrOr, Subs: []Str{{Op: StrDynamic}, glob("./*/**")}}}})},
		{Name: "dynamic path", Pos: "p.cue:3:1", Decision: Ask, Path: any1(Str{Op: StrDynamic})},
		{Name: "bypass", Pos: "p.cue:4:1", Decision: Allow, Env: []EnvCond{{Name: "APPROVED", Value: exact("1")}}},
		{Name: "main edits", Pos: "p.cue:5:1", Decision: Deny, Tool: exact("Write", "Edit"), Agent: MainAgent, Reason: "delegate"},
		{Name: "bg agents", Pos: "p.cue:6:1", Decision: Allow, Tool: exact("Agent", "Task"), Input: []Field{{Path: "run_in_background", Kind: FieldBool, Str: exact("true")}}},
		{Name: "timeout", Pos: "p.cue:7:1", Decision: Deny, Tool: exact("Bash"), Input: []Field{{Path: "timeout", Kind: FieldNumber, Str: exact("600000", "1e+06")}}},
		{Name: "read-only", Pos: "p.cue:8:1", Decision: Allow, Cmd: &CmdCond{Name: exact("ls", "cat", "echo", "cd")}, Path: none1(glob("**/.env"))},
		{Name: "read tool", Pos: "p.cue:9:1", Decision: Allow, Tool: exact("Read")},
		{Name: "stop", Pos: "p.cue:10:1", Decision: Deny, Event: exact("Stop"), Reason: "run the tests first"},
		{Name: "session", Pos: "p.cue:11:1", Decision: Pass, Event: exact("SessionStart"), Context: "policy v1 is active"},
		{Name: "notify", Pos: "p.cue:12:1", Decision: Pass, Event: exact("PostToolUse"), Message: "tool ran"},
	},
	Commands: []Command{
		{Name: "cat", Reads: OpAll},
		{Name: "rm", Writes: OpAll, Abbrev: true, Opts: opts(map[OptKind][]string{OptFlag: {"--recursive", "--force"}})},
		{Name: "sudo", Wrapper: WrapExec, Opts: opts(map[OptKind][]string{OptValue: {"-u"}})},
	},
	Tools: []ToolPaths{{Tool: "Read", Reads: []string{"file_path"}}, {Tool: "Write", Writes: []string{"file_path"}}, {Tool: "Edit", Reads: []string{"file_path"}, Writes: []string{"file_path"}}},
}

func toolPayload(tool string, input map[string]any, extra ...string) []byte {
	m := map[string]any{"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": tool, "tool_input": input}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	b, _ := json.Marshal(m)
	return b
}

func bash(cmd string) []byte { return toolPayload("Bash", map[string]any{"command": cmd}) }

func testEnv(vars ...string) *Env {
	return &Env{Home: "/home/user", FS: MapFS{}, Getenv: func(k string) string {
		for i := 0; i+1 < len(vars); i += 2 {
			if vars[i] == k {
				return vars[i+1]
			}
		}
		return ""
	}}
}

// fsEnv is testEnv with a file system holding files.
func fsEnv(files ...string) *Env {
	env := testEnv()
	m := MapFS{Files: map[string]bool{}}
	for _, f := range files {
		m.Files[f] = true
	}
	env.FS = m
	return env
}

func TestDecide(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		payload []byte
		env     *Env
		want    Decision
		rule    string
		reason  string
	}{
		{"read-only", bash("ls -la && echo hi"), nil, Allow, "read-only", ""},
		{"cat secret", bash("cat /project/.env"), nil, Deny, "secrets", "/project/.env is secret (secrets, cat)"},
		{"redirect secret", bash("echo x > .env"), nil, Deny, "secrets", ""},
		{"relative secret", bash("cat sub/../.env"), nil, Deny, "secrets", ""},
		{"dynamic read asks", bash("cat $F"), nil, Ask, "dynamic path", ""},
		{"glob read without a file system is not allowed", bash("cat .e*"), &Env{Home: "/home/user"}, Ask, "", "default"},
		{"glob read expands", bash("cat .e*"), fsEnv("/project/.env", "/project/.editorconfig"), Deny, "secrets", ""},
		{"glob read of what is there", bash("cat *.go"), fsEnv("/project/.env", "/project/a.go", "/project/b.go"), Allow, "read-only", ""},
		{"glob read without a match", bash("cat .e*"), nil, Allow, "read-only", ""},
		{"glob below a cd is expanded where it may run", bash("cd sub; cat .e*"), fsEnv("/project/sub/.x", "/project/.env"), Deny, "secrets", "/project/.env"},
		{"glob below a cd matching nowhere", bash("cd sub; cat .e*"), fsEnv("/project/sub/.x"), Allow, "read-only", ""},
		{"glob below cd && is expanded there", bash("cd sub && cat .e*"), fsEnv("/project/sub/.env"), Deny, "secrets", "/project/sub/.env"},
		{"glob read of a secret by its text", bash("cat /p/*/.env"), nil, Deny, "secrets", ""},
		{"most severe wins", bash("ls && sudo rm -rf /"), nil, Deny, "rm -r outside", ""},
		{"rm inside project", bash("rm -rf build"), nil, Ask, "", ""},
		{"rm root of project", bash("rm -rf ."), nil, Deny, "rm -r outside", ""},
		{"rm home", bash("rm -r ~"), nil, Deny, "rm -r outside", ""},
		{"rm home var", bash("rm -r $HOME/"), nil, Deny, "rm -r outside", ""},
		{"rm abbreviated", bash("rm --rec /tmp"), nil, Deny, "rm -r outside", ""},
		{"rm dynamic", bash("rm -rf $DIR"), nil, Ask, "dynamic path", ""},
		{"rm glob outside", bash("rm -rf /*"), nil, Deny, "rm -r outside", ""},
		{"cd then secret", bash("cd /x && cat .env"), nil, Deny, "secrets", "/x/.env"},
		{"cd home then read", bash("cd; cat notes.txt"), nil, Ask, "", ""},
		{"cd home && read", bash("cd && cat notes.txt"), nil, Ask, "", "outside the project and the places known"},
		{"cd home && read open", bash("cd && cat go/pkg/mod/m/a.go"), nil, Allow, "read-only", ""},
		{"cd dynamic then read", bash("cd $D; cat notes.txt"), nil, Ask, "dynamic path", ""},
		{"read before cd", bash("cat notes.txt; cd /x"), nil, Allow, "read-only", ""},
		{"dynamic program floor", bash("$CMD x"), nil, Ask, "", "not static"},
		{"parse error floor", bash("echo 'unclosed"), nil, Ask, "", "does not parse"},
		{"bypass", bash("npm test"), testEnv("APPROVED", "1"), Allow, "bypass", ""},
		{"bypass needs value", bash("npm test"), testEnv("APPROVED", "0"), Ask, "", ""},
		{"main session edit", toolPayload("Edit", map[string]any{"file_path": "/project/a.go"}), nil, Deny, "main edits", "delegate"},
		{"sub-agent edit", toolPayload("Edit", map[string]any{"file_path": "/project/a.go"}, "agent_id", "a1"), nil, Ask, "", ""},
		{"secret edit", toolPayload("Write", map[string]any{"file_path": "/x/.env"}, "agent_id", "a1"), nil, Deny, "secrets", ""},
		{"task alias", toolPayload("Task", map[string]any{"run_in_background": true}), nil, Allow, "bg agents", ""},
		{"agent fg", toolPayload("Agent", map[string]any{"run_in_background": false}), nil, Ask, "", ""},
		{"number field", toolPayload("Bash", map[string]any{"command": "ls", "timeout": 600000.0}), nil, Deny, "timeout", ""},
		{"number field alternative", toolPayload("Bash", map[string]any{"command": "ls", "timeout": 1000000}), nil, Deny, "timeout", ""},
		{"number field other", toolPayload("Bash", map[string]any{"command": "ls", "timeout": 5}), nil, Allow, "read-only", ""},
		{"read tool", toolPayload("Read", map[string]any{"file_path": "/project/main.go"}), nil, Allow, "read tool", ""},
		{"read secret tool", toolPayload("Read", map[string]any{"file_path": "/home/user/.env"}), nil, Deny, "secrets", ""},
		{"empty command", bash(""), nil, Ask, "", ""},
		{"unknown tool", toolPayload("mcp__x__y", map[string]any{}), nil, Ask, "", ""},
		{"not json", []byte("nope"), nil, Deny, "", "not a JSON object"},
		{"too large", []byte(`{"x":"` + strings.Repeat("a", 5<<20) + `"}`), nil, Deny, "", "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := tt.env
			if env == nil {
				env = testEnv()
			}
			res := Explain(evalTable, tt.payload, env)
			if res.Decision != tt.want || res.Rule != tt.rule {
				t.Errorf("got %s by %q (%s), want %s by %q", res.Decision, res.Rule, res.Reason, tt.want, tt.rule)
				for _, u := range res.Units {
					t.Logf("  unit %+v", u)
				}
			}
			if tt.reason != "" && !strings.Contains(res.Reason, tt.reason) {
				t.Errorf("reason %q does not contain %q", res.Reason, tt.reason)
			}
		})
	}
}

func TestOutput(t *testing.T) {
	t.Parallel()
	ev := func(event string) []byte {
		return []byte(`{"hook_event_name":"` + event + `","cwd":"/project","tool_name":"Bash","tool_input":{"command":"ls"}}`)
	}
	tests := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"allow", bash("ls"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`},
		{"deny", bash("cat .env"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"/project/.env is secret (secrets, cat)"}}`},
		{"ask default", bash("npm i"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"hookc: no rule matched; the policy's default is ask"}}`},
		{"permission request allow", ev("PermissionRequest"), `{"hookSpecificOutput":{"decision":{"behavior":"allow"},"hookEventName":"PermissionRequest"}}`},
		// A skill's ! line is decided like a Bash call (design.md 140, 141).
		{"skill line allow", ev("PreSkillShellCommand"), `{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"allow"}}`},
		{"skill line deny", []byte(`{"hook_event_name":"PreSkillShellCommand","cwd":"/project","tool_name":"Bash","tool_input":{"command":"cat .env"},"command_name":"x","invoked_by":"user"}`), `{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"/project/.env is secret (secrets, cat)"}}`},
		{"skill line default", []byte(`{"hook_event_name":"PreSkillShellCommand","cwd":"/project","tool_name":"Bash","tool_input":{"command":"npm i"}}`), `{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"ask","permissionDecisionReason":"hookc: no rule matched; the policy's default is ask"}}`},
		{"stop block", []byte(`{"hook_event_name":"Stop"}`), `{"decision":"block","reason":"run the tests first"}`},
		{"session context", []byte(`{"hook_event_name":"SessionStart"}`), `{"hookSpecificOutput":{"additionalContext":"policy v1 is active","hookEventName":"SessionStart"}}`},
		{"post message", ev("PostToolUse"), `{"systemMessage":"tool ran"}`},
		{"other event passes", []byte(`{"hook_event_name":"Notification"}`), `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := strings.TrimSpace(string(Decide(evalTable, tt.payload, testEnv()).Output()))
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestRunCompat(t *testing.T) {
	t.Parallel()
	var out, errb strings.Builder
	code := Run(evalTable, []string{"-compat"}, strings.NewReader(string(bash("cat .env"))), &out, &errb, testEnv())
	if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "secret") {
		t.Errorf("compat deny: code %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	out.Reset()
	code = Run(evalTable, nil, strings.NewReader("{"), &out, &errb, testEnv())
	if code != 0 || !strings.Contains(out.String(), `"permissionDecision":"deny"`) {
		t.Errorf("bad input: code %d, stdout %q", code, out.String())
	}
	out.Reset()
	code = Run(evalTable, []string{"--version"}, strings.NewReader(""), &out, &errb, testEnv())
	if code != 0 || !strings.HasPrefix(out.String(), "hookc ") {
		t.Errorf("--version: code %d, stdout %q", code, out.String())
	}
}

// TestTraceDecider holds the typed decider of each unit's trace, which
// coverage, vet and replay read instead of Trace.Why.
func TestTraceDecider(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		payload []byte
		by      Decider
		floor   FloorKind
	}{
		{bash("ls"), ByRule, 0},
		{bash("make"), ByDefault, 0},
		{bash("$x y"), ByFloor, FloorDynamic},
		{bash("ls 'x"), ByFloor, FloorParseError},
		{toolPayload("Glob", map[string]any{"pattern": "*"}, "hook_event_name", "SubagentStop"), ByOtherDefault, 0},
	} {
		res := Explain(evalTable, tt.payload, testEnv())
		var got []string
		found := false
		for _, u := range res.Units {
			got = append(got, fmt.Sprintf("%d/%v (%s)", u.By, u.Floor, u.Why))
			found = found || u.By == tt.by && (tt.by != ByFloor || u.Floor == tt.floor)
		}
		if !found {
			t.Errorf("%s: units %q, want one decided by %d (floor %v)", tt.payload, got, tt.by, tt.floor)
		}
	}
}
