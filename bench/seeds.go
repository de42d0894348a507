package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// The seed benchmark (go run ./bench -seeds): the hooks of the seeds the
// examples reproduce, measured the way the main benchmark measures hooks,
// side by side in one run of the timer.
//
//   - seed 001's Python hook, extracted from the seed document now and run
//     with python3, as written and with its field names fixed, against
//     examples/boundary, on the same payloads: the latency ratio and the
//     agreement of their decisions;
//   - the guard hook with no audit log, with the audit log on, and, with
//     -before, built by another hookc (a checkout of an earlier version):
//     what the audit log costs, and what this version costs without it.

// SeedConfig is what a seed benchmark run measures.
type SeedConfig struct {
	Config
	Seeds  string // the directory of the seed documents
	Before string // a checkout of another hookc whose guard hook is timed too; "" leaves it out
}

// seedPayloads are the calls every binary of the seed benchmark answers: the
// boundary's cases, in the shape Claude Code 2.1.328 sends them.
func seedPayloads(project string) []*Payload {
	call := func(name, desc, tool string, input map[string]any, agent bool) *Payload {
		m := map[string]any{
			"session_id":      "7354305d-846c-45c1-bb94-40adc769cecf",
			"transcript_path": "/home/user/.claude/projects/-home-user-project/7354305d.jsonl",
			"cwd":             project,
			"prompt_id":       "99b010aa-5c8a-45d7-9175-128f74e7f332",
			"permission_mode": "default",
			"effort":          map[string]any{"level": "medium"},
			"hook_event_name": "PreToolUse",
			"tool_name":       tool,
			"tool_input":      input,
			"tool_use_id":     "toolu_s1",
		}
		if agent {
			m["agent_id"], m["agent_type"] = "a89c315426db5e5fd", "general-purpose"
		}
		b, err := json.Marshal(m)
		if err != nil {
			panic(err)
		}
		return &Payload{Name: name, Desc: desc, Data: b}
	}
	file := filepath.Join(project, "internal/cart/c.go")
	return []*Payload{
		call("write", "main-session Write", "Write", map[string]any{"file_path": file, "content": "package cart\n"}, false),
		call("edit", "main-session Edit", "Edit", map[string]any{"file_path": file, "old_string": "a", "new_string": "b"}, false),
		call("multiedit", "main-session MultiEdit", "MultiEdit", map[string]any{"file_path": file, "edits": []any{}}, false),
		call("notebook", "main-session NotebookEdit", "NotebookEdit", map[string]any{"notebook_path": filepath.Join(project, "n.ipynb"), "new_source": "x"}, false),
		call("sub-write", "sub-agent Write", "Write", map[string]any{"file_path": file, "content": "package cart\n"}, true),
		call("sub-edit", "sub-agent Edit", "Edit", map[string]any{"file_path": file, "old_string": "a", "new_string": "b"}, true),
		call("read", "main-session Read", "Read", map[string]any{"file_path": file}, false),
		call("bash", "main-session Bash `git status`", "Bash", map[string]any{"command": "git status"}, false),
	}
}

// seed001Python extracts the Python hook of seed 001 from its document:
// the first ```python block after "PreToolUse Hook Script". fixed applies
// the two repairs the seed needs to see a real payload: the protocol's
// field names, and sub-agents recognised by agent_id.
func seed001Python(doc []byte, python string, fixed bool) (string, error) {
	m := regexp.MustCompile("(?s)PreToolUse Hook Script.*?```python\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		return "", fmt.Errorf("seed 001: no python block after \"PreToolUse Hook Script\"")
	}
	src := string(m[1])
	if !strings.HasPrefix(src, "#!/usr/bin/env python3\n") {
		return "", fmt.Errorf("seed 001: the hook does not start with #!/usr/bin/env python3")
	}
	// Run the interpreter directly, as a hook registered by its path would
	// with python3 on the PATH, without env's own exec.
	src = "#!" + python + "\n" + strings.TrimPrefix(src, "#!/usr/bin/env python3\n")
	if fixed {
		for _, r := range [][2]string{
			{`hook_input.get("toolName", "")`, `hook_input.get("tool_name", "")`},
			{`hook_input.get("toolInput", {})`, `hook_input.get("tool_input", {})` +
				"\n        if hook_input.get(\"agent_id\"):\n            os.environ[\"CLAUDE_AGENT_NAME\"] = hook_input.get(\"agent_type\") or \"agent\""},
		} {
			if !strings.Contains(src, r[0]) {
				return "", fmt.Errorf("seed 001: %q not found", r[0])
			}
			src = strings.Replace(src, r[0], r[1], 1)
		}
	}
	return src, nil
}

