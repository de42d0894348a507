package build

import (
	"errors"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
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

// TestVersion checks the version taken from build information, which is
// what go install records.
func TestVersion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, Release + "-devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261125105051-826fd6ebffdb+dirty"}}, "v0.0.0-20261125105051-826fd6ebffdb+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, Release + "-devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "826fd6ebffdb7beac6d473612e19cdb8c99994f8"}, {Key: "vcs.modified", Value: "true"}}},
			Release + "-devel-826fd6ebffdb-dirty"},
	}
	for _, tt := range tests {
		if got := versionOf(tt.bi); got != tt.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tt.bi, got, tt.want)
		}
	}
}

// TestProgress checks that a build that takes longer than ProgressAfter
// says so, once, before it returns (design.md 188).
func TestProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a hook")
	}
	if _, err := GoTool(); err != nil {
		testenv.Missing(t, err)
	}
	old := ProgressAfter
	ProgressAfter = 0
	defer func() { ProgressAfter = old }()
	var b strings.Builder
	out := filepath.Join(t.TempDir(), "hook")
	if err := BinaryWith(&runtime.Table{Default: runtime.Ask}, out, Options{Progress: &b}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, "hookc build: building the hook (go build") || strings.Count(got, "\n") != 1 {
		t.Errorf("progress %q", got)
	}
}
