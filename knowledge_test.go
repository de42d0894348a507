package hookc_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// A helpSnap is the checked-in help text of a program whose command
// knowledge is strict (design.md 44): every option the text lists must be
// in the knowledge, with a kind that takes a value exactly when the text
// says the option does. testdata/help/<file>.txt holds the texts, each
// after a line "### $ ARGV", below a first line naming the version they
// came from.
type helpSnap struct {
	file    string     // testdata/help/<file>.txt
	program []string   // the knowledge it checks: {"ls"}, {"git", "status"}
	version []string   // the command printing the version
	cmds    [][]string // the commands printing the help texts
	mode    helpMode
	// except overrides what the text says about an option: "skip" (it is
	// not an option, or the text is wrong about it), or the class the
	// option really has ("flag", "value", "optional"), with the reason in
	// a comment.
	except map[string]string
	// partial says the text lists some of the options only: the
	// knowledge's other options are not logged as missing from it.
	partial bool
}

type helpMode uint8

const (
	helpSpec  helpMode = iota // option lines: "  -a, --all   description"
	helpUsage                 // a usage line: "[-C <path>] [--exec-path[=<path>]]"
	helpGo                    // go's usage lines: "[-go=version] [-x]", one dash before whole names
	helpFind                  // find's primaries: "-name PATTERN -newer FILE"
	helpLess                  // less: "-b [N]  ....  --buffers=[N]", overstruck
	// git's --git-completion-helper-all: every long option, "=" after
	// those that take a value, and the negations git accepts.
	helpCompletion
)

func gnu(name string) helpSnap {
	return helpSnap{file: name, program: []string{name}, version: []string{name, "--version"}, cmds: [][]string{{name, "--help"}}}
}

func gitSub(sub ...string) helpSnap {
	argv := append([]string{"git"}, sub...)
	return helpSnap{
		file:    "git-" + strings.Join(sub, "-"),
		program: []string{"git", sub[0]},
		version: []string{"git", "--version"},
		cmds:    [][]string{append(slices.Clone(argv), "-h"), append(slices.Clone(argv), "--git-completion-helper-all")},
	}
}

// gitHelpOnly is a git subcommand whose options are not parse-options
// options (the completion helper lists none of them).
func gitHelpOnly(sub ...string) helpSnap {
	s := gitSub(sub...)
	s.cmds = s.cmds[:1]
	s.partial = true
	return s
}

func with(s helpSnap, except map[string]string) helpSnap {
	s.except = except
	return s
}

