package runtime

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
)

// rgConfigOpts are the options a ripgrep configuration file may give
// that change only how rg prints what it finds (design.md 398): any other
// (--follow, --pre, --glob, -u, --no-ignore) changes what it reads or
// runs. The second list takes a value on the next line.
var (
	rgConfigFlags = []string{
		"--smart-case", "-S", "--ignore-case", "-i", "--case-sensitive", "-s", "--line-number", "-n",
		"--no-line-number", "-N", "--column", "--no-column", "--heading", "--no-heading", "--pretty", "-p",
		"--vimgrep", "--byte-offset", "-b", "--trim", "--no-messages", "--hidden", "-.", "--no-hidden",
		"--unicode", "--no-unicode", "--pcre2", "-P", "--auto-hybrid-regex", "--crlf", "--multiline", "-U",
		"--max-columns-preview",
	}
	rgConfigValues = []string{
		"--colors", "--color", "--max-columns", "-M", "--sort", "--sortr",
		"--context-separator", "--field-match-separator", "--field-context-separator", "--path-separator",
		"--threads", "-j", "--type-add", "--engine", "--max-count", "-m", "--context", "-C", "--before-context", "-B",
		"--after-context", "-A", "--hyperlink-format", "--dfa-size-limit", "--regex-size-limit",
	}
)

// rgConfig returns why rg is not known where RIPGREP_CONFIG_PATH names a
// configuration file whose options the guard does not take as only
// changing the output: a user's --follow makes rg follow the project's
// links to ~/.ssh, --pre runs a program on every file (round 15). A file
// it cannot read is not known either; --no-config on the line turns the
// file off. A file that does not exist gives none: rg says it cannot
// read it and goes on (ripgrep 13).
func (e *evaluator) rgConfig(program string, c *SimpleCommand) string {
	if program != "rg" || e.env.Getenv == nil {
		return ""
	}
	p := e.env.Getenv("RIPGREP_CONFIG_PATH")
	if p == "" || slices.ContainsFunc(c.Flags, func(w Word) bool { return w.Text == "--no-config" }) {
		return ""
	}
	why := "it reads options from " + p + " (RIPGREP_CONFIG_PATH)"
	if e.env.FS == nil {
		return why + ", which the guard cannot read"
	}
	data, missing := e.rgConfigFile(p)
	if missing {
		return ""
	}
	if data == nil {
		return why + ", which the guard cannot read"
	}
	value := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if value && !strings.HasPrefix(line, "-") {
			value = false
			continue
		}
		name, _, attached := strings.Cut(line, "=")
		switch {
		case slices.Contains(rgConfigFlags, name) && !attached:
			value = false
		case slices.Contains(rgConfigValues, name):
			value = !attached
		default:
			return why + ", which gives " + line + ", an option that may change what it reads or runs"
		}
	}
	return ""
}

// rgConfigFile returns the contents of rg's configuration file p, nil
// where it cannot be read or is larger than the guard reads; missing is
// true where there is no file, which gives rg no options.
func (e *evaluator) rgConfigFile(p string) (data []byte, missing bool) {
	data, err := e.env.FS.ReadFile(p, 64<<10+1)
	if err != nil {
		return nil, errors.Is(err, fs.ErrNotExist) && !e.env.FS.Exists(p)
	}
	if len(data) > 64<<10 {
		return nil, false
	}
	return data, false
}

// rgConfigHidden reports whether rg's configuration file p may give
// --hidden (rgConfig rejects the other options that widen what rg
// reads): it does, or it cannot be read.
func (e *evaluator) rgConfigHidden(p string) bool {
	data, missing := e.rgConfigFile(p)
	if missing {
		return false
	}
	if data == nil {
		return true
	}
	for _, line := range strings.Split(string(data), "\n") {
		if l := strings.TrimSpace(line); l == "--hidden" || l == "-." || strings.HasPrefix(l, "--hidden=") {
			return true
		}
	}
	return false
}
