package runtime

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// An OptKind is what an option of a program does (design.md 44).
type OptKind byte

const (
	OptUnknown      OptKind = 0   // not an option the program is known to take
	OptFlag         OptKind = 'f' // takes no value
	OptOptional     OptKind = 'o' // takes a value only when attached (--color=WHEN, -i.bak)
	OptValue        OptKind = 'v' // takes a value: attached, after =, or the next word
	OptRead         OptKind = 'r' // its value names a file the program reads (grep -f FILE)
	OptWrite        OptKind = 'w' // its value names a file the program writes (sort -o FILE)
	OptDir          OptKind = 'd' // its value is the directory it works in (env -C DIR)
	OptScript       OptKind = 's' // its value is a command line the program runs (rg --pre, su -c); for a shell, a flag: the first operand is the script (bash -c)
	OptSplit        OptKind = 'x' // its value is split into words and run (env -S)
	OptNoExec       OptKind = 'n' // a wrapper given it runs no command (command -v)
	OptUnsafe       OptKind = 'u' // makes the program run code the line does not show
	OptUnsafeValue  OptKind = 'U' // the same, and takes a value (git -c NAME=VALUE)
	OptUnsafeRead   OptKind = 'Q' // its value names a file the program reads, and takes more operands from it that the line does not show (find -files0-from FILE)
	OptRecurse      OptKind = 'R' // makes the program read whole directory trees (grep -r)
	OptHidden       OptKind = 'H' // makes a reader that skips hidden names read them too (rg --hidden)
	OptRecurseValue OptKind = 'P' // takes a value, and may make the program read whole trees (grep -d ACTION)
	OptLoss         OptKind = 'L' // makes the command lose work that cannot be recovered (git branch -D, git push --force)
	OptLossValue    OptKind = 'l' // the same, and takes a value (git checkout -B BRANCH)
)

// TakesValue reports whether an option of kind k takes a value. The script
// option of a shell (bash -c) does not: the script is the first operand.
func (k OptKind) TakesValue(shell bool) bool {
	switch k {
	case OptValue, OptRead, OptWrite, OptDir, OptSplit, OptUnsafeValue, OptUnsafeRead, OptRecurseValue, OptLossValue:
		return true
	case OptScript:
		return !shell
	}
	return false
}

// An OptSpec is one option a program takes.
type OptSpec struct {
	Name string // -x or --name
	Kind OptKind
}

// EncodeOpts returns the options as Command.Opts holds them: "\n" NAME " "
// KIND for each, in order. A table is constant data: one string per
// program, searched in place, costs nothing at start-up.
func EncodeOpts(opts []OptSpec) string {
	var b strings.Builder
	for _, o := range opts {
		b.WriteByte('\n')
		b.WriteString(o.Name)
		b.WriteByte(' ')
		b.WriteByte(byte(o.Kind))
	}
	return b.String()
}

// DecodeOpts returns the options of an encoded list, in order.
func DecodeOpts(s string) []OptSpec {
	var out []OptSpec
	for s != "" {
		s = s[1:] // "\n"
		name, rest, _ := strings.Cut(s, " ")
		out = append(out, OptSpec{Name: name, Kind: OptKind(rest[0])})
		s = rest[1:]
	}
	return out
}

// Opt returns the kind of the option name of c, OptUnknown if c does not
// list it.
func (c *Command) Opt(name string) OptKind {
	if c == nil || name == "" {
		return OptUnknown
	}
	s := c.Opts
	for from := 0; ; {
		i := strings.Index(s[from:], name)
		if i < 0 {
			return OptUnknown
		}
		i += from
		end := i + len(name)
		if i > 0 && s[i-1] == '\n' && end+1 < len(s) && s[end] == ' ' {
			return OptKind(s[end+1])
		}
		from = i + 1
	}
}

// TakesValue reports whether the option opt of c takes a value, as the
// option scanner decides it.
func (c *Command) TakesValue(opt string) bool {
	return c.Opt(opt).TakesValue(c != nil && c.Wrapper == WrapShell)
}

// HasOpt reports whether c lists an option of one of the kinds.
func (c *Command) HasOpt(kinds ...OptKind) bool {
	if c == nil {
		return false
	}
	for i := 0; i+1 < len(c.Opts); i++ {
		if c.Opts[i] == ' ' && c.Opts[i+1] != ' ' && (i+2 == len(c.Opts) || c.Opts[i+2] == '\n') &&
			slices.Contains(kinds, OptKind(c.Opts[i+1])) {
			return true
		}
	}
	return false
}

