package paths

import (
	"errors"
	"maps"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/schema"
)

// A glob is matched directly, without building a regular expression: the
// runtime compiles it on first use into a small program of the same
// language as its GlobRegexp translation (same rune steps, same (?i)
// folding, same errors), which costs a fraction of regexp.Compile and
// matches paths in time proportional to their length. globParse follows
// globTranslate step for step; TestGlobMatchRegexp and FuzzGlobMatch check
// the two against each other.

// globNode is one element of a parsed glob.
type globNode struct {
	kind globKind
	r    rune         // gnLit
	cls  int          // gnClass: index into globProg.classes
	alts [][]globNode // gnAlt
}

type globKind uint8

const (
	gnLit     globKind = iota // one rune
	gnQuest                   // [^/]
	gnStar                    // [^/]*
	gnClass                   // a class
	gnAlt                     // (?:a|b|...)
	gnAnyStar                 // .* (with (?s))
	gnDirs                    // (?:.*/)?
	gnSub                     // (?:/.*)?
)

// globClassSet is a translated class: ranges that never include '/' when
// positive; a negated class also excludes '/'.
type globClassSet struct {
	neg    bool
	ranges []rune // lo, hi pairs
}

// globInst is one instruction of a compiled glob.
type globInst struct {
	op   globOp
	r    rune  // goRune
	x, y int32 // goSplit, goJmp: targets; goClass: class index
}

type globOp uint8

const (
	goMatch   globOp = iota
	goRune           // the rune r (folded if the program folds)
	goNotDash        // one rune but '/'
	goAny            // any one rune
	goClass          // a rune of classes[x]
	goSplit          // continue at x, or at y
	goJmp            // continue at x
)

// A globProg is a compiled glob. Without case folding a match is
// prefix + (a string the program matches) + suffix, so that most
// non-matching paths are rejected by comparing a prefix or a suffix.
type globProg struct {
	none           bool // the glob is invalid: it matches nothing
	fold           bool
	prefix, suffix string
	inner          string // a literal the part between them must contain
	// With case folding: the prefix and suffix, matched rune by rune.
	foldPre, foldSuf []rune
	inst             []globInst
	classes          []globClassSet
	// For a program of at most 64 instructions, closure[pc] is the set
	// of rune and match instructions reachable from pc through splits and
	// jumps, and match the set of match instructions: run steps all
	// threads at once in a bit set.
	closure []uint64
	match1  uint64
}

var errGlob = errors.New("invalid glob")

// compileGlob compiles pat, with (?i) semantics if fold.
func compileGlob(pat string, fold bool) *globProg {
	g := &globProg{fold: fold}
	if pat == "" || !utf8.ValidString(pat) {
		g.none = true
		return g
	}
	nodes, err := g.parse(pat, 0)
	if err != nil {
		return &globProg{none: true}
	}
	// Literal runes at either end of the top level are a required prefix
	// or suffix. U+FFFD stays in the program: it also matches a byte that
	// is not UTF-8.
	i := 0
	var pre, suf []rune
	for ; i < len(nodes) && nodes[i].kind == gnLit && nodes[i].r != utf8.RuneError; i++ {
		pre = append(pre, nodes[i].r)
	}
	nodes = nodes[i:]
	j := len(nodes)
	for ; j > 0 && nodes[j-1].kind == gnLit && nodes[j-1].r != utf8.RuneError; j-- {
	}
	for _, n := range nodes[j:] {
		suf = append(suf, n.r)
	}
	nodes = nodes[:j]
	if fold {
		g.foldPre, g.foldSuf = pre, suf
	} else {
		g.prefix, g.suffix = string(pre), string(suf)
		// The longest run of literal runes left must occur in what the
		// rest matches.
		var b strings.Builder
		for i := 0; i < len(nodes); {
			if nodes[i].kind != gnLit || nodes[i].r == utf8.RuneError {
				i++
				continue
			}
			b.Reset()
			for ; i < len(nodes) && nodes[i].kind == gnLit && nodes[i].r != utf8.RuneError; i++ {
				b.WriteRune(nodes[i].r)
			}
			if b.Len() > len(g.inner) {
				g.inner = b.String()
			}
		}
	}
	g.emitSeq(nodes)
	g.inst = append(g.inst, globInst{op: goMatch})
	if len(g.inst) <= 64 {
		g.closure = make([]uint64, len(g.inst)+1)
		for pc := range g.inst {
			g.closure[pc] = g.close(pc, 0)
			if g.inst[pc].op == goMatch {
				g.match1 |= 1 << pc
			}
		}
	}
	return g
}

