package oracle

import (
	"strings"
)

// The sed class: scripts of GNU sed's own grammar (info sed): addresses
// (N, $, first~step, /re/ and \%re% with I and M, 0,/re/, addr,+N,
// addr,~N, !), every command ({}, =, a, b, c, d, D, e, F, g, G, h, H, i,
// l, n, N, p, P, q, Q, r, R, s, t, T, v, w, W, x, y, z, :, #, #n), s with
// any delimiter and every flag (g, N, p, i, I, m, M, e, w FILE), the
// escapes (\n, \t, \cX, \dNNN, \oNNN, \xHH, \w, \b, \<, case conversion in
// replacements), file names that run to the end of the line, the special
// files (/dev/stdout, /dev/stderr, /dev/stdin), commands separated by ; or
// newlines, scripts given as one operand, as several -e (joined with
// newlines), with --expression or from a file; every option (-n, -i[SUF],
// --in-place, -s, -E, -r, -z, -u, -l N, -b, --debug, --posix, --sandbox,
// --follow-symlinks, abbreviations, options after the operands).

// sedGen builds one sed line.
type sedGen struct {
	p     *prog
	delim string
	// how an option makes sed take its script: "" (the first operand),
	// "file" (-f: the script operand is left out, mostly) or "expr" (-e:
	// the script goes with -e too)
	scriptBy string
}

// sedLine makes a line of the sed class.
func sedLine(r *rng) Line {
	p := newProg(r, "sed", map[string]int{"cmd": 65, "option": 25, "operand": 10})
	s := &sedGen{p: p}
	script := s.script()
	opts := s.options()
	ops := s.operands()
	var words []string
	switch k := r.IntN(100); {
	case s.scriptBy == "file" && k < 70:
	case s.scriptBy == "expr":
		words = append(words, "-e", sq(script))
	case k < 7 && !strings.HasPrefix(script, "#n"):
		// Several -e: sed joins them with newlines.
		p.tag("opt-e-split")
		parts := strings.Split(script, "\n")
		for _, part := range parts {
			words = append(words, "-e", sq(part))
		}
	case k < 10:
		p.tag("opt-expression")
		words = append(words, "--expression="+sq(script))
	default:
		words = append(words, p.word(script))
	}
	if len(opts) > 0 && r.IntN(100) < 15 {
		// GNU getopt takes options after the operands too.
		p.tag("opt-after-operands")
		return p.line(strings.Join(append(append(append([]string{"sed"}, words...), ops...), opts...), " "))
	}
	return p.line(strings.Join(append(append(append([]string{"sed"}, opts...), words...), ops...), " "))
}

