package runtime

import (
	"regexp/syntax"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// An Index dispatches a unit to the rules that can decide it, so that a
// call reads only its candidate rules, not the whole table. hookc gen
// writes one into every generated table, as constant data; a table without
// one is evaluated rule by rule.
//
// Each rule is filed under keys naming something the unit or call must
// have for the rule to match at all: its tool ("tool:Read"), its program
// ("prog:git"), a wrapper ("wrap:sudo"), a tool_input field, assignments,
// producers, paths read or written, its event, or a literal prefix of its
// tool name. A rule is filed under the keys of one such condition (several
// keys where the condition accepts any of several names), or under "any".
// Rules with a command condition use keys of their own, looked up only for
// simple commands. A unit's candidates are the merge, in rule order, of
// the lists of the keys it has.
type Index struct {
	Rules int          // the number of rules when the index was made; another number voids it
	Keys  []IndexEntry // sorted by Key
}

// An IndexEntry lists the rules, in order, filed under a key.
type IndexEntry struct {
	Key   string
	Rules []int32
}

// Key prefixes: rules without a command condition, then the same for rules
// with one ("c" first), then those only commands have.
const (
	kAny      = "any"
	kEvent    = "event:"
	kField    = "field:"
	kPaths    = "paths"
	kReads    = "reads"
	kWrites   = "writes"
	kTool     = "tool:"
	kToolPfx  = "toolprefix:"
	kCmd      = "c" // prefix of the keys of rules with a command condition
	kProg     = "prog:"
	kWrap     = "wrap:"
	kAssigns  = "assigns"
	kProduced = "producers"
	kArgs     = "args"
	kFlags    = "flags"
	kWords    = "words"
	kFloor    = "floor:" // floor rules, by floor: looked up only for units that take it
)

// NewIndex returns the index of t's rules.
func NewIndex(t *Table) *Index {
	keys := map[string][]int32{}
	for i := range t.numRules() {
		for _, k := range ruleKeys(t.rule(i), t) {
			if l := keys[k]; len(l) == 0 || l[len(l)-1] != int32(i) {
				keys[k] = append(l, int32(i))
			}
		}
	}
	x := &Index{Rules: t.numRules()}
	for k, v := range keys {
		x.Keys = append(x.Keys, IndexEntry{Key: k, Rules: v})
	}
	slices.SortFunc(x.Keys, func(a, b IndexEntry) int { return strings.Compare(a.Key, b.Key) })
	return x
}

// ruleKeys returns the keys to file r under: those of the first condition
// of r, in order of selectivity, that a unit or call must meet for r to
// match. Each test here must imply that matches returns false when the
// unit lacks every key returned.
func ruleKeys(r *Rule, t *Table) []string {
	if r.Floor != 0 {
		var keys []string
		for k := FloorDynamic; k <= FloorLast; k <<= 1 {
			if r.Floor&k != 0 {
				keys = append(keys, kFloor+floorKey(k))
			}
		}
		return keys
	}
	pre := ""
	if c := r.Cmd; c != nil {
		pre = kCmd
		if names, ok := exactNames(&c.Name, nil); ok {
			return prefixed(kProg, names) // program (and its lower case) compared exactly
		}
		for i := range c.Wrappers.Conds {
			if lc := &c.Wrappers.Conds[i]; lc.Q == QAny {
				if names, ok := exactNames(&lc.Elem, nil); ok {
					return prefixed(kWrap, names)
				}
			}
		}
		switch {
		case needsElement(&c.Producers):
			return []string{kProduced}
		case needsElement(&c.Assigns):
			return []string{kAssigns}
		}
	}
	tools, toolsOK := exactNames(&r.Tool, nil)
	if toolsOK && !slices.Contains(tools, "Bash") {
		return prefixed(pre+kTool, tools)
	}
	for i := range r.Input {
		if f := &r.Input[i]; !f.Not && f.Kind != FieldAbsent && f.Path != "command" {
			return []string{pre + kField + f.Path} // the field must be present
		}
	}
	if toolsOK {
		return prefixed(pre+kTool, tools)
	}
	if p := toolPrefix(&r.Tool, t); p != "" {
		return []string{pre + kToolPfx + p}
	}
	switch {
	case needsElement(&r.Writes):
		return []string{pre + kWrites}
	case needsElement(&r.Reads):
		return []string{pre + kReads}
	case needsElement(&r.Path):
		return []string{pre + kPaths}
	}
	if c := r.Cmd; c != nil {
		switch {
		case needsElement(&c.Args):
			return []string{kArgs}
		case needsElement(&c.Flags):
			return []string{kFlags}
		case needsElement(&c.Words):
			return []string{kWords}
		}
	}
	if r.Event.Op != StrAny {
		if names, ok := exactNames(&r.Event, nil); ok {
			return prefixed(pre+kEvent, names)
		}
	}
	return []string{pre + kAny}
}

func prefixed(p string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p + n
	}
	return out
}

// needsElement reports whether the list condition fails on an empty list:
// it has an any condition, or a prefix of at least one element.
func needsElement(l *List) bool {
	for i := range l.Conds {
		if c := &l.Conds[i]; c.Q == QAny || c.Q == QPrefix && len(c.Prefix) > 0 {
			return true
		}
	}
	return false
}

