package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"hookc.dev/hookc"
	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/load"
)

//go:embed timer/main.go
var timerMain string

// A Binary is one program under test.
type Binary struct {
	Name  string
	Rules int // rules in its table; 0 for the floor
	Path  string
	Size  int64
	// Load and Build are how long loading the policy and linking the hook
	// took (zero for the floor).
	Load, Build time.Duration
	Floor       bool
	Reference   bool // the floor with the shell parser's package linked in
	Synthetic   bool

	// per payload, per round
	wall [][]time.Duration
	cpu  [][]time.Duration
	rss  [][]int64
	out  []string // the decision printed for each payload
}

// A Payload is one hook call.
type Payload struct {
	Name string
	Desc string
	Data []byte
	file string
}

// A Report is the outcome of a run.
type Report struct {
	Config   Config
	Binaries []*Binary
	Payloads []*Payload
	Start    time.Time
	Elapsed  time.Duration
	Load     [2][3]float64 // load averages before and after timing
	Go       string
	// hookc CLI timings: median of several runs
	HookcBuild time.Duration // hookc build of the guard, warm cache
	HookcTest  time.Duration // hookc test of Config.Tests tests
	TestCount  int
	TimerRSS   int64 // the timer's own RSS, bytes
	VforkRSS   bool  // peak RSS was measured through vfork: at least TimerRSS
}