var helpSnaps = []helpSnap{
	with(gnu("ls"), map[string]string{
		"-p": "flag", // --indicator-style=slash
		"-F": "flag", // --classify takes WHEN, -F does not
	}),
	gnu("cat"), gnu("head"), gnu("tail"), gnu("wc"),
	{file: "less", program: []string{"less"}, version: []string{"less", "--version"}, cmds: [][]string{{"less", "--help"}}, mode: helpLess, except: map[string]string{
		"-<": "skip", // a line of the key help
	}},
	gnu("more"),
	with(gnu("grep"), map[string]string{"-NUM": "flag"}),
	{file: "rg", program: []string{"rg"}, version: []string{"rg", "--version"}, cmds: [][]string{{"rg", "--help"}}},
	{file: "which", program: []string{"which"}, version: []string{"dpkg-query", "-W", "-f", "debianutils ${Version}\n", "debianutils"}, cmds: [][]string{{"which", "-h"}}, mode: helpUsage},
	gnu("stat"), gnu("du"), gnu("df"),
	with(gnu("date"), map[string]string{"-": "skip"}),
	gnu("whoami"), gnu("id"), gnu("uname"),
	with(gnu("file"), map[string]string{"-P": "value", "--parameter": "value"}), // name=value
	{file: "tree", program: []string{"tree"}, version: []string{"tree", "--version"}, cmds: [][]string{{"tree", "--help"}}, except: map[string]string{
		"--ignore-case": "flag", // one space before the description
	}},
	gnu("basename"), gnu("dirname"), gnu("realpath"), gnu("readlink"),
	{file: "hostname", program: []string{"hostname"}, version: []string{"hostname", "--version"}, cmds: [][]string{{"hostname", "--help"}}, except: map[string]string{
		"-F": "value", "--file": "value", // the file to read the name from
		"-I": "flag", "--all-ip-addresses": "flag", // one space before the description
	}},
	gnu("nl"), gnu("tac"),
	with(gnu("sort"), map[string]string{"-c": "flag", "-C": "flag"}), // --check=diagnose-first, --check=quiet
	gnu("uniq"),
	with(gnu("cut"), map[string]string{"-M": "skip"}), // a LIST form
	gnu("tr"),
	with(gnu("diff"), map[string]string{
		"-c": "flag", "-u": "flag", // -C NUM and -U NUM take the value
		"--GTYPE-group-format": "skip", "--LTYPE-line-format": "skip", // templates
	}),
	gnu("cmp"), gnu("comm"),
	{file: "find", program: []string{"find"}, version: []string{"find", "--version"}, cmds: [][]string{{"find", "--help"}}, mode: helpFind, except: map[string]string{
		"-regextype": "value", // listed without its TYPE
	}},
	gnu("sed"),
	{file: "jq", program: []string{"jq"}, version: []string{"jq", "--version"}, cmds: [][]string{{"jq", "--help"}}},
	gnu("sha256sum"), gnu("sha1sum"), gnu("sha512sum"), gnu("md5sum"), gnu("b2sum"), gnu("cksum"),
	gnu("printenv"), gnu("env"),
	with(gnu("xargs"), map[string]string{"-e": "optional", "-i": "optional", "--max-lines": "optional"}), // -e[END], -i[R]; --max-lines is -l, whatever the help says (round 54)
	with(gnu("timeout"), map[string]string{"-": "skip"}),
	gnu("nice"), gnu("nohup"), gnu("stdbuf"),
	with(gnu("sudo"), map[string]string{"-h": "optional"}), // --help, or -h=host
	gnu("setsid"),
	gnu("gawk"),
	{file: "git", program: []string{"git"}, version: []string{"git", "--version"}, cmds: [][]string{{"git", "-h"}}, mode: helpUsage},
	// Text tools and system queries (strict.cue).
	gnu("seq"), gnu("bc"),
	gnu("paste"), gnu("fold"), gnu("fmt"), gnu("expand"), gnu("join"), gnu("nproc"), gnu("tty"), gnu("who"),
	with(gnu("numfmt"), map[string]string{"-M": "skip", "->": "skip"}), // a FIELDS form; examples
	gnu("uptime"), gnu("free"), gnu("w"),
	gnu("column"), gnu("rev"), gnu("look"), gnu("lscpu"), gnu("last"), gnu("whereis"), gnu("mount"),
	gnu("getent"), gnu("iconv"),
	with(gnu("dpkg"), map[string]string{
		// Commands, listed with the operands they take (dpkg -l PATTERN...).
		"-V": "flag", "--verify": "flag", "--get-selections": "flag", "-s": "flag", "--status": "flag",
		"-p": "flag", "--print-avail": "flag", "-L": "flag", "--listfiles": "flag", "-l": "flag", "--list": "flag",
		"-S": "flag", "--search": "flag", "-C": "flag", "--audit": "flag", "--compare-versions": "flag",
		// Families, not options: not known (--force-confold).
		"--assert-": "skip", "--force-": "skip", "--no-force-": "skip", "--refuse-": "skip", "--validate-": "skip",
	}),
	with(gnu("timedatectl"), map[string]string{"--adjust-system-clock": "flag"}), // one space before the description
	{file: "getconf", program: []string{"getconf"}, version: []string{"getconf", "--version"}, cmds: [][]string{{"getconf", "--help"}}, mode: helpUsage},
	{file: "xxd", program: []string{"xxd"}, version: []string{"xxd", "--version"}, cmds: [][]string{{"xxd", "-h"}}, except: map[string]string{
		"-p": "flag", // -ps: xxd reads an option by its first two characters
	}},
	gnu("od"),
	{file: "hexdump", program: []string{"hexdump"}, version: []string{"hexdump", "--version"}, cmds: [][]string{{"hexdump", "--help"}}},
	// gofmt's flags are Go's flag package's: -h prints them.
	{file: "gofmt", program: []string{"gofmt"}, version: []string{"go", "version"}, cmds: [][]string{{"gofmt", "-h"}}, except: map[string]string{
		"-c": "skip", // -cpuprofile, read as a short option
		"-w": "skip", // writes the files: left out, so not known
	}},
	{file: "lsb_release", program: []string{"lsb_release"}, version: []string{"dpkg-query", "-W", "-f", "lsb-release ${Version}\n", "lsb-release"}, cmds: [][]string{{"lsb_release", "--help"}}},
	// apt's help texts list its commands, not its options (strict.cue
	// lists those of apt-private/private-cmndline.cc).
	{file: "apt", program: []string{"apt"}, version: []string{"apt", "--version"}, cmds: [][]string{{"apt", "--help"}}, partial: true},
	{file: "apt-cache", program: []string{"apt-cache"}, version: []string{"apt-cache", "--version"}, cmds: [][]string{{"apt-cache", "--help"}}, partial: true},
	// go mod's commands, one table: their usage lines list some of
	// their flags (edit's editing flags, -C, -modfile, -overlay and
	// -modcacherw are described below them).
	{file: "go-mod", program: []string{"go", "mod"}, version: []string{"go", "version"}, mode: helpGo, partial: true, cmds: [][]string{
		{"go", "help", "mod", "graph"}, {"go", "help", "mod", "why"}, {"go", "help", "mod", "verify"}, {"go", "help", "mod", "edit"},
		{"go", "help", "mod", "download"}, {"go", "help", "mod", "init"}, {"go", "help", "mod", "tidy"}, {"go", "help", "mod", "vendor"},
	}},
	// bash's builtins print their help through help.
	{file: "bash-umask", program: []string{"umask"}, version: []string{"bash", "--version"}, cmds: [][]string{{"bash", "-c", "help umask"}}},
	{file: "bash-ulimit", program: []string{"ulimit"}, version: []string{"bash", "--version"}, cmds: [][]string{{"bash", "-c", "help ulimit"}}, except: map[string]string{
		"-p": "flag", "-u": "flag", // a line of the description starts "-p, which is"
	}},
	// The build tools a policy allows (design.md 393).
	with(gnu("make"), map[string]string{
		// -j [N]: make takes the next word as N only when it is a
		// number; a number read as a target is harmless.
		"-j": "optional", "-l": "optional",
	}),
	{file: "ninja", program: []string{"ninja"}, version: []string{"ninja", "--version"}, cmds: [][]string{
		{"ninja", "-h"}, {"ninja", "-f", "/dev/null", "-t", "clean", "-h"}, {"ninja", "-f", "/dev/null", "-t", "commands", "-h"}, {"ninja", "-f", "/dev/null", "-t", "compdb", "-h"},
	}},
	{file: "cmake", program: []string{"cmake"}, version: []string{"cmake", "--version"}, cmds: [][]string{{"cmake", "--help"}, {"cmake", "--build"}}, except: map[string]string{
		"-W": "skip", "-u": "skip", // -Wdev and the like are listed whole; -usage
		"-v": "flag", "-h": "flag", // --build's -v; -h,-H,--help,-help,-usage
		"-L":                            "flag", // -L[A][H]: -L, -LA, -LH and -LAH are listed
		"--compile-no-warning-as-error": "flag", // its "=" is the description's
		// --version [FILE] writes FILE, the next word: a write option
		"--version": "value",
		// -j [N]: a number read as an operand is a directory in the project
		"-j": "optional", "--parallel": "optional",
	}},
}

