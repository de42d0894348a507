package runtime

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// goStampsVCS reports whether the go command c stamps what it builds with
// version control information (-buildvcs, on by default): go build, go
// install and go list of packages run git status and git log (hg, svn,
// bzr or fossil where those hold the module) in the module's repository
// (strace of go 1.26; design.md 401). go test, vet, run and list -m do
// not.
func goStampsVCS(c *SimpleCommand) bool {
	switch c.Sub {
	case "build", "install":
		return true
	case "list":
		for _, f := range c.Flags {
			if f.Text == "-m" {
				return false
			}
		}
		return true
	}
	return false
}

// goVCS says why go, run in dir, is not known when the version control it
// stamps with is not the project's own git repository as the guard trusts
// it: git's settings there decide what git status runs (core.fsmonitor,
// hooks), as they do for a git command (otherRepository), and another
// version control's settings (.hg/hgrc's hooks) are read by no model.
// "" when it is.
func (e *evaluator) goVCS(c *SimpleCommand, dir Word) string {
	if why := e.otherRepository(c, dir); why != "" {
		return "go " + c.Sub + " runs git to stamp what it builds (-buildvcs), and " + why
	}
	if e.env.FS == nil {
		return ""
	}
	abs, _, ok := e.absolute(".", dir)
	if !ok {
		return ""
	}
	for d := cleanPath(abs); ; d = path.Dir(d) {
		for _, v := range []string{".hg", ".svn", ".bzr", ".fslckout", "_FOSSIL_"} {
			if e.env.FS.Exists(joinPath(d, v)) {
				return "go " + c.Sub + " runs the version control of " + joinPath(d, v) + " to stamp what it builds (-buildvcs), with settings no model reads"
			}
		}
		if d == e.root || !strings.HasPrefix(d, strings.TrimSuffix(e.root, "/")+"/") {
			return ""
		}
	}
}

// manPages says why man (or git's help, which runs it) is not known when
// the pages it searches may be the project's: man-db adds DIR/../man and
// DIR/../share/man for each DIR/bin on PATH, and the directories of
// MANPATH, so that with the project's .venv/bin or node_modules/.bin on
// PATH (or a relative entry) a page the project ships is formatted, and
// groff's requests print any file (.so) or variable (\V) (round 19,
// design.md 401). "" when no entry of PATH or MANPATH lies in the
// project.
func (e *evaluator) manPages(c *SimpleCommand) string {
	if e.env.Getenv == nil || e.root == "" {
		return ""
	}
	switch c.Program.Text {
	case "man":
	case "git":
		if c.Sub != "help" && !slices.ContainsFunc(c.Flags, func(w Word) bool { return w.Text == "--help" }) {
			return ""
		}
	default:
		return ""
	}
	for _, v := range []string{"PATH", "MANPATH"} {
		val := e.env.Getenv(v)
		if val == "" {
			continue
		}
		for _, d := range strings.Split(val, ":") {
			if d == "" && v == "MANPATH" {
				continue // the default path
			}
			if !strings.HasPrefix(d, "/") || within(cleanPath(d), e.root) {
				return "man searches the manual pages beside " + v + "'s entry " + strconv.Quote(d) + ", which the project may hold"
			}
		}
	}
	return ""
}
