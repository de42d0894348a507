package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
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

// ParsePayload decodes a hook payload. It fails on anything that is not one
// JSON object.
func ParsePayload(data []byte) (*Payload, error) {
	if p, ok := parsePayloadFast(data); ok {
		return p, nil
	}
	return parsePayloadJSON(data)
}

// parsePayloadJSON is ParsePayload by encoding/json, for every input.
func parsePayloadJSON(data []byte) (*Payload, error) {
	var p Payload
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return nil, errors.New("payload is not a JSON object: " + err.Error())
	}
	if dec.More() {
		return nil, errors.New("payload has data after the JSON object")
	}
	return &p, nil
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
