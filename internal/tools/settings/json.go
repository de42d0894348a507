// Package settings edits JSON settings files in place: it changes the
// values it is asked to change and keeps every other byte, the user's
// indentation, key order, spacing and escapes included.
//
// A Doc is the file's text and a parse tree over it that records where each
// value, key and separator is. An edit splices new text into the document
// and parses it again, so the tree always describes the text. New values
// are written in the style of their surroundings: on lines of their own
// with the document's indentation where the surrounding object or list is
// written over several lines, on one line otherwise.
package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// A Kind is the kind of a JSON value.
type Kind int

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "a boolean", "a number", "a string", "a list", "an object"}

// String returns the kind with its article: "an object", "a list", ...
func (k Kind) String() string { return kindNames[k] }

// A Value is one JSON value of a document.
type Value struct {
	Kind       Kind
	Start, End int       // the value's bytes in the document
	Members    []*Member // an object's members, in order
	Elems      []*Value  // a list's elements, in order
}

// A Member is one key and value of an object.
type Member struct {
	Key              string
	KeyStart, KeyEnd int // the key's bytes, quotes included
	Value            *Value
}

// Member returns the member of an object with the given key, or nil.
func (v *Value) Member(key string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m
		}
	}
	return nil
}

// A SyntaxError is a document that is not JSON, or holds a key twice in one
// object (which hookc refuses to guess about).
type SyntaxError struct {
	Line, Col int // 1-based; Col counts bytes
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// maxDepth bounds the nesting the parser accepts.
const maxDepth = 1000

type parser struct {
	src   []byte
	i     int
	depth int
}

// parse parses src as one JSON value, surrounded by white space only.
func parse(src []byte) (*Value, error) {
	p := &parser{src: src}
	p.space()
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(src) {
		return nil, p.errorf(p.i, "unexpected %s after the top-level value", p.what())
	}
	return v, nil
}

func (p *parser) errorf(off int, format string, args ...any) error {
	line, col := Position(p.src, off)
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// what describes the byte at p.i for an error message.
func (p *parser) what() string {
	if p.i >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.i:])
	return fmt.Sprintf("character %q", r)
}

func (p *parser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value() (*Value, error) {
	if p.i >= len(p.src) {
		return nil, p.errorf(p.i, "unexpected end of file, want a value")
	}
	start := p.i
	switch c := p.src[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		if _, err := p.str(); err != nil {
			return nil, err
		}
		return &Value{Kind: String, Start: start, End: p.i}, nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case bytes.HasPrefix(p.src[p.i:], []byte("true")):
		p.i += 4
		return &Value{Kind: Bool, Start: start, End: p.i}, nil
	case bytes.HasPrefix(p.src[p.i:], []byte("false")):
		p.i += 5
		return &Value{Kind: Bool, Start: start, End: p.i}, nil
	case bytes.HasPrefix(p.src[p.i:], []byte("null")):
		p.i += 4
		return &Value{Kind: Null, Start: start, End: p.i}, nil
	}
	if c := p.src[p.i]; c == '/' {
		return nil, p.errorf(p.i, "comments are not JSON")
	}
	return nil, p.errorf(p.i, "unexpected %s, want a value", p.what())
}

func (p *parser) enter() error {
	if p.depth++; p.depth > maxDepth {
		return p.errorf(p.i, "nested more than %d deep", maxDepth)
	}
	return nil
}

func (p *parser) object() (*Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	v := &Value{Kind: Object, Start: p.i}
	p.i++ // {
	p.space()
	if p.i < len(p.src) && p.src[p.i] == '}' {
		p.i++
		v.End = p.i
		return v, nil
	}
	seen := map[string]bool{}
	for {
		p.space()
		if p.i >= len(p.src) || p.src[p.i] != '"' {
			if p.i < len(p.src) && p.src[p.i] == '}' {
				return nil, p.errorf(p.i, "a comma before } is not JSON")
			}
			return nil, p.errorf(p.i, "unexpected %s, want a key in double quotes", p.what())
		}
		keyStart := p.i
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, p.errorf(keyStart, "key %q is given twice in one object; remove one of them", key)
		}
		seen[key] = true
		keyEnd := p.i
		p.space()
		if p.i >= len(p.src) || p.src[p.i] != ':' {
			return nil, p.errorf(p.i, "unexpected %s after key %q, want ':'", p.what(), key)
		}
		p.i++
		p.space()
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Members = append(v.Members, &Member{Key: key, KeyStart: keyStart, KeyEnd: keyEnd, Value: val})
		if done, err := p.next('}', "an object"); done || err != nil {
			v.End = p.i
			return v, err
		}
	}
}

// next reads what follows an item of a container: a comma (false) or the
// closing bracket (true).
func (p *parser) next(close byte, in string) (done bool, err error) {
	p.space()
	if p.i < len(p.src) && (p.src[p.i] == ',' || p.src[p.i] == close) {
		p.i++
		return p.src[p.i-1] == close, nil
	}
	return false, p.errorf(p.i, "unexpected %s in %s, want ',' or '%c'", p.what(), in, close)
}

func (p *parser) array() (*Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	v := &Value{Kind: Array, Start: p.i}
	p.i++ // [
	p.space()
	if p.i < len(p.src) && p.src[p.i] == ']' {
		p.i++
		v.End = p.i
		return v, nil
	}
	for {
		p.space()
		if p.i < len(p.src) && p.src[p.i] == ']' {
			return nil, p.errorf(p.i, "a comma before ] is not JSON")
		}
		e, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Elems = append(v.Elems, e)
		if done, err := p.next(']', "a list"); done || err != nil {
			v.End = p.i
			return v, err
		}
	}
}

// str reads a string and returns its value.
func (p *parser) str() (string, error) {
	start := p.i
	p.i++ // "
	simple := true
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '"':
			p.i++
			raw := p.src[start:p.i]
			if simple {
				return string(raw[1 : len(raw)-1]), nil
			}
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", p.errorf(start, "invalid string: %v", err)
			}
			return s, nil
		case c == '\\':
			simple = false
			if p.i+1 >= len(p.src) {
				return "", p.errorf(p.i, "unterminated string")
			}
			switch e := p.src[p.i+1]; e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i += 2
			case 'u':
				if p.i+6 > len(p.src) || !isHex4(p.src[p.i+2:p.i+6]) {
					return "", p.errorf(p.i, `invalid \u escape, want four hexadecimal digits`)
				}
				p.i += 6
			default:
				return "", p.errorf(p.i, "invalid escape \\%c in a string", e)
			}
		case c < 0x20:
			return "", p.errorf(p.i, "control character %q in a string; write it as an escape", rune(c))
		default:
			p.i++
		}
	}
	return "", p.errorf(start, "unterminated string")
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func (p *parser) number() (*Value, error) {
	start := p.i
	if p.src[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	switch {
	case p.i < len(p.src) && p.src[p.i] == '0':
		p.i++
	case digits() == 0:
		return nil, p.errorf(start, "invalid number")
	}
	if p.i < len(p.src) && p.src[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.errorf(start, "invalid number")
		}
	}
	if p.i < len(p.src) && (p.src[p.i] == 'e' || p.src[p.i] == 'E') {
		p.i++
		if p.i < len(p.src) && (p.src[p.i] == '+' || p.src[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.errorf(start, "invalid number")
		}
	}
	return &Value{Kind: Number, Start: start, End: p.i}, nil
}

// Position returns the 1-based line and byte column of offset off in src.
func Position(src []byte, off int) (line, col int) {
	off = min(off, len(src))
	line = 1 + bytes.Count(src[:off], []byte("\n"))
	col = off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
	return line, col
}