// sedBody is a regular expression or replacement for the delimiter d.
func (s *sedGen) body(repl bool) string {
	r := s.p.r
	var b strings.Builder
	for k := 1 + r.IntN(3); k > 0; k-- {
		switch r.IntN(6) {
		case 0:
			b.WriteString(pick(r, []string{`\n`, `\t`, `\.`, `\x41`, `\o101`, `\d065`, `\cA`, `\w`, `\b`, `\<`, `\` + s.delim}))
		case 1:
			if repl {
				b.WriteString(pick(r, []string{"&", `\1`, `\U&`, `\L`, `\E`, `\u`, `\l`}))
			} else {
				b.WriteString(pick(r, []string{`\(a\)`, "[[:alpha:]]", "[0-9]", "[^ ]*", ".*", "^", "$", `\+`, `\{1,2\}`}))
			}
		default:
			b.WriteString(pick(r, []string{"a", "alpha", "beta", "KEY", "x", " ", "=", "value", "1"}))
		}
	}
	return b.String()
}

// subst is an s command with harmless flags.
func (s *sedGen) subst() string {
	r := s.p.r
	s.delim = "/"
	if s.p.chance(25) {
		s.delim = pick(r, []string{"|", "|", "|", ",", "#", ":", "@", "%", "!", "_"})
		s.p.tag("s-delim")
	}
	d := s.delim
	flags := pick(r, []string{"", "", "g", "p", "2", "gp", "i", "I", "m", "M", "3g", "gI"})
	return "s" + d + s.body(false) + d + s.body(true) + d + flags
}

// address is an address or range, or "".
func (s *sedGen) address() string {
	r := s.p.r
	if s.p.chance(50) {
		return ""
	}
	s.delim = "/"
	one := func() string {
		return pick(r, []string{"1", "2", "$", "0~2", "1~3", "/alpha/", "/^KEY/I", "/a/M", `\%beta%`, "/" + s.body(false) + "/", "/x/"})
	}
	a := s.p.one([]form{
		{"addr", one()},
		{"addr-range", one() + "," + pick(r, []string{"$", "3", "/beta/", "+1", "~2"})},
		{"addr-zero", "0,/alpha/"},
	})
	if s.p.chance(15) {
		s.p.tag("addr-negate")
		a += pick(r, []string{"!", " !", "! "})
	}
	return a
}

// command is one command, with its address: harmless, or one that reads,
// writes or runs something if the plan puts one here.
func (s *sedGen) command(depth int) string {
	if s.p.reach("cmd") {
		return s.address() + s.reachCommand()
	}
	r := s.p.r
	if depth < 2 && s.p.chance(12) {
		s.p.tag("block")
		return s.address() + "{" + pick(r, []string{"", " ", "", " ", "\n"}) + s.commands(depth+1) + pick(r, []string{"", ";", "", ";", "\n", "; "}) + "}"
	}
	addr := s.address()
	return addr + fill(s.p.one([]form{
		{"s", "@S@"}, {"s", "@S@"}, {"s", "@S@"}, {"s", "@S@"},
		{"y", "y/abc/xyz/"},
		{"print", pick(r, []string{"p", "P", "l", "=", "F", "p", "l 20", "l0"})},
		{"print", "p"},
		{"delete", pick(r, []string{"d", "D"})},
		{"next", pick(r, []string{"n", "N"})},
		{"hold", pick(r, []string{"h", "H", "g", "G", "x"})},
		{"zap", "z"},
		{"quit", pick(r, []string{"q", "Q", "q5", "Q 2", "q 0"})},
		{"branch", pick(r, []string{"b", "bend", "t", "tend", "T", "Tend", "b end"})},
		{"label", ":end"},
		{"misc", pick(r, []string{"a text", "i text", "c text", "a\\\ntext", "i\\", "$a\\", "v 4.2", "# a comment"})},
	}), filler{"@S@", s.subst})
}

// reachCommand is a command that reads or writes a file or runs one.
func (s *sedGen) reachCommand() string {
	r := s.p.r
	w := pick(r, []string{writeName(r), writeName(r), harmlessWrite(r)})
	f := pick(r, []string{secretName(r), secretName(r), dataFile(r, false), "/dev/stdin"})
	c := commandText(r)
	s.delim = "/"
	return s.p.oneHit([]form{
		{"w", "w " + w}, {"w-nospace", "w" + w}, {"W", "W " + w},
		{"w-stdout", "w /dev/stdout"}, {"w-stderr", "w /dev/stderr"},
		{"s-w", "s/a/b/w " + w}, {"s-gw", "s/" + s.body(false) + "/x/gw " + w}, {"s-pw", "s|a|b|pw " + w},
		{"r", "r " + f}, {"r-nospace", "r" + f}, {"R", "R " + f},
		{"e", "e " + c}, {"e-pattern", "s/.*/" + strings.ReplaceAll(c, "/", `\/`) + "/;e"},
		{"s-e", "s/.*/" + strings.ReplaceAll(c, "/", `\/`) + "/e"},
		{"s-e-delim", "s|^.*$|" + strings.ReplaceAll(c, "|", `\|`) + "|e"},
		{"s-Me", "s/^/" + strings.ReplaceAll(c, "/", `\/`) + " #/Me"},
		{"e-line", "e"},
		{"s-y-e", "y/abc/xyz/;1e " + c},
	})
}

// commands is one to three commands, separated as sed allows.
func (s *sedGen) commands(depth int) string {
	var b strings.Builder
	n := 1 + s.p.r.IntN(3)
	for i := 0; i < n; i++ {
		c := s.command(depth)
		if i > 0 {
			b.WriteString(pick(s.p.r, []string{";", "; ", "\n", " ; ", ";", "; ", ";", "; "}))
		}
		b.WriteString(c)
	}
	return b.String()
}

// script is the whole script, with every planned command placed.
func (s *sedGen) script() string {
	sc := s.commands(0)
	for s.p.want["cmd"] > 0 {
		sep := "\n"
		if s.p.chance(25) {
			// A file name runs to the end of the line: a ; after it is
			// part of the name.
			sep = ";"
			s.p.tag("semicolon-after")
		}
		if s.p.chance(50) {
			sc = s.command(0) + sep + sc
		} else {
			sc += sep + s.command(0)
		}
	}
	if s.p.chance(3) {
		s.p.tag("hash-n")
		sc = "#n\n" + sc
	}
	return sc
}

// options are harmless options, and one that writes, reads a script or
// follows links if the plan puts one here.
func (s *sedGen) options() []string {
	r := s.p.r
	var o []string
	for k := r.IntN(3); k > 0; k-- {
		o = append(o, s.p.one([]form{
			{"opt-n", pick(r, []string{"-n", "-n", "--quiet", "--silent", "--qui"})},
			{"opt-E", pick(r, []string{"-E", "-r", "--regexp-extended", "--reg"})},
			{"opt-s", pick(r, []string{"-s", "--separate"})},
			{"opt-z", pick(r, []string{"-z", "--null-data", "-z", "--zero-terminated"})},
			{"opt-u", pick(r, []string{"-u", "--unbuffered"})},
			{"opt-l", pick(r, []string{"-l 5", "-l5", "--line-length=5", "--line=5"})},
			{"opt-debug", pick(r, []string{"--debug", "--debug", "--deb"})},
			{"opt-posix", "--posix"},
			{"opt-sandbox", pick(r, []string{"--sandbox", "--sand"})},
			{"opt-b", pick(r, []string{"-b", "--binary"})},
			{"opt-n", "-n"},
			{"opt-cluster", pick(r, []string{"-nE", "-ns", "-nz", "-En", "-nu"})},
		}))
	}
	if s.p.reach("option") {
		o = append(o, s.reachOption())
	}
	return o
}

// reachOption is an option that writes the operands, reads a script from
// a file or follows links.
func (s *sedGen) reachOption() string {
	r := s.p.r
	o := s.p.oneHit([]form{
		{"opt-i", "-i"}, {"opt-i-suffix", "-i" + pick(r, []string{".bak", "~", ".orig", "'bak/*'", "'/home/user/MARKER_*'"})},
		{"opt-in-place", "--in-place"}, {"opt-in-place-suffix", "--in-place=.bak"},
		{"opt-in-place-abbrev", pick(r, []string{"--in", "--i", "--in-pl", "--in=.bak"})},
		{"opt-i-cluster", pick(r, []string{"-ni", "-si", "-Ei", "-i -n", "-ri.bak", "-s -i", "-zi", "-ui"})},
		{"opt-follow-symlinks-i", "--follow-symlinks -i"},
		{"opt-follow-symlinks", pick(r, []string{"--follow-symlinks", "--fo"})},
		{"opt-f", "-f " + pick(r, []string{secretOperand(r), "tools/clean.sed", "/dev/stdin"})},
		{"opt-file", "--file=" + pick(r, []string{secretOperand(r), "tools/clean.sed"})},
		{"opt-f-abbrev", "--fi=tools/clean.sed"},
		{"opt-e-write", "-e " + sq("w "+writeName(r))},
		{"opt-e-abbrev", "--e=" + sq("r "+secretName(r))},
		{"opt-debug-f", "--debug -f " + secretOperand(r)},
	})
	switch {
	case strings.Contains(o, "-f ") || strings.HasPrefix(o, "--fi"):
		s.scriptBy = "file"
	case strings.HasPrefix(o, "-e ") || strings.HasPrefix(o, "--e="):
		s.scriptBy = "expr"
	}
	return o
}

// operands are the files sed reads.
func (s *sedGen) operands() []string {
	r := s.p.r
	if s.p.reach("operand") {
		return []string{s.p.oneHit([]form{
			{"operand-secret", secretOperand(r)},
			{"operand-link", "home/notes.txt"},
			{"operand-stdin-secret", "- < " + secretOperand(r)},
			{"operand-fd", "/dev/fd/3 3< " + secretOperand(r)},
			{"operand-proc", "/proc/self/environ"},
			{"operand-home", "~/.bashrc"},
			{"operand-dashdash", "-- -i"},
		})}
	}
	ops := []string{dataFile(r, false)}
	switch k := r.IntN(100); {
	case k < 15:
		ops = append(ops, dataFile(r, false))
	case k < 20:
		ops = []string{s.p.one([]form{{"operand-stdin", "- < notes.txt"}, {"operand-dev-stdin", "/dev/stdin < notes.txt"}, {"operand-pipe", "< README.md"}})}
	}
	return ops
}
