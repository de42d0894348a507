// Package shell is the hook's model of a Bash command line: Extract parses
// it and finds every simple command it runs, with its words, wrappers,
// assignments and redirections, as the command knowledge describes the
// programs (design.md 347). It is a part of the runtime below its facade:
// it imports only the standard library, mvdan.cc/sh/v3/syntax and the
// runtime's other parts, never the facade.
package shell

import (
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/schema"
)

// The names of the command knowledge and the schema that the shell model
// speaks of, as aliases (design.md 347): one type under two names, so that
// the files moved here from the facade keep their spelling.
type (
	Command = commands.Command
	Limits  = schema.Limits
	OptKind = commands.OptKind
	OptSpec = commands.OptSpec
)

const (
	NotWrapper = commands.NotWrapper
	WrapExec   = commands.WrapExec
	WrapShell  = commands.WrapShell
	WrapEval   = commands.WrapEval
	WrapScript = commands.WrapScript
	WrapFind   = commands.WrapFind
	WrapXargs  = commands.WrapXargs

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