// close adds to set the rune and match instructions reachable from pc
// through splits and jumps.
func (g *globProg) close(pc int, set uint64) uint64 {
	for {
		in := &g.inst[pc]
		switch in.op {
		case goSplit:
			set = g.close(int(in.x), set)
			pc = int(in.y)
			continue
		case goJmp:
			pc = int(in.x)
			continue
		}
		return set | 1<<pc
	}
}

// parse mirrors globTranslate.
func (g *globProg) parse(pat string, depth int) ([]globNode, error) {
	if depth > 10 {
		return nil, errGlob
	}
	var out []globNode
	for i := 0; i < len(pat); {
		c := pat[i]
		switch c {
		case '*':
			n := 1
			for i+n < len(pat) && pat[i+n] == '*' {
				n++
			}
			if n == 1 {
				out = append(out, globNode{kind: gnStar})
				i++
				continue
			}
			if n > 2 {
				return nil, errGlob
			}
			startComp := i == 0 || pat[i-1] == '/'
			end := i + 2
			endComp := end == len(pat) || pat[end] == '/'
			if !startComp || !endComp {
				return nil, errGlob
			}
			switch {
			case i == 0 && end == len(pat): // **
				out = append(out, globNode{kind: gnAnyStar})
				i = end
			case i == 0: // **/rest
				out = append(out, globNode{kind: gnDirs})
				i = end + 1
			case end == len(pat): // dir/** : drop the / just written
				if k := len(out) - 1; k >= 0 && out[k].kind == gnLit && out[k].r == '/' {
					out = out[:k]
				}
				out = append(out, globNode{kind: gnSub})
				i = end
			default: // a/**/b
				out = append(out, globNode{kind: gnDirs})
				i = end + 1
			}
		case '?':
			out = append(out, globNode{kind: gnQuest})
			i++
		case '[':
			n, err := g.parseClass(pat, i)
			if err != nil {
				return nil, err
			}
			out = append(out, globNode{kind: gnClass, cls: len(g.classes) - 1})
			i = n
		case '{':
			alts, n, err := SplitBraces(pat, i)
			if err != nil {
				return nil, err
			}
			node := globNode{kind: gnAlt}
			for _, alt := range alts {
				sub, err := g.parse(alt, depth+1)
				if err != nil {
					return nil, err
				}
				node.alts = append(node.alts, sub)
			}
			out = append(out, node)
			i = n
		case '\\':
			if i+1 == len(pat) {
				return nil, errGlob
			}
			r, size := utf8.DecodeRuneInString(pat[i+1:])
			out = append(out, globNode{kind: gnLit, r: r})
			i += 1 + size
		default:
			r, size := utf8.DecodeRuneInString(pat[i:])
			out = append(out, globNode{kind: gnLit, r: r})
			i += size
		}
	}
	return out, nil
}

// parseClass mirrors globClass: it appends the class starting at pat[i] ==
// '[' to g.classes and returns the index after it.
func (g *globProg) parseClass(pat string, i int) (int, error) {
	neg, items, j, err := ScanClass(pat, i)
	if err != nil {
		return 0, errGlob
	}
	var rs []rune
	for _, r := range items {
		lo, hi := r.Lo, r.Hi
		if !neg && lo <= '/' && '/' <= hi {
			// remove '/' from positive classes by splitting the range
			if lo < '/' {
				rs = append(rs, lo, '/'-1)
			}
			if hi > '/' {
				rs = append(rs, '/'+1, hi)
			}
			continue
		}
		rs = append(rs, lo, hi)
	}
	g.classes = append(g.classes, globClassSet{neg: neg, ranges: rs})
	return j, nil
}

func (g *globProg) add(in globInst) int32 {
	g.inst = append(g.inst, in)
	return int32(len(g.inst) - 1)
}

func (g *globProg) pc() int32 { return int32(len(g.inst)) }

// loop emits a star over one instruction: L: split L+1, L+3; op; jmp L.
func (g *globProg) loop(op globOp) {
	l := g.add(globInst{op: goSplit})
	g.add(globInst{op: op})
	g.add(globInst{op: goJmp, x: l})
	g.inst[l].x, g.inst[l].y = l+1, g.pc()
}

