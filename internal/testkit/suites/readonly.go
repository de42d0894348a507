package suites

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A ReadOnlyLine is a line of the read-only set (testdata/readonly/*.tsv).
type ReadOnlyLine struct {
	File    string // the file it comes from
	Line    int    // its line number there
	Raw     string // the command as written, with the corpus's escapes
	Command string // the command line (Raw unescaped)
	Source  string
	Needs   string // the change the guard needs to allow it, if any
}

// ReadOnly reads the read-only set in dir (its *.tsv files): a header,
// then on each line a command line (with the corpus's \\ \n \t escapes),
// its source and, for a line the guard does not allow yet, the change to
// the runtime or the policy that it waits for.
func ReadOnly(dir string) ([]ReadOnlyLine, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no read-only set in %s: %v", dir, err)
	}
	var out []ReadOnlyLine
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for n := 1; sc.Scan(); n++ {
			if n == 1 {
				if sc.Text() != "command\tsource\tneeds" {
					return nil, fmt.Errorf("%s:1: want the header \"command\\tsource\\tneeds\"", name)
				}
				continue
			}
			c := strings.Split(sc.Text(), "\t")
			if len(c) < 2 || len(c) > 3 || c[0] == "" || c[1] == "" {
				return nil, fmt.Errorf("%s:%d: want a command, its source and what it needs", name, n)
			}
			l := ReadOnlyLine{File: name, Line: n, Raw: c[0], Command: Unescape(c[0]), Source: c[1]}
			if len(c) == 3 {
				l.Needs = c[2]
			}
			out = append(out, l)
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ReadOnlyClient reads the client's own verdicts on the read-only set
// (testdata/readonly-client.tsv, written by the e2e test
// TestClientReadOnly): lines "run\tCOMMAND" or "prompt\tCOMMAND", COMMAND
// as the set writes it (Raw), and # comments. A missing file has none.
func ReadOnlyClient(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for n, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		v, raw, ok := strings.Cut(l, "\t")
		if !ok || v != "run" && v != "prompt" {
			return nil, fmt.Errorf("%s:%d: want run or prompt, a tab and the command", path, n+1)
		}
		out[raw] = v
	}
	return out, nil
}
