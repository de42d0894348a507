package runtime

import (
	"slices"
	"testing"
)

// TestTransforms checks a placeholder's transforms (design.md 221).
func TestTransforms(t *testing.T) {
	ps := ParsePlaceholders("a {next:dashes:spaces|none} b {x:} {input.f:dashes} {y}")
	if len(ps) != 3 {
		t.Fatalf("parsed %d placeholders, want 3: %+v", len(ps), ps)
	}
	if ps[0].Name != "next" || !slices.Equal(ps[0].Transforms, []string{"dashes", "spaces"}) || ps[0].Fallback != "none" {
		t.Errorf("first placeholder %+v", ps[0])
	}
	if ps[1].Name != "input.f" || !slices.Equal(ps[1].Transforms, []string{"dashes"}) {
		t.Errorf("second placeholder %+v", ps[1])
	}
	for _, c := range []struct{ in, t, want string }{
		{"unit‑testing–agent—x―y−z", "dashes", "unit-testing-agent-x-y-z"},
		{"a\u00a0b\u2009c\u3000d", "spaces", "a b c d"},
		{"a‐b c", "lower", "a‐b c"},
	} {
		if got := transform(c.in, c.t); got != c.want {
			t.Errorf("transform(%q, %s) = %q, want %q", c.in, c.t, got, c.want)
		}
	}
}
