package vet

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// The generated part of "How vet works" in docs/vet.md.
const (
	readmeBegin = "<!-- vet-checks: generated from vet.Checks and vet.Facts; HOOKC_UPDATE=1 go test -run TestREADMEChecks ./internal/pipeline/check/vet rewrites it -->\n"
	readmeEnd   = "<!-- end vet-checks -->\n"
)

// checksMarkdown returns docs/vet.md's table of vet's checks, with the
// facts each reads, and the list of the facts.
func checksMarkdown() string {
	var b strings.Builder
	b.WriteString("| check | what it reports | facts it reads | facts it adds to |\n| --- | --- | --- | --- |\n")
	for _, c := range Checks {
		first, _, _ := strings.Cut(c.Doc, "\n")
		what := strings.TrimPrefix(strings.TrimPrefix(first, c.Name+": "), "report ")
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.Name, what, factNames(c.Facts, "the table only"), factNames(c.Adds, ""))
	}
	b.WriteString("\nThe facts:\n\n")
	for _, f := range Facts {
		fmt.Fprintf(&b, "- **%s**: %s.\n", f.Name, f.Doc)
	}
	return b.String()
}

// factNames returns the names of facts, or none when there are none.
func factNames(facts []*Fact, none string) string {
	var names []string
	for _, f := range facts {
		names = append(names, f.Name)
	}
	if len(names) == 0 {
		return none
	}
	return strings.Join(names, ", ")
}

// TestREADMEChecks checks that docs/vet.md shows vet's checks and the
// facts they share as vet.Checks and vet.Facts say; that every fact a
// check reads or adds to is one of Facts; and that a check that reads a
// fact other checks add to runs after them all.
func TestREADMEChecks(t *testing.T) {
	t.Parallel()
	for k, c := range Checks {
		for _, f := range append(slices.Clone(c.Facts), c.Adds...) {
			if !slices.Contains(Facts, f) {
				t.Errorf("check %s reads or adds to the fact %s, which is not in Facts", c.Name, f.Name)
			}
		}
		for _, f := range c.Facts {
			if slices.Contains(c.Adds, f) {
				continue // it reads what the checks before it added
			}
			for _, d := range Checks[k+1:] {
				if slices.Contains(d.Adds, f) {
					t.Errorf("check %s reads the fact %s, which %s, after it, adds to", c.Name, f.Name, d.Name)
				}
			}
		}
	}
	const name = "../../../../docs/vet.md"
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	i, j := strings.Index(s, readmeBegin), strings.Index(s, readmeEnd)
	if i < 0 || j < i {
		t.Fatalf("docs/vet.md has no section between %q and %q", readmeBegin, readmeEnd)
	}
	got, want := s[i+len(readmeBegin):j], checksMarkdown()
	if got == want {
		return
	}
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if err := os.WriteFile(name, []byte(s[:i+len(readmeBegin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/vet.md's vet checks are out of date (HOOKC_UPDATE=1 rewrites them); want:\n%s", want)
}
