package runtime

import (
	"strconv"
	"strings"
)

// A Payload is the part of a hook's stdin JSON that policies look at.
type Payload struct {
	Event          string         `json:"hook_event_name"`
	Tool           string         `json:"tool_name"`
	Input          map[string]any `json:"tool_input"`
	Cwd            string         `json:"cwd"`
	AgentID        string         `json:"agent_id"`
	AgentType      string         `json:"agent_type"`
	PermissionMode string         `json:"permission_mode"`
	SessionID      string         `json:"session_id"`
}

// A Number is a JSON number as written, such as "1.5e3". Payload.Input
// holds numbers as Numbers so that none is rounded.
type Number string

// String returns the number as written.
func (n Number) String() string { return string(n) }

// ParsePayload decodes a hook payload. It is strict where encoding/json
// would guess, so that a policy never decides on fields other than the
// ones Claude Code sent:
//
//   - data must be exactly one JSON object (RFC 8259), optionally
//     surrounded by white space;
//   - the fields hook_event_name, tool_name, cwd, agent_id, agent_type,
//     permission_mode and session_id must be strings and tool_input an
//     object; any of them given as null is absent;
//   - a known field given twice is an error, and so is a key that equals
//     a field name only up to case (as strings.EqualFold compares them,
//     so "Tool_Name" and "ſession_id" too), which encoding/json would
//     match to the field;
//   - other keys are skipped, their values checked for syntax only;
//   - inside tool_input, objects are map[string]any (a repeated key
//     takes its last value), arrays []any, numbers Number, and true,
//     false and null are true, false and nil;
//   - strings are decoded as encoding/json decodes them: a lone surrogate
//     escape and each byte of invalid UTF-8 become U+FFFD, and a control
//     character is an error;
//   - objects and arrays nested more than 1000 deep, the payload object
//     counting as one, are an error.
//
// Syntax errors and input that is not an object give an error beginning
// "payload is not a JSON object: " and naming the byte offset; the other
// errors begin "payload " and name the field.
func ParsePayload(data []byte) (*Payload, error) {
	d := decoder{data: data}
	p := d.payload()
	if p == nil {
		return nil, d.err
	}
	return p, nil
}

// Field returns the tool_input field at the dotted path; ok is false when it
// is absent or null.
func (p *Payload) Field(path string) (v any, ok bool) {
	if strings.IndexByte(path, '.') < 0 {
		v, ok = p.Input[path] // the common case: a top-level field
		return v, ok && v != nil
	}
	var cur any = p.Input
	for part := range strings.SplitSeq(path, ".") {
		switch c := cur.(type) {
		case map[string]any:
			cur, ok = c[part]
			if !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	if cur == nil {
		return nil, false
	}
	return cur, true
}

// String returns the string field at path, or "".
func (p *Payload) String(path string) string {
	v, _ := p.Field(path)
	s, _ := v.(string)
	return s
}
