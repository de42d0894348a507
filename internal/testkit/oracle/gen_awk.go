package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// The awk class: programs of awk's own grammar (POSIX awk, gawk(1) and
// mawk(1)): rules, BEGIN, END, BEGINFILE, ENDFILE, functions, gawk's
// directives (@include, @load, @namespace), every statement, every output
// redirection (>, >>, |, |&) and getline form, system, close, fflush,
// ENVIRON, PROCINFO, SYMTAB, FUNCTAB, ARGV and ARGC changed in BEGIN,
// FILENAME, indirect calls, special files (/dev/stdout, /dev/stderr,
// /dev/fd/N, /inet/...), gawk's extensions (readfile, rwarray, filefuncs,
// fork, inplace), names computed at run time (concatenation, sprintf,
// substr, case changes, octal and hex escapes, variables set by -v or by
// an operand), every option of gawk and mawk (-f, -e, -E, -i, -l, -d, -D,
// -o, -p, -W ..., abbreviations), operands that assign (FS=:) or name
// special files, and the variables gawk reads (AWKPATH, AWKLIBPATH,
// GAWK_PERSIST_FILE).

// awkGen builds one awk line.
type awkGen struct {
	p     *prog
	name  string   // awk, gawk or mawk
	vars  []string // -v assignments a computed name needs
	oprnd []string // operand assignments a computed name needs
	n     int      // names made
	// progFile: an option gives the program as a file, so the program
	// text is left out, mostly
	progFile bool
}

// awkLine makes a line of the awk class.
func awkLine(r *rng) Line {
	p := newProg(r, "awk", map[string]int{"stmt": 60, "item": 12, "option": 14, "operand": 9, "env": 5})
	a := &awkGen{p: p, name: pick(r, []string{"awk", "awk", "awk", "gawk", "gawk", "mawk"})}
	p.tag("name-" + a.name)
	prog := a.program()
	opts := a.options()
	operands := a.operands(strings.Contains(prog, "BEGIN") && !strings.Contains(prog, "getline"))
	words := []string{}
	if env := a.env(); env != "" {
		words = append(words, env)
	}
	words = append(words, a.name)
	words = append(words, opts...)
	words = append(words, a.vars...)
	if p.chance(5) {
		words = append(words, "--")
		p.tag("opt-dashdash")
	}
	if !a.progFile || p.chance(30) {
		words = append(words, p.word(prog))
	}
	words = append(words, a.oprnd...)
	words = append(words, operands...)
	return p.line(strings.Join(words, " "))
}