func (g *globProg) emitSeq(nodes []globNode) {
	for i := range nodes {
		g.emit(&nodes[i])
	}
}

func (g *globProg) emit(n *globNode) {
	switch n.kind {
	case gnLit:
		g.add(globInst{op: goRune, r: n.r})
	case gnQuest:
		g.add(globInst{op: goNotDash})
	case gnStar:
		g.loop(goNotDash)
	case gnClass:
		g.add(globInst{op: goClass, x: int32(n.cls)})
	case gnAnyStar:
		g.loop(goAny)
	case gnDirs: // (?:.*/)?
		s := g.add(globInst{op: goSplit})
		g.loop(goAny)
		g.add(globInst{op: goRune, r: '/'})
		g.inst[s].x, g.inst[s].y = s+1, g.pc()
	case gnSub: // (?:/.*)?
		s := g.add(globInst{op: goSplit})
		g.add(globInst{op: goRune, r: '/'})
		g.loop(goAny)
		g.inst[s].x, g.inst[s].y = s+1, g.pc()
	case gnAlt:
		var jmps []int32
		for k, alt := range n.alts {
			s := int32(-1)
			if k < len(n.alts)-1 {
				s = g.add(globInst{op: goSplit})
			}
			g.emitSeq(alt)
			jmps = append(jmps, g.add(globInst{op: goJmp}))
			if s >= 0 {
				g.inst[s].x, g.inst[s].y = s+1, g.pc()
			}
		}
		for _, j := range jmps {
			g.inst[j].x = g.pc()
		}
	}
}

// match reports whether the glob matches all of s, as
// regexp.MustCompile(GlobRegexp(pat)).MatchString(s) would.
func (g *globProg) match(s string) bool {
	if g.none {
		return false
	}
	if g.fold {
		var ok bool
		if s, ok = g.trimFold(s); !ok {
			return false
		}
	} else {
		if len(s) < len(g.prefix)+len(g.suffix) || !strings.HasPrefix(s, g.prefix) || !strings.HasSuffix(s, g.suffix) {
			return false
		}
		s = s[len(g.prefix) : len(s)-len(g.suffix)]
	}
	if len(g.inst) == 1 {
		return s == ""
	}
	if g.inner != "" && !strings.Contains(s, g.inner) {
		return false
	}
	if g.closure != nil {
		return g.runSet(s)
	}
	return g.run(s)
}

// runSet runs the program on s with every thread at once.
func (g *globProg) runSet(s string) bool {
	cur := g.closure[0]
	for pos := 0; pos < len(s); {
		r, w := rune(s[pos]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[pos:])
		}
		var next uint64
		for m := cur &^ g.match1; m != 0; m &= m - 1 {
			pc := bits.TrailingZeros64(m)
			if g.step(&g.inst[pc], r) {
				next |= g.closure[pc+1]
			}
		}
		if next == 0 {
			return false
		}
		cur = next
		pos += w
	}
	return cur&g.match1 != 0
}

// trimFold removes the folded prefix and suffix from s, or returns false
// if s does not have them. The last runes of s decode the same backwards as
// forwards: a rune's first byte is never a continuation byte.
func (g *globProg) trimFold(s string) (string, bool) {
	for _, l := range g.foldPre {
		if s == "" {
			return "", false
		}
		r, w := utf8.DecodeRuneInString(s)
		if !foldEq(l, r) {
			return "", false
		}
		s = s[w:]
	}
	for i := len(g.foldSuf) - 1; i >= 0; i-- {
		if s == "" {
			return "", false
		}
		r, w := utf8.DecodeLastRuneInString(s)
		if !foldEq(g.foldSuf[i], r) {
			return "", false
		}
		s = s[:len(s)-w]
	}
	return s, true
}

// foldEq reports whether r is l under simple case folding, as (?i) matches
// a literal.
func foldEq(l, r rune) bool {
	if l == r {
		return true
	}
	if l < utf8.RuneSelf && r < utf8.RuneSelf {
		return 'A' <= l && l <= 'Z' && r == l+'a'-'A' || 'a' <= l && l <= 'z' && r == l-'a'+'A'
	}
	for f := unicode.SimpleFold(l); f != l; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return false
}

type globJob struct{ pc, pos int32 }

