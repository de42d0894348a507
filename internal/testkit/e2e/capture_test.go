package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/claude"
)

// captureScript reads a file, starts a sub-agent that runs a command and
// writes a file, and ends; the prompt is the slash command /x, whose !
// line fires PreSkillShellCommand.
const captureScript = `
tool Read {"file_path": "README.md"}
turn
tool Agent {"description": "sub task", "prompt": "SUBAGENT-PROMPT do the thing", "subagent_type": "general-purpose"}
turn
text done

agent SUBAGENT-PROMPT
tool Bash {"command": "touch sub-marker", "description": "sub"}
tool Write {"file_path": "sub.txt", "content": "x"}
turn
text done
`

// captureEvents are the events whose payloads TestCapture keeps.
var captureEvents = []string{"SessionStart", "PreSkillShellCommand", "PreToolUse", "PostToolUse", "SubagentStart", "SubagentStop"}

// TestCapture records the payloads of one session as the client sends
// them, with the scratch directories renamed /home/user,
// /home/user/project and /tmp, under the names of testdata/protocol/client-<version>
// (EVENT[-subagent][-TOOL].json). On the pinned client it checks that
// the files there have the fields the client sends; HOOKC_UPDATE=1
// rewrites them from this session.
func TestCapture(t *testing.T) {
	needClient(t)
	t.Parallel()
	s := newScratch(t)
	s.write(t, map[string]string{
		"README.md":               "# readme\n",
		".claude/commands/x.md":   "---\nallowed-tools: Bash(echo:*)\n---\nContext: !`echo skill-line $ARGUMENTS`\n",
		".claude/settings.json":   "{}\n",
		"~/.claude/settings.json": "{}\n",
	})
	payloads, script := s.recorder(t, captureEvents, captureScript)
	sess := &claude.Session{Bin: clientBin, Dir: s.project, Env: s.env("HOOKC_PAYLOADS=" + payloads), Prompt: "/x now",
		Args: []string{"--permission-mode", "acceptEdits"}, Script: script, Timeout: 2 * time.Minute}
	r, err := sess.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Err != nil {
		t.Fatalf("client: %v\nstdout: %s\nstderr: %s", r.Err, r.Stdout, r.Stderr)
	}

	// The payloads by file name; the first of a name is kept.
	got := map[string][]byte{}
	files, _ := filepath.Glob(filepath.Join(payloads, "p.*"))
	rename := strings.NewReplacer(s.project, "/home/user/project", s.home, "/home/user", s.tmp, "/tmp",
		projectKey(s.project), "-home-user-project")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Event   string          `json:"hook_event_name"`
			Tool    string          `json:"tool_name"`
			AgentID json.RawMessage `json:"agent_id"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatalf("%s: %v\n%s", f, err, data)
		}
		name := p.Event
		if p.AgentID != nil && (p.Event == "PreToolUse" || p.Event == "PostToolUse") {
			name += "-subagent"
		}
		if p.Tool != "" && p.Event != "PreSkillShellCommand" {
			name += "-" + p.Tool
		}
		name += ".json"
		if got[name] != nil {
			continue
		}
		var buf bytes.Buffer
		if err := json.Indent(&buf, []byte(rename.Replace(string(data))), "", "  "); err != nil {
			t.Fatal(err)
		}
		got[name] = buf.Bytes()
	}
	if got["PreSkillShellCommand.json"] == nil {
		t.Errorf("no PreSkillShellCommand payload for the slash command's ! line (got %s)", strings.Join(slices.Sorted(maps.Keys(got)), ", "))
	}

	dir := filepath.Join("..", "..", "..", "testdata", "protocol", "client-"+clientVersion)
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range got {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	if !pinned() {
		t.Logf("drift: Claude Code %s sends %s", clientVersion, strings.Join(slices.Sorted(maps.Keys(got)), ", "))
		return
	}
	// Each file kept for the pinned client has the fields this session's
	// payload of the same name has.
	kept, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(kept) == 0 {
		t.Fatalf("no payloads in %s (HOOKC_UPDATE=1 writes them)", dir)
	}
	for _, f := range kept {
		name := filepath.Base(f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if got[name] == nil {
			t.Errorf("%s: the client sent no such payload", name)
			continue
		}
		if a, b := fieldsOf(t, data), fieldsOf(t, got[name]); a != b {
			t.Errorf("%s: fields %s, the client sends %s (HOOKC_UPDATE=1 rewrites the files)", name, a, b)
		}
	}
}

// projectKey is the name the client gives a project's directory under
// ~/.claude/projects.
func projectKey(dir string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '.' {
			return '-'
		}
		return r
	}, dir)
}

// fieldsOf returns the sorted top-level and tool_input fields of a payload.
func fieldsOf(t *testing.T, data []byte) string {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(p))
	var in map[string]json.RawMessage
	if json.Unmarshal(p["tool_input"], &in) == nil {
		for _, k := range slices.Sorted(maps.Keys(in)) {
			keys = append(keys, "tool_input."+k)
		}
	}
	return fmt.Sprint(keys)
}
