package runtime

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/paths"
)

// This file models Bash's pathname expansion of a glob word (design.md
// 120): the pattern Word.Pat, one component between slashes at a time,
// matched against the names the file system lists. The model is exact for
// *, ?, and bracket expressions of plain characters, escaped characters
// and ranges, checked against real Bash by TestGlobOracle. Anything else
// (character, equivalence and collating classes, a negated set with a
// range, a trailing backslash, a name or pattern that is not UTF-8) is
// not modelled: the word stays uncertain, and no allow rule holds for it.

// shItem kinds.
const (
	shLit  = iota // one rune
	shAny         // ?
	shStar        // *
	shSet         // [...]
)

// An shItem is one item of a pattern component.
type shItem struct {
	kind uint8
	neg  bool // a set: [!...] or [^...]
	r    rune // a rune: shLit
	set  []paths.RuneRange
}

// An shComp is one component of a shell pattern.
type shComp struct {
	items  []shItem
	glob   bool   // holds *, ? or a set
	lit    string // the value, when not glob: quotes and escapes removed
	dot    bool   // starts with a literal .: names starting with . may match
	ranged bool   // a set holds a range, whose meaning may depend on the locale
}

// compileShComp compiles one component of a pattern (no slash). ok is
// false where the component holds a construct the model leaves out.
func compileShComp(c string) (comp shComp, ok bool) {
	if !utf8.ValidString(c) {
		return comp, false
	}
	var lit strings.Builder
	for i := 0; i < len(c); {
		switch c[i] {
		case '\\':
			if i+1 == len(c) {
				return comp, false // a trailing backslash
			}
			r, n := utf8.DecodeRuneInString(c[i+1:])
			comp.items = append(comp.items, shItem{kind: shLit, r: r})
			lit.WriteRune(r)
			i += 1 + n
		case '*':
			if k := len(comp.items); k == 0 || comp.items[k-1].kind != shStar {
				comp.items = append(comp.items, shItem{kind: shStar})
			}
			comp.glob = true
			i++
		case '?':
			comp.items = append(comp.items, shItem{kind: shAny})
			comp.glob = true
			i++
		case '[':
			it, end, state := scanShSet(c, i)
			switch state {
			case setExotic:
				return comp, false
			case setOpen:
				// No closing ]: the [ is itself.
				comp.items = append(comp.items, shItem{kind: shLit, r: '['})
				lit.WriteByte('[')
				i++
				continue
			}
			for _, r := range it.set {
				if r.Lo != r.Hi {
					comp.ranged = true
				}
			}
			if it.neg && comp.ranged {
				return comp, false
			}
			comp.items = append(comp.items, it)
			comp.glob = true
			i = end
		default:
			r, n := utf8.DecodeRuneInString(c[i:])
			comp.items = append(comp.items, shItem{kind: shLit, r: r})
			lit.WriteRune(r)
			i += n
		}
	}
	comp.lit = lit.String()
	comp.dot = len(comp.items) > 0 && comp.items[0].kind == shLit && comp.items[0].r == '.'
	return comp, true
}

// shPatModelled reports whether every component of the shell pattern pat
// is one compileShComp models ("" is no pattern: a word's own text).
func shPatModelled(pat string) bool {
	for c := range strings.SplitSeq(pat, "/") {
		if _, ok := compileShComp(c); !ok {
			return false
		}
	}
	return true
}

// States of a bracket expression.
const (
	setOK     = iota
	setOpen   // not closed within the component: a literal [
	setExotic // holds [: [= or [. (classes), or a range the model leaves out
)