func init() {
	for _, sub := range []string{
		"status", "branch", "remote", "ls-files", "ls-tree", "blame", "describe", "tag",
		"config", "cat-file", "show-ref", "for-each-ref", "grep", "merge-base", "name-rev",
		"count-objects", "version", "help", "check-attr", "check-ignore", "cherry", "show-branch",
		"symbolic-ref", "var",
		"push", "reset", "clean", "checkout", "switch", "restore", "rebase", "commit", "rm", "gc",
		"update-ref", "merge", "pull", "fetch", "clone", "add", "mv", "cherry-pick", "revert",
		"am", "apply",
		"stash", "stash list", "stash show", "stash push", "stash save", "stash drop", "stash pop",
		"stash apply", "stash branch", "stash clear", "stash create", "stash store",
		"worktree add", "worktree list", "worktree lock", "worktree move", "worktree prune",
		"worktree remove", "worktree repair", "worktree unlock",
		"reflog expire", "reflog delete", "reflog exists",
		"remote add", "remote rename", "remote remove", "remote set-head", "remote set-branches",
		"remote get-url", "remote set-url", "remote show", "remote prune", "remote update",
	} {
		helpSnaps = append(helpSnaps, gitSub(strings.Fields(sub)...))
	}
	// setup_revisions reads these; their -h shows some options only.
	// TestGitRevisionOptions checks the rest against git itself.
	// annotate is blame with -c put first: its completion helper, read
	// after that -c, prints the revision options.
	for _, sub := range []string{"log", "show", "diff", "rev-list", "shortlog", "rev-parse", "filter-branch", "reflog", "annotate"} {
		helpSnaps = append(helpSnaps, gitHelpOnly(sub))
	}
	// Where the texts say less than the options take: -M<n>, --stat[=<width>],
	// --abbrev[=<n>] and the like are listed without their optional value.
	attached := map[string]string{"--abbrev": "optional", "--stat": "optional", "-B": "optional", "-C": "optional", "-M": "optional"}
	except := map[string]map[string]string{
		"git-diff": attached,
		"git-rev-list": {
			"--abbrev": "optional", "--branches": "optional", "--remotes": "optional", "--tags": "optional",
			"--max-parents": "optional", "--min-parents": "optional", "--pretty": "optional", "--unpacked": "optional",
		},
		// In the stash table, the union of the stash subcommands and
		// log, -m is read as a flag (git log -m).
		"git-stash-push":  {"-m": "flag"},
		"git-stash-save":  {"-m": "flag"},
		"git-stash-store": {"-m": "flag"},
		"git-reflog":      {"--all": "flag", "--expire": "optional", "--expire-unreachable": "optional"}, // [--all [--single-worktree] | <refs>...]
		// expire's, read in the reflog table as taking a value only
		// attached: reflog show leaves them unread (round 39).
		"git-reflog-expire": {"-\x01": "skip", "--expire": "optional", "--expire-unreachable": "optional"}, // git 2.39 prints the short name of OPT_BOOL(1, ...)
	}
	for i, s := range helpSnaps {
		if x := except[s.file]; x != nil {
			helpSnaps[i].except = x
		}
	}
	for i, s := range helpSnaps {
		if s.file == "git-diff" {
			helpSnaps[i].except["--name-status"] = "flag" // one space before the description
		}
		if s.file == "git-stash-list" || s.file == "git-stash-show" {
			helpSnaps[i].partial = true // and the options of log and diff
		}
		if s.file == "git-filter-branch" || s.file == "git-reflog" {
			helpSnaps[i].mode = helpUsage
		}
	}
}

