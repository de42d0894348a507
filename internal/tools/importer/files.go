package importer

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/tools/settings"
)

// A File is a settings file to import, and its scope.
type File struct {
	Path  string
	Scope settings.Scope
}

// ReadFiles reads the files, each anchored where its scope says.
func ReadFiles(files []File) ([]*Source, error) {
	var srcs []*Source
	for _, f := range files {
		abs, _ := filepath.Abs(f.Path)
		src, err := Read(f.Path, f.Scope, Anchor(f.Scope, filepath.Dir(abs)))
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src)
	}
	return srcs, nil
}

// NamedFiles returns the settings files named on the command line, each
// with scope, or else the scope its place says. A named file must be
// there: Claude Code's own files may be missing, a file given here is a
// mistake (design.md 190).
func NamedFiles(files []string, scope settings.Scope, cwd, home string) ([]File, error) {
	var in []File
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
		in = append(in, File{f, s})
	}
	return in, nil
}

// PrintSummary prints, for hookc import, what import did not carry over,
// vet's findings (those import accepted as notes, with their reason) and
// a summary of files read.
func (res *Result) PrintSummary(stderr io.Writer, files int, findings diag.List) {
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

// plural returns "1 rule", "2 rules".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
