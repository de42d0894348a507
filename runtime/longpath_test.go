package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
)

// TestLongPaths checks that the file system the hook looks at is the
// kernel's where a path is longer than PATH_MAX (4096 bytes): a short
// path through links to long directories resolves to its end, and a
// long directory is listed, read and found (round 26, design.md 412).
func TestLongPaths(t *testing.T) {
	if goruntime.GOOS != "linux" {
		t.Skip("long paths are looked at on Linux only (design.md 412)")
	}
	dir := t.TempDir()
	secret := filepath.Join(dir, "id_rsa")
	if err := os.WriteFile(secret, []byte("KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	chain := strings.TrimSuffix(strings.Repeat(strings.Repeat("A", 200)+"/", 12), "/") // 2,411 bytes
	// A path past PATH_MAX cannot be made in one step: bash goes there.
	script := `set -e; mkdir -p src/"$1"; cd src/"$1"; mkdir -p "$1"; ln -s "$1" l2; cd "$1"; ln -s "$2" k; cd "$3/src"; ln -s "$1" l1`
	cmd := exec.Command("bash", "-c", script, "bash", chain, secret, dir)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("making the tree: %v: %s", err, out)
	}
	fs := osFS{}
	short := filepath.Join(dir, "src/l1/l2/k")
	long := filepath.Join(dir, "src", chain, chain)
	if got := fs.Resolve(short); got != secret {
		t.Errorf("Resolve(%s) = %q, want %q", short, got, secret)
	}
	if got := fs.Resolve(long + "/k"); got != secret {
		t.Errorf("Resolve of the long path = %q, want %q", got, secret)
	}
	if !fs.Exists(long + "/k") {
		t.Errorf("the long path does not exist")
	}
	if b, err := fs.ReadFile(long+"/k", 100); string(b) != "KEY" {
		t.Errorf("ReadFile of the long path = %q, %v", b, err)
	}
	ents, ok := fs.List(long)
	if !ok || !slices.ContainsFunc(ents, func(e DirEntry) bool { return e.Name == "k" && e.Link }) {
		t.Errorf("List of the long directory = %v, %v; want the link k", ents, ok)
	}
}

// TestEnvGlobOpts checks that the shell options the environment gives
// bash (BASHOPTS, SHELLOPTS, GLOBIGNORE) are seen: grep -r X *.none
// searches the working directory under nullglob (round 26).
func TestEnvGlobOpts(t *testing.T) {
	for env, want := range map[string]bool{
		"":                                  false,
		"BASHOPTS=checkwinsize:cmdhist":     false,
		"BASHOPTS=checkwinsize:nullglob":    true,
		"BASHOPTS=dotglob":                  true,
		"BASHOPTS=extglob":                  true,
		"SHELLOPTS=braceexpand:noglob":      true,
		"SHELLOPTS=braceexpand:hashall":     false,
		"GLOBIGNORE=*.o":                    true,
		"BASHOPTS=failglob:globasciiranges": true,
	} {
		name, val, _ := strings.Cut(env, "=")
		e := &evaluator{env: &Env{Getenv: func(n string) string {
			if n == name {
				return val
			}
			return ""
		}}}
		if got := e.envGlobOpts(); got != want {
			t.Errorf("%s: %v, want %v", env, got, want)
		}
	}
}
