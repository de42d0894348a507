package layers

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
)

// A Call is what the layers see of one tool call: the tool, the paths it
// reads and writes (absolute, as the hook resolved them) and a WebFetch
// URL.
type Call struct {
	Tool          string
	Reads, Writes []string
	URL           string
}

// fileTools are the tools native Read and Edit rules hold for.
var fileTools = map[string]string{
	"Read": "Read", "Grep": "Read", "Glob": "Read", "LS": "Read",
	"Edit": "Edit", "Write": "Edit", "MultiEdit": "Edit", "NotebookEdit": "Edit",
}

// Stops says, one line each, which of the other layers stop the call and
// why, with the tests' home (/home/user) and project (/project).
func (f *Fragment) Stops(call Call) []string {
	var out []string
	switch {
	case call.Tool == "Bash" && f.Flags[Enabled]:
		for _, p := range call.Reads {
			if e := f.covering(DenyRead, p); e != "" {
				out = append(out, fmt.Sprintf("sandbox: stops Bash reading %s (%s)", p, e))
			}
		}
		for _, p := range call.Writes {
			if e := f.covering(DenyWrite, p); e != "" {
				out = append(out, fmt.Sprintf("sandbox: stops Bash writing %s (%s)", p, e))
			} else if !f.writable(p) {
				out = append(out, fmt.Sprintf("sandbox: stops Bash writing %s (outside the project and allowWrite)", p))
			}
		}
	case fileTools[call.Tool] != "":
		for _, p := range append(append([]string{}, call.Reads...), call.Writes...) {
			if e := f.nativeStop(fileTools[call.Tool], p); e != "" {
				out = append(out, fmt.Sprintf("native:  %s stops %s of %s", e, call.Tool, p))
			}
		}
	case call.Tool == "WebFetch" && call.URL != "":
		if u, err := url.Parse(call.URL); err == nil {
			for _, e := range f.Values(NativeDeny) {
				h, ok := strings.CutPrefix(strings.TrimSuffix(e, ")"), "WebFetch(domain:")
				if ok && (h == u.Hostname() || strings.HasPrefix(h, "*.") && strings.HasSuffix(u.Hostname(), h[1:])) {
					out = append(out, fmt.Sprintf("native:  %s stops it", e))
				}
			}
		}
	}
	return out
}

// covering returns the entry of key (DenyRead or DenyWrite) that covers
// path for sandboxed Bash, or "": the sandbox's own paths, the native
// denies Claude Code merges into them (Read into denyRead, Edit into
// denyWrite) and the scans, for the paths install finds.
func (f *Fragment) covering(key, path string) string {
	for _, e := range f.Values(key) {
		if under(path, resolve(e)) {
			return map[string]string{DenyRead: "denyRead ", DenyWrite: "denyWrite "}[key] + e
		}
	}
	// A Read deny hides the file from Bash, which then cannot write it
	// either: the client binds an empty file or directory over it.
	tool, also := map[string]string{DenyRead: "Read", DenyWrite: "Edit"}[key], "Read"
	if e := f.nativeRule(tool, path, also); e != "" {
		return e + ", which the client adds to the sandbox"
	}
	if key == DenyWrite {
		for _, e := range f.Values(DenyRead) {
			if under(path, resolve(e)) {
				return "denyRead " + e
			}
		}
	}
	return f.scanned(key, path)
}

// scanned returns the glob of a scan of key that matches path, said as
// what install writes when the path exists, or "".
func (f *Fragment) scanned(key, path string) string {
	keys := map[string][]string{DenyRead: {DenyRead, "Read"}, DenyWrite: {DenyWrite, "Edit", DenyRead, "Read"}, "Read": {"Read"}, "Edit": {"Edit", "Read"}}[key]
	for _, s := range f.Scans {
		if !slices.Contains(keys, s.Key) {
			continue
		}
		for dir := path; dir != "/" && dir != "."; dir = filepath.Dir(dir) {
			if g := s.match(dir, dir != path, load.TestHome, load.TestCwd); g != "" {
				return fmt.Sprintf("%s: install writes the files it matches that exist then", g)
			}
		}
	}
	return ""
}

// writable reports whether sandboxed Bash may write path by the
// sandbox's boundary: the project, its temporary directory, allowWrite.
func (f *Fragment) writable(path string) bool {
	ok := under(path, load.TestCwd) || under(path, "/tmp/claude") || path == "/dev/null"
	for _, e := range f.Values(AllowWrite) {
		ok = ok || under(path, resolve(e))
	}
	return ok
}
