package runtime

import (
	"path"
	"slices"
	"strings"
)

// ListsNames reports whether the program name lists the names of its
// operands (Command.Lists), whose closed places take the secret floor
// (design.md 407).
func (t *Table) ListsNames(name string) bool {
	k := t.Command(name)
	return k != nil && k.Lists != OpNone
}

// addListed adds to u the paths whose names and metadata the command c
// (its program's knowledge k) shows: k.Lists of its operands ops, the
// working directory without one, every name below them where k.ListsTree
// or a recurse option (ls -R) says so (design.md 407).
func (e *evaluator) addListed(u *unit, c *SimpleCommand, k *Command, ops []Word, dir Word) {
	if k.Lists == OpNone {
		return
	}
	listed := notPipes(selectOperands(ops, k.Lists, c.Flags, c.Words))
	if len(listed) == 0 {
		listed = []Word{{Text: "."}}
	}
	deep := k.ListsTree || c.Tree
	// A tree listing that follows links (ls -RL, du -L) lists where
	// they lead: any place (round 24).
	follow := deep && followsLinks(c)
	for _, w := range listed {
		if !w.Uncertain() && isDevice(w.Text) {
			continue
		}
		if w.Found && !w.Dynamic && !follow {
			e.addFoundListed(u, w, dir)
			continue
		}
		w.Tree = false
		w.Dynamic = w.Dynamic || follow
		if w.Glob && !w.Dynamic && e.env.FS != nil {
			// The names a glob matches are operands, links among
			// them followed (ls vendor/keys/* where keys is a link).
			ps, literal, ok := e.expandGlob(w, dir)
			switch {
			case ok && !literal:
				for _, p := range ps {
					e.addListedPath(u, Word{Text: p}, dir, deep)
				}
				continue
			case !ok:
				// Too many names to look at (ls /proc/*/cwd): any
				// of them may be a link the listing follows.
				w.Dynamic = true
			}
		}
		e.addListedPath(u, w, dir, deep)
	}
}

// addFoundListed adds to u what a lister shows of the paths find hands
// it for w (find . -exec ls {} +): the names of every directory below,
// and of the place each link among them leads to, which ls follows as an
// operand (design.md 432). Where the hook cannot look, the paths are only
// known when it runs.
func (e *evaluator) addFoundListed(u *unit, w, dir Word) {
	w.Tree = false
	raw, ok := e.absolute(w.Text, dir)
	if e.env.FS == nil || !ok {
		w.Dynamic = true
		e.addListedPath(u, w, dir, true)
		return
	}
	if e.lister.fs == nil {
		e.lister.fs = e.env.FS
	}
	ps, ok := e.lister.tree(cleanPath(raw), treeRead{names: namesAll}, namesAll)
	if !ok {
		w.Dynamic = true
		e.addListedPath(u, w, dir, true)
		return
	}
	e.addListedPath(u, w, dir, true)
	for _, p := range ps {
		if p.Tree {
			e.addListedPath(u, Word{Text: p.Text}, Word{}, false) // a link's target
		}
	}
}

// followsLinks reports whether the lister c follows the links it meets
// below its operands: -L or --dereference (ls -RL, du -L, find -L), tree's
// -l (round 24).
func followsLinks(c *SimpleCommand) bool {
	opts := []string{"-L", "--dereference"}
	if c.Program.Text == "tree" {
		opts = []string{"-l"}
	}
	return slices.ContainsFunc(c.Flags, func(f Word) bool { return slices.Contains(opts, f.Text) })
}

// addGlobbed adds to u the names the shell's pathname expansion of c's
// glob words shows, whatever the program does with them (echo ~/.ssh/*,
// for f in ~/.aws/*): the names each matches, links among them resolved;
// where the guard cannot expand it, the directory before its first glob
// segment, and every directory below it where a later segment has one
// too (design.md 409).
func (e *evaluator) addGlobbed(u *unit, c *SimpleCommand) {
	for _, w := range append(append([]Word{c.Program}, c.Words...), c.Globbed...) {
		if !w.Glob {
			continue
		}
		if w.Dynamic {
			// A pattern in a place only known when it runs ($d/*), or
			// one whose matches depend on the locale (~/.[a-z]*).
			e.addListedPath(u, Word{Text: w.Text, Dynamic: true}, c.Dir, false)
			continue
		}
		if e.env.FS != nil {
			if ps, _, ok := e.expandGlob(w, c.Dir); ok {
				// Each name it may match (none: none shown). A name in
				// a home shows only the home's entry, as ls ~ does.
				for _, p := range ps {
					if !e.homeRoot(e.access(Word{Text: path.Dir(p)}, Word{}, false, false)) {
						e.addListedPath(u, Word{Text: p}, c.Dir, false)
					}
				}
				continue
			}
		}
		d := globDir(w.Text)
		rest := strings.TrimPrefix(strings.TrimPrefix(w.Text, d), "/")
		e.addListedPath(u, Word{Text: d}, c.Dir, strings.Contains(rest, "/"))
	}
}

