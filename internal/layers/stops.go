package layers

import (
	"fmt"
	"net/url"
	"strings"

	"hookc.dev/hookc/internal/load"
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
				out = append(out, fmt.Sprintf("sandbox: stops Bash reading %s (denyRead %s)", p, e))
			}
		}
		for _, p := range call.Writes {
			if e := f.covering(DenyWrite, p); e != "" {
				out = append(out, fmt.Sprintf("sandbox: stops Bash writing %s (denyWrite %s)", p, e))
			} else if !f.writable(p) {
				out = append(out, fmt.Sprintf("sandbox: stops Bash writing %s (outside the project and allowWrite)", p))
			}
		}
	case fileTools[call.Tool] != "":
		for _, p := range append(append([]string{}, call.Reads...), call.Writes...) {
			if e := f.nativeRule(fileTools[call.Tool], p); e != "" {
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

// covering returns the entry of key that covers path, or "".
func (f *Fragment) covering(key, path string) string {
	for _, e := range f.Values(key) {
		if under(path, resolve(e)) {
			return e
		}
	}
	return ""
}

func (f *Fragment) writable(path string) bool {
	ok := under(path, load.TestCwd) || under(path, "/tmp/claude") || path == "/dev/null"
	for _, e := range f.Values(AllowWrite) {
		ok = ok || under(path, resolve(e))
	}
	return ok
}
