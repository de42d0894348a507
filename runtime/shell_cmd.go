package runtime

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// classify sorts the words after a program into options and operands, as
// cmd describes the program (nil: an unknown program).
//
// Short options are split (-rf is -r and -f) unless cmd.NoSplit; an option
// in cmd.ValueOpts takes the rest of its group or the next word as its
// value, which is neither option nor operand. Long options are recorded
// without =value and, if cmd.Abbrev, as the long options they abbreviate:
// all of them if they abbreviate several. -- ends the options and - is an
// operand. A dynamic word may be either, so it is both; so is a pattern
// that starts with -.
//
// A wrapper's options end at the operand that starts its command, after
// cmd.SkipOperands operands: the command's words are its operands. The
// commands of find's -exec and -ok are its operands too.
func classify(words []Word, cmd *Command) (flags, operands []Word) {
	return classifyOpts(words, cmd, nil)
}

// classifyOpts is classify that also calls value, if not nil, with each
// option that takes a value and the value it takes.
func classifyOpts(words []Word, cmd *Command, value func(opt string, v Word)) (flags, operands []Word) {
	ended := false
	limit := -1 // operands after which options end
	if cmd != nil {
		switch cmd.Wrapper {
		case WrapExec, WrapXargs, WrapShell, WrapScript, WrapEval:
			limit = cmd.SkipOperands + 1
		}
	}
	for i := 0; i < len(words); i++ {
		if limit >= 0 && len(operands) >= limit {
			ended = true
		}
		w := words[i]
		t := w.Text
		switch {
		case ended:
			operands = append(operands, w)
		case cmd != nil && cmd.Wrapper == WrapFind && !w.Dynamic && isFindExec(t):
			flags = append(flags, w)
			for i++; i < len(words); i++ {
				operands = append(operands, words[i])
				if t := words[i].Text; t == ";" || (t == "+" && words[i-1].Text == "{}") {
					break
				}
			}
		case w.Dynamic:
			flags = append(flags, w)
			operands = append(operands, w)
		case t == "--":
			ended = true
		case len(t) >= 2 && t[0] == '+' && cmd != nil && cmd.Wrapper == WrapShell:
			// Shells take +o and the like too.
			for j := 1; j < len(t); {
				opt, size := shortOpt(t, j)
				j += size
				flags = append(flags, Word{Text: "+" + opt[1:]})
				if takesValue(cmd, opt) {
					if j == len(t) {
						i++
					}
					break
				}
			}
		case len(t) < 2 || t[0] != '-':
			operands = append(operands, w)
		case w.Glob:
			flags = append(flags, w)
			operands = append(operands, w)
		case t[1] == '-':
			name, v, attached := strings.Cut(t, "=")
			n := len(flags)
			var takes bool
			flags, takes = appendLong(flags, cmd, name)
			var vw Word
			switch {
			case attached:
				vw, takes = Word{Text: v}, true
			case takes && i+1 < len(words):
				i++
				vw = words[i]
			default:
				takes = false
			}
			if takes && value != nil {
				for _, f := range flags[n:] {
					value(f.Text, vw)
				}
			}
		case isInt(t[1:]):
			flags = append(flags, w) // head -5
		case cmd != nil && cmd.NoSplit:
			flags = append(flags, w)
			if takesValue(cmd, t) && i+1 < len(words) {
				i++
				if value != nil {
					value(t, words[i])
				}
			}
		default:
			for j := 1; j < len(t); {
				opt, size := shortOpt(t, j)
				j += size
				flags = append(flags, Word{Text: opt})
				if takesValue(cmd, opt) {
					vw := Word{Text: t[j:]} // -n5
					if j == len(t) {
						i++ // -n 5
						if i >= len(words) {
							break
						}
						vw = words[i]
					}
					if value != nil {
						value(opt, vw)
					}
					break
				}
			}
		}
	}
	return flags, operands
}

// optValues returns the values that the options in opts take in words.
func optValues(words []Word, cmd *Command, opts []string) []Word {
	if len(opts) == 0 {
		return nil
	}
	var vs []Word
	classifyOpts(words, cmd, func(opt string, v Word) {
		if slices.Contains(opts, opt) {
			vs = append(vs, v)
		}
	})
	return vs
}

