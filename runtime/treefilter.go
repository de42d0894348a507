package runtime

import (
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// This file models the filters that narrow the files a recursive reader
// reads below a tree's directory (design.md 135): rg's --glob, --iglob
// and --type, GNU grep's --include, --exclude and --exclude-dir, and the
// Grep tool's glob and type, which Claude Code passes to rg. A filter is
// used only where the model is exact for every glob it holds; any other
// filter leaves the tree read whole, as before. Where the model cannot
// tell whether an entry is skipped (a name that is not ASCII), the entry
// is read. TestFilterDifferential checks the model against rg and grep.

// A fileFilter selects the entries below a tree's directory that a
// recursive reader reads.
type fileFilter struct {
	rg bool // ripgrep's rules; otherwise GNU grep's
	// globs are rg's override globs (--glob, --iglob), or grep's
	// --include (neg false) and --exclude (neg true), in the order given.
	globs      []fglob
	whitelists int // rg: globs without !
	// types are the globs of the types rg -t selects, or nil.
	types []fglob
	dirs  []fglob // grep's --exclude-dir
}

// An fglob is one glob of a filter, matched against a base name.
type fglob struct {
	alts    []string // the alternatives of {a,b}; each of *, ?, [...] and literal bytes
	neg     bool     // rg's !GLOB, grep's --exclude
	dirOnly bool     // rg's GLOB/: directories only
	anyDir  bool     // matches every directory (an anchored glob read as more)
	fold    bool     // ASCII letters match either case
}

// skip reports whether the reader skips ent; def is whether it skips it
// with no filter (a hidden name, for rg without --hidden). A link is
// skipped only if it would be both as a file and as a directory (with -L
// or -R the reader follows it).
func (f *fileFilter) skip(ent DirEntry, def bool) bool {
	if f == nil {
		return def
	}
	for i := range len(ent.Name) {
		if ent.Name[i] >= 0x80 {
			// Case folding and ? differ on what is not ASCII: read it.
			return false
		}
	}
	if ent.Link && !ent.followed {
		return f.skipAs(ent.Name, false, def) && f.skipAs(ent.Name, true, def)
	}
	return f.skipAs(ent.Name, ent.Dir, def)
}

func (f *fileFilter) skipAs(name string, dir, def bool) bool {
	if !f.rg {
		// GNU grep: --exclude-dir for directories; for files, the last
		// --include or --exclude that matches decides, and with none a
		// file is read unless the first was --include.
		if dir {
			for i := range f.dirs {
				if f.dirs[i].match(name) {
					return true
				}
			}
			return def
		}
		for i := len(f.globs) - 1; i >= 0; i-- {
			if f.globs[i].match(name) {
				return f.globs[i].neg
			}
		}
		if len(f.globs) > 0 {
			return !f.globs[0].neg
		}
		return def
	}
	// ripgrep (the ignore crate): the last override glob that matches
	// decides; with none, a file is skipped if there are whitelist globs.
	// Then the types: a file of a selected type is read, any other file
	// skipped. A name no filter decides is skipped if hidden. A name a
	// filter selects is read even if hidden.
	for i := len(f.globs) - 1; i >= 0; i-- {
		g := &f.globs[i]
		if (!g.dirOnly || dir) && g.match(name) || dir && g.anyDir {
			return g.neg
		}
	}
	if f.whitelists > 0 && !dir {
		return true
	}
	if f.types != nil && !dir {
		for i := range f.types {
			if f.types[i].match(name) {
				return false
			}
		}
		return true
	}
	return def
}

// orNothing returns g, or where the model does not read it (ok false) a
// glob that matches no name in its place: a glob that only skips names
// (rg's !GLOB, grep's --exclude and --exclude-dir) may then skip fewer,
// never more, and it still counts where its place counts (grep reads a
// file no glob matches unless the first is --include) (design.md 200).
func (g fglob) orNothing(ok bool) fglob {
	if !ok {
		g.alts = nil
	}
	return g
}

// match reports whether the base name matches g.
func (g *fglob) match(name string) bool {
	for _, a := range g.alts {
		if wildMatch(a, name, g.fold) {
			return true
		}
	}
	return false
}

// wildMatch matches name against p, of *, ?, [...] (checked by
// parseFglob) and literal bytes.
func wildMatch(p, name string, fold bool) bool {
	star, back := -1, 0
	i, j := 0, 0
	for j < len(name) {
		if i < len(p) {
			switch c := p[i]; c {
			case '*':
				star, back = i, j
				i++
				continue
			case '?':
				i, j = i+1, j+1
				continue
			case '[':
				end := strings.IndexByte(p[i+2:], ']') + i + 2
				if classMatch(p[i+1:end], name[j], fold) {
					i, j = end+1, j+1
					continue
				}
			default:
				if c == name[j] || fold && lower(c) == lower(name[j]) {
					i, j = i+1, j+1
					continue
				}
			}
		}
		if star < 0 {
			return false
		}
		back++
		i, j = star+1, back
	}
	for i < len(p) && p[i] == '*' {
		i++
	}
	return i == len(p)
}

// classMatch matches b against the class body cl ([cl]: ! negates, a-z
// ranges).
func classMatch(cl string, b byte, fold bool) bool {
	neg := strings.HasPrefix(cl, "!")
	if neg {
		cl = cl[1:]
	}
	in := false
	for k := 0; k < len(cl); k++ {
		lo, hi := cl[k], cl[k]
		if k+2 < len(cl) && cl[k+1] == '-' {
			hi = cl[k+2]
			k += 2
		}
		if lo <= b && b <= hi || fold && (lo <= lower(b) && lower(b) <= hi || lo <= upper(b) && upper(b) <= hi) {
			in = true
		}
	}
	return in != neg
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - ('a' - 'A')
	}
	return b
}

