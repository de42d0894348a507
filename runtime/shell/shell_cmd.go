package shell

import (
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/inline"
)

// A classified command is what the option scanner made of the words after
// a program.
type classified struct {
	flags, operands []Word
	values          []OptArg    // options whose values name files or commands
	sub             string      // the subcommand, where the program has them
	tree            bool        // the reads are whole directory trees
	hidden          bool        // a tree's hidden names are read too
	unknown         string      // why the command is not known, if it is not
	loss            string      // why the command may lose work (SimpleCommand.Loss)
	globOpts        []Word      // glob words that may expand to options (SimpleCommand.GlobOpts)
	filters         []FilterOpt // options that narrow the trees it reads (SimpleCommand.Filters)
	code            bool        // an OptCode option's value is in the inline core
	notFlag         string      // an option other than a flag or an OptCode one, if any
}

// classify sorts the words after a program into options and operands, as
// cmd describes the program (nil: an unknown program).
//
// Options are read as the option scanner reads them (design.md 44): long
// ones are recorded without =value and, abbreviated, as the options they
// stand for; a value is neither option nor operand. A word whose value is
// not known may be either, so it is both. Where the program has
// subcommands, the first operand names one and the options after it are
// the subcommand's.
//
// A wrapper's options end at the operand that starts its command, after
// cmd.SkipOperands operands: the command's words are its operands. The
// commands of find's -exec and -ok are its operands too.
func classify(words []Word, cmd *Command) classified {
	var r classified
	if cmd != nil && cmd.Wrapper == WrapFind {
		return classifyFind(words, cmd)
	}
	limit := -1 // operands after which options end
	if cmd != nil {
		switch cmd.Wrapper {
		case WrapExec, WrapXargs, WrapShell, WrapScript, WrapEval:
			limit = cmd.SkipOperands + 1
		}
	}
	table := cmd // the table options are looked up in
	since := 0   // the first flag of the subcommand, if any
	s := newScanner(words, cmd, false)
	var t optToken
	for s.next(&t) {
		if limit >= 0 && len(r.operands) >= limit {
			// The wrapped command's words.
			r.operands = append(r.operands, t.w)
			for _, w := range words[t.word+1:] {
				r.operands = append(r.operands, w)
			}
			break
		}
		switch t.kind {
		case tokEither:
			r.either(cmd, table, t.w)
		case tokOperand:
			if len(r.operands) == 0 && table != nil && table.HasSubs() && t.w.Text != "" {
				// The subcommand: its options come after it.
				r.sub = t.w.Text
				sub := table.Sub(t.w.Text)
				if sub == nil && table.Strict {
					r.setUnknown(cmd, cmd.Name+" "+t.w.Text+" is not a subcommand hookc knows")
				}
				if sub != nil && sub.Loses && r.loss == "" {
					r.loss = cmd.Name + " " + sub.Name + " may lose work that cannot be recovered"
				}
				// A subcommand not known has options not known: the
				// program's own are its global ones (git log -c is not
				// git -c).
				table, s.cmd = sub, sub
				since = len(r.flags)
			}
			r.operand(cmd, table, t.w)
			r.operands = append(r.operands, t.w)
		case tokOpt:
			if x, ok := strings.CutPrefix(t.opt.Name, "--no-"); ok && x != "" && table != nil && undoes(r.flags[since:], x) {
				// git (and GNU programs) take --no-X to undo an earlier
				// --X, or its short name: the flags no longer say what
				// runs (git branch -l --no-list NAME creates a branch;
				// design.md 178).
				r.setUnknown(cmd, t.opt.Name+" undoes an earlier option of "+programOf(cmd, r.sub))
			}
			r.flags = append(r.flags, Word{Text: t.opt.Name})
			r.option(cmd, table, t)
		}
	}
	if cmd != nil && cmd.Loses && r.loss == "" {
		r.loss = cmd.Name + " may lose work that cannot be recovered"
	}
	if r.code && r.notFlag != "" {
		// The core is read for the interpreter as it starts plain:
		// python -W imports a warning category's module, -X changes
		// where it writes (design.md 455).
		r.setUnknown(cmd, programOf(cmd, r.sub)+" "+r.notFlag+" changes how it runs the code the line holds")
	}
	if r.code && len(r.operands) > 0 {
		r.setUnknown(cmd, "the words after "+programOf(cmd, r.sub)+"'s code are its arguments, which hookc does not read")
	}
	if table != nil && table.Tree {
		r.tree = true
	}
	if r.tree && (table == nil || !table.SkipsHidden) {
		r.hidden = true
	}
	return r
}

