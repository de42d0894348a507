package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/vet"
)

func init() {
	docs["diff"] = doc{
		short: "list the calls two policies decide differently",
		long: `
Diff compares two policies, OLD and NEW, and lists the calls whose
decision changes: for each rule or default of OLD and rule or default of
NEW that decide some calls in common with different decisions, one
change, with both deciders (file:line:col and rule name, or "default")
and a witness payload that can be pasted into 'hookc explain'. Changes
are grouped by tool, then by program for Bash.

Each witness is replayed through the evaluator of both policies, in the
test context of 'hookc explain', before it is printed; a change whose
witness does not replay as claimed is printed as "possibly". Like vet,
diff reasons about single units and leaves out the units that take a
floor; what it cannot compare (different floors, onError or command
knowledge, rules it could not analyse) it says on stderr.

OLD and NEW are policy directories, or REV:DIR, a directory of a git
revision of the repository of the current directory, read with 'git
archive' (DIR as in 'git show REV:DIR': from the repository's top, or
from the current directory when it starts with ./):

	hookc diff HEAD~1:policy policy

-json prints {"changes": [...], "notCompared": [...]} on stdout.

Exit status: 0 no changes, 1 changes or something not compared, 2 bad
usage, a policy with errors or a bad revision.
`,
	}
}

func runDiff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("diff", "[-json] OLD NEW", stderr)
	jsonOut := fs.Bool("json", false, "print the changes as JSON on stdout")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 2 {
		fmt.Fprintf(stderr, "hookc diff: want two policies, OLD and NEW (a directory or REV:DIR)\n")
		return exitUsage
	}
	var tables [2]*load.Policy
	for i, spec := range pos {
		p, err := loadSpec(spec)
		if err != nil {
			var l diag.List
			if errors.As(err, &l) {
				diag.Print(stderr, l)
			} else {
				fmt.Fprintf(stderr, "hookc diff: %v\n", err)
			}
			return exitUsage
		}
		tables[i] = p
	}
	res, err := vet.Diff(tables[0].Table, tables[1].Table, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc diff: %v\n", err)
		return exitUsage
	}
	if *jsonOut {
		if res.Changes == nil {
			res.Changes = []vet.Change{}
		}
		b, _ := json.MarshalIndent(res, "", "\t")
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		printChanges(stdout, res.Changes)
	}
	for _, g := range res.NotCompared {
		fmt.Fprintf(stderr, "hookc diff: not compared: %s\n", g)
	}
	if len(res.Changes) > 0 || len(res.NotCompared) > 0 {
		return exitFailed
	}
	return exitOK
}

// printChanges prints the changes grouped by tool and program, one
// heading per group.
func printChanges(w io.Writer, changes []vet.Change) {
	group := "\x00"
	for _, c := range changes {
		g := c.Tool
		if g == "" {
			g = "other tools"
		}
		if c.Program != "" {
			g += " " + c.Program
		}
		if g != group {
			fmt.Fprintf(w, "%s:\n", g)
			group = g
		}
		how := ""
		if c.Certainty != vet.Definitely {
			how = " (" + c.Certainty + ")"
		}
		fmt.Fprintf(w, "\t%s -> %s%s\n", c.Before.Decision, c.After.Decision, how)
		fmt.Fprintf(w, "\t\tbefore: %s\n", deciderText(c.Before))
		fmt.Fprintf(w, "\t\tafter:  %s\n", deciderText(c.After))
		if len(c.Witness) > 0 {
			fmt.Fprintf(w, "\t\twitness: %s\n", c.Witness)
		} else {
			fmt.Fprintf(w, "\t\twitness: none could be built\n")
		}
		for _, k := range slices.Sorted(maps.Keys(c.Env)) {
			fmt.Fprintf(w, "\t\tenv: %s=%s\n", k, c.Env[k])
		}
		for _, f := range c.Files {
			fmt.Fprintf(w, "\t\tfile: %s\n", f)
		}
		if c.Note != "" {
			fmt.Fprintf(w, "\t\tnote: %s\n", c.Note)
		}
	}
}

func deciderText(d vet.Decider) string {
	if d.Rule == "" && d.Pos == "" {
		return "default"
	}
	return fmt.Sprintf("%s: rule %q", d.Pos, d.Rule)
}

// loadSpec loads a policy directory, or REV:DIR from git.
func loadSpec(spec string) (*load.Policy, error) {
	if fi, err := os.Stat(spec); err == nil && fi.IsDir() {
		return load.Dir(spec)
	}
	rev, dir, ok := strings.Cut(spec, ":")
	if !ok || rev == "" {
		return nil, fmt.Errorf("%s: not a directory, nor REV:DIR", spec)
	}
	tmp, err := os.MkdirTemp("", "hookc-diff-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := gitExtract(rev+":"+dir, tmp); err != nil {
		return nil, fmt.Errorf("%s: %v", spec, err)
	}
	p, err := load.Dir(tmp)
	prefix := strings.TrimSuffix(spec, "/") + "/"
	if err != nil {
		var l diag.List
		if errors.As(err, &l) {
			for i := range l {
				l[i].Pos.File = renameFile(l[i].Pos.File, tmp, prefix)
				for k := range l[i].Related {
					l[i].Related[k].Pos.File = renameFile(l[i].Related[k].Pos.File, tmp, prefix)
				}
			}
			return nil, l
		}
		return nil, err
	}
	for i := range p.Table.Rules {
		p.Table.Rules[i].Pos = renameFile(p.Table.Rules[i].Pos, tmp, prefix)
	}
	p.Dir = spec
	return p, nil
}

// renameFile names a file of the temporary directory tmp as the file of
// the revision, prefix being REV:DIR/.
func renameFile(name, tmp, prefix string) string {
	rest, ok := strings.CutPrefix(filepath.ToSlash(name), filepath.ToSlash(tmp)+"/")
	if !ok {
		return name
	}
	return prefix + rest
}

// gitExtract writes the regular files of the tree treeish (REV:DIR) of
// the repository of the current directory into dir.
func gitExtract(treeish, dir string) error {
	var out, errb bytes.Buffer
	cmd := exec.Command("git", "archive", "--format=tar", treeish)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("git archive: %s", msg)
	}
	tr := tar.NewReader(&out)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("git archive: %v", err)
		}
		name := path.Clean(h.Name)
		if h.Typeflag != tar.TypeReg || name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(name) {
			continue
		}
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
	}
}
