package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file is the model of Bash's builtins that evaluate a name, run
// text, or change how the shell reads later commands (design.md 45).
// They are Bash's, not programs a policy describes, so they are written
// here rather than in the command knowledge.

// builtin checks the words of a command named name, run by the shell
// itself (not by a path), that Bash may run as a builtin.
func (e *extractor) builtin(name string, words []Word, c ctx, text string) {
	switch name {
	case "read":
		e.builtinNames(words, c, text, "adinNptu", "a", true, "REPLY")
	case "mapfile", "readarray":
		e.builtinNames(words, c, text, "CcdnOsu", "", true, "MAPFILE")
		for i, w := range words {
			if w.Text == "-O" && i+1 < len(words) && !isArithNumber(words[i+1].Text) {
				e.opaque(c, text, "mapfile -O evaluates its origin as an expression")
			}
		}
	case "printf":
		e.builtinNames(words, c, text, "v", "v", false, "")
	case "getopts":
		ops := operandsOf(words, "")
		if len(ops) >= 2 {
			e.nameWord(ops[1], c, text)
			e.bindName(c, ops[1])
		}
		e.bindText(c, "OPTARG")
	case "wait":
		e.builtinNames(words, c, text, "p", "p", false, "")
	case "unset":
		for _, w := range operandsOf(words, "") {
			e.nameWord(w, c, text)
		}
	case "test", "[":
		for i, w := range words {
			if (w.Text == "-v" || w.Text == "-R") && i+1 < len(words) {
				e.nameWord(words[i+1], c, text)
			}
		}
	case "declare", "typeset", "local", "export", "readonly", "nameref":
		// Run as a command (builtin declare ...): the parser read its
		// words as words. (A DeclClause is checked by decl.)
		e.declare(name, declWordArgs(words), c, text)
	case "let":
		// let through a wrapper: its words are expressions the parser
		// did not see as such.
		e.opaque(c, text, "let evaluates its words as expressions")
	case "alias":
		for _, w := range words {
			if w.Uncertain() || strings.Contains(w.Text, "=") {
				e.opaque(c, text, "an alias changes what later command names run")
				break
			}
		}
	case "hash":
		if hasShortOpt(words, 'p') {
			e.opaque(c, text, "hash -p changes which program a command name runs")
		}
	case "enable":
		if len(operandsOf(words, "fd")) > 0 || hasShortOpt(words, 'f') {
			e.opaque(c, text, "enable loads or disables builtins, changing what command names run")
		}
	case "fc", "bind", "complete", "compgen", "compopt", "history":
		if name == "history" && len(words) == 0 {
			return
		}
		e.opaque(c, text, name+" can run or store commands the line does not show")
	case "shopt":
		e.shopt(words, c, text)
	case "set":
		e.set(words, c, text)
	case "source", ".":
		// The file's commands are not known, nor the variables they set.
		e.names.any = true
	}
}

// builtinNames checks the variable names a builtin assigns: the values of
// its options in nameOpts and, if operands, its operands (or def when there
// are none). valueOpts are its options that take a value.
func (e *extractor) builtinNames(words []Word, c ctx, text, valueOpts, nameOpts string, operands bool, def string) {
	n := 0
	ended := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case w.Uncertain() && !(!operands && plainGlob(w)):
			// An option or a name only known when it runs.
			e.nameWord(w, c, text)
			n++
		case !ended && t == "--":
			ended = true
			if !operands {
				return // printf's format and arguments, wait's ids
			}
		case !ended && len(t) > 1 && t[0] == '-':
			for j := 1; j < len(t); j++ {
				if !strings.ContainsRune(valueOpts, rune(t[j])) {
					continue
				}
				v := Word{Text: t[j+1:]}
				if j+1 == len(t) {
					if i+1 >= len(words) {
						break
					}
					i++
					v = words[i]
				}
				if strings.ContainsRune(nameOpts, rune(t[j])) {
					e.nameWord(v, c, text)
					e.bindName(c, v)
				}
				break
			}
		case operands:
			ended = true
			e.nameWord(w, c, text)
			e.bindName(c, w)
			n++
		default:
			return // the first operand ends printf's and wait's options
		}
	}
	if operands && n == 0 && def != "" {
		e.bindText(c, def)
	}
}

// plainGlob reports whether w is a glob that starts with a character
// that is neither - nor a pattern character: each name it expands to
// starts so, and is no option (printf '%s\n' docs/*.md).
func plainGlob(w Word) bool {
	return w.Glob && !w.Dynamic && !w.Tree && w.Text != "" && !strings.ContainsRune("-*?[", rune(w.Text[0]))
}

