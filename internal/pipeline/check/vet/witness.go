package vet

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"hookc.dev/hookc/internal/automata"
	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A word is one decoded word-like value: its kind (symS, symG, symD) and
// text.
type word struct {
	kind int
	text string
}

// A pathVal is one decoded path: read, written or both.
type pathVal struct {
	rw int // symR, symW, symRW
	word
}

// A fieldVal is one decoded tool_input field.
type fieldVal struct {
	kind int // fA, fS, fN, fB, fO
	text string
}

// A unitVal is one unit, decoded from a point of a box: a value per
// dimension.
type unitVal struct {
	space    space
	event    string
	tool     string
	agentID  string
	agentTyp string
	permMode string

	program   string
	untrusted bool // the program is run by a path
	// inert is a program the unit's program term also holds whose words
	// the runtime does not judge (echo), or "": the runtime judges the
	// words of a program it has no knowledge of (design.md 403), and a
	// lister's words may name a closed place (find /etc; design.md 407),
	// so a witness with such a program may not replay where echo does.
	inert                                 string
	args, flags, words, wrappers, assigns []word
	producers                             []word
	line                                  word

	paths  []pathVal
	fields map[string]fieldVal
	env    map[string]string
	exists map[string]bool

	// uncertain is set when the unit needs an uncertain word, an
	// environment variable, a file or an agent identity: a finding
	// witnessed by it is at most possibly (design.md 27).
	uncertain bool
}

// pick decodes a unit from box b of space sp, preferring static words and
// the default context.
func (a *analysis) pick(b box, sp space) (*unitVal, error) {
	m := a.m
	v := &unitVal{space: sp, fields: map[string]fieldVal{}, env: map[string]string{}, exists: map[string]bool{}}
	terms := make([]int32, len(m.dims))
	for i, d := range m.dims {
		t := b[i]
		// Preferences that keep the witness certain.
		for _, p := range []int32{d.static, d.pref} {
			if p < 0 {
				continue
			}
			x, err := d.inter(t, p)
			if err != nil {
				return nil, err
			}
			if d.isEmpty(x) {
				v.uncertain = true
				continue
			}
			t = x
		}
		// Cosmetic preferences: a permission event, a tool and a
		// program with a name.
		cosmetic := ""
		switch i {
		case m.dEvent:
			cosmetic = lit("PreToolUse")
		case m.dTool:
			cosmetic = reNonEmpty
		case m.dProgram:
			cosmetic = reProgram1
		}
		if cosmetic != "" {
			if pre, err := d.compile(cosmetic); err == nil {
				if d.kind == progDim {
					pre = automata.Prepend(pre, d.sym(symS), d.sym(symG))
				}
				if x, err := d.inter(t, d.intern(pre)); err == nil && !d.isEmpty(x) {
					t = x
				}
			}
		}
		ms, ok := d.dfa(t).WitnessSyms()
		if !ok {
			return nil, nil
		}
		a.decode(v, i, ms)
		terms[i] = t
	}
	a.harmonise(v, terms)
	if sp == cmdSpace && !v.untrusted && (a.t.JudgesWords(v.program) || a.t.ListsNames(v.program)) {
		d := m.dims[m.dProgram]
		for _, alt := range inertPrograms {
			ms := []int{d.sym(symS)}
			for _, r := range alt {
				ms = append(ms, d.a.Minterm(r))
			}
			if d.dfa(terms[m.dProgram]).MatchSyms(ms) {
				v.inert = alt
				break
			}
		}
	}
	return v, nil
}

// inertPrograms are programs whose words the runtime reads as nothing,
// the witnesses' program where an arbitrary name would be judged.
var inertPrograms = []string{"echo", "true", ":"}

