// Package schema embeds the CUE schema of hookc policies (policy.cue) and
// hookc's base command knowledge (commands.cue, strict.cue, git.cue).
package schema

import "embed"

// FS holds the schema files, all of package schema.
//
//go:embed policy.cue commands.cue strict.cue git.cue
var FS embed.FS

// Files are the names of the schema files in FS, in the order they are
// compiled.
var Files = []string{"policy.cue", "commands.cue", "strict.cue", "git.cue"}
