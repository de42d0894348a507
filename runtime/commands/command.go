// Package commands is what a policy knows about the programs a command
// line runs (design.md 44): a Command with its options, wrappers and the
// operands it reads and writes, and BaseCommands, the built-in list
// (design.md 296, 327). It imports only the standard library.
package commands

import (
	"slices"
	"strings"
)

// Command is what the policy knows about one program (design.md 44).
type Command struct {
	Name string
	// Wrapper says how the program runs another command; NotWrapper if it
	// does not.
	Wrapper WrapperKind
	// Opts are the options the program takes, with their kinds, as
	// EncodeOpts writes them.
	Opts string
	// Abbrev says the program accepts unambiguous prefixes of long options.
	Abbrev bool
	// NoSplit says short options are not combined (find -name, dd).
	NoSplit bool
	// FoldOpts says option names are read in any case, after one dash
	// or two (tsc -outDir is --outdir): Opts lists them in lower case
	// (design.md 385).
	FoldOpts bool
	// ShortGroups are the one-letter options the program expands when a
	// word after any number of dashes is made of them alone, in their
	// case (npm -fC DIR is --force --prefix DIR; design.md 430). A
	// program with them reads its options as npm's nopt does: an option
	// that takes a value does not take a next word that starts with a
	// dash, and names are read in their case.
	ShortGroups string
	// Strict says Opts and Subs are all the program takes: a command with
	// any other option or subcommand, or with a word whose value is not
	// known where an option that does more than read its operands could
	// be, is not known (SimpleCommand.Unknown), and allow rules about
	// commands do not match it.
	Strict bool
	// SkipOperands is how many operands a wrapper takes before the command
	// (timeout's DURATION, chroot's NEWROOT, flock's FILE).
	SkipOperands int
	// Reads and Writes select which operands are paths the program reads or
	// writes.
	Reads, Writes Operands
	// Lists selects the operands whose entries' names and metadata the
	// program shows (ls, find), with none the working directory; ListsTree says
	// it shows every name below them (find, du), as an OptRecurse option
	// of a program that reads nothing does for one command (ls -R).
	Lists     Operands
	ListsTree bool
	// Tree says the paths it reads may be directories whose whole tree it
	// reads, and that with none it reads the working directory (rg); an
	// OptRecurse option says the same for one command (grep -r).
	Tree bool
	// SkipsHidden says its tree reads skip names starting with . (rg), unless
	// an OptHidden option is given.
	SkipsHidden bool
	// Loses says every use of the program (or subcommand) may lose work
	// that cannot be recovered (git restore, git clean): an allow rule
	// allows it only if it says so (Rule.Effects, design.md 115).
	Loses bool
	// Environ says when the program prints the environment, where tokens
	// live: a read of a secret (design.md 386).
	Environ Environ
	// KeyReads and KeyWrites are key=value operands naming paths (dd if= of=).
	KeyReads, KeyWrites []string
	// FileReads are files the program reads by name, without an operand,
	// in the directory it runs in and in each one above it up to the
	// project root (go.mod, package.json). A file there that is a symlink
	// is a read of its target; a name starting with "!" is a settings file
	// whose settings may make the program run or write elsewhere (.npmrc):
	// where one exists, the command is not known (design.md 309).
	FileReads []string
	// UnsafeOperands and LossOperands are operands that make the command
	// run what the line does not show (less +!cmd, make CC=prog, git fetch
	// ext::cmd) or lose work (git fetch +src:dst), as OperandMatches
	// reads the patterns (design.md 261).
	UnsafeOperands, LossOperands []string
	// OutsideOpts are options whose value is a directory or file whose
	// code the program runs (make -C, cmake -S, ninja -C): a value outside
	// the project by its spelling (absolute, ~, with a .. component) or
	// only known when it runs makes the command not known (design.md 261).
	OutsideOpts []string
	// UnsafeValues are "OPTION PATTERN" pairs: the option with a value
	// OperandMatches reads the pattern against (or one only known when it
	// runs) makes the command not known (cmake -D CMAKE_C_COMPILER=prog).
	UnsafeValues []string
	// Modules are the modules a program runs as programs (python -m
	// pytest, npx tsc): the words after one are read with the knowledge
	// of the program of its name (design.md 385). ModuleOpt is the short
	// option that names the module (-m); "" for the first operand.
	Modules   []string
	ModuleOpt string
	// ModuleSub is the subcommand after which the first operand is the
	// module (uv run pytest); "" for none.
	ModuleSub string
	// SettingsOpts are options whose value is a settings file the hook
	// reads as FileReads' "?" files, or a directory holding the first of
	// them (tsc -p; design.md 388).
	SettingsOpts []string
	// CodeTree, where it is not empty, says the program runs code it
	// finds walking the trees of its path operands (or its directory)
	// with their symlinks followed (pytest); its entries are the
	// directory names it does not walk (design.md 390).
	CodeTree []string
	// Derives are "SUFFIX NEW" pairs: an operand ending in SUFFIX makes
	// the program write the file with NEW in its place, beside it (tsc
	// a.ts writes a.js), unless an option of DeriveOff is given
	// (design.md 391).
	Derives, DeriveOff []string
	// Outputs are files the program writes in its working directory under
	// names it picks itself: a name (a.out), or "*" for any, which makes
	// every symbolic link there a file it may write (round 36). An option
	// of DeriveOff stops them too.
	Outputs []string
	// EnvironOpts are options that make the program print the
	// environment, where tokens live (make -p; design.md 393).
	EnvironOpts []string
	// Code is the language of the values of its OptCode options
	// ("python"), which runtime/inline reads; CodeReads are the files it
	// reads by name, as FileReads, when it runs such code (python -c
	// imports modules from the working directory first; design.md 455).
	Code      string
	CodeReads []string
	// Subs are the program's subcommands, sorted by Name: the first operand
	// names one, and the options after it are the subcommand's (git push
	// --force); the program's own Opts are its global options.
	Subs []Command
	// subs are the subcommands of an entry of BaseCommands as the hook
	// decodes it, still packed; Subs is then nil (design.md 336).
	subs *packedSubs
}

