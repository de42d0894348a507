package runtime

import (
	"strings"
	"testing"
)

// TestHomeFiles checks the secret floor's reads below a home (design.md
// 395): a file there outside the project and the secrets preset's
// homeOpen is a secret read unless the rule names its place, a tree read
// of a directory that holds such files is one too, and a home itself,
// read not as a tree, holds only names. Outside the homes and the
// project, a file outside the preset's systemOpen is one too (design.md
// 414).
func TestHomeFiles(t *testing.T) {
	tb := &Table{
		Default: Ask,
		OnError: Deny,
		Floors:  Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules: []Rule{
			{Name: "notes", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat")}, Reads: any1(glob("~/notes/**"))},
			{Name: "everywhere", Pos: "p.cue:2:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat", "grep")}, Path: any1(glob("/**"))},
			{Name: "read tool", Pos: "p.cue:3:1", Decision: Allow, Tool: exact("Read")},
		},
		Commands: []Command{{Name: "cat", Reads: OpAll}, {Name: "grep", Reads: OpAll, Tree: true}},
		Tools:    []ToolPaths{{Tool: "Read", Reads: []string{"file_path"}}},
	}
	const home = "outside the project and the places known"
	for _, c := range []struct {
		payload []byte
		want    Decision
		why     string
	}{
		{bash("cat ~/.config/newtool/state.txt"), Ask, home},
		{bash("cat /home/alice/notes.txt"), Ask, home},
		{bash("cat /var/home/bob/.config/x"), Ask, home}, // another spelling (design.md 375)
		{bash("cat /root/.config/x"), Ask, home},
		{toolPayload("Read", map[string]any{"file_path": "/home/user/.codex/sessions/s.jsonl"}), Ask, home},
		{bash("cat ~/go/pkg/mod/m@v1/a.go ~/.cargo/registry/src/x/lib.rs"), Allow, ""},
		{bash("cat ~/notes/todo.md"), Allow, ""}, // the rule names the place
		{bash("cat README.md src/a.go"), Allow, ""},
		{bash("cat ~"), Allow, ""}, // a home holds names
		{bash("cat ~/.config/x ~/.ssh/id_rsa"), Ask, "a secret file"},
		{bash("cat ~/.ssh/id_rsa"), Ask, "a secret file"},
		// Without a file system to list, a tree read reads below its
		// directory.
		{bash("grep -r word ~"), Ask, home},
		{bash("grep -r word /"), Ask, home},
		{bash("grep -r word /home"), Ask, home},
		{bash("grep -r word ~/.cargo"), Ask, home},
		{bash("grep -r word ~/go/pkg/mod"), Allow, ""},
		{bash("grep -r word src"), Allow, ""},
		// A tree outside the project and the homes, not listed: any
		// closed place may lie below it (/etc/openvpn below /etc).
		{bash("grep -r word /etc"), Ask, home},
		{bash("grep -r word /opt"), Ask, home},
		// Outside the homes, only systemOpen is open (design.md 414).
		{bash("grep -r word /usr/include"), Allow, ""},
		{bash("cat /etc/os-release /etc/passwd /etc/hosts /proc/cpuinfo /proc/self/status /dev/null"), Allow, ""},
		{bash("cat /usr/share/doc/git/README.md /usr/local/include/x.h"), Allow, ""},
		{toolPayload("Read", map[string]any{"file_path": "/usr/include/stdio.h"}), Allow, ""},
		{bash("cat /etc/ssh/sshd_config"), Ask, home},
		{bash("cat /etc/nginx/nginx.conf"), Ask, home},
		{bash("cat /etc/environment"), Ask, home},
		{bash("cat /tmp/build.log"), Ask, home},
		{bash("cat /srv/other/README.md"), Ask, home},
		{bash("cat /var/log/syslog"), Ask, home},
		{bash("cat /proc/self/maps"), Ask, home},
		{bash("cat /proc/1/status"), Ask, home},
		{bash("cat /opt/runner/.credentials"), Ask, home},
		{bash("cat /mnt/backup/db.sql"), Ask, home},
		{toolPayload("Read", map[string]any{"file_path": "/var/lib/app/state.json"}), Ask, home},
	} {
		env := &Env{Home: "/home/user", Getenv: func(string) string { return "" }}
		res := Decide(tb, c.payload, env)
		if res.Decision != c.want || !strings.Contains(res.Reason, c.why) {
			t.Errorf("%s: %s (%s), want %s with %q", c.payload, res.Decision, res.Reason, c.want, c.why)
		}
	}
	// find hands rg every name it finds, a link as an operand rg
	// follows (round 16).
	fsys := MapFS{Files: map[string]bool{"/project/a.go": true, "/home/user/notes": true}, Links: map[string]string{"/project/l": "/home/user"}}
	tf := &Table{Default: Ask, OnError: Deny, Floors: tb.Floors, OverBase: true,
		Rules: []Rule{{Name: "search", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("find", "rg", "grep")}}}}
	for line, want := range map[string]Decision{
		"find . -exec rg -H . {} +":            Ask,
		"find . -name l -exec grep -rH . {} +": Ask,
		"find src -exec rg -H . {} +":          Allow,
	} {
		fsys.Files["/project/src/b.go"] = true
		if res := Decide(tf, bash(line), &Env{Home: "/home/user", FS: fsys, Getenv: func(string) string { return "" }}); res.Decision != want {
			t.Errorf("%s: %s (%s), want %s", line, res.Decision, res.Reason, want)
		}
	}
	// A project below the home is the project.
	p := toolPayload("Bash", map[string]any{"command": "cat notes.txt src/a.go"})
	p = []byte(strings.Replace(string(p), `"cwd":"/project"`, `"cwd":"/home/user/proj"`, 1))
	if res := Decide(tb, p, &Env{Home: "/home/user", Getenv: func(k string) string { return map[string]string{"CLAUDE_PROJECT_DIR": "/home/user/proj"}[k] }}); res.Decision != Allow {
		t.Errorf("a project below the home: %s (%s), want allow", res.Decision, res.Reason)
	}
}

// TestProjectHoldsHome: a project that holds a home (Claude Code started
// in ~ or /home) or the root of the file system holds closed places: a
// home's own state (its dot names, macOS's Library) and the system's
// places stay closed for a rule that names every file of the project
// (design.md 422). The home's other names are the project's files.
func TestProjectHoldsHome(t *testing.T) {
	tb := &Table{
		Default: Ask,
		OnError: Deny,
		Floors:  Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules: []Rule{
			{Name: "config", Pos: "p.cue:1:1", Decision: Allow, Tool: exact("Read"), Path: any1(glob("~/.config/named/**"))},
			{Name: "read tool", Pos: "p.cue:2:1", Decision: Allow, Tool: exact("Read", "Grep", "Glob"), Path: any1(glob("./**"))},
		},
		Tools: []ToolPaths{{Tool: "Read", Reads: []string{"file_path"}}, {Tool: "Grep", Reads: []string{"path"}, Globs: []string{"glob"}, Dir: "path", Contents: true}, {Tool: "Glob", Reads: []string{"path"}, Globs: []string{"pattern"}, Dir: "path"}},
	}
	const held = "which the project holds"
	for _, c := range []struct {
		root, tool, path string
		want             Decision
		why              string
	}{
		{"/home/user", "Read", "/home/user/.codex/sessions/s.jsonl", Ask, held},
		{"/home/user", "Read", "/home/user/.config/newtool/state.txt", Ask, held},
		{"/home/user", "Read", "/home/user/.local/share/app/state.db", Ask, held},
		{"/home/user", "Read", "/home/user/Library/Application Support/app/state.plist", Ask, held},
		{"/home/user", "Read", "/home/user/.config/named/x.toml", Allow, ""}, // a rule names the place
		{"/home/user", "Read", "/home/user/code/proj/main.go", Allow, ""},
		{"/home/user", "Read", "/home/user/notes.txt", Allow, ""},
		{"/home/user", "Read", "/home/user/go/pkg/mod/m@v1/a.go", Allow, ""},
		{"/home/user", "Read", "/home/user/.cargo/registry/src/x/lib.rs", Allow, ""}, // homeOpen
		{"/home/user", "Grep", "/home/user", Ask, held},
		{"/home/user", "Grep", "/home/user/.config", Ask, held},
		{"/home/user", "Glob", "/home/user", Ask, "lists the names"},
		{"/home/user", "Grep", "/home/user/code", Allow, ""},
		{"/home/user", "Glob", "/home/user/code", Allow, ""},
		// Above the homes: another user's state too.
		{"/home", "Read", "/home/bob/.config/app/state.txt", Ask, held},
		{"/home", "Read", "/home/bob/src/a.go", Allow, ""},
		{"/home", "Grep", "/home", Ask, held},
		{"/home", "Glob", "/home", Ask, "lists the names"},
		// The root of the file system: the system's places too.
		{"/", "Read", "/var/lib/app/state.json", Ask, held},
		{"/", "Read", "/tmp/krb5cc_1000", Ask, ""},
		{"/", "Read", "/home/user/.codex/sessions/s.jsonl", Ask, held},
		{"/", "Read", "/etc/hosts", Allow, ""},
		{"/", "Read", "/usr/include/stdio.h", Allow, ""},
		{"/", "Read", "/home/user/src/a.go", Allow, ""},
		// Round 32: the snaps' data, Library in another case, a home
		// under another name, HOME with a trailing slash.
		{"/home/user", "Read", "/home/user/snap/firefox/common/.mozilla/firefox/x.default/cookies.sqlite", Ask, held},
		{"/home/user", "Read", "/home/user/library/Application Support/app/state.plist", Ask, held},
		{"/mnt/c/Users/x", "Read", "/mnt/c/Users/x/AppData/Roaming/app/state.json", Ask, held},
		{"/mnt/c/Users/x", "Read", "/mnt/c/Users/x/.codex/sessions/s.jsonl", Ask, held},
		{"/mnt/c/Users/x", "Read", "/mnt/c/Users/x/code/main.go", Allow, ""},
		{"/export/home", "Read", "/export/home/v/.codex/sessions/s.jsonl", Ask, held},
		{"/", "Read", "/usr/home/v/.codex/sessions/s.jsonl", Ask, held},
		// A project inside the home holds none of it.
		{"/home/user/proj", "Read", "/home/user/proj/.config/app.toml", Allow, ""},
		{"/home/user/proj", "Read", "/home/user/.codex/sessions/s.jsonl", Ask, "no rule matched"},
	} {
		field := "file_path"
		if c.tool != "Read" {
			field = "path"
		}
		p := toolPayload(c.tool, map[string]any{field: c.path, "pattern": "x"})
		p = []byte(strings.Replace(string(p), `"cwd":"/project"`, `"cwd":"`+c.root+`"`, 1))
		env := &Env{Home: "/home/user", Getenv: func(k string) string { return map[string]string{"CLAUDE_PROJECT_DIR": c.root}[k] }}
		res := Decide(tb, p, env)
		if res.Decision != c.want || !strings.Contains(res.Reason, c.why) {
			t.Errorf("project %s, %s %s: %s (%s), want %s with %q", c.root, c.tool, c.path, res.Decision, res.Reason, c.want, c.why)
		}
	}
	// A project that reaches the home through a link (round 32).
	lp := []byte(strings.Replace(string(toolPayload("Read", map[string]any{"file_path": "/work/me/.codex/sessions/s.jsonl"})), `"cwd":"/project"`, `"cwd":"/work/me"`, 1))
	fs := MapFS{Files: map[string]bool{"/home/user/.codex/sessions/s.jsonl": true}, Links: map[string]string{"/work/me": "/home/user"}}
	lenv := &Env{Home: "/home/user", FS: fs, Getenv: func(k string) string { return map[string]string{"CLAUDE_PROJECT_DIR": "/work/me"}[k] }}
	if res := Decide(tb, lp, lenv); res.Decision != Ask {
		t.Errorf("a project linked to the home: %s (%s), want ask", res.Decision, res.Reason)
	}
	// HOME with a trailing slash is the same home (round 32).
	p := []byte(strings.Replace(string(toolPayload("Read", map[string]any{"file_path": "/home/user/.codex/sessions/s.jsonl"})), `"cwd":"/project"`, `"cwd":"/home/user"`, 1))
	env := &Env{Home: "/home/user/", Getenv: func(k string) string { return map[string]string{"CLAUDE_PROJECT_DIR": "/home/user"}[k] }}
	if res := Decide(tb, p, env); res.Decision != Ask || !strings.Contains(res.Reason, held) {
		t.Errorf("HOME=/home/user/: %s (%s), want ask", res.Decision, res.Reason)
	}
}
