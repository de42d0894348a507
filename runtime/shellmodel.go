package runtime

import (
	"time"

	"hookc.dev/hookc/runtime/shell"
)

// The shell model's names in the facade (design.md 347): it is
// runtime/shell, and these aliases and forwarders keep the spelling of the
// evaluator and of the packages that import runtime.
type (
	Extraction    = shell.Extraction
	FilterOpt     = shell.FilterOpt
	Knowledge     = shell.Knowledge
	OptArg        = shell.OptArg
	Redir         = shell.Redir
	SimpleCommand = shell.SimpleCommand
	Word          = shell.Word
)

const (
	MaxNest     = shell.MaxNest
	MaxBrackets = shell.MaxBrackets
)

// Extract is shell.Extract: the simple commands a command line runs.
func Extract(src string, know Knowledge, lim Limits) *Extraction {
	return shell.Extract(src, know, lim)
}

// OperandMatches is shell.OperandMatches.
func OperandMatches(p, s string) bool { return shell.OperandMatches(p, s) }

func extract(src string, know Knowledge, lim Limits, deadline time.Time) *Extraction {
	return shell.ExtractBy(src, know, lim, deadline)
}

func maybeOption(cmd *Command, sub string, w Word) string { return shell.MaybeOption(cmd, sub, w) }
func namesOption(text string, table *Command) bool        { return shell.NamesOption(text, table) }
func filterOption(prog, opt string) bool                  { return shell.FilterOption(prog, opt) }
func isName(s string) bool                                { return shell.IsName(s) }
func isFD(s string) bool                                  { return shell.IsFD(s) }
func joinDir(old, dir Word) Word                          { return shell.JoinDir(old, dir) }
func hasGlob(pat []byte) bool                             { return shell.HasGlob(pat) }
