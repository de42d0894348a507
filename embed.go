// Package hookc holds the source that hookc build needs at run time: the
// runtime package and the module's requirements. hookc itself lives in
// cmd/hookc.
package hookc

import "embed"

// Source holds go.mod, go.sum and runtime/*.go, from which hookc build
// makes a self-contained module for the hook binary.
//
//go:embed go.mod go.sum runtime/*.go
var Source embed.FS
