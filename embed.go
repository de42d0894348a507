// Package hookc holds the source that hookc build needs at run time: the
// runtime package and the module's requirements. hookc itself lives in
// cmd/hookc.
package hookc

import (
	"embed"
	"io/fs"
	"strings"
)

// Source holds go.mod, go.sum and the runtime's Go files (runtime/ and its
// subpackages), from which hookc build makes a self-contained module for
// the hook binary.
//
//go:embed go.mod go.sum runtime/*.go runtime/*/*.go
var Source embed.FS

// RuntimeFiles returns the runtime's source files in Source, tests left
// out, by their paths from the module's root ("runtime/payload/payload.go").
func RuntimeFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(Source, "runtime", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := fs.ReadFile(Source, p)
		files[p] = b
		return err
	})
	return files, err
}