// helpEnv is the environment the help texts are printed in: the C locale,
// a fixed width, no configuration.
func helpEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LC_ALL=C", "LANG=C", "COLUMNS=80", "TERM=dumb",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "PAGER=cat", "GIT_PAGER=cat",
		"FILTER_BRANCH_SQUELCH_WARNING=1",
	}
}

func runHelp(dir string, argv []string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = helpEnv(dir)
	cmd.Stdin = nil
	out, _ := cmd.CombinedOutput() // help often exits non-zero
	return string(out)
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// snapshotText renders the snapshot of s from the live programs in dir.
func snapshotText(s helpSnap, dir string) (version string, text []byte) {
	version = firstLine(runHelp(dir, s.version))
	var b bytes.Buffer
	fmt.Fprintf(&b, "hookc help snapshot, from: %s\n", version)
	b.WriteString("regenerate: HOOKC_UPDATE=1 go test -run TestHelpSnapshots .\n")
	for _, argv := range s.cmds {
		fmt.Fprintf(&b, "### $ %s\n", strings.Join(argv, " "))
		out := runHelp(dir, argv)
		b.WriteString(out)
		if !strings.HasSuffix(out, "\n") {
			b.WriteByte('\n')
		}
	}
	return version, b.Bytes()
}

type snapshot struct {
	version string
	texts   []helpText // one per command
}

type helpText struct {
	cmd, text string
}

func readSnapshot(path string) (snapshot, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return snapshot{}, err
	}
	head, rest, _ := strings.Cut(string(b), "\n")
	v, ok := strings.CutPrefix(head, "hookc help snapshot, from: ")
	if !ok {
		return snapshot{}, fmt.Errorf("%s: first line is not a snapshot header", path)
	}
	s := snapshot{version: v}
	for _, part := range strings.Split(rest, "\n### $ ")[1:] {
		cmd, text, _ := strings.Cut(part, "\n")
		s.texts = append(s.texts, helpText{cmd, text})
	}
	return s, nil
}