// harmonise makes the values of correlated dimensions agree where their
// terms allow it: the program with the first word of the line, and the
// read and the written path of a tool field that is both (Edit's
// file_path).
func (a *analysis) harmonise(v *unitVal, terms []int32) {
	m := a.m
	// The line's program is its first words: the shortest prefix the
	// program's term accepts.
	if f := strings.Split(v.line.text, " "); !strings.HasPrefix(v.line.text, v.program+" ") && v.line.text != v.program {
		d := m.dims[m.dProgram]
		mark := d.sym(symS)
		if v.untrusted {
			mark = d.sym(symG)
		}
		for k := 1; k <= len(f); k++ {
			p := strings.Join(f[:k], " ")
			ms := []int{mark}
			for _, r := range p {
				ms = append(ms, d.a.Minterm(r))
			}
			if d.dfa(terms[m.dProgram]).MatchSyms(ms) {
				v.program = p
				break
			}
		}
	}
	if v.space != toolSpace || len(v.paths) == 0 {
		return
	}
	name := v.tool
	if name == "Task" {
		name = "Agent"
	}
	both := false
	for ti := range a.t.Tools {
		tp := &a.t.Tools[ti]
		if tp.Tool != name {
			continue
		}
		for _, f := range tp.Reads {
			both = both || slices.Contains(tp.Writes, f)
		}
	}
	if !both {
		return
	}
	d := m.dims[m.dPaths]
	x := d.dfa(terms[m.dPaths])
	for _, p := range v.paths {
		list := []pathVal{{rw: symR, word: p.word}, {rw: symW, word: p.word}}
		if x.MatchSyms(a.encodePaths(list)) {
			v.paths = list
			return
		}
	}
	// Look for a path both read and written: [R S x SEP W S x SEP].
	w, ok := automata.EqualPair(x, []int{d.sym(symR), d.sym(symS)}, []int{d.sym(symSep), d.sym(symW), d.sym(symS)}, []int{d.sym(symSep)}, 20000)
	if ok {
		p := word{kind: symS, text: d.a.String(w)}
		v.paths = []pathVal{{rw: symR, word: p}, {rw: symW, word: p}}
	}
}

// encodePaths encodes a list of paths as the paths dimension does.
func (a *analysis) encodePaths(ps []pathVal) []int {
	d := a.m.dims[a.m.dPaths]
	var ms []int
	for _, p := range ps {
		ms = append(ms, d.sym(p.rw), d.sym(p.kind))
		for _, r := range p.text {
			ms = append(ms, d.a.Minterm(r))
		}
		ms = append(ms, d.sym(symSep))
	}
	return ms
}

// decode sets the value of dimension i of v from the minterm string ms.
func (a *analysis) decode(v *unitVal, i int, ms []int) {
	m := a.m
	d := m.dims[i]
	str := d.a.String
	switch {
	case i == m.dEvent:
		v.event = str(ms)
	case i == m.dTool:
		v.tool = str(ms)
	case i == m.dAgentID:
		v.agentID = str(ms)
	case i == m.dAgentType:
		v.agentTyp = str(ms)
	case i == m.dPermMode:
		v.permMode = str(ms)
	case i == m.dProgram:
		if len(ms) > 0 {
			if s, ok := d.a.SymbolIndex(ms[0]); ok {
				v.untrusted = s == symG
				ms = ms[1:]
			}
		}
		v.program = str(ms)
	case v.wordList(m, i) != nil:
		*v.wordList(m, i) = decodeWords(d, ms)
	case i == m.dLine:
		if kind, text, ok := decodeTagged(d, ms); ok {
			v.line = word{kind: kind, text: text}
		}
	case i == m.dPaths:
		v.paths = a.decodePaths(d, ms)
	case i == m.dOnDisk:
		// The existence of the unit's own paths is not put in the
		// witness's file system: a witness that needs it is uncertain.
		v.uncertain = v.uncertain || str(ms) != ""
	default:
		m.decodeKeyed(v, i, ms)
	}
}

// wordList returns the list of words of v that dimension i holds, or nil
// if i is not a list of words of a command.
func (v *unitVal) wordList(m *model, i int) *[]word {
	for _, l := range [...]struct {
		d     int
		words *[]word
	}{{m.dArgs, &v.args}, {m.dFlags, &v.flags}, {m.dWords, &v.words}, {m.dWrappers, &v.wrappers}, {m.dAssigns, &v.assigns}, {m.dProducers, &v.producers}} {
		if l.d == i {
			return l.words
		}
	}
	return nil
}

