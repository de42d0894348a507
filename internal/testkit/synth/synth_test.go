package synth_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/synth"
)

func TestDeterministic(t *testing.T) {
	t.Parallel()
	a := synth.Policy(200, 42, synth.Random)
	if b := synth.Policy(200, 42, synth.Random); a != b {
		t.Fatal("two calls with the same arguments differ")
	}
	if c := synth.Policy(200, 43, synth.Random); a == c {
		t.Fatal("two seeds give the same policy")
	}
}

// write writes a synthetic policy to a temporary directory and loads it.
func write(t testing.TB, n int, seed int64, order string) *load.Policy {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "synth")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(n, seed, order)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatalf("the generated policy does not load: %v", err)
	}
	return p
}

func TestLoads(t *testing.T) {
	if testing.Short() {
		t.Skip("loads synthetic policies of hundreds of rules")
	}
	t.Parallel()
	for _, order := range []string{synth.Random, synth.Severity} {
		p := write(t, 300, 1, order)
		if got := len(p.Table.Rules); got != 300 {
			t.Errorf("%s: %d rules, want 300", order, got)
		}
		names := map[string]bool{}
		tools, programs := 0, 0
		for _, r := range p.Table.Rules {
			names[r.Name] = true
			if r.Cmd != nil {
				programs++
			} else {
				tools++
			}
		}
		if len(names) != 300 || tools < 60 || programs < 100 {
			t.Errorf("%s: %d names, %d tool rules, %d command rules", order, len(names), tools, programs)
		}
		if order == synth.Severity {
			rank := map[string]int{"deny": 0, "ask": 1, "pass": 2, "allow": 3}
			for i := 1; i < len(p.Table.Rules); i++ {
				if rank[p.Table.Rules[i-1].Decision.String()] > rank[p.Table.Rules[i].Decision.String()] {
					t.Fatalf("rule %d is out of severity order", i)
				}
			}
		}
	}
}

// TestVet vets a 200-rule policy in both orders, quickly; TestVet1000 does
// the 1,000 rules.
func TestVet(t *testing.T) {
	if testing.Short() {
		t.Skip("vets synthetic policies of hundreds of rules")
	}
	t.Parallel()
	for _, order := range []string{synth.Random, synth.Severity} {
		p := write(t, 200, 1, order)
		start := time.Now()
		findings, err := vet.Run(p, vet.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d findings in %v", order, len(findings), time.Since(start))
		for _, d := range findings {
			if d.Certainty == vet.NotAnalysed {
				t.Errorf("not analysed: %s", d)
			}
		}
	}
}

// TestVet1000 checks the numbers: vet on a generated 1,000-rule
// policy in under 5 seconds and under 1 GiB, in random and in severity
// order. It takes a few seconds per order, so it runs only with
// HOOKC_BENCH=1 (the command-level figures come from timing hookc vet on
// the same policies; see the package documentation).
func TestVet1000(t *testing.T) {
	if os.Getenv("HOOKC_BENCH") != "1" {
		t.Skip("set HOOKC_BENCH=1 to vet 1,000 rules")
	}
	for _, order := range []string{synth.Random, synth.Severity} {
		p := write(t, 1000, 1, order)
		runtime.GC()
		peak, stop := sampleMemory()
		start := time.Now()
		findings, err := vet.Run(p, vet.Options{})
		took := time.Since(start)
		stop()
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, d := range findings {
			kinds[d.Check+"/"+d.Certainty]++
		}
		t.Logf("%s: %v, %d MiB, %d findings %v", order, took, peak.Load()>>20, len(findings), kinds)
		if took > 5*time.Second {
			t.Errorf("%s: vet took %v, want under 5s", order, took)
		}
		if peak.Load() > 1<<30 {
			t.Errorf("%s: vet used %d MiB, want under 1 GiB", order, peak.Load()>>20)
		}
	}
}

// sampleMemory samples the memory the Go runtime holds from the system
// every few milliseconds, keeping the peak, until stop is called.
func sampleMemory() (*atomic.Uint64, func()) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.Sys > peak.Load() {
				peak.Store(ms.Sys)
			}
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return &peak, func() { close(done); wg.Wait() }
}

// BenchmarkVet1000 vets the 1,000-rule policies.
func BenchmarkVet1000(b *testing.B) {
	for _, order := range []string{synth.Random, synth.Severity} {
		b.Run(order, func(b *testing.B) {
			p := write(b, 1000, 1, order)
			b.ResetTimer()
			for range b.N {
				if _, err := vet.Run(p, vet.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestUnknownOrder(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "unknown order") {
			t.Errorf("recovered %v", r)
		}
	}()
	synth.Policy(1, 1, "alphabetical")
}