// nameWord checks a word that a builtin takes as a variable name: a
// subscript in it (a[i]) is evaluated as arithmetic, so it must be a
// number; a name only known when it runs may hold any subscript.
func (e *extractor) nameWord(w Word, c ctx, text string) {
	if w.Uncertain() {
		e.opaque(c, text, "a variable name only known when it runs may hold a subscript, which is evaluated as an expression")
		return
	}
	name, sub, ok := strings.Cut(w.Text, "[")
	if !ok {
		return
	}
	sub, closed := strings.CutSuffix(sub, "]")
	if !closed || !isName(name) || (!isArithNumber(sub) && sub != "@" && sub != "*") {
		e.opaque(c, text, "the subscript of "+w.Text+" is evaluated as an expression, which may run commands")
	}
}

// bindName records that a builtin sets the variable w names to text.
func (e *extractor) bindName(c ctx, w Word) {
	if w.Uncertain() {
		e.names.any = true
		return
	}
	name, _, _ := strings.Cut(w.Text, "[")
	e.bindText(c, name)
}

// bindText records that the line may set the variable name to text, which
// is an assignment as NAME=... is (design.md 152).
func (e *extractor) bindText(c ctx, name string) {
	e.bind(c, name, nil)
	e.setVar(c, Word{Text: name + "=", Dynamic: true, Prefix: true}, nil, name)
}

// A declArg is one word of a declaration builtin (declare, local,
// export, ...).
type declArg struct {
	w Word // the word, where the parser did not read it as an assignment
	// Otherwise, the name it assigns or declares (with any subscript), and
	// its value: text (static), or nil with array set for NAME=(...).
	name     string
	parsed   bool
	assigned bool
	value    Word
	array    bool
}

// declArgs returns the words of a declaration as the parser read them.
func (e *extractor) declArgs(args []*syntax.Assign, src string) []declArg {
	out := make([]declArg, 0, len(args))
	for _, a := range args {
		switch {
		case a.Naked && a.Name == nil:
			out = append(out, declArg{w: e.word(a.Value, src, argWord)})
		default:
			d := declArg{parsed: true, name: a.Name.Value}
			if a.Index != nil {
				d.name = nodeText(a, src)
				if i := strings.IndexByte(d.name, ']'); i >= 0 {
					d.name = d.name[:i+1]
				}
			}
			if !a.Naked {
				d.assigned = true
				d.array = a.Array != nil
				if a.Value != nil {
					d.value = e.word(a.Value, src, quotedWord)
				}
			}
			out = append(out, d)
		}
	}
	return out
}

// declWordArgs returns the words of a declaration run as a command
// (builtin declare ...): the parser read them as words.
func declWordArgs(words []Word) []declArg {
	out := make([]declArg, len(words))
	for i, w := range words {
		out[i] = declArg{w: w}
	}
	return out
}

// declare checks a declaration builtin: the names it declares (a
// subscript is evaluated), its options (-n makes name references, -i makes
// assignments arithmetic), and what it assigns.
func (e *extractor) declare(variant string, args []declArg, c ctx, text string) {
	integer := false
	if variant == "nameref" {
		e.opaque(c, text, "a name reference evaluates the name it holds, subscript included")
	}
	for _, d := range args {
		if !d.parsed {
			t := d.w.Text
			switch {
			case d.w.Uncertain():
				// declare "$x" may declare a[$(cmd)]=1, or be -n.
				e.opaque(c, text, variant+" with a word only known when it runs may evaluate a subscript or make a name reference")
				e.names.any = true
				continue
			case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
				if t[0] == '-' && strings.ContainsRune(t[1:], 'n') {
					e.opaque(c, text, "a name reference evaluates the name it holds, subscript included")
				}
				if t[0] == '-' && strings.ContainsRune(t[1:], 'i') {
					integer = true
				}
				continue
			}
			name, value, assigned := strings.Cut(t, "=")
			d.name, d.assigned, d.value = strings.TrimSuffix(name, "+"), assigned, Word{Text: value}
		}
		e.nameWord(Word{Text: d.name}, c, text)
		base, _, _ := strings.Cut(d.name, "[")
		if integer && !slices.Contains(e.names.integer, base) {
			e.names.integer = append(e.names.integer, base)
		}
		if !d.assigned {
			continue
		}
		switch {
		case d.array:
			e.bind(c, base, nil)
		case !d.value.Uncertain() && strings.HasPrefix(d.value.Text, "("):
			// declare -a x='(...)' reads the value again as an array
			// assignment, expansions included.
			e.opaque(c, text, variant+" reads a value that starts with ( again as an array assignment, expanding what it holds")
			e.bind(c, base, nil)
		case !d.value.Uncertain() && isArithNumber(strings.TrimPrefix(d.value.Text, "-")):
			if why := specialVar(base); why != "" {
				e.opaque(c, base, why)
			}
		default:
			e.bind(c, base, nil)
		}
	}
}

