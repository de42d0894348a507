// Package schema is the schema of a compiled policy's rules: the
// decisions, floors and limits, and the conditions a rule may have with
// their matchers (design.md 296). runtime.Table holds them; the generated
// tables write its names. It imports only the standard library.
package schema

// A Decision is what a rule, a floor or the policy answers.
// Its order is the order of severity: Deny > Ask > Pass > Allow.
type Decision uint8

const (
	Allow Decision = iota
	Pass
	Ask
	Deny
)

var decisionNames = [...]string{Allow: "allow", Pass: "pass", Ask: "ask", Deny: "deny"}

func (d Decision) String() string {
	if int(d) < len(decisionNames) {
		return decisionNames[d]
	}
	return "invalid"
}

// ParseDecision returns the decision named s.
func ParseDecision(s string) (Decision, bool) {
	for i, n := range decisionNames {
		if n == s {
			return Decision(i), true
		}
	}
	return 0, false
}

// An EventDecision is a decision for one hook event.
type EventDecision struct {
	Event    string
	Decision Decision
}

// Audit configures the audit log.
type Audit struct {
	// Path is the log file: ~ is the home directory, $CLAUDE_PROJECT_DIR
	// the project root, and a relative path is relative to the project
	// root. "" logs nothing.
	Path string
	// MaxBytes is the size at which the log is rotated (0: the default,
	// AuditMaxBytes); Keep how many rotated files are kept (-1: none).
	MaxBytes int64
	Keep     int
}

// Floors are the decisions given, on the permission events, where a
// command line cannot be fully analysed and no floor rule decides
// (design.md 58).
type Floors struct {
	Dynamic    Decision // a program name that is not static
	ParseError Decision // the command line does not parse
	Depth      Decision // nesting deeper than Limits.Depth
	// The effect floors (design.md 115): a unit an allow rule matches but
	// that does more than the rule names.
	Code   Decision // runs code through a variable the rule does not name
	Write  Decision // writes a path the rule's writes or path do not cover
	Loss   Decision // loses work that cannot be recovered
	Secret Decision // reads a secret the rule's reads or path do not name
}

// Of returns the decision of the floor k (one bit).
func (f *Floors) Of(k FloorKind) Decision {
	switch k {
	case FloorDynamic:
		return f.Dynamic
	case FloorParseError:
		return f.ParseError
	case FloorDepth:
		return f.Depth
	case FloorCode:
		return f.Code
	case FloorWrite:
		return f.Write
	case FloorSecret:
		return f.Secret
	}
	return f.Loss
}

// Limits bound the work done for one call. Zero fields take the defaults
// listed in DefaultLimits.
type Limits struct {
	InputBytes int // payload size
	Depth      int // nesting of sh -c, eval and wrappers
	Commands   int // simple commands in one command line
	Millis     int // evaluation time budget
	// ContextBytes bounds the additionalContext of one answer: the rules'
	// texts and the files they name (Rule.ContextFiles).
	ContextBytes int
}

// DefaultLimits are used for every zero field of Table.Limits.
var DefaultLimits = Limits{InputBytes: 4 << 20, Depth: 8, Commands: 1000, Millis: 500, ContextBytes: 64 << 10}

// A Rule is one ordered policy rule. Zero-valued conditions match everything.
type Rule struct {
	Name string
	Pos  string // file:line:col of the rule in the policy
	Decision
	Reason  string // permissionDecisionReason; may hold {tool} {program} {command} {path} {rule}
	Message string // systemMessage
	Context string // additionalContext
	// ContextFiles are files whose contents, read when the rule decides
	// or adds its context, follow Context (design.md 59). Paths are
	// resolved like Audit.Path.
	ContextFiles []string
	// RemoveContextFiles removes the context files the answer gave, once
	// it is out (design.md 223).
	RemoveContextFiles bool
	// SaveFile, when set, is written with SaveFields of the payload when
	// the rule matches, once the answer is out (design.md 223).
	SaveFile   string
	SaveFields []string
	// Stop makes the answer {"continue": false}, with StopReason shown
	// to the user: Claude stops.
	Stop       bool
	StopReason string

	// Floor, when not zero, makes the rule a floor rule: it decides only
	// units that take one of these floors, before the policy's floor
	// decision, and no other unit (design.md 58).
	Floor FloorKind
	// Effects are the effect floors (FloorCode, FloorWrite, FloorLoss,
	// FloorSecret) an
	// allow rule lets the units it matches have: a unit with an effect
	// the rule does not let it have takes that floor instead of the
	// rule's allow (design.md 115).
	Effects FloorKind

	Event Str // hook_event_name; zero means the permission events (PermissionEvents)
	Tool  Str // tool_name, with Task and Agent the same tool
	Input []Field
	// Payload matches payload fields by dotted path from the payload's
	// top level: "prompt", "tool_response.stdout", "stop_hook_active".
	Payload []Field

	Path   List // every path the unit touches
	Reads  List // paths read
	Writes List // paths written

	Cmd *CmdCond // nil: no condition on the command; non-nil: the unit must be a simple command

	Env            []EnvCond
	Agent          AgentKind // main session or sub-agent
	AgentType      Str
	PermissionMode Str
	Exists         []PathCheck // preconditions on the file system
	// OnDisk is a condition on the unit's own paths: all of them exist,
	// or none does.
	OnDisk OnDisk
}

