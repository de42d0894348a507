package runtime

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The parse oracle's generator (design.md 125): lines composed from
// bash's grammar, with here-documents, line continuations, comments,
// quoting and nesting in every place. Line i depends only on the seed and
// i.

// genParseLine returns generated line i of seed.
func genParseLine(seed uint64, i int) string {
	g := &pgen{r: rand.New(rand.NewPCG(seed, uint64(i)))}
	var b strings.Builder
	n := 1 + g.r.IntN(2)
	for k := 0; k < n; k++ {
		if k > 0 {
			b.WriteString(g.sep())
		}
		b.WriteString(g.list(0))
	}
	b.WriteString(g.flush(true))
	line := b.String()
	// Mutations: a line continuation, a line break, a comment or a
	// quote in any place, bytes that may split any token.
	if g.r.IntN(3) == 0 && len(line) > 0 {
		at := g.r.IntN(len(line) + 1)
		ins := g.pick("\\\n", "\\\n", "\n", " #c ", "#", "'", "\"", "$", "\\", "\t")
		line = line[:at] + ins + line[at:]
	}
	// Line continuations in any place (design.md 285): between the
	// bytes of an operator, a keyword, a quote or an expansion.
	if g.r.IntN(4) == 0 && len(line) > 0 {
		for k := 1 + g.r.IntN(3); k > 0; k-- {
			at := g.r.IntN(len(line) + 1)
			line = line[:at] + "\\\n" + line[at:]
		}
	}
	return line
}

// A pgen generates one line. pending holds the here-documents whose
// bodies follow the next line break.
type pgen struct {
	r       *rand.Rand
	n       int
	pending []string
}

func (g *pgen) pick(s ...string) string { return s[g.r.IntN(len(s))] }

// name returns a fresh command name.
func (g *pgen) name() string {
	g.n++
	return fmt.Sprintf("c%d", g.n)
}

// sep returns a separator between commands; a line break brings the
// pending here-document bodies.
func (g *pgen) sep() string {
	switch g.r.IntN(6) {
	case 0:
		return "; "
	case 1:
		return " && "
	case 2:
		return " || "
	case 3:
		return " & "
	default:
		return g.newline()
	}
}

// newline returns a line break, with a comment or a continuation before
// it at times, and the pending bodies after it.
func (g *pgen) newline() string {
	s := ""
	switch g.r.IntN(6) {
	case 0:
		s = " # " + g.pick("note", "it's", "a \"q", "x $(y", "`z", "EOF", "x \\")
	case 1:
		s = " #"
	}
	return s + "\n" + g.flush(false)
}

