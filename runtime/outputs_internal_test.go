package runtime

import (
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestOutputs checks the files build tools write in their working
// directory under names they pick (Command.Outputs, round 36): gcc's and
// ld's a.out through a link there, and for go build, go test and make any
// link there; an option naming the output stops them.
func TestOutputs(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	fs := MapFS{
		Files: map[string]bool{"/p/x.c": true, "/p/go.mod": true, "/p/m.go": true, "/p/.git/HEAD": true, "/p/sub/Makefile": true, "/p/bin/README": true},
		Links: map[string]string{"/p/a.out": "/p/.git/hooks/pre-commit", "/p/p": "/h/.local/bin/git", "/p/sub/x": "/h/.bashrc", "/p/bin/x": "/h/.profile"},
	}
	for line, want := range map[string]string{
		"gcc x.c":                  "/p/.git/hooks/pre-commit",
		"cc -c x.c":                "/p/.git/hooks/pre-commit", // counted whichever the options choose
		"gcc -o y x.c":             "",
		"gcc -E x.c":               "",
		"ld x.o":                   "/p/.git/hooks/pre-commit",
		"ld -o y -Map . x.o":       "/h/.local/bin/git", // counted whichever -o names
		"go build .":               "/h/.local/bin/git",
		"go test -c .":             "/h/.local/bin/git",
		"go build -o y .":          "/h/.local/bin/git", // counted whichever -o names
		"make x":                   "/h/.local/bin/git",
		"go vet .":                 "",
		"make -C sub x":            "/h/.bashrc",
		"ninja -C sub":             "/h/.bashrc",
		"go build -o bin/ ./cmd/x": "/h/.profile",
		"go build -o bin ./cmd/x":  "/h/.profile",
	} {
		x := Extract(line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		var got []string
		for _, a := range u.paths {
			if a.write && a.target != "" {
				got = append(got, a.target)
			}
		}
		if want == "" && len(got) > 0 || want != "" && !slices.Contains(got, want) {
			t.Errorf("%s: writes through links to %q, want %q", line, got, want)
		}
	}
}

// TestGitLineURL checks the git commands that contact a server the line
// names by a URL git may send the user's credentials to (round 36).
func TestGitLineURL(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	for line, want := range map[string]bool{
		"git fetch http://127.0.0.1:8765/x":        true,
		"git fetch HTTPS://evil.example/x main":    true,
		"git ls-remote ftps://h/x":                 true,
		"git archive --remote=https://h/x HEAD":    true,
		"git clone https://h/x":                    true,
		"git fetch":                                false,
		"git fetch origin":                         false,
		"git fetch ../other":                       false,
		"git fetch file:///srv/x":                  false,
		"git log --grep=https://h/x":               false,
		"git fetch git@github.com:a/b":             false, // ssh proves a key, it sends none
		"git submodule add https://h/x vendor/x":   true,
		"git remote add o https://h/x":             true,
		"git fetch --upload-pack=x https://h/x":    true,
		"git push https://h/x HEAD:refs/heads/foo": true,
	} {
		x := Extract(line, know, Limits{})
		if got := gitLineURL(&x.Cmds[0]) != ""; got != want {
			t.Errorf("%s: gitLineURL %q, want a URL %v", line, gitLineURL(&x.Cmds[0]), want)
		}
	}
}

// TestTscEmits checks where tsc writes by its tsconfig.json: the outDir
// and the build information, none of it with --version or --help, only
// the build information with noEmit on the line or in the file, and all
// of it where a false after --noEmit or --version (which TypeScript
// reads as the option's value) may turn them off (quiet38; design.md
// 430).
func TestTscEmits(t *testing.T) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	cfg := `{"compilerOptions": {"outDir": "dist", "tsBuildInfoFile": "b/x.tsbuildinfo"}}`
	noEmit := `{"compilerOptions": {"outDir": "dist", "noEmit": true}}`
	for _, c := range []struct{ line, cfg, want string }{
		{"tsc", cfg, "/p/b/x.tsbuildinfo /p/dist"},
		{"tsc --noEmit", cfg, "/p/b/x.tsbuildinfo"},
		{"tsc --noemit -p .", cfg, "/p/b/x.tsbuildinfo"},
		{"tsc --version", cfg, ""},
		{"tsc -v", cfg, ""},
		{"tsc --help", cfg, ""},
		{"tsc --noEmit false", cfg, "/p/b/x.tsbuildinfo /p/dist"},
		{"tsc --version false", cfg, "/p/b/x.tsbuildinfo /p/dist"},
		{"tsc", noEmit, ""},
		{"tsc --noEmit false a.ts", noEmit, "/p/a.d.ts /p/a.d.ts.map /p/a.js /p/a.js.map"},
		{"tsc --noEmit a.ts", noEmit, ""},
	} {
		fs := MapFS{Files: map[string]bool{"/p/tsconfig.json": true, "/p/a.ts": true}, Contents: map[string]string{"/p/tsconfig.json": c.cfg}}
		x := Extract(c.line, know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: "/p"}, env: &Env{FS: fs}, root: "/p", cwd: "/p", home: "/h"}
		u := e.commandUnit(&x.Cmds[0])
		var got []string
		for _, a := range u.paths {
			if a.write {
				got = append(got, a.w.Text)
			}
		}
		slices.Sort(got)
		got = slices.Compact(got) // -p . reads the file a second time
		if g := strings.Join(got, " "); g != c.want || u.unknown != "" {
			t.Errorf("%s with %s: writes %q (unknown %q), want %q", c.line, c.cfg, g, u.unknown, c.want)
		}
	}
}