// scanShSet reads the bracket expression starting at c[i] == '[' as Bash
// does: ! or ^ first negates, a ] first (after them) is a member, a
// backslash escapes the next character, a-b is a range.
func scanShSet(c string, i int) (it shItem, end, state int) {
	it.kind = shSet
	j := i + 1
	if j < len(c) && (c[j] == '!' || c[j] == '^') {
		it.neg = true
		j++
	}
	first := true
	member := func() (rune, bool) {
		if j >= len(c) {
			return 0, false
		}
		if c[j] == '\\' {
			j++
			if j >= len(c) {
				return 0, false
			}
		}
		r, n := utf8.DecodeRuneInString(c[j:])
		j += n
		return r, true
	}
	for {
		if j >= len(c) {
			return it, 0, setOpen
		}
		if c[j] == ']' && !first {
			return it, j + 1, setOK
		}
		if c[j] == '[' && j+1 < len(c) && strings.IndexByte(":=.", c[j+1]) >= 0 {
			return it, 0, setExotic
		}
		first = false
		lo, ok := member()
		if !ok {
			return it, 0, setOpen
		}
		hi := lo
		if j+1 < len(c) && c[j] == '-' && c[j+1] != ']' {
			j++
			if c[j] == '[' && j+1 < len(c) && strings.IndexByte(":=.", c[j+1]) >= 0 {
				return it, 0, setExotic
			}
			if hi, ok = member(); !ok {
				return it, 0, setOpen
			}
			if hi < lo || lo >= utf8.RuneSelf || hi >= utf8.RuneSelf {
				return it, 0, setExotic
			}
		}
		it.set = append(it.set, paths.RuneRange{Lo: lo, Hi: hi})
	}
}

// inSet reports whether r is in the set. Loosely, a range also holds the
// characters that may sort inside it in a locale's collation order: a
// letter between the ends when case is ignored, and any character that is
// not an ASCII letter or digit (Bash before 5.0, or with globasciiranges
// off, compares ranges by collation).
func (it *shItem) inSet(r rune, loose bool) bool {
	in := false
	for _, x := range it.set {
		if x.Lo <= r && r <= x.Hi {
			in = true
			break
		}
		if loose && x.Lo != x.Hi {
			switch {
			case !isASCIIAlnum(r):
				in = true
			case isASCIILetter(r) && isASCIILetter(x.Lo) && isASCIILetter(x.Hi):
				f, lo, hi := foldASCII(r), foldASCII(x.Lo), foldASCII(x.Hi)
				in = lo <= f && f <= hi
			}
			if in {
				break
			}
		}
	}
	return in != it.neg
}

func isASCIILetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
func isASCIIAlnum(r rune) bool  { return isASCIILetter(r) || '0' <= r && r <= '9' }
func foldASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// match reports whether the component matches the name, which is valid
// UTF-8, leading dot aside: loose reads ranges loosely (inSet), fold
// ignores case (nocaseglob).
func (c *shComp) match(name string, loose, fold bool) bool {
	return matchShItems(c.items, name, loose, fold, false)
}

// matchC reports whether the component matches the name as Bash matches
// it in a locale of single bytes (C, POSIX; LC_ALL=C on the line or in
// the environment): ? and a set match one byte, and a character outside
// ASCII is its bytes, in the pattern as in the name (round 41).
func (c *shComp) matchC(name string, loose, fold bool) bool {
	var items []shItem
	for _, it := range c.items {
		switch {
		case it.kind == shLit && it.r >= utf8.RuneSelf:
			for _, b := range []byte(string(it.r)) {
				items = append(items, shItem{kind: shLit, r: rune(b)})
			}
		case it.kind == shSet:
			set := shItem{kind: shSet, neg: it.neg}
			for _, x := range it.set {
				if x.Lo < utf8.RuneSelf {
					set.set = append(set.set, x) // ranges are ASCII (scanShSet)
					continue
				}
				for _, b := range []byte(string(x.Lo)) {
					set.set = append(set.set, paths.RuneRange{Lo: rune(b), Hi: rune(b)})
				}
			}
			items = append(items, set)
		default:
			items = append(items, it)
		}
	}
	return matchShItems(items, name, loose, fold, true)
}

