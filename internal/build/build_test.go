package build

import (
	"errors"
	"testing"

	"hookc.dev/hookc/runtime"
)

// TestNoGo checks the error when no Go toolchain can be found.
func TestNoGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("GOROOT", "")
	if _, err := GoTool(); !errors.Is(err, ErrNoGo) {
		t.Fatalf("GoTool() = %v, want ErrNoGo", err)
	}
	err := Binary(&runtime.Table{}, t.TempDir()+"/hook")
	if !errors.Is(err, ErrNoGo) {
		t.Fatalf("Binary() = %v, want ErrNoGo", err)
	}
	if got := err.Error(); got != "hookc build needs the Go toolchain (go 1.26 or later): install it and put go on PATH, or set GOROOT" {
		t.Errorf("error text %q", got)
	}
}

func TestRequirement(t *testing.T) {
	t.Parallel()
	mod := []byte("module x\n\ngo 1.26.0\n\nrequire (\n\tcuelang.org/go v0.17.1\n\tmvdan.cc/sh/v3 v3.14.1\n)\n")
	if got := requirement(mod, "mvdan.cc/sh/v3"); got != "v3.14.1" {
		t.Errorf("requirement = %q, want v3.14.1", got)
	}
	if got := requirement(mod, "example.com/none"); got != "" {
		t.Errorf("requirement of a missing module = %q", got)
	}
}
