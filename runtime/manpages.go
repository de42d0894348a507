package runtime

import (
	"slices"
	"strconv"
	"strings"
)

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
			if !strings.HasPrefix(d, "/") || e.inProject(d) {
				return "man searches the manual pages beside " + v + "'s entry " + strconv.Quote(d) + ", which the project may hold"
			}
		}
	}
	return ""
}