// Run builds every binary and times them.
func Run(c Config) (*Report, error) {
	rep := &Report{Config: c, Start: time.Now(), Go: goruntime.Version()}
	tmp, err := os.MkdirTemp("", "hookc-bench-")
	if err != nil {
		return nil, err
	}
	if c.Keep {
		c.logf("keeping %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}

	// The binaries.
	if err := buildBinaries(&c, rep, tmp); err != nil {
		return nil, err
	}

	// The linker writes its output through mmap, which leaves the file in
	// the page cache as 4 KiB pages; a file written with write(2), or read
	// back from disk, is cached in large folios, which every exec maps with
	// far fewer page faults (on this kernel, 10% of the floor's start-up).
	// Rewrite every binary so that all are measured in the same state.
	for _, b := range rep.Binaries {
		if err := rewrite(b.Path); err != nil {
			return nil, err
		}
	}

	// The payloads, in a project directory that exists.
	project := filepath.Join(tmp, "project")
	if err := writeProject(project); err != nil {
		return nil, err
	}
	rep.Payloads = payloads(project)
	env, err := answer(rep, tmp, project)
	if err != nil {
		return nil, err
	}

	// Time them in the timer, a small process: every round runs every
	// binary once on every payload, in an order shuffled per round and
	// payload so that no binary always follows another. Then measure peak
	// RSS in a second, shorter pass that forks for real (see timer/main.go).
	timer, err := timeAll(&c, rep, tmp, env)
	if err != nil {
		return nil, err
	}
	for _, b := range rep.Binaries {
		b.rss = make([][]int64, len(rep.Payloads))
	}
	c.logf("peak RSS: %d rounds", c.RSSRounds)
	err = runTimer(timer, "rss", c.RSSRounds, 1, c.Seed, c.Nice, env, rep, func(b *Binary, pi int, _, _ time.Duration, rss int64) {
		b.rss[pi] = append(b.rss[pi], rss)
	})
	if err != nil {
		return nil, err
	}

	// hookc itself: build with a warm cache, test of many tests.
	if c.Hookc && (c.Guard != "" || c.Tests > 0) {
		if err := timeHookc(&c, rep, tmp); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// buildBinaries builds into tmp, and lists in rep, the binaries Run
// times: the floors, the guard, the synthetic policies' hooks, and copies
// of c.With's.
func buildBinaries(c *Config, rep *Report, tmp string) error {
	floorPath, err := buildGo(tmp, "floor", map[string]string{"main.go": floorMain})
	if err != nil {
		return err
	}
	fi, err := os.Stat(floorPath)
	if err != nil {
		return err
	}
	floor := &Binary{Name: "floor", Path: floorPath, Size: fi.Size(), Floor: true}
	rep.Binaries = append(rep.Binaries, floor)
	c.logf("built floor (%d bytes)", floor.Size)
	shPath, err := buildFloorSh(tmp)
	if err != nil {
		return err
	}
	if fi, err = os.Stat(shPath); err != nil {
		return err
	}
	rep.Binaries = append(rep.Binaries, &Binary{Name: "floor + sh", Path: shPath, Size: fi.Size(), Reference: true})
	if c.Guard != "" {
		b, err := buildPolicy(c.Guard, filepath.Join(tmp, "guard"), "guard")
		if err != nil {
			return err
		}
		rep.Binaries = append(rep.Binaries, b)
		c.logf("built guard: %d rules, %d bytes, load %v, build %v", b.Rules, b.Size, b.Load.Round(time.Millisecond), b.Build.Round(time.Millisecond))
	}
	for _, w := range c.With {
		// A copy, so that rewriting it below leaves the original alone.
		dst := filepath.Join(tmp, "with-"+strconv.Itoa(len(rep.Binaries)))
		b, err := os.ReadFile(w[1])
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o755); err != nil {
			return err
		}
		rep.Binaries = append(rep.Binaries, &Binary{Name: w[0], Path: dst, Size: int64(len(b))})
	}
	for _, n := range c.Sizes {
		dir := filepath.Join(tmp, fmt.Sprintf("synth-%d", n))
		if err := writePolicy(dir, synthPolicy(n, c.Seed, c.Order), ""); err != nil {
			return err
		}
		b, err := buildPolicy(dir, filepath.Join(tmp, fmt.Sprintf("hook-%d", n)), fmt.Sprintf("synthetic %d", n))
		if err != nil {
			return err
		}
		b.Synthetic = true
		rep.Binaries = append(rep.Binaries, b)
		c.logf("built synthetic %d: %d rules, %d bytes, load %v, build %v", n, b.Rules, b.Size, b.Load.Round(time.Millisecond), b.Build.Round(time.Millisecond))
	}
	return nil
}

// answer writes the payloads into tmp and runs every binary once on each,
// through a pipe, to record what it answers; it returns the environment of
// the runs, in the project directory.
func answer(rep *Report, tmp, project string) ([]string, error) {
	for _, p := range rep.Payloads {
		p.file = filepath.Join(tmp, "payload-"+p.Name+".json")
		if err := os.WriteFile(p.file, p.Data, 0o644); err != nil {
			return nil, err
		}
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + filepath.Join(tmp, "home"), "CLAUDE_PROJECT_DIR=" + project}
	for _, b := range rep.Binaries {
		for _, p := range rep.Payloads {
			cmd := exec.Command(b.Path)
			cmd.Stdin = bytes.NewReader(p.Data)
			cmd.Env = env
			out, err := cmd.Output()
			if err != nil {
				return nil, fmt.Errorf("%s on %s: %v", b.Name, p.Name, err)
			}
			b.out = append(b.out, decisionOf(out))
		}
	}
	return env, nil
}

// timeAll builds the timer and times every binary on every payload, round
// after round; it returns the timer's path.
func timeAll(c *Config, rep *Report, tmp string, env []string) (string, error) {
	timer, err := buildGo(tmp, "timer", map[string]string{"main.go": timerMain})
	if err != nil {
		return "", err
	}
	for _, b := range rep.Binaries {
		b.wall = make([][]time.Duration, len(rep.Payloads))
		b.cpu = make([][]time.Duration, len(rep.Payloads))
	}
	rep.Load[0] = loadavg()
	t0 := time.Now()
	c.logf("timing: %d rounds of %d binaries on %d payloads", c.Rounds, len(rep.Binaries), len(rep.Payloads))
	err = runTimer(timer, "time", c.Rounds, c.Warmup, c.Seed, c.Nice, env, rep, func(b *Binary, pi int, wall, cpu time.Duration, _ int64) {
		b.wall[pi] = append(b.wall[pi], wall)
		b.cpu[pi] = append(b.cpu[pi], cpu)
	})
	rep.Elapsed = time.Since(t0)
	rep.Load[1] = loadavg()
	return timer, err
}

// rewrite replaces the file at path with a copy written by one write(2).
func rewrite(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// runTimer runs the timer and calls record for every run it reports.
func runTimer(timer, mode string, rounds, warmup int, seed int64, nice int, env []string, rep *Report, record func(b *Binary, pi int, wall, cpu time.Duration, rss int64)) error {
	args := []string{mode, fmt.Sprint(rounds), fmt.Sprint(warmup), fmt.Sprint(seed), fmt.Sprint(len(rep.Binaries))}
	for _, b := range rep.Binaries {
		args = append(args, b.Path)
	}
	for _, p := range rep.Payloads {
		args = append(args, p.file)
	}
	cmd := exec.Command(timer, args...)
	cmd.Env = append(slices.Clip(env), fmt.Sprintf("TIMER_REFRESH=%d", refreshRounds))
	if nice != 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("TIMER_NICE=%d", nice))
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("timer: %v\n%s", err, stderr.Bytes())
	}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		switch {
		case len(f) == 1 && f[0] == "vfork":
			rep.VforkRSS = true
			continue
		case len(f) == 2 && f[0] == "self":
			fmt.Sscan(f[1], &rep.TimerRSS)
			rep.TimerRSS *= 1024
			continue
		case len(f) != 6:
			return fmt.Errorf("timer: bad line %q", line)
		}
		var v [6]int64
		for i := range v {
			if _, err := fmt.Sscan(f[i], &v[i]); err != nil {
				return fmt.Errorf("timer: bad line %q", line)
			}
		}
		if v[1] < 0 || int(v[1]) >= len(rep.Payloads) || v[2] < 0 || int(v[2]) >= len(rep.Binaries) {
			return fmt.Errorf("timer: bad line %q", line)
		}
		record(rep.Binaries[v[2]], int(v[1]), time.Duration(v[3]), time.Duration(v[4]), v[5]*1024)
	}
	return nil
}

// decisionOf summarises a hook's output: its permissionDecision, or the
// output itself.
func decisionOf(out []byte) string {
	var v struct {
		HSO struct {
			Decision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal(out, &v) == nil && v.HSO.Decision != "" {
		return v.HSO.Decision
	}
	return strings.TrimSpace(string(out))
}

const floorMain = `// The floor: the least a Go hook can do.
package main

import (
	"io"
	"os"
)

func main() {
	io.ReadAll(os.Stdin)
	os.Stdout.WriteString("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"ask\"}}\n")
}
`

// floorShMain is the floor with the shell parser's package imported and
// unused: what the package's initialisation costs every hook that parses
// shell (mvdan.cc/sh/v3/syntax imports fileutil, which compiles two
// regular expressions at init).
const floorShMain = `// The floor, with mvdan.cc/sh/v3/syntax linked in.
package main

import (
	"io"
	"os"

	_ "mvdan.cc/sh/v3/syntax"
)

func main() {
	io.ReadAll(os.Stdin)
	os.Stdout.WriteString("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"ask\"}}\n")
}
`

// refreshRounds is how often the timer rewrites the binaries (see
// TIMER_REFRESH in timer/main.go).
const refreshRounds = 10

// buildFloorSh builds the floor + sh reference binary, requiring the
// version of mvdan.cc/sh that hookc's hooks use.
func buildFloorSh(tmp string) (string, error) {
	sum, err := hookc.Source.ReadFile("go.sum")
	if err != nil {
		return "", err
	}
	mod, err := hookc.Source.ReadFile("go.mod")
	if err != nil {
		return "", err
	}
	version := ""
	for line := range strings.Lines(string(mod)) {
		if f := strings.Fields(line); len(f) >= 2 && f[len(f)-2] == "mvdan.cc/sh/v3" {
			version = f[len(f)-1]
		}
	}
	if version == "" {
		return "", fmt.Errorf("go.mod does not require mvdan.cc/sh/v3")
	}
	return buildGo(tmp, "floor-sh", map[string]string{
		"main.go": floorShMain,
		"go.mod":  "module floor-sh\n\ngo 1.26\n\nrequire mvdan.cc/sh/v3 " + version + "\n",
		"go.sum":  string(sum),
	})
}

// buildGo builds a one-package main module from files into tmp/name, the
// way hookc builds hooks: static, trimmed, stripped.
func buildGo(tmp, name string, files map[string]string) (string, error) {
	dir := filepath.Join(tmp, name+"-src")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if files["go.mod"] == "" {
		files["go.mod"] = "module " + name + "\n\ngo 1.26\n"
	}
	for f, src := range files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644); err != nil {
			return "", err
		}
	}
	goTool, err := build.GoTool()
	if err != nil {
		return "", err
	}
	out := filepath.Join(tmp, name)
	cmd := exec.Command(goTool, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", out, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the %s: %v\n%s", name, err, msg)
	}
	return out, nil
}