// appendLong appends to flags the long options that name, a long option
// without =value, stands for: itself if cmd knows it or does not take
// abbreviations, else every known option it abbreviates, else itself. It
// reports whether each of them takes a value.
func appendLong(flags []Word, cmd *Command, name string) ([]Word, bool) {
	if cmd == nil || !cmd.Abbrev || len(name) <= 2 || knownOpt(cmd, name) {
		return append(flags, Word{Text: name}), takesValue(cmd, name)
	}
	n, value := len(flags), true
	for _, list := range optLists(cmd) {
		for _, opt := range list {
			if strings.HasPrefix(opt, name) && !slices.Contains(flags[n:], Word{Text: opt}) {
				flags = append(flags, Word{Text: opt})
				value = value && takesValue(cmd, opt)
			}
		}
	}
	if len(flags) == n {
		return append(flags, Word{Text: name}), false
	}
	return flags, value
}

// longOpt returns the long option that name stands for, for a wrapper:
// itself if known, or the one known option it abbreviates.
func longOpt(cmd *Command, name string) string {
	var buf [4]Word
	if opts, _ := appendLong(buf[:0], cmd, name); len(opts) == 1 {
		return opts[0].Text
	}
	return name // ambiguous
}

// optLists returns the lists of options that cmd knows.
func optLists(cmd *Command) [8][]string {
	return [...][]string{cmd.LongOpts, cmd.ValueOpts, cmd.ScriptOpts, cmd.SplitOpts, cmd.NoExecOpts,
		cmd.ReadOpts, cmd.WriteOpts, cmd.DirOpts}
}

// knownOpt reports whether cmd knows the option opt.
func knownOpt(cmd *Command, opt string) bool {
	for _, list := range optLists(cmd) {
		if slices.Contains(list, opt) {
			return true
		}
	}
	return false
}

// takesValue reports whether the option opt of cmd takes a value. The
// script of a shell's -c is an operand, not the option's value.
func takesValue(cmd *Command, opt string) bool {
	if cmd == nil {
		return false
	}
	return slices.Contains(cmd.ValueOpts, opt) || slices.Contains(cmd.SplitOpts, opt) ||
		slices.Contains(cmd.ReadOpts, opt) || slices.Contains(cmd.WriteOpts, opt) ||
		slices.Contains(cmd.DirOpts, opt) ||
		cmd.Wrapper != WrapShell && slices.Contains(cmd.ScriptOpts, opt)
}

// shortOpts holds -c for every printable ASCII character c, so that
// splitting options does not allocate.
const shortOpts = "-!-\"-#-$-%-&-'-(-)-*-+-,---.-/-0-1-2-3-4-5-6-7-8-9-:-;-<-=->-?-@-A-B-C-D-E-F-G-H-I-J-K-L-M-N-O-P-Q-R-S-T-U-V-W-X-Y-Z-[-\\-]-^-_-`-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-{-|-}-~"