// flush returns the pending here-document bodies, each ended by its
// delimiter line (missing, at the end, at times).
func (g *pgen) flush(end bool) string {
	if len(g.pending) == 0 {
		return ""
	}
	s := ""
	if end {
		s = "\n"
	}
	for _, p := range g.pending {
		s += p
	}
	g.pending = g.pending[:0]
	if end && g.r.IntN(4) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

// list returns a list of pipelines.
func (g *pgen) list(depth int) string {
	s := g.pipeline(depth)
	for g.r.IntN(4+2*depth) == 0 {
		s += g.pick(" && ", " || ", "; ", " & ") + g.pipeline(depth)
	}
	return s
}

func (g *pgen) pipeline(depth int) string {
	s := g.command(depth)
	for g.r.IntN(5+2*depth) == 0 {
		s += g.pick(" | ", " |& ", "|") + g.command(depth)
	}
	if g.r.IntN(15) == 0 {
		s = "! " + s
	}
	return s
}

// body returns a list inside a compound command, separated from what
// follows by ; or a line break.
func (g *pgen) body(depth int) string {
	s := g.list(depth + 1)
	if g.r.IntN(3) == 0 {
		s += g.newline() + g.list(depth+1)
	}
	if g.r.IntN(2) == 0 {
		return s + g.newline()
	}
	return s + "; "
}

func (g *pgen) command(depth int) string {
	k := g.r.IntN(30 + 20*depth)
	if depth >= 2 {
		k = 0
	}
	if k >= 16 && k < 26 {
		return g.command2(k-16, depth)
	}
	switch k {
	case 1:
		return "( " + g.body(depth) + ")"
	case 2:
		return "{ " + g.body(depth) + "}"
	case 3:
		return "if " + g.body(depth) + "then " + g.body(depth) + g.pick("", "else "+g.body(depth)) + "fi"
	case 4:
		return "for v in " + g.word(depth) + " " + g.word(depth) + "; do " + g.body(depth) + "done"
	case 5:
		return "while " + g.body(depth) + "do " + g.body(depth) + "done"
	case 6:
		return "case " + g.word(depth) + " in " + g.pick("", "(") + g.pat() + ") " + g.body(depth) + ";;" +
			g.pick("", " "+g.pat()+"|"+g.pat()+") "+g.list(depth+1)+g.pick(";;", ";&", ";;&")) + g.pick(" ", "\n") + "esac"
	case 7:
		return g.pick("g() { ", "function g() { ", "function g { ") + g.body(depth) + "}"
	case 8:
		return "(( " + g.arith(depth) + " ))"
	case 9:
		return "[[ " + g.word(depth) + g.pick(" == ", " != ", " =~ ", " -eq ", " < ") + g.word(depth) + " ]]"
	case 10, 11:
		return g.shellC(depth)
	case 12, 13, 14:
		return g.heredocCmd(depth)
	case 15:
		return "for ((i=0; i<" + g.arith(depth) + "; i++)); do " + g.body(depth) + "done"
	default:
		return g.simple(depth)
	}
}

// pat returns a case pattern.
func (g *pgen) pat() string {
	return g.pick("a", "*", "'x)'", "\"y\"", "a\\)", "[ab]", "EOF", "$v", "#x", "x#")
}

// shellC returns a nested shell with a script, quoted either way.
func (g *pgen) shellC(depth int) string {
	inner := &pgen{r: g.r, n: g.n + 100}
	script := inner.list(depth+1) + inner.flush(true)
	g.n = inner.n
	sh := g.pick("sh -c ", "bash -c ", "bash -lc ")
	if g.r.IntN(2) == 0 {
		return sh + "'" + strings.ReplaceAll(script, "'", `'\''`) + "'"
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return sh + "\"" + r.Replace(script) + "\""
}

// simple returns a simple command with words and redirections.
func (g *pgen) simple(depth int) string {
	var b strings.Builder
	if g.r.IntN(8) == 0 {
		b.WriteString(g.pick("v=", "a[1]=", "v+=", "x=") + g.word(depth) + " ")
	}
	b.WriteString(g.cmdName())
	for k := g.r.IntN(3); k > 0; k-- {
		b.WriteString(" " + g.word(depth))
	}
	for g.r.IntN(5) == 0 {
		b.WriteString(" " + g.redir(depth))
	}
	return b.String()
}

func (g *pgen) cmdName() string {
	switch g.r.IntN(10) {
	case 0:
		return "echo"
	case 1:
		return "rm -rf ~"
	case 2:
		return g.pick("e'c'ho", "\"cat\"", "\\ls", "c\\\nat", "$'echo'")
	}
	return g.name()
}

func (g *pgen) redir(depth int) string {
	switch g.r.IntN(6) {
	case 0:
		return g.pick(">", ">>", "<", "2>", "&>", "<>") + g.word(depth)
	case 1:
		return g.pick("2>&1", ">&2", "<&-")
	case 2:
		return "<<< " + g.word(depth)
	default:
		return g.heredoc(depth)
	}
}

// heredocCmd returns a command reading a here-document: cat, a shell, a
// pipeline or a substitution around it.
func (g *pgen) heredocCmd(depth int) string {
	switch g.r.IntN(7) {
	case 0:
		return "cat " + g.heredoc(depth) + " | " + g.simple(depth)
	case 1:
		return g.pick("bash ", "sh ", "bash -s ") + g.heredoc(depth)
	case 2:
		return "cat " + g.heredoc(depth) + " " + g.heredoc(depth)
	case 3:
		return "echo \"$(cat " + g.heredoc(depth) + g.newline() + ")\""
	case 4:
		return "x=$(cat " + g.heredoc(depth) + g.newline() + ")"
	case 5:
		return "cat " + g.heredoc(depth) + "; cat " + g.heredoc(depth)
	}
	return g.pick("cat ", "c0 ", "tee f ") + g.heredoc(depth)
}

// heredoc returns a here-document operator with its delimiter, and adds
// its body to pending.
func (g *pgen) heredoc(depth int) string {
	name := g.pick("EOF", "EOF", "E", "END_1", "x-y")
	op := g.pick("<<", "<<", "<<-", "<< ")
	dw := name
	quoted := false
	switch g.r.IntN(10) {
	case 0:
		dw, quoted = "'"+name+"'", true
	case 1:
		dw, quoted = "\""+name+"\"", true
	case 2:
		dw, quoted = "\\"+name, true
	case 3:
		dw, quoted = name[:1]+"\""+name[1:]+"\"", true
	case 4:
		dw = name[:1] + "\\\n" + name[1:]
	case 5:
		dw, quoted = "$'"+name+"'", true
	}
	_ = quoted
	var body strings.Builder
	for k := g.r.IntN(3); k > 0; k-- {
		body.WriteString(g.bodyLine(name, op == "<<-", depth))
	}
	end := name
	if op == "<<-" && g.r.IntN(2) == 0 {
		end = "\t" + name
	}
	g.pending = append(g.pending, body.String()+end+"\n")
	return op + dw
}

// bodyLine returns one or more lines of a here-document body: text,
// expansions, and the delimiter in places where a reader might miss or
// wrongly take it.
func (g *pgen) bodyLine(delim string, dash bool, depth int) string {
	hidden := "rm -rf ~"
	switch g.r.IntN(18) {
	case 0:
		return "text " + g.word(depth) + "\n"
	case 1:
		return "$(echo '\n" + delim + "\n" + hidden + "\n')\n"
	case 2:
		return "$(cat <<'X'\n" + delim + "\nX\n)\n"
	case 3:
		return "`echo\n" + delim + "\n" + hidden + "\n`\n"
	case 4:
		return "${v:-\n" + delim + "\n}\n"
	case 5:
		return "$((1 +\n" + delim + "\n))\n"
	case 6:
		return "\"q\n" + delim + "\n\"\n"
	case 7:
		return delim + ")\n"
	case 8:
		return delim + " \n"
	case 9:
		return " " + delim + "\n"
	case 10:
		if dash {
			return "\t" + delim + "x\n"
		}
		return "\t" + delim + "\n"
	case 11:
		return "a\\\n" + delim + "\n" + hidden + "\n"
	case 12:
		return delim[:1] + "\\\n" + delim[1:] + "\n"
	case 13:
		return "# " + delim + "\n"
	case 14:
		return "$(echo x # )\n" + delim + "\n)\n"
	case 15:
		return "'" + delim + "'\n"
	case 16:
		if depth == 0 {
			return "$(\n" + g.list(depth+1) + "\n)\n"
		}
	}
	return "line " + g.pick("$x", "${y}", "$(c9)", "`c8`", "\\$z", "'q'", "\"d\"", "#h") + "\n"
}

// word returns a word of one to three parts.
func (g *pgen) word(depth int) string {
	var b strings.Builder
	for k := 1 + g.r.IntN(2); k > 0; k-- {
		b.WriteString(g.part(depth))
	}
	return b.String()
}

func (g *pgen) part(depth int) string {
	k := g.r.IntN(32 + 16*depth)
	if depth >= 2 && k >= 9 {
		k = 0
	}
	if k >= 18 && k < 26 {
		return g.part2(k-18, depth)
	}
	switch k {
	case 0, 1:
		return g.pick("a", "b1", "x.txt", "-f", "--opt=v", "~", "~/f", "/etc/passwd", "EOF", "}", "{a,b}", "*.go")
	case 2:
		return "'" + g.pick("s", "a b", "x\ny", "$(c7)", "#", "\\", "EOF\n") + "'"
	case 3:
		return "\"" + g.pick("d", "$v", "a b", "x\ny", "\\\"", "\\$x", "`c6`", "$(c5)", "#", "\\\n", "${v:-'q'}") + "\""
	case 4:
		return "$'" + g.pick("a\\'b", "\\n", "x\\x41", "\\\\") + "'"
	case 5:
		return "$\"" + g.pick("t", "$v") + "\""
	case 6:
		return "\\" + g.pick("a", "$", "#", " ", ";", "'", "\"", "\\", "\n")
	case 7:
		return g.pick("$v", "${v}", "$1", "$@", "${#v}", "${v#*/}", "${v//a/b}", "${a[1]}")
	case 8:
		return "#" + g.pick("a", "")
	case 9:
		return "${v:-" + g.word(depth+1) + "}"
	case 10:
		return "a#b"
	case 11:
		return "$((" + g.arith(depth) + "))"
	case 12, 13:
		return "$(" + g.subst(depth) + ")"
	case 14:
		return "`" + strings.ReplaceAll(g.list(depth+1), "`", "\\`") + "`"
	case 15:
		return "<(" + g.subst(depth) + ")"
	case 16:
		return "\"$(" + g.subst(depth) + ")\""
	case 17:
		return "${v:=" + g.pick("x", "1", "$(c4)") + "}"
	}
	return g.pick("w", "file", "-n", "x=y", "a;b")[:1]
}

// subst returns the script of a substitution: commands, comments and line
// breaks.
func (g *pgen) subst(depth int) string {
	s := g.list(depth + 1)
	switch g.r.IntN(6) {
	case 0:
		s += " # " + g.pick("c )", "x", "')'")
		s += "\n"
	case 1:
		s = "\n" + s + "\n"
	case 2:
		s += g.newline() + g.list(depth+1)
	}
	return s
}

// arith returns an arithmetic expression.
func (g *pgen) arith(depth int) string {
	switch g.r.IntN(8) {
	case 0:
		return "1+2"
	case 1:
		return "x"
	case 2:
		return "a[" + g.pick("1", "i", "$(c3)", "x+1") + "]"
	case 3:
		return "$(" + g.simple(depth+1) + ")"
	case 4:
		return "x = " + g.pick("1", "y", "$v")
	case 5:
		return "1 <<\n2"
	case 6:
		return "(x " + g.pick("+", "<<", ">") + " 2)"
	}
	return "$v + 1"
}
