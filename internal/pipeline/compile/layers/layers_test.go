package layers

import (
	"slices"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime/paths"
)

func loadGuard(t *testing.T) *load.Policy {
	t.Helper()
	p, err := load.Dir("../../../../examples/guard")
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
		{NativeDeny, "Read(~/.ssh/**)"}, {NativeDeny, "Read(~/.docker/config.json)"}, {NativeDeny, "Edit(//project/hook)"},
	} {
		if !slices.Contains(f.Values(want.key), want.value) {
			t.Errorf("%s lacks %q", want.key, want.value)
		}
	}
	// Every secret file name is matched at install, not listed
	// (design.md 181).
	if n := len(f.Values(NativeDeny)); n > 80 {
		t.Errorf("%d native denies, want at most 80", n)
	}
	if len(f.Values(DenyRead))+len(f.Values(DenyWrite)) > 0 {
		t.Errorf("sandbox paths %v %v: the native denies hold for the sandbox", f.Values(DenyRead), f.Values(DenyWrite))
	}
	if !f.Flags[Enabled] || !f.Flags[BlockWrites] {
		t.Errorf("flags %v: want sandbox.enabled and %s", f.Flags, BlockWrites)
	}
	for _, c := range []struct {
		call Call
		want string
	}{
		{Call{Tool: "Bash", Reads: []string{"/home/user/.ssh/id_rsa"}}, "sandbox: stops Bash reading /home/user/.ssh/id_rsa (Read(~/.ssh/**), which the client adds to the sandbox)"},
		{Call{Tool: "Bash", Reads: []string{"/project/config/.env.production"}}, "sandbox: stops Bash reading /project/config/.env.production (**/.env.*: install writes the files it matches that exist then)"},
		{Call{Tool: "Write", Writes: []string{"/etc/x"}}, "native:  permissions.blockWritesOutsideWorkingDirectories stops Write of /etc/x"},
		// An SSH key outside ~/.ssh, matched by the rule's regular
		// expression (design.md 302).
		{Call{Tool: "Bash", Reads: []string{"/project/deploy/id_work"}}, "sandbox: stops Bash reading /project/deploy/id_work (re:/id_[^/.]+(~|\\.(bak|backup|old|orig|save|sav|swp|tmp|copy|[0-9]))?$: install writes the files it matches that exist then)"},
	} {
		if got := f.Stops(c.call); !slices.Contains(got, c.want) {
			t.Errorf("Stops(%v) = %q, want %q", c.call, got, c.want)
		}
	}
	for _, d := range Check(p, f) {
		if d.Accepted == "" {
			t.Errorf("unaccepted finding: %s: %s", d.Pos, d.Message)
		}
	}
}

func TestExpandBraces(t *testing.T) {
	got := paths.ExpandBraces("**/{a,b{c,d}}/x")
	want := []string{"**/a/x", "**/bc/x", "**/bd/x"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
