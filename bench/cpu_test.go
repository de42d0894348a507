package main

import (
	"fmt"
	"syscall"
	"testing"

	"hookc.dev/hookc/runtime"
)

func cpuNow() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func TestCPUPerOp(t *testing.T) {
	tb := synthetic1000((*testing.B)(nil))
	env := benchEnv()
	for _, p := range benchPayloads() {
		n := 20000
		if p.Name == "bash-long" || p.Name == "bash-worst" {
			n = 2000
		}
		for range 1000 {
			runtime.Decide(tb, p.Data, env)
		}
		best := int64(1 << 62)
		for range 5 {
			c0 := cpuNow()
			for range n {
				runtime.Decide(tb, p.Data, env)
			}
			if d := (cpuNow() - c0) / int64(n); d < best {
				best = d
			}
		}
		fmt.Printf("%-12s %6d ns/op CPU (best of 5)\n", p.Name, best)
	}
}
