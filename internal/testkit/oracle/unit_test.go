package oracle

import (
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/testkit/oracle/jail"
)

func TestExecLine(t *testing.T) {
	o := &Oracle{base: map[string]string{"HOME": Home, "PATH": "/usr/bin:/bin"}}
	for _, c := range []struct {
		e    jail.Exec
		want string
	}{
		{jail.Exec{Exe: "/usr/bin/cat", Argv: []string{"cat", "a b", "it's"}, Env: []string{"HOME=" + Home, "PATH=/usr/bin:/bin", "_=/usr/bin/cat", "SHLVL=1"}},
			`'cat' 'a b' 'it'\''s'`},
		{jail.Exec{Exe: "/usr/local/bin/rm", Argv: []string{"ls", "-rf", "/"}, Env: []string{"HOME=/tmp", "X=1", "PATH=/usr/bin:/bin"}},
			`HOME='/tmp' X='1' 'rm' '-rf' '/'`},
		{jail.Exec{Exe: "/home/user/project/.claude/hooks/guard-hook", Argv: []string{"./guard-hook"}},
			`'/home/user/project/.claude/hooks/guard-hook'`},
		// a program named like a builtin was run by its path
		{jail.Exec{Exe: "/usr/bin/printf", Argv: []string{"printf", "-v", "x"}},
			`'/usr/bin/printf' '-v' 'x'`},
	} {
		if got := o.ExecLine([]jail.Exec{c.e}, 0); got != c.want {
			t.Errorf("ExecLine(%v) = %s, want %s", c.e, got, c.want)
		}
	}
}

// TestExecLineInherited checks that a program run by another program is
// judged with the variables that program gave it, and one run by bash with
// those bash did not have.
func TestExecLineInherited(t *testing.T) {
	o := &Oracle{base: map[string]string{"PATH": "/usr/bin:/bin"}}
	execs := []jail.Exec{
		{Exe: "/usr/bin/bash", Pid: 10, PPid: 1, Argv: []string{"bash"}, Env: []string{"PATH=/usr/bin:/bin"}},
		{Exe: "/usr/bin/git", Pid: 11, PPid: 10, Argv: []string{"git", "help"}, Env: []string{"PATH=/usr/bin:/bin"}},
		{Exe: "/usr/bin/git", Pid: 15, PPid: 10, Argv: []string{"git", "log"}, Env: []string{"PATH=/usr/bin:/bin", "GIT_PAGER=x"}},
		{Exe: "/usr/bin/man", Pid: 12, PPid: 11, Argv: []string{"man", "git"}, Env: []string{"PATH=/usr/lib/git-core:/usr/bin:/bin", "GIT_EXEC_PATH=/usr/lib/git-core"}},
		{Exe: "/usr/bin/env", Pid: 13, PPid: 10, Argv: []string{"env"}, Env: []string{"PATH=/usr/bin:/bin", "LD_PRELOAD=x"}},
		{Exe: "/usr/bin/less", Pid: 14, PPid: 12, Argv: []string{"less"}, Env: []string{"PATH=/usr/lib/git-core:/usr/bin:/bin", "GIT_EXEC_PATH=/usr/lib/git-core", "LESS=x"}},
		{Exe: "/usr/bin/x", Pid: 16, PPid: 15, Argv: []string{"x"}, Env: []string{"PATH=/usr/bin:/bin", "GIT_PAGER=x", "LESS=FRX"}},
		// git help runs man in its own process
		{Exe: "/usr/bin/git", Pid: 17, PPid: 10, Argv: []string{"git", "help"}, Env: []string{"PATH=/usr/bin:/bin"}},
		{Exe: "/usr/bin/man", Pid: 17, PPid: 10, Argv: []string{"man", "git"}, Env: []string{"PATH=/usr/lib/git-core:/usr/bin:/bin"}},
	}
	for i, want := range []string{`'bash'`, `'git' 'help'`, `GIT_PAGER='x' 'git' 'log'`, `'man' 'git'`, `LD_PRELOAD='x' 'env'`, `'less'`, `GIT_PAGER='x' 'x'`, `'git' 'help'`, `'man' 'git'`} {
		if got := o.ExecLine(execs, i); got != want {
			t.Errorf("ExecLine(%d) = %s, want %s", i, got, want)
		}
	}
}

func TestKnownRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "known.txt")
	k := &Known{Class: map[string]string{"echo $(( '$(x)' ))": "arith", "a\tb\nc": "write", "cat ~/.netrc": "secret"}, Lines: 100, Seed: 3}
	if err := k.Write(path); err != nil {
		t.Fatal(err)
	}
	got, err := ReadKnown(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Lines != 100 || got.Seed != 3 || len(got.Class) != 3 {
		t.Fatalf("read %+v, wrote %+v", got, k)
	}
	for l, c := range k.Class {
		if got.Class[l] != c {
			t.Errorf("%q: class %q, want %q", l, got.Class[l], c)
		}
	}
}

func TestReadSuites(t *testing.T) {
	adv, corpus := readSuites(t)
	if len(adv) < 500 || len(corpus) < 2000 {
		t.Errorf("%d adversarial lines, %d corpus lines", len(adv), len(corpus))
	}
	for _, l := range append(adv, corpus...) {
		if l.Text == "" || l.Pos == "" {
			t.Errorf("empty line or position: %+v", l)
		}
	}
}
