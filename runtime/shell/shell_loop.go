package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file models a for loop's variable over words known before the loop
// runs (design.md 137): for f in src/*.go a.txt; do wc -l "$f"; done runs
// its body once with each word as "$f". The body is walked once per word
// (up to maxLoopValues words, and not again inside a loop walked so), with
// "$f" the word itself: a static word, or a glob word that stands for
// every name it matches. Where the line may set the variable otherwise,
// or a word is only known when it runs, "$f" stays only known when it
// runs.

// maxLoopValues bounds the words a loop's body is walked for.
const maxLoopValues = 8

// A loopVar is a for-loop variable bound to one of its words while the
// loop's body is walked.
type loopVar struct {
	name string
	src  string // the script the loop is in: a nested script does not see it
	val  Word
}

// forValues walks the body of the for loop over loop's words once per
// word with the variable bound to it, and reports whether it did; if not,
// the caller walks the body once with the variable only known when it
// runs. A select loop (sel) sets it from what the user types.
func (e *extractor) forValues(loop *syntax.WordIter, sel bool, body []*syntax.Stmt, c ctx) bool {
	name := loop.Name.Value
	if sel || len(loop.Items) == 0 || len(loop.Items) > maxLoopValues || !assignedOnce(c.src, name) {
		return false
	}
	vals := make([]Word, 0, len(loop.Items))
	for _, w := range loop.Items {
		vals = e.fields(vals, w, c.src)
	}
	if len(vals) > maxLoopValues || e.unrolled && len(vals) > 1 {
		return false
	}
	for _, v := range vals {
		if v.Dynamic || v.Tree {
			return false
		}
	}
	outer := e.unrolled
	e.unrolled = e.unrolled || len(vals) > 1
	for _, v := range vals {
		if e.stop {
			break
		}
		e.loops = append(e.loops, loopVar{name: name, src: c.src, val: v})
		e.stmts(body, c)
		e.loops = e.loops[:len(e.loops)-1]
	}
	e.unrolled = outer
	return true
}

// loopWord returns the value of the word w of the script src when it is
// "$name", "${name}" or, for a value that splitting and globbing leave
// as it is, $name alone, with name a bound loop variable.
func (e *extractor) loopWord(w *syntax.Word, src string) (Word, bool) {
	if len(e.loops) == 0 || len(w.Parts) != 1 {
		return Word{}, false
	}
	quoted := false
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && !dq.Dollar && len(dq.Parts) == 1 {
		p, quoted = dq.Parts[0], true
	}
	pe, ok := p.(*syntax.ParamExp)
	if !ok {
		return Word{}, false
	}
	v, ok := e.loopValue(pe, src)
	if !ok || quoted {
		return v, ok
	}
	return unquotedLoopValue(v, src)
}

// loopValue returns the word the loop variable that pe expands binds, if
// pe is a plain $name or ${name} of one bound in the script src.
func (e *extractor) loopValue(pe *syntax.ParamExp, src string) (Word, bool) {
	if len(e.loops) == 0 || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil ||
		pe.Repl != nil || pe.Exp != nil || pe.Names != 0 || pe.Flags != nil || len(pe.Modifiers) > 0 ||
		pe.IsSet || pe.NestedParam != nil || pe.Split != syntax.OptUnset || pe.GlobSubst != syntax.OptUnset ||
		pe.RcExpand != syntax.OptUnset {
		return Word{}, false
	}
	for i := len(e.loops) - 1; i >= 0; i-- {
		if l := e.loops[i]; l.name == pe.Param.Value {
			return l.val, l.src == src
		}
	}
	return Word{}, false
}

// loopPart returns the text a loop variable's expansion pe adds to a word
// of other parts (HEAD~$i, "v$i.txt"): the static value it is bound to,
// which, unquoted, must be one that splitting and globbing leave as it is.
func (e *extractor) loopPart(pe *syntax.ParamExp, quoted bool) (string, bool) {
	v, ok := e.loopValue(pe, e.wordSrc)
	if !ok || v.Dynamic || v.Glob || v.Tree {
		return "", false
	}
	if e.zshModified || !quoted && (namesIFS(e.wordSrc) || strings.ContainsAny(v.Text, loopSpecial)) {
		return "", false
	}
	return v.Text, true
}

// loopSpecial are the characters of a value that splitting or globbing,
// extended globs too (shopt -s extglob: .e@(nv); round 49), may change
// where the value is not quoted.
const loopSpecial = " \t\n*?[("

// namesIFS reports whether the script src may set IFS: its text names
// it, also with quotes or backslashes inside the name (printf -v IF""S,
// read IF\S; round 49), or it holds an ANSI-C string, which may spell it.
func namesIFS(src string) bool {
	if strings.Contains(src, "$'") {
		return true
	}
	return strings.Contains(strings.NewReplacer(`"`, "", "'", "", `\`, "").Replace(src), "IFS")
}

// zshModifies reports whether a part of parts (or of a double-quoted part
// among them) is a $name that a : or a [ follows: zsh reads $i:s/a/b/,
// $i:l and $i[1] as the value modified or indexed, bash as text after
// it (round 49).
func zshModifies(parts []syntax.WordPart) bool {
	for i, p := range parts {
		if dq, ok := p.(*syntax.DblQuoted); ok && zshModifies(dq.Parts) {
			return true
		}
		pe, ok := p.(*syntax.ParamExp)
		if !ok || !pe.Short || i+1 == len(parts) {
			continue
		}
		if lit, ok := parts[i+1].(*syntax.Lit); ok && (strings.HasPrefix(lit.Value, ":") || strings.HasPrefix(lit.Value, "[")) {
			return true
		}
	}
	return false
}

// unquotedLoopValue returns what $name alone stands for when the loop
// binds name to v: Bash splits the value at the characters of IFS and
// globs each field. A script that names IFS may split it anywhere, so
// there it stays unknown. A static value stands for itself only without
// blanks or pattern characters; a glob word for the names it matches,
// each checked when it is expanded (Word.Resplit, design.md 220).
func unquotedLoopValue(v Word, src string) (Word, bool) {
	if v.Text == "" || namesIFS(src) || strings.ContainsAny(v.Text, " \t\n") {
		return Word{}, false
	}
	if v.Glob {
		v.Resplit = true
		return v, true
	}
	if strings.ContainsAny(v.Text, loopSpecial) {
		return Word{}, false
	}
	return v, true
}

// assignedOnce reports whether the script src names the variable name
// only once other than in its expansions ($name, ${name...}): in the for
// loop that binds it. Any other mention (name=, read name, printf -v
// name, declare name, unset name, ((name++)), a nested for name, a
// string eval runs) may set it; a mention after - (an option, -name) does
// not.
func assignedOnce(src, name string) bool {
	n := 0
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			break
		}
		j += i
		end := j + len(name)
		i = end
		if j > 0 && isNameByte(src[j-1]) || end < len(src) && isNameByte(src[end]) {
			continue
		}
		if j > 0 && (src[j-1] == '$' || src[j-1] == '-') || j > 1 && src[j-2:j] == "${" {
			continue
		}
		if n++; n > 1 {
			return false
		}
	}
	return n == 1
}

func isNameByte(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}
