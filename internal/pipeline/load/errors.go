package load

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/token"

	"hookc.dev/hookc/cue/presets"
	"hookc.dev/hookc/internal/diag"
)

// A pdiag is a diagnostic with the CUE path it is about, in the form of
// cue/errors.Error.Path: labels that are not identifiers are quoted, list
// indexes are bare numbers.
type pdiag struct {
	diag.Diagnostic
	path vpath
}

func (l *loader) add(d pdiag) { l.diags = append(l.diags, d) }

func (l *loader) errorf(pos diag.Pos, check, format string, args ...any) {
	l.add(pdiag{Diagnostic: diag.Diagnostic{Pos: pos, Check: check, Message: fmt.Sprintf(format, args...)}})
}

// A vpath is a CUE path in the form of cue/errors.Error.Path.
type vpath []string

func (p vpath) field(label string) vpath {
	return append(slices.Clip(p), cue.Str(label).String())
}

func (p vpath) index(i int) vpath {
	return append(slices.Clip(p), strconv.Itoa(i))
}

// hasPrefix reports whether q is p or below it.
func (p vpath) hasPrefix(q vpath) bool {
	return len(p) >= len(q) && slices.Equal(p[:len(q)], q)
}

func (p vpath) selectors() []cue.Selector {
	sels := make([]cue.Selector, 0, len(p))
	for _, s := range p {
		sels = append(sels, selector(s))
	}
	return sels
}

func selector(s string) cue.Selector {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && s == strconv.Itoa(n) {
		return cue.Index(n)
	}
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return cue.Str(u)
		}
	}
	if strings.HasPrefix(s, "#") {
		return cue.Def(s)
	}
	return cue.Str(strings.TrimSuffix(strings.TrimSuffix(s, "?"), "!"))
}

func (p vpath) cuePath() cue.Path { return cue.MakePath(p.selectors()...) }

// String renders the path as CUE does: rules[2].tool, tests."a b".want.
func (p vpath) String() string { return p.cuePath().String() }

func (p vpath) key() string { return strings.Join(p, "\x00") }

// msgOf returns the message of a CUE error without its path.
func msgOf(e cueerrors.Error) string {
	format, args := e.Msg()
	return fmt.Sprintf(format, args...)
}

// errMsg returns the message of a CUE error with its path rendered as
// hookc renders paths.
func errMsg(e cueerrors.Error) string {
	p := vpath(e.Path())
	if len(p) == 0 {
		return msgOf(e)
	}
	return p.String() + ": " + msgOf(e)
}

const disjunctionHeader = "%d errors in empty disjunction:"

// cueErrors converts the CUE errors in err to diagnostics and adds them.
func (l *loader) cueErrors(err error, check string) {
	for _, d := range l.convert(err, check) {
		l.add(d)
	}
}

// convert turns CUE errors into diagnostics: one per error, except that
// the errors of an empty disjunction are condensed to the ones that say most,
// incomplete disjunctions are explained, and every diagnostic gets a
// position in a user file where there is one.
func (l *loader) convert(err error, check string) []pdiag {
	errs := cueerrors.Errors(err)
	var headers []vpath
	for _, e := range errs {
		if f, _ := e.Msg(); f == disjunctionHeader {
			headers = append(headers, vpath(e.Path()))
		}
	}
	// Group the other errors under the shortest disjunction header above them.
	groups := map[string][]cueerrors.Error{}
	var order []string
	var out []pdiag
	for _, e := range errs {
		if f, _ := e.Msg(); f == disjunctionHeader {
			continue
		}
		p := vpath(e.Path())
		var h vpath
		for _, hp := range headers {
			if p.hasPrefix(hp) && (h == nil || len(hp) < len(h)) {
				h = hp
			}
		}
		if h == nil {
			out = append(out, l.one(e, check))
			continue
		}
		k := h.key()
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	for _, k := range order {
		out = append(out, l.condense(groups[k], check)...)
	}
	return out
}

// one converts a single CUE error.
func (l *loader) one(e cueerrors.Error, check string) pdiag {
	p := vpath(e.Path())
	msg := msgOf(e)
	if len(p) == 0 {
		// Wrapped errors (import failed: ...) say what went wrong only in
		// Error, with absolute positions that the diagnostic's own replaces.
		msg = e.Error()
		for _, pos := range cueerrors.Positions(e) {
			msg = strings.ReplaceAll(msg, pos.String()+": ", "")
		}
		if _, after, ok := strings.Cut(msg, `package "`+presets.ImportPrefix+"/"); ok {
			msg += fmt.Sprintf(" (hookc's presets are %s)", strings.Join(presets.Names(), ", "))
			want, _, _ := strings.Cut(after, `"`)
			if near, ok := suggest(want, presets.Names()); ok {
				msg += fmt.Sprintf("; did you mean %q?", presets.ImportPrefix+"/"+near)
			}
		}
	}
	if slices.Equal(p, vpath{"rules"}) && strings.HasPrefix(msg, "incompatible list lengths") {
		msg += "; two files set rules, and CUE unifies lists rather than joining them: set rules once, with list.Concat of named lists"
	}
	if strings.HasPrefix(msg, "incomplete value ") && l.root.Exists() {
		if v := l.root.LookupPath(p.cuePath()); v.Exists() {
			if op, args := v.Expr(); op == cue.OrOp && len(args) > 1 {
				msg = disjunctionMsg(args)
			}
		}
	}
	if len(p) > 0 {
		msg = p.String() + ": " + msg
	}
	return pdiag{Diagnostic: diag.Diagnostic{Pos: l.errPos(e), Check: check, Message: msg}, path: p}
}

// disjunctionMsg explains that a value is a CUE disjunction (design.md 6).
func disjunctionMsg(args []cue.Value) string {
	return fmt.Sprintf("%s is a CUE disjunction without a default, so it has no single value; choose one, or mark a default with *", formatDisjunction(args))
}

func formatDisjunction(args []cue.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprint(a)
	}
	return strings.Join(parts, " | ")
}

