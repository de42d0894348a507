package main

import "hookc.dev/hookc/internal/testkit/synth"

// synthPolicy returns the CUE source of a synthetic n-rule policy.
func synthPolicy(n int, seed int64, order string) string {
	return synth.Policy(n, seed, order)
}
