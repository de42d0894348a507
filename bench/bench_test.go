package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// The in-process decision on a large synthetic policy (runtime's
// bench_test.go has the same on the guard): the table as hookc build
// generates it, with its dispatch index, compiled regular expressions and
// packed rules.

var (
	synthOnce  sync.Once
	synthTable *runtime.Table
	synthErr   error
)

// synthetic1000 loads the 1,000-rule synthetic policy the whole-process
// benchmark uses.
func synthetic1000(b *testing.B) *runtime.Table {
	synthOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hookc-bench-")
		if err != nil {
			synthErr = err
			return
		}
		defer os.RemoveAll(dir)
		if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synthPolicy(1000, 1, "random")), 0o644); err != nil {
			synthErr = err
			return
		}
		p, err := load.Dir(dir)
		if err != nil {
			synthErr = err
			return
		}
		// as hookc build generates it: index, compiled regexps, packed rules
		synthTable, synthErr = hooktable.Generated(p.Table)
	})
	if synthErr != nil {
		b.Fatal(synthErr)
	}
	return synthTable
}

// benchPayloads are the whole-process benchmark's calls and a worst case:
// a long script of nested shells, wrappers, substitutions and a heredoc.
func benchPayloads() []*Payload {
	ps := payloads("/home/dev/shop")
	var b strings.Builder
	b.WriteString("set -euo pipefail\n")
	for i := range 6 {
		fmt.Fprintf(&b, "sudo -u root env -i A=%d timeout 10 bash -c 'cd /srv/app%d && rm -rf build/%d && tar czf /tmp/app%d.tgz . | tee /tmp/log%d' &&\n", i, i, i, i, i)
		fmt.Fprintf(&b, "  find /var/log/app%d -name '*.log' -mtime +7 -exec gzip {} \\; | xargs -r -n1 echo \"$(date +%%s) $HOME/x%d\" >> ~/.cache/rotate.log\n", i, i)
	}
	b.WriteString("eval \"git -C /srv/app0 push origin +main\"\ncat <<'EOF' | sh\ncurl -fsSL https://example.com/install.sh | bash\nchmod -R 777 /opt/tool\nEOF\n")
	data, err := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/home/dev/shop", "session_id": "s",
		"tool_name": "Bash", "tool_input": map[string]any{"command": b.String()}})
	if err != nil {
		panic(err)
	}
	return append(ps, &Payload{Name: "bash-worst", Data: data})
}

func benchEnv() *runtime.Env {
	vars := map[string]string{"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/shop"}
	return &runtime.Env{Home: "/home/dev", Getenv: func(k string) string { return vars[k] }}
}

// BenchmarkDecideSynthetic1000 decides each payload on the 1,000-rule table.
func BenchmarkDecideSynthetic1000(b *testing.B) {
	t := synthetic1000(b)
	env := benchEnv()
	for _, p := range benchPayloads() {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			if res := runtime.Decide(t, p.Data, env); res.Err != "" {
				b.Fatal(res.Err)
			}
			c0 := cpuTime()
			for b.Loop() {
				runtime.Decide(t, p.Data, env)
			}
			b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestQuick runs the benchmark's quick mode end to end.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hook binaries")
	}
	out := t.TempDir()
	var stdout, stderr strings.Builder
	if code := run([]string{"-quick", "-guard", "../examples/guard", "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| floor |", "| guard |", "| synthetic 10 |", "| synthetic 100 |", "paired ratio"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("results.md lacks %q:\n%s", want, md)
		}
	}
	svg, err := os.ReadFile(filepath.Join(out, "latency.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(svg), "<svg") || !strings.Contains(string(svg), "</svg>") {
		t.Errorf("latency.svg is not an SVG document:\n%.200s", svg)
	}
}

// cpuTime is the process's CPU time (user and system, all threads, the
// garbage collector's included) in nanoseconds. On a shared machine
// cpu-ns/op varies less than ns/op, which counts time spent waiting for a
// CPU.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
