package shell

import (
	"path"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/payload"

	"mvdan.cc/sh/v3/syntax"
)

// This file walks the expansions of words (design.md 45): the commands of
// their command and process substitutions run, and so are extracted; and
// the expansions that make Bash evaluate text as code (arithmetic on a
// variable that holds text, an indirect expansion, a prompt expansion, a
// subscript of a name only known when it runs, quotes that a double-quoted
// ${...} keeps literal) are recorded as commands whose program is not
// known, so that no rule allows them.

// expand walks the expansions of the word w, whose commands run in context
// c. prog is the program of the command w belongs to, if known: its output
// flows into an output process substitution >(...).
func (e *extractor) expand(w *syntax.Word, c ctx, prog string) {
	if w == nil || e.stop {
		return
	}
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			e.parts(w.Parts, c, prog, false, false)
			return
		}
	}
}

// parts walks word parts. dq says they are inside double quotes; param that
// they are the operand of a parameter expansion (${x:-WORD}).
func (e *extractor) parts(ps []syntax.WordPart, c ctx, prog string, dq, param bool) {
	for _, p := range ps {
		if e.stop {
			return
		}
		e.wordPart(p, c, prog, dq, param)
	}
}

func (e *extractor) wordPart(p syntax.WordPart, c ctx, prog string, dq, param bool) {
	if !e.enter() {
		return
	}
	defer e.leave()
	switch p := p.(type) {
	case *syntax.Lit:
	case *syntax.SglQuoted:
		if dq && param {
			// Bash keeps these quotes as they are: what they enclose is
			// expanded, $(...) included. mvdan.cc/sh parses them as
			// quotes: read the text again as Bash does.
			e.opaque(c, nodeText(p, c.src), "quotes inside a double-quoted ${...} are literal, so what they enclose is expanded")
		}
	case *syntax.DblQuoted:
		if p.Dollar {
			e.opaque(c, nodeText(p, c.src), "a $\"...\" string is translated at run time, and its translation expanded")
		}
		e.parts(p.Parts, c, prog, true, param)
	case *syntax.ParamExp:
		e.param(p, c, dq)
	case *syntax.CmdSubst:
		sc := c
		sc.substEnd = int(p.End().Offset())
		e.child(&sc)
		e.stmts(p.Stmts, sc)
	case *syntax.ArithmExp:
		if p.Unsigned {
			e.opaque(c, nodeText(p, c.src), "not Bash: $((# ...)) is mksh's")
		}
		e.arith(p.X, c)
	case *syntax.ProcSubst:
		sc := c
		sc.substEnd = int(p.End().Offset())
		e.child(&sc)
		if p.Op == syntax.CmdOut && prog != "" {
			sc.producers = addName(sc.producers, path.Base(prog))
		}
		e.stmts(p.Stmts, sc)
	case *syntax.ExtGlob:
		// In Bash an extended glob; in zsh, *(e:'cmd':) and *(+cmd) are
		// glob qualifiers that run cmd: a command not known.
		e.opaque(c, nodeText(p, c.src), "an extended glob; in zsh, a glob qualifier runs commands")
	case *syntax.BraceExp:
		for _, w := range p.Elems {
			e.parts(w.Parts, c, prog, dq, param)
		}
	default:
		e.opaque(c, nodeText(p, c.src), "an expansion hookc does not know")
	}
}