// either records the word w, which may be an option or an operand of
// cmd (looked up in table): a word only known when it runs may be an
// option that does more than read, for a strict program any such option,
// for another one that runs code or loses work (design.md 115).
func (r *classified) either(cmd, table *Command, w Word) {
	r.flags = append(r.flags, w)
	r.operands = append(r.operands, w)
	r.operand(cmd, table, w)
	if table != nil && (table.Strict && table.HasOpt(OptRead, OptWrite, OptDir, OptScript, OptSplit, OptUnsafe, OptUnsafeValue, OptUnsafeRead, OptLoss, OptLossValue, OptCode) ||
		cmd.Wrapper == NotWrapper && table.HasOpt(OptScript, OptSplit, OptUnsafe, OptUnsafeValue, OptLoss, OptLossValue, OptCode)) {
		if w.Glob && !w.Dynamic {
			// Bash expands it in the working directory: the file
			// system the hook sees decides.
			r.globOpts = append(r.globOpts, w)
		} else {
			r.setUnknown(cmd, maybeOption(cmd, r.sub, w))
		}
	}
}

// operand records what the operand w of the program cmd (looked up in
// table) means: an unsafe operand makes the command not known, a loss
// operand makes it lose work (design.md 261). A word only known when it
// runs may be either.
func (r *classified) operand(cmd, table *Command, w Word) {
	if table == nil || r.sub == w.Text && w.Text != "" && len(r.operands) == 0 {
		return
	}
	uncertain := w.Dynamic || w.Glob
	if slices.ContainsFunc(table.UnsafeOperands, func(p string) bool { return uncertain || OperandMatches(p, w.Text) }) {
		r.setUnknown(cmd, programOf(cmd, r.sub)+" "+w.Text+" can make it run what the command line does not show")
	}
	if r.loss == "" && slices.ContainsFunc(table.LossOperands, func(p string) bool { return uncertain || OperandMatches(p, w.Text) }) {
		r.loss = programOf(cmd, r.sub) + " " + w.Text + " loses work that cannot be recovered"
	}
}

// Outside reports whether the path w may be outside the project by its
// spelling: absolute, ~, with a .. component, or only known when it runs.
func Outside(w Word) bool {
	s := w.Text
	return w.Dynamic || w.Glob || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") ||
		s == ".." || strings.HasPrefix(s, "../") || strings.HasSuffix(s, "/..") || strings.Contains(s, "/../")
}

// OperandMatches reports whether the operand s matches the pattern p of
// Command.UnsafeOperands or LossOperands: "NAME=*" any NAME=VALUE, "*X*"
// an operand holding X, "X*" one starting with X, else s itself.
func OperandMatches(p, s string) bool {
	switch {
	case p == "NAME=*":
		name, _, ok := strings.Cut(s, "=")
		return ok && isName(name)
	case len(p) > 1 && strings.HasPrefix(p, "*") && strings.HasSuffix(p, "*"):
		return strings.Contains(s, p[1:len(p)-1])
	case strings.HasSuffix(p, "*"):
		return strings.HasPrefix(s, p[:len(p)-1])
	}
	return s == p
}

