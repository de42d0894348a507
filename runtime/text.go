package runtime

import (
	"path/filepath"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Placeholders are the names a rule's texts may use besides {input.F},
// {payload.F} and the named groups of the rule's regular expressions
// (design.md 59).
var Placeholders = []string{"tool", "program", "command", "path", "rule", "agent_type", "unknown"}

// Transforms are the changes a placeholder may make to its value, written
// after a colon ({next:dashes}), in order (design.md 221): dashes turns
// every Unicode dash into -, spaces every Unicode space into a plain
// space.
var Transforms = []string{"dashes", "spaces"}

// A Placeholder is one {name}, {name:transform...} or {name|fallback} in a
// rule's text.
type Placeholder struct {
	Start, End int      // its bytes in the text
	Name       string   // "path", "input.file_path", "agent", ...
	Transforms []string // the words after colons: "dashes", ...
	Fallback   string   // the text after |, given when the value is empty
	HasDefault bool     // a | was written
}

// transform returns v changed by the transform t (see Transforms); an
// unknown one, which the loader refuses, leaves it as it is.
func transform(v, t string) string {
	var to rune
	var is func(rune) bool
	switch t {
	case "dashes":
		to, is = '-', func(r rune) bool { return unicode.Is(unicode.Pd, r) || r == '\u2212' }
	case "spaces":
		to, is = ' ', func(r rune) bool { return unicode.Is(unicode.Zs, r) }
	default:
		return v
	}
	return strings.Map(func(r rune) rune {
		if is(r) {
			return to
		}
		return r
	}, v)
}

// ParsePlaceholders returns the placeholders in s: a name of ASCII
// letters, digits and underscores that starts with a letter or
// underscore, optionally followed by a dotted path (input.file_path) and
// by :transform words and by |fallback, in braces. Other braces are text.
func ParsePlaceholders(s string) []Placeholder {
	var out []Placeholder
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		if p, ok := placeholderAt(s, i); ok {
			out = append(out, p)
			i = p.End - 1
		}
	}
	return out
}

// placeholderAt parses the placeholder at s[i] == '{'.
func placeholderAt(s string, i int) (Placeholder, bool) {
	j := i + 1
	start := j
	for j < len(s) && (s[j] == '_' || 'a' <= s[j]|0x20 && s[j]|0x20 <= 'z' || j > start && '0' <= s[j] && s[j] <= '9') {
		j++
	}
	if j == start {
		return Placeholder{}, false
	}
	for j < len(s) && s[j] == '.' {
		k := j + 1
		for k < len(s) && !strings.ContainsRune("{}|.: \t\n", rune(s[k])) {
			k++
		}
		if k == j+1 {
			return Placeholder{}, false
		}
		j = k
	}
	p := Placeholder{Start: i, Name: s[start:j]}
	for j < len(s) && s[j] == ':' {
		k := j + 1
		for k < len(s) && 'a' <= s[k] && s[k] <= 'z' {
			k++
		}
		if k == j+1 {
			return Placeholder{}, false
		}
		p.Transforms = append(p.Transforms, s[j+1:k])
		j = k
	}
	if j < len(s) && s[j] == '|' {
		k := strings.IndexAny(s[j+1:], "{}")
		if k < 0 || s[j+1+k] != '}' {
			return Placeholder{}, false
		}
		p.Fallback, p.HasDefault = s[j+1:j+1+k], true
		j += 1 + k
	}
	if j >= len(s) || s[j] != '}' {
		return Placeholder{}, false
	}
	p.End = j + 1
	return p, true
}

// texts fills the placeholders of one rule's texts.
type texts struct {
	e    *evaluator
	r    *Rule
	u    *unit // the unit the rule decided, else the first it matches; nil if none
	caps map[string]string
}

// texts returns the filler of rule r's texts for this call's units.
func (e *evaluator) texts(r *Rule, units []unit, decided int) *texts {
	x := &texts{e: e, r: r}
	if decided >= 0 && decided < len(units) {
		// The unit the rule decided the call with: a rule that matches
		// cd src and cat x too speaks of the one it asks about.
		x.u = &units[decided]
		return x
	}
	perm := IsPermissionEvent(e.p.Event)
	for i := range units {
		if e.matches(r, &units[i], perm) {
			x.u = &units[i]
			break
		}
	}
	return x
}

// none is what a placeholder without a value and without a fallback
// gives.
const none = "(none)"