// param walks a parameter expansion.
func (e *extractor) param(p *syntax.ParamExp, c ctx, dq bool) {
	text := func() string { return nodeText(p, c.src) }
	if p.Flags != nil || p.Width || p.IsSet || p.Split != syntax.OptUnset ||
		p.GlobSubst != syntax.OptUnset || p.RcExpand != syntax.OptUnset ||
		p.NestedParam != nil || len(p.Modifiers) > 0 {
		e.opaque(c, text(), "not Bash: a zsh or mksh parameter expansion")
		return
	}
	if p.Param != nil && SecretName(p.Param.Value) {
		// The hook cannot see the environment: a variable named like a
		// secret may hold one, and the command would show it.
		e.opaque(c, text(), "$"+p.Param.Value+" is named like a secret, which the command may show")
	} else if p.Param != nil && p.Names == 0 && envName(p.Param.Value) {
		// An environment variable no list calls plain may hold a secret
		// whatever its name; checkEnv decides once the line's own
		// assignments are known (design.md 250).
		e.names.env = append(e.names.env, arithUse{p.Param.Value, c, text()})
	}
	if p.Excl && p.Names == 0 && !allElems(p.Index) {
		// ${!x} expands the variable whose name x holds, and a subscript
		// in that name is evaluated: x='a[$(cmd)]' runs cmd.
		e.opaque(c, text(), "an indirect expansion ${!...} evaluates the name its variable holds")
	}
	if p.Param != nil && p.Index != nil && !allElems(p.Index) {
		e.subscript(p.Index, c)
	}
	if s := p.Slice; s != nil {
		e.arith(s.Offset, c)
		e.arith(s.Length, c)
	}
	if r := p.Repl; r != nil {
		if r.Orig != nil {
			e.parts(r.Orig.Parts, c, "", dq, true)
		}
		if r.With != nil {
			e.parts(r.With.Parts, c, "", dq, true)
		}
	}
	if x := p.Exp; x != nil {
		switch x.Op {
		case syntax.OtherParamOps:
			// ${x@P} expands x as a prompt: $(...) in its value runs.
			if x.Word != nil && strings.Contains(nodeText(x.Word, c.src), "P") {
				e.opaque(c, text(), "${...@P} expands a variable's value as a prompt, running what it holds")
			}
		case syntax.AssignUnset, syntax.AssignUnsetOrNull:
			// ${x=WORD} and ${x:=WORD} assign x.
			if p.Param != nil {
				e.bind(c, p.Param.Value, x.Word)
				e.setVar(c, Word{Text: p.Param.Value + "=", Dynamic: true, Prefix: true}, nil, text())
			}
		}
		if x.Word != nil {
			e.parts(x.Word.Parts, c, "", dq, true)
		}
	}
}

// allElems reports whether the subscript x is @ or *: all elements, not an
// expression.
func allElems(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return ok && (lit.Value == "@" || lit.Value == "*")
}

// subscript walks an array subscript: for an indexed array, Bash evaluates
// it as arithmetic; for an associative one, it expands it as a word.
// Either way its substitutions run; as arithmetic, it must be known.
func (e *extractor) subscript(x syntax.ArithmExpr, c ctx) {
	e.arith(x, c)
}

// arith walks the arithmetic expression x (design.md 45). Bash expands
// each operand, quotes included as literal text, and evaluates the result
// as arithmetic again, so a variable holding a[$(cmd)] runs cmd: an
// operand is known only if it is a number, or a variable that this line
// never sets to text (checked once the whole line is read: see
// checkArith).
func (e *extractor) arith(x syntax.ArithmExpr, c ctx) {
	if x == nil || e.stop || !e.enter() {
		return
	}
	defer e.leave()
	switch x := x.(type) {
	case *syntax.BinaryArithm:
		if isArithAssign(x.Op) {
			e.arithSet(x.X, c)
			e.arithOperand(x.X, c, true)
		} else {
			e.arith(x.X, c)
		}
		e.arith(x.Y, c)
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			e.arithSet(x.X, c)
		}
		e.arith(x.X, c)
	case *syntax.ParenArithm:
		e.arith(x.X, c)
	case *syntax.Word:
		e.arithOperand(x, c, false)
	default:
		e.opaque(c, nodeText(x, c.src), "arithmetic hookc does not know")
	}
}

// arithOperand walks an operand of arithmetic; assigned says it is assigned
// a number (x=1, x+=1), which leaves it a number.
func (e *extractor) arithOperand(x syntax.ArithmExpr, c ctx, assigned bool) {
	w, ok := x.(*syntax.Word)
	if !ok {
		e.arith(x, c)
		return
	}
	if len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			switch {
			case isArithNumber(p.Value):
				return
			case isName(p.Value):
				if why := specialVar(p.Value); assigned && why != "" {
					e.opaque(c, nodeText(w, c.src), why)
				}
				e.arithName(p.Value, c, nodeText(w, c.src))
				return
			}
		case *syntax.ParamExp:
			if name, ok := simpleParam(p); ok {
				e.arithName(name, c, nodeText(w, c.src))
				return
			}
			if p.Param != nil && p.Index != nil && !p.Excl && !p.Length && p.Slice == nil && p.Repl == nil && p.Exp == nil {
				// a[i], $a[i] or ${a[i]}: the element, and its subscript.
				e.subscript(p.Index, c)
				e.arithName(p.Param.Value, c, nodeText(w, c.src))
				return
			}
		}
	}
	// Anything else is expanded, quotes and all, and the text evaluated.
	e.parts(w.Parts, c, "", true, false)
	e.opaque(c, nodeText(w, c.src), "arithmetic evaluates the text of "+nodeText(w, c.src)+" as an expression, which may run commands")
}

