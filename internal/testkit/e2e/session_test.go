package e2e

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/claude"
	"hookc.dev/hookc/internal/testkit/modelserver"
)

// A scratch is the directories of one session that Go tests run: a HOME, a
// project (the client's working directory) and a TMPDIR, all under one
// temporary directory, so that nothing outside it is read or written.
type scratch struct {
	dir, home, project, tmp string
	client                  string        // runs the client in place of clientBin, if set (jail)
	perCall                 time.Duration // the session's time-out allows this a call, if set
}

func newScratch(t *testing.T) *scratch {
	t.Helper()
	d := t.TempDir()
	s := &scratch{dir: d, home: filepath.Join(d, "home"), project: filepath.Join(d, "project"), tmp: filepath.Join(d, "tmp")}
	for _, p := range []string{s.home, s.project, s.tmp} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// write creates files: a path starting with ~/ is in the home directory,
// an absolute path is taken as is, any other is in the project.
func (s *scratch) write(t *testing.T, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := s.path(name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// path resolves a file name as write does.
func (s *scratch) path(name string) string {
	if rest, ok := strings.CutPrefix(name, "~/"); ok {
		return filepath.Join(s.home, rest)
	}
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.project, name)
}

// env returns the client's environment: the scratch HOME and TMPDIR, this
// process's PATH to find programs, and extra.
func (s *scratch) env(extra ...string) []string {
	// SHELL: without it the client runs its Bash tool with zsh when one is
	// installed, while a hook without it reads the line as bash runs it
	// (design.md 406); the sessions are a bash user's unless a test says
	// otherwise (TestZshLines), a later SHELL in extra winning.
	return append([]string{"HOME=" + s.home, "TMPDIR=" + s.tmp, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8", "SHELL=" + bashPath}, extra...)
}

// bashPath is the bash the sessions' client runs its Bash tool with.
var bashPath = func() string {
	if p, err := exec.LookPath("bash"); err == nil {
		return p
	}
	return "/bin/bash"
}()

// run runs a command in the project and fails the test if it fails.
func (s *scratch) run(t *testing.T, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = s.project
	cmd.Env = s.env("GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// guardHook builds examples/guard with hookc once for the Go tests;
// HOOKC_E2E_GUARD names one built already (hookc build -o), for a
// measurement on a loaded machine, where the build takes minutes.
var guardHook = sync.OnceValues(func() (string, error) {
	if p := os.Getenv("HOOKC_E2E_GUARD"); p != "" {
		return filepath.Abs(p)
	}
	bin, err := buildHookc()
	if err != nil {
		return "", err
	}
	out := filepath.Join(tmpRoot, "guard", "guard-hook")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command(filepath.Join(bin, "hookc"), "build", "-o", out, filepath.Join("..", "..", "..", "examples", "guard"))
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOPROXY=off", "CUE_REGISTRY=none")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("hookc build: %v\n%s", err, msg)
	}
	return out, nil
})

// installGuard copies the guard hook into the project and registers it
// with hookc install, as the README says.
func (s *scratch) installGuard(t *testing.T) {
	t.Helper()
	src, err := guardHook()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.project, "guard-hook"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	bin, _ := buildHookc()
	s.run(t, filepath.Join(bin, "hookc"), "install", "guard-hook")
}

// A toolCall is one call the scripted model makes.
type toolCall struct {
	Tool  string
	Input map[string]any
}

// bashCall is a Bash tool call of a command line.
func bashCall(line string) toolCall {
	return toolCall{Tool: "Bash", Input: map[string]any{"command": line}}
}

// batchScript returns a script whose model makes all calls in its first
// turn and then ends. The calls get the ids toolu_m_0_<index>.
func batchScript(calls []toolCall) *modelserver.Script {
	var turn modelserver.Turn
	for _, c := range calls {
		in, _ := json.Marshal(c.Input)
		turn = append(turn, modelserver.Block{Tool: c.Tool, Input: in})
	}
	return &modelserver.Script{Main: modelserver.Conv{Turns: []modelserver.Turn{turn, {{Text: "done"}}}}}
}

// callID is the id of the i-th call of a batch.
func callID(i int) string { return fmt.Sprintf("toolu_m_0_%d", i) }

// session runs the client in the scratch project with a script, extra
// environment variables and client arguments.
func (s *scratch) session(t *testing.T, script *modelserver.Script, env []string, args ...string) *claude.Run {
	t.Helper()
	r, err := s.trySession(script, env, args...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// trySession runs a session as session does, and returns its failure.
func (s *scratch) trySession(script *modelserver.Script, env []string, args ...string) (*claude.Run, error) {
	calls := 0
	for _, turn := range script.Main.Turns {
		calls += len(turn)
	}
	bin := clientBin
	if s.client != "" {
		bin = s.client
	}
	sess := &claude.Session{Bin: bin, Dir: s.project, Env: s.env(env...), Prompt: "go", Args: args, Script: script,
		Timeout: 2*time.Minute + time.Duration(calls)*cmp.Or(s.perCall, 5*time.Second)}
	r, err := sess.Run(context.Background())
	if err != nil {
		return nil, err
	}
	if r.Err != nil {
		return nil, fmt.Errorf("client: %v\nstdout: %s\nstderr: %s", r.Err, r.Stdout, r.Stderr)
	}
	return r, nil
}

// A toolResult is what the model was shown for one call.
type toolResult struct {
	Text    string
	IsError bool
}

// toolResults returns the results of the main session's calls, by id, as
// the model's last request holds them.
func toolResults(r *claude.Run) map[string]toolResult {
	var last []byte
	for _, q := range r.Requests {
		if q.Conv == "main" {
			last = q.Body
		}
	}
	var body struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	json.Unmarshal(last, &body)
	out := map[string]toolResult{}
	for _, m := range body.Messages {
		var blocks []struct {
			Type      string          `json:"type"`
			ToolUseID string          `json:"tool_use_id"`
			Content   json.RawMessage `json:"content"`
			IsError   bool            `json:"is_error"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type == "tool_result" {
				out[b.ToolUseID] = toolResult{Text: modelserver.Shown(b.Content), IsError: b.IsError}
			}
		}
	}
	return out
}

// shownAnywhere reports whether any request of the run showed the model
// text.
func shownAnywhere(r *claude.Run, text string) bool {
	for _, q := range r.Requests {
		if bytes.Contains([]byte(modelserver.Shown(q.Body)), []byte(text)) {
			return true
		}
	}
	return false
}