// condense reduces the errors of one empty disjunction: the errors at the
// deepest path (preferring conflicts over "field not allowed", which only says
// that some alternative lacks the field), or, when all alternatives are
// values that conflict with the same value, one "invalid value" message
// listing the alternatives.
func (l *loader) condense(errs []cueerrors.Error, check string) []pdiag {
	depth := 0
	for _, e := range errs {
		depth = max(depth, len(e.Path()))
	}
	var deep []cueerrors.Error
	for _, e := range errs {
		if len(e.Path()) == depth {
			deep = append(deep, e)
		}
	}
	var conflicts []cueerrors.Error
	for _, e := range deep {
		if msgOf(e) != "field not allowed" {
			conflicts = append(conflicts, e)
		}
	}
	if len(conflicts) > 0 {
		deep = conflicts
	}
	if d, ok := l.alternatives(deep, check); ok {
		return []pdiag{d}
	}
	var out []pdiag
	seen := map[string]bool{}
	for _, e := range deep {
		d := l.one(e, check)
		if !seen[d.Message] {
			seen[d.Message] = true
			out = append(out, d)
		}
	}
	return out
}

// alternatives condenses "conflicting values A and X" errors for every
// alternative A of a disjunction into "invalid value X (want A1, A2 or A3)".
func (l *loader) alternatives(errs []cueerrors.Error, check string) (pdiag, bool) {
	if len(errs) < 2 {
		return pdiag{}, false
	}
	type alt struct {
		text string
		pos  token.Pos
	}
	var pairs [][2]string
	var schemaPos []token.Pos
	for _, e := range errs {
		format, args := e.Msg()
		if !strings.HasPrefix(format, "conflicting values %s and %s") || len(args) < 2 {
			return pdiag{}, false
		}
		pairs = append(pairs, [2]string{fmt.Sprint(args[0]), fmt.Sprint(args[1])})
		var sp token.Pos
		for _, p := range cueerrors.Positions(e) {
			if l.fileRank(p) == 3 {
				sp = p
				break
			}
		}
		schemaPos = append(schemaPos, sp)
	}
	// The user's value is the operand common to all conflicts.
	var common string
	for _, cand := range pairs[0] {
		all := true
		for _, p := range pairs[1:] {
			if p[0] != cand && p[1] != cand {
				all = false
				break
			}
		}
		if all {
			common = cand
			break
		}
	}
	if common == "" {
		return pdiag{}, false
	}
	alts := make([]alt, len(pairs))
	for i, p := range pairs {
		a := p[0]
		if a == common {
			a = p[1]
		}
		alts[i] = alt{a, schemaPos[i]}
	}
	// Schema order: the order the alternatives are written in.
	slices.SortStableFunc(alts, func(a, b alt) int {
		return a.pos.Compare(b.pos)
	})
	texts := make([]string, 0, len(alts))
	for _, a := range alts {
		if !slices.Contains(texts, a.text) {
			texts = append(texts, a.text)
		}
	}
	want := texts[0]
	if n := len(texts); n > 1 {
		want = strings.Join(texts[:n-1], ", ") + " or " + texts[n-1]
	}
	p := vpath(errs[0].Path())
	msg := fmt.Sprintf("invalid value %s (want %s)", common, want)
	if len(p) > 0 {
		msg = p.String() + ": " + msg
	}
	return pdiag{Diagnostic: diag.Diagnostic{Pos: l.errPos(errs[0]), Check: check, Message: msg}, path: p}, true
}

