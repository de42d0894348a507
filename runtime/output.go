package runtime

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/payload"
)

// Output renders the result as the hook's stdout: one JSON object, valid
// for the result's event (design.md 13 and 22).
func (r *Result) Output() []byte {
	out := map[string]any{}
	hso := map[string]any{"hookEventName": r.Event}
	reason := r.Reason
	switch r.Event {
	case "PreToolUse", "PreSkillShellCommand":
		// On PreSkillShellCommand every decision but allow keeps the line
		// from running: ask cannot wait for approval there (design.md 141).
		if r.Decision != Pass {
			hso["permissionDecision"] = r.Decision.String()
			if reason != "" {
				hso["permissionDecisionReason"] = reason
			}
		}
	case "PermissionRequest":
		switch r.Decision {
		case Allow:
			hso["decision"] = map[string]any{"behavior": "allow"}
		case Deny:
			d := map[string]any{"behavior": "deny"}
			if reason != "" {
				d["message"] = reason
			}
			hso["decision"] = d
		}
	default:
		if r.Decision == Deny && blocks(r.Event) {
			if reason == "" {
				reason = "blocked by policy"
			}
			out["decision"] = "block"
			out["reason"] = reason
		}
	}
	if r.Context != "" && contextEvent(r.Event) {
		hso["additionalContext"] = r.Context
	}
	if len(hso) > 1 {
		out["hookSpecificOutput"] = hso
	}
	if r.Message != "" {
		out["systemMessage"] = r.Message
	}
	if r.Stop {
		out["continue"] = false
		if r.StopReason != "" {
			out["stopReason"] = r.StopReason
		}
	}
	return append(appendJSON(nil, out), '\n')
}

// Verdict says what the answer does: on the permission events its
// decision; on the others "block" (a deny where it blocks), "context" (it
// gives additionalContext) or "pass". hookc test compares it with a
// test's want.
func (r *Result) Verdict() string {
	switch {
	case IsPermissionEvent(r.Event):
		return r.Decision.String()
	case r.Decision == Deny && blocks(r.Event):
		return "block"
	case r.Context != "" && contextEvent(r.Event):
		return "context"
	}
	return "pass"
}

// blocks reports whether a deny on the event is answered with decision:
// "block".
func blocks(event string) bool {
	switch event {
	case "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact", "UserPromptExpansion", "TaskCreated", "ConfigChange", "PostToolBatch":
		return true
	}
	return false
}

// contextEvent reports whether the event accepts additionalContext in
// hookSpecificOutput.
func contextEvent(event string) bool {
	switch event {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "UserPromptExpansion",
		"SessionStart", "Setup", "SubagentStart", "Stop", "SubagentStop", "PostToolBatch":
		return true
	}
	return false
}

// appendJSON appends v as json.Marshal writes it (keys sorted, strings
// with HTML characters, U+2028, U+2029 and invalid UTF-8 escaped), without
// its reflection: the hook prints one small object and should not pay for a
// general encoder. v is a value as the payload decoder gives it, nil, a
// bool, a Number, a string, a []any or a map[string]any of such values.
// TestAppendJSON checks it against json.Marshal.
func appendJSON(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case payload.Number:
		return append(b, v...)
	case string:
		return appendJSONString(b, v)
	case []any:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, x)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSON(b, v[k])
		}
		return append(b, '}')
	}
	panic("appendJSON: unsupported value")
}

// appendJSONString is encoding/json's string encoding with HTML escaping.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
