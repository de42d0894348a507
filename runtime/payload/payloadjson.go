package payload

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is the JSON decoder behind Parse. It is written for the
// payload alone, instead of using encoding/json, because every tool call
// starts the hook: reflection and a general decoder cost start-up time and
// binary size, and encoding/json's case-insensitive field names and
// merging of repeated fields are what a policy must not rely on.
// FuzzParsePayload checks it against encoding/json.

// maxDepth is the deepest nesting of objects and arrays that Parse
// accepts, the payload object counting as one. It bounds the decoder's
// recursion; payloads nest a few levels.
const maxDepth = 1000

// notObject begins the message of every syntax error.
const notObject = "payload is not a JSON object: "

// payloadFields are the names of the fields of Payload.
var payloadFields = [...]string{"hook_event_name", "tool_name", "tool_input", "cwd", "agent_id", "agent_type", "permission_mode", "session_id"}

// A decoder decodes one payload. Its methods report failure by setting
// err and returning false or nil.
type decoder struct {
	data  []byte
	i     int    // offset of the next byte
	depth int    // objects and arrays open at i
	buf   []byte // scratch space for strings with escapes
	err   error
	p     *Payload // the payload as far as it was decoded
}

// doubtEvent forgets the event decoded so far when the error is about the
// field f: a payload with two event names has none.
func (d *decoder) doubtEvent(f string) {
	if f == "hook_event_name" {
		d.p.Event = ""
	}
}

// ParseEvent decodes data as Parse does and returns the payload,
// or the error and the hook_event_name decoded before it, if any: a
// payload Claude Code sent for an event, but that hookc cannot read, is
// answered as that event (design.md 22).
func ParseEvent(data []byte) (*Payload, string, error) {
	d := decoder{data: data}
	if p := d.payload(); p != nil {
		return p, p.Event, nil
	}
	event := ""
	if d.p != nil {
		event = d.p.Event
	}
	return nil, event, d.err
}

// Value decodes data as one JSON value, as a payload's fields are
// decoded (numbers are Numbers, a repeated key keeps its last value); ok
// is false if data is not exactly one value.
func Value(data []byte) (v any, ok bool) {
	d := decoder{data: data}
	d.ws()
	if v, ok = d.value(true); !ok {
		return nil, false
	}
	d.ws()
	return v, d.i == len(d.data)
}

// payload decodes data as one Payload.
func (d *decoder) payload() *Payload {
	d.ws()
	if d.peek() != '{' {
		start := d.i
		if _, ok := d.value(false); ok {
			d.err = errors.New(notObject + "found " + kind(d.data[start]) + " at byte " + strconv.Itoa(start))
		}
		return nil
	}
	if !d.open() {
		return nil
	}
	p := new(Payload)
	d.p = p
	var seen uint // the known fields given, by their bits
	d.ws()
	if d.eat('}') {
		return d.end(p)
	}
	for {
		d.ws()
		if d.peek() != '"' {
			return d.fail("looking for beginning of object key string")
		}
		key, ok := d.strBytes()
		if !ok {
			return nil
		}
		bit, s := p.field(key)
		if bit == 0 {
			if f := foldedField(key); f != "" {
				d.err = errors.New("payload field " + strconv.Quote(string(key)) + " differs from " + strconv.Quote(f) + " only in case")
				d.doubtEvent(f)
				return nil
			}
		} else if seen&bit != 0 {
			d.err = errors.New("payload repeats field " + strconv.Quote(string(key)))
			d.doubtEvent(string(key))
			return nil
		}
		seen |= bit
		d.ws()
		if !d.eat(':') {
			return d.fail("after object key")
		}
		d.ws()
		switch c := d.peek(); {
		case bit == 0:
			start := d.i
			if _, ok := d.value(false); !ok {
				return nil
			}
			p.extra = append(p.extra, rawField{string(key), d.data[start:d.i]})
		case c == 'n':
			if !d.literal("null") {
				return nil
			}
		case s != nil:
			if c != '"' {
				return d.typeError(key, "a string")
			}
			b, ok := d.strBytes()
			if !ok {
				return nil
			}
			*s = string(b)
		default: // tool_input
			if c != '{' {
				return d.typeError(key, "an object")
			}
			m, ok := d.object(true)
			if !ok {
				return nil
			}
			p.Input = m
		}
		d.ws()
		if d.eat(',') {
			continue
		}
		if d.eat('}') {
			return d.end(p)
		}
		return d.fail("after object key:value pair")
	}
}

