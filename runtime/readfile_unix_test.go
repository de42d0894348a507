//go:build unix

package runtime

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("0123456789", 300)
	for name, body := range map[string]string{"empty": "", "short": "module x\n", "long": long} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		max  int
		want string
		err  bool
	}{
		{"empty", 10, "", false},
		{"short", 100, "module x\n", false},
		{"short", 3, "mod", false},
		{"short", 0, "", false},
		{"long", 1 << 20, long, false},
		{"long", 2999, long[:2999], false},
		{"long", 1025, long[:1025], false},
		{"missing", 10, "", true},
		{".", 10, "", true},    // a directory
		{"fifo", 10, "", true}, // not waited for
	} {
		got, err := readFile(filepath.Join(dir, c.name), c.max)
		if (err != nil) != c.err || string(got) != c.want {
			t.Errorf("readFile(%s, %d) = %q, %v; want %q, error %v", c.name, c.max, got, err, c.want, c.err)
		}
	}
	if goruntime.GOOS != "linux" {
		return
	}
	// A file whose size says 0 is read to its end.
	got, err := readFile("/proc/self/status", 1<<20)
	if err != nil || !strings.Contains(string(got), "Name:") {
		t.Errorf("readFile(/proc/self/status) = %.40q…, %v", got, err)
	}
}

// TestListFIFO checks that listing a FIFO where a directory is looked
// for returns at once, not a directory (round 22, design.md 405): opened
// without O_NONBLOCK, it waited for a writer forever.
func TestListFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool, 1)
	go func() {
		_, ok := osFS{}.List(fifo)
		done <- ok
	}()
	select {
	case ok := <-done:
		if ok {
			t.Error("List of a FIFO: ok, want not a directory")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("List of a FIFO is still waiting after 5 s")
	}
	if ents, ok := (osFS{}).List(dir); !ok || len(ents) != 1 || ents[0].Name != "fifo" {
		t.Errorf("List of the directory: %v %v", ents, ok)
	}
}