// Sub returns the subcommand name of c, or nil.
func (c *Command) Sub(name string) *Command {
	if c == nil {
		return nil
	}
	i, ok := slices.BinarySearchFunc(c.Subs, name, func(s Command, n string) int { return strings.Compare(s.Name, n) })
	if !ok {
		return nil
	}
	return &c.Subs[i]
}

// longMatches appends to dst the long options of c that the option name
// (without =value) stands for: itself if c lists it; if c takes
// abbreviations, each listed option it is a prefix of; none if it stands
// for nothing c lists.
func (c *Command) longMatches(dst []OptSpec, name string) []OptSpec {
	if k := c.Opt(name); k != OptUnknown {
		return append(dst, OptSpec{name, k})
	}
	if c == nil || !c.Abbrev || len(name) <= 2 {
		return dst
	}
	s := c.Opts
	for from := 0; ; {
		i := strings.Index(s[from:], "\n"+name)
		if i < 0 {
			return dst
		}
		i += from + 1
		sp := strings.IndexByte(s[i:], ' ')
		dst = append(dst, OptSpec{s[i : i+sp], OptKind(s[i+sp+1])})
		from = i + sp
	}
}

// An optToken is one thing the option scanner found.
type optToken struct {
	kind  tokKind
	opt   OptSpec // an option: its canonical name and kind (OptUnknown if not listed)
	value Word    // its value, if hasValue
	has   bool    // the option has a value
	word  int     // index of the word it was found in
	w     Word    // the word itself
}

type tokKind uint8

const (
	tokOpt     tokKind = iota + 1
	tokOperand         // an operand
	tokEither          // a word whose value is not known: an option or an operand
	tokEnd             // -- ended the options
)

// An optScanner reads the words after a program as getopt_long does
// (design.md 44): short options grouped (-rf) with values attached (-n5) or
// in the next word, long options with =value or the next word and, where
// the program takes them, abbreviated to any unique prefix; -- ends the
// options and - is an operand. Options may follow operands (GNU argument
// permutation) unless posix is set, as for wrappers, whose options end at
// the command they run.
//
// A word whose value is not known (dynamic, or a glob that may expand to a
// name starting with -) may be either: it is reported as tokEither.
type optScanner struct {
	words   []Word
	cmd     *Command
	i       int    // next word
	group   string // a short-option group being read
	gi      int    // the index in group of its next option
	groupAt int    // the index of that group's word
	ended   bool
	posix   bool // options end at the first operand
	pending []OptSpec
	pendTok optToken
	buf     [4]OptSpec
}

func newScanner(words []Word, cmd *Command, posix bool) optScanner {
	return optScanner{words: words, cmd: cmd, posix: posix}
}

// next reads the next token into t; it reports false at the end.
func (s *optScanner) next(t *optToken) bool {
	if len(s.pending) > 0 {
		// the other options an ambiguous abbreviation stands for
		*t = s.pendTok
		t.opt = s.pending[0]
		s.pending = s.pending[1:]
		return true
	}
	if s.gi < len(s.group) {
		s.short(t)
		return true
	}
	if s.i >= len(s.words) {
		return false
	}
	at := s.i
	w := s.words[at]
	s.i++
	*t = optToken{word: at, w: w}
	x := w.Text
	switch {
	case s.ended:
		t.kind = tokOperand
	case w.Dynamic && !w.Pipe || w.Glob && maybeDash(x):
		t.kind = tokEither
	case w.Pipe:
		// /dev/fd/N (design.md 136)
		t.kind = tokOperand
		if s.posix {
			s.ended = true
		}
	case x == "--":
		s.ended = true
		t.kind = tokEnd
	case len(x) >= 2 && x[0] == '+' && s.shell():
		// Shells take +o NAME and the like too.
		s.group, s.gi, s.groupAt = x, 1, at
		s.short(t)
	case len(x) < 2 || x[0] != '-':
		t.kind = tokOperand
		if s.posix {
			s.ended = true
		}
	case x[1] == '-':
		s.long(t, x)
	case isInt(x[1:]):
		// head -5, grep -3: a count, not a group of digit options.
		t.kind, t.opt = tokOpt, OptSpec{x, s.cmd.Opt(x)}
		if t.opt.Kind == OptUnknown && s.cmd.numeric() {
			t.opt.Kind = OptFlag
		}
	case s.cmd != nil && s.cmd.NoSplit:
		t.kind, t.opt = tokOpt, OptSpec{x, s.cmd.Opt(x)}
		if name, v, ok := strings.Cut(x, "="); ok && t.opt.Kind == OptUnknown {
			// Go's flag package: -name=value.
			if k := s.cmd.Opt(name); k != OptUnknown {
				t.opt = OptSpec{name, k}
				t.value, t.has = attachedValue(v), true
				break
			}
		}
		if n, k := s.cmd.attachedPrefix(x); t.opt.Kind == OptUnknown && n > 0 {
			// An option with its value attached, as the C compilers
			// and linkers read them (-B./dir, -o/tmp/x, -MFdeps,
			// -Wl,-Map=x): the longest option that takes a value
			// (design.md 317).
			t.opt, t.value, t.has = OptSpec{x[:n], k}, attachedValue(x[n:]), true
			break
		}
		if t.opt.Kind.TakesValue(s.shell()) && s.i < len(s.words) {
			t.value, t.has = s.words[s.i], true
			s.i++
		}
	default:
		s.group, s.gi, s.groupAt = x, 1, at
		s.short(t)
	}
	return true
}