// parseFglob reads the glob s of a filter, with braces ({a,b}, not
// nested) when rg reads it. In a base name ** is *, as rg and fnmatch
// read it, and \X is X (a special X kept as the class [X]). ok is false
// for what the model does not read exactly: ** with an escape, a class
// with ], [:, / or an escape, or a bad range, text that is not ASCII,
// nested or unbalanced braces (design.md 204).
func parseFglob(s string, braces bool) (alts []string, ok bool) {
	if s == "" || strings.Contains(s, "**") && strings.ContainsAny(s, "\\") || strings.HasSuffix(strings.ReplaceAll(s, "\\\\", ""), "\\") {
		return nil, false
	}
	for i := range len(s) {
		if s[i] >= 0x80 || s[i] < 0x20 {
			return nil, false
		}
	}
	alts = []string{""}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '[':
			cl, n, ok := fglobClass(s[i:])
			if !ok {
				return nil, false
			}
			for a := range alts {
				alts[a] += cl
			}
			i += n - 1
		case '\\':
			i++
			lit := s[i : i+1]
			if strings.Contains("*?[]", lit) {
				lit = "[" + lit + "]" // wildMatch reads the class as the byte
			}
			for a := range alts {
				alts[a] += lit
			}
		case '{':
			if !braces {
				for a := range alts {
					alts[a] += "{" // grep reads braces as themselves
				}
				continue
			}
			end := strings.IndexByte(s[i:], '}')
			if end < 0 || strings.ContainsAny(s[i+1:i+end], "{[\\") {
				return nil, false
			}
			var next []string
			for _, a := range alts {
				for _, o := range strings.Split(s[i+1:i+end], ",") {
					next = append(next, a+o)
				}
			}
			if len(next) > 64 {
				return nil, false
			}
			alts = next
			i += end
		case '}':
			if braces {
				return nil, false
			}
			for a := range alts {
				alts[a] += "}"
			}
		default:
			for a := range alts {
				alts[a] += string(c)
			}
		}
	}
	return alts, true
}

// fglobClass reads the class that starts s ([...]) and returns it as
// wildMatch reads it, and its length in s; ok is false for a class the
// model does not read exactly (parseFglob).
func fglobClass(s string) (class string, n int, ok bool) {
	end := strings.IndexByte(s[1:], ']')
	if end < 1 {
		return "", 0, false
	}
	cl := s[1 : 1+end]
	if rest, ok := strings.CutPrefix(cl, "^"); ok {
		cl = "!" + rest // rg and fnmatch read [^...] as [!...]
	}
	body := strings.TrimPrefix(cl, "!")
	if body == "" || strings.ContainsAny(body, "[^/\\") {
		return "", 0, false
	}
	for k := 0; k+2 < len(body); k++ {
		if body[k+1] == '-' {
			if body[k] > body[k+2] {
				return "", 0, false
			}
			k += 2
		}
	}
	if strings.HasSuffix(body, "-") || strings.HasPrefix(body, "-") {
		return "", 0, false
	}
	return "[" + cl + "]", end + 2, true
}

