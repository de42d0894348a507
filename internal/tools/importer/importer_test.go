package importer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/settings"
	"hookc.dev/hookc/runtime"
)

// A call is one row of testdata/calls.jsonl: a tool call and the decision
// Claude Code's documented semantics give it under the rules of
// testdata/{project,user,local}.json, "pass" when no rule decides (Claude
// Code's permission mode then does). Every call is harmless to run, so that
// the table can be replayed against the real client.
type call struct {
	ID        string          `json:"id"`
	ToolName  string          `json:"tool_name"`
	ToolInput json.RawMessage `json:"tool_input"`
	Want      string          `json:"want"`
	Why       string          `json:"why"`
}

// The directory and home the table's calls are made in.
const (
	tableCwd  = "/project"
	tableHome = "/home/user"
)

func sources(t *testing.T) []*Source {
	t.Helper()
	var srcs []*Source
	for _, f := range []struct {
		name  string
		scope settings.Scope
	}{{"project.json", settings.Project}, {"user.json", settings.User}, {"local.json", settings.Local}} {
		src, err := Read(filepath.Join("testdata", f.name), f.scope, Anchor(f.scope, ""))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	return srcs
}

func loadPolicy(t *testing.T, src []byte) *load.Policy {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatalf("the imported policy does not load: %v", err)
	}
	return p
}

// TestTable imports the settings and checks the policy's decision on every
// call of the table against the documented semantics.
func TestTable(t *testing.T) {
	if testing.Short() {
		t.Skip("imports and vets the whole native rule table")
	}
	t.Parallel()
	res, err := Import(sources(t))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rules < 40 {
		t.Errorf("%d native rules, want at least 40", res.Rules)
	}
	golden := filepath.Join("testdata", "policy.cue.golden")
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if err := os.WriteFile(golden, res.CUE, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want, err := os.ReadFile(golden); err != nil || !bytes.Equal(res.CUE, want) {
		t.Errorf("the imported policy differs from %s (HOOKC_UPDATE=1 rewrites it): %v", golden, err)
	}
	p := loadPolicy(t, res.CUE)
	calls := readCalls(t)
	if len(calls) < 200 {
		t.Errorf("%d calls, want at least 200", len(calls))
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	env := testrun.Env(&load.Test{})
	agree, deferred := 0, 0
	for _, c := range calls {
		payload, _ := json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse",
			"session_id":      "oracle",
			"cwd":             tableCwd,
			"tool_name":       c.ToolName,
			"tool_input":      c.ToolInput,
		})
		got := runtime.Explain(hook, payload, env)
		if got.Decision.String() == c.Want {
			agree++
			continue
		}
		if c.Want == "allow" && notKnown(got) {
			// A command whose effects the guard cannot bound (npm test
			// -- --coverage hands its words to the script) is passed to
			// Claude Code, whose own rule then allows it (design.md 389).
			deferred++
			continue
		}
		var tr strings.Builder
		for _, u := range got.Units {
			rule := u.Rule
			if rule == "" {
				rule = u.Why
			}
			tr.WriteString("\n\t\t" + u.Decision.String() + " by " + rule)
		}
		t.Errorf("call %s %s %s: got %s, want %s (%s)%s", c.ID, c.ToolName, c.ToolInput, got.Decision, c.Want, c.Why, tr.String())
	}
	t.Logf("%d of %d calls agree with the documented semantics; %d the native rules allow are passed to Claude Code, not known to the guard", agree, len(calls), deferred)
}

// notKnown reports whether res passes the call because its commands are
// not ones the guard knows: every unit is passed for a reason ("default:
// ..."), none by a plain default that no rule decides.
func notKnown(res *runtime.Result) bool {
	if res.Decision != runtime.Pass || len(res.Units) == 0 {
		return false
	}
	for _, u := range res.Units {
		if u.Decision != runtime.Pass || !strings.HasPrefix(u.Why, "default: ") {
			return false
		}
	}
	return true
}