// expand fills the placeholders of s. A name it does not know is left as
// it is (the loader rejects such names in a reason or message; a context
// may be a document with braces of its own).
func (x *texts) expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, p := range ParsePlaceholders(s) {
		v, known := x.value(p.Name)
		if !known {
			continue
		}
		for _, t := range p.Transforms {
			v = transform(v, t)
		}
		if v == "" {
			v = none
			if p.HasDefault {
				v = p.Fallback
			}
		}
		b.WriteString(s[last:p.Start])
		b.WriteString(v)
		last = p.End
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// value returns the value of the placeholder name.
func (x *texts) value(name string) (string, bool) {
	e := x.e
	switch name {
	case "tool":
		return e.p.Tool, true
	case "rule":
		return x.r.Name, true
	case "agent_type":
		return e.p.AgentType, true
	case "program":
		if x.u != nil && x.u.cmd != nil {
			return x.u.cmd.Program.Text, true
		}
		return "", true
	case "command":
		if x.u != nil && x.u.cmd != nil {
			return x.u.cmd.Text, true
		}
		return e.p.String("command"), true
	case "path":
		if x.u == nil {
			return "", true
		}
		return e.rulePath(x.r, x.u), true
	case "unknown":
		if x.u == nil {
			return "", true
		}
		return x.u.known(), true
	}
	if f, ok := strings.CutPrefix(name, "input."); ok {
		v, _ := e.p.Field(f)
		return valueText(v), true
	}
	if f, ok := strings.CutPrefix(name, "payload."); ok {
		v, _ := e.p.Get(f)
		return valueText(v), true
	}
	if x.caps == nil {
		x.caps = x.captures()
	}
	v, ok := x.caps[name]
	return v, ok
}

// valueText renders a payload value: a string as it is, a number as
// written, other values as JSON.
func valueText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	return string(appendJSON(nil, v))
}

// captures returns the named groups of the rule's regular expressions
// that matched (see Table.Captures), the first match of each name.
func (x *texts) captures() map[string]string {
	caps := map[string]string{}
	x.e.t.eachCapture(x.r, func(s *Str, where string) {
		var value string
		switch {
		case where == "line":
			if x.u == nil || x.u.cmd == nil {
				return
			}
			value = x.u.line.Text
		default:
			var v any
			if f, ok := strings.CutPrefix(where, "input."); ok {
				v, _ = x.e.p.Field(f)
			} else {
				v, _ = x.e.p.Get(strings.TrimPrefix(where, "payload."))
			}
			if v == nil {
				return
			}
			value = valueText(v)
		}
		re := x.e.t.regexp(int(s.Re))
		m := re.FindStringSubmatch(value)
		if m == nil {
			return
		}
		for i, n := range re.SubexpNames() {
			if _, seen := caps[n]; n != "" && !seen && m[i] != "" {
				caps[n] = m[i]
			}
		}
	})
	return caps
}

// eachCapture calls f for every regular expression with named groups in
// r's conditions on one value: input and payload fields ("input.F",
// "payload.F") and the command line ("line"); not those under a not.
func (t *Table) eachCapture(r *Rule, f func(s *Str, where string)) {
	var walk func(s *Str, where string)
	walk = func(s *Str, where string) {
		switch s.Op {
		case StrOr:
			subs := t.subs(s)
			for i := range subs {
				walk(&subs[i], where)
			}
		case StrRe:
			if int(s.Re) < len(t.Patterns) && strings.Contains(t.Patterns[s.Re], "(?") {
				f(s, where) // a named group is (?P<name> or (?<name>
			}
		}
	}
	for i := range r.Input {
		if fd := &r.Input[i]; !fd.Not && fd.Kind == FieldString {
			walk(&fd.Str, "input."+fd.Path)
		}
	}
	for i := range r.Payload {
		if fd := &r.Payload[i]; !fd.Not && fd.Kind == FieldString {
			walk(&fd.Str, "payload."+fd.Path)
		}
	}
	if r.Cmd != nil {
		walk(&r.Cmd.Line, "line")
	}
}

