package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/importer"
	"hookc.dev/hookc/internal/settings"
)

func init() {
	docs["import"] = doc{
		short: "turn Claude Code's permission rules into a policy",
		long: `
Import reads the permissions of Claude Code settings files (allow, ask and
deny rules such as Bash(npm run test:*), Read(./.env), Edit(src/**),
WebFetch(domain:example.com), mcp__server__tool, Agent(Explore)) and
writes a hookc policy that decides the same calls the same way, in Claude
Code's order: every deny rule, then every ask rule, then every allow
rule; the first that matches decides. The calls no rule decides are passed
to Claude Code (default: "pass"), whose permission mode, working
directories and read-only commands decide them as before. Each rule's
comment names the native rule and where it is written; rules Claude Code
would not apply either (a Write(path) rule, an mcp__ rule with
parentheses, an unanchored allow glob) are listed, not imported.

Without files it reads every settings file Claude Code reads here: managed,
user (~/.claude/settings.json), project (.claude/settings.json) and local
(.claude/settings.local.json). A /path rule is relative to its file's
scope: the project root for project and local settings, ~/.claude for
user settings, the file's directory for any other file (as --settings);
-scope reads every file given as that scope.

The policy goes to stdout, or to -o's file (which must not exist). Then
import vets it and prints what vet finds: rules that can never decide
(an allow under a broader deny or ask) and rules that hide others. A rule
vet finds definitely shadowed or dead gets a vet: accept naming Claude
Code's precedence, which hides it the same way, so that the policy builds;
its finding is printed as a note. So is every other finding the native
rules cause too (redundant, broad-allow, ...): the policy vets clean as
written. Last it writes a test per rule, a call the rule decides and
what it decides, so that 'hookc test -cover' passes; a rule Claude
Code's precedence hides needs none. How each native rule form is read, with
sources: docs/import.md.

Exit status: 0 imported, 1 a file cannot be read (a named file that is
not there) or written, 2 bad usage.
`,
	}
}

func runImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("import", "[-o file] [-scope project|local|user|managed] [settings.json ...]", stderr)
	out := flags.String("o", "", "write the policy to `file` (a new file) instead of stdout")
	scope := flags.String("scope", "", "read every file as this `scope`'s settings (project, local, user or managed)")
	files, code, ok := parseArgs(flags, args)
	if !ok {
		return code
	}
	if *scope != "" && !slices.Contains([]settings.Scope{settings.Project, settings.Local, settings.User, settings.Managed}, settings.Scope(*scope)) {
		fmt.Fprintf(stderr, "hookc import: -scope %q: want project, local, user or managed\n", *scope)
		return exitUsage
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	home, _ := os.UserHomeDir()
	var in []importFile
	if len(files) == 0 {
		for _, sp := range settings.Files(settings.ProjectRoot(cwd), home) {
			in = append(in, importFile{settings.RelToCwd(sp.Path, cwd), sp.Scope})
		}
		if len(in) == 0 {
			fmt.Fprintf(stderr, "hookc import: no Claude Code settings files here; name the files to import\n")
			return exitFailed
		}
	}
	named, err := namedFiles(files, settings.Scope(*scope), cwd, home)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	in = append(in, named...)
	var srcs []*importer.Source
	for _, f := range in {
		abs, _ := filepath.Abs(f.path)
		src, err := importer.Read(f.path, f.scope, importer.Anchor(f.scope, filepath.Dir(abs)))
		if err != nil {
			fmt.Fprintf(stderr, "hookc import: %v\n", err)
			return exitFailed
		}
		srcs = append(srcs, src)
	}
	res, err := importer.Import(srcs)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: %v\n", err)
		return exitFailed
	}
	name := "stdout"
	if *out != "" {
		name = *out
	}
	findings, err := importer.AcceptNative(res, name)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: vet: %v\n", err)
		return exitFailed
	}
	untested, err := importer.AddTests(res)
	if err != nil {
		fmt.Fprintf(stderr, "hookc import: tests: %v\n", err)
		return exitFailed
	}
	if *out != "" {
		if err := writeNew(*out, res.CUE); err != nil {
			fmt.Fprintf(stderr, "hookc import: %v\n", unwrapExist(err, *out))
			return exitFailed
		}
	} else {
		stdout.Write(res.CUE)
	}
	printImported(stderr, res, len(srcs), findings)
	for _, r := range untested {
		fmt.Fprintf(stderr, "hookc import: note: rule %q has no test: import found no call it decides without files; write one (hookc test -cover)\n", r)
	}
	return exitOK
}

// An importFile is a settings file to import, and its scope.
type importFile struct {
	path  string
	scope settings.Scope
}

// namedFiles returns the settings files named on the command line, each
// with scope, or else the scope its place says. A named file must be
// there: Claude Code's own files may be missing, a file given here is a
// mistake (design.md 190).
func namedFiles(files []string, scope settings.Scope, cwd, home string) ([]importFile, error) {
	var in []importFile
	for _, f := range files {
		if fi, err := os.Stat(f); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("%s: %v", f, err)
		} else if fi.IsDir() {
			return nil, fmt.Errorf("%s is a directory; name a settings file", f)
		}
		s := scope
		if s == "" {
			s = settings.ScopeOf(f, cwd, home)
		}
		in = append(in, importFile{f, s})
	}
	return in, nil
}

// printImported prints what import did not carry over, vet's findings
// (those import accepted as notes, with their reason) and a summary.
func printImported(stderr io.Writer, res *importer.Result, files int, findings diag.List) {
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "%s: %s\n", n.Pos, n.Message)
	}
	accepted := 0
	for i := range findings {
		if d := &findings[i]; d.Accepted != "" {
			accepted++
			d.Severity = "note"
			d.Related = append(d.Related, diag.Related{Message: "accepted (vet: accept): " + d.Accepted})
		}
	}
	diag.Print(stderr, findings)
	summary := plural(len(findings), "finding")
	if accepted > 0 {
		summary += fmt.Sprintf(" (%d accepted as Claude Code's precedence)", accepted)
	}
	fmt.Fprintf(stderr, "hookc import: %s from %s; %d not imported; vet: %s\n",
		plural(res.Rules, "rule"), plural(files, "file"), len(res.Notes), summary)
}

// unwrapExist words the error of writing a file that exists.
func unwrapExist(err error, name string) error {
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s exists; give -o a new file", name)
	}
	return err
}

// plural returns "1 rule", "2 rules".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