// rgGlob reads a glob of rg's --glob or --iglob (fold) as an override,
// a line of a gitignore file as ripgrep's ignore crate reads one: # at the
// start makes it a comment and trailing white space is dropped unless a
// backslash escapes it, so that a comment or a glob of white space is no
// glob at all (none: rg drops it; rg -g '#x' searches everything, and
// -g '.env ' matches .env; round 17, design.md 402); ! negates, and \! or
// \# at the start are those characters; a trailing / matches directories
// only; a glob without another / (after a leading **/) matches the base
// name at any depth. A glob with a / anywhere else is anchored to the
// directory rg runs in, which the model does not follow: a whitelist of
// files is read as more than it selects, its last component matched at
// any depth and every directory entered, hidden ones too (design.md 203);
// otherwise ok is false.
func rgGlob(s string, fold bool) (g fglob, ok, none bool) {
	g = fglob{fold: fold}
	if strings.HasPrefix(s, "#") {
		return g, true, true
	}
	if !strings.HasSuffix(s, "\\ ") {
		s = strings.TrimRightFunc(s, unicode.IsSpace)
	}
	if s == "" {
		return g, true, true
	}
	if strings.HasPrefix(s, "\\!") || strings.HasPrefix(s, "\\#") {
		s = s[1:]
	} else if rest, ok := strings.CutPrefix(s, "!"); ok {
		g.neg, s = true, rest
	}
	if rest, ok := strings.CutSuffix(s, "/"); ok {
		g.dirOnly, s = true, rest
	}
	for strings.HasPrefix(s, "**/") {
		s = s[3:] // **/GLOB matches at any depth, as GLOB does
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		if g.neg || g.dirOnly {
			return g, false, false
		}
		g.anyDir, s = true, s[i+1:]
	}
	g.alts, ok = parseFglob(s, true)
	return g, ok, false
}

// grepGlob reads a glob of GNU grep's --include, --exclude or
// --exclude-dir, which fnmatch matches against a base name found while
// recursing: * and ? match any character, braces are themselves.
func grepGlob(s string, neg bool) (fglob, bool) {
	alts, ok := parseFglob(s, false)
	return fglob{alts: alts, neg: neg}, ok
}

// foundFilter returns the files that find hands a program that reads no
// tree, given the patterns of its -name tests (SimpleCommand.FoundNames):
// the names that match one (find -name '*.go' -exec wc -l {} +); a
// directory that matches is handed on, but such a program reads nothing
// below it (design.md 432). nil if a pattern is not one the model reads.
func foundFilter(names []string) *fileFilter {
	f := &fileFilter{}
	for _, n := range names {
		fold := strings.HasPrefix(n, "(?i)")
		g, ok := grepGlob(strings.TrimPrefix(n, "(?i)"), false)
		if !ok {
			return nil
		}
		g.fold = fold
		f.globs = append(f.globs, g)
	}
	return f
}

// goFiles selects the files gofmt reads below a directory: names ending
// in .go (gofmt skips those starting with a dot too, which the filter
// keeps), built the first time gofmt reads a tree: not at start-up.
var goFiles = sync.OnceValue(func() *fileFilter { return foundFilter([]string{"*.go"}) })

// commandTree returns what c reads below the trees it reads, given sel
// without filters: sel narrowed by c's filters; with filters the model
// does not read exactly, every name, since a filter may select hidden
// names that rg would skip without it (rg -g '.env*') (design.md 135).
func (e *evaluator) commandTree(c *SimpleCommand, filters []FilterOpt, sel treeRead, dir Word) treeRead {
	if len(filters) == 0 {
		return sel
	}
	if f := commandFilter(c, filters, func(o FilterOpt) bool { return e.literalGlob(o.Word, dir) }); f != nil {
		sel.filter = f
		return sel
	}
	return treeRead{names: namesAll, noFollow: sel.noFollow, follow: sel.follow}
}

// noFollow reports whether the recursive reader c skips the symlinks it
// meets below the directories it is given, as rg does without -L or
// --follow and grep does with -r but not -R (design.md 160).
func noFollow(c *SimpleCommand) bool {
	has := func(opts ...string) bool {
		for _, f := range c.Flags {
			if slices.Contains(opts, f.Text) || f.Dynamic {
				return true
			}
			for _, o := range opts {
				if ok, err := path.Match(f.Text, o); f.Glob && (ok || err != nil) {
					return true // a glob word Bash may expand to it
				}
			}
		}
		return false
	}
	switch c.Program.Text {
	case "rg":
		return !has("-L", "--follow")
	case "grep", "egrep", "fgrep":
		return !has("-R", "--dereference-recursive")
	}
	return false
}

