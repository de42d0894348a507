package runtime

import (
	"path"
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
	if why := e.otherRepository(c, dir, "status"); why != "" {
		return "go " + c.Sub + " runs git to stamp what it builds (-buildvcs), and " + why
	}
	if e.env.FS == nil {
		return ""
	}
	abs, ok := e.absolute(".", dir)
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
