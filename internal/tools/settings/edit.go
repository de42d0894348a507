package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A Doc is a JSON document: its text and a parse tree over it. Edits
// change the text where they must and nowhere else.
type Doc struct {
	name string // for positions
	src  []byte
	// Root is the top-level value; nil for a document of white space only
	// (an empty file), which the first Set turns into an object.
	Root *Value
}

// An Error is a problem at a position of a document: invalid JSON, or a
// value of a kind an edit cannot work with.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Parse parses src, the contents of the file name. A document that is not
// JSON, or that gives one key twice in an object, is an *Error at the
// position of the problem.
func Parse(name string, src []byte) (*Doc, error) {
	d := &Doc{name: name, src: src}
	if len(bytes.TrimSpace(src)) == 0 {
		return d, nil
	}
	root, err := parse(src)
	if err != nil {
		se := err.(*SyntaxError)
		return nil, &Error{File: name, Line: se.Line, Col: se.Col, Msg: se.Msg}
	}
	d.Root = root
	return d, nil
}

// Bytes returns the document's text.
func (d *Doc) Bytes() []byte { return d.src }

// Text returns the text of v.
func (d *Doc) Text(v *Value) string { return string(d.src[v.Start:v.End]) }

// Decode decodes v into x, as encoding/json does.
func (d *Doc) Decode(v *Value, x any) error { return json.Unmarshal(d.src[v.Start:v.End], x) }

// Str returns the value of a string, and whether v is one.
func (d *Doc) Str(v *Value) (string, bool) {
	if v == nil || v.Kind != String {
		return "", false
	}
	var s string
	if d.Decode(v, &s) != nil {
		return "", false
	}
	return s, true
}

// Errorf returns an *Error at the start of v.
func (d *Doc) Errorf(v *Value, format string, args ...any) error {
	off := 0
	if v != nil {
		off = v.Start
	}
	line, col := Position(d.src, off)
	return &Error{File: d.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// A Path names a value in a document: object keys (strings) and list
// indexes (ints), from the top.
type Path []any

func (p Path) String() string {
	var b strings.Builder
	for i, e := range p {
		switch e := e.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", e)
		case string:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e)
		}
	}
	return b.String()
}

// Lookup returns the value at path, or nil if there is none.
func (d *Doc) Lookup(path Path) *Value {
	v := d.Root
	for _, e := range path {
		if v == nil {
			return nil
		}
		switch e := e.(type) {
		case string:
			m := v.Member(e)
			if m == nil {
				return nil
			}
			v = m.Value
		case int:
			if v.Kind != Array || e < 0 || e >= len(v.Elems) {
				return nil
			}
			v = v.Elems[e]
		default:
			return nil
		}
	}
	return v
}

// Set sets the value at path to x, encoded as encoding/json encodes it
// (without escaping HTML characters; a json.RawMessage is used as it is).
// A missing object member is added at the end of its object, and missing
// objects on the way are created; an existing value is replaced. The last
// element of path may also be the index of an existing list element.
func (d *Doc) Set(path Path, x any) error {
	if len(path) == 0 {
		return fmt.Errorf("settings: Set of an empty path")
	}
	val, err := encode(x)
	if err != nil {
		return err
	}
	if d.Root == nil {
		for i := len(path) - 1; i >= 0; i-- {
			key, ok := path[i].(string)
			if !ok {
				return fmt.Errorf("settings: no list at %s", path[:i+1])
			}
			val = wrap(key, val)
		}
		var b bytes.Buffer
		render(&b, val, style{multi: true, unit: "  ", colon: ": ", comma: ", "}, "")
		b.WriteByte('\n')
		return d.splice(0, len(d.src), b.String())
	}
	// Walk down as far as the path exists.
	parent := d.Root
	i := 0
	for ; i < len(path)-1; i++ {
		next := d.Lookup(path[:i+1])
		if next == nil {
			break
		}
		parent = next
	}
	if i < len(path)-1 || d.Lookup(path) == nil {
		// Insert a member into parent, wrapping val in the missing objects.
		key, ok := path[i].(string)
		if !ok {
			return fmt.Errorf("settings: no element %s", path[:i+1])
		}
		if parent.Kind != Object {
			return d.Errorf(parent, "%s is %s, not an object", d.describe(path[:i]), parent.Kind)
		}
		for j := len(path) - 1; j > i; j-- {
			k, ok := path[j].(string)
			if !ok {
				return fmt.Errorf("settings: no list at %s", path[:j+1])
			}
			val = wrap(k, val)
		}
		return d.insert(parent, key, val)
	}
	old := d.Lookup(path)
	st := d.styleOf(d.Lookup(path[:len(path)-1]))
	st.multi = bytes.ContainsRune(d.src[old.Start:old.End], '\n') ||
		st.multi && (old.Kind != Object && old.Kind != Array)
	var b bytes.Buffer
	render(&b, val, st, d.indentAt(old.Start))
	return d.splice(old.Start, old.End, b.String())
}

