package oracle

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Known is the list of findings checked in as known (testdata/oracle/
// known.txt): lines the policy allows although bash runs them unsafely,
// each with its class, and the generator run that listed them.
type Known struct {
	Class map[string]string // line → class
	Lines int               // generated lines of the run that wrote the list
	Seed  uint64
}

const knownHeader = `# Known findings of the exec-trace oracle (internal/testkit/oracle, docs/oracle.md):
# command lines that examples/guard allows although real bash runs them
# unsafely. Each line is a class, a tab, and the command line as a Go string.
# TestOracle fails on a finding not listed here, and on a listed line that no
# longer fails: fix the guard, then delete the line (or rewrite the list with
# HOOKC_UPDATE=1 at full size, and check that it only shrank).
`

// ReadKnown reads a known-findings file; a missing file is an empty list.
func ReadKnown(path string) (*Known, error) {
	k := &Known{Class: map[string]string{}}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return k, nil
	}
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# run: "); ok {
			if _, err := fmt.Sscanf(rest, "%d generated lines, seed %d", &k.Lines, &k.Seed); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		class, quoted, ok := strings.Cut(line, "\t")
		text, err := strconv.Unquote(quoted)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s:%d: want a class, a tab and a Go string", path, n)
		}
		k.Class[text] = class
	}
	return k, sc.Err()
}

// Write writes the list, grouped by class, sorted.
func (k *Known) Write(path string) error {
	var b strings.Builder
	b.WriteString(knownHeader)
	fmt.Fprintf(&b, "# run: %d generated lines, seed %d\n", k.Lines, k.Seed)
	byClass := map[string][]string{}
	for text, class := range k.Class {
		byClass[class] = append(byClass[class], text)
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	for _, c := range classes {
		lines := byClass[c]
		slices.Sort(lines)
		fmt.Fprintf(&b, "\n## %s: %d\n", c, len(lines))
		for _, l := range lines {
			fmt.Fprintf(&b, "%s\t%s\n", c, strconv.Quote(l))
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