// follows reports whether the recursive reader c follows the symlinks it
// meets below its directories by its own rules, so that their targets
// are walked as its trees are: rg -L, grep -R (design.md 201). Other
// readers that may follow them keep the targets as trees.
func follows(c *SimpleCommand) bool {
	switch c.Program.Text {
	case "rg", "grep", "egrep", "fgrep":
		return !noFollow(c)
	}
	return false
}

// literalGlob reports whether Bash leaves the glob word w, relative to
// dir, as written: with the file system the hook sees, no name matches it
// (design.md 47).
func (e *evaluator) literalGlob(w Word, dir Word) bool {
	if e.env.FS == nil || w.Dynamic {
		return false
	}
	names, literal, ok := e.expandGlob(w, dir)
	return ok && literal && len(names) == 0
}

// commandFilter returns the filter that narrows the trees c reads, or nil
// when the model does not read its filters exactly. literal reports
// whether a filter's value, a glob word, stays as written.
func commandFilter(c *SimpleCommand, filters []FilterOpt, literal func(FilterOpt) bool) *fileFilter {
	switch c.Program.Text {
	case "rg":
		fold := false
		for _, fl := range c.Flags {
			switch fl.Text {
			case "--glob-case-insensitive":
				fold = true
			case "--no-glob-case-insensitive":
				fold = false
			}
		}
		f := &fileFilter{rg: true}
		for _, o := range rgOverrideOrder(filters) {
			if !filterValue(&o, literal) {
				return nil
			}
			switch o.Opt {
			case "-g", "--glob", "--iglob":
				g, ok, none := rgGlob(o.Value.Text, fold || o.Opt == "--iglob")
				switch {
				case none:
				case !ok && !g.neg:
					return nil
				default:
					f.add(g.orNothing(ok))
				}
			case "-t", "--type":
				if !f.addType(o.Value.Text) {
					return nil
				}
			case "-T", "--type-not":
				// It only skips files: reading them is reading more.
			default: // --type-add, --type-clear: types the model does not know
				return nil
			}
		}
		return f
	case "grep", "egrep", "fgrep":
		f := &fileFilter{}
		for _, o := range filters {
			if !filterValue(&o, literal) {
				return nil
			}
			var g fglob
			ok := false
			switch o.Opt {
			case "--include", "--exclude":
				g, ok = grepGlob(o.Value.Text, o.Opt == "--exclude")
				f.globs = append(f.globs, g.orNothing(ok))
				ok = ok || g.neg
			case "--exclude-dir":
				g, ok = grepGlob(o.Value.Text, true)
				f.dirs = append(f.dirs, g.orNothing(ok))
				ok = true
			}
			if !ok { // --exclude-from: patterns the line does not show
				return nil
			}
		}
		return f
	}
	return nil
}

// globFilters returns c's filters and its operands ops, with each
// unquoted glob word --OPT=GLOB that is a filter of c, and that Bash
// leaves as written on the file system the hook sees (grep -r
// --include=*.go), taken as the filter it is instead of as an operand
// that may be anything (design.md 135).
func (e *evaluator) globFilters(c *SimpleCommand, ops []Word, dir Word) ([]FilterOpt, []Word) {
	filters := c.Filters
	var rest []Word
	for i, w := range ops {
		opt, val, ok := strings.Cut(w.Text, "=")
		if !w.Glob || w.Dynamic || !ok || !strings.HasPrefix(opt, "--") || strings.ContainsAny(opt, "*?[\\") ||
			!filterOption(c.Program.Text, opt) || !e.literalGlob(w, dir) {
			if rest != nil {
				rest = append(rest, w)
			}
			continue
		}
		at := slices.Index(c.Words, w)
		if at < 0 {
			continue
		}
		if rest == nil {
			rest = append([]Word{}, ops[:i]...)
			filters = slices.Clone(filters)
		}
		filters = append(filters, FilterOpt{Opt: opt, Value: Word{Text: val}, Word: w, At: at})
	}
	if rest == nil {
		return filters, ops
	}
	slices.SortStableFunc(filters, func(a, b FilterOpt) int { return a.At - b.At })
	return filters, rest
}