// field returns the bit of the known field named key and, for a string
// field, where to store it. The bit is 0 for any other key.
func (p *Payload) field(key []byte) (bit uint, s *string) {
	switch string(key) {
	case "hook_event_name":
		return 1 << 0, &p.Event
	case "tool_name":
		return 1 << 1, &p.Tool
	case "tool_input":
		return 1 << 2, nil
	case "cwd":
		return 1 << 3, &p.Cwd
	case "agent_id":
		return 1 << 4, &p.AgentID
	case "agent_type":
		return 1 << 5, &p.AgentType
	case "permission_mode":
		return 1 << 6, &p.PermissionMode
	case "session_id":
		return 1 << 7, &p.SessionID
	}
	return 0, nil
}

// foldedField returns the field name that key, which is not one, equals
// up to case as strings.EqualFold compares them, or "": encoding/json
// would match key to that field.
func foldedField(key []byte) string {
	for _, c := range key {
		if c >= utf8.RuneSelf {
			// Unicode folds K (Kelvin) to k and ſ (long s) to s.
			k := string(key)
			for _, f := range payloadFields {
				if strings.EqualFold(k, f) {
					return f
				}
			}
			return ""
		}
	}
	for _, f := range payloadFields {
		if len(f) == len(key) && equalFoldASCII(key, f) {
			return f
		}
	}
	return ""
}

// equalFoldASCII reports whether b and s, of the same length, are equal up
// to ASCII case.
func equalFoldASCII(b []byte, s string) bool {
	for i := range len(b) {
		c, f := b[i], s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'A' <= f && f <= 'Z' {
			f += 'a' - 'A'
		}
		if c != f {
			return false
		}
	}
	return true
}

// end finishes the payload p: only white space may follow.
func (d *decoder) end(p *Payload) *Payload {
	d.ws()
	if d.i < len(d.data) {
		return d.fail("after the object")
	}
	return p
}

// typeError reports that the value of the known field key is not what,
// unless it is not a value at all.
func (d *decoder) typeError(key []byte, what string) *Payload {
	name := string(key)
	got := kind(d.peek())
	if _, ok := d.value(false); !ok {
		return nil
	}
	d.err = errors.New("payload field " + strconv.Quote(name) + " is " + got + ", not " + what)
	return nil
}

