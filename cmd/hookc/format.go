package main

import (
	"flag"
	"fmt"
	"io"

	"hookc.dev/hookc/internal/diag"
)

// formatFlag adds -format to a command that prints diagnostics.
func formatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "text", "diagnostics `format`: text (go vet style, on stderr) or github (GitHub Actions annotations, on stdout)")
}

// checkFormat reports whether format is known, and says so when it is not.
func checkFormat(name, format string, stderr io.Writer) bool {
	switch format {
	case "text", "github":
		return true
	}
	fmt.Fprintf(stderr, "hookc %s: -format %q: want text or github\n", name, format)
	return false
}

// printDiags prints diagnostics of the command name in format.
func printDiags(format, name string, l diag.List, stdout, stderr io.Writer) {
	if format == "github" {
		diag.PrintGitHub(stdout, "hookc "+name, l)
		return
	}
	diag.Print(stderr, l)
}
