package load

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/runtime"
)

// HookEnv is the environment the hook sees in test t (design.md 14): HOME
// is /home/user unless the test sets it, only the test's variables are
// set, and the file system holds only the test's files, directories and
// links.
func (t *Test) HookEnv() *runtime.Env {
	vars := map[string]string{"HOME": TestHome}
	for k, v := range t.Env {
		vars[k] = v
	}
	fs := runtime.MapFS{Files: map[string]bool{}, Links: map[string]string{}, Contents: map[string]string{}}
	for _, f := range t.Files {
		fs.Files[filepath.Clean(f)] = true
	}
	for f, c := range t.Contents {
		fs.Contents[filepath.Clean(f)] = c
	}
	for _, d := range t.Dirs {
		fs.Files[filepath.Clean(d)] = true
	}
	for l, target := range t.Symlinks {
		fs.Links[filepath.Clean(l)] = target
	}
	return &runtime.Env{
		Hook:   func() string { return TestHook },
		Policy: TestPolicy,
		Getenv: func(name string) string { return vars[name] },
		Environ: func() []string {
			var l []string
			for k, v := range vars {
				l = append(l, k+"="+v)
			}
			slices.Sort(l)
			return l
		},
		Home: vars["HOME"],
		FS:   fs,
	}
}

// A Call is a hook call a test scenario runs besides the policy's tests:
// vet's witness of a rule.
type Call struct {
	Name    string
	Payload []byte
	Env     map[string]string
}

// FieldPos returns the position of a top-level field of policy p, found
// by looking for "name:" at the start of a line of its files, or the
// directory.
func (p *Policy) FieldPos(field string) diag.Pos {
	dir := p.Dir
	files, _ := filepath.Glob(filepath.Join(dir, "*.cue"))
	slices.Sort(files)
	re := regexp.MustCompile(`^(\s*)` + regexp.QuoteMeta(field) + `\s*:`)
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for n, line := range strings.Split(string(b), "\n") {
			if m := re.FindStringSubmatch(line); m != nil {
				return diag.Pos{File: filepath.ToSlash(filepath.Join(dir, base)), Line: n + 1, Col: len(m[1]) + 1}
			}
		}
	}
	return diag.Pos{File: filepath.ToSlash(dir)}
}