// arithSet records the variable arithmetic assigns, x=1 or x++, as an
// assignment (design.md 152).
func (e *extractor) arithSet(x syntax.ArithmExpr, c ctx) {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return
	}
	if l, ok := w.Parts[0].(*syntax.Lit); ok && isName(l.Value) {
		e.setVar(c, Word{Text: l.Value + "=", Dynamic: true, Prefix: true}, nil, nodeText(w, c.src))
	}
}

// simpleParam returns the name of $x or ${x}.
func simpleParam(p *syntax.ParamExp) (string, bool) {
	if p.Param == nil || !isSimple(p) {
		return "", false
	}
	return p.Param.Value, true
}

func isSimple(p *syntax.ParamExp) bool {
	return p.Flags == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet &&
		p.Split == syntax.OptUnset && p.GlobSubst == syntax.OptUnset &&
		p.RcExpand == syntax.OptUnset && p.NestedParam == nil &&
		p.Index == nil && len(p.Modifiers) == 0 && p.Slice == nil &&
		p.Repl == nil && p.Names == 0 && p.Exp == nil
}

// arithWord walks a word whose value Bash evaluates as arithmetic: an
// operand of [[ a -eq b ]].
func (e *extractor) arithWord(w *syntax.Word, c ctx) {
	if w == nil {
		return
	}
	e.arithOperand(w, c, false)
}

func isArithAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn,
		syntax.ShrAssgn, syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// isArithNumber reports whether s is an integer constant of Bash
