package runtime

import "strings"

// More of bash's grammar for the parse oracle's generator (design.md
// 285): coprocesses, select, time, the ways arithmetic and subshells
// meet, every form of function definition, [[ ]] with its own operators,
// redirections on compound commands, arrays and declarations, comments
// in every place, and quoting nested inside substitutions.

// command2 returns compound command k of the second set.
func (g *pgen) command2(k, depth int) string {
	switch k {
	case 0:
		return g.pick("coproc ", "coproc ", "coproc N ", "coproc N { ", "coproc ( ", "coproc { ") + g.coprocBody(depth)
	case 1:
		return "select v in " + g.word(depth) + g.pick("; ", "\n") + "do " + g.body(depth) + "done"
	case 2:
		return g.pick("time ", "time -p ", "! ", "time ! ", "time -- ") + g.pipeline(depth+1)
	case 3:
		return g.arithOrSubshell(depth)
	case 4:
		return g.funcDef(depth)
	case 5:
		return g.cond(depth)
	case 6:
		return g.compoundRedir(depth)
	case 7:
		return g.declaration(depth)
	case 8:
		return g.commented(depth)
	default:
		return g.nestedQuotes(depth)
	}
}

// coprocBody returns what follows coproc: a simple command, or a group
// or subshell whose opening the caller wrote.
func (g *pgen) coprocBody(depth int) string {
	switch g.r.IntN(3) {
	case 0:
		return g.simple(depth)
	case 1:
		return g.body(depth) + "}"
	}
	return g.body(depth) + ")"
}

// arithOrSubshell returns a command where (( may open arithmetic or two
// subshells, and $(( arithmetic or a substitution of a subshell.
func (g *pgen) arithOrSubshell(depth int) string {
	c1, c2 := g.name(), g.name()
	return g.pick(
		"(("+c1+"); ("+c2+"))",
		"(("+c1+") )",
		"( ("+c1+") )",
		"(( "+c1+" ) || "+c2+")",
		"echo $(("+c1+") )",
		"echo $( ("+c1+"); "+c2+")",
		"echo $(("+c1+"); "+c2+")",
		"(( a[$("+c1+")]++ ))",
		"(( (1) + ("+g.arith(depth)+") ))",
		"(( \"1\" + x ))",
		"echo $[ "+g.arith(depth)+" ]",
		"echo $[$("+c1+")]",
		"((x = $(("+g.arith(depth)+"))))",
		"(( x #\n ))",
		"for ((;0;)); do "+g.body(depth)+"done",
		"for (( i = $("+c1+"); i < 1; i++ )) { "+g.body(depth)+"}",
	)
}

// funcDef returns a function definition: every form of name, body and
// redirection after it.
func (g *pgen) funcDef(depth int) string {
	name := g.pick("g", "g.x", "g-1", "function", "'q'", "a=b", "$v", "{", "g::h")
	head := g.pick(name+"() ", name+" () ", "function "+name+" ", "function "+name+"() ", "function "+name+" ( ) ", name+"()\n")
	var body string
	switch g.r.IntN(6) {
	case 0:
		body = "( " + g.body(depth) + ")"
	case 1:
		body = "if " + g.body(depth) + "then " + g.body(depth) + "fi"
	case 2:
		body = "for v in a; do " + g.body(depth) + "done"
	case 3:
		body = "[[ -n " + g.word(depth) + " ]]"
	case 4:
		body = "(( " + g.arith(depth) + " ))"
	default:
		body = "{ " + g.body(depth) + "}"
	}
	if g.r.IntN(3) == 0 {
		body += " " + g.redir(depth)
	}
	if g.r.IntN(2) == 0 {
		body += g.pick("; ", "\n") + g.pick("g", name, "g x") + " " + g.word(depth)
	}
	return head + body
}

