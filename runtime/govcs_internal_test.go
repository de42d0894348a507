package runtime

import "testing"

// man searches the pages beside PATH's entries (DIR/../man), and go
// build stamps with the version control it finds (design.md 401).
func TestManPagesAndGoVCS(t *testing.T) {
	for env, want := range map[string]bool{
		"":                               false,
		"/usr/local/bin:/usr/bin:/bin":   false,
		"/project/.venv/bin:/usr/bin":    true,
		"bin:/usr/bin":                   true,
		"/usr/bin::/bin":                 true,
		"/home/user/.local/bin:/usr/bin": false,
	} {
		e := &evaluator{root: "/project", env: &Env{Getenv: func(v string) string {
			if v == "PATH" {
				return env
			}
			return ""
		}}}
		for _, c := range []*SimpleCommand{
			{Program: Word{Text: "man"}},
			{Program: Word{Text: "git"}, Sub: "help"},
			{Program: Word{Text: "git"}, Sub: "log", Flags: []Word{{Text: "--help"}}},
		} {
			if got := e.manPages(c) != ""; got != want {
				t.Errorf("PATH=%q %s %s: %v, want %v", env, c.Program.Text, c.Sub, got, want)
			}
		}
		if got := e.manPages(&SimpleCommand{Program: Word{Text: "git"}, Sub: "log"}); got != "" {
			t.Errorf("PATH=%q git log: %q", env, got)
		}
	}
	for sub, want := range map[string]bool{"build": true, "install": true, "list": true, "test": false, "vet": false, "run": false} {
		if got := goStampsVCS(&SimpleCommand{Sub: sub}); got != want {
			t.Errorf("go %s stamps: %v, want %v", sub, got, want)
		}
	}
	if goStampsVCS(&SimpleCommand{Sub: "list", Flags: []Word{{Text: "-m"}}}) {
		t.Error("go list -m stamps")
	}
	fs := MapFS{Files: map[string]bool{"/project/.git/HEAD": true, "/project/sub/.hg": true}}
	e := &evaluator{root: "/project", env: &Env{FS: fs}}
	if why := e.goVCS(&SimpleCommand{Program: Word{Text: "go"}, Sub: "build"}, Word{Text: "/project/sub"}); why == "" {
		t.Error("go build below a Mercurial checkout: no reason")
	}
	if why := e.goVCS(&SimpleCommand{Program: Word{Text: "go"}, Sub: "build"}, Word{Text: "/project"}); why != "" {
		t.Errorf("go build at the project's root: %q", why)
	}
}
