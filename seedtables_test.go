package hookc_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
)

// seedExamples are the examples made from the seed documents
// (testdata/seeds): each README has a table of every behaviour of its
// seed and the tests and real-client scenarios that show it.
var seedExamples = []string{"orchestrator", "boundary", "mux", "collective", "tool-permissions"}

// TestSeedTables checks that every name in the tests column of each seed
// example's README table is a test of the example ("held-out" before
// names marks the held-out ones, named "held-out: NAME"; "held-out 4"
// those named "held-out 4: NAME"), a Go test of the repository, or a
// file that exists; and that every real-client scenario it names
// exists. Text in parentheses is commentary, not a name.
func TestSeedTables(t *testing.T) {
	goTests := goTestNames(t)
	for _, ex := range seedExamples {
		t.Run(ex, func(t *testing.T) {
			p, err := load.Dir(filepath.ToSlash(filepath.Join("examples", ex)))
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]bool{}
			for _, tc := range p.Tests {
				names[tc.Name] = true
			}
			b, err := os.ReadFile(filepath.Join("examples", ex, "README.md"))
			if err != nil {
				t.Fatal(err)
			}
			rows := 0
			for _, cell := range testCells(string(b)) {
				rows++
				for _, n := range cellNames(cell) {
					switch {
					case strings.HasSuffix(n, ".txtar") && !strings.Contains(n, "/"):
						if _, err := os.Stat(filepath.Join("internal/testkit/e2e/testdata/scripts", n)); err != nil {
							t.Errorf("README names the scenario %s, which does not exist", n)
						}
					case isFile(n):
						_, err := os.Stat(n)
						if _, err2 := os.Stat(filepath.Join("examples", ex, n)); err != nil && err2 != nil {
							t.Errorf("README names %s, which does not exist", n)
						}
					case goTests[n]:
					case !names[n]:
						t.Errorf("README names the test %q, which examples/%s does not have", n, ex)
					}
				}
			}
			if rows < 5 {
				t.Errorf("README has %d rows in its table of the seed's behaviours", rows)
			}
		})
	}
}

// testCells returns the last cell of each row of the README's table
// whose last column is "tests; e2e".
func testCells(readme string) []string {
	var cells []string
	in := false
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case !strings.HasPrefix(line, "|"):
			in = false
		case strings.HasSuffix(line, "| tests; e2e |"):
			in = true
		case in && !strings.HasPrefix(line, "| ---"):
			parts := strings.Split(strings.TrimSuffix(line, " |"), " | ")
			cells = append(cells, parts[len(parts)-1])
		}
	}
	return cells
}

var cellToken = regexp.MustCompile("`[^`]*`|held-out 4|held-out|e2e|[()]")

// cellNames returns the names in a cell: backticked items outside
// parentheses, with held-out's prefixes; after "e2e", only scenarios.
func cellNames(cell string) []string {
	var names []string
	prefix, depth, e2e := "", 0, false
	for _, tok := range cellToken.FindAllString(cell, -1) {
		switch {
		case tok == "(":
			depth++
		case tok == ")":
			depth = max(0, depth-1)
		case depth > 0:
		case tok == "e2e":
			e2e = true
		case tok == "held-out 4":
			prefix = "held-out 4: "
		case tok == "held-out":
			prefix = "held-out: "
		case strings.HasPrefix(tok, "`"):
			n := strings.ReplaceAll(strings.Trim(tok, "`"), `\|`, "|")
			switch {
			case strings.HasSuffix(n, ".txtar"):
				names = append(names, n)
			case e2e, strings.HasPrefix(n, "go "), strings.HasPrefix(n, "hookc "):
			case isFile(n) || strings.HasPrefix(n, "Test") && !strings.Contains(n, " "):
				names = append(names, n)
			default:
				names = append(names, prefix+n)
			}
		}
	}
	return names
}

// isFile reports whether a name in a cell is a file's: one word with an
// extension.
func isFile(n string) bool {
	return !strings.ContainsAny(n, " \t") && filepath.Ext(n) != ""
}

// goTestNames returns the names of the repository's Go test functions.
func goTestNames(t *testing.T) map[string]bool {
	re := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	names := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, "_test.go") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range re.FindAllSubmatch(b, -1) {
				names[string(m[1])] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}
