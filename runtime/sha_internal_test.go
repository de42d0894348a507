package runtime

import (
	"crypto/sha1"
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestSHA compares the hook's own digests with the standard library's on
// every length around the block and padding edges and on random inputs.
func TestSHA(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(b []byte) {
		t.Helper()
		if got, want := sha1Sum(b), sha1.Sum(b); got != want {
			t.Fatalf("sha1Sum of %d bytes = %x, want %x", len(b), got, want)
		}
		if got, want := sha256Sum(b), sha256.Sum256(b); got != want {
			t.Fatalf("sha256Sum of %d bytes = %x, want %x", len(b), got, want)
		}
	}
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		check(b)
	}
	for range 50 {
		b := make([]byte, r.IntN(1<<16))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		check(b)
	}
}
