package vet

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
)

// ReplayCommand returns the hookc explain command that replays a
// finding's witness with the environment and files it needs (design.md
// 149), or "" for a witness that needs none: stdin replays it.
func ReplayCommand(dir string, d diag.Diagnostic) string {
	if len(d.Witness) == 0 || len(d.Env) == 0 && len(d.Files) == 0 && len(d.Links) == 0 {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, d.Witness) != nil {
		return ""
	}
	args := []string{"hookc", "explain"}
	for _, k := range slices.Sorted(maps.Keys(d.Env)) {
		args = append(args, "-env", shellQuote(k+"="+d.Env[k]))
	}
	for _, f := range d.Files {
		args = append(args, "-file", shellQuote(f))
	}
	for _, l := range slices.Sorted(maps.Keys(d.Links)) {
		args = append(args, "-symlink", shellQuote(l+"="+d.Links[l]))
	}
	args = append(args, "-payload", shellQuote(b.String()), shellQuote(dir))
	return strings.Join(args, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and -_./=:@%+,.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
