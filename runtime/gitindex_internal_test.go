package runtime

import (
	"os"
	"slices"
	"testing"
)

// The index files in testdata/gitindex are git's own (2.39): one
// repository's index in versions 2, 3 (with an intent-to-add entry) and
// 4, and an index of a SHA-256 repository.
func TestReadIndex(t *testing.T) {
	want := []string{".env", "config/.env.production", "link", "src/main.go"}
	for _, c := range []struct {
		file string
		want []string
	}{
		{"index.v2", want},
		{"index.v3", append(slices.Clone(want[:3]), "n", want[3])},
		{"index.v4", want},
		{"index.sha256", []string{".env"}},
	} {
		b, err := os.ReadFile("testdata/gitindex/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		fs := MapFS{Contents: map[string]string{"/i": string(b)}, Files: map[string]bool{"/i": true}}
		got, _, ok := readIndex(fs, "/i")
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.file, got, ok, c.want)
		}
		// Every cut and every changed byte of the header or first
		// entry is read without a panic; a cut is never an index.
		for i := range len(b) {
			fs.Contents["/i"] = string(b[:i])
			if _, _, ok := readIndex(fs, "/i"); ok {
				t.Errorf("%s cut at %d: read as an index", c.file, i)
			}
		}
		for i := range min(len(b), 120) {
			x := slices.Clone(b)
			x[i] ^= 0xff
			fs.Contents["/i"] = string(x)
			readIndex(fs, "/i")
		}
	}
	if _, _, ok := readIndex(MapFS{}, "/missing"); ok {
		t.Error("a missing index read as one")
	}
}