// attachedPrefix returns the length of the longest option of c that
// takes a value and is a proper prefix of the word x, with its kind, or
// 0: the option a program that reads -NAMEvalue sees in x.
func (c *Command) attachedPrefix(x string) (int, OptKind) {
	for n := len(x) - 1; n >= 2; n-- {
		if k := c.Opt(x[:n]); k.TakesValue(c.Wrapper == WrapShell) {
			return n, k
		}
	}
	return 0, OptUnknown
}

func (s *optScanner) shell() bool { return s.cmd != nil && s.cmd.Wrapper == WrapShell }

// numeric reports whether -NUMBER is an option of c: a count that GNU
// programs take in place of -n NUMBER or -C NUMBER.
func (c *Command) numeric() bool { return c != nil && c.Opt("-NUM") != OptUnknown }

// maybeDash reports whether the glob pattern p may expand to a name that
// starts with -.
func maybeDash(p string) bool {
	return p != "" && (p[0] == '-' || p[0] == '*' || p[0] == '?' || p[0] == '[')
}

// short reads the next option of the group being read.
func (s *optScanner) short(t *optToken) {
	opt, size := shortOpt(s.group, s.gi)
	s.gi += size
	*t = optToken{kind: tokOpt, word: s.groupAt, w: s.words[s.groupAt]}
	t.opt = OptSpec{opt, s.cmd.Opt(opt)}
	if s.group[0] == '+' {
		// +o NAME is -o NAME switched off: the same option.
		t.opt.Name = "+" + opt[1:]
	}
	rest := s.group[s.gi:]
	switch k := t.opt.Kind; {
	case k == OptOptional:
		if rest != "" {
			t.value, t.has = attachedValue(rest), true
			s.gi = len(s.group)
		}
	case k.TakesValue(s.shell()):
		switch {
		case rest != "":
			t.value, t.has = attachedValue(rest), true
			s.gi = len(s.group)
		case s.i < len(s.words):
			t.value, t.has = s.words[s.i], true
			s.i++
		}
	}
}

// long reads the long option x (--name or --name=value).
func (s *optScanner) long(t *optToken, x string) {
	name, v, attached := strings.Cut(x, "=")
	t.kind = tokOpt
	cands := s.cmd.longMatches(s.buf[:0], name)
	if len(cands) == 0 {
		t.opt = OptSpec{Name: name}
		if attached {
			t.value, t.has = attachedValue(v), true
		}
		return
	}
	// The value: attached, or the next word if every option the name
	// stands for takes one (an ambiguous abbreviation makes the program
	// fail: the next word is then taken as an operand, which keeps every
	// path it may name).
	takes := true
	for _, c := range cands {
		takes = takes && c.Kind.TakesValue(s.shell())
	}
	switch {
	case attached && !takesAttached(cands, s.shell()):
		// --flag=value: GNU getopt and git reject a value on an option
		// that takes none; the model and the program disagree, so the
		// option is not known (design.md 242).
		t.opt, t.value, t.has = OptSpec{Name: name}, attachedValue(v), true
		return
	case attached:
		t.value, t.has = attachedValue(v), true
	case takes && s.i < len(s.words):
		t.value, t.has = s.words[s.i], true
		s.i++
	}
	t.opt = cands[0]
	if len(cands) > 1 {
		s.pendTok, s.pending = *t, cands[1:]
	}
}

// takesAttached reports whether one of the options cands may stand for
// takes a value attached with =.
func takesAttached(cands []OptSpec, shell bool) bool {
	for _, c := range cands {
		if c.Kind.TakesValue(shell) || c.Kind == OptOptional || c.Kind == OptScript || c.Kind == OptUnsafe {
			return true
		}
	}
	return false
}

// attachedValue is the value v attached to an option (--file=v, -fv):
// the shell expanded no tilde there (only an assignment's value is), so a
// leading ~ names a directory called ~.
func attachedValue(v string) Word {
	if strings.HasPrefix(v, "~") {
		return Word{Text: "./" + v}
	}
	return Word{Text: v}
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
