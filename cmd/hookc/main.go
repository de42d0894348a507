// hookc type-checks, vets, tests and compiles CUE hook policies for Claude
// Code into static hook binaries.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"hookc.dev/hookc/internal/diag"
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

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: hookc <command> [flags] [arguments]\n\ncommands:\n")
	for _, c := range commands {
		short, _ := help(c.name)
		fmt.Fprintf(w, "  %-10s %s\n", c.name, short)
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
	if s := diag.Closest(args[0], append(names, "help")); s != "" {
		fmt.Fprintf(stderr, "did you mean 'hookc %s'?\n", s)
	}
	fmt.Fprintf(stderr, "run 'hookc help' for the list of commands\n")
	return exitUsage
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
		if _, long := help(name); long != "" {
			fmt.Fprintf(stderr, "\n%s\n", long)
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
		if s := diag.Closest(strings.TrimLeft(name, "-"), names); s != "" {
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