// decodeKeyed sets the value of a dimension kept per name: an input
// field, an environment variable or the existence of a file.
func (m *model) decodeKeyed(v *unitVal, i int, ms []int) {
	d := m.dims[i]
	for name, k := range m.fields {
		if k == i {
			fv := fieldVal{}
			fv.kind, fv.text, _ = decodeTagged(d, ms)
			v.fields[name] = fv
			return
		}
	}
	for name, k := range m.envs {
		if k == i {
			v.env[name] = d.a.String(ms)
			return
		}
	}
	for name, k := range m.exists {
		if k == i {
			v.exists[name] = d.a.String(ms) == "t"
			return
		}
	}
}

// decodeTagged decodes a string that starts with a symbol telling its
// kind; ok is false when ms does not start with a symbol.
func decodeTagged(d *dim, ms []int) (kind int, text string, ok bool) {
	if len(ms) == 0 {
		return 0, "", false
	}
	kind, ok = d.a.SymbolIndex(ms[0])
	if !ok {
		return 0, "", false
	}
	return kind, d.a.String(ms[1:]), true
}

// decodeWords decodes a list of words: [kind] text SEP ...
func decodeWords(d *dim, ms []int) []word {
	var out []word
	start := 0
	for k, x := range ms {
		if s, ok := d.a.SymbolIndex(x); !ok || s != symSep {
			continue
		}
		el := ms[start:k]
		w := word{}
		if len(el) > 0 {
			if s, ok := d.a.SymbolIndex(el[0]); ok {
				w.kind = s
				el = el[1:]
			}
		}
		w.text = d.a.String(el)
		out = append(out, w)
		start = k + 1
	}
	return out
}

// decodePaths decodes a list of paths: RW kind text SEP ...
func (a *analysis) decodePaths(d *dim, ms []int) []pathVal {
	var out []pathVal
	var cur pathVal
	var text []int
	state := 0 // 0: expect RW, 1: expect kind, 2: text
	for _, x := range ms {
		s, isSym := d.a.SymbolIndex(x)
		switch {
		case isSym && s == symSep:
			cur.text = d.a.String(text)
			out = append(out, cur)
			cur, text, state = pathVal{}, nil, 0
		case state == 0 && isSym:
			cur.rw, state = s, 1
		case state == 1 && isSym:
			cur.kind, state = s, 2
		default:
			text = append(text, x)
		}
	}
	return out
}

// quoteWord renders a word as shell source that gives back the word, with
// its kind: a glob keeps its pattern characters unquoted, a dynamic word
// is a parameter expansion.
func quoteWord(w word) (string, bool) {
	switch w.kind {
	case symD:
		return `"$X"`, true
	case symG:
		var b strings.Builder
		run := func(s string) bool {
			if s == "" {
				return true
			}
			q, err := syntax.Quote(s, syntax.LangBash)
			if err != nil {
				return false
			}
			b.WriteString(q)
			return true
		}
		start := 0
		for i, r := range w.text {
			if r == '*' || r == '?' || r == '[' || r == ']' {
				if !run(w.text[start:i]) {
					return "", false
				}
				b.WriteRune(r)
				start = i + 1
			}
		}
		if !run(w.text[start:]) {
			return "", false
		}
		return b.String(), true
	}
	if w.text == "" {
		return "''", true
	}
	q, err := syntax.Quote(w.text, syntax.LangBash)
	if err != nil {
		return "", false
	}
	return q, true
}

// quoteAll renders words, failing if one cannot be rendered.
func quoteAll(ws []word) ([]string, bool) {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		q, ok := quoteWord(w)
		if !ok {
			return nil, false
		}
		out = append(out, q)
	}
	return out, true
}