// gitRepo makes an empty git repository to print git's help texts in.
func gitRepo(t *testing.T) string {
	dir := t.TempDir()
	if _, err := exec.LookPath("git"); err == nil {
		cmd := exec.Command("git", "init", "-q", dir)
		cmd.Env = helpEnv(dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
	}
	return dir
}

// TestHelpSnapshots checks that each snapshot still matches the help of
// the installed program, where the installed version is the one the
// snapshot came from; HOOKC_UPDATE=1 rewrites them from the installed
// programs.
func TestHelpSnapshots(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the programs whose help it snapshots")
	}
	dir := gitRepo(t)
	update := os.Getenv("HOOKC_UPDATE") == "1"
	for _, s := range helpSnaps {
		path := filepath.Join("testdata", "help", s.file+".txt")
		if _, err := exec.LookPath(s.cmds[0][0]); err != nil {
			t.Logf("%s: %s is not installed: not compared with the live help", path, s.cmds[0][0])
			continue
		}
		version, text := snapshotText(s, dir)
		if update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, text, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := readSnapshot(path)
		if err != nil {
			t.Errorf("%v (HOOKC_UPDATE=1 go test -run TestHelpSnapshots . creates it)", err)
			continue
		}
		if old.version != version {
			t.Logf("%s: from %q, installed %q: not compared with the live help", path, old.version, version)
			continue
		}
		if want, _ := os.ReadFile(path); !bytes.Equal(want, text) {
			t.Errorf("%s differs from the help of the installed %s: review the new options, update the knowledge (cue/schema/commands.cue) and run HOOKC_UPDATE=1 go test -run TestHelpSnapshots .", path, version)
		}
	}
}

// An optClass is what a help text says an option takes.
type optClass string

const (
	classFlag     optClass = "flag"
	classValue    optClass = "value"
	classOptional optClass = "optional"
	classAny      optClass = "any" // the text does not say: the option must only be known
)

func classOf(k runtime.OptKind) optClass {
	switch {
	case k == runtime.OptOptional:
		return classOptional
	case k.TakesValue(false):
		return classValue
	}
	return classFlag
}

// parseHelp returns the options a help text lists, with what each takes,
// and every option name the text mentions anywhere.
func parseHelp(text string, mode helpMode) (specs map[string]optClass, mentions map[string]bool) {
	specs = map[string]optClass{}
	if mode == helpLess {
		text = overstrike.ReplaceAllString(text, "${1}${2}")
		if _, opts, ok := strings.Cut(text, "OPTIONS\n"); ok {
			text, _, _ = strings.Cut(opts, "LINE EDITING")
		}
		text = dots.ReplaceAllString(text, "  ")
	}
	switch mode {
	case helpCompletion:
		for _, w := range strings.Fields(text) {
			if name, ok := strings.CutSuffix(w, "="); ok {
				specs[name] = classValue
			} else if len(w) > 2 && strings.HasPrefix(w, "--") {
				specs[w] = classAny
			}
		}
	case helpUsage, helpGo:
		usage, _, _ := strings.Cut(text, "\n\n")
		for _, m := range bracketed.FindAllStringSubmatch(usage, -1) {
			for _, alt := range strings.Split(m[1], " | ") {
				parseSpec(specs, alt, mode)
			}
		}
	case helpFind:
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "      ") {
				continue
			}
			f := strings.Fields(line)
			for i, w := range f {
				if len(w) < 2 || w[0] != '-' || w == "--help" || w == "--version" {
					continue
				}
				c := classFlag
				if i+1 < len(f) && f[i+1] != "" && f[i+1][0] != '-' && f[i+1] != "EXPR1" && f[i+1] != "EXPR2" && f[i+1] != "EXPR" && f[i+1] != "COMMAND" {
					c = classValue
				}
				specs[w] = c
			}
		}
	default:
		maxIndent := 8
		if mode == helpLess {
			maxIndent = 16 // options without a letter
		}
		for _, line := range strings.Split(text, "\n") {
			if spec := specOf(line, maxIndent); spec != "" {
				parseSpec(specs, spec, mode)
			}
		}
	}
	mentions = map[string]bool{}
	for _, m := range mentioned.FindAllStringSubmatch(text, -1) {
		name := m[1]
		if n, ok := strings.CutPrefix(name, "--[no-]"); ok {
			mentions["--"+n], mentions["--no-"+n] = true, true
			continue
		}
		mentions[name] = true
	}
	return specs, mentions
}

