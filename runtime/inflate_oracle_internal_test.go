package runtime

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// zlibReference is what gitStore asked of compress/zlib before design.md
// 443: a stream whose first 16 bytes (or all, if fewer) inflate.
func zlibReference(b []byte) bool {
	r, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return false
	}
	n, err := io.ReadFull(r, make([]byte, 16))
	return n > 0 && (err == nil || err == io.ErrUnexpectedEOF || err == io.EOF)
}

// TestInflateOracle holds zlibInflates to compress/zlib: every stream
// compress/zlib writes, at every level, of text, random and repeated
// bytes and git's loose objects, is one, but the empty ones; and of
// random bytes after a valid header, none that compress/zlib inflates is
// missed. zlibInflates may take more (it does not read a whole block
// before it answers): those are counted, and bounded.
func TestInflateOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 443))
	contents := map[string]func(n int) []byte{
		"text": func(n int) []byte {
			return bytes.Repeat([]byte("password = hunter22, the quick brown fox\n"), n/40+1)[:n]
		},
		"random": func(n int) []byte {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			return b
		},
		"repeated": func(n int) []byte { return bytes.Repeat([]byte{'a'}, n) },
		"object": func(n int) []byte {
			return append([]byte(fmt.Sprintf("blob %d\x00", n)), bytes.Repeat([]byte("CANARY\n"), n/7+1)[:n]...)
		},
	}
	streams := 0
	for name, content := range contents {
		for _, n := range []int{0, 1, 2, 5, 15, 16, 17, 63, 64, 65, 100, 1000, 40000, 70000} {
			for _, level := range []int{zlib.NoCompression, zlib.BestSpeed, zlib.DefaultCompression, zlib.BestCompression, zlib.HuffmanOnly} {
				var buf bytes.Buffer
				w, _ := zlib.NewWriterLevel(&buf, level)
				w.Write(content(n))
				w.Close()
				b := buf.Bytes()
				streams++
				if got, want := zlibInflates(b), zlibReference(b); got != want || got != (n > 0 || name == "object") {
					t.Errorf("%s of %d bytes at level %d: zlibInflates %v, compress/zlib %v", name, n, level, got, want)
				}
				// A stream cut short is one still if compress/zlib reads
				// anything of it.
				for _, cut := range []int{len(b) / 2, len(b) - 5} {
					if cut > 2 && zlibReference(b[:cut]) && !zlibInflates(b[:cut]) {
						t.Errorf("%s of %d bytes at level %d, cut at %d: compress/zlib inflates it, zlibInflates does not", name, n, level, cut)
					}
				}
			}
		}
	}
	// Random bytes after a valid header, no dictionary.
	random := 50000
	both, more := 0, 0
	for range random {
		cmf := byte(r.IntN(8))<<4 | 8
		flg := byte(r.IntN(8)) << 6 // FLEVEL, FDICT 0
		flg |= byte(31 - (uint16(cmf)<<8|uint16(flg))%31)
		b := []byte{cmf, flg}
		for range r.IntN(300) {
			b = append(b, byte(r.Uint32()))
		}
		got, want := zlibInflates(b), zlibReference(b)
		switch {
		case want && !got:
			t.Fatalf("% x: compress/zlib inflates it, zlibInflates does not", b)
		case got && want:
			both++
		case got:
			more++
		}
	}
	t.Logf("%d streams compress/zlib wrote; of %d random bodies, both take %d, zlibInflates alone %d", streams, random, both, more)
	if more > random/100 {
		t.Errorf("zlibInflates takes %d of %d random bodies compress/zlib does not: more than 1%%", more, random)
	}
}