// matchShItems matches name against items, a character at a time, or a
// byte at a time where bytes is set (each item then is one byte, and only
// ASCII letters have another case).
func matchShItems(items []shItem, name string, loose, fold, bytes bool) bool {
	next := func(i int) (rune, int) {
		if bytes {
			return rune(name[i]), 1
		}
		return utf8.DecodeRuneInString(name[i:])
	}
	sameFold := func(a, b rune) bool {
		if bytes {
			return foldASCII(a) == foldASCII(b)
		}
		return foldEq(a, b)
	}
	// Iterative matching with one backtrack point: every item but * is
	// one character, so the last * is the only one worth retrying.
	pi, ni := 0, 0
	star, starNi := -1, 0
	for {
		if pi < len(items) && items[pi].kind == shStar {
			star, starNi = pi, ni
			pi++
			continue
		}
		if ni < len(name) {
			r, n := next(ni)
			if pi < len(items) {
				it := &items[pi]
				ok := false
				switch it.kind {
				case shLit:
					ok = it.r == r || fold && sameFold(it.r, r)
				case shAny:
					ok = r != '/'
				case shSet:
					// Ignoring case, a character is in the set when one of
					// its cases is, and then not in the negated set.
					in := it.inSet(r, loose) != it.neg
					switch {
					case fold && bytes:
						in = in || it.inSet(foldASCII(r), loose) != it.neg || it.inSet(upperASCII(r), loose) != it.neg
					case fold:
						for f := unicode.SimpleFold(r); !in && f != r; f = unicode.SimpleFold(f) {
							in = it.inSet(f, loose) != it.neg
						}
					}
					ok = r != '/' && in != it.neg
				}
				if ok {
					pi++
					ni += n
					continue
				}
			}
		} else if pi == len(items) {
			return true
		}
		if star < 0 || starNi >= len(name) {
			return false
		}
		_, n := next(starNi)
		starNi += n
		pi, ni = star+1, starNi
	}
}

