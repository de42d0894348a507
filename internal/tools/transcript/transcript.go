// Package transcript reads the tool calls of Claude Code session
// transcripts: the JSON Lines files Claude Code writes under
// ~/.claude/projects/<encoded project directory>/, one per session
// (<session id>.jsonl), with the transcripts of sub-agents beside them in
// <session id>/subagents/agent-<agent id>.jsonl and their types in
// agent-<agent id>.meta.json.
//
// Each line is one JSON object; the lines this package reads are:
//
//	{"type": "assistant", "sessionId": ..., "cwd": ..., "timestamp": ...,
//	 "isSidechain": false, "agentId": ..., "message": {"id": ...,
//	 "content": [{"type": "tool_use", "id": "toolu_...", "name": "Bash",
//	 "input": {...}}, ...]}}
//	{"type": "user", "permissionMode": "default", "message": {"content":
//	 [{"type": "tool_result", "tool_use_id": "toolu_...", "is_error": true,
//	 "content": "..."}]}, "permissionDecision": {"decision": "reject"}}
//	{"type": "permission-mode", "permissionMode": "acceptEdits"}
//
// Other lines (summaries, system lines, file history snapshots, progress)
// are skipped. An assistant message streamed over several lines repeats its
// tool uses; each is read once, by its id. A line that is not a JSON object
// is a Problem, and reading goes on; so is a last line cut short.
package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// A Call is one tool call of a transcript.
type Call struct {
	File      string // the transcript
	Line      int    // its line, from 1
	Session   string // sessionId
	Cwd       string
	AgentID   string // "" in the main session
	AgentType string
	Mode      string // the permission mode in effect, when the transcript says
	Time      string // timestamp
	ID        string // the tool_use id
	Tool      string
	Input     json.RawMessage
	Result    *Result // the call's tool_result, when the transcript has it
}

// A Result is what became of a call, as its tool_result says.
type Result struct {
	IsError bool
	Text    string // the result's text, cut to 200 bytes
	// Decision is the permission decision the client recorded with the
	// result (the line's permissionDecision.decision, Claude Code 2.1.328
	// and later): "accept" or "reject"; "" when the line has none.
	Decision string
}

// Refused reports whether the call did not run: the user rejected it, a
// hook or a rule denied it, or a headless session refused an ask. The
// client's recorded decision says so where there is one; otherwise the
// result's text is read, which misses a file tool's call denied by a hook
// (the bare reason) and an ask refused headless (the ask's reason).
func (r *Result) Refused() bool {
	if r == nil || !r.IsError {
		return false
	}
	switch r.Decision {
	case "reject":
		return true
	case "accept":
		return false
	}
	for _, s := range refusals {
		if strings.Contains(r.Text, s) {
			return true
		}
	}
	return false
}

// Outcome says what became of the call: "ran", "refused", "error" (it
// ran, or was tried, and failed) or "no result".
func (r *Result) Outcome() string {
	switch {
	case r == nil:
		return "no result"
	case r.Refused():
		return "refused"
	case r.IsError:
		return "error"
	}
	return "ran"
}

// refusals are the texts Claude Code's tool results give a call that did
// not run because it was refused.
var refusals = []string{
	"doesn't want to proceed",
	"tool use was rejected",
	"hook error",
	"has been denied",
	"Permission to use",
	"permission denied by",
}

