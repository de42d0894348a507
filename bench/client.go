package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"hookc.dev/hookc/internal/testkit/claude"
	"hookc.dev/hookc/internal/testkit/modelserver"
)

// The client benchmark (-client) measures what a user sees: the real
// Claude Code client's time per allowed tool call, with no hook, with a
// minimal static Go hook, with the guard and with a one-line python3 hook,
// interleaved round after round. The client runs headless against the
// scripted model server (internal/testkit/modelserver) in a scratch HOME and
// project; each session makes Calls calls of Bash `ls`, one per turn,
// which the client alone and every hook allow. A call's time is the time
// between the model server receiving one request and the next: the
// client's handling of the answer, the hook, the command and the next
// request.

// A ClientConfig is what one client benchmark run measures.
type ClientConfig struct {
	Rounds int    // rounds; each runs one session per hook
	Calls  int    // tool calls per session
	Guard  string // the guard policy directory
	Out    string // directory for client.md; "" writes nothing
	Log    io.Writer
}

// A clientHook is one hook configuration under test.
type clientHook struct {
	Name    string
	Command string   // the hook command; "" for no hook
	Args    []string // its exec-form arguments
	calls   [][]time.Duration
}

// The static hook: the least a hook can do, allowing the call.
const allowMain = `// A minimal static hook that allows every call.
package main

import (
	"io"
	"os"
)

func main() {
	io.ReadAll(os.Stdin)
	os.Stdout.WriteString("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}\n")
}
`

// pythonHook is a one-line python3 hook that allows every call.
const pythonHook = `import sys; sys.stdin.read(); print('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}')`

// RunClient runs the client benchmark and returns its report in
// Markdown.
func RunClient(c ClientConfig) (string, error) {
	bin, err := claude.Find()
	if err != nil {
		return "", err
	}
	version, err := claude.BinaryVersion(bin)
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "hookc-bench-client-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	static, err := buildGo(tmp, "allow", map[string]string{"main.go": allowMain})
	if err != nil {
		return "", err
	}
	guard := filepath.Join(tmp, "guard")
	if _, err := buildPolicy(c.Guard, guard, "guard"); err != nil {
		return "", err
	}
	python, err := python3()
	if err != nil {
		return "", err
	}
	hooks := []*clientHook{
		{Name: "no hook"},
		{Name: "static hook", Command: static, Args: []string{"-event", "PreToolUse"}},
		{Name: "guard", Command: guard, Args: []string{"-event", "PreToolUse"}},
		{Name: "python3", Command: python, Args: []string{"-c", pythonHook}},
	}

	var script strings.Builder
	for range c.Calls {
		script.WriteString("tool Bash {\"command\": \"ls\"}\nturn\n")
	}
	script.WriteString("text done\n")
	sc, err := modelserver.Parse([]byte(script.String()))
	if err != nil {
		return "", err
	}

	start := time.Now()
	load0 := loadavg()
	for round := range c.Rounds {
		order := slices.Clone(hooks)
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, h := range order {
			d, err := clientSession(bin, filepath.Join(tmp, fmt.Sprintf("s%d", round)), h, sc)
			if err != nil {
				return "", fmt.Errorf("%s: %v", h.Name, err)
			}
			h.calls = append(h.calls, d)
		}
		if c.Log != nil {
			fmt.Fprintf(c.Log, "%s round %d of %d\n", time.Now().Format("15:04:05"), round+1, c.Rounds)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# hookc client benchmark\n\n")
	fmt.Fprintf(&b, "Claude Code %s, headless against the scripted model server; %d rounds of one session per hook, in a shuffled order, each session %d calls of Bash `ls`, one per turn. %s, %d CPUs, load average %.2f before and %.2f after, %s.\n\n",
		version, c.Rounds, c.Calls, runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), load0[0], loadavg()[0], time.Since(start).Round(time.Second))
	b.WriteString("| hook | median per call | median over no hook (paired by round) |\n| --- | ---: | ---: |\n")
	base := hooks[0]
	for _, h := range hooks {
		var all []float64
		for _, r := range h.calls {
			for _, d := range r {
				all = append(all, ms(d))
			}
		}
		over := "—"
		if h != base {
			var diffs []float64
			for r := range h.calls {
				diffs = append(diffs, medianOf(h.calls[r])-medianOf(base.calls[r]))
			}
			over = fmt.Sprintf("%+.1f ms", median(diffs))
		}
		fmt.Fprintf(&b, "| %s | %.1f ms | %s |\n", h.Name, median(all), over)
	}
	b.WriteString("\nA call's time runs from the model server receiving one request to receiving the next: the client reading the answer, running the hook and the command, and sending the next request.\n")
	md := b.String()
	if c.Out != "" {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(c.Out, "client.md"), []byte(md), 0o644); err != nil {
			return "", err
		}
	}
	return md, nil
}

// python3 returns the path of the python3 interpreter itself, not of a
// wrapper that finds it (pyenv's shims are shell scripts that cost more
// than the interpreter).
func python3() (string, error) {
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return "", fmt.Errorf("python3: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func medianOf(ds []time.Duration) float64 {
	xs := make([]float64, len(ds))
	for i, d := range ds {
		xs[i] = ms(d)
	}
	return median(xs)
}

// clientSession runs one session with hook h in a fresh scratch under dir
// and returns the time of each call.
func clientSession(bin, dir string, h *clientHook, sc *modelserver.Script) ([]time.Duration, error) {
	dir = filepath.Join(dir, strings.ReplaceAll(h.Name, " ", "-"))
	home, project, tmp := filepath.Join(dir, "home"), filepath.Join(dir, "project"), filepath.Join(dir, "tmp")
	for _, d := range []string{home, project, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	if err := writeProject(project); err != nil {
		return nil, err
	}
	if h.Command != "" {
		settings := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
			"matcher": "*",
			"hooks":   []any{map[string]any{"type": "command", "command": h.Command, "args": h.Args, "timeout": 10}},
		}}}}
		data, _ := json.Marshal(settings)
		if err := os.MkdirAll(filepath.Join(project, ".claude"), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(project, ".claude", "settings.json"), data, 0o644); err != nil {
			return nil, err
		}
	}
	s := &claude.Session{Bin: bin, Dir: project, Prompt: "list the files", Script: sc,
		Env: []string{"HOME=" + home, "TMPDIR=" + tmp, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8", "SHELL=/bin/bash"}}
	r, err := s.Run(context.Background())
	if err != nil {
		return nil, err
	}
	if r.Err != nil {
		return nil, fmt.Errorf("client: %v\n%s", r.Err, r.Stderr)
	}
	if r.Result == nil || len(r.Result.PermissionDenials) > 0 {
		return nil, fmt.Errorf("the calls did not all run: %s", r.Stdout)
	}
	var times []time.Time
	for _, q := range r.Requests {
		if q.Conv == "main" {
			times = append(times, q.Time)
		}
	}
	var ds []time.Duration
	for i := 1; i < len(times); i++ {
		ds = append(ds, times[i].Sub(times[i-1]))
	}
	if len(ds) == 0 {
		return nil, fmt.Errorf("no calls timed")
	}
	return ds, nil
}
