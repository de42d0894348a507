package runtime

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// codeOutside says why the command c (knowledge top, or its subcommand
// k) may run code from outside the project, or "". A program with
// outsideOpts runs the code of the directory it works in (make's
// Makefile, go's module, npm's scripts): that directory, after cd,
// wrapper directories and its own -C, must be in the project with its
// links resolved, not only by its spelling (make -C LINK, cd LINK &&
// make), and so must that of a program whose operands are code, which
// runs the code of its directory without one (cd /tmp/x && pytest;
// policies4). A program whose path operands are code (unsafeOperands "/*":
// go's packages, pytest's tests) must not name a link out of the
// project (design.md 343).
func (e *evaluator) codeOutside(c *SimpleCommand, top, k *Command, dir Word) string {
	if e.env.FS == nil {
		return ""
	}
	if len(top.OutsideOpts) > 0 || len(k.OutsideOpts) > 0 || slices.Contains(k.UnsafeOperands, "/*") {
		if p, out := e.linkedOutside(".", dir, true); out {
			return c.Program.Text + " runs the code of " + p + ", outside the project"
		}
		for _, v := range c.Values {
			if !slices.Contains(top.OutsideOpts, v.Opt) && !slices.Contains(k.OutsideOpts, v.Opt) {
				continue
			}
			if p, out := e.linkedOutside(v.Value.Text, dir, false); out {
				return c.Program.Text + " " + v.Opt + " " + v.Value.Text + " runs the code of " + p + ", outside the project"
			}
		}
	}
	if !slices.Contains(k.UnsafeOperands, "/*") {
		return ""
	}
	for _, w := range c.Operands {
		if w.Uncertain() || w.Text == "" || strings.HasPrefix(w.Text, "-") {
			continue
		}
		p := w.Text
		p, _, _ = strings.Cut(p, "::") // pytest's node ids
		p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
		if p == "" || strings.Contains(p, "...") {
			continue
		}
		// .. and a path ending in it climb out of the project with no
		// ../ the unsafeOperands patterns see (pytest .. collects the
		// directory above).
		up := p == ".." || strings.HasSuffix(p, "/..")
		if t, out := e.linkedOutside(p, dir, up); out {
			return c.Program.Text + " " + w.Text + " names code in " + t + ", outside the project"
		}
	}
	return ""
}

// linkedOutside reports whether the path p, relative to dir, is in the
// project by its spelling and leads out of it through a symlink, with
// where it leads; with spelled, a path outside by its spelling is
// outside too (otherwise the outsideOpts and unsafeOperands checks judge
// it). A path only known when it runs is outside.
func (e *evaluator) linkedOutside(p string, dir Word, spelled bool) (string, bool) {
	abs, ok := e.absolute(p, dir)
	if !ok {
		return p, true
	}
	a := cleanPath(abs)
	if !e.inRoot(a) {
		if spelled {
			return a, true
		}
		return "", false
	}
	if t := e.leadsOut(a); t != "" {
		return t, true
	}
	return "", false
}

// leadsOut returns where the symlinks in the clean absolute path a lead,
// if that is outside the project; "" if it has none or stays inside.
func (e *evaluator) leadsOut(a string) string {
	if t := e.env.FS.Resolve(a); t != "" {
		if t = e.realPath(t); !e.inRoot(t) {
			return t
		}
	}
	return ""
}

// inRoot reports whether the clean absolute path p is the project root
// or below it.
func (e *evaluator) inRoot(p string) bool {
	root := strings.TrimSuffix(e.root, "/")
	return root == "" || p == root || strings.HasPrefix(p, root+"/")
}

// maxCodeTree bounds the directory entries the walk of a code tree looks
// at (codeTreeOut): a count, as maxListed is, so that the hook, hookc
// test and vet's replays agree. pytest's walk skips .git, node_modules
// and virtual environments, so most projects' trees are well below it.
const maxCodeTree = 5000

