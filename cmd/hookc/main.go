// hookc type-checks, vets, tests and compiles CUE hook policies for Claude
// Code into static hook binaries.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(main1()) }

func main1() int {
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

const usage = `usage: hookc <command> [flags] [dir]

  build    [-o file] [dir]             compile and link the hook binary (default ./hook)
  gen      [-o file] [-pkg name] [dir] write the generated Go decision table
  vet      [-json] [dir]               report dead, shadowed, redundant and conflicting rules
  test     [-v] [-run re] [-cover] [dir]  run the policy's tests in-process
  explain  [-c 'command'] [dir]        decide one payload from stdin and show why
  install  [-settings f] [-events l] hook  register a hook binary in .claude/settings.json
  uninstall [-settings f] hook         remove it again
  version                              print hookc's version

dir is a directory of .cue files of one package (default ".").
Run 'hookc <command> -h' for a command's flags.
`

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
	{"build", runBuild},
	{"gen", runGen},
	{"vet", runVet},
	{"explain", runExplain},
	{"test", runTest},
	{"install", runInstall},
	{"uninstall", runUninstall},
	{"version", runVersion},
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stderr, usage)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "hookc: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

// newFlags returns a flag set for a subcommand that prints its usage to
// stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hookc %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the policy directory, or an exit code
// when parsing ended the command.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (dir string, code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return "", exitOK, false
		}
		return "", exitUsage, false
	}
	switch fs.NArg() {
	case 0:
		return ".", 0, true
	case 1:
		return fs.Arg(0), 0, true
	}
	fmt.Fprintf(stderr, "hookc %s: too many arguments; want at most one policy directory\n", fs.Name())
	fs.Usage()
	return "", exitUsage, false
}

func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "hookc %s\n", version())
	return exitOK
}