// toolPrefix returns a literal that every tool name s accepts starts with:
// the leading literal of a glob, or of a regular expression anchored at
// the start; "" if there is none.
func toolPrefix(s *Str, t *Table) string {
	switch s.Op {
	case StrGlob:
		if !s.Fold {
			return compileGlob(s.S, false).Prefix()
		}
	case StrRe:
		if int(s.Re) >= len(t.Patterns) {
			return ""
		}
		re, err := syntax.Parse(t.Patterns[s.Re], syntax.Perl)
		if err != nil {
			return ""
		}
		re = re.Simplify()
		if re.Op == syntax.OpConcat && len(re.Sub) >= 2 && re.Sub[0].Op == syntax.OpBeginText &&
			re.Sub[1].Op == syntax.OpLiteral && re.Sub[1].Flags&syntax.FoldCase == 0 {
			p := string(re.Sub[1].Rune)
			if !strings.ContainsRune(p, utf8.RuneError) {
				return p
			}
		}
	}
	return ""
}

// lookup returns the rules of key, or nil.
func (x *Index) lookup(key string) []int32 { return x.lookup2(key, "") }

// lookup2 returns the rules of the key a+b, or nil.
func (x *Index) lookup2(a, b string) []int32 {
	ks := x.Keys
	lo, hi := 0, len(ks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compare2(ks[m].Key, a, b) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(ks) && compare2(ks[lo].Key, a, b) == 0 {
		return ks[lo].Rules
	}
	return nil
}

// compare2 compares k with a+b.
func compare2(k, a, b string) int {
	n := min(len(k), len(a))
	if c := strings.Compare(k[:n], a[:n]); c != 0 || len(k) < len(a) {
		if c == 0 {
			return -1
		}
		return c
	}
	return strings.Compare(k[len(a):], b)
}

// family returns the entries whose keys start with prefix.
func (x *Index) family(prefix string) []IndexEntry {
	ks := x.Keys
	i := sort.Search(len(ks), func(i int) bool { return ks[i].Key >= prefix })
	j := i
	for j < len(ks) && strings.HasPrefix(ks[j].Key, prefix) {
		j++
	}
	return ks[i:j]
}

// index returns t's generated index, or nil if it has none (a table
// loaded in memory: hookc test and explain) or has one made for other rules
// (a copy of a table given other rules). A Table must not change once used.
func (t *Table) index() *Index {
	if x := t.Index; x != nil && x.Rules == t.numRules() {
		return x
	}
	return nil
}

// callLists appends the lists of the keys the call has, for rules without
// a command condition (pre "") or with one (pre kCmd): its tool, event,
// fields and tool prefixes.
func (e *evaluator) callLists(x *Index, pre string, lists [][]int32) [][]int32 {
	if pre == "" {
		lists = append(lists, x.lookup(kAny), x.lookup2(kTool, e.p.Tool), x.lookup2(kEvent, e.p.Event))
	} else {
		lists = append(lists, x.lookup(kCmd+kAny), x.lookup2(kCmd+kTool, e.p.Tool), x.lookup2(kCmd+kEvent, e.p.Event))
	}
	for _, f := range x.family(pre + kField) {
		if _, ok := e.p.Field(f.Key[len(pre+kField):]); ok {
			lists = append(lists, f.Rules)
		}
	}
	for _, f := range x.family(pre + kToolPfx) {
		if strings.HasPrefix(e.p.Tool, f.Key[len(pre+kToolPfx):]) {
			lists = append(lists, f.Rules)
		}
	}
	return lists
}

// unitLists returns the lists of the rules that can decide u.
func (e *evaluator) unitLists(x *Index, u *unit) [][]int32 {
	if e.toolLists == nil {
		e.toolLists = e.callLists(x, "", e.toolBuf[:0])
	}
	if e.lists == nil {
		e.lists = e.listBuf[:0]
	}
	lists := append(e.lists[:0], e.toolLists...)
	paths := func(pre string) {
		var r, w bool
		for _, a := range u.paths {
			r, w = r || a.read, w || a.write
		}
		if len(u.paths) > 0 {
			lists = append(lists, x.lookup(pre+kPaths))
		}
		if r {
			lists = append(lists, x.lookup(pre+kReads))
		}
		if w {
			lists = append(lists, x.lookup(pre+kWrites))
		}
	}
	paths("")
	if c := u.cmd; c != nil {
		if e.cmdLists == nil {
			e.cmdLists = e.callLists(x, kCmd, e.cmdBuf[:0])
		}
		lists = append(lists, e.cmdLists...)
		paths(kCmd)
		// the names program compares exact matchers with
		name := c.Program.Text
		lists = append(lists, x.lookup2(kProg, name))
		if lower := strings.ToLower(name); lower != name {
			lists = append(lists, x.lookup2(kProg, lower))
		}
		for _, w := range c.Wrappers {
			lists = append(lists, x.lookup2(kWrap, w))
		}
		if len(c.Assigns) > 0 {
			lists = append(lists, x.lookup(kAssigns))
		}
		if len(c.Producers) > 0 {
			lists = append(lists, x.lookup(kProduced))
		}
		if len(c.Operands) > 0 {
			lists = append(lists, x.lookup(kArgs))
		}
		if len(c.Flags) > 0 {
			lists = append(lists, x.lookup(kFlags))
		}
		if len(c.Words) > 0 {
			lists = append(lists, x.lookup(kWords))
		}
	}
	e.lists = lists
	return lists
}

// candidates is a merge of ascending rule lists, or without an index every
// rule in turn.
type candidates struct {
	lists [][]int32
	all   int // without an index: the number of rules
	i     int // without an index: the next rule
}

// next returns the smallest rule index left, or -1. A rule in several
// lists comes once.
func (c *candidates) next() int {
	if c.all > 0 {
		if c.i == c.all {
			return -1
		}
		c.i++
		return c.i - 1
	}
	best := int32(-1)
	for _, l := range c.lists {
		if len(l) > 0 && (best < 0 || l[0] < best) {
			best = l[0]
		}
	}
	if best < 0 {
		return -1
	}
	for k, l := range c.lists {
		if len(l) > 0 && l[0] == best {
			c.lists[k] = l[1:]
		}
	}
	return int(best)
}