// errPos returns the position a CUE error is reported at: its first
// position in the user's files, else the position of the deepest value on
// its path that the user wrote, else any position but the schema's.
func (l *loader) errPos(e cueerrors.Error) diag.Pos {
	best, rank := token.NoPos, 4
	for _, p := range cueerrors.Positions(e) {
		if r := l.fileRank(p); r < rank && p.IsValid() {
			best, rank = p, r
		}
	}
	if rank <= 1 {
		return l.pos(best)
	}
	if p := l.pathPos(vpath(e.Path())); p.IsValid() {
		return p
	}
	if rank < 3 {
		return l.pos(best)
	}
	return l.pos(l.firstPos)
}

// pathPos returns the position of the deepest value along p that exists in
// the user's package.
func (l *loader) pathPos(p vpath) diag.Pos {
	if !l.root.Exists() {
		return diag.Pos{}
	}
	for k := len(p); k > 0; k-- {
		v := l.root.LookupPath(p[:k].cuePath())
		if !v.Exists() {
			continue
		}
		if pos := valuePos(v); pos.IsValid() && l.fileRank(pos) < 3 {
			return l.pos(pos)
		}
	}
	return diag.Pos{}
}

// valuePos returns where v is written. Values that went through a builtin
// such as list.Concat have no position of their own; their expression then
// says where they come from. For a struct, it prefers the opening brace of
// the struct literal that holds its name (or first) field, so that a rule
// written as #Deny & {name: "x"} is placed at its own literal.
func valuePos(v cue.Value) token.Pos {
	if p := v.Pos(); p.IsValid() {
		return p
	}
	var anchor token.Pos
	if v.Kind() == cue.StructKind {
		if n := v.LookupPath(cue.MakePath(cue.Str("name"))); n.Exists() {
			anchor = n.Pos()
		}
		if !anchor.IsValid() {
			if it, err := v.Fields(); err == nil && it.Next() {
				anchor = it.Value().Pos()
			}
		}
	}
	var cands []token.Pos
	var collect func(v cue.Value, depth int)
	collect = func(v cue.Value, depth int) {
		op, args := v.Expr()
		for _, a := range args {
			if p := a.Pos(); p.IsValid() {
				cands = append(cands, p)
			} else if depth < 3 && (op == cue.AndOp || op == cue.NoOp) {
				collect(a, depth+1)
			}
		}
	}
	collect(v, 0)
	if anchor.IsValid() {
		var best token.Pos
		for _, c := range cands {
			if c.Filename() == anchor.Filename() && c.Offset() <= anchor.Offset() &&
				(!best.IsValid() || c.Offset() > best.Offset()) {
				best = c
			}
		}
		if best.IsValid() {
			return best
		}
	}
	if len(cands) > 0 {
		return cands[0]
	}
	return anchor
}

// polish rewrites the diagnostics for the reader (issue 14): a rule is
// named by its name rather than its index in the concatenated rules list,
// an unknown field gets the nearest known one as a suggestion, and
// follow-on errors of an error already reported are dropped.
func (l *loader) polish() {
	names := l.ruleNames()
	rulesBroken := false
	for _, d := range l.diags {
		if len(d.path) > 0 && d.path[0] == "rules" {
			rulesBroken = true
		}
	}
	// A misspelt field explains the errors of its struct as a whole (a
	// test without a call) and of the field it misspells (a required
	// field not present): those are not repeated.
	explained := map[string]bool{}
	for i, d := range l.diags {
		msg := l.suggestField(d)
		if near, ok := strings.CutSuffix(msg, "?"); ok && msg != d.Message {
			_, near, _ = strings.Cut(near, "; did you mean ")
			parent := d.path[:len(d.path)-1]
			explained[parent.key()] = true
			if n, err := strconv.Unquote(near); err == nil {
				explained[parent.field(n).key()] = true
			}
		}
		l.diags[i].Message = msg
	}
	out := l.diags[:0]
	for _, d := range l.diags {
		// A test naming a rule is checked against the rules compiled; with
		// a rule in error that check says nothing new.
		if rulesBroken && len(d.path) > 0 && d.path[0] == "tests" && strings.Contains(d.Message, ": no rule named ") {
			continue
		}
		if explained[d.path.key()] && !strings.Contains(d.Message, "did you mean") {
			continue
		}
		d.Message = renameRule(d.Message, d.path, names)
		out = append(out, d)
	}
	l.diags = out
}