// buildPolicy loads the policy in dir and links its hook into out.
func buildPolicy(dir, out, name string) (*Binary, error) {
	t0 := time.Now()
	p, err := load.Dir(dir)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %v", dir, err)
	}
	t1 := time.Now()
	if err := build.Binary(p.Table, out); err != nil {
		return nil, fmt.Errorf("building %s: %v", dir, err)
	}
	t2 := time.Now()
	fi, err := os.Stat(out)
	if err != nil {
		return nil, err
	}
	return &Binary{Name: name, Rules: len(p.Table.Rules), Path: out, Size: fi.Size(), Load: t1.Sub(t0), Build: t2.Sub(t1)}, nil
}

// writePolicy writes a policy's source (and tests, if any) into dir.
func writePolicy(dir, src, tests string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(src), 0o644); err != nil {
		return err
	}
	if tests != "" {
		return os.WriteFile(filepath.Join(dir, "tests.cue"), []byte(tests), 0o644)
	}
	return nil
}

// writeProject lays out a small project for the payloads' paths to exist.
func writeProject(dir string) error {
	files := map[string]string{
		"go.mod":              "module example.com/shop\n",
		"cmd/shop/main.go":    "package main\n\nfunc main() {}\n",
		"internal/cart/a.go":  "package cart\n",
		"README.md":           "# shop\n",
		".env.example":        "TOKEN=\n",
		"internal/cart/b.go":  "package cart\n",
		"testdata/order.json": "{}\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// payloads are the calls every binary answers.
func payloads(project string) []*Payload {
	call := func(tool string, input map[string]any) []byte {
		b, err := json.Marshal(map[string]any{
			"session_id":      "5c1e7d2a-bench",
			"transcript_path": "/home/dev/.claude/projects/shop/5c1e7d2a-bench.jsonl",
			"cwd":             project,
			"permission_mode": "default",
			"hook_event_name": "PreToolUse",
			"tool_name":       tool,
			"tool_input":      input,
		})
		if err != nil {
			panic(err)
		}
		return b
	}
	long := "cd " + project + " && find . -name '*.go' -not -path './vendor/*' -print0 | xargs -0 grep -n 'TODO' | sort | uniq -c | sort -rn | head -50 > /tmp/todo.txt && " +
		"GOFLAGS=-count=1 go test ./... 2>&1 | tee test.log | tail -20; for f in cmd/*/main.go; do gofmt -l \"$f\"; done && " +
		"git diff --stat HEAD~1 -- internal/ && echo \"done: $(date +%s)\""
	var content strings.Builder
	content.WriteString("package cart\n\n")
	for i := range 40 {
		fmt.Fprintf(&content, "// Line %d of a generated file that the agent writes.\nfunc f%d() int { return %d }\n\n", i, i, i)
	}
	return []*Payload{
		{Name: "bash-short", Desc: "Bash `git status`", Data: call("Bash", map[string]any{"command": "git status", "description": "Show working tree status"})},
		{Name: "bash-long", Desc: fmt.Sprintf("Bash, %d-byte pipeline of 13 commands", len(long)), Data: call("Bash", map[string]any{"command": long, "description": "Find TODOs and run the tests"})},
		{Name: "read", Desc: "Read a project file", Data: call("Read", map[string]any{"file_path": filepath.Join(project, "internal/cart/a.go")})},
		{Name: "write", Desc: fmt.Sprintf("Write a %d-byte file", content.Len()), Data: call("Write", map[string]any{"file_path": filepath.Join(project, "internal/cart/c.go"), "content": content.String()})},
		{Name: "mcp", Desc: "MCP `mcp__github__create_issue`", Data: call("mcp__github__create_issue", map[string]any{
			"owner": "example", "repo": "shop", "title": "Cart total is wrong for discounts",
			"body": "Steps:\n1. add two items\n2. apply SAVE10\n\nExpected 18.00, got 20.00.", "labels": []string{"bug", "cart"}})},
	}
}

// loadavg returns the 1, 5 and 15-minute load averages, or zeros.
func loadavg() [3]float64 {
	var l [3]float64
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return l
	}
	f := strings.Fields(string(b))
	for i := 0; i < 3 && i < len(f); i++ {
		fmt.Sscan(f[i], &l[i])
	}
	return l
}
