package runtime

// An AuditRecord is one line of the audit log: the decision on one hook
// call, written as a JSON object on a line of its own (design.md 43). The
// JSON names are the log's format, read by hookc stats and hookc replay;
// change them only with the format version.
type AuditRecord struct {
	V        int    `json:"v"`        // format version: AuditFormat
	Time     string `json:"time"`     // when the decision was made, RFC 3339 with microseconds, UTC
	Session  string `json:"session"`  // session_id of the payload
	Event    string `json:"event"`    // hook_event_name
	Tool     string `json:"tool"`     // tool_name, "" for events without one
	Agent    string `json:"agent"`    // "main", or the sub-agent's agent_type ("subagent" if none)
	Cwd      string `json:"cwd"`      // the payload's cwd
	Decision string `json:"decision"` // allow, deny, ask or pass
	Rule     string `json:"rule"`     // the rule that gave the reason; "" for default, floor or onError
	Reason   string `json:"reason"`   // the reason given, if any
	// Programs are the programs of the simple commands of a Bash call, in
	// order, with repeats removed.
	Programs []string `json:"programs,omitempty"`
	// Summary is the call in brief: the command line or the path, cut to
	// AuditSummaryBytes.
	Summary string `json:"summary,omitempty"`
	Error   string `json:"error,omitempty"` // set when onError decided: what went wrong
	// ToolMillis is, on PostToolUse and PostToolUseFailure, how long the
	// tool ran: the payload's duration_ms (design.md 224).
	ToolMillis int64  `json:"tool_ms,omitempty"`
	Micros     int64  `json:"us"`     // time from start of the decision to the answer, in microseconds
	Policy     string `json:"policy"` // sha256:HEX of the policy sources
}

// AuditFormat is the version of the AuditRecord format.
const AuditFormat = 1

// AuditSummaryBytes bounds AuditRecord.Summary.
const AuditSummaryBytes = 512