// codeTreeOut says why the command c, whose program k walks the trees of
// its path operands (or of its directory without one) for code with
// their symlinks followed (Command.CodeTree: pytest collecting tests and
// conftest.py files), may run code from outside the project: a link in a
// walked tree leads out of it or loops, or the trees are larger than
// maxCodeTree; "" if not (design.md 390).
func (e *evaluator) codeTreeOut(u *unit, c *SimpleCommand, k *Command, ops []Word, dir Word) string {
	if len(k.CodeTree) == 0 || e.env.FS == nil {
		return ""
	}
	for _, f := range c.Flags {
		if f.Text == "--version" || f.Text == "--help" {
			return "" // it prints and builds nothing (make --version)
		}
	}
	// The project's tree, where it finds its settings and the code they
	// name from any directory of it (pytest's rootdir conftest.py, go's
	// module, cargo's crate; policies9, round 32).
	roots := []string{e.root}
	for _, w := range ops {
		if w.Uncertain() {
			return c.Program.Text + " walks " + w.Text + ", only known when it runs"
		}
		p, _, _ := strings.Cut(w.Text, "::")                 // pytest's node ids
		roots = append(roots, strings.TrimSuffix(p, "/...")) // go's patterns
	}
	walk := codeWalk{e: e, skip: k.CodeTree, norecurse: u.norecurse, seen: map[string]bool{}}
	for _, r := range roots {
		abs, ok := e.absolute(r, dir)
		if !ok {
			return c.Program.Text + " walks " + r + ", only known when it runs"
		}
		a := cleanPath(abs)
		if t := e.env.FS.Resolve(a); t != "" {
			a = e.realPath(t)
		}
		if !e.inRoot(a) {
			continue // codeOutside judges a tree outside
		}
		if _, dir := e.env.FS.List(a); !dir && a != e.root {
			// A file: the program takes the code of its directory
			// too, which the walk from the root may skip (pytest
			// venv/test_a.py loads venv/conftest.py; round 33).
			a = path.Dir(a)
		}
		if why := walk.walk(a); why != "" {
			return c.Program.Text + " walks " + r + ": " + why
		}
	}
	return ""
}

// A codeWalk walks the trees a program with codeTree knowledge walks.
type codeWalk struct {
	e         *evaluator
	skip      []string   // the directory names it does not walk by default
	norecurse [][]string // the lists settings files set instead
	seen      map[string]bool
	listed    int
}

// walk walks the directory a, clean, absolute and in the project: why a
// link below it leads out of the project or loops, or the walk ran past
// maxCodeTree; "" if neither.
func (w *codeWalk) walk(a string) string {
	if w.seen[a] {
		return ""
	}
	w.seen[a] = true
	ents, why := w.list(a) // none for a file, or nothing
	if why != "" {
		return "its tree " + why
	}
	for _, ent := range ents {
		p := joinPath(a, ent.Name)
		skip := w.skips(ent.Name) && (ent.Dir || ent.Link && w.e.env.FS.Exists(p+"/."))
		next := p
		switch {
		case ent.Link:
			// A link is judged where the walk does not go below it
			// too: the program may still import from it, or write
			// through it (a build directory; policies9).
			t, why := w.link(p)
			if why != "" {
				return why
			}
			if skip || !w.e.env.FS.Exists(t) {
				continue
			}
			if why := w.secretBelow(t, map[string]bool{}); why != "" {
				return p + " leads to " + t + ", " + why
			}
			next = t
		case !ent.Dir:
			// A file with other names may be any file, which the
			// program reads or rewrites (Cargo.lock hard-linked to
			// ~/.bashrc; design.md 313, round 32).
			if why := w.otherNames(p); why != "" {
				return why
			}
			continue
		case skip:
			// The directory the program writes its output below
			// (cargo's target) is judged, not walked: its links
			// two levels down, where the program writes through
			// them (target/debug a link out; policies9).
			if w.output(ent.Name) {
				if why := w.links(p, 2); why != "" {
					return why
				}
			}
			continue
		}
		if w.virtualenv(next) && slices.Contains(w.skip, "venv") {
			continue // pytest's: without --collect-in-virtualenv
		}
		if why := w.walk(next); why != "" {
			return why
		}
	}
	return ""
}

// link judges the link p of the walked tree: where it leads, with its
// links resolved, and why the program may not follow it: it leads out of
// the project, to a secret, or loops. A dangling one is judged by its
// target too: it creates its target when written.
func (w *codeWalk) link(p string) (target, why string) {
	t := w.e.env.FS.Resolve(p)
	if t == "" {
		return "", p + " is a link that loops"
	}
	t = w.e.realPath(t)
	if !w.e.inRoot(t) {
		return t, p + " leads to " + t + ", outside the project"
	}
	if w.e.secret(access{w: Word{Text: t}}) {
		return t, p + " leads to " + t + ", a secret file"
	}
	return t, ""
}