// A Problem is a line that could not be read.
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// line is the part of a transcript line this package reads.
type line struct {
	Type           string `json:"type"`
	SessionID      string `json:"sessionId"`
	Cwd            string `json:"cwd"`
	Timestamp      string `json:"timestamp"`
	IsSidechain    bool   `json:"isSidechain"`
	AgentID        string `json:"agentId"`
	PermissionMode string `json:"permissionMode"`
	// PermissionDecision is the client's decision on the call whose result
	// the line holds.
	PermissionDecision *struct {
		Decision string `json:"decision"`
	} `json:"permissionDecision"`
	Message *struct {
		ID      string          `json:"id"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type block struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
}

// ReadFile reads the tool calls of the transcript at path. A sub-agent's
// transcript gets its agent type from the meta file beside it.
func ReadFile(path string) ([]Call, []Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	calls, probs, err := Read(f, path)
	if err != nil {
		return nil, nil, err
	}
	base := strings.TrimSuffix(path, ".jsonl")
	if strings.HasPrefix(filepath.Base(base), "agent-") {
		var meta struct {
			AgentType string `json:"agentType"`
		}
		if b, err := os.ReadFile(base + ".meta.json"); err == nil && json.Unmarshal(b, &meta) == nil && meta.AgentType != "" {
			for i := range calls {
				if calls[i].AgentType == "" {
					calls[i].AgentType = meta.AgentType
				}
			}
		}
		id := strings.TrimPrefix(filepath.Base(base), "agent-")
		for i := range calls {
			if calls[i].AgentID == "" {
				calls[i].AgentID = id
			}
		}
	}
	return calls, probs, nil
}

// Read reads the tool calls of a transcript; name is its file name, for
// positions. Only a failure to read r is an error.
func Read(r io.Reader, name string) ([]Call, []Problem, error) {
	br := bufio.NewReader(r)
	var calls []Call
	var probs []Problem
	index := map[string]int{} // tool_use id -> index in calls
	mode := ""
	lastBad := false // whether the last line read was an object cut short
	for n := 1; ; n++ {
		b, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		text := bytes.TrimSpace(b)
		if len(text) > 0 {
			var l line
			if jerr := json.Unmarshal(text, &l); jerr != nil {
				probs = append(probs, Problem{name, n, "not a JSON object; skipped"})
				lastBad = text[0] == '{'
			} else {
				mode = read(&l, name, n, mode, &calls, index)
				lastBad = false
			}
		}
		if err == io.EOF {
			if lastBad {
				probs[len(probs)-1].Msg = "the last line is cut short (the session was still being written?); skipped"
			}
			return calls, probs, nil
		}
	}
}

// read takes the calls and results of one line; it returns the permission
// mode in effect after it.
func read(l *line, name string, n int, mode string, calls *[]Call, index map[string]int) string {
	if l.PermissionMode != "" {
		mode = l.PermissionMode
	}
	if l.Message == nil || len(l.Message.Content) == 0 || l.Message.Content[0] != '[' {
		return mode
	}
	var blocks []block
	if json.Unmarshal(l.Message.Content, &blocks) != nil {
		return mode
	}
	// The line's permission decision belongs to its result when it holds
	// only one.
	decision, results := "", 0
	for _, b := range blocks {
		if b.Type == "tool_result" {
			results++
		}
	}
	if l.PermissionDecision != nil && results == 1 {
		decision = l.PermissionDecision.Decision
	}
	for _, b := range blocks {
		switch {
		case l.Type == "assistant" && b.Type == "tool_use" && b.Name != "":
			if _, seen := index[b.ID]; seen && b.ID != "" {
				continue // a streamed message repeats its blocks
			}
			c := Call{File: name, Line: n, Session: l.SessionID, Cwd: l.Cwd, AgentID: l.AgentID,
				Mode: mode, Time: l.Timestamp, ID: b.ID, Tool: b.Name, Input: b.Input}
			if c.AgentID == "" && l.IsSidechain {
				c.AgentID = "sidechain"
			}
			if len(c.Input) == 0 {
				c.Input = json.RawMessage("{}")
			}
			index[b.ID] = len(*calls)
			*calls = append(*calls, c)
		case l.Type == "user" && b.Type == "tool_result":
			if i, ok := index[b.ToolUseID]; ok {
				(*calls)[i].Result = &Result{IsError: b.IsError, Text: resultText(b.Content), Decision: decision}
			}
		}
	}
	return mode
}

// resultText returns the text of a tool_result's content: a string, or a
// list of text blocks.
func resultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(raw, &parts) == nil {
			var b strings.Builder
			for _, p := range parts {
				b.WriteString(p.Text)
			}
			s = b.String()
		}
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// Files returns the transcripts named by paths: each file as it is, and the
// *.jsonl files below each directory (sub-agents' included), sorted.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(q, ".jsonl") {
				out = append(out, q)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
