package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"time"

	"hookc.dev/hookc/internal/testkit/modelserver"
)

// ServerEnv returns the environment variables that point the client at a
// scripted model server and keep it off the network.
func ServerEnv(url string) []string {
	return []string{
		"ANTHROPIC_BASE_URL=" + url,
		"ANTHROPIC_API_KEY=sk-hookc-scripted-model",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
	}
}

// Args returns the client's arguments for a headless session with prompt:
// -p PROMPT --output-format json, then extra.
func Args(prompt string, extra ...string) []string {
	return append([]string{"-p", prompt, "--output-format", "json"}, extra...)
}

// A Session is one headless run of the client against a scripted model.
type Session struct {
	Bin     string   // the client binary
	Dir     string   // the project directory, the client's working directory
	Env     []string // the client's whole environment (HOME, PATH, TMPDIR, ...); ServerEnv is added
	Prompt  string   // the user's prompt
	Args    []string // further client arguments
	Script  *modelserver.Script
	Timeout time.Duration // 0 means two minutes
}

// A Run is what a session did.
type Run struct {
	Stdout, Stderr []byte
	Err            error   // the client's exit status, or a time-out
	Result         *Result // the JSON result on stdout, nil if there is none
	Requests       []*modelserver.Request
}

// Run runs the session.
func (s *Session) Run(ctx context.Context) (*Run, error) {
	srv, err := modelserver.Start(s.Script)
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.Bin, Args(s.Prompt, s.Args...)...)
	cmd.Dir = s.Dir
	cmd.Env = append(append([]string(nil), s.Env...), ServerEnv(srv.URL)...)
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	r := &Run{Err: cmd.Run()}
	if ctx.Err() != nil {
		r.Err = fmt.Errorf("the client did not finish within %v", timeout)
	}
	r.Stdout, r.Stderr = stdout.Bytes(), stderr.Bytes()
	r.Requests = srv.Requests()
	r.Result, _ = ParseResult(r.Stdout)
	return r, nil
}

// Result is the part of the client's JSON result (--output-format json)
// that tests read.
type Result struct {
	Type              string   `json:"type"`
	Subtype           string   `json:"subtype"`
	IsError           bool     `json:"is_error"`
	Result            string   `json:"result"`
	SessionID         string   `json:"session_id"`
	NumTurns          int      `json:"num_turns"`
	TerminalReason    string   `json:"terminal_reason"`
	StopReason        string   `json:"stop_reason"`
	PermissionDenials []Denial `json:"permission_denials"`
}

// A Denial is one entry of permission_denials: a tool call the client
// refused.
type Denial struct {
	ToolName  string          `json:"tool_name"`
	ToolUseID string          `json:"tool_use_id"`
	ToolInput json.RawMessage `json:"tool_input"`
}

// ParseResult reads the JSON result the client prints on stdout.
func ParseResult(stdout []byte) (*Result, error) {
	if len(bytes.TrimSpace(stdout)) == 0 {
		return nil, errors.New("the client printed no result")
	}
	var r Result
	if err := json.Unmarshal(stdout, &r); err != nil {
		return nil, fmt.Errorf("the client's result is not JSON: %v", err)
	}
	return &r, nil
}

// Transcript returns the path of the transcript the client wrote for a
// session under home, "" if there is none.
func Transcript(home, sessionID string) string {
	if sessionID == "" {
		return ""
	}
	m, _ := filepath.Glob(filepath.Join(home, ".claude", "projects", "*", sessionID+".jsonl"))
	if len(m) == 0 {
		return ""
	}
	return m[0]
}