// quote is s as an awk string literal.
func awkQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// str is an awk expression whose value is s, spelled so that the name is
// only known when the program runs.
func (a *awkGen) str(s string) string {
	k := a.p.r.IntN(len(s) + 1)
	switch a.p.r.IntN(15) {
	case 0:
		a.p.tag("str-concat")
		return awkQuote(s[:k]) + " " + awkQuote(s[k:])
	case 1:
		a.p.tag("str-sprintf")
		return "sprintf(\"%s%s\", " + awkQuote(s[:k]) + ", " + awkQuote(s[k:]) + ")"
	case 2:
		a.p.tag("str-substr")
		return "substr(" + awkQuote("xyz"+s) + ", 4)"
	case 3, 4:
		if i := strings.IndexAny(s, "./e"); i >= 0 {
			head, tail := awkQuote(s[:i]), awkQuote(s[i+1:])
			if a.p.chance(50) && (tail == `""` || !strings.ContainsRune("0123456789abcdefABCDEF", rune(tail[1]))) {
				a.p.tag("str-hex")
				return head[:len(head)-1] + fmt.Sprintf(`\x%02x`, s[i]) + tail[1:]
			}
			a.p.tag("str-octal")
			return head[:len(head)-1] + fmt.Sprintf(`\%03o`, s[i]) + tail[1:]
		}
	case 5:
		if s == strings.ToLower(s) {
			a.p.tag("str-tolower")
			return "tolower(" + awkQuote(strings.ToUpper(s)) + ")"
		}
	case 6:
		a.n++
		v := "f" + strconv.Itoa(a.n)
		a.vars = append(a.vars, "-v "+sq(v+"="+strings.ReplaceAll(s, `\`, `\\`)))
		a.p.tag("str-v-assign")
		return v
	case 7:
		if strings.HasPrefix(s, Home+"/") {
			a.p.hit("environ-home")
			return `ENVIRON["HOME"] ` + awkQuote(strings.TrimPrefix(s, Home))
		}
	case 9:
		// An operand assignment: set when awk reaches it, after BEGIN.
		a.n++
		v := "f" + strconv.Itoa(a.n)
		a.oprnd = append(a.oprnd, sq(v+"="+strings.ReplaceAll(s, `\`, `\\`)))
		a.p.tag("str-operand-assign")
		return v
	case 8:
		a.p.tag("str-var")
		return "(f = " + awkQuote(s) + ")"
	}
	return awkQuote(s)
}

// expr is a harmless expression.
func (a *awkGen) expr() string {
	return pick(a.p.r, []string{
		"$1", "$0", "$NF", "NR", "NF", "FNR", "$(NF-1)", "length($0)", "toupper($1)", "tolower($2)", "substr($0, 2, 3)",
		"index($0, \"a\")", "NR \":\" $0", "sprintf(\"%-8s|\", $1)", "int(NR / 2)", "NR % 2", "x + 1", "a[$1]", "$1 $2",
		"split($0, p, \"=\")", "sqrt(NR) + exp(0) + log(1) + sin(0) + cos(0) + atan2(0, 1)", "match($0, /a+/)",
		"RSTART", "RLENGTH", "(NR == 1 ? \"first\" : \"next\")", "\"\\t\" $1", "srand(1)", "int(rand() * 10)",
		"gensub(/a/, \"b\", \"g\")", "strftime(\"%Y\", 0, 1)", "systime() * 0", "and(5, 3)", "or(1, 2)", "xor(3, 1)",
		"lshift(1, 2)", "compl(0) * 0", "strtonum(\"0x10\")", "typeof(x)", "isarray(a)", "mktime(\"2020 01 01 00 00 00\") * 0",
		"length(a)", "$1 ~ /^[a-z]+$/", "!/x/", "\"\\052\"", "\"\\x41\"", "OFS", "SUBSEP", "CONVFMT", "RT", "ARGIND",
		"substr($0, length($0))", "$1 in a", "(1, 2) in a", "-$1", "$1 ^ 2", "x++", "--x", "x += NF",
	})
}

// stmt is a statement: harmless, or one that reaches outside the program
// if the plan puts one here.
func (a *awkGen) stmt(depth int) string {
	if a.p.reach("stmt") {
		return a.reachStmt()
	}
	if depth < 2 && a.p.chance(25) {
		return fill(a.p.one([]form{
			{"if", "if (@E@) @B@"},
			{"if-else", "if (NR == 1) { @B@ } else { @B2@ }"},
			{"for-in", "for (k in a) { @B@ }"},
			{"for", "for (i = 1; i <= NF; i++) { @B@ }"},
			{"while", "while (i++ < 2) { @B@ }"},
			{"do-while", "do { @B@ } while (0)"},
			{"block", "{ @B@; @B2@ }"},
			{"switch", "switch ($1) { case \"a\": @B@; break; case /b/: x = 1; break; default: x = 2 }"},
		}), filler{"@E@", a.expr}, filler{"@B@", func() string { return a.stmt(depth + 1) }}, filler{"@B2@", func() string { return a.stmt(depth + 1) }})
	}
	return pick(a.p.r, []string{
		"print", "print " + a.expr(), "print " + a.expr() + ", " + a.expr(), "print(" + a.expr() + ")",
		"printf \"%s\\n\", " + a.expr(), "printf(\"%d %s\\n\", NR, " + a.expr() + ")", "x = " + a.expr(), "n++",
		"a[$1]++", "s = s $0", "gsub(/a/, \"b\")", "sub(/^ +/, \"\", $2)", "n = split($0, parts, /=/)",
		"$2 = \"x\"; print", "NF = 1; print", "OFS = \"-\"; $1 = $1; print", "delete a[$1]", "delete a",
		"x = substr($0, 2)", "if (match($0, /[0-9]+/)) print substr($0, RSTART, RLENGTH)", "next", "exit",
		"nextfile", "exit 3", "IGNORECASE = 1", "FIELDWIDTHS = \"2 3\"", "FPAT = \"[^,]+\"", "RS = \"\"",
		"n = asort(a)", "n = asorti(a, b)", "n = patsplit($0, w, /[a-z]+/)", "CONVFMT = \"%.2g\"", "f(1, 2)",
		"print length()", "printf \"%c\", 65", "print \"a\" \"\\n\" \"b\"", "print -1 \" \" -1", "getline_x = 1",
		"if (NR > 1) print",
	})
}

// reachStmt is a statement that runs a command, reads or writes a file or
// reads the environment or the command line.
func (a *awkGen) reachStmt() string {
	r := a.p.r
	text := a.p.oneHit([]form{
		{"print-redirect", "print @E@ > @W@"},
		{"print-append", "print @E@ >> @W@"},
		{"printf-redirect", "printf \"%s\\n\", @E@ > @W@"},
		{"printf-paren-redirect", "printf(\"%s\\n\", $0) >@W@"},
		{"print-field-redirect", "print $1 > $NF"},
		{"print-pipe", "print @E@ | @C@"},
		{"print-pipe-sh", "print @C@ | \"sh\""},
		{"printf-pipe", "printf \"%s\\n\", @C@ | \"/bin/sh\""},
		{"print-coprocess", "print @E@ |& @C@; close(@C@)"},
		{"system", "system(@C@)"},
		{"system-value", "x = system(@C@)"},
		{"system-flush", "system(\"\")"},
		{"getline-file-loop", "while ((getline line < @S@) > 0) print line"},
		{"getline-file", "getline < @S@; print"},
		{"getline-var-file", "getline x < @S@; print x"},
		{"getline-cmd", "@C@ | getline; print"},
		{"getline-cmd-var", "@C@ | getline x; print x"},
		{"getline-cmd-loop", "while ((@C@ | getline l) > 0) print l"},
		{"getline-coprocess", "print \"x\" |& @C@; @C@ |& getline y; print y"},
		{"getline-plain", "getline; print"},
		{"getline-var", "getline x; print x"},
		{"close", "close(@S@)"},
		{"fflush", "fflush()"},
		{"fflush-file", "fflush(@W@)"},
		{"environ", "print ENVIRON[" + awkQuote(pick(r, []string{"HOME", "PATH", "ORACLE_SECRET", "AWS_SECRET_ACCESS_KEY"})) + "]"},
		{"environ-loop", "for (k in ENVIRON) print k \"=\" ENVIRON[k]"},
		{"procinfo", "for (k in PROCINFO) print k, PROCINFO[k]"},
		{"procinfo-argv", "print PROCINFO[\"argv\"][1]"},
		{"symtab", "print SYMTAB[\"ENVIRON\"][\"HOME\"]"},
		{"functab", "for (k in FUNCTAB) print k"},
		{"argv-add", "ARGV[ARGC++] = @S@"},
		{"argv-replace", "ARGV[1] = @S@; ARGC = 2"},
		{"argv-print", "for (i = 0; i < ARGC; i++) print ARGV[i]"},
		{"filename", "print FILENAME"},
		{"indirect-call", "fn = \"system\"; @fn(@C@)"},
		{"indirect-call-built", "fn = \"sys\" \"tem\"; @fn(@C@)"},
		{"inet", "print \"GET /\" |& \"/inet/tcp/0/127.0.0.1/80\""},
		{"special-stderr", "print @E@ > \"/dev/stderr\""},
		{"special-fd", "print @E@ > \"/dev/fd/3\""},
		{"special-stdin", "getline x < \"/dev/stdin\"; print x"},
		{"special-fd-read", "getline x < \"/dev/fd/0\"; print x"},
	})
	return fill(text,
		filler{"@E@", a.expr},
		filler{"@W@", func() string { return a.str(pick(r, []string{writeName(r), writeName(r), harmlessWrite(r)})) }},
		filler{"@C@", func() string { return a.str(commandText(r)) }},
		filler{"@S@", func() string { return a.str(pick(r, []string{secretName(r), secretName(r), dataFile(r, false)})) }},
	)
}

// item is a rule, a function or a directive.
func (a *awkGen) item() string {
	if a.p.reach("item") {
		return a.reachItem()
	}
	body := func() string {
		var ss []string
		for k := 1 + a.p.r.IntN(2); k > 0; k-- {
			ss = append(ss, a.stmt(0))
		}
		return "{ " + strings.Join(ss, pick(a.p.r, []string{"; ", "\n", ";\n"})) + " }"
	}
	text := a.p.one([]form{
		{"begin", "BEGIN @B@"},
		{"end", "END @B@"},
		{"rule", "{ @S1@ }"},
		{"pattern-rule", "@P@ @B@"},
		{"range-rule", "NR == 1, /alpha/ @B@"},
		{"pattern", pick(a.p.r, []string{"NR == 2", "1", "/a/", "NF", "!seen[$0]++", "$1"})},
		{"function", "function f(x, y,    t) { t = x y; return t }\n{ print f($1, NR) }"},
		{"beginfile", "BEGINFILE @B@"},
		{"endfile", "ENDFILE { print FNR }"},
		{"comment", pick(a.p.r, []string{"# a comment", "# a comment", "# a comment with system() and > in it"}) + "\n{ print }"},
		{"continuation", "{ print \\\n $1 }"},
	})
	return fill(text, filler{"@P@", func() string {
		return pick(a.p.r, []string{"/alpha/", "NR == 1", "$1 ~ /^[a-z]/", "!/beta/", "NR % 2", "length($0)", "$0 ~ \"KEY\""})
	}}, filler{"@B@", body}, filler{"@S1@", func() string { return a.stmt(0) }})
}

// reachItem is a directive or a rule that makes awk read a file or load
// code: gawk's @include and @load with its extensions.
func (a *awkGen) reachItem() string {
	r := a.p.r
	s := secretName(r)
	w := writeName(r)
	c := commandText(r)
	return a.p.oneHit([]form{
		{"include-secret", "@include " + awkQuote(s) + "\n{ print }"},
		{"include-lib", "@include \"join\"\nBEGIN { split(\"a b\", x); print join(x, 1, 2) }"},
		{"include-inplace", "@include \"inplace\"\n{ print toupper($0) }"},
		{"load-readfile", "@load \"readfile\"\nBEGIN { printf \"%s\", readfile(" + awkQuote(s) + ") }"},
		{"load-rwarray", "@load \"rwarray\"\nBEGIN { a[1] = 1; writea(" + awkQuote(w) + ", a) }"},
		{"load-filefuncs", "@load \"filefuncs\"\nBEGIN { stat(" + awkQuote(s) + ", st); print st[\"size\"] }"},
		{"load-fork", "@load \"fork\"\nBEGIN { if (fork() == 0) system(" + awkQuote(c) + "); else wait() }"},
		{"load-inplace", "@load \"inplace\"\nBEGIN { INPLACE_SUFFIX = \".bak\" }"},
		{"namespace", "@namespace \"ns\"\nBEGIN { awk::x = 1; print awk::x }"},
		{"namespace-system", "@namespace \"ns\"\nBEGIN { awk::system(" + awkQuote(c) + ") }"},
		{"beginfile-argv", "BEGIN { ARGV[ARGC] = " + awkQuote(s) + "; ARGC++ }\n{ print }"},
		{"dev-stdin", "BEGIN { while ((getline l < \"-\") > 0) print l }"},
	})
}

// program is one to three items, and a BEGIN rule for a planned statement
// no item took.
func (a *awkGen) program() string {
	var items []string
	for k := 1 + a.p.r.IntN(3); k > 0; k-- {
		items = append(items, a.item())
	}
	for a.p.want["stmt"] > 0 || a.p.want["item"] > 0 {
		if a.p.want["item"] > 0 {
			items = append(items, a.item())
			continue
		}
		items = append(items, "BEGIN { "+a.stmt(0)+" }")
	}
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			switch {
			case strings.HasSuffix(items[i-1], "}") && a.p.chance(30):
				b.WriteString(" ")
			case a.p.chance(30):
				b.WriteString("; ")
			default:
				b.WriteString("\n")
			}
		}
		b.WriteString(it)
	}
	return b.String()
}

// options are the line's options: harmless ones, and one that reads,
// writes or loads code if the plan puts one here.
func (a *awkGen) options() []string {
	var o []string
	for k := a.p.r.IntN(3); k > 0; k-- {
		o = append(o, a.p.one([]form{
			{"opt-F", "-F " + pick(a.p.r, []string{":", "=", "','", "'\\t'", "' '", "'[ =]'", "t"})},
			{"opt-F-attached", "-F:"},
			{"opt-v", "-v " + pick(a.p.r, []string{"n=1", "OFS=-", "'x=a b'", "'s=\\t'", "RS=", "FS=="})},
			{"opt-v", "-v n=1"},
			{"opt-v-attached", "-vn=2"},
			{"opt-F", "-F,"},
			{"opt-assign", "--assign=n=1"},
			{"opt-field-separator", "--field-separator=:"},
			{"opt-version", "--version"},
		}))
	}
	if a.p.reach("option") {
		o = append(o, a.reachOption())
	}
	return o
}

// reachOption is an option that reads a program or a file, writes a file,
// loads code or changes what the program may do.
func (a *awkGen) reachOption() string {
	r := a.p.r
	s := secretOperand(r)
	w := pick(r, []string{writeName(r), marker(r)})
	c := commandText(r)
	code := sq("BEGIN { system(" + awkQuote(c) + ") }")
	forms := []form{
		{"opt-f-secret", "-f " + s}, {"opt-f-file", "-f tools/count.awk"}, {"opt-f-stdin", "-f /dev/stdin"},
		{"opt-e", "-e " + code}, {"opt-source", "--source=" + code}, {"opt-source-abbrev", "--so=" + code},
		{"opt-E", "-E " + s}, {"opt-exec-abbrev", "--ex=" + s}, {"opt-i", "-i " + pick(r, []string{s, "inplace", "join"})},
		{"opt-include", "--include=inplace"}, {"opt-include-abbrev", "--inc=inplace"},
		{"opt-l", "-l " + pick(r, []string{"readfile", "rwarray", "fork", "filefuncs"})}, {"opt-load", "--load=readfile"},
		{"opt-d", "-d"}, {"opt-d-file", "-d" + w}, {"opt-dump-variables", "--dump-variables=" + w}, {"opt-dump-abbrev", "--du=" + w},
		{"opt-p", "-p"}, {"opt-p-file", "-p" + w}, {"opt-profile", "--profile=" + w}, {"opt-profile-abbrev", "--prof=" + w},
		{"opt-o", "-o"}, {"opt-o-file", "-o" + w}, {"opt-pretty-print", "--pretty-print=" + w},
		{"opt-D", "-D"}, {"opt-debug", "--debug"}, {"opt-S", "-S"}, {"opt-sandbox", "--sandbox"},
		{"opt-W-dump-variables", "-W dump-variables=" + w}, {"opt-W-source", "-W source=" + code}, {"opt-W-sandbox", "-W sandbox"},
		{"opt-W-exec", "-W exec " + s}, {"opt-W-dump", "-W dump"}, {"opt-W-version", "-Wv"}, {"opt-W-interactive", "-W interactive"},
		{"opt-W-random", "-W random=1"}, {"opt-W-sprintf", "-W sprintf=4096"}, {"opt-W-posix-space", "-W posix_space"},
		{"opt-W-combined", "-Wi,e " + s},
		{"opt-flags", pick(r, []string{"-b", "-c", "-C", "-g", "-h", "-I", "-L", "-Lfatal", "--lint=fatal", "-M", "-n", "-N", "-O", "-P", "-r", "-s", "-t", "-V", "--posix", "--traditional", "--characters-as-bytes", "--re-interval"})},
	}
	o := a.p.oneHit(forms)
	a.progFile = strings.HasPrefix(o, "-f") || strings.HasPrefix(o, "-E") || strings.HasPrefix(o, "--ex") || strings.HasPrefix(o, "-W exec") || strings.HasPrefix(o, "-Wi,e")
	return o
}

// operands are the files awk reads, with assignments and special names;
// none for a program of BEGIN rules only, sometimes.
func (a *awkGen) operands(beginOnly bool) []string {
	r := a.p.r
	if a.p.reach("operand") {
		return append(a.operandHit(), dataFile(r, false))
	}
	if beginOnly && a.p.chance(50) {
		return nil
	}
	ops := []string{dataFile(r, false)}
	if a.p.chance(20) {
		ops = append([]string{a.p.one([]form{
			{"operand-assign", pick(r, []string{"FS=:", "x=1", "OFS=-", "RS=", "n=0"})},
			{"operand-assign-escape", "'s=a\\tb'"},
		})}, ops...)
	}
	if a.p.chance(15) {
		ops = append(ops, dataFile(r, false))
	}
	if a.p.chance(10) {
		ops = []string{a.p.one([]form{{"operand-stdin", "- < notes.txt"}, {"operand-dev-stdin", "/dev/stdin < notes.txt"}, {"operand-dir", "src notes.txt"}, {"operand-etc", "/etc/passwd"}})}
	}
	return ops
}

// operandHit is an operand that makes awk read what it should not.
func (a *awkGen) operandHit() []string {
	r := a.p.r
	return []string{a.p.oneHit([]form{
		{"operand-secret", secretOperand(r)},
		{"operand-fd", "/dev/fd/3 3< " + secretOperand(r)},
		{"operand-inet", "/inet/tcp/0/127.0.0.1/80"},
		{"operand-proc-environ", "/proc/self/environ"},
		{"operand-assign-then-secret", "FS=: " + secretOperand(r)},
		{"operand-home", "~/.bashrc"},
		{"operand-dashed", "-- -f"},
	})}
}

// env is a variable gawk reads, put before the line, or "".
func (a *awkGen) env() string {
	if !a.p.reach("env") {
		return ""
	}
	r := a.p.r
	return a.p.oneHit([]form{
		{"env-awkpath", "AWKPATH=" + pick(r, []string{"/home/user/.ssh", ".", "/tmp"})},
		{"env-awklibpath", "AWKLIBPATH=/tmp"},
		{"env-persist", "GAWK_PERSIST_FILE=" + writeName(r)},
		{"env-posixly-correct", "POSIXLY_CORRECT=1"},
		{"env-lc-all", "LC_ALL=C.UTF-8"},
		{"env-read-timeout", "GAWK_READ_TIMEOUT=10"},
	})
}
