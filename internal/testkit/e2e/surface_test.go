package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/claude"
	"hookc.dev/hookc/internal/testkit/modelserver"
)

// surfaceEvents are the events TestSurface records: every event a
// headless session can fire.
var surfaceEvents = []string{
	"SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse",
	"PostToolUseFailure", "PostToolBatch", "Notification", "SubagentStart", "SubagentStop",
	"Stop", "StopFailure", "SessionEnd", "MessageDisplay", "InstructionsLoaded", "CwdChanged",
	"FileChanged", "ConfigChange", "PreCompact", "PostCompact", "PermissionDenied",
	"TaskCreated", "TaskCompleted", "UserPromptExpansion",
}

// surfaceScript exercises the tools and events of a headless session: the
// deferred tools are loaded, a read, a write, an edit, a failing command,
// a command the client asks about (inline interpreter code, even with
// acceptEdits), a sub-agent, and a cd.
const surfaceScript = `
tool ToolSearch {"query": "select:CronCreate,CronDelete,CronList,EnterWorktree,ExitWorktree,Monitor,NotebookEdit,SendMessage,TaskStop,WebFetch,WebSearch", "max_results": 50}
tool Bash {"command": "echo hi"}
tool Read {"file_path": "README.md"}
tool Bash {"command": "ls no-such-file"}
tool Bash {"command": "python3 -c 'print(1)'"}
turn
tool Write {"file_path": "new.txt", "content": "new\n"}
tool Edit {"file_path": "README.md", "old_string": "readme", "new_string": "README"}
turn
tool Agent {"description": "sub task", "prompt": "SURFACE-SUBAGENT list the files", "subagent_type": "general-purpose", "run_in_background": false}
turn
tool Bash {"command": "cd sub"}
turn
text done

agent SURFACE-SUBAGENT
tool Bash {"command": "ls"}
turn
text sub done
`

// deferredList finds the names of the deferred tools in the text of a
// request.
var deferredList = regexp.MustCompile(`(?s)deferred tools are now available via ToolSearch.*?before calling them:\n(.*?)\n\n`)

// recorderScript is a hook that saves each payload in $HOOKC_PAYLOADS and
// answers nothing.
const recorderScript = `#!/bin/sh
cat > "$(mktemp "$HOOKC_PAYLOADS/p.XXXXXXXX")"
`