// operandsOf returns the words after a builtin's options; valueOpts are
// its options that take a value.
func operandsOf(words []Word, valueOpts string) []Word {
	for i := 0; i < len(words); i++ {
		t := words[i].Text
		switch {
		case words[i].Uncertain():
			return words[i:]
		case t == "--":
			return words[i+1:]
		case len(t) > 1 && t[0] == '-':
			if strings.ContainsRune(valueOpts, rune(t[len(t)-1])) {
				i++
			}
		default:
			return words[i:]
		}
	}
	return nil
}

// hasShortOpt reports whether an option group among words holds c.
func hasShortOpt(words []Word, c byte) bool {
	for _, w := range words {
		if w.Uncertain() {
			return true
		}
		t := w.Text
		if t == "--" {
			return false
		}
		if len(t) > 1 && t[0] == '-' && strings.IndexByte(t[1:], c) >= 0 {
			return true
		}
	}
	return false
}

// safeShopts are the shell options that change only how globs match and
// pipelines end: what a command line runs stays what the parse shows.
var safeShopts = []string{
	"nullglob", "failglob", "globstar", "nocasematch",
	"globasciiranges", "globskipdots", "extglob", "lastpipe", "inherit_errexit",
	"checkwinsize", "cmdhist", "lithist", "histappend", "progcomp", "promptvars",
	"sourcepath", "xpg_echo", "checkhash", "checkjobs", "huponexit", "shift_verbose",
	"expand_aliases",
}

// shopt checks the options shopt sets or unsets.
func (e *extractor) shopt(words []Word, c ctx, text string) {
	set := false
	for _, w := range words {
		t := w.Text
		switch {
		case w.Uncertain():
			e.opaque(c, text, "shopt with an option only known when it runs")
			return
		case t == "-s" || t == "-u" || t == "-su" || t == "-us":
			set = true
		case strings.HasPrefix(t, "-"):
			// -p, -q, -o: print or query
		case set && !slices.Contains(safeShopts, t):
			e.opaque(c, text, "shopt "+t+" changes how the shell reads or runs later commands")
			return
		case set && t != "globstar" && e.x.GlobSet == "":
			// globstar changes only **, which the evaluator reads both
			// ways (design.md 434).
			e.x.GlobSet = text
		}
	}
}

// safeSetOpts are the options of set that change only whether the shell
// stops, traces or globs, not what a command line runs. Not history and
// histexpand: with both, bash expands !$ and ^a^b in the lines after
// (non-interactive too), and not braceexpand: set +B keeps {a,b} as a
// word (design.md 342).
var safeSetOpts = []string{
	"errexit", "nounset", "xtrace", "verbose", "noglob", "noclobber", "pipefail",
	"allexport", "notify", "hashall", "monitor", "noexec",
	"errtrace", "physical", "functrace", "ignoreeof", "emacs", "vi",
	"interactive-comments", "nolog", "onecmd",
}

// set checks the options set sets: -k, -o posix, -H and +B change how
// later words are read.
func (e *extractor) set(words []Word, c ctx, text string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case w.Uncertain():
			e.opaque(c, text, "set with an option only known when it runs")
			return
		case t == "--" || t == "-":
			return // positional parameters follow
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			for j := 1; j < len(t); j++ {
				switch t[j] {
				case 'o':
					if i+1 < len(words) {
						i++
						if o := words[i]; o.Uncertain() || !slices.Contains(safeSetOpts, o.Text) {
							e.opaque(c, text, "set -o "+o.Text+" changes how the shell reads later commands")
							return
						} else if o.Text == "noglob" && e.x.GlobSet == "" {
							e.x.GlobSet = text
						}
					}
				case 'f':
					if e.x.GlobSet == "" {
						e.x.GlobSet = text
					}
				case 'k', 't', 'H', 'B':
					e.opaque(c, text, "set -"+string(t[j])+" changes how the shell reads later commands")
					return
				}
			}
		default:
			return // positional parameters
		}
	}
}
