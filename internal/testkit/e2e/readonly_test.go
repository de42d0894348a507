package e2e

import (
	"path/filepath"
	"strconv"
	"testing"

	"hookc.dev/hookc/internal/testkit/suites"
)

const readOnlyClientHeader = `# Claude Code's own verdict on each line of the read-only set
# (testdata/readonly/*.tsv), from the client alone with a recording stub
# as its shell (TestClientReadOnly): run, it ran the line without a
# prompt; prompt, it did not. TestReadOnlySet counts the lines the guard
# passes and the client runs (design.md 249). HOOKC_UPDATE=1 go test -run
# TestClientReadOnly ./internal/testkit/e2e rewrites it; no verdict is written by
# hand.
`

// TestClientReadOnly runs every line of the read-only set through the
// client alone, as TestDifferential runs the suites' lines, and holds
// testdata/readonly-client.tsv exact: "run" for a line the client ran
// without a prompt, "prompt" for one it did not. It takes several
// sessions of the real client; the lead runs it (design.md 249).
func TestClientReadOnly(t *testing.T) {
	needClient(t)
	t.Parallel()
	set, err := suites.ReadOnly(filepath.Join("..", "..", "..", "testdata", "readonly"))
	if err != nil {
		t.Fatal(err)
	}
	lines := make([]*diffLine, len(set))
	for i, l := range set {
		lines[i] = &diffLine{suite: "readonly", pos: filepath.Base(l.File) + ":" + strconv.Itoa(l.Line), line: l.Command}
	}
	runDiffBatches(t, []diffRun{{lines, false}})
	if t.Failed() {
		return
	}
	var got []string
	for i, l := range lines {
		switch {
		case l.aloneRan():
			got = append(got, "run\t"+set[i].Raw)
		case l.alone == "no result":
			t.Errorf("%s: %q: the client gave no result", l.pos, l.line)
		default:
			got = append(got, "prompt\t"+set[i].Raw)
		}
	}
	holdKnown(t, filepath.Join("..", "..", "..", "testdata", "readonly-client.tsv"), readOnlyClientHeader, got)
}
