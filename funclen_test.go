package hookc_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function may be, from its func keyword to
// its closing brace, outside tests, generated code and internal/pipeline/check/vet (which
// keeps its own cap, structure_test.go).
const maxFuncLines = 80

// longFuncs are the functions longer than maxFuncLines when the cap came
// (design.md 197), with their lengths then. The list only shrinks: a
// function split below the cap leaves it, and no other may join it.
var longFuncs = map[string]int{
	"bench/client.go RunClient":                 95,
	"internal/automata/alphabet.go newAlphabet": 83,
	"internal/automata/list.go ListPrefix":      91,
	"internal/automata/product.go product":      94,
	"internal/pipeline/load/tests.go test":      145,
	"runtime/dfa.go EncodeDFAs":                 82,
	"runtime/eval.go commandUnit":               114,
	"runtime/eval.go matches":                   89,
	"runtime/eval.go run":                       138,
	"runtime/paths/glob.go globTranslate":       81,
	"runtime/paths/globmatch.go parse":          84,
	"runtime/payload/payloadjson.go payload":    86,
	"runtime/payload/payloadjson.go strSlow":    81,
	"runtime/shell/shell.go command":            81,
	"runtime/shell/shell.go stmt":               178,
	"runtime/shell/shell_word.go appendANSIC":   85,
	"runtime/shglob.go shellGlob":               90,
}

// TestFunctionLength fails on a function longer than maxFuncLines that
// longFuncs does not list, and on an entry of longFuncs that is no longer
// too long.
func TestFunctionLength(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	found := map[string]bool{}
	err := filepath.WalkDir(".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if file != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "golden") || file == filepath.Join("internal", "pipeline", "check", "vet") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if lines <= maxFuncLines {
				continue
			}
			key := filepath.ToSlash(file) + " " + fd.Name.Name
			found[key] = true
			if _, ok := longFuncs[key]; !ok {
				t.Errorf("%s: %s is %d lines long, more than %d: split it along its steps", fset.Position(fd.Pos()), fd.Name.Name, lines, maxFuncLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range longFuncs {
		if !found[key] {
			t.Errorf("%s is gone or at most %d lines long now: remove it from longFuncs", key, maxFuncLines)
		}
	}
}