// filterValue reports whether the value of the filter o is known: static,
// or a glob word Bash leaves as written (then o.Value is made static).
func filterValue(o *FilterOpt, literal func(FilterOpt) bool) bool {
	switch {
	case o.Value.Dynamic || o.Value.Tree:
		return false
	case o.Value.Glob:
		if !literal(*o) {
			return false
		}
		o.Value.Glob = false
	}
	return true
}

func (f *fileFilter) add(g fglob) {
	f.globs = append(f.globs, g)
	if !g.neg {
		f.whitelists++
	}
}

// addType adds the globs of rg's type name to those -t selects; false for
// a type the model does not know.
func (f *fileFilter) addType(name string) bool {
	def, ok := rgType(name)
	if !ok {
		return false
	}
	for _, s := range strings.Split(def, ",") {
		alts, ok := parseFglob(strings.TrimSpace(s), true)
		if !ok {
			return false
		}
		f.types = append(f.types, fglob{alts: alts})
	}
	return true
}

// toolFilter returns the filter of a Grep call whose glob field is glob
// and type field typ ("" when absent): Claude Code runs rg --hidden with
// --glob '!D' for each version-control directory D, then --glob GLOB and
// --type TYPE (design.md 114, 135). ok is false for a glob or type the
// model does not read exactly, and then the tree is read whole, every
// name. Claude Code may split a glob at spaces and at commas outside
// braces: a glob with spaces, or commas and no braces, is not read. (Split
// at the commas of braces, rg rejects the pieces and reads nothing.)
func toolFilter(glob, typ string) (*fileFilter, bool) {
	f := &fileFilter{rg: true}
	for _, d := range vcsDirs {
		g, _, _ := rgGlob("!"+d, false)
		f.add(g)
	}
	if glob != "" {
		if strings.ContainsAny(glob, " \t\n\r\f\v") || strings.Contains(glob, ",") && !strings.Contains(glob, "{") {
			return nil, false
		}
		g, ok, none := rgGlob(glob, false)
		switch {
		case none:
		case !ok && !g.neg:
			return nil, false
		default:
			f.add(g.orNothing(ok))
		}
	}
	if typ != "" && !f.addType(typ) {
		return nil, false
	}
	return f, true
}

// rgOverrideOrder returns rg's file filters in the order rg adds its
// override globs, in which the last that matches a path decides: every
// --glob (-g) in the line's order, then every --iglob (ripgrep's
// overrides(); rg --iglob '*' -g '!*' reads every file: round 17,
// design.md 402). Types keep their places: they are another matcher.
func rgOverrideOrder(filters []FilterOpt) []FilterOpt {
	out := make([]FilterOpt, 0, len(filters))
	for _, o := range filters {
		if o.Opt != "--iglob" {
			out = append(out, o)
		}
	}
	for _, o := range filters {
		if o.Opt == "--iglob" {
			out = append(out, o)
		}
	}
	return out
}

// listsFiles reports whether c lists the files it would search without
// reading them (rg --files): its operands are all paths, listed as find
// lists its starting points.
func listsFiles(c *SimpleCommand) bool {
	return c.Program.Text == "rg" && slices.ContainsFunc(c.Flags, func(w Word) bool { return w.Text == "--files" })
}