// commandLines returns command lines that may run a simple command with
// the values of v, best first.
func (a *analysis) commandLines(v *unitVal) []string {
	prog, ok := quoteWord(word{kind: symS, text: v.program})
	if !ok {
		return nil
	}
	if v.program == "" {
		prog = ""
	} else if v.untrusted {
		// Run by a path outside the system's program directories.
		prog = "./" + prog
	}
	redirs := witnessRedirs(v.paths)
	var lines []string
	for bi, body := range a.commandBodies(v) {
		parts := []string{}
		if prog != "" || v.program == "" && len(body) == 0 {
			parts = append(parts, prog)
		}
		parts = append(parts, body...)
		inner := strings.TrimSpace(strings.Join(parts, " "))
		withRedirs := strings.TrimSpace(inner + " " + strings.Join(redirs, " "))
		variants := []string{withRedirs}
		if bi == 0 && len(redirs) > 0 && inner != "" {
			variants = append(variants, inner)
		}
		for _, line := range variants {
			lines = append(lines, a.wrap(v, line))
		}
	}
	lines = slices.DeleteFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "" })
	// The raw command field may have to hold more than the command.
	if fv, ok := v.fields["command"]; ok && fv.kind == fS && fv.text != "" {
		more := []string{fv.text}
		for _, l := range lines {
			more = append(more, fv.text+" && "+l, l+" && "+fv.text, fv.text+"; "+l)
		}
		lines = append(more, lines...)
	}
	return lines
}

// commandBodies returns the quoted words that may follow the program of
// a witness, without repeats: its arguments and options in the orders
// that give each its role, its words, its line's rest, its paths as
// operands. Options that take a value get one in v.flags.
func (a *analysis) commandBodies(v *unitVal) [][]string {
	var bodies [][]string
	add := func(ws []word) {
		q, ok := quoteAll(ws)
		if !ok {
			return
		}
		for _, b := range bodies {
			if strings.Join(b, " ") == strings.Join(q, " ") {
				return
			}
		}
		bodies = append(bodies, q)
	}
	dashArg := false
	for _, w := range v.args {
		if w.kind != symD && strings.HasPrefix(w.text, "-") {
			dashArg = true
		}
	}
	dd := []word{{kind: symS, text: "--"}}
	if k := a.t.Command(v.program); k != nil {
		var fl []word
		for _, f := range v.flags {
			fl = append(fl, f)
			if f.kind == symS && k.TakesValue(f.text) {
				v := "v"
				if k.Opt(f.text) == runtime.OptCode {
					v = "1" // code the inline core reads (design.md 455)
				}
				fl = append(fl, word{kind: symS, text: v})
			}
		}
		v.flags = fl
	}
	if dashArg {
		add(slices.Concat(v.flags, dd, v.args))
	} else {
		add(slices.Concat(v.args, v.flags))
		add(slices.Concat(v.flags, v.args))
	}
	add(v.words)
	add(slices.Concat(v.words, v.args, v.flags))
	if rest, ok := strings.CutPrefix(v.line.text, v.program+" "); ok {
		var ws []word
		for _, s := range strings.Split(rest, " ") {
			ws = append(ws, word{kind: symS, text: s})
		}
		add(ws)
	}
	var pathArgs []word
	for _, p := range v.paths {
		pathArgs = append(pathArgs, p.word)
	}
	if len(pathArgs) > 0 {
		add(slices.Concat(v.flags, pathArgs))
	}
	return bodies
}

// witnessRedirs returns the redirections that make a witness read or
// write its paths.
func witnessRedirs(paths []pathVal) []string {
	var redirs []string
	for _, p := range paths {
		q, ok := quoteWord(p.word)
		if !ok {
			continue
		}
		op := "<"
		switch p.rw {
		case symW:
			op = ">"
		case symRW:
			op = "<>"
		}
		redirs = append(redirs, op+" "+q)
	}
	return redirs
}