// addListedPath adds to u the path w, relative to dir, whose names the
// command shows, and every name below it if deep.
func (e *evaluator) addListedPath(u *unit, w Word, dir Word, deep bool) {
	a := e.access(w, dir, false, false)
	a.w.Tree = deep
	u.listed = append(u.listed, a)
}

// listedClosed says why the unit u, decided by the allow rule r, shows
// the names in a place that may hold credentials under names no list
// follows, which r's reads or path do not name: below a home outside the
// project and the places known to hold no secret, or where services keep
// their state (SecretTable.ClosedPlaces), or a place only known when it
// runs. The Glob and LS tools list the tree of their path. "" if none
// (design.md 407).
func (e *evaluator) listedClosed(r *Rule, u *unit) string {
	listed := u.listed
	if u.cmd == nil && slices.Contains(nameTools, e.p.Tool) {
		for _, a := range u.paths {
			a.w.Tree = true
			listed = append(listed, a)
		}
	}
	for _, a := range listed {
		if !e.closedNames(a) || e.namesPlace(&r.Reads, a) || r.Path.Positive() && e.namesPlace(&r.Path, a) {
			continue
		}
		if a.w.Dynamic {
			return "it lists the names in " + a.w.Text + ", a place only known when it runs, which may hold credentials"
		}
		return "it lists the names in " + a.w.Text + ", outside the project and the places known to hold no secret, which its rule's reads do not name"
	}
	return ""
}

// closedNames reports whether the names a shows may be those of a closed
// place: a path only known when it runs, or one outside the project that
// is in a closed place whose names are not open (ClosedNames; a home
// itself holds names only, as for a read), or, for a tree, that has one
// below it. A glob stands for the tree of its directory.
func (e *evaluator) closedNames(a access) bool {
	if SecretTable == nil {
		return false
	}
	if a.w.Dynamic {
		// A brace expansion's paths are known (alts).
		if a.w.Pipe || len(a.alts) == 0 {
			return true
		}
		for _, alt := range a.alts {
			if e.closedNames(access{w: Word{Text: alt, Tree: a.w.Tree}}) {
				return true
			}
		}
		return false
	}
	if a.w.Glob {
		// The directory holding every match, its links resolved
		// (vendor/keys/* where keys is a link).
		a = e.access(Word{Text: globDir(a.w.Text)}, Word{}, false, false)
		a.w.Tree = true
	}
	if !a.w.Tree {
		return !e.homeRoot(a) && e.closedIn(a, &SecretTable.ClosedNames)
	}
	for _, p := range append([]string{a.w.Text, a.target}, a.alts...) {
		if p != "" && (!e.inRoot(p) || e.projectHolds(p, true)) && e.treeHolds(&SecretTable.ClosedNames, p) {
			return true
		}
	}
	return false
}

// treeHolds reports whether the secrets table's list l may hold for a
// path below the directory dir.
func (e *evaluator) treeHolds(l *List, dir string) bool {
	t := e.t
	e.t = SecretTable
	defer func() { e.t = t }()
	m := matcher{e: e}
	below := strings.TrimSuffix(dir, "/") + "/"
	return m.list(l, 1, func(int) Word { return Word{Text: below, Tree: true} }, true) != no
}

// listedDir returns the directory whose tree the glob g lists: globDir,
// or a place only known when it runs where a .. follows a glob segment
// (src/*/../../x).
func listedDir(g string) Word {
	d := globDir(g)
	if slices.Contains(strings.Split(strings.TrimPrefix(g, d), "/"), "..") {
		return Word{Text: g, Dynamic: true}
	}
	return Word{Text: d}
}

// globDir returns the directory of the glob path p that holds every
// name it matches: the part before its first segment with a glob
// character ("." for a relative glob's first).
func globDir(p string) string {
	i := strings.IndexAny(p, "*?[{")
	if i < 0 {
		return p
	}
	return path.Dir(p[:i+1])
}