// recorder installs recorderScript in the scratch as the hook of events,
// and returns the directory it writes the payloads into (a session passes
// it as HOOKC_PAYLOADS) and the model's script, parsed from modelScript.
func (s *scratch) recorder(t *testing.T, events []string, modelScript string) (payloads string, script *modelserver.Script) {
	t.Helper()
	rec := filepath.Join(s.dir, "recorder")
	payloads = filepath.Join(s.dir, "payloads")
	if err := os.WriteFile(rec, []byte(recorderScript), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(payloads, 0o755); err != nil {
		t.Fatal(err)
	}
	bin, _ := buildHookc()
	s.run(t, filepath.Join(bin, "hookc"), "install", "-events", strings.Join(events, ","), rec)
	script, err := modelserver.Parse([]byte(modelScript))
	if err != nil {
		t.Fatal(err)
	}
	return payloads, script
}

// TestSurface records what the client shows hooks and the model in a
// headless session: the tools offered to the main session and to a
// sub-agent, with their input fields, the deferred tools, and the fields of
// every event's payload, of tool_input and of tool_response. On the pinned
// client it holds testdata/surface.txt exact (HOOKC_UPDATE=1 rewrites it);
// on another version it fails with the drift.
func TestSurface(t *testing.T) {
	needClient(t)
	t.Parallel()
	s := newScratch(t)
	s.write(t, map[string]string{"README.md": "# readme\n", "sub/a.txt": "a\n", "CLAUDE.md": "Be brief.\n"})
	payloads, script := s.recorder(t, surfaceEvents, surfaceScript)
	r := s.session(t, script, []string{"HOOKC_PAYLOADS=" + payloads}, "--permission-mode", "acceptEdits")

	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	// The tools of the first request of the main session and of the
	// sub-agent, and all tools the main session was offered by its end.
	seen := map[string]bool{}
	for _, q := range r.Requests {
		if q.Conv == "" || q.Conv == "side" {
			continue
		}
		var body struct {
			Tools []struct {
				Name   string `json:"name"`
				Schema struct {
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"input_schema"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(q.Body, &body); err != nil {
			t.Fatal(err)
		}
		conv := "main"
		if q.Conv != "main" {
			conv = "agent"
		}
		// The deferred tools are named in the first request's text.
		if m := deferredList.FindStringSubmatch(modelserver.Shown(q.Body)); m != nil && !seen["deferred "+conv] {
			seen["deferred "+conv] = true
			add("deferred %s: %s", conv, strings.Join(strings.Fields(m[1]), " "))
		}
		for _, tool := range body.Tools {
			fields := slices.Sorted(maps.Keys(tool.Schema.Properties))
			line := fmt.Sprintf("tool %s %s: %s", conv, tool.Name, strings.Join(fields, " "))
			if !seen[line] {
				seen[line] = true
				add("%s", line)
			}
		}
	}

	// The payloads: every event's fields, and tool_input and tool_response
	// fields by tool.
	files, _ := filepath.Glob(filepath.Join(payloads, "p.*"))
	fields := map[string]map[string]bool{}
	note := func(key string, obj map[string]any) {
		if fields[key] == nil {
			fields[key] = map[string]bool{}
		}
		for k := range obj {
			fields[key][k] = true
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatalf("%s: a payload that is not a JSON object: %v\n%s", f, err, data)
		}
		ev, _ := p["hook_event_name"].(string)
		who := "main"
		if p["agent_id"] != nil {
			who = "agent"
		}
		note(fmt.Sprintf("event %s %s", ev, who), p)
		tool, _ := p["tool_name"].(string)
		if in, ok := p["tool_input"].(map[string]any); ok {
			note(fmt.Sprintf("input %s %s", ev, tool), in)
			// The model's relative file_path arrives absolute.
			if fp, ok := in["file_path"].(string); ok && !filepath.IsAbs(fp) {
				t.Errorf("%s %s: file_path %q is not absolute", ev, tool, fp)
			}
		}
		if resp, ok := p["tool_response"].(map[string]any); ok {
			note(fmt.Sprintf("response %s %s", ev, tool), resp)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(fields)) {
		add("%s: %s", key, strings.Join(slices.Sorted(maps.Keys(fields[key])), " "))
	}
	slices.Sort(out)
	got := strings.Join(out, "\n") + "\n"

	const file = "testdata/surface.txt"
	header := "# What the client shows hooks and the model in a headless session\n# (TestSurface). HOOKC_UPDATE=1 rewrites it.\n"
	if os.Getenv("HOOKC_UPDATE") == "1" && pinned() {
		if err := os.WriteFile(file, []byte(header+got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimPrefix(string(data), header)
	if want == got {
		return
	}
	wantLines, gotLines := strings.Split(want, "\n"), strings.Split(got, "\n")
	var diff []string
	for _, l := range wantLines {
		if l != "" && !slices.Contains(gotLines, l) {
			diff = append(diff, "- "+l)
		}
	}
	for _, l := range gotLines {
		if l != "" && !slices.Contains(wantLines, l) {
			diff = append(diff, "+ "+l)
		}
	}
	what := "the pinned client no longer matches " + file + " (HOOKC_UPDATE=1 rewrites it)"
	if !pinned() {
		what = fmt.Sprintf("drift: Claude Code %s differs from the pinned %s", clientVersion, claude.Version)
	}
	t.Errorf("%s:\n%s", what, strings.Join(diff, "\n"))
}
