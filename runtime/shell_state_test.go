package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/payload"
)

// TestLoopCwd checks that a loop which changes directory marks its first
// command (design.md 150), and a loop which does not, none.
func TestLoopCwd(t *testing.T) {
	for _, c := range []struct {
		src  string
		lost int // the index of the command marked, -1 for none
	}{
		{"for i in 1 2; do cat c*; cd ~/.aws; done", 0}, // i=, then cat
		{"while true; do cat c*; pushd x; done", 0},
		{"until false; do cat c*; builtin cd x; done", 0},
		{"for i in 1 2; do cat c*; done; cd x", -1},
		{"cat c*; cd x", -1},
	} {
		x := Extract(c.src, testKnowledge, Limits{})
		got := -1
		for i, sc := range x.Cmds {
			if sc.CwdLost {
				got = i
				break
			}
		}
		if got != c.lost {
			t.Errorf("%s: command %d marked, want %d", c.src, got, c.lost)
		}
	}
}

// TestFuncCalls checks that a call of a name the line defines as a
// function is opaque (design.md 151).
func TestFuncCalls(t *testing.T) {
	for _, c := range []struct {
		src    string
		opaque bool
	}{
		{"ls() { cat c*; }; cd x; ls", true},
		{"/bin/ls() { cat c*; }; /bin/ls", true},
		{"ls() { cat c*; }; \\ls", true},
		{"eval 'ls() { cat c*; }'; ls", true},
		{"command_not_found_handle() { :; }; tree", true},
		{"f() { :; }; ls", false},
		{"ls", false},
	} {
		x := Extract(c.src, testKnowledge, Limits{})
		opaque := false
		for _, sc := range x.Cmds {
			opaque = opaque || sc.Opaque != ""
		}
		if opaque != c.opaque {
			t.Errorf("%s: opaque %v, want %v", c.src, opaque, c.opaque)
		}
	}
}

// TestSetVar checks that every way of setting a variable records an
// assignment (design.md 152).
func TestSetVar(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"for LESSOPEN in x; do less f; done", "LESSOPEN=x"},
		{"select X in a b; do :; done", "X="},
		{"printf -v LD_LIBRARY_PATH .", "LD_LIBRARY_PATH="},
		{"printf -vNODE_OPTIONS x", "NODE_OPTIONS="},
		{"builtin printf -v PAGER x", "PAGER="},
		{"read -r LESS", "LESS="},
		{"(( PYTHONPATH = 1 ))", "PYTHONPATH="},
		{"echo ${XDG_CONFIG_HOME:=cfg}", "XDG_CONFIG_HOME="},
	} {
		x := Extract(c.src, testKnowledge, Limits{})
		found := false
		for _, sc := range x.Cmds {
			for _, a := range sc.Assigns {
				found = found || a.Text == c.want
			}
		}
		if !found {
			t.Errorf("%s: no assignment %s in %q", c.src, c.want, render(x))
		}
	}
}

// TestPhysicalDots checks .. through links (design.md 153) and
// /proc/thread-self/.. (design.md 154).
func TestPhysicalDots(t *testing.T) {
	fs := MapFS{Files: map[string]bool{"/h/.netrc": true, "/p/x": true}, Links: map[string]string{"/p/keys": "/h/.ssh"}}
	e := &evaluator{t: &Table{}, p: &payload.Payload{Cwd: "/p"}, env: &Env{Home: "/h", FS: fs}, root: "/p", cwd: "/p", home: "/h"}
	for _, c := range []struct{ in, want string }{
		{"keys/../.netrc", "/h/.netrc"},
		{"./keys/./../.n*", "/h/.n*"},
		{"src/../x", "/p/x"},
		{"../x", "/x"},
		{"/proc/self/cwd/keys/../.netrc", "/h/.netrc"},
		{"/proc/thread-self/../../environ", "/proc/self/environ"},
		{"/proc/self/root/proc/thread-self/../../environ", "/proc/self/environ"},
		{"/dev/fd/../../thread-self/../../environ", "/proc/self/environ"},
		{"/proc/thread-self/..", "/proc/self/task"},
	} {
		a := e.access(Word{Text: c.in}, Word{}, true, false)
		if a.w.Dynamic || a.w.Text != c.want {
			t.Errorf("%s: %q (uncertain %v), want %q", c.in, a.w.Text, a.w.Dynamic, c.want)
		}
	}
	e.env.FS = nil
	if a := e.access(Word{Text: "keys/../.netrc"}, Word{}, true, false); !a.w.Dynamic {
		t.Errorf("without a file system keys/../.netrc is %q, want uncertain", a.w.Text)
	}
	for p, want := range map[string]bool{"/proc/self/fd/3": true, "/proc/1/cmdline": true, "/proc/self/environ": false, "/proc/cpuinfo": false, "/etc/passwd": false} {
		if ownProcess(p) != want {
			t.Errorf("ownProcess(%s) = %v", p, !want)
		}
	}
}