// run searches the program's paths (of programs too long for runSet) over s depth first, visiting each
// (instruction, position) pair at most once.
func (g *globProg) run(s string) bool {
	n := len(s) + 1
	words := (len(g.inst)*n + 63) / 64
	var small [32]uint64
	var seen []uint64
	if words <= len(small) {
		seen = small[:words]
	} else {
		seen = make([]uint64, words)
	}
	var jobBuf [64]globJob
	jobs := append(jobBuf[:0], globJob{0, 0})
	for len(jobs) > 0 {
		j := jobs[len(jobs)-1]
		jobs = jobs[:len(jobs)-1]
		pc, pos := int(j.pc), int(j.pos)
	thread:
		for {
			k := pc*n + pos
			if seen[k>>6]&(1<<(k&63)) != 0 {
				break
			}
			seen[k>>6] |= 1 << (k & 63)
			in := &g.inst[pc]
			switch in.op {
			case goMatch:
				if pos == len(s) {
					return true
				}
				break thread
			case goSplit:
				jobs = append(jobs, globJob{in.y, int32(pos)})
				pc = int(in.x)
				continue
			case goJmp:
				pc = int(in.x)
				continue
			}
			if pos >= len(s) {
				break
			}
			r, w := rune(s[pos]), 1
			if r >= utf8.RuneSelf {
				r, w = utf8.DecodeRuneInString(s[pos:])
			}
			if !g.step(in, r) {
				break
			}
			pc++
			pos += w
		}
	}
	return false
}

// step reports whether the rune instruction in accepts r.
func (g *globProg) step(in *globInst, r rune) bool {
	switch in.op {
	case goRune:
		return r == in.r || g.fold && foldEq(in.r, r)
	case goNotDash:
		return r != '/'
	case goAny:
		return true
	case goClass:
		c := &g.classes[in.x]
		if c.neg && r == '/' {
			return false
		}
		in := c.has(r)
		if !in && g.fold {
			switch {
			case r < utf8.RuneSelf && r != 'k' && r != 'K' && r != 's' && r != 'S':
				// an ASCII rune folds only to its other case
				if 'a' <= r && r <= 'z' {
					in = c.has(r - 'a' + 'A')
				} else if 'A' <= r && r <= 'Z' {
					in = c.has(r - 'A' + 'a')
				}
			default:
				for f := unicode.SimpleFold(r); f != r && !in; f = unicode.SimpleFold(f) {
					in = c.has(f)
				}
			}
		}
		return in != c.neg
	}
	return false
}

func (c *globClassSet) has(r rune) bool {
	for i := 0; i+1 < len(c.ranges); i += 2 {
		if c.ranges[i] <= r && r <= c.ranges[i+1] {
			return true
		}
	}
	return false
}

// globs caches compiled globs by pattern: a hook compiles each glob it
// reaches once; hookc test reuses them across tests. Look-ups read an
// immutable snapshot without locking; a miss takes the lock, and the
// snapshot is renewed once the misses since the last one reach its size.
var globs struct {
	read   atomic.Pointer[map[string]*globProg]
	mu     sync.Mutex
	all    map[string]*globProg // a superset of *read
	misses int
}

// globFor returns the compiled glob for key, which is the pattern after a
// byte saying whether it folds case ('i') or not ('-').
func globFor(key []byte) *globProg {
	if m := globs.read.Load(); m != nil {
		if g := (*m)[string(key)]; g != nil {
			return g
		}
	}
	globs.mu.Lock()
	defer globs.mu.Unlock()
	g := globs.all[string(key)]
	if g == nil {
		g = compileGlob(string(key[1:]), key[0] == 'i')
		if globs.all == nil {
			globs.all = make(map[string]*globProg)
		}
		globs.all[string(key)] = g
	}
	if globs.misses++; globs.misses >= len(globs.all) {
		m := maps.Clone(globs.all)
		globs.read.Store(&m)
		globs.misses = 0
	}
	return g
}

// strGlob is the compiled glob of a Str of a table, for the root and home
// a path glob was anchored at.
type strGlob struct {
	pat        string
	fold, path bool
	root, home string
	g          *globProg
}

// strGlobs caches compiled globs by the Str they come from, which spares
// building the anchored pattern to look them up: tables do not move, and an
// entry is used only if it was made for the same pattern, root and home.
// Like globs, look-ups read a snapshot without locking.
var strGlobs struct {
	read   atomic.Pointer[map[*schema.Str]*strGlob]
	mu     sync.Mutex
	all    map[*schema.Str]*strGlob
	misses int
}

