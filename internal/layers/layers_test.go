package layers

import (
	"slices"
	"testing"

	"hookc.dev/hookc/internal/load"
)

func loadGuard(t *testing.T) *load.Policy {
	t.Helper()
	p, err := load.Dir("../../examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGuardLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the guard")
	}
	p := loadGuard(t)
	f := Compile(p, Options{Hook: "/project/hook", Policy: "/project/policy"})
	for _, want := range []struct{ key, value string }{
		{DenyRead, "~/.ssh"}, {DenyRead, "./.env"}, {DenyWrite, "./.claude"}, {DenyWrite, "//project/hook"},
		{NativeDeny, "Read(~/.ssh/**)"}, {NativeDeny, "Edit(**/.claude/**)"},
	} {
		if !slices.Contains(f.Values(want.key), want.value) {
			t.Errorf("%s lacks %q", want.key, want.value)
		}
	}
	if !f.Flags[Enabled] {
		t.Errorf("sandbox.enabled not set")
	}
	for _, d := range Check(p, f) {
		if d.Accepted == "" {
			t.Errorf("unaccepted finding: %s: %s", d.Pos, d.Message)
		}
	}
}

func TestExpandBraces(t *testing.T) {
	got := ExpandBraces("**/{a,b{c,d}}/x")
	want := []string{"**/a/x", "**/bc/x", "**/bd/x"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
