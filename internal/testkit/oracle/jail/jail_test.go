package jail

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// startJail builds the binaries and starts a jail with a small root, or
// skips the test with the reason if the machine cannot make one.

func startJail(t testing.TB, real []string) *Jail {
	t.Helper()
	return startJailMode(t, real, true)
}

// startJailMode starts a jail in a new user namespace or, as the host's
// root, without one.
func startJailMode(t testing.TB, real []string, userns bool) *Jail {
	t.Helper()
	bash, err := StaticBash()
	if err != nil {
		testenv.Missingf(t, "jail: %v", err)
	}
	dir, err := os.MkdirTemp("", "jail-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	stub, worker, err := Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	mount := dir + "/root"
	if err := os.Mkdir(mount, 0o755); err != nil {
		t.Fatal(err)
	}
	copies, _, err := Real(real)
	if err != nil {
		t.Fatal(err)
	}
	spec := &Spec{
		Mount:       mount,
		Stub:        stub,
		Bash:        bash,
		ProgramDirs: []string{"/usr/bin", "/bin"},
		Programs:    Programs([]string{"bash", "sh", "ls", "cat", "rm", "sort", "git"}),
		ReadOnly:    []string{"/usr", "/bin"},
		Copies:      copies,
		Tree: []File{
			{Path: "/home/user/project", Mode: fs.ModeDir | 0o755},
			{Path: "/home/user/project/a.txt", Mode: 0o644, Data: "b\na\n"},
			{Path: "/home/user/.netrc", Mode: 0o600, Data: "secret\n"},
			{Path: "/tmp", Mode: fs.ModeDir | fs.ModeSticky | 0o777},
			{Path: "/home/user/link", Mode: fs.ModeSymlink, Data: "project"},
		},
		Env:       []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "LANG=C"},
		Dir:       "/home/user/project",
		Hostname:  "oracle",
		Timeout:   2 * time.Second,
		OutputCap: 4096,
		EnvCanary: "ENVCANARY",
	}
	start := Start
	if !userns {
		start = func(worker string, spec *Spec) (*Jail, error) { return startIn(worker, spec, false) }
	}
	j, err := start(worker, spec)
	if errors.Is(err, ErrUnsupported) {
		testenv.Missingf(t, "jail: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func run(t *testing.T, j *Jail, line string) *Outcome {
	t.Helper()
	out, err := j.Run(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return out
}

func TestJail(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the stub and the worker")
	}
	j := startJail(t, []string{"sort"})

	out := run(t, j, `echo hi; ls -l "$HOME"; : > ~/M; echo x >> a.txt; rm -f link; sh -c 'cat /etc/x'; X=1 cat <(echo in)`)
	if string(out.Output) != "hi\n" || out.Exit != 0 {
		t.Errorf("output %q exit %d, want hi and 0", out.Output, out.Exit)
	}
	var got []string
	for _, e := range out.Execs {
		got = append(got, e.Exe+" "+strings.Join(e.Argv, " ")+" @"+e.Cwd)
	}
	want := []string{
		"/usr/bin/ls ls -l /home/user @/home/user/project",
		"/usr/bin/rm rm -f link @/home/user/project",
		"/usr/bin/sh sh -c cat /etc/x @/home/user/project",
		"/usr/bin/cat cat /etc/x @/home/user/project",
		"/usr/bin/cat cat /dev/fd/63 @/home/user/project",
	}
	if !slices.Equal(got, want) {
		t.Errorf("execs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var changes []string
	for _, c := range out.Changes {
		changes = append(changes, c.Kind+" "+c.Path+" "+string(c.Data))
	}
	wantChanges := []string{"created /home/user/M ", "modified /home/user/project/a.txt b\na\nx\n"}
	if !slices.Equal(changes, wantChanges) {
		t.Errorf("changes %q, want %q", changes, wantChanges)
	}

	// The root is back as it was.
	out = run(t, j, `echo "$(<a.txt)"; [[ -e ~/M ]] && echo M`)
	if string(out.Output) != "b\na\n" || len(out.Changes) != 0 {
		t.Errorf("after restore: output %q, changes %v", out.Output, out.Changes)
	}

	// sort runs for real, inside the root.
	out = run(t, j, `sort a.txt; sort -o ~/sorted a.txt`)
	if string(out.Output) != "a\nb\n" || len(out.Changes) != 1 || out.Changes[0].Path != "/home/user/sorted" {
		t.Errorf("real sort: output %q, changes %v", out.Output, out.Changes)
	}

	// The host is not there; the program directories are read-only.
	out = run(t, j, `echo "$(</etc/hostname)"; echo x > /usr/bin/ls; echo "$(</proc/1/environ)"`)
	if !strings.Contains(string(out.Output), "Read-only file system") || !strings.Contains(string(out.Output), "ORACLE_SECRET=ENVCANARY") {
		t.Errorf("output %q", out.Output)
	}

	// No capability that reaches past the namespaces; the kernel's
	// settings are read-only; the root's user 0 is not the host's.
	out = run(t, j, `while read -r k v; do [[ $k == CapBnd: ]] && echo $v; done < /proc/self/status; echo 1 > /proc/sys/kernel/ns_last_pid; echo "$(</proc/self/uid_map)"`)
	lines := strings.Split(string(out.Output), "\n")
	if lines[0] != "00000000000c003f" || !strings.Contains(lines[1], "Read-only file system") {
		t.Errorf("capabilities and /proc/sys: %q", out.Output)
	}
	if j.UserNS && strings.Fields(lines[2])[2] != "1" {
		t.Errorf("the root's user namespace maps more than one user: uid_map %q", lines[2])
	}

	// What a line leaves running in the background still counts.
	out = run(t, j, `cat <(sleep 0; : > ~/bg)`)
	if len(out.Changes) != 1 || out.Changes[0].Path != "/home/user/bg" {
		t.Errorf("background write: changes %v", out.Changes)
	}

	// Timeouts, background processes and output caps.
	out = run(t, j, `(while :; do :; done) & while :; do echo y; done`)
	if !out.TimedOut || !out.Truncated || len(out.Output) != 4096 {
		t.Errorf("timed out %v, truncated %v, %d bytes", out.TimedOut, out.Truncated, len(out.Output))
	}
	out = run(t, j, `echo ok`)
	if string(out.Output) != "ok\n" {
		t.Errorf("after a timeout: %q", out.Output)
	}
}

// TestJailNoUserNS checks the root made without a user namespace, where
// the worker is the host's root: capabilities that reach the host are gone.
func TestJailNoUserNS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the stub and the worker")
	}
	if os.Geteuid() != 0 {
		testenv.Missing(t, "needs root")
	}
	j := startJailMode(t, nil, false)
	out := run(t, j, `while read -r k v; do [[ $k == Cap@(Prm|Eff|Bnd): ]] && echo $v; done < /proc/self/status; echo 1 > /proc/sys/kernel/ns_last_pid`)
	got := strings.Split(string(out.Output), "\n")
	if len(got) < 4 || got[0] != "00000000000c003f" || got[1] != got[0] || got[2] != got[0] || !strings.Contains(got[3], "Read-only file system") {
		t.Errorf("output %q", out.Output)
	}
}
