package hookc_test

import (
	"os/exec"
	"testing"
)

// TestSedDebugCheck: the check of sed's --debug print finds commands and
// s flags outside the model (design.md 288).
func TestSedDebugCheck(t *testing.T) {
	sed, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("no sed")
	}
	for script, want := range map[string]int{
		`1,/a\/b/!{s/a\/b/c/g;p}`:   0,
		`$ s|x|y|w out`:             1,
		`/x/I,+2 s/a/b/e`:           1,
		`\%a%a foo`:                 1,
		`0,/re/ r x`:                1,
		`y/ab/cd/;3~2 p;:a;ba;q5;=`: 0,
	} {
		out, _ := exec.Command(sed, "-n", "--debug", script, "/dev/null").CombinedOutput()
		n, outside := sedDebugCheck(string(out))
		if n == 0 || len(outside) != want {
			t.Errorf("%q: %d commands, outside the model %q, want %d (print %q)", script, n, outside, want, out)
		}
	}
}
