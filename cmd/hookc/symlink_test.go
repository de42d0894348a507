package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// Symlinks by the pessimism principle (design.md 16): a deny, ask or
// pass path condition holds if the path as written or its resolved target
// matches; an allow condition only if both do.

// symlinkTree lays out a home with secrets and a project with links into
// and out of it, under a temporary directory, and returns the home and the
// project directories.
func symlinkTree(t *testing.T) (home, project string) {
	t.Helper()
	tmp := t.TempDir()
	home = filepath.Join(tmp, "home")
	project = filepath.Join(tmp, "project")
	outside := filepath.Join(tmp, "outside")
	for _, d := range []string{home + "/.ssh", home + "/.aws/cache", project + "/docs", outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{home + "/.ssh/id_rsa", home + "/.ssh/config", home + "/.aws/credentials", outside + "/data", project + "/docs/readme.md"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"key":           home + "/.ssh/id_rsa",           // absolute, to a secret file
		"relkey":        "../home/.ssh/id_rsa",           // relative
		"sshdir":        home + "/.ssh",                  // a directory link
		"awscache":      "../home/.aws/cache",            // .. after it leaves the link
		"newkey":        home + "/.ssh/authorized_keys2", // dangling
		"chain1":        "chain2",                        // a chain of links
		"chain2":        home + "/.aws/credentials",
		"loop1":         "loop2", // a loop
		"loop2":         "loop1",
		"build":         outside, // a directory out of the project
		"docs/escape":   home + "/.aws/credentials",
		"docs/up":       "..",
		"docs/harmless": "readme.md",
	}
	for l, target := range links {
		if err := os.Symlink(target, filepath.Join(project, l)); err != nil {
			t.Fatal(err)
		}
	}
	return home, project
}

// symlinkCases are calls on symlinkTree's project and what the guard must
// answer. Paths in them are relative to the project, which is the cwd.
var symlinkCases = []struct {
	name, cmd string
	tool      map[string]any // a tool call instead of a command; file_path is made absolute
	toolName  string
	want      string
}{
	{name: "link to a key", cmd: "cat key", want: "deny"},
	{name: "relative link to a key", cmd: "head -1 relkey", want: "deny"},
	{name: "file in a linked directory", cmd: "cat sshdir/config", want: "deny"},
	{name: "linked directory listing", cmd: "find sshdir -name x", want: "deny"},
	{name: "new file in a linked directory", cmd: "echo x > sshdir/newfile", want: "deny"},
	{name: "dangling link written", cmd: "echo ssh-rsa AAA >> newkey", want: "deny"},
	{name: "dot-dot after a link", cmd: "cat awscache/../credentials", want: "deny"},
	{name: "chain of links", cmd: "cat chain1", want: "deny"},
	{name: "link in an allowed directory", cmd: "cat docs/escape", want: "deny"},
	{name: "dot-dot link then the key", cmd: "cat docs/up/key", want: "deny"},
	{name: "link out of the project deleted", cmd: "rm -rf build/", want: "deny"},
	{name: "cd through a link", cmd: "cd sshdir && cat config", want: "deny"},
	{name: "env -C through a link", cmd: "env -C awscache cat ../credentials", want: "deny"},
	{name: "loop", cmd: "cat loop1", want: "allow"},
	{name: "harmless link", cmd: "cat docs/harmless", want: "allow"},
	{name: "plain file", cmd: "cat docs/readme.md", want: "allow"},
	{name: "Read of a link", toolName: "Read", tool: map[string]any{"file_path": "key"}, want: "deny"},
	{name: "Write through a dangling link", toolName: "Write", tool: map[string]any{"file_path": "newkey", "content": "x"}, want: "deny"},
	{name: "Grep of a linked directory", toolName: "Grep", tool: map[string]any{"pattern": "x", "path": "sshdir"}, want: "deny"},
	{name: "Read of a plain file", toolName: "Read", tool: map[string]any{"file_path": "docs/readme.md"}, want: "allow"},
}

func symlinkPayload(t *testing.T, project string, i int) []byte {
	t.Helper()
	c := symlinkCases[i]
	p := map[string]any{"hook_event_name": "PreToolUse", "cwd": project}
	if c.tool == nil {
		p["tool_name"] = "Bash"
		p["tool_input"] = map[string]any{"command": c.cmd}
	} else {
		in := map[string]any{}
		for k, v := range c.tool {
			if s, ok := v.(string); ok && (k == "file_path" || k == "path") {
				v = filepath.Join(project, s)
			}
			in[k] = v
		}
		p["tool_name"] = c.toolName
		p["tool_input"] = in
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSymlinksRuntime decides symlinkCases in-process with the real file
// system.
func TestSymlinksRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the guard and walks a tree of links")
	}
	t.Parallel()
	home, project := symlinkTree(t)
	p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	env := &runtime.Env{
		Getenv: func(n string) string {
			if n == "HOME" {
				return home
			}
			return ""
		},
		Home: home,
		FS:   runtime.OSEnv().FS,
	}
	for i, c := range symlinkCases {
		res := runtime.Decide(hookOf(t, p), symlinkPayload(t, project, i), env)
		if got := res.Decision.String(); got != c.want {
			t.Errorf("%s: got %s (%s), want %s", c.name, got, res.Reason, c.want)
		}
	}
}

// TestSymlinksBinary decides symlinkCases with the real guard binary, with
// HOME and the payload's cwd in a temporary directory.
func TestSymlinksBinary(t *testing.T) {
	t.Parallel()
	bin := needHook(t)
	home, project := symlinkTree(t)
	for i, c := range symlinkCases {
		cmd := exec.Command(bin)
		cmd.Stdin = bytes.NewReader(symlinkPayload(t, project, i))
		cmd.Env = []string{"HOME=" + home}
		cmd.Dir = t.TempDir() // the hook's own cwd is not the project's
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := outputDecision(out)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s: %s", c.name, got, c.want, out)
		}
	}
}

