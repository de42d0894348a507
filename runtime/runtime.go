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
// Its parts are subpackages below it (design.md 294, 327): the payload
// (runtime/payload), the path spellings (runtime/paths) and the schema of
// the rules (runtime/schema), whose names this package gives again, so that
// runtime.Rule and schema.Rule are one type.
package runtime

import "hookc.dev/hookc/runtime/schema"

// TableFormat6 guards generated tables: a table generated for another format
// refers to a constant that no longer exists and fails to compile.
const TableFormat6 = 6

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
	Tools   []ToolPaths
	Limits  Limits

	// Index dispatches units to their candidate rules. hookc gen writes
	// it; nil means every rule is tried in turn.
	Index *Index
	// Packed holds the rules instead of Rules, which is then nil, in
	// tables hookc gen writes for large policies.
	Packed *PackedRules
}

// Command is what the policy knows about one program (design.md 44).
type Command struct {
	Name string
	// Wrapper says how the program runs another command; NotWrapper if it
	// does not.
	Wrapper WrapperKind
	// Opts are the options the program takes, with their kinds, as
	// EncodeOpts writes them.
	Opts string
	// Abbrev says the program accepts unambiguous prefixes of long options.
	Abbrev bool
	// NoSplit says short options are not combined (find -name, dd).
	NoSplit bool
	// Strict says Opts and Subs are all the program takes: a command with
	// any other option or subcommand, or with a word whose value is not
	// known where an option that does more than read its operands could
	// be, is not known (SimpleCommand.Unknown), and allow rules about
	// commands do not match it.
	Strict bool
	// SkipOperands is how many operands a wrapper takes before the command
	// (timeout's DURATION, chroot's NEWROOT, flock's FILE).
	SkipOperands int
	// Reads and Writes select which operands are paths the program reads or
	// writes.
	Reads, Writes Operands
	// Tree says the paths it reads may be directories whose whole tree it
	// reads, and that with none it reads the working directory (rg); an
	// OptRecurse option says the same for one command (grep -r).
	Tree bool
	// SkipsHidden says its tree reads skip names starting with . (rg), unless
	// an OptHidden option is given.
	SkipsHidden bool
	// Loses says every use of the program (or subcommand) may lose work
	// that cannot be recovered (git restore, git clean): an allow rule
	// allows it only if it says so (Rule.Effects, design.md 115).
	Loses bool
	// KeyReads and KeyWrites are key=value operands naming paths (dd if= of=).
	KeyReads, KeyWrites []string
	// UnsafeOperands and LossOperands are operands that make the command
	// run what the line does not show (less +!cmd, make CC=prog, git fetch
	// ext::cmd) or lose work (git fetch +src:dst), as OperandMatches
	// reads the patterns (design.md 261).
	UnsafeOperands, LossOperands []string
	// OutsideOpts are options whose value is a directory or file whose
	// code the program runs (make -C, cmake -S, ninja -C): a value outside
	// the project by its spelling (absolute, ~, with a .. component) or
	// only known when it runs makes the command not known (design.md 261).
	OutsideOpts []string
	// UnsafeValues are "OPTION PATTERN" pairs: the option with a value
	// OperandMatches reads the pattern against (or one only known when it
	// runs) makes the command not known (cmake -D CMAKE_C_COMPILER=prog).
	UnsafeValues []string
	// Subs are the program's subcommands, sorted by Name: the first operand
	// names one, and the options after it are the subcommand's (git push
	// --force); the program's own Opts are its global options.
	Subs []Command
}

// WrapperKind is how a wrapper finds the command it runs.
type WrapperKind uint8

const (
	NotWrapper WrapperKind = iota
	WrapExec               // options, assignments, SkipOperands operands, then the command (sudo, env, timeout)
	WrapShell              // a shell: the value of a ScriptOpts option is a script (bash -c)
	WrapEval               // the operands joined by spaces are a script (eval)
	WrapScript             // the operands joined by spaces are a script run by sh -c (watch)
	WrapFind               // -exec/-execdir/-ok/-okdir ... ; or +
	WrapXargs              // like WrapExec; arguments are appended at run time
)

// Operands selects operands of a command.
type Operands uint8

const (
	OpNone         Operands = iota
	OpAll                   // every operand
	OpFirst                 // the first operand
	OpLast                  // the last operand
	OpAllButLast            // all but the last (cp and mv sources)
	OpAllButFirst           // all but the first (chmod MODE FILE...)
	OpAfterPattern          // all but the first, unless -e or -f gave the pattern (grep, sed, awk)
	OpLeading               // the operands before the first option that follows an operand (find's starting points)
)

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
