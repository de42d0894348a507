package oracle

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"hookc.dev/hookc/internal/testkit/suites"
)

// A SuiteLine is a Bash command line of one of the repository's suites.
type SuiteLine struct {
	Pos      string // file:line
	Category string // the row's category (adversarial) or source project (corpus)
	Text     string
}

// ReadAdversarial returns the Bash command lines of the adversarial suite,
// dir/*.tsv (format: the header of those files). Rows that are other tools'
// calls or raw payloads are left out.
func ReadAdversarial(dir string) ([]SuiteLine, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no adversarial cases in %s", dir)
	}
	var lines []SuiteLine
	for _, f := range files {
		err := eachRow(f, func(n int, cols []string) error {
			if len(cols) != 4 {
				return fmt.Errorf("%d columns, want 4", len(cols))
			}
			text, ok, err := bashCommand(cols[2])
			if err != nil || !ok {
				return err
			}
			lines = append(lines, SuiteLine{Pos: fmt.Sprintf("%s:%d", filepath.Base(f), n), Category: cols[0], Text: text})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// bashCommand returns the command line of an adversarial input column, if
// it is a Bash call.
func bashCommand(in string) (string, bool, error) {
	if strings.HasPrefix(in, "raw:") {
		return "", false, nil
	}
	if rest, ok := strings.CutPrefix(in, "go:"); ok {
		s, err := strconv.Unquote(rest)
		if err != nil {
			return "", false, err
		}
		in = s
	}
	if strings.HasPrefix(in, `{"`) && json.Valid([]byte(in)) {
		var p struct {
			Tool  string `json:"tool_name"`
			Input struct {
				Command *string `json:"command"`
			} `json:"tool_input"`
		}
		if err := json.Unmarshal([]byte(in), &p); err != nil || p.Tool != "Bash" || p.Input.Command == nil {
			return "", false, nil
		}
		return *p.Input.Command, true, nil
	}
	return in, true, nil
}

// ReadCorpus returns the command lines of the peer corpus
// (testdata/corpus/README.md).
func ReadCorpus(path string) ([]SuiteLine, error) {
	var lines []SuiteLine
	err := eachRow(path, func(n int, cols []string) error {
		if n == 1 || len(cols) < 4 || cols[1] == "" {
			return nil // the header, or a row without a command
		}
		lines = append(lines, SuiteLine{Pos: fmt.Sprintf("%s:%d", filepath.Base(path), n), Category: cols[0], Text: suites.Unescape(cols[1])})
		return nil
	})
	return lines, err
}

// eachRow calls f with the tab-separated columns of every line of the file
// that is neither empty nor a # comment, numbered from 1.
func eachRow(path string, f func(n int, cols []string) error) error {
	rows, err := suites.Read(path)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := f(r.Line, r.Cols); err != nil {
			return fmt.Errorf("%s:%d: %v", path, r.Line, err)
		}
	}
	return nil
}
