package runtime

import (
	"os"
	"path/filepath"
)

// An Env is what a decision may consult besides the payload: the hook's
// environment and the file system. The hook binary uses OSEnv; hookc test
// uses a virtual one.
type Env struct {
	Getenv func(string) string
	Home   string
	FS     FS
}

// FS is the file system as the runtime sees it.
type FS interface {
	// Exists reports whether the path exists (following symlinks).
	Exists(path string) bool
	// Resolve returns the path with every symlink resolved, or "" if it has
	// none or cannot be resolved.
	Resolve(path string) string
}

// OSEnv is the environment of the running process.
func OSEnv() *Env {
	return &Env{Getenv: os.Getenv, Home: os.Getenv("HOME"), FS: osFS{}}
}

type osFS struct{}

func (osFS) Exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func (osFS) Resolve(path string) string {
	r, err := filepath.EvalSymlinks(path)
	if err != nil || r == path {
		return ""
	}
	return r
}

// MapFS is a virtual file system for tests: Files and Dirs exist, Links maps
// a link to its target (absolute, or relative to the link's directory).
type MapFS struct {
	Files map[string]bool
	Links map[string]string
}

func (m MapFS) Exists(path string) bool {
	r := m.Resolve(path)
	if r == "" {
		r = filepath.Clean(path)
	}
	if m.Files[r] {
		return true
	}
	for f := range m.Files {
		if len(f) > len(r) && f[:len(r)] == r && f[len(r)] == '/' {
			return true
		}
	}
	return false
}

func (m MapFS) Resolve(path string) string {
	p := filepath.Clean(path)
	changed := false
	for range 40 {
		found := false
		// resolve the longest linked prefix
		for dir := p; dir != "/" && dir != "."; dir = filepath.Dir(dir) {
			if t, ok := m.Links[dir]; ok {
				if !filepath.IsAbs(t) {
					t = filepath.Join(filepath.Dir(dir), t)
				}
				p = filepath.Join(t, p[len(dir):])
				found, changed = true, true
				break
			}
		}
		if !found {
			break
		}
	}
	if !changed {
		return ""
	}
	return p
}