func upperASCII(r rune) rune {
	if 'a' <= r && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

// A shPath is a path a glob may expand to; sure says it does in Bash 5
// with its default options, not only in some locale or older Bash.
type shPath struct {
	p    string
	sure bool
	dir  bool // a directory or a link: worth listing
	link bool // a link, which may lead to a directory or not
}

// shellGlob returns the paths the pattern pat, relative to the absolute
// directory base (or absolute itself, with base "/"), may expand to in
// Bash with its default options (design.md 120): a name starting with .
// only where the component starts with a literal ., . and .. too where
// Bash before 5.2 lists them, a literal component after a glob only where
// the path exists. literal says the word may also stay as written, when
// Bash may find no match. ok is false when the expansion ran past its
// bounds or the pattern holds a construct the model leaves out.
func (l *lister) shellGlob(base, pat string) (paths []string, literal, ok bool) {
	comps := strings.Split(pat, "/")
	cur := []shPath{{p: base, sure: true, link: true}}
	globbed := false
	for i, raw := range comps {
		last := i == len(comps)-1
		comp, ok := compileShComp(raw)
		if !ok || len(raw) > 2 && strings.Trim(raw, "*") == "" {
			// zsh's ***/ goes down through links too: not modelled.
			return nil, false, false
		}
		var deep []shPath
		if raw == "**" {
			// ** is * to Bash's defaults and any depth with globstar,
			// which the line or the user's start-up files may set: the
			// paths of both (design.md 434).
			if deep, ok = l.globstar(cur, last); !ok {
				return nil, false, false
			}
		}
		var next []shPath
		if !comp.glob {
			for _, d := range cur {
				p := joinShPath(d.p, comp.lit)
				if last && comp.lit == "" {
					// A trailing slash: directories only.
					if globbed && !d.dir && !d.link {
						continue
					}
					next = append(next, shPath{p: p, sure: d.sure && !d.link, dir: true})
					continue
				}
				// Whether a literal name is a directory is not known:
				// link says it may be.
				if !globbed {
					next = append(next, shPath{p: p, sure: d.sure, link: true})
					continue
				}
				// After a glob, Bash keeps a literal name only where it
				// exists (lstat): a link that leads nowhere is kept too.
				switch {
				case l.fs.Exists(p):
					next = append(next, shPath{p: p, sure: d.sure, link: true})
				case l.fs.Resolve(p) != "":
					next = append(next, shPath{p: p, sure: false, link: true})
				}
			}
			cur = next
			continue
		}
		globbed = true
		for _, d := range cur {
			ents, ok := l.list(d.p)
			if !ok {
				return nil, false, false
			}
			if comp.dot {
				// Bash before 5.2 (globskipdots) lists . and .. too.
				ents = append(ents[:len(ents):len(ents)], DirEntry{Name: ".", Dir: true}, DirEntry{Name: "..", Dir: true})
			}
			for _, ent := range ents {
				if !utf8.ValidString(ent.Name) {
					return nil, false, false
				}
				if !last && !ent.Dir && !ent.Link {
					continue
				}
				// Bash's defaults match a name starting with . only where
				// the component starts with a literal ., and compare
				// case. The user's shell may have set dotglob or
				// nocaseglob in its start-up files, which Claude Code's
				// shell snapshot keeps: those names may match too.
				hidden := ent.Name[0] == '.' && !comp.dot
				plain := comp.match(ent.Name, false, false)
				fold := comp.match(ent.Name, false, true)
				if !plain && !fold && !comp.match(ent.Name, true, false) && !comp.match(ent.Name, true, true) &&
					(!nonASCII(ent.Name) || !comp.matchC(ent.Name, true, false) && !comp.matchC(ent.Name, true, true)) {
					// Nor in the C locale, byte by byte: not sure then.
					continue
				}
				// Sure: it matches with Bash's defaults and with
				// nocaseglob (which a negated set may not), in the
				// locale's characters and in the C locale's bytes.
				sure := d.sure && !hidden && plain && fold && ent.Name != "." && ent.Name != ".." &&
					(!nonASCII(ent.Name) || comp.matchC(ent.Name, false, false) && comp.matchC(ent.Name, false, true))
				next = append(next, shPath{p: joinShPath(d.p, ent.Name), sure: sure, dir: ent.Dir || ent.Link, link: ent.Link})
			}
		}
		cur = append(next, deep...)
		if deep != nil {
			cur = compactShPaths(cur)
		}
	}
	literal = true
	for _, p := range cur {
		paths = append(paths, p.p)
		if p.sure {
			literal = false
		}
	}
	if anyRanged(comps) {
		literal = true
	}
	return paths, literal, true
}

// globstar returns what ** matches below the paths cur with Bash's
// globstar beyond what * matches: no directory at all (cur itself) and
// every directory at any depth below, and as the last component every
// file too. Bash (4.3 on) does not go down into a link, which * then matches
// as a name; a hidden name matches with dotglob, which the start-up files
// may set. None is sure: without globstar, ** is *.
func (l *lister) globstar(cur []shPath, last bool) ([]shPath, bool) {
	var out []shPath
	var walk func(dir string, depth int) bool
	walk = func(dir string, depth int) bool {
		ents, ok := l.list(dir)
		if !ok || depth > maxGlobstarDepth {
			return false
		}
		for _, ent := range ents {
			if !utf8.ValidString(ent.Name) {
				return false
			}
			p := joinShPath(dir, ent.Name)
			switch {
			case ent.Dir && !ent.Link:
				out = append(out, shPath{p: p, dir: true})
				if !walk(p, depth+1) {
					return false
				}
			case ent.Link || last:
				// A link matches as a name (to a directory, if it
				// leads to one), and is not gone down.
				out = append(out, shPath{p: p, dir: ent.Link, link: ent.Link})
			}
		}
		return true
	}
	for _, d := range cur {
		out = append(out, shPath{p: d.p, dir: d.dir, link: d.link})
		if last {
			// Bash spells the directory itself "dir/" too.
			out = append(out, shPath{p: joinShPath(d.p, ""), dir: true})
		}
		if !walk(d.p, 0) {
			return nil, false
		}
	}
	return out, true
}

// compactShPaths removes the paths of ps named twice, the first kept
// sure if either is.
func compactShPaths(ps []shPath) []shPath {
	at := make(map[string]int, len(ps))
	out := ps[:0]
	for _, p := range ps {
		if i, ok := at[p.p]; ok {
			out[i].sure = out[i].sure || p.sure
			continue
		}
		at[p.p] = len(out)
		out = append(out, p)
	}
	return out
}

// maxGlobstarDepth bounds the directories ** goes down through.
const maxGlobstarDepth = 32

// anyRanged reports whether a component holds a range: in some locale it
// may match nothing, and the word stay as written.
func anyRanged(comps []string) bool {
	for _, c := range comps {
		if comp, ok := compileShComp(c); ok && comp.ranged {
			return true
		}
	}
	return false
}

// joinShPath joins a directory and a name as Bash does: no cleaning.
func joinShPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

// nonASCII reports whether s holds a byte outside ASCII.
func nonASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
