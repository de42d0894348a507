package shell

import (
	"strings"
	"unicode/utf8"
)

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

// text is the word w as the program reads it: folded where it reads
// option names in any case (foldOpt).
func (s *optScanner) text(w Word) string {
	if s.cmd != nil && s.cmd.FoldOpts && !s.ended && !w.Uncertain() {
		return foldOpt(w.Text)
	}
	return w.Text
}

// foldOpt is the option word x as a program that reads option names in any
// case, after any number of dashes, reads it (tsc: -outDir, --OUTDIR and
// --outdir are --outdir; -P is -p; npm: -registry= and ---registry= are
// --registry=, round 37); other words are left as they are.
func foldOpt(x string) string {
	if len(x) < 2 || x[0] != '-' || x == "--" {
		return x
	}
	name, value, attached := strings.Cut(strings.TrimLeft(x, "-"), "=")
	if name == "" {
		return x
	}
	// npm sets KEY from --no-KEY=VALUE and --no-KEY VALUE where KEY
	// takes text (npm test --no-script-shell=./pwn ran ./pwn; design.md
	// 429): the word is read as --KEY.
	name = strings.TrimPrefix(strings.ToLower(name), "no-")
	if attached {
		name += "=" + value // the value as written: a path keeps its case
	}
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// next reads the next token into t; it reports false at the end.
func (s *optScanner) next(t *optToken) bool {
	if !s.scan(t) {
		return false
	}
	if t.kind == tokOpt && !t.has && s.gi >= len(s.group) && s.nopt() {
		s.noptValue(t)
	}
	return true
}

// noptValue reads the word after the option t, which took no value, as
// nopt does (Command.ShortGroups): a boolean or an option it does not
// know (an ambiguous abbreviation too) takes a true or false (npm --json
// false); an option that takes a value takes a word a dash or two start
// or not by its type (a string does not, npm --message -c x; others do),
// and one only known when it runs maybe, and a write option given none
// writes where an empty value says (npm test ---pack-destination): t then
// makes the command not known.
func (s *optScanner) noptValue(t *optToken) {
	var w Word
	if s.i < len(s.words) {
		w = s.words[s.i]
	}
	switch k := t.opt.Kind; {
	case k == OptWrite || k.TakesValue(false) && (w.Uncertain() || noptDashes(w.Text) == 2):
		t.opt.Kind = OptUnsafe
	case (k == OptFlag || k == OptUnknown && len(t.opt.Name) > 2 || len(s.pending) > 0) && (w.Text == "true" || w.Text == "false"):
		t.value, t.has = w, true
		s.i++
	}
}

// scan reads the next token into t; it reports false at the end.
func (s *optScanner) scan(t *optToken) bool {
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
	x := s.text(w)
	switch {
	case s.ended:
		t.kind = tokOperand
	case w.Dynamic && !w.Pipe || w.Glob && maybeDash(x):
		t.kind = tokEither
	case s.noptWord(t, w):
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
		t.kind, t.opt = tokOpt, OptSpec{Name: x, Kind: s.cmd.Opt(x)}
		if t.opt.Kind == OptUnknown && s.cmd.Numeric() {
			t.opt.Kind = OptFlag
		}
	case s.cmd != nil && s.cmd.NoSplit:
		t.kind, t.opt = tokOpt, OptSpec{Name: x, Kind: s.cmd.Opt(x)}
		if name, v, ok := strings.Cut(x, "="); ok && t.opt.Kind == OptUnknown {
			// Go's flag package: -name=value.
			if k := s.cmd.Opt(name); k != OptUnknown {
				t.opt = OptSpec{Name: name, Kind: k}
				t.value, t.has = attachedValue(v), true
				break
			}
		}
		if n, k := attachedPrefix(s.cmd, x); t.opt.Kind == OptUnknown && n > 0 {
			// An option with its value attached, as the C compilers
			// and linkers read them (-B./dir, -o/tmp/x, -MFdeps,
			// -Wl,-Map=x): the longest option that takes a value
			// (design.md 317).
			t.opt, t.value, t.has = OptSpec{Name: x[:n], Kind: k}, attachedValue(x[n:]), true
			break
		}
		if t.opt.Kind.TakesValue(s.shell()) && s.valueWord() {
			t.value, t.has = s.words[s.i], true
			s.i++
		}
	default:
		s.group, s.gi, s.groupAt = x, 1, at
		s.short(t)
	}
	return true
}

// noptWord reads the word w as a program that reads its options as npm's
// nopt does (Command.ShortGroups; design.md 430) and reports whether it
// did: one-letter shorthands grouped after any number of dashes (npm -fC
// DIR and --gC=DIR are --force --prefix DIR, found by the npm option
// oracle; not a key or a longer shorthand by its name: --all, -ws), each
// letter an option in its case, the last taking the value attached with =
// or the next word. A letter before the last that takes a
// value takes the next letter's option as its value, and a value attached
// to letters that take none is an argument: the word is then one option
// that makes the command not known, as is any other option name with an
// upper-case letter, which nopt does not fold (npm --Prefix X runs the
// command X), and --no-KEY for a KEY that takes a value, which takes the
// next word or not by KEY's type. Another single letter is a prefix of a
// key (npm -k is --key).
func (s *optScanner) noptWord(t *optToken, w Word) bool {
	if !s.nopt() || len(w.Text) < 2 || w.Text[0] != '-' || w.Uncertain() {
		return false
	}
	name, v, attached := strings.Cut(strings.TrimLeft(w.Text, "-"), "=")
	if name == "" {
		return false
	}
	unsafe := OptSpec{Name: w.Text, Kind: OptUnsafe}
	if len(name) > 1 && s.cmd.Opt("--"+name) != OptUnknown {
		return false // a key or a shorthand by its name (--all, -ws)
	}
	if strings.Trim(name, s.cmd.ShortGroups) != "" {
		key, no := strings.CutPrefix(name, "no-")
		switch {
		case strings.ToLower(name) != name || no && s.cmd.Opt("--"+key).TakesValue(false):
			t.kind, t.opt = tokOpt, unsafe
		case len(name) == 1:
			// Not a shorthand: a prefix of a key (npm -k is --key).
			s.long(t, "--"+strings.TrimLeft(w.Text, "-"))
		default:
			return false
		}
		return true
	}
	letter := func(i int) OptKind { o, _ := shortOpt(name, i); return s.cmd.Opt(o) }
	for i := range len(name) - 1 {
		if k := letter(i); k.TakesValue(false) || k == OptOptional {
			t.kind, t.opt = tokOpt, unsafe
			return true
		}
	}
	if attached && (v == "" || !letter(len(name)-1).TakesValue(false)) {
		t.kind, t.opt = tokOpt, unsafe
		return true
	}
	s.group, s.gi, s.groupAt = "-"+name+v, 1, t.word
	s.short(t)
	return true
}

// valueWord reports whether there is a next word an option that takes a
// value takes: any word, but for a program that reads its options as
// npm's nopt does (Command.ShortGroups) not --, nor one a dash or two
// and another character start, which is the next option or the value by
// the option's type (npm --message -c x sets call and an empty message),
// nor one only known when it runs (noptValue).
func (s *optScanner) valueWord() bool {
	if s.i >= len(s.words) {
		return false
	}
	if s.nopt() {
		w := s.words[s.i]
		return !w.Uncertain() && noptDashes(w.Text) == 0
	}
	return true
}

// noptDashes says how nopt reads a word x after an option that takes a
// value: 0, the value; 1, not a value (--, ---: dashes alone); 2, the
// value or the next option by the option's type (a dash or two and
// another character: a string takes neither, other types take it).
func noptDashes(x string) int {
	rest := strings.TrimLeft(x, "-")
	switch n := len(x) - len(rest); {
	case n >= 2 && rest == "":
		return 1
	case (n == 1 || n == 2) && rest != "":
		return 2
	}
	return 0
}

// attachedPrefix returns the length of the longest option of c that
// takes a value and is a proper prefix of the word x, with its kind, or
// 0: the option a program that reads -NAMEvalue sees in x.
func attachedPrefix(c *Command, x string) (int, OptKind) {
	for n := len(x) - 1; n >= 2; n-- {
		if k := c.Opt(x[:n]); k.TakesValue(c.Wrapper == WrapShell) {
			return n, k
		}
	}
	return 0, OptUnknown
}

func (s *optScanner) shell() bool { return s.cmd != nil && s.cmd.Wrapper == WrapShell }

// nopt reports whether the program reads its options as npm's nopt does
// (Command.ShortGroups).
func (s *optScanner) nopt() bool { return s.cmd != nil && s.cmd.ShortGroups != "" }

func maybeDash(p string) bool {
	return p != "" && (p[0] == '-' || p[0] == '*' || p[0] == '?' || p[0] == '[')
}

// short reads the next option of the group being read.
func (s *optScanner) short(t *optToken) {
	opt, size := shortOpt(s.group, s.gi)
	s.gi += size
	*t = optToken{kind: tokOpt, word: s.groupAt, w: s.words[s.groupAt]}
	t.opt = OptSpec{Name: opt, Kind: s.cmd.Opt(opt)}
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
		case s.valueWord():
			t.value, t.has = s.words[s.i], true
			s.i++
		}
	}
}

