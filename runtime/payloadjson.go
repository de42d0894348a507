package runtime

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// parsePayloadFast decodes the common payload: one well-formed JSON object
// with exact field names, each at most once where that matters, and nothing
// after it but white space. It gives exactly what encoding/json gives
// (Decoder.UseNumber into Payload) for every input it accepts, and returns
// ok false for anything else (errors, null, case-insensitive field names,
// a repeated tool_input, a field of the wrong type), which ParsePayload
// then hands to encoding/json for its exact behaviour and messages.
// FuzzParsePayload checks the two against each other.
func parsePayloadFast(data []byte) (p *Payload, ok bool) {
	d := jsonDec{data: data}
	d.ws()
	if !d.eat('{') {
		return nil, false
	}
	p = new(Payload)
	d.ws()
	if d.eat('}') {
		return p, d.end()
	}
	seenInput := false
	for {
		d.ws()
		key, ok := d.strBytes()
		if !ok {
			return nil, false
		}
		d.ws()
		if !d.eat(':') {
			return nil, false
		}
		d.ws()
		var field *string
		switch string(key) {
		case "hook_event_name":
			field = &p.Event
		case "tool_name":
			field = &p.Tool
		case "cwd":
			field = &p.Cwd
		case "agent_id":
			field = &p.AgentID
		case "agent_type":
			field = &p.AgentType
		case "permission_mode":
			field = &p.PermissionMode
		case "session_id":
			field = &p.SessionID
		case "tool_input":
			if seenInput || d.peek() != '{' {
				return nil, false // merged or null or the wrong type
			}
			seenInput = true
			v, ok := d.value(0, true)
			if !ok {
				return nil, false
			}
			p.Input = v.(map[string]any)
		default:
			if foldsToField(key) {
				return nil, false
			}
			if !d.skip() {
				return nil, false
			}
		}
		if field != nil {
			if d.peek() != '"' {
				return nil, false // null keeps the old value; other types fail
			}
			s, ok := d.str()
			if !ok {
				return nil, false
			}
			*field = s
		}
		d.ws()
		if d.eat(',') {
			continue
		}
		if d.eat('}') {
			return p, d.end()
		}
		return nil, false
	}
}

var payloadFields = []string{"hook_event_name", "tool_name", "tool_input", "cwd", "agent_id", "agent_type", "permission_mode", "session_id"}

// foldsToField reports whether encoding/json might match key to a field
// case-insensitively: it is a field name up to ASCII case, or it is not
// ASCII (encoding/json folds ſ to s and K to k).
func foldsToField(key []byte) bool {
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, f := range payloadFields {
		if len(f) != len(key) {
			continue
		}
		same := true
		for i := 0; i < len(f) && same; i++ {
			c := key[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			same = c == f[i]
		}
		if same {
			return true
		}
	}
	return false
}

// maxFastDepth bounds the nesting the fast decoder follows; deeper input
// goes to encoding/json.
const maxFastDepth = 200

type jsonDec struct {
	data []byte
	i    int
	buf  []byte
}

func (d *jsonDec) ws() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDec) peek() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