// cond returns a [[ ]] with its own grammar: ! && || ( ), unary and
// binary tests, =~ with a regular expression bash reads raw, and line
// breaks inside.
func (g *pgen) cond(depth int) string {
	var term func(d int) string
	term = func(d int) string {
		if d < 2 && g.r.IntN(3) == 0 {
			return g.pick("! ", "( ", "") + term(d+1) + g.pick(" && ", " || ", " &&\n", " ||\\\n") + term(d+1) + g.pick("", " )")
		}
		switch g.r.IntN(5) {
		case 0:
			return g.pick("-n ", "-z ", "-f ", "-v ", "-o ", "-a ", "-t ") + g.word(depth)
		case 1:
			return g.word(depth) + " =~ " + g.pick("^(a|b)$", "a b", "[[:alpha:]]+", "(\\))", "'x'$v", "$(c2)", "a|b", "x;y", "( a )", "{1}#")
		case 2:
			return g.word(depth) + g.pick(" < ", " > ", " == ", " = ", " != ", " -nt ", " -ef ") + g.word(depth)
		case 3:
			return g.word(depth) + " == " + g.pick("@(a|b)", "*(x)", "!(y)", "a*", "'*'", "[]]", "#x")
		}
		return g.word(depth)
	}
	return "[[ " + term(0) + " ]]" + g.pick("", " && "+g.simple(depth), " ; "+g.simple(depth))
}

// compoundRedir returns a compound command with redirections after it,
// here-documents and process substitutions among them.
func (g *pgen) compoundRedir(depth int) string {
	var c string
	switch g.r.IntN(5) {
	case 0:
		c = "{ " + g.body(depth) + "}"
	case 1:
		c = "( " + g.body(depth) + ")"
	case 2:
		c = "while " + g.simple(depth) + "; do " + g.body(depth) + "done"
	case 3:
		c = "if " + g.simple(depth) + "; then " + g.body(depth) + "fi"
	default:
		c = "case " + g.word(depth) + " in *) " + g.body(depth) + ";; esac"
	}
	for k := 1 + g.r.IntN(2); k > 0; k-- {
		c += " " + g.pick(g.redir(depth), "< <("+g.subst(depth)+")", "> >("+g.subst(depth)+")", "{fd}>f", "3<>f", ">|f", "&>>f", "2>&1", ">&-", "<&3")
	}
	return c
}

// declaration returns an assignment or declaration builtin: arrays,
// compound values and substitutions inside them.
func (g *pgen) declaration(depth int) string {
	val := g.pick("(", "(x ", "([1]=") + g.word(depth) + g.pick(")", " "+g.word(depth)+")", "\n"+g.word(depth)+")", " # c\n)")
	switch g.r.IntN(5) {
	case 0:
		return "a=" + val + g.pick("", " "+g.simple(depth), "; "+g.simple(depth))
	case 1:
		return "a+=" + val
	case 2:
		return g.pick("declare -a ", "local ", "export ", "readonly ", "typeset -A ", "declare -- ") + "a=" + val
	case 3:
		return g.pick("declare ", "local ", "export ", "readonly ") + "v=" + g.word(depth) + " " + g.word(depth)
	}
	return "a[" + g.pick("1", "$(c3)", "x+1", "'k'", "\"$v\"") + "]=" + g.word(depth) + g.pick("", " "+g.simple(depth))
}

