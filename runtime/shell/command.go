package shell

import "slices"

// A Word is one shell word after quote removal.
type Word struct {
	Text string // the value; for a dynamic word, its source text
	// Dynamic says the value is wholly unknown: a parameter expansion other
	// than $HOME, a command or process substitution, arithmetic, brace
	// expansion, ~user, or an argument that xargs appends at run time.
	Dynamic bool
	// Glob says the word holds unquoted pattern characters (* ? [): the
	// shell may replace it with matching file names. Text is the pattern.
	Glob bool
	// Pat is, for a Glob word, the pattern Bash matches names against: Text
	// with a backslash before each quoted character that is not a letter or
	// digit. "" says the pattern is not known, and the word is not matched
	// against the file system (design.md 120).
	Pat string
	// Tree says the value is a path at or below Text, which is a
	// directory: what find's {} stands for, or the files a recursive
	// reader reads.
	Tree bool
	// Found says the value is what find hands -exec: each path its walk
	// finds below Text, hidden names too, a symlink as an operand the
	// program follows (round 16). On a command's Dir (which is then
	// Dynamic), it says find -execdir runs it below Text: a Found word
	// there is still relative to Text (design.md 432).
	Found bool
	// Pipe says the word is a process substitution alone, <(...) or
	// >(...): Dynamic, but its value is a path /dev/fd/N to a pipe that
	// the commands inside write or read, never an option or a directory
	// (design.md 136).
	Pipe bool
	// Resplit says the word is an unquoted loop variable bound to a glob
	// word: Bash splits each name the glob matches and globs it again, so
	// the names stand for themselves only where none holds a blank or a
	// pattern character (design.md 137, 220).
	Resplit bool
	// Prefix says, of a Dynamic word, that its value starts with Text: an
	// assignment NAME= whose value is only known when it runs (x=$(cmd), a
	// loop's or read's variable), so matchers judge its name (design.md 429).
	Prefix bool
	// AssignTilde says, of a Dynamic word, that Text is its value but
	// for a ~ right after its first = or after a colon in the value,
	// which bash expands to the home as if the word were an assignment
	// (a=~/x, PATH=x:~/bin): a key=value operand (dd if=~/x) names
	// the path after the = as the evaluator resolves ~ (design.md 434).
	AssignTilde bool
	// Braced says the word is one of those bash's brace expansion made
	// of one word ({a,b}.go; design.md 434): zsh's may differ.
	Braced bool
}

// Uncertain reports whether the word's run-time value may differ from Text.
func (w Word) Uncertain() bool { return w.Dynamic || w.Glob || w.Tree }

// A Redir is a redirection that applies to a simple command.
type Redir struct {
	Op     string // ">", ">>", "<", "&>", ">|", "<>", ...
	Target Word   // the file (for fd duplications such as 2>&1 no Redir is recorded)
	Write  bool   // the target is written (> >> &> >| <>)
	Read   bool   // the target is read (< <>)
	Dir    Word   // the directory a wrapper made it relative to (see SimpleCommand.Dir)
}

