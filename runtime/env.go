package runtime

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
)

// An Env is what a decision may consult besides the payload: the hook's
// environment and the file system. The hook binary uses OSEnv; hookc test
// uses a virtual one.
type Env struct {
	Getenv func(string) string
	// Environ lists the environment as NAME=value strings, for the
	// variables the guard matches by prefix (GIT_*; design.md 413); nil
	// reads only the names it matches whole through Getenv.
	Environ func() []string
	Home    string
	FS      FS
	// Hook returns the path of the hook binary, and Policy is the
	// directory of the policy it was built from: the places path globs
	// starting with @hook and @policy name (design.md 55). Either may be
	// unknown (nil, "").
	Hook   func() string
	Policy string
	// Exit ends the hook once its watchdog has answered (design.md
	// 405); nil is os.Exit. Tests give their own.
	Exit func(code int)
}

// PolicyDir is the absolute directory of the policy a hook was built from.
// hookc build sets it with -ldflags -X; it is not in the generated table,
// which stays the same wherever the policy lives.
var PolicyDir string

// FS is the file system as the runtime sees it.
type FS interface {
	// Exists reports whether the path exists (following symlinks).
	Exists(path string) bool
	// Resolve returns the absolute path with every symlink resolved as the
	// kernel resolves it, component by component (so that link/.. is the
	// parent of the link's target); components that do not exist are kept
	// as written. It returns "" if the path has no symlink in it, or the
	// links loop.
	Resolve(path string) string
	// List returns the names in the directory dir, without following
	// symlinks below it; ok is false if dir is not a directory it can
	// read.
	List(dir string) (ents []DirEntry, ok bool)
	// ReadFile returns the contents of the regular file at path, at most
	// max bytes of them.
	ReadFile(path string, max int) ([]byte, error)
}

// OSEnv is the environment of the running process.
func OSEnv() *Env {
	return &Env{Getenv: os.Getenv, Environ: os.Environ, Home: os.Getenv("HOME"), FS: osFS{}, Hook: executable, Policy: PolicyDir}
}

// executable returns the path of the running binary, with its links
// resolved. On Linux os.Executable reads /proc/self/exe, which the kernel
// gives resolved already: resolving it again would cost an lstat per
// directory on every call that names a path.
func executable() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	if goruntime.GOOS == "linux" {
		return p
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return p
}

type osFS struct{}

func (osFS) Exists(path string) bool {
	_, err := os.Stat(path)
	if err != nil && len(path) >= pathMax {
		return existsLong(path)
	}
	return err == nil
}

func (osFS) ReadFile(path string, max int) ([]byte, error) { return readFile(path, max) }

// ReadAt returns at most n bytes of the regular file at path from off.
func (osFS) ReadAt(path string, off int64, n int) ([]byte, error) { return readFileAt(path, off, n) }

func (fs osFS) Resolve(path string) string { return resolveLinks(path, fs.Readlink) }

// Readlink returns the target of the link at path, the last name of the
// path only; ok is false where it is no link.
func (osFS) Readlink(p string) (string, bool) {
	t, err := readlink(p)
	if err != nil && len(p) >= pathMax {
		t, err = readlinkLong(p)
	}
	return t, err == nil
}

// pathMax is the length of the longest path the kernel takes in one
// string (Linux's PATH_MAX, with its NUL); a longer one is looked at a
// directory at a time (openPath).
const pathMax = 4096

// maxLinks bounds the symlinks followed in resolving one path, as the
// kernel's ELOOP does.
const maxLinks = 40

// resolveLinks resolves the symlinks in the absolute path p, as the kernel
// does, with readlink reading a link's target (ok false: not a link). It
// returns "" if p holds no link, or the links loop.
func resolveLinks(p string, readlink func(string) (string, bool)) string {
	if !filepath.IsAbs(p) {
		return ""
	}
	done := "/" // the resolved prefix
	rest := p   // what is left to walk
	links := 0
	for rest != "" {
		var comp string
		comp, rest, _ = strings.Cut(rest, "/")
		switch comp {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		next := joinClean(done, comp)
		t, ok := readlink(next)
		if !ok {
			done = next
			continue
		}
		if links++; links > maxLinks {
			return ""
		}
		if filepath.IsAbs(t) {
			done = "/"
		}
		if rest != "" {
			t += "/" + rest
		}
		rest = t
	}
	if links == 0 {
		return ""
	}
	return done
}

// joinClean is filepath.Join(dir, name) for a clean dir and a name that
// is one component, neither "." nor "..": nothing to clean, which Join
// would spend most of its time on (resolveLinks joins every component of
// every path it resolves).
func joinClean(dir, name string) string {
	switch {
	case filepath.Separator != '/':
		return filepath.Join(dir, name)
	case dir == "/":
		return "/" + name
	}
	return dir + "/" + name
}

// MapFS is a virtual file system for tests: Files and Dirs exist, Links maps
// a link to its target (absolute, or relative to the link's directory),
// and Contents holds what files contain (a file without contents is
// empty).
type MapFS struct {
	Files    map[string]bool
	Links    map[string]string
	Contents map[string]string
	Names    map[string]int // the names of a hard-linked file (design.md 313)
}

// ReadAt returns at most n bytes of the file at path from off (ReadFile).
func (m MapFS) ReadAt(path string, off int64, n int) ([]byte, error) {
	b, err := m.ReadFile(path, int(off)+n)
	if err != nil {
		return nil, err
	}
	return b[min(int(off), len(b)):], nil
}

func (m MapFS) ReadFile(path string, max int) ([]byte, error) {
	r := m.Resolve(path)
	if r == "" {
		r = filepath.Clean(path)
	}
	c, ok := m.Contents[r]
	if !ok {
		if !m.Files[r] {
			return nil, fs.ErrNotExist
		}
		for f := range m.Files {
			if strings.HasPrefix(f, r+"/") {
				return nil, errors.New("not a regular file")
			}
		}
	}
	if len(c) > max {
		c = c[:max]
	}
	return []byte(c), nil
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

func (m MapFS) Resolve(path string) string { return resolveLinks(path, m.Readlink) }

// Readlink returns the target of the link at path, the last name of the
// path only; ok is false where it is no link.
func (m MapFS) Readlink(p string) (string, bool) {
	t, ok := m.Links[p]
	return t, ok
}
