package suites

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.tsv")
	os.WriteFile(p, []byte("# comment\n\na\tb\n#x\tc\nd\n"), 0o644)
	rows, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{Line: 3, Cols: []string{"a", "b"}}, {Line: 5, Cols: []string{"d"}}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("Read = %v, want %v", rows, want)
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{`a\nb`: "a\nb", `a\\nb`: `a\nb`, `\t\x`: "\t\\x", `end\`: `end\`} {
		if got := Unescape(in); got != want {
			t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
		}
	}
}