// kind names the type of the value that begins with c.
func kind(c byte) string {
	switch c {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// fail records a syntax error at the next byte, in the context what, such
// as "after object key", and returns nil.
func (d *decoder) fail(what string) *Payload {
	d.syntaxError(what)
	return nil
}

// syntaxError records a syntax error at the next byte, in the context
// what, and returns false.
func (d *decoder) syntaxError(what string) bool {
	if d.i >= len(d.data) {
		// The offset leaves out trailing white space, so that it does
		// not depend on the newline that usually ends a hook's input.
		n := len(d.data)
		for n > 0 && isSpace(d.data[n-1]) {
			n--
		}
		d.err = errors.New(notObject + "unexpected end of input at byte " + strconv.Itoa(n))
		return false
	}
	d.err = errors.New(notObject + "invalid character " + quoteChar(d.data[d.i:]) + " " + what + " at byte " + strconv.Itoa(d.i))
	return false
}

// quoteChar quotes the character that b begins with, or its first byte if
// that is not UTF-8.
func quoteChar(b []byte) string {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n == 1 {
		return `'\x` + strconv.FormatUint(uint64(b[0]), 16) + `'`
	}
	return strconv.QuoteRune(r)
}

// ws passes over white space.
func (d *decoder) ws() {
	for d.i < len(d.data) && isSpace(d.data[d.i]) {
		d.i++
	}
}

// isSpace reports whether c is JSON white space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// peek returns the next byte, or 0 at the end.
func (d *decoder) peek() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

// eat passes over the next byte if it is c.
func (d *decoder) eat(c byte) bool {
	if d.i < len(d.data) && d.data[d.i] == c {
		d.i++
		return true
	}
	return false
}

// value decodes the value at d.i as encoding/json decodes it into an
// interface{} with UseNumber, except that numbers are Numbers. Without
// build it only checks the value's syntax and returns no value.
func (d *decoder) value(build bool) (any, bool) {
	switch c := d.peek(); c {
	case '"':
		b, ok := d.strBytes()
		if !ok || !build {
			return nil, ok
		}
		return string(b), true
	case '{':
		m, ok := d.object(build)
		if !build {
			return nil, ok
		}
		return m, ok
	case '[':
		a, ok := d.array(build)
		if !build {
			return nil, ok
		}
		return a, ok
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		start := d.i
		if !d.number() {
			return nil, false
		}
		if !build {
			return nil, true
		}
		return Number(d.data[start:d.i]), true
	}
	return nil, d.syntaxError("looking for beginning of value")
}

// open passes over the '{' or '[' at d.i, one level deeper.
func (d *decoder) open() bool {
	d.depth++
	if d.depth > maxDepth {
		d.err = errors.New("payload nests objects and arrays deeper than " + strconv.Itoa(maxDepth) + " levels at byte " + strconv.Itoa(d.i))
		return false
	}
	d.i++
	return true
}

// object decodes the object at d.i; without build it only checks it.
func (d *decoder) object(build bool) (map[string]any, bool) {
	if !d.open() {
		return nil, false
	}
	var m map[string]any
	if build {
		m = make(map[string]any)
	}
	d.ws()
	if d.eat('}') {
		d.depth--
		return m, true
	}
	for {
		d.ws()
		if d.peek() != '"' {
			return nil, d.syntaxError("looking for beginning of object key string")
		}
		k, ok := d.strBytes()
		if !ok {
			return nil, false
		}
		var key string
		if build {
			key = string(k)
		}
		d.ws()
		if !d.eat(':') {
			return nil, d.syntaxError("after object key")
		}
		d.ws()
		v, ok := d.value(build)
		if !ok {
			return nil, false
		}
		if build {
			m[key] = v
		}
		d.ws()
		if d.eat(',') {
			continue
		}
		if d.eat('}') {
			d.depth--
			return m, true
		}
		return nil, d.syntaxError("after object key:value pair")
	}
}

// array decodes the array at d.i; without build it only checks it.
func (d *decoder) array(build bool) ([]any, bool) {
	if !d.open() {
		return nil, false
	}
	var a []any
	if build {
		a = []any{}
	}
	d.ws()
	if d.eat(']') {
		d.depth--
		return a, true
	}
	for {
		d.ws()
		v, ok := d.value(build)
		if !ok {
			return nil, false
		}
		if build {
			a = append(a, v)
		}
		d.ws()
		if d.eat(',') {
			continue
		}
		if d.eat(']') {
			d.depth--
			return a, true
		}
		return nil, d.syntaxError("after array element")
	}
}

// literal passes over s, which is true, false or null.
func (d *decoder) literal(s string) bool {
	for i := range len(s) {
		if d.i >= len(d.data) || d.data[d.i] != s[i] {
			return d.syntaxError("in literal " + s)
		}
		d.i++
	}
	return true
}

// number passes over a number in JSON's grammar.
func (d *decoder) number() bool {
	d.eat('-')
	if !d.eat('0') && d.digits() == 0 {
		return d.syntaxError("in numeric literal")
	}
	if d.eat('.') && d.digits() == 0 {
		return d.syntaxError("after decimal point in numeric literal")
	}
	if d.eat('e') || d.eat('E') {
		if !d.eat('+') {
			d.eat('-')
		}
		if d.digits() == 0 {
			return d.syntaxError("in exponent of numeric literal")
		}
	}
	return true
}

// digits passes over decimal digits and returns how many.
func (d *decoder) digits() int {
	start := d.i
	for d.i < len(d.data) && '0' <= d.data[d.i] && d.data[d.i] <= '9' {
		d.i++
	}
	return d.i - start
}

// strBytes decodes the string at d.i. The bytes are valid until the next
// call.
func (d *decoder) strBytes() ([]byte, bool) {
	d.i++ // the opening quote
	start := d.i
	var high byte // the bits of all bytes, to see whether all are ASCII
	for d.i < len(d.data) {
		c := d.data[d.i]
		if c == '"' {
			s := d.data[start:d.i]
			if high < utf8.RuneSelf || utf8.Valid(s) {
				d.i++
				return s, true
			}
			break
		}
		if c == '\\' || c < ' ' {
			break
		}
		high |= c
		d.i++
	}
	d.i = start
	return d.strSlow()
}

// strSlow decodes the rest of a string that holds escapes or invalid
// UTF-8, or is not a string, from d.i just after the opening quote.
func (d *decoder) strSlow() ([]byte, bool) {
	b := d.buf[:0]
	if b == nil {
		// One buffer for all strings, as long as the rest of the input:
		// that holds any string without invalid UTF-8.
		b = make([]byte, 0, len(d.data)-d.i)
	}
	for {
		j := d.i
		var high byte
		for j < len(d.data) {
			c := d.data[j]
			if c == '"' || c == '\\' || c < ' ' {
				break
			}
			high |= c
			j++
		}
		if high < utf8.RuneSelf {
			b = append(b, d.data[d.i:j]...)
		} else {
			b = appendValid(b, d.data[d.i:j])
		}
		d.i = j
		if d.i >= len(d.data) {
			return nil, d.syntaxError("")
		}
		switch d.data[d.i] {
		case '"':
			d.i++
			d.buf = b
			return b, true
		case '\\':
			d.i++
		default:
			return nil, d.syntaxError("in string literal")
		}
		var c byte
		switch d.peek() {
		case '"', '\\', '/':
			c = d.data[d.i]
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'u':
			r := hex4(d.data[d.i+1:])
			if r < 0 {
				d.i++
				for d.i < len(d.data) && HexDigit(d.data[d.i]) >= 0 {
					d.i++
				}
				return nil, d.syntaxError(`in \u hexadecimal character escape`)
			}
			d.i += 5
			if utf16.IsSurrogate(r) {
				// Join a pair; a lone surrogate becomes U+FFFD.
				r2 := rune(-1)
				if len(d.data)-d.i >= 6 && d.data[d.i] == '\\' && d.data[d.i+1] == 'u' {
					r2 = hex4(d.data[d.i+2:])
				}
				r = utf16.DecodeRune(r, r2)
				if r != utf8.RuneError {
					d.i += 6
				}
			}
			b = utf8.AppendRune(b, r)
			continue
		default:
			return nil, d.syntaxError("in string escape code")
		}
		b = append(b, c)
		d.i++
	}
}

// appendValid appends s to b with each byte that is not part of valid
// UTF-8 replaced by U+FFFD, as encoding/json does.
func appendValid(b, s []byte) []byte {
	if utf8.Valid(s) {
		return append(b, s...)
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		if r == utf8.RuneError && n == 1 {
			b = utf8.AppendRune(b, r)
		} else {
			b = append(b, s[:n]...)
		}
		s = s[n:]
	}
	return b
}

// hex4 returns the value of the four hex digits that b begins with, or -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		v := HexDigit(c)
		if v < 0 {
			return -1
		}
		r = r<<4 | v
	}
	return r
}

// HexDigit returns the value of the hex digit c, or -1.
func HexDigit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}