// option records what the option t of the program cmd (looked up in
// table, cmd's or its subcommand's) means.
func (r *classified) option(cmd, table *Command, t optToken) {
	if t.has && cmd != nil && FilterOption(cmd.Name, t.opt.Name) {
		r.filters = append(r.filters, FilterOpt{Opt: t.opt.Name, Value: t.value, Word: t.w, At: t.word})
	}
	if t.has && table != nil && slices.Contains(table.OutsideOpts, t.opt.Name) {
		if Outside(t.value) {
			r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" "+t.value.Text+" runs code from outside the project")
		} else if !slices.Contains([]OptKind{OptRead, OptWrite, OptDir, OptScript, OptSplit}, t.opt.Kind) {
			// The evaluator resolves its links (design.md 343).
			r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: t.opt.Kind, Value: t.value})
		}
	}
	if v, ok := unknownValue(t); ok && table != nil && !table.Strict {
		if Outside(v) {
			// An option hookc does not know, whose value names a place
			// outside the project: it may read or write there (gcc
			// -time=/x/t, -fopt-info=/x/y; design.md 353).
			r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" is an option hookc does not know, with a path outside the project: "+v.Text)
		} else if handsOptions(v.Text) {
			// Its value is options for another pass or program (gcc
			// -fcompare-debug=-B./x runs ./x/cc1, -foffload-options=),
			// which hookc does not read (design.md 396).
			r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" is an option hookc does not know, whose value is options: "+v.Text)
		} else if v.Text != "" && table.Opt(t.opt.Name) == OptUnknown {
			// Inside, it may name a file the program reads (ld
			// --version-script=.env): the value is judged as a read
			// (design.md 393).
			r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: OptRead, Value: v})
		}
	}
	if t.has && table != nil && slices.ContainsFunc(table.UnsafeValues, func(e string) bool {
		opt, p, _ := strings.Cut(e, " ")
		return opt == t.opt.Name && (t.value.Dynamic || t.value.Glob || OperandMatches(p, t.value.Text))
	}) {
		r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" "+t.value.Text+" can make it run what the command line does not show")
	}
	if k := t.opt.Kind; k != OptFlag && k != OptCode && r.notFlag == "" {
		r.notFlag = t.opt.Name
	}
	switch k := t.opt.Kind; k {
	case OptCode:
		r.inlineCode(cmd, table, t)
	case OptUnknown:
		if table != nil && table.Strict {
			r.setUnknown(cmd, t.opt.Name+" is not an option of "+programOf(cmd, r.sub)+" that hookc knows")
		}
	case OptRecurse, OptRecurseValue:
		r.tree = true
	case OptHidden:
		r.hidden = true
	case OptLoss, OptLossValue:
		if r.loss == "" {
			r.loss = programOf(cmd, r.sub) + " " + t.opt.Name + " loses work that cannot be recovered"
		}
	case OptUnsafe, OptUnsafeValue:
		r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" can make it run what the command line does not show")
	case OptUnsafeRead:
		// The file is read, and names operands the line does not show
		// (design.md 176).
		r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" takes operands from a file, which the command line does not show")
		if t.has {
			r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: OptRead, Value: t.value})
		}
	case OptRead, OptWrite, OptDir, OptScript, OptSplit:
		if t.has {
			r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: k, Value: t.value})
		}
	}
}

// inlineCode records the code the option t of cmd holds (python -c
// CODE): code in the inline core is known by the files it opens, read
// in the working directory; any other makes the command not known, as
// does code only known when it runs (design.md 455).
func (r *classified) inlineCode(cmd, table *Command, t optToken) {
	why := "its code is only known when it runs"
	if t.has && !t.value.Uncertain() && table.Code == "python" {
		var reads []string
		if reads, why = inline.Python(t.value.Text); why == "" {
			r.code = true
			r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: OptCode, Value: t.value})
			for _, p := range reads {
				r.values = append(r.values, OptArg{Opt: t.opt.Name, Kind: OptRead, Value: Word{Text: p}})
			}
			return
		}
	}
	r.setUnknown(cmd, programOf(cmd, r.sub)+" "+t.opt.Name+" runs code that hookc's inline core does not read ("+why+")")
}

// readsStdinCode reports whether an interpreter classified so runs the
// code its standard input holds: it has no code option, and no operand
// but "-", and no option that prints and exits (python3 - <<'EOF').
func (r *classified) readsStdinCode() bool {
	if _, ok := codeValue(r.values); ok ||
		slices.ContainsFunc(r.flags, func(w Word) bool {
			return slices.Contains([]string{"-V", "--version", "-h", "--help"}, w.Text)
		}) {
		return false
	}
	switch len(r.operands) {
	case 0:
		return true
	case 1:
		return r.operands[0].Text == "-" && !r.operands[0].Uncertain()
	}
	return false
}