var (
	overstrike = regexp.MustCompile(`_\x08(.)|(.)\x08.`)
	bracketed  = regexp.MustCompile(`\[(-[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\]`)
	mentioned  = regexp.MustCompile(`(?:^|[\s\[(,'"|/])(--\[no-\][a-z0-9][-a-z0-9]*|--?[A-Za-z0-9.?][-A-Za-z0-9_]*)`)
	twoSpaces  = regexp.MustCompile(`\t+| {2,}`)
	dots       = regexp.MustCompile(` \.+ `)
)

// specOf returns the option part of a line that lists options: indented
// by at most maxIndent columns, starting with -, up to the description.
func specOf(line string, maxIndent int) string {
	indent := 0
	for _, r := range line {
		switch r {
		case ' ':
			indent++
			continue
		case '\t':
			indent += 8
			continue
		}
		break
	}
	rest := strings.TrimLeft(line, " \t")
	if indent == 0 || indent > maxIndent || !strings.HasPrefix(rest, "-") || strings.Trim(rest, "-") == "" {
		return ""
	}
	var spec []string
	for _, chunk := range twoSpaces.Split(rest, -1) {
		if chunk == "" {
			continue
		}
		if len(spec) > 0 && !strings.HasPrefix(chunk, "-") && !strings.HasSuffix(spec[len(spec)-1], ",") {
			break
		}
		spec = append(spec, chunk)
	}
	return strings.Join(spec, " ")
}

// parseSpec records the options of one option list: "-a, --all",
// "-n, --lines=[-]NUM", "-c, -C NUM, --context[=NUM]", "-I[FMT],
// --iso-8601[=FMT]", "--[no-]object-names", "-l<n>", "-e script,
// --expression=script". A short option without an argument of its own
// takes what its long alias takes (GNU: "mandatory arguments to long
// options are mandatory for short options too").
func parseSpec(specs map[string]optClass, spec string, mode helpMode) {
	toks := strings.FieldsFunc(spec, func(r rune) bool { return r == ' ' || r == ',' || r == '|' })
	type opt struct {
		name  string
		class optClass
		own   bool // the class comes from the option's own argument
	}
	var opts []opt
	for _, tok := range toks {
		if strings.Trim(tok, "-") == "" {
			continue // -- ends the options; ---- draws a line
		}
		if len(tok) < 2 || tok[0] != '-' {
			if len(opts) > 0 && tok != "" && !strings.HasPrefix(tok, "(") {
				if o := &opts[len(opts)-1]; o.class == classFlag {
					o.class, o.own = classValue, true
				}
			}
			continue
		}
		if n, ok := strings.CutPrefix(tok, "--[no-]"); ok {
			opts = append(opts, opt{"--" + n, classFlag, false}, opt{"--no-" + n, classFlag, false})
			continue
		}
		if strings.HasPrefix(tok, "--") {
			name := tok
			c := classFlag
			if i := strings.IndexAny(tok, "=[<"); i > 0 {
				name = tok[:i]
				switch {
				case strings.Contains(tok, "[="):
					c = classOptional
				case strings.Contains(tok, "="):
					c = classValue
				}
				if mode == helpLess {
					c = classValue
				}
			}
			opts = append(opts, opt{name, c, c != classFlag})
			continue
		}
		if tok == "-NUM" || tok == "-<number>" || tok == "-<n>" {
			opts = append(opts, opt{"-NUM", classFlag, true})
			continue
		}
		name, arg := tok[:2], tok[2:]
		if mode == helpGo {
			// Go's flag package: -name, -name=value.
			if i := strings.IndexAny(tok, "=["); i > 0 {
				name, arg = tok[:i], tok[i:]
			} else {
				name, arg = tok, ""
			}
		}
		c := classFlag
		switch {
		case arg == "":
		case strings.HasPrefix(arg, "[") && mode != helpLess:
			c = classOptional
		default:
			c = classValue
		}
		opts = append(opts, opt{name, c, c != classFlag})
	}
	alias := classFlag
	for _, o := range opts {
		if strings.HasPrefix(o.name, "--") && o.class != classFlag {
			alias = o.class
		}
	}
	for _, o := range opts {
		c := o.class
		if !o.own && !strings.HasPrefix(o.name, "--") && o.name != "-NUM" {
			c = alias
		}
		// The same option listed with and without a value (du --time,
		// sort --check) takes an optional one.
		if old, ok := specs[o.name]; ok && old != c {
			c = classOptional
		}
		specs[o.name] = c
	}
}