// wrap puts the command line inside the wrappers, assignments and
// producers of v.
func (a *analysis) wrap(v *unitVal, line string) string {
	for k := len(v.wrappers) - 1; k >= 0; k-- {
		w := v.wrappers[k].text
		q, ok := quoteWord(word{kind: symS, text: w})
		if !ok {
			continue
		}
		cmd := a.t.Command(w)
		kind := runtime.NotWrapper
		skip := 0
		if cmd != nil {
			kind, skip = cmd.Wrapper, cmd.SkipOperands
		}
		switch kind {
		case runtime.WrapShell:
			s, _ := syntax.Quote(line, syntax.LangBash)
			line = q + " -c " + s
		case runtime.WrapEval, runtime.WrapScript:
			s, _ := syntax.Quote(line, syntax.LangBash)
			line = q + " " + s
		case runtime.WrapFind:
			line = q + " . -exec " + line + ` \;`
		default:
			line = q + strings.Repeat(" 1", skip) + " " + line
		}
	}
	var pre []string
	for _, as := range v.assigns {
		name, val, ok := strings.Cut(as.text, "=")
		if as.kind == symD {
			pre = append(pre, `X="$Y"`)
			continue
		}
		if !ok || !isName(name) {
			continue
		}
		q := "''"
		if val != "" {
			q, _ = quoteWord(word{kind: symS, text: val})
		}
		pre = append(pre, name+"="+q)
	}
	if len(pre) > 0 {
		line = strings.Join(pre, " ") + " " + line
	}
	for k := len(v.producers) - 1; k >= 0; k-- {
		q, ok := quoteWord(word{kind: symS, text: v.producers[k].text})
		if ok {
			line = q + " | " + line
		}
	}
	return line
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' && i > 0 {
			continue
		}
		return false
	}
	return true
}

// A call is a witness: the payload and the context it needs.
type call struct {
	payload []byte
	env     map[string]string
	files   []string
	links   map[string]string // symlinks of the file system (tests only)
}

// value returns the JSON value of a field; false for an absent one.
func (fv fieldVal) value() (any, bool) {
	switch fv.kind {
	case fA:
		return nil, false
	case fS:
		return fv.text, true
	case fN:
		return json.Number(fv.text), true
	case fB:
		return fv.text == "true", true
	case fO:
		return map[string]any{}, true
	}
	return nil, true
}

// witnessKeys are the payload keys a witness sets from other dimensions,
// and those the runtime decodes itself.
var witnessKeys = []string{"hook_event_name", "cwd", "tool_name", "tool_input", "agent_id", "agent_type", "permission_mode", "session_id"}

// payloadJSON is a hook payload as vet writes it: the fields in a fixed
// order.
type payloadJSON struct {
	Event          string         `json:"hook_event_name"`
	Cwd            string         `json:"cwd"`
	Tool           string         `json:"tool_name,omitempty"`
	Input          map[string]any `json:"tool_input,omitempty"`
	AgentID        string         `json:"agent_id,omitempty"`
	AgentType      string         `json:"agent_type,omitempty"`
	PermissionMode string         `json:"permission_mode,omitempty"`
}

// calls returns the concrete calls that may realise the unit v, best
// first.
func (a *analysis) calls(v *unitVal) []call {
	w := newCallMaker(v)
	var out []call
	if v.space == cmdSpace {
		lines := a.commandLines(v)
		if v.inert != "" {
			alt := *v
			alt.program, alt.inert = v.inert, ""
			lines = append(lines, a.commandLines(&alt)...)
		}
		for _, line := range lines {
			in := w.input("command")
			in["command"] = line
			out = append(out, w.call(in))
		}
		return out
	}
	out = append(out, w.call(w.input("")))
	// Put the paths in the tool's path fields.
	if len(v.paths) > 0 {
		name := v.tool
		if name == "Task" {
			name = "Agent"
		}
		for ti := range a.t.Tools {
			if tp := &a.t.Tools[ti]; tp.Tool == name {
				out = append(out, w.call(w.pathInput(tp)))
			}
		}
	}
	return out
}

// A callMaker makes the calls of one unit: the payload's fixed fields,
// the environment and files it needs, and its fields outside tool_input.
type callMaker struct {
	v     *unitVal
	base  payloadJSON
	env   map[string]string
	files []string
	extra map[string]any
}

