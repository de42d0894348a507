package testrun

import (
	"encoding/json"
	"testing"
)

func TestMatcherTakes(t *testing.T) {
	for _, c := range []struct {
		event, m, value string
		want            bool
	}{
		{"PreToolUse", "", "Bash", true},
		{"PreToolUse", "*", "Bash", true},
		{"PostToolUse", "Write|Edit", "Edit", true},
		{"PostToolUse", "Write|Edit", "MultiEdit", false}, // the whole name
		{"PreCompact", "manual", "auto", false},
		{"SubagentStop", "unit-.*", "unit-testing-agent", true},
	} {
		if matchedField(c.event) == "" {
			t.Fatalf("%s: no matched field", c.event)
		}
		if got := matcherTakes(c.m, c.value); got != c.want {
			t.Errorf("%s matcher %q on %q: %v, want %v", c.event, c.m, c.value, got, c.want)
		}
	}
	if f := matchedField("Stop"); f != "" {
		t.Errorf("Stop matches %q, want no field", f)
	}
}

func TestProjectPath(t *testing.T) {
	pr := &project{dir: "/t/project", home: "/t/home", roots: [][2]string{{"/home/user", "/t/home"}, {"/project", "/t/project"}}}
	for in, want := range map[string]string{
		"/project/.claude/x.json": "/t/project/.claude/x.json",
		"/project":                "/t/project",
		"/projectx/a":             "",
		"/project/../etc/passwd":  "",
		"~/.ssh/config":           "/t/home/.ssh/config",
		"/home/user/.aws/c":       "/t/home/.aws/c",
		"/etc/passwd":             "",
	} {
		if got := pr.path(in); got != want {
			t.Errorf("path(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJSONHolds(t *testing.T) {
	b := []byte(`{"saved":"2026-01-01T00:00:00Z","trigger":"manual","n":3,"o":{"a":[1]}}`)
	for _, c := range []struct {
		want map[string]any
		ok   bool
	}{
		{map[string]any{"trigger": "manual"}, true},
		{map[string]any{"trigger": "auto"}, false},
		{map[string]any{"missing": "x"}, false},
		{map[string]any{"o": map[string]any{"a": []any{jsonNumber("1")}}}, true},
	} {
		if got := jsonHolds("f", b, c.want) == ""; got != c.ok {
			t.Errorf("jsonHolds(%v) = %v, want %v", c.want, got, c.ok)
		}
	}
}

func jsonNumber(s string) any { return json.Number(s) }
