package runtime

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// This file turns uncertain paths into the paths they stand for on the file
// system the hook sees (design.md 47): a glob into the names it matches, a
// tree into the files below its directory. The shell expands a glob, and a
// recursive reader walks a tree, moments later on the same file system, so
// a rule may then judge real paths instead of every path that could be.
// Both are bounded; past the bound the path stays uncertain.

// maxListed bounds the directory entries one call may look at. The bound
// is a count, not a time, so that the hook, hookc test and vet's replays
// give the same answer on the same file system however loaded the machine
// is (design.md 47); the call's own time limit (limits.millis) still holds.
const maxListed = 200

// A DirEntry is one name in a directory.
type DirEntry struct {
	Name string
	Dir  bool // a directory (not through a symlink)
	Link bool // a symlink
}

// lister counts what one call has listed, against maxListed.
type lister struct {
	fs     FS
	listed int
}

func (l *lister) list(dir string) ([]DirEntry, bool) {
	if l.listed >= maxListed || pseudo(dir) {
		return nil, false
	}
	ents, ok := l.fs.List(dir)
	if !ok {
		// Not a directory, or not readable: nothing below it.
		return nil, true
	}
	l.listed += len(ents)
	if l.listed > maxListed {
		return nil, false
	}
	return ents, true
}

// pseudo reports whether dir is in a file system the kernel makes up as it
// is read (/proc, /sys, /dev): its names change from one moment to the
// next, its links lead back to / (/proc/N/root), and listing it is slow, so
// it is never listed and a path there stays uncertain.
func pseudo(dir string) bool {
	for _, p := range []string{"/proc", "/sys", "/dev"} {
		if dir == p || strings.HasPrefix(dir, p+"/") {
			return true
		}
	}
	return false
}

// treeNames says which names below a tree's directory a reader reads.
type treeNames uint8

const (
	namesVisible   treeNames = iota // names starting with . skipped, as rg skips them
	namesAll                        // every name (grep -r, rg --hidden)
	namesAllButVCS                  // every name but version-control directories (Claude Code's Grep)
)

// vcsDirs are the directories Claude Code's Grep leaves out.
var vcsDirs = []string{".git", ".svn", ".hg", ".bzr", ".jj", ".sl"}

// tree returns every path at or below dir that a recursive reader reads:
// dir itself, what is below it, and the targets of the symlinks found
// there, which are trees themselves (a reader may follow them); names
// says which names it skips, and filter narrows them. ok is false when the walk ran past its
// bounds.
func (l *lister) tree(dir string, names treeNames, filter *fileFilter) (paths []Word, ok bool) {
	paths = append(paths, Word{Text: dir})
	stack := []string{dir}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ents, ok := l.list(d)
		if !ok {
			return nil, false
		}
		for _, ent := range ents {
			if filter.skip(ent, names == namesVisible && strings.HasPrefix(ent.Name, ".") ||
				names == namesAllButVCS && ent.Dir && slices.Contains(vcsDirs, ent.Name)) {
				continue
			}
			p := joinPath(d, ent.Name)
			paths = append(paths, Word{Text: p})
			switch {
			case ent.Link:
				if t := l.fs.Resolve(p); t != "" {
					paths = append(paths, Word{Text: t, Tree: true})
				}
			case ent.Dir:
				stack = append(stack, p)
			}
		}
	}
	return paths, true
}

func joinPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

// List lists a directory of the running system, in the order it reads
// them.
func (osFS) List(dir string) ([]DirEntry, bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil && len(ents) == 0 {
		return nil, false
	}
	out := make([]DirEntry, len(ents))
	for i, e := range ents {
		out[i] = DirEntry{Name: e.Name(), Dir: e.IsDir(), Link: e.Type()&fs.ModeSymlink != 0}
	}
	return out, true
}

// List lists the names a MapFS holds in dir: those of its files and
// directories, and of its links, one level below dir.
func (m MapFS) List(dir string) ([]DirEntry, bool) {
	// Links first, as the kernel does: link/.. is the parent of the
	// link's target.
	if r := m.Resolve(dir); r != "" {
		dir = r
	} else {
		dir = filepath.Clean(dir)
	}
	prefix := dir + "/"
	if dir == "/" {
		prefix = "/"
	}
	seen := map[string]int{}
	var out []DirEntry
	add := func(p string, link bool) {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok || rest == "" {
			return
		}
		name, _, deeper := strings.Cut(rest, "/")
		if i, ok := seen[name]; ok {
			out[i].Dir = out[i].Dir || deeper && !out[i].Link
			return
		}
		seen[name] = len(out)
		out = append(out, DirEntry{Name: name, Dir: deeper && !link, Link: link && !deeper})
	}
	for p := range m.Links {
		add(p, true)
	}
	for p := range m.Files {
		add(p, false)
	}
	if len(out) == 0 && !m.Exists(dir) {
		return nil, false
	}
	slices.SortFunc(out, func(a, b DirEntry) int { return strings.Compare(a.Name, b.Name) })
	return out, true
}
