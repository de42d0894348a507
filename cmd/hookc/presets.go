package main

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"hookc.dev/hookc/cue/presets"
)

func runPresets(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("presets", "[-o dir] [name]", stderr)
	out := flags.String("o", "", "write every preset's files under `dir`/hookc.dev/presets/")
	pos, code, ok := parseArgs(flags, args)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "hookc presets: too many arguments (%s); want at most one preset name\n", strings.Join(pos, " "))
		return exitUsage
	}
	if *out != "" {
		if len(pos) > 0 {
			fmt.Fprintf(stderr, "hookc presets: give -o or a name, not both\n")
			return exitUsage
		}
		return writePresets(*out, stdout, stderr)
	}
	if len(pos) == 1 {
		name := pos[0]
		files, _ := fs.Glob(presets.FS, name+"/*.cue")
		if len(files) == 0 {
			fmt.Fprintf(stderr, "hookc presets: no preset %q (presets: %s)\n", name, strings.Join(presets.Names(), ", "))
			return exitFailed
		}
		for _, f := range files {
			b, _ := fs.ReadFile(presets.FS, f)
			if len(files) > 1 {
				fmt.Fprintf(stdout, "// %s\n", path.Join(presets.ImportPrefix, f))
			}
			stdout.Write(b)
		}
		return exitOK
	}
	for _, name := range presets.Names() {
		fmt.Fprintf(stdout, "%s/%s\n", presets.ImportPrefix, name)
		if d := presets.Doc(name); d != "" {
			fmt.Fprintf(stdout, "\t%s\n", d)
		}
	}
	return exitOK
}

// writePresets writes every preset file under dir/hookc.dev/presets.
func writePresets(dir string, stdout, stderr io.Writer) int {
	err := presets.Write(dir, func(dst string) { fmt.Fprintf(stdout, "wrote %s\n", dst) })
	if err != nil {
		fmt.Fprintf(stderr, "hookc presets: %v\n", err)
		return exitFailed
	}
	return exitOK
}
