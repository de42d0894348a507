package runtime

import (
	"cmp"
	"path"
)

// A regular file with more than one name (a hard link) is one file under
// names the line does not show: project/notes.txt may be ~/.aws/credentials
// under another name, and its name says nothing of what it holds. git
// cannot ship one, but an unpacked archive, a dotfiles set-up or an
// earlier command can make one (design.md 313). The hook reads such a path
// as uncertain, which no allow rule allows, and a tree that holds one as a
// tree past its bound.

// A LinkCounter is a file system that can say how many names a file has.
type LinkCounter interface {
	// HardLinks returns the number of names of the regular file at path,
	// following symlinks; 0 if it is no regular file or cannot be read.
	HardLinks(path string) int
}

// hardLinked reports whether path is a regular file with more than one
// name, on a file system that can say.
func hardLinked(fsys FS, path string) bool {
	lc, ok := fsys.(LinkCounter)
	return ok && lc.HardLinks(path) > 1
}

// A FileMatcher is a file system that can say whether two paths name one
// file.
type FileMatcher interface {
	SameFile(a, b string) bool
}

// namesBeside reports whether every name of the regular file at path is in
// its own directory (rustup's proxies in ~/.cargo/bin are one file under a
// dozen names), on a file system that can say.
func namesBeside(fsys FS, p string) bool {
	lc, ok := fsys.(LinkCounter)
	fm, ok2 := fsys.(FileMatcher)
	if !ok || !ok2 {
		return false
	}
	n := lc.HardLinks(p)
	dir := path.Dir(p)
	ents, ok := fsys.List(dir)
	if !ok {
		return false
	}
	for _, ent := range ents {
		// A symbolic link is no name of the file: only the entries that
		// are the file itself count (a link beside it to a hard link of
		// the project's file would make up the count).
		if !ent.Link && !ent.Dir && fm.SameFile(p, joinPath(dir, ent.Name)) {
			n--
		}
	}
	return n <= 0
}

// SameFile reports whether a and b are one file of m: the same path once
// links are followed (MapFS keeps no other identity).
func (m MapFS) SameFile(a, b string) bool {
	ra, rb := cmp.Or(m.Resolve(a), cleanPath(a)), cmp.Or(m.Resolve(b), cleanPath(b))
	return ra == rb && (m.Files[ra] || m.Contents[ra] != "")
}

// HardLinks returns the names of the file at path (MapFS.Names), or 1 for
// a file it holds, or 0.
func (m MapFS) HardLinks(path string) int {
	r := m.Resolve(path)
	if r == "" {
		r = cleanPath(path)
	}
	if n := m.Names[r]; n > 0 {
		return n
	}
	if m.Files[r] {
		return 1
	}
	return 0
}