// Append appends x to the list at path, creating the list (and the objects
// on the way) if it is missing.
func (d *Doc) Append(path Path, x any) error {
	list := d.Lookup(path)
	if list == nil {
		val, err := encode(x)
		if err != nil {
			return err
		}
		return d.Set(path, json.RawMessage("["+string(val)+"]"))
	}
	if list.Kind != Array {
		return d.Errorf(list, "%s is %s, not a list", d.describe(path), list.Kind)
	}
	val, err := encode(x)
	if err != nil {
		return err
	}
	st := d.styleOf(list)
	var b bytes.Buffer
	if len(list.Elems) == 0 {
		ind := d.indentAt(list.Start)
		if st.multi {
			b.WriteString("[\n" + ind + st.unit)
			render(&b, val, st, ind+st.unit)
			b.WriteString("\n" + ind + "]")
		} else {
			b.WriteString("[")
			render(&b, val, st, ind)
			b.WriteString("]")
		}
		return d.splice(list.Start, list.End, b.String())
	}
	last := list.Elems[len(list.Elems)-1]
	sep := d.separator(list.Start, elemStarts(list), st)
	b.WriteString(sep)
	render(&b, val, st, indentAfter(sep, d.indentAt(last.Start)))
	return d.splice(last.End, last.End, b.String())
}

// Delete removes the value at path, with its key and the separator before
// it (or after it, for the first of several); it does nothing when there is
// no such value.
func (d *Doc) Delete(path Path) error {
	if len(path) == 0 || d.Lookup(path) == nil {
		return nil
	}
	parent := d.Lookup(path[:len(path)-1])
	switch e := path[len(path)-1].(type) {
	case string:
		for i, m := range parent.Members {
			if m.Key != e {
				continue
			}
			switch {
			case len(parent.Members) == 1:
				return d.splice(parent.Start+1, parent.End-1, "")
			case i > 0:
				return d.splice(parent.Members[i-1].Value.End, m.Value.End, "")
			default:
				return d.splice(m.KeyStart, parent.Members[1].KeyStart, "")
			}
		}
	case int:
		switch {
		case len(parent.Elems) == 1:
			return d.splice(parent.Start+1, parent.End-1, "")
		case e > 0:
			return d.splice(parent.Elems[e-1].End, parent.Elems[e].End, "")
		default:
			return d.splice(parent.Elems[0].Start, parent.Elems[1].Start, "")
		}
	}
	return nil
}

// describe names the value at path for a message: "the top level", or
// the path.
func (d *Doc) describe(p Path) string {
	if len(p) == 0 {
		return "the top level"
	}
	return p.String()
}

// insert adds the member key: val at the end of the object obj.
func (d *Doc) insert(obj *Value, key string, val []byte) error {
	st := d.styleOf(obj)
	k, _ := json.Marshal(key)
	var b bytes.Buffer
	if len(obj.Members) == 0 {
		ind := d.indentAt(obj.Start)
		if st.multi {
			b.WriteString("{\n" + ind + st.unit)
			b.Write(k)
			b.WriteString(st.colon)
			render(&b, val, st, ind+st.unit)
			b.WriteString("\n" + ind + "}")
		} else {
			b.WriteString("{")
			b.Write(k)
			b.WriteString(st.colon)
			render(&b, val, st, ind)
			b.WriteString("}")
		}
		return d.splice(obj.Start, obj.End, b.String())
	}
	last := obj.Members[len(obj.Members)-1]
	starts := make([]int, len(obj.Members))
	for i, m := range obj.Members {
		starts[i] = m.KeyStart
	}
	sep := d.separator(obj.Start, starts, st)
	b.WriteString(sep)
	b.Write(k)
	b.WriteString(st.colon)
	render(&b, val, st, indentAfter(sep, d.indentAt(last.KeyStart)))
	return d.splice(last.Value.End, last.Value.End, b.String())
}

func elemStarts(list *Value) []int {
	s := make([]int, len(list.Elems))
	for i, e := range list.Elems {
		s[i] = e.Start
	}
	return s
}

// separator returns the text to put before a new last item of a container
// that starts at open and whose items start at starts: the text between
// its last two items, or, with one item, a comma and the white space
// before the first.
func (d *Doc) separator(open int, starts []int, st style) string {
	n := len(starts)
	if n >= 2 {
		// From the end of item n-2 to the start of item n-1: find the comma.
		between := d.src[:starts[n-1]]
		comma := bytes.LastIndexByte(between, ',')
		sep := string(d.src[comma:starts[n-1]])
		if i := strings.LastIndexByte(sep, '\n'); i >= 0 {
			sep = ",\n" + sep[i+1:] // one line break, without blank lines
		}
		return sep
	}
	ws := string(d.src[open+1 : starts[0]])
	if strings.Contains(ws, "\n") {
		return "," + ws
	}
	return st.comma
}

// indentAfter returns the indentation a separator ends with if it ends a
// line, else def.
func indentAfter(sep, def string) string {
	if i := strings.LastIndexByte(sep, '\n'); i >= 0 {
		return sep[i+1:]
	}
	return def
}

