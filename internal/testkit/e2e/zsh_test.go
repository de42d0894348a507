package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestZshLines runs, through the real client with SHELL set to zsh and
// no stub, the lines round 21 found zsh runs code in while bash does not
// (zsh reads printf's %d operands and test -t's as arithmetic, where an
// array subscript runs $(...)): with the guard installed none of them
// may run its command (design.md 406). Without the guard's zsh reading
// the guard allowed all four, and each created its marker.
func TestZshLines(t *testing.T) {
	needClient(t)
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		testenv.Missing(t, "zsh is not installed (apt-get install zsh)")
	}
	t.Parallel()
	s := newScratch(t)
	s.world(t)
	s.installGuard(t)
	marker := func(i int) string { return filepath.Join(s.dir, "m"+strconv.Itoa(i)) }
	lines := []string{
		"printf '%d\\n' 'path[$(touch " + marker(0) + ")]'",
		"test -t 'path[$(touch " + marker(1) + ")]'",
		"[ -t 'path[$(touch " + marker(2) + ")]' ]",
		"printf '%d' 'fpath[$(touch " + marker(3) + ")]'",
	}
	var calls []toolCall
	for _, l := range lines {
		calls = append(calls, bashCall(l))
	}
	r := s.session(t, batchScript(calls), []string{"SHELL=" + zsh})
	res := toolResults(r)
	for i, l := range lines {
		if _, err := os.Stat(marker(i)); err == nil {
			t.Errorf("%q ran its command under zsh with the guard installed (result %q)", l, oneLine(res[callID(i)].Text))
		}
	}
}
