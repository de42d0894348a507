package layers

import (
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Walk limits of a scan: install must stay fast in a large tree, and
// what it does not reach is the hook's (design.md 181).
const (
	maxScanEntries = 20000 // files and directories looked at, per tree
	maxHomeDepth   = 3     // levels of the home directory looked at
	// maxFound bounds the paths one scan writes; past it, their
	// directories are written instead.
	maxFound = 30
)

// skipDirs are directories a scan does not enter: version control's
// objects and dependency and build caches, which hold copies, not the
// project's secrets.
var skipDirs = map[string]bool{".git": true, "node_modules": true, ".cache": true, ".npm": true, "go": true, ".venv": true, "vendor": true}

// A matcher matches a scan's globs quickly: by the base name for a glob
// of one name at any depth (**/NAME) or at the top of the home
// directory (~/NAME), a glob regexp for the others.
type matcher struct {
	anyName, homeName map[string]bool     // literal names
	anyWild, homeWild []string            // names with wildcards (path.Match)
	full              []string            // globs matched whole
	byName            map[string][]string // of those, by a literal last name
}

func newMatcher(globs []string) *matcher {
	m := &matcher{anyName: map[string]bool{}, homeName: map[string]bool{}, byName: map[string][]string{}}
	for _, g := range globs {
		for _, a := range ExpandBraces(g) {
			if rest, ok := strings.CutPrefix(a, "**/"); ok && !strings.Contains(rest, "/") {
				addName(m.anyName, &m.anyWild, rest)
			} else if rest, ok := strings.CutPrefix(a, "~/"); ok && !strings.Contains(rest, "/") {
				addName(m.homeName, &m.homeWild, rest)
			} else if last := path.Base(strings.TrimSuffix(a, "/**")); !hasWild(last) {
				m.byName[last] = append(m.byName[last], a)
			} else {
				m.full = append(m.full, a)
			}
		}
	}
	return m
}

func addName(lit map[string]bool, wild *[]string, name string) {
	if hasWild(name) {
		*wild = append(*wild, name)
	} else {
		lit[name] = true
	}
}

// match returns the glob that p matches, or "": a glob **/X only in
// the project.
func (m *matcher) match(p string, dir bool, home, project string) string {
	base := filepath.Base(p)
	nameIn := func(lit map[string]bool, wild []string) string {
		if lit[base] {
			return base
		}
		for _, w := range wild {
			if ok, _ := path.Match(w, base); ok {
				return w
			}
		}
		return ""
	}
	if n := nameIn(m.anyName, m.anyWild); n != "" && under(p, project) {
		return "**/" + n
	}
	if n := nameIn(m.homeName, m.homeWild); n != "" && filepath.Dir(p) == home {
		return "~/" + n
	}
	for _, g := range slices.Concat(m.byName[base], m.full) {
		abs, ok := absGlob(g, home, project)
		if !ok || strings.HasPrefix(g, "**/") && !under(p, project) {
			continue
		}
		if globMatch(abs, p) || dir && strings.HasSuffix(abs, "/**") && globMatch(strings.TrimSuffix(abs, "/**"), p) {
			return g
		}
	}
	return ""
}

// matches reports whether the scan's globs match path, with the home
// directory and the project given: a glob **/X is matched in the project
// (its home variant is a glob ~/X of its own), a glob ~/X in the home
// directory, ./X in the project, an absolute one as is; a match of an
// exception does not count. dir says path is a directory: a glob D/**
// matches D itself.
func (s *Scan) matches(path string, dir bool, home, project string) bool {
	return s.match(path, dir, home, project) != ""
}

// match returns the glob of the scan that matches path, or "".
func (s *Scan) match(path string, dir bool, home, project string) string {
	if s.except.match(path, dir, home, project) != "" {
		return ""
	}
	return s.globs.match(path, dir, home, project)
}

// absGlob makes a glob absolute; false for a glob of another place.
func absGlob(g, home, project string) (string, bool) {
	switch {
	case strings.HasPrefix(g, "**/"), strings.HasPrefix(g, "/"):
		return g, true
	case g == "~" || strings.HasPrefix(g, "~/"):
		return home + g[1:], home != ""
	case strings.HasPrefix(g, "./"):
		return project + g[1:], project != ""
	}
	return project + "/" + g, project != ""
}

// Expand returns the values the scans of the file write when the layers
// are installed for a project and a home directory: the paths there that
// match, as the sandbox (~/x, ./x) or a native rule (Read(./x),
// Read(./d/**)) spells them. A directory that matches is written whole,
// and nothing below it. An empty project (a user settings file) or home
// is not looked at. will are files of the project that install is about
// to write (the settings file), taken as existing.
func (f *File) Expand(project, home string, will ...string) []Item {
	var out []Item
	for i := range f.Scan {
		s := &f.Scan[i]
		var found []place
		for _, root := range []struct{ dir, short string }{{project, "."}, {home, "~"}} {
			if root.dir != "" {
				found = append(found, s.walk(root.dir, root.short, home, project)...)
			}
		}
		for _, w := range will {
			found = append(found, s.will(w, project, home)...)
		}
		found = slices.Compact(found)
		if len(found) > maxFound {
			found = parents(found)
		}
		native := s.Key == "Read" || s.Key == "Edit"
		path := strings.Split(s.Key, ".")
		if native {
			path = strings.Split(NativeDeny, ".")
		}
		for _, p := range found {
			v := spell(p, native)
			if native {
				v = s.Key + "(" + v + ")"
			}
			it := Item{Path: path, Value: v, List: true}
			if !slices.ContainsFunc(out, func(o Item) bool { return slices.Equal(o.Path, it.Path) && o.Value == it.Value }) {
				out = append(out, it)
			}
		}
	}
	return out
}

// walk returns the places below root, spelt from short (. or ~), that the
// scan matches.
func (s *Scan) walk(root, short, home, project string) []place {
	var out []place
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if n++; n > maxScanEntries {
			return filepath.SkipAll
		}
		isDir := d.IsDir()
		if s.matches(p, isDir, home, project) {
			out = append(out, place{short + "/" + rel, isDir})
			if isDir {
				return filepath.SkipDir
			}
			return nil
		}
		if isDir && (skipDirs[d.Name()] || short == "~" && strings.Count(rel, "/")+1 >= maxHomeDepth) {
			return filepath.SkipDir
		}
		return nil
	})
	return out
}

// will returns the place of a file about to be written, or of the first
// directory above it, in the project, that the scan matches.
func (s *Scan) will(file, project, home string) []place {
	rel, err := filepath.Rel(project, file)
	if project == "" || err != nil || !filepath.IsLocal(rel) {
		return nil
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i := range parts {
		p := filepath.Join(project, filepath.Join(parts[:i+1]...))
		if s.matches(p, i < len(parts)-1, home, project) {
			return []place{{"./" + strings.Join(parts[:i+1], "/"), i < len(parts)-1}}
		}
	}
	return nil
}

// parents returns the directories that hold places, each once.
func parents(ps []place) []place {
	var out []place
	for _, p := range ps {
		d := place{path: p.path[:strings.LastIndexByte(p.path, '/')], dir: true}
		if d.path == "." || d.path == "~" {
			d = p
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}