// arithmetic: decimal, 0x hex, 0 octal, or BASE#DIGITS.
func isArithNumber(s string) bool {
	if s == "" {
		return false
	}
	if base, digits, ok := strings.Cut(s, "#"); ok {
		if !isInt(base) || digits == "" {
			return false
		}
		for i := 0; i < len(digits); i++ {
			c := digits[i]
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '@' || c == '_') {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		if len(s) == 2 {
			return false
		}
		for i := 2; i < len(s); i++ {
			if payload.HexDigit(s[i]) < 0 {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// numericParams are the special parameters whose value is always a
// number.
var numericParams = []string{"#", "?", "$", "!", "RANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID", "EUID", "SRANDOM", "EPOCHSECONDS", "OPTIND", "SHLVL", "COLUMNS", "LINES", "HISTCMD"}

// bashTextVars are the variables bash itself sets to text a line can
// choose (design.md 127): what [[ =~ ]] matched, function names, the
// script, the command running, $0, completion and readline state.
var bashTextVars = []string{"BASH_REMATCH", "FUNCNAME", "BASH_COMMAND", "BASH_EXECUTION_STRING",
	"BASH_ARGV0", "BASH_ARGV", "BASH_SOURCE", "BASH_ALIASES", "BASH_CMDS", "DIRSTACK",
	"COMP_WORDS", "COMP_LINE", "COMPREPLY", "READLINE_LINE", "READLINE_ARGUMENT", "PWD", "OLDPWD", "HOSTNAME", "BASH_TRAPSIG"}

// arithName records that arithmetic evaluates the variable name, whose
// value is evaluated as arithmetic in turn: known only if the line never
// sets it to text.
func (e *extractor) arithName(name string, c ctx, text string) {
	if slices.Contains(numericParams, name) {
		return
	}
	if slices.Contains(bashTextVars, name) {
		e.opaque(c, text, "arithmetic evaluates the text bash puts in "+name+" as an expression, which may run commands")
		return
	}
	if name == "@" || name == "*" || isInt(name) || name == "-" || name == "_" || name == "0" {
		// Positional parameters and $_ hold whatever the line passed.
		e.opaque(c, text, "arithmetic evaluates the text of $"+name+" as an expression, which may run commands")
		return
	}
	if SecretName(name) {
		// Arithmetic evaluates the variable's value, and an error
		// message shows it: $((NAME)) is $NAME for the secret-name rule
		// (design.md 45, 153).
		e.opaque(c, text, name+" is named like a secret, and arithmetic shows its value in an error")
	} else if envName(name) {
		e.names.env = append(e.names.env, arithUse{name, c, text})
	}
	e.names.arith = append(e.names.arith, arithUse{name, c, text})
}

// An arithUse is a variable that arithmetic evaluates.
type arithUse struct {
	name string
	c    ctx
	text string
}

// names is what the line does with shell variables, for checkArith.
type names struct {
	arith   []arithUse // variables evaluated as arithmetic
	text    []string   // variables the line may set to text
	integer []string   // variables given the integer attribute
	any     bool       // the line may set any variable to text
	set     []string   // variables the line sets, to any value
	env     []arithUse // expansions of variables the environment may give
}

func (n *names) reset() {
	clear(n.arith)
	clear(n.env)
	n.arith, n.text, n.integer, n.any = n.arith[:0], n.text[:0], n.integer[:0], false
	n.set, n.env = n.set[:0], n.env[:0]
}

// setName records that the line sets the variable name.
func (n *names) setName(name string) {
	if !slices.Contains(n.set, name) {
		n.set = append(n.set, name)
	}
}

// bind records that the line sets the variable name to the value of w (nil:
// a value read at run time). A number or an arithmetic expansion leaves it
// a number; anything else is text.
func (e *extractor) bind(c ctx, name string, w *syntax.Word) {
	if special := specialVar(name); special != "" {
		e.opaque(c, name, special)
	}
	e.names.setName(name)
	if w != nil && numericWord(w) {
		return
	}
	if !slices.Contains(e.names.text, name) {
		e.names.text = append(e.names.text, name)
	}
}

// numericWord reports whether the word w is a number, or an arithmetic
// expansion, whose value is a number.
func numericWord(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		return isArithNumber(p.Value) || strings.HasPrefix(p.Value, "-") && isArithNumber(p.Value[1:])
	case *syntax.ArithmExp:
		return true
	case *syntax.DblQuoted:
		return len(p.Parts) == 1 && numericWord(&syntax.Word{Parts: p.Parts})
	}
	return false
}

// checkArith records, once the whole line is walked, a command not known
// for each variable that arithmetic evaluates and the line may set to text,
// and for each integer variable it may assign text to (design.md 45).
func (e *extractor) checkArith() {
	n := &e.names
	for _, u := range n.arith {
		if n.any || slices.Contains(n.text, u.name) {
			e.opaque(u.c, u.text, "arithmetic evaluates the value of "+u.name+", which this command line sets to text, as an expression, which may run commands")
			break
		}
	}
	for _, name := range n.integer {
		if n.any || slices.Contains(n.text, name) {
			e.opaque(ctx{}, name, name+" has the integer attribute: text assigned to it is evaluated as an expression, which may run commands")
			break
		}
	}
}

// checkEnv records, once the whole line is walked, a command not known for
// each expansion of an upper-case variable that the line does not set and
// no list calls plain: its value comes from the environment, where tokens
// and passwords live under names no list can give (MYSQL_PWD, CI_JOB_JWT;
// design.md 250).
func (e *extractor) checkEnv() {
	for _, u := range e.names.env {
		if !slices.Contains(e.names.set, u.name) {
			e.opaque(u.c, u.text, "$"+u.name+" comes from the environment, which may hold a secret under any name")
			return
		}
	}
}

// plainEnv are the environment variables whose values are no secret: the
// shell's own, the locale and terminal, and the toolchains' homes
// (readonly.cue's _plainVariables, for printenv).
var plainEnv = [...]string{
	"HOME", "PWD", "OLDPWD", "PATH", "USER", "LOGNAME", "SHELL", "HOSTNAME", "HOSTTYPE", "OSTYPE", "MACHTYPE",
	"UID", "EUID", "PPID", "BASHPID", "RANDOM", "SRANDOM", "SECONDS", "LINENO", "EPOCHSECONDS", "EPOCHREALTIME",
	"BASH", "BASH_VERSION", "BASH_VERSINFO", "BASH_SOURCE", "BASH_LINENO", "BASH_REMATCH", "BASH_SUBSHELL",
	"BASH_ARGC", "BASH_ARGV", "BASH_COMMAND", "FUNCNAME", "PIPESTATUS", "GROUPS", "DIRSTACK", "HISTCMD",
	"IFS", "OPTARG", "OPTIND", "OPTERR", "REPLY", "COPROC", "SHLVL", "COLUMNS", "LINES", "TERM", "LANG", "LANGUAGE",
	"LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME", "TZ", "TMPDIR", "EDITOR", "VISUAL", "PAGER",
	"GOPATH", "GOROOT", "GOOS", "GOARCH", "GOBIN", "GOCACHE", "GOMODCACHE", "GOFLAGS", "GOTOOLCHAIN", "CGO_ENABLED",
	"NODE_ENV", "VIRTUAL_ENV", "CONDA_DEFAULT_ENV", "CONDA_PREFIX", "JAVA_HOME", "CARGO_HOME", "RUSTUP_HOME",
	"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
	"CLAUDE_PROJECT_DIR", "CLAUDECODE",
}

// envName reports whether name is an upper-case variable, which the
// environment may give, that plainEnv does not list. Lower-case names are
// the shell's own by convention (the proxies are secretName's).
func envName(name string) bool {
	letter := false
	for i := 0; i < len(name); i++ {
		switch b := name[i]; {
		case b >= 'A' && b <= 'Z':
			letter = true
		case b == '_' || b >= '0' && b <= '9':
		default:
			return false
		}
	}
	return letter && !slices.Contains(plainEnv[:], name)
}

// specialVar says why assigning the shell variable name changes what later
// commands of the line mean, or "" if it does not (design.md 45).
func specialVar(name string) string {
	switch name {
	case "HOME":
		return "assigning HOME changes what ~ means"
	case "PATH", "EXECIGNORE", "BASH_LOADABLES_PATH", "BASH_CMDS", "BASH_ALIASES":
		// BASH_CMDS[git]=./x is the hash table's entry (round 50).
		return "assigning " + name + " changes which programs command names run"
	case "CDPATH", "OLDPWD":
		return "assigning " + name + " changes where cd goes"
	case "ENV", "BASH_ENV", "SHELLOPTS", "BASHOPTS", "POSIXLY_CORRECT", "BASH_COMPAT", "BASH_XTRACEFD", "PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS3", "PS4", "TEXTDOMAIN", "TEXTDOMAINDIR", "GLOBIGNORE", "FUNCNEST", "HISTFILE", "INPUTRC":
		return "assigning " + name + " changes how the shell runs later commands"
	}
	return ""
}

// opaque records a command whose program is not known, for code that is
// only known when it runs: no rule allows it, and the dynamic-program
// floor decides it (design.md 45).
func (e *extractor) opaque(c ctx, text, why string) {
	e.emit(SimpleCommand{
		Program:   Word{Text: text, Dynamic: true},
		Opaque:    why,
		Wrappers:  slices.Clip(c.wrappers),
		Assigns:   slices.Clip(c.assigns),
		Producers: slices.Clip(c.producers),
		Dir:       c.dir,
		Depth:     c.depth,
		Shell:     c.shell,
		Text:      text,
	})
}

// secretWords are the parts of variable names that say a secret: tokens,
// keys, passwords, credentials (design.md 45), and the connection strings
// and addresses that carry them (DATABASE_URL, MONGODB_URI, SENTRY_DSN,
// SLACK_WEBHOOK_URL, https_proxy: design.md 240).
var secretWords = [...]string{"SECRET", "TOKEN", "PASS", "APIKEY", "API_KEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL", "AUTH", "COOKIE", "SESSION_KEY", "URL", "URI", "DSN", "WEBHOOK", "PROXY", "CONN"}

// SecretName reports whether a variable's name says it holds a secret
// (AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, PGPASSWORD, STRIPE_KEY), in any
// case: its expansion is asked (design.md 45), and printenv of it is a
// secret read (design.md 386).
func SecretName(name string) bool {
	if len(name) > 3 && strings.EqualFold(name[len(name)-3:], "KEY") {
		return true
	}
	for _, w := range secretWords {
		for i := 0; i+len(w) <= len(name); i++ {
			if strings.EqualFold(name[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}
