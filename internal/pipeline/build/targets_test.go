package build

import (
	"slices"
	"testing"
)

func TestBuildTargets(t *testing.T) {
	t.Parallel()
	ts, err := Targets("linux,darwin", "amd64,arm64")
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"}}
	if !slices.Equal(ts, want) {
		t.Errorf("targets %v, want %v", ts, want)
	}
	if ts, _ := Targets("", ""); ts != nil {
		t.Errorf("no flags: %v, want the host (nil)", ts)
	}
	if _, err := Targets("plan9", ""); err == nil {
		t.Errorf("plan9: no error")
	}
}
