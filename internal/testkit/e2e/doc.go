// Package e2e holds the end-to-end tests that run the real Claude Code
// client (internal/testkit/claude) against a scripted model (internal/testkit/modelserver)
// with hooks built and installed by hookc: testscript scenarios in
// testdata/scripts read like a user's session, and Go tests run the attack
// table and the differential test against the client alone.
//
// The tests skip, with one line saying how to install it, when the pinned
// client is not installed; HOOKC_CLAUDE names another client binary,
// HOOKC_CLAUDE_VERSION another version (latest: the newest published),
// installed from the npm registry if missing, and with a version other
// than the pinned one the tests report drift.
package e2e
