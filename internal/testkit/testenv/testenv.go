// Package testenv is for tests that need a program or a facility of the
// machine: where it is missing they skip, saying so, except in CI, where
// a missing prerequisite fails the test (design.md 186).
package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// CI reports whether the tests run in CI: CI=true, as .ci/run and GitHub
// Actions set it.
func CI() bool { return os.Getenv("CI") == "true" }

// Missing ends a test whose prerequisite is missing, with why: a skip, or
// in CI a failure that names what to install.
func Missing(t testing.TB, args ...any) {
	t.Helper()
	msg := fmt.Sprint(args...)
	if CI() {
		t.Fatalf("missing prerequisite (CI=true, where nothing may skip for one; .ci/run installs them): %s", msg)
	}
	t.Skip(msg)
}

// Missingf is Missing with a format.
func Missingf(t testing.TB, format string, args ...any) {
	t.Helper()
	Missing(t, fmt.Sprintf(format, args...))
}

// GoTelemetryOff turns the go command's telemetry off for a scratch HOME
// (its mode file, which `go telemetry off` writes): a go command run
// under it otherwise starts a child that outlives it and writes counters
// below HOME/.config/go after the test removed HOME.
func GoTelemetryOff(home string) error {
	dir := filepath.Join(home, ".config", "go", "telemetry")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "mode"), []byte("off\n"), 0o644)
}

// Count returns how many cases an oracle runs: the number the variable
// name gives, or n (short with -short).
func Count(t testing.TB, name string, n, short int) int {
	t.Helper()
	if s := os.Getenv(name); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	if testing.Short() {
		return short
	}
	return n
}
