package install

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"hookc.dev/hookc/internal/tools/settings"
)

// Skill- and agent-scoped installation (design.md 226): install
// -frontmatter FILE writes the hook into the hooks: key of a skill's or
// an agent's frontmatter, where Claude Code runs it only while that skill
// or agent is active. hookc writes the key only where there is none, or
// where it is all hookc's own (every line of the shape it writes, every
// command the hook's); every other byte of the file stays. uninstall
// -frontmatter removes it.

// A frontmatter is a Markdown file's YAML frontmatter, as lines.
type frontmatter struct {
	path       string
	data       []byte
	start, end int // the byte offsets of the frontmatter's lines, after the first --- and before the closing one
}

func readFrontmatter(path string) (*frontmatter, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return nil, fmt.Errorf("%s: no frontmatter: the file does not start with a line ---", path)
	}
	end := bytes.Index(data[3:], []byte("\n---\n"))
	if end < 0 && bytes.HasSuffix(data, []byte("\n---")) {
		end = len(data) - 7
	}
	if end < 0 {
		return nil, fmt.Errorf("%s: the frontmatter has no closing line ---", path)
	}
	return &frontmatter{path: path, data: data, start: 4, end: 3 + end + 1}, nil
}

// hooksBlock returns the byte range of the top-level hooks: key and the
// lines below it, and its line number; ok is false if there is none.
func (f *frontmatter) hooksBlock() (from, to, line int, ok bool) {
	off := f.start
	for off < f.end {
		eol := bytes.IndexByte(f.data[off:f.end], '\n')
		next := f.end
		if eol >= 0 {
			next = off + eol + 1
		}
		l := string(f.data[off:next])
		if !ok && (strings.TrimRight(l, " \n") == "hooks:" || strings.HasPrefix(l, "hooks:")) {
			from, ok = off, true
			line = bytes.Count(f.data[:off], []byte("\n")) + 1
		} else if ok && l != "" && l[0] != ' ' && l[0] != '\t' && l[0] != '\n' {
			return from, off, line, true
		}
		off = next
	}
	return from, f.end, line, ok
}

// fmShapes are the lines hookc writes in a hooks: key, compiled when a
// front matter is read: every hookc command pays a package's variables at
// start, and only install and uninstall with -frontmatter use these
// (design.md 331).
var fmShapes = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(hooks:|  [A-Za-z]+:|    - matcher: "\*"|      hooks:|        - type: command|          command: "(.*)"|          args: \["-event", "[A-Za-z]+"\]|          timeout: [0-9]+|          onFailure: block)$`)
})

// ours reports whether the hooks: key text is all hookc's, for command.
func fmOurs(text, command string) bool {
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		m := fmShapes().FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(l, "          command:") && m[2] != command {
			return false
		}
	}
	return true
}

// fmRender returns the hooks: key that registers command for events.
func fmRender(command string, events []string, timeout int, block bool) string {
	var b strings.Builder
	b.WriteString("hooks:\n")
	for _, ev := range events {
		fmt.Fprintf(&b, "  %s:\n    - matcher: \"*\"\n      hooks:\n        - type: command\n", ev)
		fmt.Fprintf(&b, "          command: %s\n          args: [\"-event\", %s]\n          timeout: %d\n", strconv.Quote(command), strconv.Quote(ev), timeout)
		if block {
			b.WriteString("          onFailure: block\n")
		}
	}
	return b.String()
}

// frontmatter installs or uninstalls the hook in the frontmatter of the
// file o.Frontmatter.
func (o *Options) frontmatter() error {
	path := o.Frontmatter
	f, err := readFrontmatter(path)
	if err != nil {
		return err
	}
	abs, _ := filepath.Abs(path)
	command := o.Hook
	if root := settings.ProjectRoot(filepath.Dir(abs)); root != "" {
		if rel, err := filepath.Rel(root, o.Hook); err == nil && filepath.IsLocal(rel) {
			command = projectDirVar + "/" + filepath.ToSlash(rel)
		}
	}
	from, to, line, found := f.hooksBlock()
	if found && !fmOurs(string(f.data[from:to]), command) {
		return fmt.Errorf("%s:%d: a hooks: key that hookc did not write; add or remove %s there by hand", path, line, command)
	}
	var out []byte
	var change string
	events, timeout := o.Events, o.Timeout
	switch {
	case o.Add && found:
		out = append(append(append([]byte{}, f.data[:from]...), fmRender(command, events, timeout, o.Block)...), f.data[to:]...)
		change = fmt.Sprintf("updated %s for %s (timeout %d s)", command, strings.Join(events, ", "), timeout)
	case o.Add:
		out = append(append(append([]byte{}, f.data[:f.end]...), fmRender(command, events, timeout, o.Block)...), f.data[f.end:]...)
		change = fmt.Sprintf("added %s for %s (timeout %d s)", command, strings.Join(events, ", "), timeout)
	case found:
		out = append(append([]byte{}, f.data[:from]...), f.data[to:]...)
		change = fmt.Sprintf("removed %s", command)
	default:
		fmt.Fprintf(o.Stdout, "%s: %s is not installed; nothing to change\n", path, command)
		return nil
	}
	if bytes.Equal(out, f.data) {
		fmt.Fprintf(o.Stdout, "%s: %s is already installed; nothing to change\n", path, command)
		return nil
	}
	if o.DryRun {
		fmt.Fprintf(o.Stdout, "%s: %s\n", path, WouldChange(change))
		return nil
	}
	if err := writeKeepingMode(path, out); err != nil {
		return err
	}
	fmt.Fprintf(o.Stdout, "%s: %s\n", path, change)
	return nil
}

// writeKeepingMode replaces the file at path with data by rename,
// keeping its mode.
func writeKeepingMode(path string, data []byte) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".hookc-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), fi.Mode().Perm())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
