package runtime

import (
	"errors"
	"io/fs"
	"path"
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
const maxListed = 2000

// A DirEntry is one name in a directory.
type DirEntry struct {
	Name string
	Dir  bool // a directory (not through a symlink, unless followed)
	Link bool // a symlink
	// followed says Dir is what the link leads to, as a reader that
	// follows it judges it.
	followed bool
}

// lister counts what one call has listed, against maxListed. A directory
// listed again (the shell's globs and a reader's tree both in it) counts
// once.
type lister struct {
	fs     FS
	listed int
	seen   map[string][]DirEntry // the directories listed, by path
	trees  map[string]bool       // the trees a following reader walked (lister.walked)
}

func (l *lister) list(dir string) ([]DirEntry, bool) {
	if ents, ok := l.seen[dir]; ok {
		return ents, true
	}
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
	if l.seen == nil {
		l.seen = map[string][]DirEntry{}
	}
	l.seen[dir] = ents
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
	namesVisible   treeNames = iota // names starting with . skipped, as rg skips them, where no ignore file may show them
	namesAll                        // every name (grep -r, rg --hidden)
	namesAllButVCS                  // every name but version-control directories (Claude Code's Grep)
)

// vcsDirs are the directories Claude Code's Grep leaves out.
var vcsDirs = []string{".git", ".svn", ".hg", ".bzr", ".jj", ".sl"}

// ignoreFiles are the files of a directory from which rg learns which
// names below it to skip. A negated pattern in them (!.env) brings back
// names rg would skip, hidden ones too, so rg's choice of names is the
// project's (design.md 131). .git holds info/exclude, git's own.
var ignoreFiles = []string{".ignore", ".rgignore", ".gitignore", ".git"}

// maxIgnoreFile bounds what is read of an ignore file; a longer one may
// bring hidden names back.
const maxIgnoreFile = 64 << 10

// mayShow says which names the file f may make rg read: namesVisible if
// none hidden; namesAllButVCS if it has lines that start with ! (a
// negated pattern, blanks before it allowed) none of which may select a
// version-control directory; namesAll if one may (!.*, !.git), or it
// holds one of words (folded), or it cannot be read whole.
func mayShow(fsys FS, f string, words ...string) treeNames {
	data, err := fsys.ReadFile(f, maxIgnoreFile+1)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && fsys.Exists(f) {
			return namesAll
		}
		return namesVisible
	}
	if len(data) > maxIgnoreFile {
		return namesAll
	}
	low := strings.ToLower(string(data))
	for _, w := range words {
		if strings.Contains(low, w) {
			return namesAll
		}
	}
	show := namesVisible
	for _, l := range strings.Split(string(data), "\n") {
		if pat, ok := strings.CutPrefix(strings.TrimLeft(l, " \t\r\v\f"), "!"); ok {
			show = namesAllButVCS
			if mayNameVCS(pat) {
				return namesAll
			}
		}
	}
	return show
}

// mayNameVCS reports whether the ignore pattern pat may select a
// version-control directory or a name below one: one of its components,
// read as a glob (** as *, in any case), matches one's name, or it is not
// read (design.md 131, 203).
func mayNameVCS(pat string) bool {
	pat = strings.TrimRight(pat, " \t\r\v\f")
	for _, c := range strings.Split(pat, "/") {
		for strings.Contains(c, "**") {
			c = strings.ReplaceAll(c, "**", "*")
		}
		for _, d := range vcsDirs {
			if ok, err := path.Match(strings.ToLower(c), d); ok || err != nil || strings.ContainsAny(c, "\\{") {
				return true
			}
		}
	}
	return false
}

// wider returns the names of a and b that read more.
func wider(a, b treeNames) treeNames {
	if a == namesAll || b == namesAll {
		return namesAll
	}
	if a == namesAllButVCS || b == namesAllButVCS {
		return namesAllButVCS
	}
	return namesVisible
}

// ignoreShows says which names the ignore file name in dir may make rg
// read below dir. A .git that is a file (a work tree's, which points
// elsewhere) may make it read any.
func ignoreShows(fsys FS, dir, name string) treeNames {
	p := joinPath(dir, name)
	if name != ".git" {
		return mayShow(fsys, p)
	}
	if _, err := fsys.ReadFile(p, 1); err == nil {
		return namesAll
	}
	return mayShow(fsys, p+"/info/exclude")
}

// ignoredAbove says which names the ignore files of dir and the
// directories above it may make rg read below dir.
func ignoredAbove(fsys FS, dir string) treeNames {
	show := namesVisible
	for d := dir; ; d = path.Dir(d) {
		for _, f := range ignoreFiles {
			show = wider(show, ignoreShows(fsys, d, f))
		}
		if d == "/" || d == "." || d == "" || show == namesAll {
			return show
		}
	}
}

