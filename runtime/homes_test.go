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
