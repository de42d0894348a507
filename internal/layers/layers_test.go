package layers

import (
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

func TestGuardDump(t *testing.T) {
	p := loadGuard(t)
	f := Compile(p, Options{Hook: "/project/hook", Policy: "/project/policy"})
	t.Logf("%s", f.Encode())
}