// shortOpt returns the option for the character at t[j] in an option
// group t, and the character's size.
func shortOpt(t string, j int) (string, int) {
	if c := t[j]; '!' <= c && c <= '~' {
		k := int(c-'!') * 2
		return shortOpts[k : k+2], 1
	}
	_, size := utf8.DecodeRuneInString(t[j:])
	return "-" + t[j:j+size], size
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// isAssign reports whether w is NAME=value.
func isAssign(w Word) bool {
	name, _, ok := strings.Cut(w.Text, "=")
	return ok && !w.Dynamic && isName(name)
}

// unwrapExec finds the command that a WrapExec or WrapXargs wrapper runs:
// after its options, NAME=value assignments and cmd.SkipOperands operands.
// Options may come between those operands (flock FILE -c CMD, su USER -c
// CMD). The value of a ScriptOpts option is a script; that of a SplitOpts
// option is split into words that replace it (env -S).
//
// c already lists the wrapper in c.wrappers.
func (e *extractor) unwrapExec(cmd *Command, words []Word, c ctx, text string) {
	xargs := cmd.Wrapper == WrapXargs
	replace := "" // xargs -I R: words holding R are the input's
	skip := cmd.SkipOperands
	ended := false
	i := 0
scan:
	for i < len(words) {
		w := words[i]
		t := w.Text
		switch {
		case w.Dynamic:
			if skip > 0 {
				skip--
				i++
				continue
			}
			// The word may be the command, or an option before it: take
			// it as both.
			e.runInner(words[i:], c, text, xargs, replace)
			if ended {
				return
			}
			i++
		case !ended && t == "--":
			ended = true
			i++
		case !ended && t == "-":
			i++ // env -, su -: an option
		case !ended && len(t) > 1 && t[0] == '-':
			var opt, value string
			kind := optPlain
			hasValue := false
			if t[1] == '-' {
				name, v, attached := strings.Cut(t, "=")
				opt = longOpt(cmd, name)
				kind = optKind(cmd, opt)
				if attached {
					value, hasValue = v, true
				}
			} else {
				// Find the first option of the group that ends it.
				for j := 1; j < len(t); {
					o, size := shortOpt(t, j)
					j += size
					opt, kind = o, optKind(cmd, o)
					if xargs && o == "-i" {
						// -i[R]: an optional attached value.
						replace = "{}"
						if j < len(t) {
							replace = t[j:]
						}
						kind = optPlain
						break
					}
					if kind != optPlain {
						if j < len(t) {
							value, hasValue = t[j:], true
						}
						break
					}
				}
			}
			if xargs && opt == "--replace" {
				replace = "{}"
				if hasValue {
					replace = value
				}
				kind = optPlain
			}
			i++
			var vw Word
			if kind == optValue || kind == optScript || kind == optSplit || kind == optDir {
				switch {
				case hasValue:
					vw = Word{Text: value}
				case i < len(words):
					vw = words[i]
					i++
				default:
					break scan
				}
			}
			switch kind {
			case optNoExec:
				return
			case optScript:
				e.nested(vw, c, text)
				return
			case optSplit:
				if vw.Dynamic {
					e.nested(vw, c, text)
					return
				}
				// The words replace the option, one re-parse deeper.
				if c.depth >= e.lim.Depth {
					e.x.TooDeep = true
					return
				}
				c.depth++
				words = append(splitString(vw.Text), words[i:]...)
				i = 0
			case optValue:
				if xargs && opt == "-I" {
					replace = vw.Text
				}
			case optDir:
				c.dir = joinDir(c.dir, vw)
			}
		case isAssign(w):
			c.assigns = appended(c.assigns, w)
			i++
		case skip > 0:
			skip--
			i++
		default:
			break scan
		}
	}
	if i < len(words) {
		e.runInner(words[i:], c, text, xargs, replace)
	}
}

// joinDir returns the directory that dir, relative to the directory old
// (the zero Word for the working directory), names: dynamic if either is
// uncertain.
func joinDir(old, dir Word) Word {
	switch {
	case dir.Uncertain():
		return Word{Text: dir.Text, Dynamic: true}
	case old.Text == "" && !old.Dynamic, strings.HasPrefix(dir.Text, "/"), dir.Text == "~", strings.HasPrefix(dir.Text, "~/"):
		return dir
	case old.Dynamic:
		return Word{Text: old.Text + "/" + dir.Text, Dynamic: true}
	}
	return Word{Text: old.Text + "/" + dir.Text}
}

// Kinds of wrapper options.
const (
	optPlain  = iota
	optValue  // takes a value
	optScript // its value is a script
	optSplit  // its value is split into words
	optNoExec // the wrapper runs no command (command -v)
	optDir    // its value is the directory the command runs in (env -C)
)

func optKind(cmd *Command, opt string) int {
	switch {
	case slices.Contains(cmd.NoExecOpts, opt):
		return optNoExec
	case slices.Contains(cmd.ScriptOpts, opt):
		return optScript
	case slices.Contains(cmd.SplitOpts, opt):
		return optSplit
	case slices.Contains(cmd.DirOpts, opt):
		return optDir
	case slices.Contains(cmd.ValueOpts, opt), slices.Contains(cmd.ReadOpts, opt), slices.Contains(cmd.WriteOpts, opt):
		return optValue
	}
	return optPlain
}

// runInner records the command inner, run by a wrapper. xargs appends its
// input to the command's words, or puts it where the words hold replace.
func (e *extractor) runInner(inner []Word, c ctx, text string, xargs bool, replace string) {
	if !xargs {
		e.command(inner, c, text)
		return
	}
	// parallel CMD ::: ARGS: the arguments are not the command's.
	for i, w := range inner {
		if t := w.Text; !w.Dynamic && (t == ":::" || t == "::::" || t == ":::+" || t == "::::+") {
			inner = inner[:i]
			break
		}
	}
	if len(inner) == 0 {
		return
	}
	args := make([]Word, len(inner), len(inner)+1)
	copy(args, inner)
	if replace != "" {
		for i, w := range args {
			if strings.Contains(w.Text, replace) {
				args[i].Dynamic = true
			}
		}
	}
	args = append(args, Word{Text: "<xargs args>", Dynamic: true})
	c.stdin = nil // xargs reads it
	e.command(args, c, text)
}

// unwrapShell finds the script a shell runs: with -c (or an option group
// holding c, as in -lc, or an option in cmd.ScriptOpts), its first operand; with -s or no operand, its
// standard input, if that is a here-document or here-string. A shell
// running a script file (bash x.sh) runs nothing the line shows.
func (e *extractor) unwrapShell(cmd *Command, words []Word, c ctx, text string) {
	script, stdin := false, false
	i := 0
scan:
	for ; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case w.Uncertain():
			break scan
		case t == "--" || t == "-":
			i++
			break scan
		case len(t) < 2 || (t[0] != '-' && t[0] != '+'):
			break scan
		case t[1] == '-':
			if slices.Contains(cmd.ScriptOpts, t) {
				script = true
			} else if slices.Contains(cmd.ValueOpts, t) {
				i++ // --rcfile FILE
			}
		default:
			// -o and +o take a value; c and s say where the script is.
			for j := 1; j < len(t); {
				opt, size := shortOpt(t, j)
				j += size
				if t[0] == '-' && (opt == "-c" || slices.Contains(cmd.ScriptOpts, opt)) {
					script = true
				} else if t[0] == '-' && opt == "-s" {
					stdin = true
				} else if slices.Contains(cmd.ValueOpts, opt) {
					if j == len(t) {
						i++
					}
					break
				}
			}
		}
	}
	switch {
	case script:
		if i < len(words) {
			e.nested(words[i], c, text)
		}
	case (stdin || i == len(words) || i < len(words) && isStdin(words[i])) && c.stdin != nil:
		e.nested(*c.stdin, c, text)
	}
}

