package runtime

import (
	"strings"
	"testing"
)

// TestListedNames checks the secret floor of listings (design.md 407):
// the names below a home outside the project and the open places, or
// outside the homes in a place systemOpen does not name, are listed only
// where the rule names the place; a home itself, the project and the open
// places hold names anyone may list. A tree listing (find, du, ls -R) lists
// every name below its directory, a glob's matches are operands whose
// links are followed, and the Glob and LS tools list the tree of their
// path.
func TestListedNames(t *testing.T) {
	tb := effectsTable([]ToolPaths{{Tool: "Glob", Reads: []string{"path"}, Globs: []string{"pattern"}, Dir: "path"}, {Tool: "LS", Reads: []string{"path"}}},
		// A listing reads nothing: effects name its places.
		Rule{Name: "notes", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("ls"), Args: any1(exact("/home/user/notes"))}, Effects: FloorSecret},
		Rule{Name: "names", Pos: "p.cue:2:1", Decision: Allow, Cmd: &CmdCond{Name: exact("ls", "find", "du", "stat", "echo", "tree")}},
		Rule{Name: "name tools", Pos: "p.cue:3:1", Decision: Allow, Tool: exact("Glob", "LS")},
	)
	fsys := MapFS{
		Files: map[string]bool{"/project/src/a.go": true, "/home/user/.ssh/id_rsa": true, "/home/user/.ssh/id_rsa.pub": true, "/home/user/notes/a.md": true},
		Links: map[string]string{"/project/vendor/keys": "/home/user/.ssh"},
	}
	const names = "lists the names in"
	for _, c := range []struct {
		payload []byte
		want    Decision
		why     string
	}{
		{bash("ls -la ~/.ssh"), Ask, names},
		{bash("ls ~/.config/gh"), Ask, names},
		{bash("ls /home/alice/.aws"), Ask, names},
		{bash("ls /var/lib/jenkins"), Ask, names},
		{bash("cd ~/.ssh && ls"), Ask, names},
		{bash("ls vendor/keys/"), Ask, names},      // a link to a closed place
		{bash("ls -la vendor/keys/*"), Ask, names}, // the glob's matches
		{bash("ls vendor/*"), Ask, names},          // a link among them
		{bash("ls -R ~"), Ask, names},
		{bash("find ~ -name id_rsa"), Ask, names},
		{bash("find / -name id_rsa"), Ask, "outside the project"}, // / itself is closed (design.md 414),
		{bash("du -a ~"), Ask, names},
		{bash(`ls "$DIR"`), Ask, "only known when it runs"},
		{bash("ls -RL src"), Ask, "only known when it runs"}, // links followed
		{bash("du -aL ."), Ask, "only known when it runs"},
		{toolPayload("LS", map[string]any{"path": "/home/user/.ssh"}), Ask, names},
		{toolPayload("Glob", map[string]any{"path": "/home/user", "pattern": "**/*"}), Ask, names},
		// The shell's globs show the names they match to any program
		// (design.md 409).
		{bash("echo ~/.ssh/*"), Ask, names},
		{bash("stat -c %n ~/.ssh/*"), Ask, names},
		{bash("echo vendor/keys/*"), Ask, names},
		{bash("for f in ~/.ssh/*; do echo $f; done"), Ask, names},
		{bash("cd ~/.ssh; stat *"), Ask, names},
		{bash("tree -l vendor"), Ask, "only known when it runs"},
		{toolPayload("Glob", map[string]any{"pattern": "/home/user/.ssh/*"}), Ask, names},
		{toolPayload("Glob", map[string]any{"pattern": "{x,/home/user/.ssh/*}"}), Ask, names},
		{toolPayload("Glob", map[string]any{"pattern": "vendor/keys/*"}), Ask, names},
		{toolPayload("Glob", map[string]any{"pattern": "src/*/../../../home/user/.ssh/*"}), Ask, "only known when it runs"},
		{bash("echo ~/.[a-z]*/*"), Ask, names},                               // a range: the names it may match
		{bash("echo $(printf %s ~/.ssh)/*"), Ask, "only known when it runs"}, // a pattern in a dynamic place
		{bash("echo ~/.*"), Allow, ""},                                       // names in a home, as ls -a ~
		{bash("echo ~/.ssh/*.pub src/*.go"), Allow, ""},                      // the matches are open
		{bash("echo ~/.ssh/nothing*"), Allow, ""},                            // no match: no name
		{bash("tree src"), Allow, ""},
		{toolPayload("Glob", map[string]any{"pattern": "src/*.{go,md}"}), Allow, ""},
		{bash("ls ~"), Allow, ""}, // a home holds names
		{bash("ls -la"), Allow, ""},
		{bash("ls -R src vendor"), Allow, ""},    // ls -R does not follow links
		{bash("ls ~/.ssh/*.pub"), Allow, ""},     // the open public keys
		{bash("ls /home/user/notes"), Allow, ""}, // the rule's effects name it
		{bash("find . -name '*.go'"), Allow, ""},
		{bash("find /usr/include -name stdio.h"), Allow, ""},
		{bash("du -sh ~/go/pkg/mod"), Allow, ""},
		{bash("ls ~/.cache ~/.local/bin ~/.local"), Allow, ""}, // open names (design.md 436)
		{bash("ls -R ~/.local"), Ask, names},                   // but not ~/.local/share
		{bash("stat ~/.bashrc"), Allow, ""},                    // the name is the line's
		{toolPayload("LS", map[string]any{"path": "/project/src"}), Allow, ""},
		{toolPayload("Glob", map[string]any{"pattern": "**/*.go"}), Allow, ""},
	} {
		env := &Env{Home: "/home/user", FS: fsys, Getenv: func(string) string { return "" }}
		res := Decide(tb, c.payload, env)
		if res.Decision != c.want || !strings.Contains(res.Reason, c.why) {
			t.Errorf("%s: %s (%s), want %s with %q", c.payload, res.Decision, res.Reason, c.want, c.why)
		}
	}
}

// effectsTable returns a table over the base knowledge with the rules
// and tools given, whose default and effect floors ask.
func effectsTable(tools []ToolPaths, rules ...Rule) *Table {
	return &Table{
		Default:  Ask,
		OnError:  Deny,
		OverBase: true,
		Floors:   Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules:    rules,
		Tools:    tools,
	}
}
