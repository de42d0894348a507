package layers

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/paths"
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
	anyName, homeName names
	full              []string            // globs matched whole
	byName            map[string][]string // of those, by a literal last name
	need              map[string]string   // of full globs, a name every match holds
	res               []*regexp.Regexp    // regular expressions (reGlob), matched against files
}

// names matches base names: literal ones by a map, *SUFFIX by a map of
// suffixes, the other wildcard names with path.Match. A scan has hundreds
// of *SUFFIX names (every secret name with its backup suffixes), and
// install matches every file of the project and the home directory's top
// against them (design.md 281).
type names struct {
	lit    map[string]bool
	wild   []string       // names with wildcards, in order
	suffix map[string]int // of those, *SUFFIX: the index by SUFFIX
	other  []int          // of those, the others: their indexes
	ends   [][2]string    // of the others, the literal start and end every match has
}

func (n *names) add(name string) {
	switch {
	case !hasWild(name):
		if n.lit == nil {
			n.lit = map[string]bool{}
		}
		n.lit[name] = true
		return
	case strings.HasPrefix(name, "*") && !hasWild(name[1:]) && !strings.Contains(name, `\\`):
		if n.suffix == nil {
			n.suffix = map[string]int{}
		}
		if _, ok := n.suffix[name[1:]]; !ok {
			n.suffix[name[1:]] = len(n.wild)
		}
	default:
		n.other = append(n.other, len(n.wild))
		n.ends = append(n.ends, [2]string{literalEnd(name, false), literalEnd(name, true)})
	}
	n.wild = append(n.wild, name)
}

// match returns the name that base matches, or "": a literal one, else
// the first wildcard name in order.
func (n *names) match(base string) string {
	if n.lit[base] {
		return base
	}
	best := -1
	if n.suffix != nil {
		for i := range len(base) + 1 {
			if j, ok := n.suffix[base[i:]]; ok && (best < 0 || j < best) {
				best = j
			}
		}
	}
	for k, j := range n.other {
		if best >= 0 && j > best {
			break
		}
		if !strings.HasPrefix(base, n.ends[k][0]) || !strings.HasSuffix(base, n.ends[k][1]) {
			continue
		}
		if ok, _ := path.Match(n.wild[j], base); ok {
			best = j
			break
		}
	}
	if best < 0 {
		return ""
	}
	return n.wild[best]
}

// literalEnd returns the text a name with wildcards starts with (end:
// ends with) up to its first (last) wildcard or escape.
func literalEnd(name string, end bool) string {
	if end {
		return name[strings.LastIndexAny(name, "*?[]{}\\")+1:]
	}
	return name[:strings.IndexAny(name, "*?[]{}\\")]
}

// needName returns a literal name of glob g that every path it matches
// holds, or "": a quick test before the glob's regular expression.
func needName(g string) string {
	need := ""
	for _, e := range strings.Split(g, "/") {
		if e != "~" && e != "." && !hasWild(e) && !strings.Contains(e, `\\`) && len(e) > len(need) {
			need = e
		}
	}
	return need
}

func newMatcher(globs []string) *matcher {
	m := &matcher{byName: map[string][]string{}, need: map[string]string{}}
	for _, g := range globs {
		if isRe(g) {
			if x, err := regexp.Compile(g[len(reGlob):]); err == nil {
				m.res = append(m.res, x)
			}
			continue
		}
		for _, a := range paths.ExpandBraces(g) {
			if rest, ok := strings.CutPrefix(a, "**/"); ok && !strings.Contains(rest, "/") {
				m.anyName.add(rest)
			} else if rest, ok := strings.CutPrefix(a, "~/"); ok && !strings.Contains(rest, "/") {
				m.homeName.add(rest)
			} else if last := path.Base(strings.TrimSuffix(a, "/**")); !hasWild(last) {
				m.byName[last] = append(m.byName[last], a)
			} else {
				m.full = append(m.full, a)
				m.need[a] = needName(a)
			}
		}
	}
	return m
}

