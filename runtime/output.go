package runtime

import (
	"encoding/json"
)

// Output renders the result as the hook's stdout: one JSON object, valid
// for the result's event (DECISIONS.md 13 and 22).
func (r *Result) Output() []byte {
	out := map[string]any{}
	hso := map[string]any{"hookEventName": r.Event}
	reason := r.Reason
	switch r.Event {
	case "PreToolUse":
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
	case "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact", "UserPromptExpansion", "TaskCreated", "ConfigChange", "PostToolBatch":
		if r.Decision == Deny {
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
	b, err := json.Marshal(out)
	if err != nil {
		return []byte("{}")
	}
	return append(b, '\n')
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
