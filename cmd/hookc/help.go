package main

import (
	"embed"
	"strings"
)

// helpFiles hold the commands' help: help/NAME.txt is the line of the
// command list, an empty line, and the full text that "hookc help CMD"
// and "hookc CMD -h" print above the flags.
//
//go:embed help/*.txt
var helpFiles embed.FS

// help returns the command's line for the command list and its full
// text; both are empty for a command without help.
func help(name string) (short, long string) {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		return "", ""
	}
	short, long, _ = strings.Cut(string(b), "\n\n")
	return short, strings.TrimSpace(long)
}
