// Package runtime decides Claude Code hook calls against a compiled policy
// table. It is what every generated hook binary links, and what hookc's
// test, explain, replay and diff commands evaluate in process, with the
// table in the form the hook embeds (load.Policy.Hook: the output of
// hooktable.Generated, from which gen.Source writes the hook's table). The
// evaluator and the table being the same, the two answer alike; what keeps
// them so is TestOneTruth in cmd/hookc, which runs every corpus through the
// built binary and in process and compares stdout and exit code
// (design.md 106).
//
// The package imports only the standard library and mvdan.cc/sh/v3/syntax:
// a hook pays its start-up cost on every tool call.
//
// Its parts are subpackages below it (design.md 294, 327, 347): the payload
// (runtime/payload), the shell model (runtime/shell), the path spellings
// (runtime/paths) and the schema of the rules (runtime/schema), whose names
// this package gives again, so that runtime.Rule and schema.Rule are one
// type.
package runtime

import (
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/schema"
)

// TableFormat7 guards generated tables: a table generated for another format
// refers to a constant that no longer exists and fails to compile.
const TableFormat7 = 7

// A Table is a compiled policy. Generated code declares one as a package-level
// composite literal of constant data, which the linker lays out: building it
// costs nothing at start-up, whatever the number of rules.
type Table struct {
	Policy  string   // the policy directory, as given to hookc (for messages)
	SHA256  string   // hex SHA-256 of the policy's source files
	Default Decision // when no rule decides
	OnError Decision // when the input cannot be read or evaluation fails, on events OnErrorBy does not list
	// OnErrorBy are the onError decisions of the events the policy names
	// (design.md 58).
	OnErrorBy []EventDecision
	Floors    Floors
	FoldCase  bool // path globs match case-insensitively
	// Audit says where the hook logs its decisions (design.md 43); a zero
	// Audit logs nothing unless HOOKC_AUDIT_LOG names a file.
	Audit Audit

	Rules    []Rule
	Patterns []string // regular expressions, referenced by index from Str.Re
	// Regexps are the Patterns compiled by hookc gen (CompileRegexps);
	// "" means compiled at run time.
	Regexps string
	// DFAs are automata of the matchers whose language is fixed, and
	// part lists of any-ofs, referenced by Str.DFA, encoded by EncodeDFAs
	// (design.md 63).
	DFAs string
	// LazySubs holds the parts of the matchers whose Str.Lazy is set,
	// encoded by DeferSubs (design.md 381).
	LazySubs string
	// Commands is the command knowledge, sorted by Name. With OverBase it
	// holds only the entries that differ from or add to BaseCommands, the
	// built-in list, where Command looks for the names it lacks: generated
	// tables share that list instead of repeating it (design.md 195).
	Commands []Command
	OverBase bool
	// Secrets matches the paths of secret files. Only SecretTable sets
	// it: the secrets preset's match, the same for every policy whether
	// or not it imports the preset, against which an allow rule that does
	// not name such a path takes the secret floor for it (design.md 166,
	// 231). A policy's table leaves it empty.
	Secrets List
	// ClosedPlaces matches the paths below a home, outside the project, that
	// the secrets preset's homeOpen does not name, which an allow rule
	// reads as secrets unless it names them (design.md 395). Only
	// SecretTable sets it.
	ClosedPlaces List
	// ClosedNames matches the paths whose names a listing shows only
	// where an allow rule names them: ClosedPlaces but for the places
	// whose names are open (the preset's homeNames, design.md 436). Only
	// SecretTable sets it.
	ClosedNames List
	Tools       []ToolPaths
	Limits      Limits

	// Index dispatches units to their candidate rules. hookc gen writes
	// it; nil means every rule is tried in turn.
	Index *Index
	// Packed holds the rules instead of Rules, which is then nil, in
	// tables hookc gen writes for large policies.
	Packed *PackedRules
}

// The schema's names in the facade (design.md 327): aliases, so that the
// rest of the package, the generated tables of earlier builds and the
// packages that import runtime keep their spelling.
type (
	AgentKind     = schema.AgentKind
	Audit         = schema.Audit
	CmdCond       = schema.CmdCond
	Cond          = schema.Cond
	Decision      = schema.Decision
	EnvCond       = schema.EnvCond
	EventDecision = schema.EventDecision
	Field         = schema.Field
	FieldKind     = schema.FieldKind
	FloorKind     = schema.FloorKind
	Floors        = schema.Floors
	Limits        = schema.Limits
	List          = schema.List
	ListCond      = schema.ListCond
	OnDisk        = schema.OnDisk
	PathCheck     = schema.PathCheck
	Quant         = schema.Quant
	Rule          = schema.Rule
	Str           = schema.Str
	StrOp         = schema.StrOp
	ToolPaths     = schema.ToolPaths
)