// long reads the long option x (--name or --name=value).
func (s *optScanner) long(t *optToken, x string) {
	name, v, attached := strings.Cut(x, "=")
	t.kind = tokOpt
	cands := s.cmd.LongMatches(s.buf[:0], name)
	if len(cands) == 0 && s.cmd != nil && s.cmd.NoSplit {
		// A long option with its value attached, as the C compilers
		// read --dump-tree-all (-fdump-tree-all; round 37).
		if n, k := attachedPrefix(s.cmd, x); n > 0 {
			t.opt, t.value, t.has = OptSpec{Name: x[:n], Kind: k}, attachedValue(x[n:]), true
			return
		}
	}
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
	// nopt reads an ambiguous abbreviation as an unknown flag, which
	// takes no value.
	takes := len(cands) == 1 || !s.nopt()
	for _, c := range cands {
		takes = takes && c.Kind.TakesValue(s.shell())
	}
	switch {
	case attached && !takesAttached(cands, s.shell()):
		// --flag=value: GNU getopt and git reject a value on an option
		// that takes none; the model and the program disagree, so the
		// option is not known (design.md 242). nopt reads the value as
		// an argument (npm --yes=exec test runs exec): the command is
		// not known.
		t.opt, t.value, t.has = OptSpec{Name: name}, attachedValue(v), true
		if s.nopt() {
			t.opt.Kind = OptUnsafe
		}
		return
	case attached:
		t.value, t.has = attachedValue(v), true
	case takes && s.valueWord():
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
