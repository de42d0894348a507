package presets

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Doc returns the first sentence of a preset's package comment.
func Doc(name string) string {
	files, _ := fs.Glob(FS, name+"/*.cue")
	if len(files) == 0 {
		return ""
	}
	b, _ := fs.ReadFile(FS, files[0])
	var text []string
	for line := range strings.Lines(string(b)) {
		l, ok := strings.CutPrefix(strings.TrimSpace(line), "//")
		if !ok {
			break
		}
		l = strings.TrimSpace(l)
		if l == "" {
			break
		}
		text = append(text, l)
	}
	doc := strings.Join(text, " ")
	doc = strings.TrimPrefix(doc, "Package "+name+" ")
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	return doc
}

// Write writes every preset file under dir/hookc.dev/presets, and calls
// wrote with the path of each file it wrote.
func Write(dir string, wrote func(path string)) error {
	return Each(func(p string, b []byte) error {
		dst := filepath.Join(dir, filepath.FromSlash(ImportPrefix), filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
		wrote(dst)
		return nil
	})
}
