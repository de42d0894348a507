// Package payload decodes the JSON payload that Claude Code sends a hook on
// stdin (design.md 294).
package payload

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

	// extra are the other top-level fields, undecoded: a repeated key
	// keeps every value and Get takes the last, as encoding/json does.
	extra []rawField
}

// A rawField is a top-level payload field as it was written.
type rawField struct {
	key string
	raw []byte
}

// A Number is a JSON number as written, such as "1.5e3". Payload.Input
// holds numbers as Numbers so that none is rounded.
type Number string

// String returns the number as written.
func (n Number) String() string { return string(n) }

// Parse decodes a hook payload. It is strict where encoding/json
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
func Parse(data []byte) (*Payload, error) {
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
	return lookup(p.Input, path)
}

// lookup returns the value at the dotted path below v.
func lookup(v any, path string) (any, bool) {
	cur := v
	var ok bool
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

// Get returns the payload field at the dotted path from the payload's top
// level ("prompt", "tool_response.stdout", "tool_input.file_path"); ok is
// false when it is absent or null. The fields of Payload are strings
// (absent when empty) and tool_input; the others are decoded as Input's
// values are.
func (p *Payload) Get(path string) (v any, ok bool) {
	top, rest, nested := strings.Cut(path, ".")
	if s, known := p.known(top); known {
		return s, s != "" && !nested
	}
	switch top {
	case "tool_input":
		if !nested {
			return p.Input, p.Input != nil
		}
		return p.Field(rest)
	}
	for i := len(p.extra) - 1; i >= 0; i-- {
		if p.extra[i].key != top {
			continue
		}
		d := decoder{data: p.extra[i].raw}
		v, ok := d.value(true)
		if !ok {
			return nil, false
		}
		if !nested {
			return v, v != nil
		}
		return lookup(v, rest)
	}
	return nil, false
}

// known returns the string field of Payload named key.
func (p *Payload) known(key string) (string, bool) {
	switch key {
	case "hook_event_name":
		return p.Event, true
	case "tool_name":
		return p.Tool, true
	case "cwd":
		return p.Cwd, true
	case "agent_id":
		return p.AgentID, true
	case "agent_type":
		return p.AgentType, true
	case "permission_mode":
		return p.PermissionMode, true
	case "session_id":
		return p.SessionID, true
	}
	return "", false
}

// String returns the string field at path, or "".
func (p *Payload) String(path string) string {
	v, _ := p.Field(path)
	s, _ := v.(string)
	return s
}
