package jail

import (
	"testing"
	"time"
)

// BenchmarkRun measures one line's round trip through a worker; bash-ns/op
// is the part bash itself takes.
func BenchmarkRun(b *testing.B) {
	j := startJail(b, []string{"sort"})
	for _, line := range []string{"true", "ls", "echo x > ~/M", "sort a.txt"} {
		b.Run(line, func(b *testing.B) {
			var bash time.Duration
			for b.Loop() {
				out, err := j.Run(line)
				if err != nil {
					b.Fatal(err)
				}
				bash += out.Elapsed
			}
			b.ReportMetric(float64(bash.Nanoseconds())/float64(b.N), "bash-ns/op")
		})
	}
}