// stdinCode records the code an interpreter reads from its standard
// input (stdin: a here-document or here-string, or nil): in the inline
// core it is known by the files it opens, as inlineCode's; any other input
// (a pipe, a file, code outside the core) makes the command not known
// (design.md 455).
func (r *classified) stdinCode(cmd *Command, stdin *Word) {
	why := "its standard input is not a here-document or here-string the line holds"
	switch {
	case r.notFlag != "":
		why = r.notFlag + " changes how it runs it"
	case stdin != nil && stdin.Uncertain():
		why = "its here-document is only known when it runs"
	case stdin != nil && cmd.Code == "python":
		var reads []string
		if reads, why = inline.Python(stdin.Text); why == "" {
			r.code = true
			r.values = append(r.values, OptArg{Opt: "-", Kind: OptCode, Value: *stdin})
			for _, p := range reads {
				r.values = append(r.values, OptArg{Opt: "-", Kind: OptRead, Value: Word{Text: p}})
			}
			return
		}
	}
	r.setUnknown(cmd, programOf(cmd, r.sub)+" runs the code on its standard input, which hookc's inline core does not read ("+why+")")
}

// handsOptions reports whether the value s of an option holds an option:
// a dash and a letter at its start or after = or , (-B./x,
// nvptx-none=-fplugin=p.so), not a negative number (-DLEVEL=-1).
func handsOptions(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		c := s[i+1]
		if s[i] == '-' && (i == 0 || s[i-1] == '=' || s[i-1] == ',') && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return true
		}
	}
	return false
}

// unknownValue returns the value of the option token t when the program
// does not list the option: the value scanned with it, or, for a program
// that reads -name=value in one word (Command.NoSplit), the text after
// the first =.
func unknownValue(t optToken) (Word, bool) {
	if t.opt.Kind != OptUnknown {
		return Word{}, false
	}
	if t.has {
		return t.value, true
	}
	if _, v, ok := strings.Cut(t.opt.Name, "="); ok && strings.HasPrefix(t.opt.Name, "-") {
		w := attachedValue(v)
		w.Dynamic, w.Glob = t.w.Dynamic, t.w.Glob
		return w, true
	}
	return Word{}, false
}

func (r *classified) setUnknown(cmd *Command, why string) {
	if r.unknown == "" {
		r.unknown = why
	}
}

// maybeOption says that the word w, only known when it runs, may be an
// option of cmd (or its subcommand sub) that does more than read.
func maybeOption(cmd *Command, sub string, w Word) string {
	return "a word only known when it runs may be an option of " + programOf(cmd, sub) + " that does more than read its operands: " + w.Text
}

// programOf names the program cmd, with its subcommand sub.
func programOf(cmd *Command, sub string) string {
	if sub != "" && cmd.Sub(sub) != nil {
		return cmd.Name + " " + sub
	}
	return cmd.Name
}

// classifyFind classifies find's words: -exec, -execdir, -ok and -okdir
// are options whose command, up to ; or a + after {}, is operands.
func classifyFind(words []Word, cmd *Command) classified {
	var r classified
	for i := 0; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case w.Dynamic:
			r.flags = append(r.flags, w)
			r.operands = append(r.operands, w)
		case isFindExec(t):
			r.flags = append(r.flags, w)
			for i++; i < len(words); i++ {
				r.operands = append(r.operands, words[i])
				if t := words[i].Text; t == ";" || (t == "+" && words[i-1].Text == "{}") {
					break
				}
			}
		case len(t) < 2 || t[0] != '-' || w.Glob:
			if w.Glob && maybeDash(t) {
				r.flags = append(r.flags, w)
			}
			r.operands = append(r.operands, w)
		default:
			r.flags = append(r.flags, w)
			k := cmd.Opt(t)
			switch {
			case k == OptUnknown && cmd.Strict:
				r.setUnknown(cmd, t+" is not a find primary hookc knows")
			case k == OptUnsafe || k == OptUnsafeValue:
				r.setUnknown(cmd, "find "+t+" can make it run or read what the command line does not show")
			case k == OptUnsafeRead:
				r.setUnknown(cmd, "find "+t+" takes operands from a file, which the command line does not show")
			}
			if k.TakesValue(false) && i+1 < len(words) {
				i++
				switch k {
				case OptRead, OptWrite, OptDir, OptScript, OptSplit:
					r.values = append(r.values, OptArg{Opt: t, Kind: k, Value: words[i]})
				case OptUnsafeRead:
					r.values = append(r.values, OptArg{Opt: t, Kind: OptRead, Value: words[i]})
				}
			}
		}
	}
	return r
}

