package main

import (
	"testing"

	"hookc.dev/hookc/runtime"
)

func TestCPUProfileShort(t *testing.T) {
	tb := synthetic1000((*testing.B)(nil))
	env := benchEnv()
	p := benchPayloads()[0]
	for range 200000 {
		runtime.Decide(tb, p.Data, env)
	}
}