// strGlobFor returns the glob cached for s, or nil.
func strGlobFor(s *schema.Str, path bool, root, home string) *globProg {
	m := strGlobs.read.Load()
	if m == nil {
		return nil
	}
	c := (*m)[s]
	if c == nil || c.pat != s.S || c.fold != s.Fold || c.path != path || path && (c.root != root || c.home != home) {
		return nil
	}
	return c.g
}

// strGlobAdd caches g as the glob of s.
func strGlobAdd(s *schema.Str, path bool, root, home string, g *globProg) {
	strGlobs.mu.Lock()
	defer strGlobs.mu.Unlock()
	if strGlobs.all == nil {
		strGlobs.all = make(map[*schema.Str]*strGlob)
	}
	strGlobs.all[s] = &strGlob{pat: s.S, fold: s.Fold, path: path, root: root, home: home, g: g}
	if strGlobs.misses++; strGlobs.misses >= len(strGlobs.all) {
		m := maps.Clone(strGlobs.all)
		strGlobs.read.Store(&m)
		strGlobs.misses = 0
	}
}

// under reports whether the glob matches some path at or below the
// directory dir (dir itself, or dir/ followed by anything), and whether it
// matches every one of them. It runs the program over dir/ and asks
// whether any thread is still alive: every instruction of a glob program
// leads to a match, so a live thread can be completed.
func (g *globProg) under(dir string) (some, all bool) {
	if g.none {
		return false, false
	}
	self := g.match(dir)
	r := dir
	if !strings.HasSuffix(r, "/") {
		r += "/"
	}
	// The literal prefix: r either runs past it or ends inside it.
	if g.fold {
		for _, l := range g.foldPre {
			if r == "" {
				return true, false
			}
			c, w := utf8.DecodeRuneInString(r)
			if !foldEq(l, c) {
				return self, false
			}
			r = r[w:]
		}
	} else {
		switch {
		case strings.HasPrefix(r, g.prefix):
			r = r[len(g.prefix):]
		case strings.HasPrefix(g.prefix, r):
			return true, false
		default:
			return self, false
		}
	}
	set := g.closeAll([]int32{0})
	for i, c := range r {
		if g.suffixStart(r[i:]) && slices.ContainsFunc(set, func(pc int32) bool { return g.inst[pc].op == goMatch }) {
			// r runs into the literal suffix, which an extension completes
			return true, false
		}
		var next []int32
		for _, pc := range set {
			if in := &g.inst[pc]; in.op != goMatch && g.step(in, c) {
				next = append(next, pc+1)
			}
		}
		if set = g.closeAll(next); len(set) == 0 {
			return self, false
		}
	}
	// Every extension matches where a thread loops on any rune and then
	// matches, with no suffix left to match.
	all = self && g.suffix == "" && len(g.foldSuf) == 0 && slices.ContainsFunc(set, func(pc int32) bool {
		return g.inst[pc].op == goAny && slices.ContainsFunc(g.closeAll([]int32{pc + 1}), func(m int32) bool {
			return g.inst[m].op == goMatch
		})
	})
	return true, all
}

// suffixStart reports whether s, which is not empty, starts the glob's
// literal suffix: s is a prefix of it.
func (g *globProg) suffixStart(s string) bool {
	if !g.fold {
		return g.suffix != "" && strings.HasPrefix(g.suffix, s)
	}
	for _, l := range g.foldSuf {
		if s == "" {
			return true
		}
		r, w := utf8.DecodeRuneInString(s)
		if !foldEq(l, r) {
			return false
		}
		s = s[w:]
	}
	return s == ""
}

// closeAll returns the rune and match instructions reachable from the
// instructions pcs through splits and jumps.
func (g *globProg) closeAll(pcs []int32) []int32 {
	var out []int32
	seen := make([]bool, len(g.inst))
	for len(pcs) > 0 {
		pc := pcs[len(pcs)-1]
		pcs = pcs[:len(pcs)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		switch in := &g.inst[pc]; in.op {
		case goSplit:
			pcs = append(pcs, in.x, in.y)
		case goJmp:
			pcs = append(pcs, in.x)
		default:
			out = append(out, pc)
		}
	}
	return out
}
