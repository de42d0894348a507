package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Constructs the parse oracle found read differently by bash and the
// parser (design.md 286).

// timeIgnore reports whether the time clause's command starts with the
// word --, written as is: bash 5.2 takes it (after an optional -p) as
// part of time, the parser as the command's name.
func timeIgnore(t *syntax.TimeClause) bool {
	if t.Stmt == nil {
		return false
	}
	cmd := t.Stmt.Cmd
	for {
		// time times a whole pipeline: -- is in its first command.
		b, ok := cmd.(*syntax.BinaryCmd)
		if !ok || b.X == nil {
			break
		}
		cmd = b.X.Cmd
	}
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Args[0].Parts) != 1 {
		return false
	}
	lit, ok := call.Args[0].Parts[0].(*syntax.Lit)
	return ok && lit.Value == "--"
}

// nakedName returns the word of a name alone in a declaration (local a):
// bash joins a line continuation inside it, as the parser does in the
// name's value but not in its source text.
func nakedName(a *syntax.Assign, src string) Word {
	if a.Index == nil {
		return Word{Text: a.Name.Value}
	}
	return Word{Text: strings.ReplaceAll(nodeText(a, src), "\\\n", "")}
}

// parenJoin reports whether src holds ( and a line continuation before
// another (: bash joins them into (( (design.md 286). Quotes are not
// looked at: it errs on reporting.
func parenJoin(src string) bool {
	for i := strings.Index(src, "(\\\n"); i >= 0; {
		j := i + 1
		for strings.HasPrefix(src[j:], "\\\n") {
			j += 2
		}
		if j < len(src) && src[j] == '(' {
			return true
		}
		k := strings.Index(src[j:], "(\\\n")
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}