const (
	Allow = schema.Allow
	Pass  = schema.Pass
	Ask   = schema.Ask
	Deny  = schema.Deny

	AnyAgent  = schema.AnyAgent
	MainAgent = schema.MainAgent
	SubAgent  = schema.SubAgent

	FieldString  = schema.FieldString
	FieldNumber  = schema.FieldNumber
	FieldBool    = schema.FieldBool
	FieldAbsent  = schema.FieldAbsent
	FieldPresent = schema.FieldPresent

	FloorDynamic    = schema.FloorDynamic
	FloorParseError = schema.FloorParseError
	FloorDepth      = schema.FloorDepth
	FloorCode       = schema.FloorCode
	FloorWrite      = schema.FloorWrite
	FloorLoss       = schema.FloorLoss
	FloorSecret     = schema.FloorSecret
	FloorLast       = schema.FloorLast
	FloorEffects    = schema.FloorEffects

	OnDiskAny     = schema.OnDiskAny
	OnDiskExist   = schema.OnDiskExist
	OnDiskMissing = schema.OnDiskMissing

	QAny    = schema.QAny
	QAll    = schema.QAll
	QNone   = schema.QNone
	QPrefix = schema.QPrefix

	StrAny     = schema.StrAny
	StrExact   = schema.StrExact
	StrRe      = schema.StrRe
	StrGlob    = schema.StrGlob
	StrDynamic = schema.StrDynamic
	StrOr      = schema.StrOr
	StrNot     = schema.StrNot
	StrNone    = schema.StrNone
)

// Conds are the conditions of a rule (schema.Conds itself, not a copy).
var Conds = &schema.Conds

// DefaultLimits are used for every zero field of Table.Limits.
var DefaultLimits = schema.DefaultLimits

// ParseDecision is schema.ParseDecision.
func ParseDecision(s string) (Decision, bool) { return schema.ParseDecision(s) }

// CondNamed is schema.CondNamed.
func CondNamed(name string) *Cond { return schema.CondNamed(name) }

// WalkConds is schema.WalkConds.
func WalkConds(r *Rule, f func(c *Cond, v any)) { schema.WalkConds(r, f) }

// WalkMatchers is schema.WalkMatchers.
func WalkMatchers(r *Rule, f func(c *Cond, key string, s *Str)) { schema.WalkMatchers(r, f) }

// CloneConds is schema.CloneConds.
func CloneConds(r *Rule) { schema.CloneConds(r) }

// FloorInfo describes each floor kind (schema.FloorInfo itself).
var FloorInfo = &schema.FloorInfo

func exactNames(s *Str, names []string) ([]string, bool) { return schema.ExactNames(s, names) }

// The command knowledge's names in the facade (design.md 327).
type (
	Command     = commands.Command
	Operands    = commands.Operands
	OptKind     = commands.OptKind
	OptSpec     = commands.OptSpec
	WrapperKind = commands.WrapperKind
	Environ     = commands.Environ
)

const (
	NotWrapper = commands.NotWrapper
	WrapExec   = commands.WrapExec
	WrapShell  = commands.WrapShell
	WrapEval   = commands.WrapEval
	WrapScript = commands.WrapScript
	WrapFind   = commands.WrapFind
	WrapXargs  = commands.WrapXargs

	EnvironNone  = commands.EnvironNone
	EnvironBare  = commands.EnvironBare
	EnvironNames = commands.EnvironNames
	EnvironAlone = commands.EnvironAlone
	EnvironBSD   = commands.EnvironBSD

	OpNone         = commands.OpNone
	OpAll          = commands.OpAll
	OpFirst        = commands.OpFirst
	OpLast         = commands.OpLast
	OpAllButLast   = commands.OpAllButLast
	OpAllButFirst  = commands.OpAllButFirst
	OpAfterPattern = commands.OpAfterPattern
	OpLeading      = commands.OpLeading

	OptUnknown      = commands.OptUnknown
	OptFlag         = commands.OptFlag
	OptOptional     = commands.OptOptional
	OptValue        = commands.OptValue
	OptRead         = commands.OptRead
	OptWrite        = commands.OptWrite
	OptDir          = commands.OptDir
	OptScript       = commands.OptScript
	OptSplit        = commands.OptSplit
	OptNoExec       = commands.OptNoExec
	OptUnsafe       = commands.OptUnsafe
	OptUnsafeValue  = commands.OptUnsafeValue
	OptUnsafeRead   = commands.OptUnsafeRead
	OptRecurse      = commands.OptRecurse
	OptHidden       = commands.OptHidden
	OptRecurseValue = commands.OptRecurseValue
	OptLoss         = commands.OptLoss
	OptLossValue    = commands.OptLossValue
	OptCode         = commands.OptCode
)

// The facade gives no name to commands.BaseCommands: a package variable
// set from another package's is set by code at start-up, which keeps the
// list in every hook, where the hook reads it packed (design.md 336).

// EncodeOpts is commands.EncodeOpts.
func EncodeOpts(opts []OptSpec) string { return commands.EncodeOpts(opts) }

// DecodeOpts is commands.DecodeOpts.
func DecodeOpts(s string) []OptSpec { return commands.DecodeOpts(s) }