// tree returns every path at or below dir that a recursive reader reads:
// dir itself, what is below it, and the targets of the symlinks found
// there, which are trees themselves (a reader may follow them); names
// says which names it skips, and filter narrows them; a reader that does
// not follow symlinks skips them (sel.noFollow). A reader that follows
// them by its own rules (sel.follow: rg -L, grep -R) has each target
// walked as it walks the tree, once, so that the file that decides is
// named; a target past the bounds stays a tree (design.md 201). With namesVisible,
// hidden names are skipped only below directories where neither shown (an
// ignore file above dir, or one of the user's: ignoredAbove, rgShowsHidden)
// nor an ignore file on the way down may bring them back; elsewhere every
// name but the version-control directories is read. ok is false when the
// walk ran past its bounds.
func (l *lister) tree(dir string, sel treeRead, shown treeNames) (paths []Word, ok bool) {
	names, filter := sel.names, sel.filter
	type item struct {
		dir   string
		shown treeNames // the names ignore files above may show, or namesVisible
	}
	paths = append(paths, Word{Text: dir})
	stack := []item{{dir, shown}}
	var targets []item
	if sel.follow {
		l.walked(dir)
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		d := it.dir
		ents, ok := l.list(d)
		if !ok {
			return nil, false
		}
		dn := names
		if dn == namesVisible {
			for _, ent := range ents {
				if slices.Contains(ignoreFiles, ent.Name) {
					it.shown = wider(it.shown, ignoreShows(l.fs, d, ent.Name))
				}
			}
			dn = wider(dn, it.shown)
		}
		for _, ent := range ents {
			p := joinPath(d, ent.Name)
			if ent.Link && sel.follow && filter != nil {
				// The reader judges a link it follows as what it leads to.
				if t := l.fs.Resolve(p); t != "" && !pseudo(t) && l.fs.Exists(t) {
					// An empty directory counts as a file, as a test's
					// file system cannot tell them apart; it holds
					// nothing to read either way.
					below, _ := l.fs.List(t)
					ent = DirEntry{Name: ent.Name, Dir: len(below) > 0, Link: true, followed: true}
				}
			}
			if filter.skip(ent, dn == namesVisible && strings.HasPrefix(ent.Name, ".") ||
				dn == namesAllButVCS && ent.Dir && slices.Contains(vcsDirs, ent.Name)) {
				continue
			}
			if ent.Link && sel.noFollow {
				continue // neither read nor followed
			}
			paths = append(paths, Word{Text: p})
			switch {
			case ent.Link:
				if t := l.fs.Resolve(p); t != "" && sel.follow && !pseudo(t) {
					// Below the link the ignore files above it still hold.
					show := it.shown
					if names == namesVisible {
						show = wider(show, ignoredAbove(l.fs, path.Dir(t)))
					}
					targets = append(targets, item{t, show})
				} else if t != "" {
					paths = append(paths, Word{Text: t, Tree: true})
				}
			case ent.Dir:
				stack = append(stack, item{p, it.shown})
			}
		}
	}
	for _, t := range targets {
		if l.walked(t.dir) {
			continue // followed already: its paths are there
		}
		sub, ok := l.tree(t.dir, sel, t.shown)
		if !ok {
			sub = []Word{{Text: t.dir, Tree: true}}
		}
		paths = append(paths, sub...)
	}
	return paths, true
}

// walked reports whether the tree at dir was walked before in this call,
// and marks it walked.
func (l *lister) walked(dir string) bool {
	if l.trees == nil {
		l.trees = map[string]bool{}
	}
	seen := l.trees[dir]
	l.trees[dir] = true
	return seen
}

func joinPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

// List lists a directory of the running system, in the order it reads
// them.
func (osFS) List(dir string) ([]DirEntry, bool) { return listDir(dir) }

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
		// A name with more below it is a directory, unless a link of
		// that name stands there (whatever the map's order).
		name, _, deeper := strings.Cut(rest, "/")
		isLink := link && !deeper
		i, ok := seen[name]
		if !ok {
			seen[name], i = len(out), len(out)
			out = append(out, DirEntry{Name: name})
		}
		out[i].Link = out[i].Link || isLink
		out[i].Dir = !out[i].Link && (out[i].Dir || deeper)
	}
	for p := range m.Links {
		add(p, true)
	}
	for p := range m.Files {
		add(p, false)
	}
	if _, file := m.Contents[dir]; len(out) == 0 && (file || !m.Exists(dir)) {
		return nil, false // not a directory: a file with contents, or nothing
	}
	slices.SortFunc(out, func(a, b DirEntry) int { return strings.Compare(a.Name, b.Name) })
	return out, true
}
