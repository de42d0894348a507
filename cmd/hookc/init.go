package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/tools/install"
	"hookc.dev/hookc/internal/tools/settings"
)

//go:embed initdata
var initData embed.FS

func runInit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("init", "[dir]", stderr)
	dir, code, ok := parseFlags(flags, args, stderr)
	if !ok {
		return code
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(stderr, "hookc init: %v\n", err)
		return exitFailed
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		fmt.Fprintf(stderr, "hookc init: %v\n", err)
		return exitFailed
	}
	if cues, _ := filepath.Glob(filepath.Join(abs, "*.cue")); len(cues) > 0 {
		fmt.Fprintf(stderr, "hookc init: %s already holds a policy (%s); hookc init writes only new files: choose another directory\n",
			dir, filepath.Base(cues[0]))
		return exitFailed
	}
	cwd, _ := os.Getwd()
	root := settings.ProjectRoot(abs)
	show := func(p string) string { return settings.RelToCwd(p, cwd) }
	relDir := slashRel(root, abs)
	scenarios := filepath.Join(abs, "testdata")
	vars := struct{ Dir, Scenarios, Version string }{relDir, slashRel(root, scenarios), installVersion()}

	type file struct {
		src, dst string
		ci       bool // left alone when it exists
	}
	files := []file{
		{"policy.cue", filepath.Join(abs, "policy.cue"), false},
		{"policy_test.cue", filepath.Join(abs, "policy_test.cue"), false},
		{"pre-commit-config.yaml", filepath.Join(root, ".pre-commit-config.yaml"), true},
		{"workflow.yml", filepath.Join(root, ".github", "workflows", "hookc.yml"), true},
	}
	for _, f := range files {
		if _, err := os.Lstat(f.dst); err == nil && !f.ci {
			fmt.Fprintf(stderr, "hookc init: %s exists; hookc init writes only new files\n", show(f.dst))
			return exitFailed
		}
	}
	for _, f := range files {
		text, err := initFile(f.src, vars)
		if err != nil {
			fmt.Fprintf(stderr, "hookc init: %v\n", err)
			return exitFailed
		}
		if err := writeNew(f.dst, text); err != nil {
			if f.ci && errors.Is(err, fs.ErrExist) {
				fmt.Fprintf(stdout, "kept %s; it exists. hookc init would have written:\n%s\n", show(f.dst), indent(text))
				continue
			}
			fmt.Fprintf(stderr, "hookc init: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stdout, "wrote %s\n", show(f.dst))
	}
	if code := writeScripts(dir, scenarios, stderr); code != exitOK {
		return code
	}
	fmt.Fprintf(stdout, "wrote %s\n", show(filepath.Join(scenarios, filepath.Base(abs)+".txtar")))
	if line, err := install.IgnoreBuildOutput(root, filepath.Join(cwd, "hook")); err != nil {
		fmt.Fprintf(stderr, "hookc init: %v\n", err)
		return exitFailed
	} else if line != "" {
		fmt.Fprintln(stdout, line)
	}
	build := "hookc build"
	if relDir != "." || show(abs) != "." {
		build += " " + show(abs)
	}
	fmt.Fprintf(stdout, "\nNext: '%s' builds the hook (./hook), 'hookc install -n' shows how it\nwould be registered in .claude/settings.json, 'hookc install' registers it.\n", build)
	return exitOK
}

// installVersion is the version the generated files install: this hookc's
// version when the module proxy can serve it (a release, or the
// pseudo-version of a clean commit), else the release its source is
// (build.Release), never latest: a new hookc may decide differently
// (design.md 187).
func installVersion() string {
	v := version()
	if strings.HasPrefix(v, "v") && !strings.Contains(v, "+") && !strings.Contains(v, "-devel") {
		return v
	}
	return build.Release
}

// initFile returns the text of a file of initdata, with vars filled in.
func initFile(name string, vars any) ([]byte, error) {
	b, err := initData.ReadFile("initdata/" + name)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(name, ".yml") && !strings.HasSuffix(name, ".yaml") {
		return b, nil
	}
	t, err := template.New(name).Parse(string(b))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := t.Execute(&out, vars); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// writeNew writes a file that must not exist yet.
func writeNew(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if err := f.Close(); werr == nil {
		werr = err
	}
	return werr
}

// slashRel returns path relative to root, with forward slashes.
func slashRel(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

func indent(b []byte) string {
	var out strings.Builder
	for line := range strings.Lines(string(b)) {
		out.WriteString("    " + line)
	}
	return strings.TrimRight(out.String(), "\n")
}
