package runtime

import "testing"

// TestProcessRelative checks that a file of the process that opens it
// (/proc/self/..., /dev/stdin, /dev/fd/N) is read as the model reads it,
// not through the hook's own /proc: the hook's /proc/self is the hook's
// process, whose /proc/PID is no open place (design.md 414).
func TestProcessRelative(t *testing.T) {
	tb := effectsTable(nil,
		Rule{Name: "names", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat", "ls")}})
	fsys := MapFS{
		Files: map[string]bool{"/proc/42/status": true, "/proc/42/maps": true, "/proc/42/fd/0": true, "/project/README.md": true},
		Links: map[string]string{"/proc/self": "/proc/42", "/dev/fd": "/proc/self/fd", "/dev/stdin": "/proc/self/fd/0"},
	}
	for _, c := range []struct {
		line string
		want Decision
	}{
		{"cat /proc/self/status", Allow},
		{"ls -la /proc/self/fd/", Allow},
		{"cat /dev/stdin", Allow},
		{"cat /dev/fd/0 < README.md", Allow},
		{"cat /proc/self/maps", Ask},
		{"cat /proc/42/status", Ask}, // another process, as far as the line says
	} {
		env := &Env{Home: "/home/user", FS: fsys, Getenv: func(string) string { return "" }}
		if res := Decide(tb, bash(c.line), env); res.Decision != c.want {
			t.Errorf("%s: %s (%s), want %s", c.line, res.Decision, res.Reason, c.want)
		}
	}
	for p, want := range map[string]bool{"/proc/self": true, "/proc/self/fd/3": true, "/proc/thread-self/status": true, "/dev/stdin": true, "/dev/fd/0": true, "/proc/selfish": false, "/proc/1/status": false, "/dev/stdinx": false} {
		if got := processRelative(p); got != want {
			t.Errorf("processRelative(%q) = %v, want %v", p, got, want)
		}
	}
}
