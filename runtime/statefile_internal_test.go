package runtime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/runtime/payload"
)

// TestStateFiles checks the state files a rule saves and removes
// (design.md 223): written whole by rename, directories created, a
// symlink replaced rather than followed, only regular files removed.
func TestStateFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "state.json")
	if err := applyState([]StateOp{{Path: p, Data: []byte("one\n")}}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one\n" {
		t.Errorf("wrote %q", b)
	}
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o600)
	link := filepath.Join(dir, "link.json")
	os.Symlink(target, link)
	if err := applyState([]StateOp{{Path: link, Data: []byte("two\n")}}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the link's target was written: %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the link was not replaced by a file: %v %v", fi, err)
	}
	os.Symlink(target, link+"2")
	if err := applyState([]StateOp{{Path: p, Remove: true}, {Path: link + "2", Remove: true}, {Path: filepath.Join(dir, "none"), Remove: true}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Errorf("%s not removed: %v", p, err)
	}
	if _, err := os.Lstat(link + "2"); err != nil {
		t.Errorf("a symlink was removed: %v", err)
	}
	if err := applyState([]StateOp{{Path: dir, Data: []byte("x")}}); err == nil {
		t.Errorf("a directory was replaced")
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "a"))
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestSaveOp checks the object a rule's saves writes: the chosen fields
// that are present, each cut to its share of the context budget.
func TestSaveOp(t *testing.T) {
	tb := &Table{Limits: Limits{ContextBytes: 300}}
	p, err := payload.Parse([]byte(`{"hook_event_name":"PreCompact","trigger":"manual","custom_instructions":"` + strings.Repeat("x", 500) + `","n":{"a":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	e := &evaluator{t: tb, p: p, root: "/p"}
	op, ok := e.saveOp(&Rule{SaveFile: ".claude/s.json", SaveFields: []string{"trigger", "custom_instructions", "missing", "n"}}, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	if !ok || op.Path != "/p/.claude/s.json" {
		t.Fatalf("op %+v %v", op, ok)
	}
	s := string(op.Data)
	for _, want := range []string{`{"saved":"2026-01-02T03:04:05Z","event":"PreCompact","trigger":"manual","custom_instructions":"xxx`, `…","n":{"a":1}}`} {
		if !strings.Contains(s, want) {
			t.Errorf("data %s lacks %s", s, want)
		}
	}
	if strings.Contains(s, "missing") || len(s) > 300 {
		t.Errorf("data %s (%d bytes)", s, len(s))
	}
}
