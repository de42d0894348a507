package runtime

import (
	"slices"
	"testing"
)

// TestShellGlob checks the glob model on a MapFS (design.md 120); the
// oracle, TestGlobOracle, checks it against real Bash.
func TestShellGlob(t *testing.T) {
	fs := MapFS{
		Files: map[string]bool{
			"/p/.env": true, "/p/src/main.go": true, "/p/src/util.go": true, "/p/x": true,
			"/h/.ssh/id_rsa": true, "/h/.ssh/config": true,
		},
		Links: map[string]string{"/p/link": "/h/.ssh"},
	}
	for _, c := range []struct {
		base, pat string
		want      []string // nil: not modelled
		literal   bool
	}{
		{"/p", ".en?", []string{"/p/.env"}, false},
		{"/p", ".e[n]v", []string{"/p/.env"}, false},
		{"/p", `.e[\n]v`, []string{"/p/.env"}, false},
		{"/p", ".e[!x]v", []string{"/p/.env"}, false},
		{"/p", ".e[]n]v", []string{"/p/.env"}, false},
		{"/p", `\.e*`, []string{"/p/.env"}, false},
		{"/p", `\*`, []string{"/p/*"}, false}, // an escaped star is itself
		// * matches no leading dot, but may where the user's start-up
		// files set dotglob: not sure, so the word may stay as written.
		{"/p", "*.en?", []string{"/p/.env"}, true},
		{"/p", "[.]env", []string{"/p/.env"}, true},
		{"/p", ".ENV", []string{"/p/.ENV"}, false}, // no pattern: as written
		{"/p", ".EN?", []string{"/p/.env"}, true},  // nocaseglob
		// x is not in [^X] by default, but is with nocaseglob: the
		// word may stay as written.
		{"/p", "[^X]", []string{"/p/x"}, true},
		// * to Bash's defaults, any depth with globstar: both, none sure
		// (design.md 434); a link is not gone down.
		{"/p", "**", []string{"/p", "/p/", "/p/.env", "/p/link", "/p/src", "/p/src/main.go", "/p/src/util.go", "/p/x"}, false},
		{"/p", "***/main.go", nil, false},             // zsh: any depth through links
		{"/p", ".[d-f]nv", []string{"/p/.env"}, true}, // a range: the word may stay too
		{"/p", ".en[[:alpha:]]", nil, false},
		{"/p", ".en[[=v=]]", nil, false},
		{"/p", ".en[[.v.]]", nil, false},
		{"/p", ".en[!a-z]", nil, false},
		{"/p", `.en\`, nil, false},
		{"/p", ".e[n", []string{"/p/.e[n"}, false}, // unterminated: a literal [
		{"/p", "src/*.go", []string{"/p/src/main.go", "/p/src/util.go"}, false},
		// Through a link a name may exist or lead nowhere: kept, not sure.
		{"/p", "*/main.go", []string{"/p/link/main.go", "/p/src/main.go"}, false},
		{"/p", "*/nope", []string{"/p/link/nope"}, true},
		{"/p", "*/", []string{"/p/link/", "/p/src/"}, false},
		{"/p", "link/../.s*/id*", []string{"/p/link/../.ssh/id_rsa"}, false},
		{"/p", ".*", []string{"/p/.", "/p/..", "/p/.env"}, false},
	} {
		l := lister{fs: fs}
		got, literal, ok := l.shellGlob(c.base, c.pat)
		if c.want == nil {
			if ok {
				t.Errorf("%s: got %q, want not modelled", c.pat, got)
			}
			continue
		}
		slices.Sort(got)
		if !ok || !slices.Equal(got, c.want) && len(got)+len(c.want) > 0 || literal != c.literal {
			t.Errorf("%s: got %q literal %v ok %v, want %q literal %v", c.pat, got, literal, ok, c.want, c.literal)
		}
	}
}