// Captures returns the names of the groups of r's regular expressions
// that its texts may use as placeholders, in order.
func (t *Table) Captures(r *Rule) []string {
	var names []string
	t.eachCapture(r, func(s *Str, _ string) {
		re, err := syntax.Parse(t.Patterns[s.Re], syntax.Perl)
		if err != nil {
			return
		}
		for _, n := range re.CapNames() {
			if n != "" && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	})
	return names
}

// context returns the additionalContext rule r gives: its text, then the
// contents of its files, within the budget left for the answer's
// context.
func (e *evaluator) context(r *Rule, tx *texts) string {
	if e.ctxLeft == 0 && !e.ctxSet {
		e.ctxLeft, e.ctxSet = e.t.limits().ContextBytes, true
	}
	var parts []string
	if r.Context != "" {
		parts = append(parts, tx.expand(r.Context))
	}
	for _, f := range r.ContextFiles {
		p := e.expandPath(f)
		if p == "" || e.env.FS == nil {
			continue
		}
		data, err := e.env.FS.ReadFile(p, e.ctxLeft+1)
		if err != nil {
			// A missing or unreadable file adds nothing (design.md 59).
			e.notes = append(e.notes, "context file "+p+": "+err.Error())
			continue
		}
		parts = append(parts, string(data))
		if r.RemoveContextFiles {
			e.state = append(e.state, StateOp{Path: p, Remove: true})
		}
	}
	if r.SaveFile != "" {
		if op, ok := e.saveOp(r, time.Now()); ok {
			e.state = append(e.state, op)
		}
	}
	return e.budget(strings.Join(parts, "\n\n"))
}

// budget cuts s to the context budget left, and takes it from the budget.
func (e *evaluator) budget(s string) string {
	if len(s) > e.ctxLeft {
		cut := e.ctxLeft
		for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 {
			cut-- // not inside a UTF-8 sequence
		}
		s = s[:cut] + "\n[hookc: context cut at " + strconv.Itoa(e.t.limits().ContextBytes) + " bytes (limits.contextBytes)]"
		e.ctxLeft = 0
		return s
	}
	e.ctxLeft -= len(s)
	return s
}

// mergeContexts returns the context of an answer on an event other than
// the permission events: the contexts of every rule that matches a unit,
// in rule order (design.md 59), and the names of the rules other than the
// one that decided that added theirs. decided is the context of the rule
// that decided, best its index.
func (e *evaluator) mergeContexts(units []unit, best int, decided string, perm bool) (string, []string) {
	var rules []int
	for i := range units {
		u := &units[i]
		if u.floor != 0 {
			continue
		}
		var c candidates
		if x := e.t.index(); x == nil {
			c.all = e.t.numRules()
		} else {
			c.lists = e.unitLists(x, u)
		}
		for ri := c.next(); ri >= 0; ri = c.next() {
			r := e.rule(ri)
			if (r.Context != "" || len(r.ContextFiles) > 0 || r.SaveFile != "") && !slices.Contains(rules, ri) && e.matches(r, u, perm) {
				rules = append(rules, ri)
			}
		}
	}
	if best >= 0 && !slices.Contains(rules, best) {
		rules = append(rules, best)
	}
	if len(rules) < 2 {
		return decided, nil
	}
	slices.Sort(rules)
	var parts, names []string
	for _, ri := range rules {
		if ri == best {
			if decided != "" {
				parts = append(parts, decided)
			}
			continue
		}
		r := e.rule(ri)
		names = append(names, r.Name)
		if c := e.context(r, e.texts(r, units, -1)); c != "" {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, "\n\n"), names
}

// expandPath resolves a path of the policy's configuration (a context
// file, the audit log): ~ is the home directory, $CLAUDE_PROJECT_DIR the
// project root, and a relative path is relative to the project root. It
// returns "" when the path needs a home that is not known.
func expandPath(p, root, home string) string {
	for _, v := range [...]string{"$CLAUDE_PROJECT_DIR", "${CLAUDE_PROJECT_DIR}"} {
		if rest, ok := strings.CutPrefix(p, v); ok && (rest == "" || rest[0] == '/') {
			return filepath.Clean(root + rest)
		}
	}
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if home == "" {
			return ""
		}
		return filepath.Clean(home + p[1:])
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(root, p)
}

func (e *evaluator) expandPath(p string) string { return expandPath(p, e.root, e.home) }

// onDisk reports whether every path u touches exists (exist) or none does.
// A path that is not known, or a file system that is not, is maybe.
func (e *evaluator) onDisk(u *unit, exist bool) tri {
	if e.env.FS == nil && len(u.paths) > 0 {
		return maybe
	}
	r := yes
	for _, a := range u.paths {
		if a.w.Dynamic || a.w.Glob {
			r = and(r, maybe)
			continue
		}
		if e.env.FS.Exists(a.w.Text) != exist {
			return no
		}
	}
	return r
}

// floorKey is the index key of the floor kind k (one bit).
func floorKey(k FloorKind) string { return k.String() }
