package runtime

import "testing"

// TestNoProject checks that without cwd in the payload and without
// CLAUDE_PROJECT_DIR no path of the call is certain (design.md 378): the
// root was the project then, and a read below any home was a read of it.
func TestNoProject(t *testing.T) {
	read := func(cwd string) []byte {
		if cwd != "" {
			cwd = `"cwd":"` + cwd + `",`
		}
		return []byte(`{"hook_event_name":"PreToolUse",` + cwd + `"tool_name":"Read","tool_input":{"file_path":"/usr/share/doc/app/x.toml"}}`)
	}
	if res := Decide(evalTable, read(""), testEnv()); res.Decision != Ask || res.Rule != "dynamic path" {
		t.Errorf("no cwd, no CLAUDE_PROJECT_DIR: %s by %q (%s), want ask by the dynamic path rule", res.Decision, res.Rule, res.Reason)
	}
	// Either one is enough.
	if res := Decide(evalTable, read(""), testEnv("CLAUDE_PROJECT_DIR", "/project")); res.Decision != Allow {
		t.Errorf("CLAUDE_PROJECT_DIR set: %s (%s), want allow", res.Decision, res.Reason)
	}
	if res := Decide(evalTable, read("/project"), testEnv()); res.Decision != Allow {
		t.Errorf("cwd given: %s (%s), want allow", res.Decision, res.Reason)
	}
	// A call without paths decides as before.
	ls := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`)
	if res := Decide(evalTable, ls, testEnv()); res.Decision != Allow {
		t.Errorf("ls: %s (%s), want allow", res.Decision, res.Reason)
	}
}
