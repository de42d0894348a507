// hookc type-checks, vets, tests and compiles CUE hook policies for Claude
// Code into static hook binaries.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() { os.Exit(main1()) }

func main1() int {
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// exit codes
const (
	exitOK     = 0
	exitFailed = 1 // a problem with the policy or the work
	exitUsage  = 2
)

type command struct {
	name string
	run  func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"init", runInit},
	{"build", runBuild},
	{"gen", runGen},
	{"vet", runVet},
	{"diff", runDiff},
	{"test", runTest},
	{"explain", runExplain},
	{"import", runImport},
	{"replay", runReplay},
	{"stats", runStats},
	{"install", runInstall},
	{"uninstall", runUninstall},
	{"presets", runPresets},
	{"version", runVersion},
}

// A doc is a command's help: a line for the command list, and the full
// text that "hookc help CMD" and "hookc CMD -h" print above the flags.
type doc struct {
	short string
	long  string
}

// docs holds every command's help, keyed by name. (It is separate from
// commands so that the flag sets the commands build can read it.)
var docs = map[string]doc{}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: hookc <command> [flags] [arguments]\n\ncommands:\n")
	for _, c := range commands {
		d := docs[c.name]
		fmt.Fprintf(w, "  %-10s %s\n", c.name, d.short)
	}
	fmt.Fprintf(w, `
A policy directory (dir) is a directory of .cue files of one package; it
defaults to ".". Flags may come before or after the arguments.
Run 'hookc help <command>' or 'hookc <command> -h' for a command's full help.
`)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stderr)
		return exitOK
	case "help":
		return runHelp(args[1:], stdout, stderr)
	case "-version", "--version":
		return runVersion(args[1:], stdin, stdout, stderr)
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "hookc: unknown command %q\n", args[0])
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	if s := closest(args[0], append(names, "help")); s != "" {
		fmt.Fprintf(stderr, "did you mean 'hookc %s'?\n", s)
	}
	fmt.Fprintf(stderr, "run 'hookc help' for the list of commands\n")
	return exitUsage
}

// closest returns the name of names nearest to s, for a "did you mean":
// one within two edits (one for names of up to four letters), or one s is
// a prefix of; "" when none is near enough.
func closest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		d := editDistance(strings.ToLower(s), n)
		if len(n) <= 4 && d > 1 {
			continue
		}
		if d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" && len(s) >= 2 {
		for _, n := range names {
			if strings.HasPrefix(n, s) {
				return n
			}
		}
	}
	return best
}

// editDistance is the edit distance of a and b, bytewise: insertions,
// deletions, substitutions and swaps of two neighbours ("tset", "test")
// each count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// runHelp prints the full help of a command, or the command list.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
	default:
		fmt.Fprintf(stderr, "usage: hookc help [command]\n")
		return exitUsage
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run([]string{"-h"}, strings.NewReader(""), io.Discard, stdout)
		}
	}
	fmt.Fprintf(stderr, "hookc help: unknown command %q; run 'hookc help' for the list\n", args[0])
	return exitUsage
}

// newFlags returns a flag set for a subcommand whose usage, printed to
// stderr by -h and on a flag error, is the command's full help and flags.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	synopses[name] = synopsis
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hookc %s %s\n", name, synopsis)
		if d, ok := docs[name]; ok && d.long != "" {
			fmt.Fprintf(stderr, "\n%s\n", strings.TrimSpace(d.long))
		}
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintf(stderr, "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// synopses holds each command's synopsis, for the short usage a flag
// error prints.
var synopses = map[string]string{}

// shortUsage follows the flag package's message for a bad flag: a did you
// mean for a flag not defined, the command's synopsis and where its full
// help is, not the full help (design.md 191).
func shortUsage(fs *flag.FlagSet, err error) {
	w := fs.Output()
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s := closest(strings.TrimLeft(name, "-"), names); s != "" {
			fmt.Fprintf(w, "did you mean -%s?\n", s)
		}
	}
	fmt.Fprintf(w, "usage: hookc %s %s\nrun 'hookc help %s' for its flags\n", fs.Name(), synopses[fs.Name()], fs.Name())
}

// parseArgs parses args, flags and arguments in any order (a "--" ends the
// flags), and returns the arguments. ok is false when parsing ended the
// command, with code its exit code. -h prints the command's full help; a
// bad flag its short usage.
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	full := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = full }()
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				full()
				return nil, exitOK, false
			}
			shortUsage(fs, err)
			return nil, exitUsage, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), 0, true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseFiles parses args for a command that needs at least one file
// argument, what names them in the message when there is none.
func parseFiles(fs *flag.FlagSet, args []string, what string, stderr io.Writer) (files []string, code int, ok bool) {
	files, code, ok = parseArgs(fs, args)
	if ok && len(files) == 0 {
		fmt.Fprintf(stderr, "hookc %s: name the %s\n", fs.Name(), what)
		return nil, exitUsage, false
	}
	return files, code, ok
}

// parseFlags parses args and returns the policy directory, or an exit code
// when parsing ended the command.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (dir string, code int, ok bool) {
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return "", code, false
	}
	switch len(pos) {
	case 0:
		return ".", 0, true
	case 1:
		return pos[0], 0, true
	}
	fmt.Fprintf(stderr, "hookc %s: too many arguments (%s); want at most one policy directory\n", fs.Name(), strings.Join(pos, " "))
	return "", exitUsage, false
}

func init() {
	docs["version"] = doc{
		short: "print hookc's version",
		long: `
Version prints hookc's version as the Go toolchain recorded it when hookc
was built: the module version after 'go install hookc.dev/hookc/cmd/hookc@v1.2.3',
a pseudo-version (v0.0.0-date-commit, "+dirty" for uncommitted changes)
after 'go install ./cmd/hookc' in a checkout, and the release the source
is followed by "-devel" (v0.9.0-devel) when no version was recorded. 'hookc
--version' prints the same. Hook binaries print the same version with --version.
`,
	}
}

func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("version", "", stderr)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "hookc version: takes no arguments\n")
		return exitUsage
	}
	fmt.Fprintf(stdout, "hookc %s\n", version())
	return exitOK
}