// isStdin reports whether w names the standard input as a script file
// (bash /dev/stdin).
func isStdin(w Word) bool {
	return !w.Uncertain() && (w.Text == "/dev/stdin" || w.Text == "/dev/fd/0" || w.Text == "/proc/self/fd/0")
}

// unwrapScript finds the script that a WrapScript wrapper (watch) runs: its
// operands after its options, joined by spaces.
func (e *extractor) unwrapScript(cmd *Command, words []Word, c ctx, text string) {
	i := 0
scan:
	for ; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case w.Dynamic || len(t) < 2 || t[0] != '-':
			break scan
		case t == "--":
			i++
			break scan
		case t[1] == '-':
			name, _, attached := strings.Cut(t, "=")
			if !attached && slices.Contains(cmd.ValueOpts, longOpt(cmd, name)) {
				i++
			}
		default:
			for j := 1; j < len(t); {
				opt, size := shortOpt(t, j)
				j += size
				if slices.Contains(cmd.ValueOpts, opt) {
					if j == len(t) {
						i++
					}
					break
				}
			}
		}
	}
	if i < len(words) {
		e.nested(joinWords(words[i:]), c, text)
	}
}

// unwrapFind finds the commands of find's -exec, -execdir, -ok and -okdir:
// the words up to ; or to a + after {}.
func (e *extractor) unwrapFind(words []Word, c ctx, text string) {
	for i := 0; i < len(words) && !e.stop; i++ {
		switch w := words[i]; {
		case w.Dynamic:
		case isFindExec(w.Text):
			j := i + 1
			for ; j < len(words); j++ {
				t := words[j].Text
				if words[j].Dynamic {
					continue
				}
				if t == ";" || (t == "+" && words[j-1].Text == "{}") {
					break
				}
			}
			if j > i+1 {
				// {} is the name of a file found: unknown, as the program
				// (-exec {} runs the files found) or as an argument.
				inner := slices.Clone(words[i+1 : j])
				for k, w := range inner {
					if !w.Dynamic && strings.Contains(w.Text, "{}") {
						inner[k].Dynamic = true
					}
				}
				e.command(inner, c, text)
			}
			i = j
		}
	}
}

func isFindExec(t string) bool {
	return t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir"
}

// splitString splits the value of env -S into words: at blanks, outside
// '...' and "...", with env's backslash escapes. A word holding $ (a
// variable env expands) is dynamic. \c and # at the start of a word end
// the string.
func splitString(s string) []Word {
	var words []Word
	var b strings.Builder
	inWord, dynamic := false, false
	single, double := false, false
	flush := func() {
		if inWord {
			words = append(words, Word{Text: b.String(), Dynamic: dynamic})
		}
		b.Reset()
		inWord, dynamic = false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case single:
			if c == '\'' {
				single = false
			} else {
				b.WriteByte(c)
			}
		case c == '\'' && !double:
			single, inWord = true, true
		case c == '"':
			double, inWord = !double, true
		case c == '\\' && i+1 < len(s):
			i++
			inWord = true
			switch s[i] {
			case '_':
				b.WriteByte(' ')
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case 'c':
				flush()
				return words
			default:
				b.WriteByte(s[i])
			}
		case c == '$':
			b.WriteByte(c)
			inWord, dynamic = true, true
		case !double && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'):
			flush()
		case !double && !inWord && c == '#':
			return words
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return words
}