// FloorKind names the floors, a bit each.
type FloorKind uint8

const (
	FloorDynamic    FloorKind = 1 << iota // code not known before it runs: a program name that is not static
	FloorParseError                       // the command line does not parse
	FloorDepth                            // nesting deeper than the limits
	FloorCode                             // an allowed unit runs code a variable gives it (LD_PRELOAD, PAGER)
	FloorWrite                            // an allowed unit writes a path its rule does not name
	FloorLoss                             // an allowed unit loses work that cannot be recovered
	FloorSecret                           // an allowed unit reads a secret its rule does not name

	// FloorLast is the last floor kind.
	FloorLast = FloorSecret
	// FloorEffects are the effect floors.
	FloorEffects = FloorCode | FloorWrite | FloorLoss | FloorSecret
)

// OnDisk is a condition on whether the paths a unit touches exist.
type OnDisk uint8

const (
	OnDiskAny     OnDisk = iota
	OnDiskExist          // every path the unit touches exists
	OnDiskMissing        // no path the unit touches exists
)

// AgentKind restricts a rule to the main session or to sub-agents.
type AgentKind uint8

const (
	AnyAgent AgentKind = iota
	MainAgent
	SubAgent
)

// A CmdCond matches one simple command.
type CmdCond struct {
	Name      Str  // program base name
	Args      List // operands: words that are not options or option values
	Flags     List // options, short ones split (-rf is -r, -f), long ones without =value
	Words     List // every word after the program, as written after quote removal
	Line      Str  // program and words joined by single spaces
	Wrappers  List // wrappers the command runs under (sudo, env, bash -c as "bash", ...)
	Assigns   List // NAME=value assignments before it, from env or the shell
	Producers List // programs whose output flows into it
}

// StrOp is the kind of a string matcher.
type StrOp uint8

const (
	StrAny     StrOp = iota // matches every value (the zero Str)
	StrExact                // the value equals S
	StrRe                   // Patterns[Re] matches, with regexp.MatchString semantics
	StrGlob                 // the glob S matches the whole value
	StrDynamic              // the value is uncertain
	StrOr                   // one of Subs matches
	StrNot                  // Subs[0] does not match
	StrNone                 // matches nothing
)

// A Str matches one string value.
type Str struct {
	Op   StrOp
	S    string
	Re   int32
	Fold bool // case-insensitive (exact and glob)
	Subs []Str
	// DFA is 1 + the index of the matcher's entry in Table.DFAs (its
	// automaton, or for an any-of a part list), 0 for none (design.md 63).
	DFA int32
	// Lazy is, in a hook's table, 1 + where Table.LazySubs holds Subs
	// encoded, Subs then being nil: the parts of a matcher one automaton
	// decides, which a call decodes only for a word the automaton cannot
	// (design.md 381). 0 means Subs holds them.
	Lazy int32
}

// Quant is the quantifier of a list condition.
type Quant uint8

const (
	QAny Quant = iota + 1
	QAll
	QNone
	QPrefix
)

// A List matches a list of values (arguments, flags, paths, ...). Its
// conditions are all required; a zero List matches every list.
type List struct {
	Conds []ListCond
}

// A ListCond is one quantified condition on a list.
type ListCond struct {
	Q      Quant
	Elem   Str   // QAny, QAll, QNone
	Prefix []Str // QPrefix: element i matches Prefix[i]
}

// FieldKind is the type a Field condition wants.
type FieldKind uint8

const (
	FieldString FieldKind = iota
	FieldNumber
	FieldBool
	FieldAbsent  // the field is missing or null
	FieldPresent // the field is present (any type)
)

// A Field matches one tool_input field (Rule.Input) or payload field
// (Rule.Payload), named by a dotted path.
type Field struct {
	Path string
	Kind FieldKind
	// Str matches the value: a string as it is, a number as its canonical
	// text (strconv.FormatFloat(x, 'g', -1, 64)), a boolean as "true" or
	// "false".
	Str Str
	Not bool // negate the whole condition (absent fields then match)
}

// An EnvCond matches an environment variable of the hook process.
type EnvCond struct {
	Name  string
	Value Str
	Unset bool // the variable must be unset or empty
}

// A PathCheck is a file-system precondition.
type PathCheck struct {
	Path    string // resolved like any path: ~, $HOME, project root
	Missing bool   // the path must not exist
}

// ToolPaths says which tool_input fields of a tool are paths.
type ToolPaths struct {
	Tool   string
	Reads  []string
	Writes []string
	Globs  []string // fields holding a glob relative to the tool's path (Grep's glob)
	// Dir is the field naming the directory the tool searches (Grep's and
	// Glob's path). When it is absent the tool searches the working
	// directory, which the call then reads.
	Dir string
	// Contents says the tool reads the files below Dir, hidden names too,
	// but not the version-control directories, when no glob field narrows
	// them: Claude Code's Grep runs rg --hidden --glob '!.git' ... over
	// its path (design.md 114).
	Contents bool
}
