package vet

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestKnowsPinnedClient checks that every tool the pinned Claude Code
// client offers the model, as internal/testkit/e2e's TestSurface recorded it, is a
// known tool with all of its input fields.
func TestKnowsPinnedClient(t *testing.T) {
	data, err := os.ReadFile("../../../testkit/e2e/testdata/surface.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		// tool main|agent NAME: field field ...
		rest, ok := strings.CutPrefix(line, "tool ")
		if !ok {
			continue
		}
		head, fields, _ := strings.Cut(rest, ": ")
		name := strings.Fields(head)[1]
		known, ok := knownTools[name]
		if !ok {
			t.Errorf("the pinned client offers the tool %s, which vet does not know", name)
			continue
		}
		n++
		for _, f := range strings.Fields(fields) {
			if known != nil && !slices.Contains(known, f) {
				t.Errorf("the pinned client's %s has the input field %s, which vet does not know", name, f)
			}
		}
	}
	if n == 0 {
		t.Fatal("no tools in surface.txt")
	}
}
