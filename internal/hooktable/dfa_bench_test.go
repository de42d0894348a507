package hooktable_test

import (
	"os"
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/synth"
)

// BenchmarkGenerated measures what hookc build spends in hooktable.Generated, most of it
// building automata (design.md 63), for the guard and for a synthetic
// policy of 1,000 rules.
func BenchmarkGenerated(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(1000, 1, "random")), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, dir string }{{"guard", "../../examples/guard"}, {"synthetic1000", dir}} {
		b.Run(c.name, func(b *testing.B) {
			p, err := load.Dir(c.dir)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := hooktable.Generated(p.Table); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