// links judges the links in the directory d and in its directories to
// depth levels down (link), without following them, and the files there
// with other names.
func (w *codeWalk) links(d string, depth int) string {
	ents, why := w.list(d)
	if why != "" {
		return "its tree " + why
	}
	for _, ent := range ents {
		p := joinPath(d, ent.Name)
		switch {
		case ent.Link:
			if _, why := w.link(p); why != "" {
				return why
			}
		case !ent.Dir:
			// cargo rewrites target/.rustc_info.json and
			// target/debug/p.d in place (round 33).
			if why := w.otherNames(p); why != "" {
				return why
			}
		case depth > 1:
			if why := w.links(p, depth-1); why != "" {
				return why
			}
		}
	}
	return ""
}

// secretBelow says why the directory d, which a link of the walked tree
// leads to inside the project, holds a secret file at or below it, or
// runs past the walk's bound; "" if neither. The program reads the files
// below it under the link's name, where the walk's own visit of d does
// not see them: go test prints every file of its fuzz corpus
// (testdata/fuzz/FuzzX a link to the project's config; policies9).
func (w *codeWalk) secretBelow(d string, seen map[string]bool) string {
	if seen[d] {
		return ""
	}
	seen[d] = true
	ents, why := w.list(d)
	if why != "" {
		return "whose tree " + why
	}
	for _, ent := range ents {
		p := joinPath(d, ent.Name)
		if w.e.secret(access{w: Word{Text: p}}) {
			return "which holds " + p + ", a secret file"
		}
		if ent.Dir && !ent.Link && !w.skips(ent.Name) {
			if why := w.secretBelow(p, seen); why != "" {
				return why
			}
		}
	}
	return ""
}

// list lists the directory d, counting its entries against the walk's
// bound: why the walk ran past it ("holds more than ..."), "" if not. A
// file, or nothing, has no entries.
func (w *codeWalk) list(d string) ([]DirEntry, string) {
	ents, _ := w.e.env.FS.List(d)
	if w.listed += len(ents); w.listed > maxCodeTree {
		return nil, "holds more than " + strconv.Itoa(maxCodeTree) + " entries, more than the guard looks at for links out of the project"
	}
	return ents, ""
}

// otherNames says why the file p, which has other names (a hard link),
// may be any file the program reads or rewrites in place; "" if it has
// one name.
func (w *codeWalk) otherNames(p string) string {
	if hardLinked(w.e.env.FS, p) {
		return p + " is a file with other names (a hard link), which may be any file"
	}
	return ""
}

// skips reports whether the walk skips a directory of this name: its
// default skips it and so does every list a settings file sets (one of
// them is the list the program takes). A pattern is fnmatch's: one that
// path.Match would read otherwise ([...], \) or that names a path skips
// nothing.
func (w *codeWalk) skips(name string) bool {
	if !skipMatch(w.skip, name) {
		return false
	}
	for _, l := range w.norecurse {
		if !skipMatch(l, name) {
			return false
		}
	}
	return true
}

// output reports whether the program writes its output below the
// directories of this name: a codeTree entry of its own starting with
// ">" (cargo's target).
func (w *codeWalk) output(name string) bool {
	for _, pat := range w.skip {
		if strings.HasPrefix(pat, ">") && skipMatch([]string{pat}, name) {
			return true
		}
	}
	return false
}

// skipMatch reports whether one of the codeTree patterns pats matches
// the directory name (skips).
func skipMatch(pats []string, name string) bool {
	for _, pat := range pats {
		pat = strings.TrimPrefix(pat, ">")
		if strings.ContainsAny(pat, `[\/`) {
			continue
		}
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

// virtualenv reports whether the directory d is a virtual environment
// that pytest 7 (bin/activate) and pytest 8 (pyvenv.cfg) both skip.
func (w *codeWalk) virtualenv(d string) bool {
	return w.e.env.FS.Exists(d+"/pyvenv.cfg") && w.e.env.FS.Exists(d+"/bin/activate")
}