// undoes reports whether --no-x may undo one of flags: --x itself, or a
// short option (one letter, which may be --x's short name) with x's first
// letter in either case.
func undoes(flags []Word, x string) bool {
	for _, f := range flags {
		if f.Text == "--"+x {
			return true
		}
		if len(f.Text) == 2 && f.Text[0] == '-' && f.Text[1] != '-' && strings.EqualFold(f.Text[1:], x[:1]) {
			return true
		}
	}
	return false
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
// CMD). The value of an OptScript option is a script; that of an OptSplit
// option is split into words that replace it (env -S).
//
// An option the wrapper is not known to take may take a value: the command
// may then start one word later, and both readings are walked.
//
// c already lists the wrapper in c.wrappers.
func (e *extractor) unwrapExec(cmd *Command, words []Word, c ctx, text string) {
	xargs := cmd.Wrapper == WrapXargs
	var in xargsInput
	skip := cmd.SkipOperands
	unknownOpt := false
	s := newScanner(words, cmd, false)
	var t optToken
	// The assignments are appended in place (one by one to a shared list
	// would copy it each time: env a0=1 ... a40000=1 ls, round 22); the
	// list is clipped wherever c is handed on, so that what is appended
	// later is never seen there.
	c.assigns = slices.Clip(c.assigns)
	on := func() ctx {
		c.assigns = slices.Clip(c.assigns)
		return c
	}
	for s.next(&t) {
		switch t.kind {
		case tokEither:
			if skip > 0 {
				skip--
				continue
			}
			// The word may be the command, or an option before it: take
			// it as both.
			e.runInner(words[t.word:], on(), text, xargs, in)
		case tokEnd:
			s.ended = true
		case tokOperand:
			switch {
			case t.w.Text == "-" && !s.ended:
				// env -, su -: an option
			case isAssign(t.w):
				c.assigns = append(c.assigns, t.w)
			case skip > 0:
				skip--
			default:
				e.runInner(words[t.word:], on(), text, xargs, in)
				if unknownOpt && t.word+1 < len(words) {
					e.runInner(words[t.word+1:], on(), text, xargs, in)
				}
				return
			}
		case tokOpt:
			opt := t.opt.Name
			switch k := t.opt.Kind; {
			case xargs && (opt == "-i" || opt == "--replace"):
				in.replace = "{}"
				if t.has {
					in.replace = t.value.Text
				}
			case xargs && opt == "-I":
				in.replace = t.value.Text
			case xargs && (opt == "-0" || opt == "--null"):
				in.null = true
			case xargs && (opt == "-a" || opt == "--arg-file" || opt == "-d" || opt == "--delimiter"):
				in.otherInput = true
			case xargs && opt == "--process-slot-var" && t.has:
				// The command runs with NAME set to its slot number:
				// an assignment (PATH=0 makes it run ./0/PROGRAM).
				c.assigns = append(c.assigns, Word{Text: t.value.Text + "=0", Dynamic: t.value.Dynamic})
			case k == OptUnknown:
				unknownOpt = true
			case k == OptNoExec:
				return
			case k == OptScript:
				e.nested(t.value, on(), text)
				return
			case k == OptSplit:
				e.unwrapSplit(cmd, t, words[s.i:], on(), text, skip)
				return
			case k == OptDir && t.has:
				c.dir = joinDir(c.dir, t.value)
			}
		}
	}
}

// unwrapSplit goes on unwrapping after env -S STRING (the option t), with
// rest the words after it and skip operands still to skip: the words env
// splits the string into replace the option, one re-parse deeper. A
// string the model does not split as env does is opaque (design.md 399).
func (e *extractor) unwrapSplit(cmd *Command, t optToken, rest []Word, c ctx, text string, skip int) {
	switch {
	case !t.has:
		return
	case t.value.Dynamic:
		e.nested(t.value, c, text)
		return
	case c.depth >= e.lim.Depth:
		e.x.TooDeep = true
		return
	}
	split, ok := splitString(t.value.Text)
	if !ok {
		e.opaque(c, text, "a string env -S splits or expands in a way hookc does not model")
		return
	}
	c.depth++
	k := *cmd
	k.SkipOperands = skip
	e.unwrapExec(&k, append(split, rest...), c, text)
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

// xargsInput is how xargs reads the words it adds to a command.
type xargsInput struct {
	replace    string // -I R: words holding R are the input's
	null       bool   // -0: the words end at NULs, quotes and blanks are theirs
	otherInput bool   // -a FILE, -d DELIM: not the standard input so split
}

// runInner records the command inner, run by a wrapper. xargs appends its
// input to the command's words, or puts it where the words hold replace.
func (e *extractor) runInner(inner []Word, c ctx, text string, xargs bool, in xargsInput) {
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
	// The paths find printed before are the words it adds, one by one:
	// with -0, those of -print0; without, those of -print, which it
	// splits at blanks and newlines and whose quotes and backslashes it
	// reads, so the evaluator checks that no name found holds one
	// (FoundSplit; design.md 432).
	input := []Word{{Text: "<xargs args>", Dynamic: true}}
	if f := c.feed; f != nil && !in.otherInput && in.null != f.lines {
		input, c.foundNames, c.foundSplit = f.found, f.names, f.lines
	}
	c.stdin = nil // xargs reads it
	if in.replace == "" || input[0].Dynamic {
		args := slices.Clone(inner)
		if in.replace != "" {
			for i, w := range args {
				if strings.Contains(w.Text, in.replace) {
					args[i].Dynamic = true
				}
			}
		}
		e.command(append(args, input...), c, text)
		return
	}
	// -I R: each path found is a command of its own.
	for _, found := range input {
		args := slices.Clone(inner)
		for i, w := range args {
			switch {
			case w.Text == in.replace && !w.Dynamic && i > 0:
				args[i] = found
			case strings.Contains(w.Text, in.replace):
				args[i].Dynamic = true
			}
		}
		e.command(args, c, text)
	}
}

// unwrapShell finds the script a shell runs: with -c (an OptScript option
// of the shell, alone or in a group such as -lc), its first operand; with
// -s or no operand, its standard input, if that is a here-document or
// here-string. A shell running a script file (bash x.sh) runs nothing the
// line shows.
func (e *extractor) unwrapShell(cmd *Command, words []Word, c ctx, text string) {
	script, stdin := false, false
	s := newScanner(words, cmd, true)
	var t optToken
	first := -1 // the first operand
scan:
	for s.next(&t) {
		switch t.kind {
		case tokEither:
			first = t.word
			break scan
		case tokOperand:
			first = t.word
			break scan
		case tokOpt:
			switch {
			case t.opt.Name == "-c" || t.opt.Kind == OptScript && t.opt.Name[0] == '-':
				script = true
			case t.opt.Name == "-s":
				stdin = true
			}
		}
	}
	switch {
	case script:
		if first >= 0 {
			e.nested(words[first], c, text)
		}
	case (stdin || first < 0 || isStdin(words[first])) && c.stdin != nil:
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
	skip := cmd.SkipOperands // ssh's host
	s := newScanner(words, cmd, false)
	var t optToken
	for s.next(&t) {
		switch {
		case t.kind == tokEither && skip > 0:
			// the host, or the script
			e.nested(joinWords(words[t.word:]), c, text)
			skip--
		case (t.kind == tokOperand || t.kind == tokEither) && skip > 0:
			skip--
		case t.kind == tokOperand || t.kind == tokEither:
			e.nested(joinWords(words[t.word:]), c, text)
			return
		}
	}
}

// unwrapFind finds the commands of find's -exec, -execdir, -ok and -okdir:
// the words up to ; or to a + after {}. {} is the name of a file found: a
// path at or below the starting points.
func (e *extractor) unwrapFind(words []Word, c ctx, text string) {
	founds := foundPaths(words)
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
			for _, found := range founds {
				if j <= i+1 {
					break
				}
				inner := slices.Clone(words[i+1 : j])
				in := c
				in.foundNames = findNames(words[:i])
				if w.Text == "-execdir" || w.Text == "-okdir" {
					// The command runs in the directory of each file
					// found, with {} its ./NAME: a relative word
					// names a path below any of them, and {} is
					// still each file found (Word.Found on a Dir).
					in.dir = Word{Text: c.dir.Text, Dynamic: true, Found: !c.dir.Dynamic}
				}
				for k, w := range inner {
					switch {
					case w.Dynamic:
					case w.Text == "{}" && k > 0:
						inner[k] = found
					case strings.Contains(w.Text, "{}"):
						// -exec {} runs the files found; {} inside a word
						// is the name of one.
						inner[k].Dynamic = true
					}
				}
				e.command(inner, in, text)
			}
			i = j
		}
	}
}

// foundPaths returns the words that find's {} stands for, one for each
// starting point (. if none): any path at or below it. It is one dynamic
// word if a starting point is not known or there are more than
// maxFindStarts. The starting points follow find's leading options (-H,
// -L, -P, -D OPTS, -OLEVEL); -files0-from reads them from a file.
func foundPaths(words []Word) []Word {
	i := 0
	for ; i < len(words) && !words[i].Dynamic; i++ {
		t := words[i].Text
		if t == "-D" {
			i++
			continue
		}
		if t != "-H" && t != "-L" && t != "-P" && !strings.HasPrefix(t, "-D") && !strings.HasPrefix(t, "-O") {
			break
		}
	}
	var start []Word
	for _, w := range words[i:] {
		if w.Dynamic || (len(w.Text) > 0 && (w.Text[0] == '-' || w.Text == "(" || w.Text == "!")) {
			break
		}
		start = append(start, w)
	}
	unknown := []Word{{Text: "{}", Dynamic: true}}
	switch {
	case slices.ContainsFunc(words, func(w Word) bool { return w.Text == "-files0-from" }), len(start) > maxFindStarts:
		return unknown
	case len(start) == 0:
		return []Word{{Text: ".", Tree: true, Found: true}}
	}
	found := make([]Word, len(start))
	for i, w := range start {
		if w.Uncertain() {
			return unknown
		}
		found[i] = Word{Text: w.Text, Tree: true, Found: true}
	}
	return found
}

// maxFindStarts bounds the starting points of a find that the rules judge
// one by one: each is a command of its own for what -exec runs.
const maxFindStarts = 16

// findFeed returns what a pipeline stage whose commands are cmds writes to
// the next one when that is the paths find prints (find's {} then:
// foundPaths), or nil: one find, run by no wrapper, whose words are all
// known and whose only action is -print0, or -print (or none), which
// ends each path with a newline. wrappers is how many wrappers run the
// stage (bash -c 'find ... | xargs ...').
func findFeed(cmds []SimpleCommand, wrappers int) *feed {
	if len(cmds) != 1 || cmds[0].Program.Text != "find" || cmds[0].Program.Dynamic || len(cmds[0].Wrappers) != wrappers {
		return nil
	}
	words := cmds[0].Words
	print0, print := false, false
	tests := len(words) // the words before the first action
	for i, w := range words {
		switch {
		case w.Dynamic:
			return nil
		case w.Text == "-print0":
			print0, tests = true, min(tests, i)
		case w.Text == "-print":
			print, tests = true, min(tests, i)
		case isFindExec(w.Text) || slices.Contains([]string{"-printf", "-fprint", "-fprint0", "-fprintf", "-ls", "-fls", "-delete"}, w.Text):
			return nil
		case strings.HasPrefix(w.Text, "-D") || slices.Contains([]string{"-help", "--help", "-version", "--version"}, w.Text):
			return nil // find -D help, --help and --version print other text
		}
	}
	if print0 && print {
		return nil
	}
	names := findNames(words[:tests])
	if slices.ContainsFunc(words[tests:], func(w Word) bool { return findOperator(w.Text) }) {
		// A branch after the first action prints what the tests before
		// it did not pass: find . -name '*.md' -print0 -o -print0.
		names = nil
	}
	if found := foundPaths(words); !found[0].Dynamic {
		return &feed{found, names, !print0}
	}
	return nil
}

// A feed is what find prints in a pipeline's stage before: the paths {}
// stands for, one word for each starting point (foundPaths), which match
// every one of names (findNames), each ended by a NUL, or by a newline
// (lines).
type feed struct {
	found []Word
	names []string
	lines bool
}

// findNames returns the patterns of find's -name and -iname tests among
// words, the expression before an action, when every path the action
// gets matches each of them: the expression is a plain conjunction (no
// -o, !, parentheses, comma or -prune) and each pattern a known word of
// ASCII letters, * and ? (an -iname's starts with "(?i)"). nil if not.
func findNames(words []Word) []string {
	var names []string
	for i := 0; i < len(words); i++ {
		switch t := words[i].Text; {
		case words[i].Dynamic:
			return nil
		case findOperator(t):
			return nil
		case (t == "-name" || t == "-iname") && i+1 < len(words):
			p := words[i+1]
			if p.Uncertain() || strings.ContainsAny(p.Text, "[\\") || !isASCII(p.Text) {
				return nil
			}
			if t == "-iname" {
				names = append(names, "(?i)"+p.Text)
			} else {
				names = append(names, p.Text)
			}
			i++
		}
	}
	return names
}

// findOperator reports whether t is an operator of find's expression
// that makes a test no longer one every path printed passes (or -prune,
// which is true where it prunes).
func findOperator(t string) bool {
	return slices.Contains([]string{"-o", "-or", "!", "-not", "(", ")", ",", "-prune"}, t)
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isFindExec(t string) bool {
	return t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir"
}

// splitString splits the value of env -S into words as GNU env does
// (coreutils env.c, build_argv): leading white space is skipped; words end
// at a space or tab outside quotes (a newline, \v, \f or \r there is
// refused: env 9.1 ends a word at it, older ones keep it); '...'
// and "..." quote, and a quote always starts a word (” is an empty one);
// # at the start of a word and \c outside "..." end the string; \_ ends a
// word outside "..." and is a space inside; \f \n \r \t \v are those
// characters and \\ \' \" \# \$ themselves, but inside '...' only \\ and \'
// are escapes. It reports false for what env refuses or expands (an
// unknown escape, a trailing backslash, an unclosed quote, \c inside "...",
// $ outside '...': env expands ${NAME} from its environment, and a name
// set to nothing is no word at all). The -S oracle holds this to env
// (TestEnvSplitOracle).
func splitString(s string) ([]Word, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	var words []Word
	var b strings.Builder
	single, double, sep, inWord := false, false, true, false
	add := func(c byte, quote bool) { // a character, or a quote, of a word
		if sep {
			if inWord {
				words = append(words, Word{Text: b.String()})
			}
			b.Reset()
			sep, inWord = false, true
		}
		if !quote {
			b.WriteByte(c)
		}
	}
	end := func() []Word {
		if inWord {
			words = append(words, Word{Text: b.String()})
		}
		return words
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' && !double:
			single = !single
			add(c, true)
		case c == '"' && !single:
			double = !double
			add(c, true)
		case (c == ' ' || c == '\t') && !single && !double:
			sep = true
		case strings.IndexByte("\n\v\f\r", c) >= 0 && !single && !double:
			return nil, false // blanks in 9.1, part of a word in older envs
		case c == '#' && sep && !single && !double:
			return end(), true
		case c == '$' && !single:
			return nil, false
		case c != '\\':
			add(c, false)
		case i+1 == len(s):
			return nil, false
		case single && s[i+1] != '\\' && s[i+1] != '\'':
			if !strings.ContainsRune("cfnrtv#$_\"", rune(s[i+1])) {
				return nil, false // env refuses it even inside '...'
			}
			add(c, false)
		default:
			i++
			switch n := s[i]; n {
			case '\\', '\'', '#', '$', '"':
				add(n, false)
			case '_':
				if double {
					add(' ', false)
				} else {
					sep = true
				}
			case 'c':
				if double {
					return nil, false
				}
				return end(), true
			case 'f', 'n', 'r', 't', 'v':
				add(map[byte]byte{'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}[n], false)
			default:
				return nil, false
			}
		}
	}
	if single || double {
		return nil, false
	}
	return end(), true
}