// WrapperKind is how a wrapper finds the command it runs.
type WrapperKind uint8

const (
	NotWrapper WrapperKind = iota
	WrapExec               // options, assignments, SkipOperands operands, then the command (sudo, env, timeout)
	WrapShell              // a shell: the value of a ScriptOpts option is a script (bash -c)
	WrapEval               // the operands joined by spaces are a script (eval)
	WrapScript             // the operands joined by spaces are a script run by sh -c (watch)
	WrapFind               // -exec/-execdir/-ok/-okdir ... ; or +
	WrapXargs              // like WrapExec; arguments are appended at run time
)

// Environ is when a program prints the environment (Command.Environ).
type Environ uint8

const (
	EnvironNone  Environ = iota
	EnvironBare          // when it runs no command (env, env -0)
	EnvironNames         // the variables its operands name, all without operands (printenv)
	EnvironAlone         // when it has no words (set)
	EnvironBSD           // when a word without a dash holds e (ps e, ps auxe)
)

// Operands selects operands of a command.
type Operands uint8

const (
	OpNone         Operands = iota
	OpAll                   // every operand
	OpFirst                 // the first operand
	OpLast                  // the last operand
	OpAllButLast            // all but the last (cp and mv sources)
	OpAllButFirst           // all but the first (chmod MODE FILE...)
	OpAfterPattern          // all but the first, unless -e or -f gave the pattern (grep, sed, awk)
	OpLeading               // the operands before the first option that follows an operand (find's starting points)
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
	OptCode         OptKind = 'c' // its value is code in the program's language (Command.Code): known by what it reads if the inline core reads it, else it runs code (python -c CODE)
)

// TakesValue reports whether an option of kind k takes a value. The script
// option of a shell (bash -c) does not: the script is the first operand.
func (k OptKind) TakesValue(shell bool) bool {
	switch k {
	case OptValue, OptRead, OptWrite, OptDir, OptSplit, OptUnsafeValue, OptUnsafeRead, OptRecurseValue, OptLossValue, OptCode:
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
	if p := c.subs; p != nil {
		return p.sub(name)
	}
	i, ok := slices.BinarySearchFunc(c.Subs, name, func(s Command, n string) int { return strings.Compare(s.Name, n) })
	if !ok {
		return nil
	}
	return &c.Subs[i]
}

// LongMatches appends to dst the long options of c that the option name
// (without =value) stands for: itself if c lists it; if c takes
// abbreviations, each listed option it is a prefix of; none if it stands
// for nothing c lists.
func (c *Command) LongMatches(dst []OptSpec, name string) []OptSpec {
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

// Numeric reports whether -NUMBER is an option of c: a count that GNU
// programs take in place of -n NUMBER or -C NUMBER.
func (c *Command) Numeric() bool { return c != nil && c.Opt("-NUM") != OptUnknown }

// maybeDash reports whether the glob pattern p may expand to a name that
// starts with -.