// indentAt returns the white space that starts the line holding off.
func (d *Doc) indentAt(off int) string {
	start := bytes.LastIndexByte(d.src[:off], '\n') + 1
	end := start
	for end < len(d.src) && (d.src[end] == ' ' || d.src[end] == '\t') {
		end++
	}
	return string(d.src[start:end])
}

// A style is how new text is written into a container.
type style struct {
	multi bool   // one item per line
	unit  string // one level of indentation
	colon string // between a key and its value
	comma string // between items on one line
}

// styleOf infers the style of a container from its text and the
// document's.
func (d *Doc) styleOf(c *Value) style {
	st := style{unit: d.unit(), colon: ": ", comma: ", "}
	if c == nil {
		st.multi = true
		return st
	}
	text := d.src[c.Start:c.End]
	st.multi = bytes.ContainsRune(text, '\n')
	if (c.Kind == Object && len(c.Members) == 0 || c.Kind == Array && len(c.Elems) == 0) &&
		bytes.ContainsRune(d.src, '\n') {
		st.multi = true // an empty container in a document written over lines
	}
	// The colon of an existing member, of this object or of the document.
	if colon, ok := d.colonIn(c); ok {
		st.colon = colon
	} else if colon, ok := d.colonIn(d.Root); ok {
		st.colon = colon
	}
	if !st.multi && st.colon == ":" {
		st.comma = ","
	}
	return st
}

// colonIn returns the text between the key and the value of the first
// member of an object found in v (depth first), if it is on one line.
func (d *Doc) colonIn(v *Value) (string, bool) {
	if v == nil {
		return "", false
	}
	for _, m := range v.Members {
		c := string(d.src[m.KeyEnd:m.Value.Start])
		if !strings.ContainsAny(c, "\r\n") {
			return c, true
		}
	}
	for _, m := range v.Members {
		if c, ok := d.colonIn(m.Value); ok {
			return c, true
		}
	}
	for _, e := range v.Elems {
		if c, ok := d.colonIn(e); ok {
			return c, true
		}
	}
	return "", false
}

// unit returns the document's indentation step: a tab if lines are
// indented with tabs, else the smallest indentation by spaces, else two
// spaces.
func (d *Doc) unit() string {
	best := 0
	for line := range bytes.Lines(d.src) {
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		if n < len(line) && line[n] == '\t' && n == 0 {
			return "\t"
		}
		if n > 0 && n < len(line) && line[n] != '\n' && (best == 0 || n < best) {
			best = n
		}
	}
	if best == 0 {
		return "  "
	}
	return strings.Repeat(" ", best)
}

// splice replaces src[start:end] with text and parses the result again.
func (d *Doc) splice(start, end int, text string) error {
	src := make([]byte, 0, len(d.src)-(end-start)+len(text))
	src = append(src, d.src[:start]...)
	src = append(src, text...)
	src = append(src, d.src[end:]...)
	root, err := parse(src)
	if err != nil {
		return fmt.Errorf("settings: internal error: an edit made invalid JSON: %v", err)
	}
	d.src, d.Root = src, root
	return nil
}

// encode encodes x as JSON without escaping HTML characters.
func encode(x any) ([]byte, error) {
	if raw, ok := x.(json.RawMessage); ok {
		if !json.Valid(raw) {
			return nil, fmt.Errorf("settings: invalid JSON value %s", raw)
		}
		return raw, nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// wrap returns {key: val}.
func wrap(key string, val []byte) []byte {
	k, _ := json.Marshal(key)
	return []byte("{" + string(k) + ":" + string(val) + "}")
}

// render writes the JSON value val (valid JSON) in style st, with ind the
// indentation of the line it starts on.
func render(b *bytes.Buffer, val []byte, st style, ind string) {
	v, err := parse(val)
	if err != nil {
		b.Write(val) // cannot happen: val was encoded or validated
		return
	}
	renderValue(b, val, v, st, ind)
}

func renderValue(b *bytes.Buffer, src []byte, v *Value, st style, ind string) {
	switch v.Kind {
	case Object:
		items(b, "{}", len(v.Members), st, ind, func(i int) {
			k, _ := json.Marshal(v.Members[i].Key)
			b.Write(k)
			b.WriteString(st.colon)
			renderValue(b, src, v.Members[i].Value, st, ind+st.unit)
		})
	case Array:
		items(b, "[]", len(v.Elems), st, ind, func(i int) {
			renderValue(b, src, v.Elems[i], st, ind+st.unit)
		})
	default:
		b.Write(src[v.Start:v.End])
	}
}

// items writes a container of n items between the two brackets, each
// written by item, in style st.
func items(b *bytes.Buffer, brackets string, n int, st style, ind string, item func(int)) {
	b.WriteByte(brackets[0])
	for i := range n {
		switch {
		case st.multi && i > 0:
			b.WriteString(",\n" + ind + st.unit)
		case st.multi:
			b.WriteString("\n" + ind + st.unit)
		case i > 0:
			b.WriteString(st.comma)
		}
		item(i)
	}
	if st.multi && n > 0 {
		b.WriteString("\n" + ind)
	}
	b.WriteByte(brackets[1])
}