func (d *jsonDec) eat(c byte) bool {
	if d.i < len(d.data) && d.data[d.i] == c {
		d.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (d *jsonDec) end() bool {
	d.ws()
	return d.i == len(d.data)
}

// value decodes any value as encoding/json decodes into an interface{}
// with UseNumber; without build it only checks the value and returns nil.
func (d *jsonDec) value(depth int, build bool) (any, bool) {
	if depth > maxFastDepth {
		return nil, false
	}
	switch c := d.peek(); {
	case c == '"':
		b, ok := d.strBytes()
		if !ok || !build {
			return nil, ok
		}
		return string(b), true
	case c == '{':
		d.i++
		var m map[string]any
		if build {
			m = make(map[string]any)
		}
		d.ws()
		if d.eat('}') {
			return m, true
		}
		for {
			d.ws()
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
				return nil, false
			}
			d.ws()
			v, ok := d.value(depth+1, build)
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
				return m, true
			}
			return nil, false
		}
	case c == '[':
		d.i++
		var a []any
		if build {
			a = []any{}
		}
		d.ws()
		if d.eat(']') {
			return a, true
		}
		for {
			d.ws()
			v, ok := d.value(depth+1, build)
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
				return a, true
			}
			return nil, false
		}
	case c == '-' || '0' <= c && c <= '9':
		start := d.i
		if !d.number() {
			return nil, false
		}
		if !build {
			return nil, true
		}
		return json.Number(d.data[start:d.i]), true
	case c == 't':
		return true, d.lit("true")
	case c == 'f':
		return false, d.lit("false")
	case c == 'n':
		return nil, d.lit("null")
	}
	return nil, false
}

// skip passes over one value.
func (d *jsonDec) skip() bool {
	_, ok := d.value(0, false)
	return ok
}

func (d *jsonDec) lit(s string) bool {
	if len(d.data)-d.i >= len(s) && string(d.data[d.i:d.i+len(s)]) == s {
		d.i += len(s)
		return true
	}
	return false
}

// number passes over a number in JSON's grammar.
func (d *jsonDec) number() bool {
	digits := func() int {
		n := 0
		for d.i < len(d.data) && '0' <= d.data[d.i] && d.data[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	d.eat('-')
	switch {
	case d.eat('0'):
	case digits() == 0:
		return false
	}
	if d.eat('.') && digits() == 0 {
		return false
	}
	if d.eat('e') || d.eat('E') {
		if !d.eat('+') {
			d.eat('-')
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// str decodes a string as encoding/json does: escapes resolved, a lone
// surrogate as U+FFFD. Invalid UTF-8 and control characters give ok false.
func (d *jsonDec) str() (string, bool) {
	b, ok := d.strBytes()
	return string(b), ok
}

// strBytes is str without the string: the bytes are valid until the next
// call.
func (d *jsonDec) strBytes() ([]byte, bool) {
	if !d.eat('"') {
		return nil, false
	}
	start := d.i
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			s := d.data[start:d.i]
			d.i++
			if !utf8.Valid(s) {
				return nil, false
			}
			return s, true
		case c == '\\':
			return d.escaped(start)
		case c < ' ':
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// escaped finishes a string with escapes that started at start.
func (d *jsonDec) escaped(start int) ([]byte, bool) {
	b := append(d.buf[:0], d.data[start:d.i]...)
	for d.i < len(d.data) {
		// copy up to the next quote, backslash or control character
		j := d.i
		for j < len(d.data) && d.data[j] != '"' && d.data[j] != '\\' && d.data[j] >= ' ' {
			j++
		}
		b = append(b, d.data[d.i:j]...)
		d.i = j
		if d.i >= len(d.data) {
			break
		}
		c := d.data[d.i]
		switch {
		case c == '"':
			d.i++
			d.buf = b
			if !utf8.Valid(b) {
				return nil, false
			}
			return b, true
		case c < ' ':
			return nil, false
		}
		d.i++
		if d.i >= len(d.data) {
			return nil, false
		}
		e := d.data[d.i]
		d.i++
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := d.hex4()
			if r < 0 {
				return nil, false
			}
			if utf16.IsSurrogate(r) {
				save := d.i
				r2 := rune(-1)
				if d.i+1 < len(d.data) && d.data[d.i] == '\\' && d.data[d.i+1] == 'u' {
					d.i += 2
					r2 = d.hex4()
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r = dec
				} else {
					d.i = save
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return nil, false
		}
	}
	return nil, false
}

// hex4 reads four hex digits, or returns -1.
func (d *jsonDec) hex4() rune {
	if len(d.data)-d.i < 4 {
		return -1
	}
	var r rune
	for _, c := range d.data[d.i : d.i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	d.i += 4
	return r
}