func newCallMaker(v *unitVal) *callMaker {
	w := &callMaker{v: v, extra: map[string]any{}, base: payloadJSON{
		Event: v.event, Cwd: load.TestCwd, Tool: v.tool,
		AgentID: v.agentID, AgentType: v.agentTyp, PermissionMode: v.permMode,
	}}
	for k, x := range v.env {
		if x != "" {
			if w.env == nil {
				w.env = map[string]string{}
			}
			w.env[k] = x
		}
	}
	for k, x := range v.exists {
		if x {
			w.files = append(w.files, resolveTest(k))
		}
	}
	// Payload fields outside tool_input, by their top-level key; keys the
	// payload already has are left out (the witness then may not replay).
	for name, fv := range v.fields {
		if path, ok := strings.CutPrefix(name, payloadKey); ok {
			top, _, _ := strings.Cut(path, ".")
			if val, ok := fv.value(); ok && !slices.Contains(witnessKeys, top) {
				setPath(w.extra, path, val)
			}
		}
	}
	return w
}

// call returns the call with the given tool_input.
func (w *callMaker) call(input map[string]any) call {
	p := w.base
	p.Input = input
	if p.Tool != "" && p.Input == nil {
		p.Input = map[string]any{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(p)
	out := bytes.Clone(bytes.TrimSpace(buf.Bytes()))
	if len(w.extra) > 0 {
		// The fixed fields first, then the others sorted.
		buf.Reset()
		enc.Encode(w.extra)
		out = append(append(out[:len(out)-1], ','), bytes.TrimSpace(buf.Bytes())[1:]...)
	}
	return call{payload: out, env: w.env, files: w.files}
}

// input returns the unit's tool_input fields, but skip.
func (w *callMaker) input(skip string) map[string]any {
	in := map[string]any{}
	for name, fv := range w.v.fields {
		if name == skip || strings.HasPrefix(name, payloadKey) {
			continue
		}
		if val, ok := fv.value(); ok {
			setPath(in, name, val)
		}
	}
	return in
}

// pathInput returns the unit's tool_input with its paths in the path
// fields of tp: globs in its glob fields, read and written paths in the
// fields that read and write, or in the others when there are none.
func (w *callMaker) pathInput(tp *runtime.ToolPaths) map[string]any {
	in := w.input("")
	var reads, writes, globs []string
	for _, p := range w.v.paths {
		switch {
		case p.kind == symG:
			globs = append(globs, p.text)
		case p.rw == symW:
			writes = append(writes, p.text)
		default:
			reads = append(reads, p.text)
		}
	}
	fill := func(names, vals []string) {
		for k, n := range names {
			if k < len(vals) {
				setPath(in, n, vals[k])
			}
		}
	}
	fill(tp.Reads, reads)
	fill(tp.Writes, writes)
	if len(reads) == 0 {
		fill(tp.Reads, writes)
	}
	if len(writes) == 0 {
		fill(tp.Writes, reads)
	}
	fill(tp.Globs, globs)
	return in
}

// setPath sets the dotted path in a tool_input object.
func setPath(in map[string]any, path string, val any) {
	parts := strings.Split(path, ".")
	var cur any = in
	for k, p := range parts {
		last := k == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[p] = val
				return
			}
			next, ok := c[p]
			if !ok {
				if n, err := strconv.Atoi(parts[k+1]); err == nil && n >= 0 && n < 8 {
					next = make([]any, n+1)
				} else {
					next = map[string]any{}
				}
				c[p] = next
			}
			cur = next
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n >= len(c) {
				return
			}
			if last {
				c[n] = val
				return
			}
			if c[n] == nil {
				c[n] = map[string]any{}
			}
			cur = c[n]
		default:
			return
		}
	}
}

// resolveTest resolves a path of an exists condition in the test context.
func resolveTest(p string) string {
	switch {
	case p == "~":
		return load.TestHome
	case strings.HasPrefix(p, "~/"):
		return load.TestHome + p[1:]
	case !strings.HasPrefix(p, "/"):
		return load.TestCwd + "/" + p
	}
	return p
}