// commented returns a command with comments where bash may or may not
// read one: after words, inside words, in groups, case lists,
// substitutions, backquotes and arithmetic.
func (g *pgen) commented(depth int) string {
	c1, c2 := g.name(), g.name()
	return g.pick(
		c1+" a #b\n"+c2,
		c1+" a#b #c "+c2,
		c1+" #c;"+c2+"\n"+c2,
		"{ #c\n"+c1+"; }",
		"{ "+c1+" #}\n}",
		"case x in #c\n a) "+c1+";; #c\n esac",
		"case x in a) "+c1+" #;;\n;; esac",
		"echo $("+c1+" #c )\n)",
		"echo $(#c\n"+c1+")",
		"echo `"+c1+" #c` "+c2,
		"echo \"$("+c1+" #c\n)\"",
		"echo ${v#"+c1+"} $# c",
		"echo $(( 1 #c\n))",
		c1+" \\#c "+c2,
		c1+" '#' \"#\" $'#' "+c2,
		c1+";#c\n"+c2,
		c1+"&#c\n"+c2,
		c1+"|#c\n"+c2,
		c1+" &&#c\n"+c2,
		"if #c\n"+c1+"; then #c\n"+c2+"; fi",
		"for v #c\nin a; do "+c1+"; done",
		c1+" a\\\n#c "+c2,
	)
}

// nestedQuotes returns a command with quoting nested inside command
// substitutions and backquotes, where each level has its own rules.
func (g *pgen) nestedQuotes(depth int) string {
	c1, c2 := g.name(), g.name()
	return g.pick(
		"echo \"$("+c1+" \"a b\" ')' \"$("+c2+" \")\")\")\"",
		"echo \"`"+c1+" \\\"a\\\" \\`"+c2+"\\``\"",
		"echo `"+c1+" \\`"+c2+"\\``",
		"echo `"+c1+" '\\`' `",
		"echo `"+c1+" \"\\`"+c2+"\\`\"`",
		"echo $(case x in a) "+c1+";; esac)",
		"echo $(case x in (a) "+c1+";; esac; "+c2+")",
		"echo $("+c1+" <<'E'\n)\nE\n"+c2+")",
		"echo \"$(echo ')' \"$("+c1+")\")\"",
		"echo \"${v:-$("+c1+")}\" \"${v:-\"$("+c2+")\"}\"",
		"echo \"${v:-'}'}\" "+c1,
		"echo ${v:-'}'} "+c1,
		"echo \"${v:-\\}}\" $("+c1+")",
		"echo $'\\''"+c1+"'\\''",
		"echo $'a\\'b' "+c1,
		"echo $\"$("+c1+")\"",
		"echo \"$(echo \"\\\"\" "+c1+")\"",
		"echo '$("+c1+")' \"'\"$("+c2+")\"'\"",
		"echo $("+c1+" `"+c2+"`)",
		"echo `echo $("+c1+")`",
		"echo \"`echo '\"'`\" "+c1,
		"echo ${v/$("+c1+")/`"+c2+"`}",
		"echo {a,$("+c1+")}",
		"echo $(\""+c1+"\" 'x)')",
	)
}

// part2 returns a word part of the second set.
func (g *pgen) part2(k, depth int) string {
	switch k {
	case 0:
		return "$[" + g.arith(depth) + "]"
	case 1:
		return ">(" + g.subst(depth) + ")"
	case 2:
		return g.pick("{a,b}", "{1..3}", "{a,$(c2)}", "x{,y}", "{a,'b c'}", "\\{a,b}", "{a..z..2}", "{}")
	case 3:
		return g.pick("${v:$(c1):1}", "${!v}", "${v@Q}", "${#}", "$#", "$$", "${v%%\\}*}", "${v:-\"}\"}", "${v/#x/$(c2)}", "${a[$(c3)]}", "${v:-`c4`}")
	case 4:
		return g.pick("~+", "~-", "~root/x", "a~", "x=~/f", "$'\\x27'", "$'\\c'", "$'\\u00e9'")
	case 5:
		return g.pick("@(a|b)", "!(x)", "+(a)", "*(b)", "?(c)")
	case 6:
		return "\"" + strings.ReplaceAll(g.pick("$(c5 \"x\")", "`c6 \\\"y\\\"`", "${v:-$(c7)}", "$((1+$(c8)))"), "\n", "") + "\""
	}
	return g.pick("a\\\nb", "'a'\\\n\"b\"", "$\\\nv", "$\\\n(c9)", "\\\\\\\n")
}