// A SimpleCommand is one command that a command line runs, found through
// every construct and wrapper, with what it was found under.
type SimpleCommand struct {
	Program Word   // base name of the program; Text "" for a statement with no program
	Path    string // the program as written after quote removal (/bin/rm), "" if dynamic

	Words    []Word // every word after the program
	Flags    []Word // options: short ones split, long ones without =value, abbreviations expanded
	Operands []Word // words that are neither options nor option values
	// Values are the options whose values name files read or written,
	// directories, or commands run.
	Values []OptArg
	// Knows is the program whose knowledge read the words after the
	// program's own when it is not the program (python -m pytest reads
	// them as pytest's; design.md 385): the evaluator's knowledge of the
	// command is Knows's. "" when it is the program's.
	Knows string
	// Sub is the subcommand (the first operand) of a program whose
	// knowledge lists subcommands, "" otherwise.
	Sub string
	// Tree says the paths it reads are whole directory trees (rg, grep -r);
	// TreeHidden that the names starting with . below them are read too
	// (all but rg, ag and the like without --hidden).
	Tree, TreeHidden bool
	// Filters are the options that narrow the files of the trees it reads
	// (rg -g, grep --include), in the order given (design.md 135).
	Filters []FilterOpt
	// FoundNames are the patterns of find's -name and -iname ((?i)PAT)
	// tests that every file a Found operand stands for matches: find
	// -name '*.go' -exec wc -l {} + (design.md 432).
	FoundNames []string
	// FoundSplit says xargs split the paths that find printed, a line
	// each, into its words (find . | xargs wc -l): a name below a Found
	// operand with a blank, a quote or a backslash makes them other
	// words (design.md 432).
	FoundSplit bool
	// Unknown says why the command is not one hookc knows, if it is not:
	// an option or subcommand its knowledge does not list, or an option
	// that makes it run what the line does not show. Allow rules about
	// commands do not match it (design.md 44).
	Unknown string
	// GlobOpts are glob words that may expand to options that do more
	// than read (a strict program's file or command options): with a
	// file system the hook sees what Bash will expand them to, and
	// without one the command is not known (design.md 44).
	GlobOpts []Word
	// Loss says why the command may lose work that cannot be recovered:
	// an option or subcommand of that kind (git branch -D, git push
	// --force, git restore); "" if none (design.md 115).
	Loss string
	// Opaque says why the command's program is not known: it stands for
	// code that is only known when it runs (design.md 45). Its Program is
	// dynamic.
	Opaque string
	// CwdLost says the working directory is not known from this command
	// on: a loop around it changes directory, so a later pass runs it
	// elsewhere (design.md 150).
	CwdLost bool
	// AfterCd says it runs only once the cd before it succeeded: cd DIR
	// && cmd, where the cd is the first command of its and-or list or
	// itself runs after &&, and cd DIR && make && cmd, where the
	// commands between move nowhere (design.md 392, 444).
	AfterCd bool
	// Shell is the shell the command runs in: 0 the line's own, n > 0 a
	// child shell (a subshell, a pipeline stage, a substitution, a
	// background job, a program's command), whose parent is
	// Extraction.Shells[n-1]. A cd moves the commands after it in its
	// own shell only (design.md 413).
	Shell int

	Wrappers []string // outermost first: "sudo", "env", "bash", "xargs", "find", "eval", ...
	Assigns  []Word   // NAME=value, from the shell and from env-style wrappers
	// Globbed are the glob words Bash expands to the names they match
	// for this statement that are not among its Words: the elements of
	// an array assignment and the words a for or select loop runs over
	// (design.md 409).
	Globbed   []Word
	Producers []string // base names of programs whose output flows into this one
	Redirs    []Redir  // its own and those of enclosing compound commands
	// Dir is the directory that a wrapper option made the command run in
	// (env -C DIR, sudo -D DIR): absolute, ~, relative to the working
	// directory, or dynamic; the zero Word if none.
	Dir Word

	Depth int    // how many shell re-parses (sh -c, eval) it is nested in
	Text  string // the source text of the command, for traces
}

// A FilterOpt is an option that narrows the files of the trees a
// recursive reader reads.
type FilterOpt struct {
	Opt   string // the option, as classified
	Value Word
	// Word is the word that holds the value (--include=*.go, or the value
	// alone), which Bash expands as a glob if it holds one.
	Word Word
	At   int // the index in Words of the word that holds the option
}

// An OptArg is an option whose value names a file or a command.
type OptArg struct {
	Opt   string // the option, as classified
	Kind  OptKind
	Value Word
}

// Code returns the inline code of the command that hookc's inline core
// read (python3 -c CODE, python3 - <<'EOF'), if it has any: its files
// are the command's reads (design.md 455).
func (c *SimpleCommand) Code() (Word, bool) { return codeValue(c.Values) }

func codeValue(values []OptArg) (Word, bool) {
	i := slices.IndexFunc(values, func(v OptArg) bool { return v.Kind == OptCode })
	if i < 0 {
		return Word{}, false
	}
	return values[i].Value, true
}

// An Extraction is every simple command of one command line.
type Extraction struct {
	Cmds []SimpleCommand
	// ParseError is set when the line (or a nested literal script) does not
	// parse; Cmds then holds what could be found.
	ParseError string
	// TooDeep is set when nesting exceeded the depth limit, or constructs
	// nest deeper than MaxNest or the line holds more than MaxBrackets
	// brackets (then TooNested is set too).
	TooDeep   bool
	TooNested bool
	// TooMany is set when the line has more simple commands than allowed.
	TooMany bool
	// TimedOut is set when parsing took longer than Limits.Millis; Cmds then
	// holds what was found before.
	TimedOut bool
	// GlobSet says why glob words may match otherwise than Bash's default
	// options: the line sets one that changes globbing (shopt -s globstar,
	// set -f), and glob words are not matched against the file system
	// (design.md 120). "" if it sets none.
	GlobSet string
	// Shells holds, for each child shell n > 0 of the line
	// (SimpleCommand.Shell), the shell it starts from at Shells[n-1].
	Shells []int
}

// Knowledge looks up what the policy knows about a program by base name;
// it returns nil for an unknown program.
type Knowledge func(name string) *Command