// knowledgeOf returns the base command knowledge of program (a program
// and its subcommand).
func knowledgeOf(cmds []runtime.Command, program []string) *runtime.Command {
	i := slices.IndexFunc(cmds, func(c runtime.Command) bool { return c.Name == program[0] })
	if i < 0 {
		return nil
	}
	c := &cmds[i]
	if len(program) > 1 {
		return c.Sub(program[1])
	}
	return c
}

// TestHelpKnowledge checks the strict command knowledge against the help
// snapshots: every option a help text lists is known, with the right
// class, and the program is strict. Options the knowledge lists that the
// text never mentions are logged.
func TestHelpKnowledge(t *testing.T) {
	cmds := load.BaseCommands()
	type seen struct {
		cmd      *runtime.Command
		mentions map[string]bool
		partial  bool
	}
	all := map[string]*seen{}
	var order []string
	for _, s := range helpSnaps {
		path := filepath.Join("testdata", "help", s.file+".txt")
		snap, err := readSnapshot(path)
		if err != nil {
			t.Error(err)
			continue
		}
		c := knowledgeOf(cmds, s.program)
		name := strings.Join(s.program, " ")
		if c == nil {
			t.Errorf("%s: no knowledge of %s", path, name)
			continue
		}
		if !c.Strict {
			t.Errorf("%s: the knowledge of %s is not strict", path, name)
		}
		specs := map[string]optClass{}
		mentions := map[string]bool{}
		for _, h := range snap.texts {
			mode := s.mode
			if strings.HasSuffix(h.cmd, " --git-completion-helper-all") {
				mode = helpCompletion
			}
			sp, me := parseHelp(h.text, mode)
			for k, v := range sp {
				if old := specs[k]; old == "" || old == classAny {
					specs[k] = v
				}
			}
			for k := range me {
				mentions[k] = true
			}
		}
		var missing, wrong []string
		for _, o := range sortedKeys(specs) {
			want := specs[o]
			if x, ok := s.except[o]; ok {
				if x == "skip" {
					continue
				}
				want = optClass(x)
			}
			k := c.Opt(o)
			switch {
			case k == runtime.OptUnknown:
				missing = append(missing, fmt.Sprintf("%q (%s)", o, want))
			case k == runtime.OptUnsafe || k == runtime.OptUnsafeValue:
				// The command is not known whatever the option takes.
			case want != classAny && classOf(k) != want:
				wrong = append(wrong, fmt.Sprintf("%s is %c, the help says %s", o, k, want))
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: %s does not know %d options:\n\t%s", path, name, len(missing), strings.Join(missing, "\n\t"))
		}
		if len(wrong) > 0 {
			t.Errorf("%s: %s:\n\t%s", path, name, strings.Join(wrong, "\n\t"))
		}
		k := strings.Join(s.program, " ")
		if all[k] == nil {
			all[k] = &seen{cmd: c, mentions: map[string]bool{}}
			order = append(order, k)
		}
		for m := range mentions {
			all[k].mentions[m] = true
		}
		for m := range specs {
			all[k].mentions[m] = true
		}
		all[k].partial = all[k].partial || s.partial
	}
	for _, k := range order {
		p := all[k]
		if p.partial {
			continue
		}
		var extra []string
		for _, o := range runtime.DecodeOpts(p.cmd.Opts) {
			if !p.mentions[o.Name] {
				extra = append(extra, o.Name)
			}
		}
		if len(extra) > 0 {
			t.Logf("%s lists options its help texts do not mention: %s", k, strings.Join(extra, " "))
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestGitRevisionOptions asks git whether log, show and diff take each
// option their knowledge lists, and whether it takes a value: their -h
// lists few of the revision and diff options setup_revisions reads.
func TestGitRevisionOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs git a few thousand times")
	}
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "git is not installed: the knowledge of git log, show and diff is not checked against it")
	}
	dir := gitRepo(t)
	for _, args := range [][]string{
		{"-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "one"},
		{"-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "two"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, helpEnv(dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git := knowledgeOf(load.BaseCommands(), []string{"git"})
	for _, sub := range []string{"log", "show", "diff"} {
		t.Run(sub, func(t *testing.T) {
			t.Parallel()
			c := git.Sub(sub)
			for _, o := range runtime.DecodeOpts(c.Opts) {
				if _, ok := gitProbeSkip[o.Name]; ok {
					continue
				}
				name := o.Name
				if name == "-NUM" && sub == "diff" {
					continue // -1, -2, -3 are --base, --ours, --theirs
				}
				if name == "-NUM" {
					name = "-3"
				}
				got := probeGit(dir, sub, name, o.Kind == runtime.OptOptional)
				want := classOf(o.Kind)
				switch {
				case got == "unknown":
					t.Errorf("git %s does not take %s", sub, o.Name)
				case o.Kind == runtime.OptUnsafe || o.Kind == runtime.OptUnsafeValue:
				case want == classOptional && (got == classFlag || got == classOptional):
					// -M<n> and --stat[=<n>]: the value is only attached
				case got != want:
					t.Errorf("git %s %s takes %s, the knowledge says %s", sub, o.Name, got, want)
				}
			}
		})
	}
}

// gitProbeSkip are options probeGit cannot ask about in an ordinary
// repository, and why.
var gitProbeSkip = map[string]string{
	"--no-index":       "needs two paths",
	"--ours":           "needs an unmerged index",
	"--theirs":         "needs an unmerged index",
	"--base":           "needs an unmerged index",
	"--stdin":          "reads standard input",
	"--help":           "runs man",
	"-h":               "prints usage",
	"--merge":          "needs a merge in progress",
	"--bisect":         "needs a bisection",
	"--follow":         "needs one path",
	"-L":               "needs a line range",
	"--exit-code":      "fails on purpose",
	"--check":          "fails on whitespace errors",
	"--ignore-missing": "ignores the revision the probe names",
}

// probeGit returns what git sub makes of the option o: "unknown", or its
// class, told by whether it takes the next word (and, if optional, whether
// it takes a value after =).
func probeGit(dir, sub, o string, optional bool) optClass {
	run := func(args ...string) string {
		argv := []string{sub}
		if sub != "diff" {
			argv = append(argv, "-1")
		} else {
			argv = append(argv, "HEAD~1")
		}
		argv = append(argv, args...)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, "git", argv...)
		cmd.Dir, cmd.Env = dir, helpEnv(dir)
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	bad := regexp.MustCompile(`(?i)unrecognized argument|unknown option|unknown switch|usage: git|invalid option|takes no value|doesn't take`)
	alone := run(o)
	if strings.Contains(alone, "requires a value") || strings.Contains(alone, "requires an argument") {
		return classValue
	}
	if bad.MatchString(alone) {
		if bad.MatchString(run(o + "=1")) {
			return "unknown"
		}
		return classOptional
	}
	if strings.Contains(run(o, "zq/zq"), "ambiguous argument 'zq/zq'") {
		if optional && strings.HasPrefix(o, "--") && !bad.MatchString(run(o+"=1")) {
			return classOptional
		}
		return classFlag
	}
	return classValue
}