// match returns the glob that p matches, or "": a glob **/X only in
// the project.
func (m *matcher) match(p string, dir bool, home, project string) string {
	base := filepath.Base(p)
	if n := m.anyName.match(base); n != "" && under(p, project) {
		return "**/" + n
	}
	if n := m.homeName.match(base); n != "" && filepath.Dir(p) == home {
		return "~/" + n
	}
	for _, g := range slices.Concat(m.byName[base], m.full) {
		if !strings.Contains(p, m.need[g]) {
			continue
		}
		abs, ok := absGlob(g, home, project)
		if !ok || strings.HasPrefix(g, "**/") && !under(p, project) {
			continue
		}
		if globMatch(abs, p) || dir && strings.HasSuffix(abs, "/**") && globMatch(strings.TrimSuffix(abs, "/**"), p) {
			return g
		}
	}
	for _, x := range m.res {
		// A file whose whole path the rule's expression matches, as the
		// hook matches it (design.md 302).
		if !dir && x.MatchString(p) {
			return reGlob + x.String()
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
	found := make([][]place, len(f.Scan))
	for _, root := range []struct{ dir, short string }{{project, "."}, {home, "~"}} {
		if root.dir != "" {
			for i, ps := range walkScans(f.Scan, root.dir, root.short, home, project) {
				found[i] = append(found[i], ps...)
			}
		}
	}
	var out []Item
	fixed := f.Items()
	for i := range f.Scan {
		s := &f.Scan[i]
		found[i] = append(found[i], s.present(home)...)
		for _, w := range will {
			found[i] = append(found[i], s.will(w, project, home)...)
		}
		found := slices.Compact(found[i])
		if len(found) > maxFound {
			found = parents(found)
		}
		native := s.Key == "Read" || s.Key == "Edit"
		path := strings.Split(s.Key, ".")
		if native {
			path = strings.Split(NativeDeny, ".")
		}
		for _, p := range found {
			if covered(fixed, s.Key, p) {
				continue
			}
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

// covered reports whether an entry the file writes whatever exists
// already holds place p under key: a key's directory, or the native Read
// deny of one, which holds for edits too (Read(~/.ssh/**) holds
// ~/.ssh/id_rsa, which a regular expression matches).
func covered(fixed []Item, key string, p place) bool {
	for _, it := range fixed {
		v, _ := it.Value.(string)
		if !it.List || v == "" {
			continue
		}
		at, sp := strings.Join(it.Path, "."), spell(p, false)
		if at == key && under(sp, v) { // a path of the sandbox's lists holds what is below it
			return true
		}
		t, pat, ok := strings.Cut(strings.TrimSuffix(v, ")"), "(")
		if at != NativeDeny || !ok || t != key && !(t == "Read" && key == "Edit") {
			continue
		}
		if d, dir := strings.CutSuffix(pat, "/**"); pat == sp || dir && under(sp, d) {
			return true
		}
	}
	return false
}

// walkScans returns, per scan, the places below root, spelt from short
// (. or ~), that the scan matches. It walks the tree once for every
// scan (design.md 281); a directory a scan matches is written whole, and
// that scan looks at nothing below it.
func walkScans(scans []Scan, root, short, home, project string) [][]place {
	out := make([][]place, len(scans))
	whole := make([]string, len(scans)) // the directory each scan matched last
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
		enter := false
		for i := range scans {
			switch {
			case whole[i] != "" && under(p, whole[i]):
			case scans[i].matches(p, isDir, home, project):
				out[i] = append(out[i], place{short + "/" + rel, isDir})
				if isDir {
					whole[i] = p
				}
			default:
				enter = true
			}
		}
		if isDir && (!enter || skipDirs[d.Name()] || short == "~" && strings.Count(rel, "/")+1 >= maxHomeDepth) {
			return filepath.SkipDir
		}
		return nil
	})
	return out
}

// present returns the absolute globs of the scan without wildcards (a
// file, or a directory with /**) that exist now, outside the project and
// the home, which install does not walk: the system's credential stores
// (design.md 376). An exception (**/*.pub) holds there too.
func (s *Scan) present(home string) []place {
	var out []place
	for _, g := range s.Globs {
		d, dir := strings.CutSuffix(g, "/**")
		if !strings.HasPrefix(d, "/") || hasWild(d) || s.except.match(d, dir, home, "/") != "" {
			continue
		}
		if _, err := os.Lstat(d); err == nil {
			out = append(out, place{d, dir})
		}
	}
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
