package runtime

import (
	"strings"
	"testing"
)

func TestCompare2(t *testing.T) {
	words := []string{"", "a", "ab", "abc", "b", "tool:", "tool:Bash", "tool:Read", "toolprefix:mcp", "c", "cany"}
	for _, k := range words {
		for _, a := range words {
			for _, b := range words {
				if got, want := compare2(k, a, b), strings.Compare(k, a+b); got != want {
					t.Errorf("compare2(%q, %q, %q) = %d, want %d", k, a, b, got, want)
				}
			}
		}
	}
}
