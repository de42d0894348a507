package oracle

import (
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/oracle/jail"
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
	} {
		if got := o.ExecLine(c.e); got != c.want {
			t.Errorf("ExecLine(%v) = %s, want %s", c.e, got, c.want)
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
