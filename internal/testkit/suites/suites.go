// Package suites reads the repository's tab-separated test tables: the
// adversarial suite (testdata/adversarial/*.tsv), the peer command corpus
// (testdata/corpus/peer-commands.tsv) and the end-to-end attack table
// (internal/testkit/e2e/testdata/attacks.tsv).
package suites

import (
	"bufio"
	"bytes"
	"os"
	"strings"
)

// A Row is one line of a table, split at tabs.
type Row struct {
	Line int // from 1
	Cols []string
}

// Read returns the rows of a table: every line that is not empty and does
// not start with #.
func Read(path string) ([]Row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []Row
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, Row{Line: n, Cols: strings.Split(line, "\t")})
	}
	return rows, sc.Err()
}

// Unescape decodes a field of the peer corpus: \\ is a backslash, \n a
// newline, \t a tab.
func Unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
