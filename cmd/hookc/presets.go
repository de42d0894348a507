package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"hookc.dev/hookc/cue/presets"
)

func init() {
	docs["presets"] = doc{
		short: "list hookc's presets, print one, or write them out",
		long: `
Presets lists the presets a policy can import as hookc.dev/presets/NAME,
with what each holds. 'hookc presets NAME' prints the source of one, the
file that positions such as hookc.dev/presets/NAME/NAME.cue:12:3 in
diagnostics and traces refer to; -o dir writes every preset's files under
dir/hookc.dev/presets/, so that those positions can be opened from dir.

The presets are built into hookc: they import offline, with no registry.

Exit status: 0, 1 an unknown preset or a file that cannot be written,
2 bad usage.
`,
	}
}

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
		if d := presetDoc(name); d != "" {
			fmt.Fprintf(stdout, "\t%s\n", d)
		}
	}
	return exitOK
}

// presetDoc returns the first sentence of a preset's package comment.
func presetDoc(name string) string {
	files, _ := fs.Glob(presets.FS, name+"/*.cue")
	if len(files) == 0 {
		return ""
	}
	b, _ := fs.ReadFile(presets.FS, files[0])
	var text []string
	for line := range strings.Lines(string(b)) {
		l, ok := strings.CutPrefix(strings.TrimSpace(line), "//")
		if !ok {
			break
		}
		l = strings.TrimSpace(l)
		if l == "" {
			break
		}
		text = append(text, l)
	}
	doc := strings.Join(text, " ")
	doc = strings.TrimPrefix(doc, "Package "+name+" ")
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	return doc
}

// writePresets writes every preset file under dir/hookc.dev/presets.
func writePresets(dir string, stdout, stderr io.Writer) int {
	err := presets.Each(func(p string, b []byte) error {
		dst := filepath.Join(dir, filepath.FromSlash(presets.ImportPrefix), filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", dst)
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "hookc presets: %v\n", err)
		return exitFailed
	}
	return exitOK
}