// TestSymlinksMapFS decides with the virtual file system of hookc test: the
// same answers as the real one, and an allow rule on a directory does not
// launder a link out of it.
func TestSymlinksMapFS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	policy := `package p

default: "ask"
rules: [{
	name: "docs are readable", tool: "Read", path: {all: "./docs/**"}, decision: "allow"
}, {
	name: "no writes to ~/.ssh", writes: "~/.ssh/**", decision: "deny"
}, {
	name: "secrets", path: {any: ["~/.ssh/**", "**/.env"]}, decision: "deny"
}]
`
	if err := os.WriteFile(filepath.Join(dir, "p.cue"), []byte(policy), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fs := runtime.MapFS{
		Files: map[string]bool{"/project/docs/a.md": true, "/home/user/.ssh/id_rsa": true, "/etc/shadow": true},
		Links: map[string]string{
			"/project/docs/shadow": "/etc/shadow", // out of the allowed directory
			"/project/docs/key":    "../../home/user/.ssh/id_rsa",
			"/project/docs/self":   "a.md",                 // stays inside
			"/project/ssh":         "/home/user/.ssh",      // a directory link
			"/project/docs/up":     "..",                   // .. through a link
			"/project/cfg":         "/home/user/.ssh/conf", // dangling
		},
	}
	env := &runtime.Env{Home: "/home/user", FS: fs}
	for _, c := range []struct {
		tool, path, want string
	}{
		{"Read", "/project/docs/a.md", "allow"},
		{"Read", "/project/docs/self", "allow"},
		{"Read", "/project/docs/shadow", "ask"}, // the target is not in docs: no allow
		{"Read", "/project/docs/key", "deny"},
		{"Read", "/project/ssh/id_rsa", "deny"},
		{"Read", "/project/docs/up/ssh/id_rsa", "deny"},
		{"Read", "/project/docs/up/docs/a.md", "allow"},
		{"Write", "/project/cfg", "deny"},
		{"Write", "/project/ssh/new", "deny"},
		{"Read", "/project/docs/../ssh/x", "deny"},
	} {
		payload, _ := json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": c.tool,
			"tool_input": map[string]any{"file_path": c.path, "content": "x"},
		})
		res := runtime.Decide(hookOf(t, p), payload, env)
		if got := res.Decision.String(); got != c.want {
			t.Errorf("%s %s: got %s (%s), want %s", c.tool, c.path, got, res.Reason, c.want)
		}
	}
}

// TestResolve checks the file systems' symlink resolution against the
// kernel's: real links on disk resolved by the OS file system, and the same
// links in a MapFS.
func TestResolve(t *testing.T) {
	t.Parallel()
	home, project := symlinkTree(t)
	real, err := filepath.EvalSymlinks(project)
	if err != nil {
		t.Fatal(err)
	}
	realHome, err := filepath.EvalSymlinks(home)
	if err != nil {
		t.Fatal(err)
	}
	osfs := runtime.OSEnv().FS
	for _, c := range []struct{ path, want string }{
		{"key", realHome + "/.ssh/id_rsa"},
		{"relkey", realHome + "/.ssh/id_rsa"},
		{"sshdir/config", realHome + "/.ssh/config"},
		{"sshdir/new/file", realHome + "/.ssh/new/file"},
		{"awscache/../credentials", realHome + "/.aws/credentials"},
		{"chain1", realHome + "/.aws/credentials"},
		{"newkey", realHome + "/.ssh/authorized_keys2"},
		{"docs/up/key", realHome + "/.ssh/id_rsa"},
		{"loop1", ""},
	} {
		got := osfs.Resolve(project + "/" + c.path) // not Join, which cleans
		if got != c.want {
			t.Errorf("Resolve(%s) = %q, want %q", c.path, got, c.want)
		}
		// The kernel agrees wherever the target exists.
		if k, err := filepath.EvalSymlinks(real + "/" + c.path); err == nil && k != got {
			t.Errorf("Resolve(%s) = %q, kernel %q", c.path, got, k)
		}
	}
	if got := osfs.Resolve(filepath.Join(real, "docs", "readme.md")); got != "" {
		t.Errorf("Resolve of a path without links = %q, want \"\"", got)
	}

	m := runtime.MapFS{Links: map[string]string{"/a/l": "../b", "/b/up": "..", "/c": "/a/l/x"}}
	for _, c := range []struct{ path, want string }{
		{"/a/l/f", "/b/f"},
		{"/a/l/up/a/l", "/b"},
		{"/c/../y", "/b/y"},
		{"/a/x", ""},
	} {
		if got := m.Resolve(c.path); got != c.want {
			t.Errorf("MapFS.Resolve(%s) = %q, want %q", c.path, got, c.want)
		}
	}
}