// pythonPath returns the python3 interpreter itself, not a wrapper script
// (pyenv's shims are shell scripts).
func pythonPath() (string, error) {
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return "", fmt.Errorf("python3: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// RunSeeds builds the binaries of the seed benchmark and times them.
func RunSeeds(c SeedConfig) (*Report, error) {
	rep := &Report{Config: c.Config, Start: time.Now()}
	tmp, err := os.MkdirTemp("", "hookc-seeds-")
	if err != nil {
		return nil, err
	}
	if c.Keep {
		c.logf("keeping %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	python, err := pythonPath()
	if err != nil {
		return nil, err
	}
	doc, err := os.ReadFile(filepath.Join(c.Seeds, "001_290b89bf9798ed58.txt"))
	if err != nil {
		return nil, err
	}
	add := func(b *Binary, err error) error {
		if err != nil {
			return err
		}
		rep.Binaries = append(rep.Binaries, b)
		c.logf("built %s (%d bytes)", b.Name, b.Size)
		return nil
	}
	floor, err := buildGo(tmp, "floor", map[string]string{"main.go": floorMain})
	if err := add(statBinary("floor", floor, err)); err != nil {
		return nil, err
	}
	rep.Binaries[0].Floor = true
	if err := add(buildPolicy(filepath.Join(filepath.Dir(c.Guard), "boundary"), filepath.Join(tmp, "boundary"), "boundary")); err != nil {
		return nil, err
	}
	for _, fixed := range []bool{false, true} {
		if err := add(seedPython(doc, python, tmp, fixed)); err != nil {
			return nil, err
		}
	}
	if err := add(buildPolicy(c.Guard, filepath.Join(tmp, "guard"), "guard")); err != nil {
		return nil, err
	}
	audited, logPath, err := auditedGuard(c.Guard, tmp)
	if err != nil {
		return nil, err
	}
	if err := add(buildPolicy(audited, filepath.Join(tmp, "guard-audit.bin"), "guard, audit log on")); err != nil {
		return nil, err
	}
	if c.Before != "" {
		if err := add(buildBefore(c.Before, c.Guard, tmp)); err != nil {
			return nil, err
		}
	}
	for _, b := range rep.Binaries {
		if !strings.HasSuffix(b.Path, ".py") {
			if err := rewrite(b.Path); err != nil {
				return nil, err
			}
		}
	}

	project := filepath.Join(tmp, "project")
	if err := writeProject(project); err != nil {
		return nil, err
	}
	rep.Payloads = seedPayloads(project)
	env, err := answer(rep, tmp, project)
	if err != nil {
		return nil, err
	}
	if _, err := timeAll(&c.Config, rep, tmp, env); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(logPath); err == nil {
		c.logf("audit log: %d bytes", fi.Size())
	}
	return rep, nil
}

// seedPython writes seed 001's Python hook into tmp, with its field names
// fixed or as the seed has them.
func seedPython(doc []byte, python, tmp string, fixed bool) (*Binary, error) {
	name := "seed 001 python"
	if fixed {
		name += ", fixed"
	}
	src, err := seed001Python(doc, python, fixed)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(tmp, strings.NewReplacer(" ", "-", ",", "").Replace(name)+".py")
	if err := os.WriteFile(path, []byte(src), 0o755); err != nil {
		return nil, err
	}
	return statBinary(name, path, nil)
}

// auditedGuard copies the guard policy into tmp with the audit log on, and
// returns the copy and the log's path.
func auditedGuard(guard, tmp string) (dir, logPath string, err error) {
	dir = filepath.Join(tmp, "guard-audit")
	if err := copyPolicy(guard, dir); err != nil {
		return "", "", err
	}
	logPath = filepath.Join(tmp, "audit", "guard.jsonl")
	if err := os.WriteFile(filepath.Join(dir, "zz_audit.cue"), []byte("package guard\n\naudit: path: "+quote(logPath)+"\n"), 0o644); err != nil {
		return "", "", err
	}
	return dir, logPath, nil
}

func statBinary(name, path string, err error) (*Binary, error) {
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return &Binary{Name: name, Path: path, Size: fi.Size()}, nil
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// copyPolicy copies the .cue files of a policy directory.
func copyPolicy(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	names, err := filepath.Glob(filepath.Join(from, "*.cue"))
	if err != nil {
		return err
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, filepath.Base(n)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// buildBefore builds the hookc of the checkout dir and with it the guard
// policy: the guard as that version of hookc builds it.
func buildBefore(dir, guard, tmp string) (*Binary, error) {
	hookc := filepath.Join(tmp, "hookc-before")
	cmd := exec.Command("go", "build", "-o", hookc, "./cmd/hookc")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building hookc in %s: %v\n%s", dir, err, out)
	}
	abs, err := filepath.Abs(guard)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(tmp, "guard-before")
	cmd = exec.Command(hookc, "build", "-o", out, abs)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the guard with %s: %v\n%s", dir, err, msg)
	}
	return statBinary("guard, built by -before", out, nil)
}

// SeedMarkdown reports a seed benchmark run.
func (r *Report) SeedMarkdown() string {
	var b strings.Builder
	by := map[string]*Binary{}
	for _, x := range r.Binaries {
		by[x.Name] = x
	}
	fmt.Fprintf(&b, "# Seed benchmark\n\n`go run ./bench -seeds`: %d rounds after %d warm-up rounds, %s, load average %.1f before and %.1f after, %s.\n\n",
		r.Config.Rounds, r.Config.Warmup, r.Start.UTC().Format("2006-01-02 15:04 MST"), r.Load[0][0], r.Load[1][0], r.Elapsed.Round(time.Second))
	b.WriteString("| binary | median wall | median paired ratio to the floor |\n| --- | ---: | ---: |\n")
	floor := r.floor()
	for _, x := range r.Binaries {
		fmt.Fprintf(&b, "| %s | %.3f ms | %.3f |\n", x.Name, median(x.samples(-1, "wall")), median(allRatios(x, floor)))
	}
	bd := by["boundary"]
	b.WriteString("\n## Seed 001: its Python hook against examples/boundary\n\n")
	b.WriteString("Median of paired ratios (each round's Python time over the boundary hook's on the same payload), and each one's decision:\n\n")
	b.WriteString("| payload | Python / boundary | boundary | Python as written | Python, fields fixed |\n| --- | ---: | --- | --- | --- |\n")
	py, pyFixed := by["seed 001 python"], by["seed 001 python, fixed"]
	agree := [2]int{}
	for pi, p := range r.Payloads {
		fmt.Fprintf(&b, "| %s | %.1f | %s | %s | %s |\n", p.Desc, median(py.ratios(bd, pi)), bd.out[pi], py.out[pi], pyFixed.out[pi])
		for k, x := range []*Binary{py, pyFixed} {
			if blocks(x.out[pi]) == blocks(bd.out[pi]) {
				agree[k]++
			}
		}
	}
	fmt.Fprintf(&b, "\nOver all payloads the Python hook takes %.1f times as long as the boundary hook (median of paired ratios; %.1f for the fixed one).\n",
		median(allRatios(py, bd)), median(allRatios(pyFixed, bd)))
	fmt.Fprintf(&b, "They agree on whether the call is denied for %d of %d payloads as the seed is written (it reads `toolName`, so it denies nothing), and for %d of %d with its field names fixed. Where the boundary passes (`{}`) the seed allows: the boundary stands aside for tools it does not restrict (examples/boundary/README.md).\n",
		agree[0], len(r.Payloads), agree[1], len(r.Payloads))
	g, ga := by["guard"], by["guard, audit log on"]
	b.WriteString("\n## The audit log\n\n")
	fmt.Fprintf(&b, "| guard hook | median wall | paired ratio to the guard without the log |\n| --- | ---: | ---: |\n")
	fmt.Fprintf(&b, "| without the log | %.3f ms | 1 |\n", median(g.samples(-1, "wall")))
	fmt.Fprintf(&b, "| audit log on | %.3f ms | %.3f |\n", median(ga.samples(-1, "wall")), median(allRatios(ga, g)))
	if gb := by["guard, built by -before"]; gb != nil {
		fmt.Fprintf(&b, "| built by -before | %.3f ms | %.3f |\n", median(gb.samples(-1, "wall")), median(allRatios(gb, g)))
	}
	return b.String()
}

// allRatios returns b's paired ratios to base over every payload.
func allRatios(b, base *Binary) []float64 {
	var out []float64
	for pi := range b.wall {
		out = append(out, b.ratios(base, pi)...)
	}
	if len(out) == 0 {
		return []float64{math.NaN()}
	}
	return out
}

// blocks reports whether a decision summary denies the call.
func blocks(decision string) bool { return decision == "deny" }