func readCalls(t *testing.T) []call {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var calls []call
	sc := bufio.NewScanner(f)
	ids := map[string]bool{}
	for sc.Scan() {
		var c call
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("calls.jsonl: %v", err)
		}
		switch c.Want {
		case "allow", "deny", "ask", "pass":
		default:
			t.Fatalf("call %s: want %q", c.ID, c.Want)
		}
		if ids[c.ID] {
			t.Fatalf("call %s twice", c.ID)
		}
		ids[c.ID] = true
		calls = append(calls, c)
	}
	return calls
}

// TestNotImported checks the rules Claude Code itself does not apply.
func TestNotImported(t *testing.T) {
	t.Parallel()
	res, err := Import(sources(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`testdata/project.json:69:7: allow "Write(docs/**)" not imported: Claude Code accepts a Write path rule but never consults it: write it as Edit(...) or Read(...)`,
		`testdata/project.json:70:7: allow "Glob(src/**)" not imported: Claude Code accepts a Glob path rule but never consults it: write it as Edit(...) or Read(...)`,
		`testdata/project.json:71:7: allow "mcp__db__query(sql:*)" not imported: Claude Code skips an mcp__ rule with parentheses when it loads settings`,
		`testdata/project.json:72:7: allow "*" not imported: an allow rule accepts a tool-name glob only after a literal mcp__<server>__ prefix; Claude Code skips it`,
		`testdata/project.json:73:7: allow "Cd(~/code/**)" not imported: Cd rules apply to the /cd command only, not to tool calls`,
	}
	var got []string
	for _, n := range res.Notes {
		got = append(got, n.Pos+": "+n.Message)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPathGlob(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, anchor, list, want string
	}{
		{"//etc/shadow", ".", "deny", "/etc/shadow"},
		{"//**/.env", ".", "deny", "/**/.env"},
		{"~/.ssh/**", ".", "deny", "~/.ssh/**"},
		{"~/Documents/", ".", "allow", "~/Documents/**"},
		{"/src/**/*.ts", ".", "allow", "./src/**/*.ts"},
		{"/secrets/**", "~/.claude", "deny", "~/.claude/secrets/**"},
		{"/a.txt", "/etc/x", "deny", "/etc/x/a.txt"},
		{"./.env", ".", "deny", "./.env"},
		{".env", ".", "deny", "./**/.env"},
		{"*.pem", ".", "allow", "./**/*.pem"},
		{"secrets/**", ".", "deny", "./**/secrets/**"},
		{"secrets/**", ".", "ask", "./**/secrets/**"},
		{"src/**", ".", "allow", "./src/**"},
		{"src/components/**", ".", "deny", "./src/components/**"},
		{"**/src/**", ".", "allow", "./**/src/**"},
		{"build/", ".", "deny", "./**/build/**"},
		{"a/{b,c}", ".", "deny", `./a/\{b,c\}`},
	}
	for _, tt := range tests {
		if got, _ := pathGlob(tt.pattern, tt.anchor, tt.list); got != tt.want {
			t.Errorf("pathGlob(%q, %q, %s) = %q, want %q", tt.pattern, tt.anchor, tt.list, got, tt.want)
		}
	}
}

func TestBashLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec string
		want any
	}{
		{"npm run build", "npm run build"},
		{"npm run test:*", obj{{"re", "(?s)^npm run test( .*)?$"}}},
		{"ls *", obj{{"re", "(?s)^ls( .*)?$"}}},
		{"ls*", obj{{"re", "(?s)^ls.*$"}}},
		{"git * main", obj{{"re", "(?s)^git .* main$"}}},
		{"* --help *", obj{{"re", "(?s)^.* --help .*$"}}},
		{`git commit -m "fix it" *`, obj{{"re", "(?s)^git commit -m fix it( .*)?$"}}},
		{`echo \*`, "echo *"},
		{"git:* push", obj{{"re", "(?s)^git:.* push$"}}},
	}
	for _, tt := range tests {
		got, _, _ := bashLine(tt.spec)
		if gs, ws := jsonOf(got), jsonOf(tt.want); gs != ws {
			t.Errorf("bashLine(%q) = %s, want %s", tt.spec, gs, ws)
		}
	}
}

func jsonOf(v any) string {
	var b bytes.Buffer
	value(&b, v)
	return b.String()
}
