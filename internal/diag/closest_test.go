package diag

import "testing"

// TestClosest checks the did you mean of commands and flags (design.md 191).
func TestClosest(t *testing.T) {
	t.Parallel()
	names := []string{"init", "build", "gen", "vet", "test", "install", "uninstall", "explain", "pkg"}
	for _, tt := range []struct{ in, want string }{
		{"biuld", "build"}, {"buld", "build"}, {"instal", "install"}, {"tst", "test"}, {"tset", "test"}, {"pgk", "pkg"},
		{"ven", "gen"}, {"explian", "explain"}, {"frobnicate", ""}, {"x", ""}, {"unin", "uninstall"},
	} {
		if got := Closest(tt.in, names); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
