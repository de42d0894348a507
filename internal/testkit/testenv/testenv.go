// Package testenv is for tests that need a program or a facility of the
// machine: where it is missing they skip, saying so, except in CI, where
// a missing prerequisite fails the test (design.md 186).
package testenv

import (
	"fmt"
	"os"
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