// A replayer decides witnesses with the runtime, in the generated form
// the hook runs (hooktable.Generated: dispatch index, automata, packed rules,
// compiled regular expressions): with the policy's table, with one rule
// alone, and without one rule.
type replayer struct {
	t       *runtime.Table // the loaded table: its rules name the findings
	run     *runtime.Table // t as the hook runs it
	rules   []runtime.Rule // run's rules with their automata, unpacked
	mu      sync.Mutex     // guards single and without
	single  map[int]*runtime.Table
	without map[int]*runtime.Table
}

func newReplayer(t *runtime.Table) *replayer {
	g, err := hooktable.Generated(t)
	return replayerOf(t, g, err)
}

// policyReplayer is newReplayer for a loaded policy: it replays with the
// policy's own generated table (load.Policy.Hook), the one hookc test,
// explain and the hook decide with.
func policyReplayer(p *load.Policy) *replayer {
	g, err := p.Hook()
	return replayerOf(p.Table, g, err)
}

// replayerOf returns the replayer of t, whose generated form is g unless
// making it failed with err.
func replayerOf(t *runtime.Table, g *runtime.Table, err error) *replayer {
	r := &replayer{t: t, run: t, rules: t.Rules, single: map[int]*runtime.Table{}, without: map[int]*runtime.Table{}}
	if err != nil {
		// No hook can be built from t: the loaded table is what is left
		// to replay with.
		return r
	}
	r.run, r.rules = g, g.AllRules()
	return r
}

// variant returns the generated form of a table of rules derived from
// run's: their automata and compiled regular expressions are run's, only
// the index (and the packing) are made anew.
func (r *replayer) variant(rules []runtime.Rule) *runtime.Table {
	t := *r.run
	t.Rules, t.Packed, t.Index = rules, nil, nil
	if g, err := hooktable.Generated(&t); err == nil {
		return g
	}
	return &t
}

// alone and minus may be called by checks running in parallel.
func (r *replayer) alone(j int) *runtime.Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.single[j]; ok {
		return t
	}
	t := r.variant([]runtime.Rule{r.rules[j]})
	r.single[j] = t
	return t
}

func (r *replayer) minus(j int) *runtime.Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.without[j]; ok {
		return t
	}
	rules := slices.Clone(r.rules)
	rules[j].Tool = runtime.Str{Op: runtime.StrNone}
	t := r.variant(rules)
	r.without[j] = t
	return t
}

// explain decides c with table t.
func (r *replayer) explain(t *runtime.Table, c call) *runtime.Result {
	return runtime.Explain(t, c.payload, (&load.Test{Env: c.env, Files: c.files, Symlinks: c.links}).HookEnv())
}

// decidedBy reports whether the trace unit u was decided by rule i.
func (r *replayer) decidedBy(u runtime.Trace, i int) bool {
	ri := &r.t.Rules[i]
	return u.Rule == ri.Name && u.Pos == ri.Pos
}

// find returns the first call and unit for which ok holds.
func (r *replayer) find(calls []call, sp space, ok func(c call, units []runtime.Trace, u int) bool) (call, bool) {
	for _, c := range calls {
		res := r.explain(r.run, c)
		for u := range res.Units {
			if (res.Units[u].Cmd != nil) != (sp == cmdSpace) {
				continue
			}
			if ok(c, res.Units, u) {
				return c, true
			}
		}
	}
	return call{}, false
}

// unitOf returns the trace of unit u of c decided with table t.
func (r *replayer) unitOf(t *runtime.Table, c call, u int) (runtime.Trace, bool) {
	res := r.explain(t, c)
	if u < len(res.Units) {
		return res.Units[u], true
	}
	return runtime.Trace{}, false
}

// witnessJSON returns the payload of a call as a diagnostic's witness.
func witnessJSON(c call) json.RawMessage {
	if c.payload == nil {
		return nil
	}
	return json.RawMessage(c.payload)
}

// decider returns the rule among the first n that decided the trace unit
// u, or -1.
func (r *replayer) decider(u runtime.Trace, n int) int {
	for i := 0; i < n && i < len(r.t.Rules); i++ {
		if r.decidedBy(u, i) {
			return i
		}
	}
	return -1
}

// same reports whether rules i and j give the same answer (pass.same).
func (r *replayer) same(i, j int) bool { return sameAnswer(r.t, i, j) }