// rgTypes are the types of ripgrep 13.0.0 (rg --type-list) that rg -t
// and the Grep tool's type may name, sorted by name: a subset; any other
// type leaves the tree read whole. TestRgTypes checks them against the rg
// installed. An array, not a map, so that no hook builds it at start-up
// (design.md 297).
var rgTypes = [...][2]string{
	{"c", "*.[chH], *.[chH].in, *.cats"},
	{"cpp", "*.[ChH], *.[ChH].in, *.[ch]pp, *.[ch]pp.in, *.[ch]xx, *.[ch]xx.in, *.cc, *.cc.in, *.hh, *.hh.in, *.inl"},
	{"cs", "*.cs"},
	{"csharp", "*.cs"},
	{"css", "*.css, *.scss"},
	{"dart", "*.dart"},
	{"docker", "*Dockerfile*"},
	{"elixir", "*.eex, *.ex, *.exs"},
	{"erlang", "*.erl, *.hrl"},
	{"go", "*.go"},
	{"h", "*.h, *.hpp"},
	{"haskell", "*.c2hs, *.cpphs, *.hs, *.hsc, *.lhs"},
	{"html", "*.ejs, *.htm, *.html"},
	{"java", "*.java, *.jsp, *.jspx, *.properties"},
	{"js", "*.js, *.jsx, *.vue"},
	{"json", "*.json, composer.lock"},
	{"kotlin", "*.kt, *.kts"},
	{"lua", "*.lua"},
	{"make", "*.mak, *.mk, [Gg][Nn][Uu]makefile, [Gg][Nn][Uu]makefile.am, [Gg][Nn][Uu]makefile.in, [Mm]akefile, [Mm]akefile.am, [Mm]akefile.in"},
	{"markdown", "*.markdown, *.md, *.mdown, *.mkdn"},
	{"md", "*.markdown, *.md, *.mdown, *.mkdn"},
	{"perl", "*.PL, *.perl, *.pl, *.plh, *.plx, *.pm, *.t"},
	{"php", "*.php, *.php3, *.php4, *.php5, *.phtml"},
	{"py", "*.py"},
	{"r", "*.R, *.Rmd, *.Rnw, *.r"},
	{"ruby", "*.gemspec, *.rb, *.rbw, .irbrc, Gemfile, Rakefile, config.ru"},
	{"rust", "*.rs"},
	{"scala", "*.sbt, *.scala"},
	{"sh", "*.bash, *.bashrc, *.csh, *.cshrc, *.ksh, *.kshrc, *.sh, *.tcsh, *.zsh, .bash_login, .bash_logout, .bash_profile, .bashrc, .cshrc, .kshrc, .login, .logout, .profile, .tcshrc, .zlogin, .zlogout, .zprofile, .zshenv, .zshrc, bash_login, bash_logout, bash_profile, bashrc, profile, zlogin, zlogout, zprofile, zshenv, zshrc"},
	{"sql", "*.psql, *.sql"},
	{"swift", "*.swift"},
	{"toml", "*.toml, Cargo.lock"},
	{"ts", "*.ts, *.tsx"},
	{"txt", "*.txt"},
	{"xml", "*.dtd, *.rng, *.sch, *.xhtml, *.xjb, *.xml, *.xml.dist, *.xsd, *.xsl, *.xslt"},
	{"yaml", "*.yaml, *.yml"},
	{"zig", "*.zig"},
}

// rgType returns the globs of rg's type name, comma-separated.
func rgType(name string) (string, bool) {
	i, ok := slices.BinarySearchFunc(rgTypes[:], name, func(t [2]string, name string) int { return strings.Compare(t[0], name) })
	if !ok {
		return "", false
	}
	return rgTypes[i][1], true
}

// treeRead is which entries below a tree's directory a reader reads.
type treeRead struct {
	names  treeNames
	filter *fileFilter // nil: all that names allows
	// noFollow says the reader skips the symlinks it finds below the
	// directory (rg without -L, grep -r, the Grep tool); others may
	// follow them, so their targets are trees read too (design.md 160).
	noFollow bool
	// follow says the reader follows the symlinks below the directory by
	// its own rules (rg -L, grep -R): their targets are walked as the
	// tree is (design.md 201).
	follow bool
	// split says the paths are words xargs split from the lines find
	// printed (SimpleCommand.FoundSplit): a name with a blank, quote or
	// backslash makes them other words.
	split bool
}

// toolTree returns what the tool tp, which reads the files below its
// directory (Grep), reads there: every name but the version-control
// directories, narrowed by its glob and type fields as rg narrows them;
// every name when the model cannot read a field exactly.
func (e *evaluator) toolTree(tp *ToolPaths) treeRead {
	glob, typ := "", ""
	for _, f := range tp.Globs {
		if w, ok := e.toolPath(f); ok {
			if w.Dynamic {
				return treeRead{names: namesAll}
			}
			glob = w.Text
		}
	}
	// The type field is Grep's alone; ToolPaths does not name it.
	if v, ok := e.p.Field("type"); ok {
		s, isStr := v.(string)
		if !isStr {
			return treeRead{names: namesAll}
		}
		typ = s
	}
	if glob == "" && typ == "" {
		return treeRead{names: namesAllButVCS}
	}
	f, ok := toolFilter(glob, typ)
	if !ok {
		return treeRead{names: namesAll}
	}
	return treeRead{names: namesAll, filter: f}
}
