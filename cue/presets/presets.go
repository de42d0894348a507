// Package presets embeds hookc's presets: CUE packages that policies import
// offline as "hookc.dev/presets/<name>".
package presets

import (
	"embed"
	"io/fs"
)

// FS holds the presets, one directory per package: secrets/secrets.cue, ...
//
//go:embed */*.cue
var FS embed.FS

// ImportPrefix is the import path of the presets' parent: a policy imports
// ImportPrefix + "/" + name.
const ImportPrefix = "hookc.dev/presets"

// Names returns the names of the presets, sorted.
func Names() []string {
	ents, err := fs.ReadDir(FS, ".")
	if err != nil {
		panic(err) // embedded
	}
	var names []string
	for _, e := range ents {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// Each calls fn with the path (slash-separated, below ImportPrefix) and the
// contents of every preset file, in lexical order, and stops at its first
// error.
func Each(fn func(path string, data []byte) error) error {
	return fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			return err
		}
		return fn(p, b)
	})
}