// ruleNames returns the names of the rules, by index; "" where a rule has
// no name that is a concrete string.
func (l *loader) ruleNames() []string {
	if !l.root.Exists() {
		return nil
	}
	rules := l.root.LookupPath(cue.MakePath(cue.Str("rules")))
	it, err := rules.List()
	if err != nil {
		return nil
	}
	var names []string
	for it.Next() {
		n, _ := it.Value().LookupPath(cue.MakePath(cue.Str("name"))).String()
		names = append(names, n)
	}
	return names
}

// renameRule replaces the rules[i] that starts msg with the rule's name:
// rules[3].tol: ... becomes rule "deny curl": tol: ...
func renameRule(msg string, p vpath, names []string) string {
	if len(p) < 2 || p[0] != "rules" {
		return msg
	}
	i, err := strconv.Atoi(p[1])
	if err != nil || i < 0 || i >= len(names) || names[i] == "" || strings.Contains(msg, "duplicate rule name") {
		return msg // without a name (or with a name used twice), the index is the rule's identity
	}
	prefix := fmt.Sprintf("rules[%d]", i)
	rest, ok := strings.CutPrefix(msg, prefix)
	if !ok {
		return msg
	}
	if r, ok := strings.CutPrefix(rest, "."); ok {
		rest = ": " + r
	}
	return fmt.Sprintf("rule %q%s", names[i], rest)
}

// listQuantifiers are the fields of a list condition (#List).
var listQuantifiers = []string{"any", "all", "none", "prefix"}

// suggestField rewrites "P.x: field not allowed" into "P.x: unknown
// field; did you mean "y"?" when a known field of P is close to x.
func (l *loader) suggestField(d pdiag) string {
	if len(d.path) == 0 {
		return d.Message
	}
	field := selector(d.path[len(d.path)-1])
	if field.Type() != cue.StringLabel {
		return d.Message
	}
	name := field.Unquoted()
	switch {
	case strings.HasSuffix(d.Message, ": field not allowed"):
		msg := strings.TrimSuffix(d.Message, "field not allowed") + "unknown field"
		if near, ok := suggest(name, l.schemaFields(d.path[:len(d.path)-1])); ok {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return msg
	case strings.Contains(d.Message, ": field not allowed in a list condition"):
		if near, ok := suggest(name, listQuantifiers); ok {
			return d.Message + fmt.Sprintf("; did you mean %q?", near)
		}
	}
	return d.Message
}

// schemaFields returns the names of the fields the schema allows in the
// struct at p of a policy.
func (l *loader) schemaFields(p vpath) []string {
	if !l.schema.Exists() {
		return nil
	}
	v := l.schema.LookupPath(cue.ParsePath("#Policy"))
	for _, s := range p {
		sel := selector(s)
		var next cue.Value
		if sel.Type() == cue.IndexLabel {
			next = v.LookupPath(cue.MakePath(cue.AnyIndex))
		} else {
			for _, try := range []cue.Selector{sel, sel.Optional(), cue.AnyString} {
				if next = v.LookupPath(cue.MakePath(try)); next.Exists() {
					break
				}
			}
		}
		if !next.Exists() {
			return nil
		}
		v = next
	}
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	var names []string
	for it.Next() {
		names = append(names, it.Selector().Unquoted())
	}
	return names
}

// suggest returns the known name nearest to name (diag.Suggest), or the
// one known name that name, three or more characters long, abbreviates.
func suggest(name string, known []string) (string, bool) {
	if near, ok := diag.Suggest(name, known); ok {
		return near, true
	}
	var found []string
	for _, k := range known {
		if len(name) >= 3 && strings.HasPrefix(strings.ToLower(k), strings.ToLower(name)) {
			found = append(found, k)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return "", false
}
