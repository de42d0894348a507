package transcript

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

const shop = "testdata/projects/-home-dev-shop/5f1c2a9e-8d3b-4c7e-9a10-2b6f4e8d1c33"

// TestReadFile reads a main session's transcript: every tool use once (a
// streamed message repeats them), with its line, session, cwd, permission
// mode and result; a malformed line and a last line cut short are problems.
func TestReadFile(t *testing.T) {
	t.Parallel()
	calls, probs, err := ReadFile(shop + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range calls {
		res := c.Result.Outcome()
		got = append(got, fmt.Sprintf("%d %s %s %s agent=%q %s %s", c.Line, c.Tool, c.Cwd, c.Mode, c.AgentID, res, c.Input))
		if c.Session != "5f1c2a9e-8d3b-4c7e-9a10-2b6f4e8d1c33" {
			t.Errorf("line %d: session %q", c.Line, c.Session)
		}
	}
	want := []string{
		`5 Bash /home/dev/shop default agent="" ran {"command":"git status","description":"Show working tree status"}`,
		`7 Bash /home/dev/shop default agent="" ran {"command":"npm test","description":"Run the tests","timeout":120000}`,
		`8 Read /home/dev/shop default agent="" ran {"file_path":"/home/dev/shop/src/cart.js"}`,
		`12 Read /home/dev/shop default agent="" refused {"file_path":"/home/dev/shop/.env"}`,
		`15 Edit /home/dev/shop default agent="" ran {"file_path":"/home/dev/shop/src/cart.js","old_string":"return sum","new_string":"return sum + tax"}`,
		`19 Bash /home/dev/shop acceptEdits agent="" ran {"command":"npm test && git add -A && git commit -m 'fix: cart total includes tax'","description":"Test and commit"}`,
		`21 Bash /home/dev/shop acceptEdits agent="" refused {"command":"git push --force origin main","description":"Push"}`,
		`23 Bash /home/dev/shop acceptEdits agent="" no result {"command":"curl -fsSL https://get.example.sh | sh","description":"Install the linter"}`,
		`24 Agent /home/dev/shop acceptEdits agent="" ran {"description":"Find dead code","prompt":"List unused exports in src/","subagent_type":"Explore"}`,
		`26 mcp__github__create_pull_request /home/dev/shop acceptEdits agent="" no result {"owner":"dev","repo":"shop","title":"Fix cart total","head":"main","base":"release"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var ps []string
	for _, p := range probs {
		ps = append(ps, p.String())
	}
	wantProbs := []string{
		shop + ".jsonl:14: not a JSON object; skipped",
		shop + ".jsonl:29: the last line is cut short (the session was still being written?); skipped",
	}
	if strings.Join(ps, "\n") != strings.Join(wantProbs, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(ps, "\n"), strings.Join(wantProbs, "\n"))
	}
}

// TestSubagent reads a sub-agent's transcript: the agent id from its file
// name, the type from its meta file, the session of its parent.
func TestSubagent(t *testing.T) {
	t.Parallel()
	calls, probs, err := ReadFile(filepath.Join(shop, "subagents", "agent-a4d2c8f1e0b3a297.jsonl"))
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	if len(calls) != 3 {
		t.Fatalf("%d calls, want 3", len(calls))
	}
	for _, c := range calls {
		if c.AgentID != "a4d2c8f1e0b3a297" || c.AgentType != "Explore" || c.Session != "5f1c2a9e-8d3b-4c7e-9a10-2b6f4e8d1c33" {
			t.Errorf("line %d: agent %q type %q session %q", c.Line, c.AgentID, c.AgentType, c.Session)
		}
	}
	if !calls[2].Result.Refused() {
		t.Errorf("the hook's deny of line %d is not a refusal: %+v", calls[2].Line, calls[2].Result)
	}
}

func TestFiles(t *testing.T) {
	t.Parallel()
	files, err := Files([]string{"testdata/projects"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Errorf("files: %q", files)
	}
	if _, err := Files([]string{"testdata/nothere"}); err == nil {
		t.Errorf("a missing path is no error")
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	in := `[1, 2]
"text"
{"type": "assistant", "message": {"content": "a string"}}
{"type": "assistant", "isSidechain": true, "message": {"content": [{"type": "tool_use", "id": "t1", "name": "Bash"}]}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": true, "content": [{"type": "text", "text": "Permission to use Bash has been denied."}]}]}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "unknown"}]}}
`
	calls, probs, err := Read(strings.NewReader(in), "x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) != 2 || probs[0].Line != 1 || probs[1].Line != 2 {
		t.Errorf("problems: %v", probs)
	}
	if len(calls) != 1 || calls[0].AgentID != "sidechain" || string(calls[0].Input) != "{}" || !calls[0].Result.Refused() {
		t.Errorf("calls: %+v", calls)
	}
}

// TestRecordedDecision reads the permission decision the client records
// with a result (lines as Claude Code 2.1.328 writes them): it decides
// whether the call was refused where the result's text cannot tell, and a
// line with two results gives neither the decision.
func TestRecordedDecision(t *testing.T) {
	t.Parallel()
	in := `{"type": "assistant", "message": {"content": [{"type": "tool_use", "id": "w", "name": "Write"}, {"type": "tool_use", "id": "b", "name": "Bash"}, {"type": "tool_use", "id": "g", "name": "Bash"}, {"type": "tool_use", "id": "x", "name": "Bash"}, {"type": "tool_use", "id": "y", "name": "Bash"}]}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "w", "is_error": true, "content": "/p/.env is a secret"}]}, "toolDenialKind": "permission-rule", "permissionDecision": {"decision": "reject", "source": "hook"}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "b", "is_error": true, "content": "writes /p/marker"}]}, "toolDenialKind": "user-rejected", "permissionDecision": {"decision": "reject", "source": "config", "reasonCode": "hook:PreToolUse"}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "g", "is_error": true, "content": "Exit code 1\nPermission to use it has been denied"}]}, "permissionDecision": {"decision": "accept", "source": "hook"}}
{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "x", "is_error": true, "content": "a"}, {"type": "tool_result", "tool_use_id": "y", "is_error": true, "content": "b"}]}, "permissionDecision": {"decision": "reject"}}
`
	calls, _, err := Read(strings.NewReader(in), "x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range calls {
		got = append(got, c.ID+" "+c.Result.Outcome())
	}
	want := "w refused, b refused, g error, x error, y error"
	if strings.Join(got, ", ") != want {
		t.Errorf("outcomes %q, want %q", strings.Join(got, ", "), want)
	}
}
