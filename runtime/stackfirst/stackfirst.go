// Package stackfirst grows the main goroutine's stack before any other
// package of the hook is initialised (design.md 381). Go initialises
// packages in the order of their import paths, each after those it
// imports; this one imports nothing and sorts before mvdan.cc, whose
// initialisation (regular expressions compiled) is the deepest.
package stackfirst

func init() { grow(0) }

// grow asks for a frame of 16 KiB, which makes the runtime grow the
// stack to 32 KiB while two frames are on it: grown by doubling later,
// it would be copied with every frame on it, each looked up in the
// function tables. The frame is not written.
//
//go:noinline
func grow(n int) {
	if n > 0 {
		var b [16 << 10]byte
		keep(b[:n])
	}
}

//go:noinline
func keep(b []byte) { b[len(b)-1] = 1 }
