package hookc_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/gen"
	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/testrun"
	"hookc.dev/hookc/internal/vet"
)

// TestGolden regenerates golden/<example>/ from examples/<example> (the
// table, vet's findings as JSON, and the testscript scenario of the
// example's tests) and fails on any
// difference; HOOKC_UPDATE=1 rewrites the goldens. cmd/hookc runs the
// scenarios against the real hook binary.
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("examples/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := load.Dir(filepath.ToSlash(dir))
			if err != nil {
				t.Fatal(err)
			}
			src, err := gen.Source(p.Table, gen.Options{Package: name})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, "table_gen.go"), src)
			calls, err := vet.WitnessCalls(p, vet.Options{})
			if err != nil {
				t.Fatal(err)
			}
			script, err := testrun.Script(p, calls)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, name+".txtar"), script)
			findings, err := vet.Run(p, vet.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := diag.PrintJSON(&out, findings); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("golden", name, "vet.json"), out.Bytes())
			if u := vet.Unaccepted(findings); len(u) > 0 {
				t.Errorf("examples/%s does not vet clean:\n%v", name, u)
			}
		})
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if os.Getenv("HOOKC_UPDATE") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run HOOKC_UPDATE=1 go test ./... to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run HOOKC_UPDATE=1 go test ./... and commit the result", path)
	}
}
