package runtime

import (
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestOutsideLinks checks that an option whose directory runs code (make
// -C) is not known where a link in the project leads it out, and that
// git is not known where the project's settings include other files
// (design.md 352). testdata/redteam/round8 ran the lines.
func TestOutsideLinks(t *testing.T) {
	fs := MapFS{
		Files:    map[string]bool{"/p/docs/Makefile": true, "/p/.git/HEAD": true, "/x/mk/Makefile": true, "/p/pwn.sh": true},
		Links:    map[string]string{"/p/ext": "/x/mk", "/p/in": "/p/docs"},
		Contents: map[string]string{},
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]bool{
		// A link out anywhere in the tree make walks (ext) makes it
		// not known (design.md 423); without it these are known, below.
		"make -C docs":              true,
		"make -C in":                true,
		"make -C ext":               true,
		"make --directory=ext all":  true,
		"make --dir ext":            true,
		"make -Cext":                true,
		"make -C ext/.":             true,
		"cd docs && make -C ../ext": true,
		"git status":                false,
	} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		got := ""
		for i := range x.Cmds {
			if u := e.commandUnit(&x.Cmds[i]); u.known() != "" {
				got = u.known()
			}
		}
		if (got != "") != want {
			t.Errorf("%s: unknown %q, want unknown %v", line, got, want)
		}
	}
	inside := MapFS{Files: fs.Files, Links: map[string]string{"/p/in": "/p/docs"}, Contents: fs.Contents}
	for _, line := range []string{"make -C docs", "make -C in"} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: inside}, root: "/p", cwd: "/p", home: "/h"}
		if u := e.commandUnit(&x.Cmds[0]); u.known() != "" {
			t.Errorf("%s with links inside the project only: unknown %q", line, u.known())
		}
	}
	fs.Contents["/p/.git/config"] = "[core]\n\tbare = false\n[include]\n\tpath = ../tools.gitconfig\n"
	fs.Files["/p/.git/config"] = true
	e := &evaluator{env: &Env{FS: fs}, root: "/p"}
	if got := e.rootRepository(true); got == "" {
		t.Errorf("settings that include a file: not seen")
	}
	fs.Contents["/p/.git/config"] = "[core]\n\thooksPath = .husky\n"
	if got := e.rootRepository(true); got == "" {
		t.Errorf("settings with core.hooksPath: not seen")
	}
	fs.Contents["/p/.git/config"] = "[core]\n\tbare = false\n"
	if got := e.rootRepository(true); got != "" {
		t.Errorf("settings without includes: %q", got)
	}
	// A command a setting takes from the work tree (round 47,
	// design.md 450); one outside it, or a helper's option, is the
	// user's.
	for cfg, want := range map[string]bool{
		"[core]\n\tfsmonitor = ./x.sh\n":                        true,
		"[diff]\n\texternal = scripts/d.sh\n":                   true,
		"[diff \"x\"]\n\ttextconv = \"sh /p/tools/t\"\n":        true,
		"[core]\n\tpager = less -R\n":                           false,
		"[core]\n\tfsmonitor = sh pwn.sh\n":                     true,
		"[core]\n\tfsmonitor = python3<pwn.sh\n":                true,
		"[core]\n\teditor = docs --wait\n":                      false,
		"[core]\n\tfsmonitor = /usr/lib/git-core/fsmon\n":       false,
		"[credential]\n\thelper = store --file=/h/.creds\n":     false,
		"[remote \"o\"]\n\turl = https://example.com/a/b.git\n": false,
	} {
		fs.Contents["/p/.git/config"] = cfg
		if got := e.rootRepository(true); (got != "") != want {
			t.Errorf("settings %q: %q, want a reason %v", cfg, got, want)
		}
	}
	fs.Contents["/p/.git/config"] = "[core]\n\tbare = false\n"
	// A commondir into the work tree, and a worktree's common directory
	// with a hooksPath (round 18).
	fs.Files["/p/.git/commondir"], fs.Contents["/p/.git/commondir"] = true, "../docs/gd\n"
	if got := e.rootRepository(true); !strings.Contains(got, "/p/docs/gd") {
		t.Errorf("a commondir into the work tree: %q", got)
	}
	fs.Contents["/p/.git/commondir"] = "/main/.git\n"
	fs.Files["/main/.git/config"], fs.Contents["/main/.git/config"] = true, "[core]\n\thooksPath = .husky\n"
	if got := e.rootRepository(true); !strings.Contains(got, "/main/.git/config") {
		t.Errorf("a common directory's hooksPath: %q", got)
	}
}

func TestJoinClean(t *testing.T) {
	for _, dir := range []string{"/", "/a", "/a/b", "/tmp/x y"} {
		for _, name := range []string{"c", "c d", "...", ".c", "c\\d"} {
			if got, want := joinClean(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("joinClean(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}
