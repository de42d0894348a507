package runtime

import (
	"hookc.dev/hookc/runtime/shell"

	"mvdan.cc/sh/v3/syntax"
)

// The shell model's names its tests use, which sit here beside the
// evaluator's and share its command table (design.md 347).
const parserPanicText = shell.ParserPanicText

var errHeredocEnd = shell.ErrHeredocEnd()

func hdocBody(r *syntax.Redirect, src string) string { return shell.HdocBody(r, src) }
func quotedHeredoc(r *syntax.Redirect) bool          { return shell.QuotedHeredoc(r) }
