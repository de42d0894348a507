package vet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of vet may be: vet's
// checks and facts are read and changed one step at a time.
const maxFuncLines = 80

// TestFunctionLength checks that no function of the package (tests
// aside) is longer than maxFuncLines lines, from its func keyword to its
// closing brace.
func TestFunctionLength(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			n++
			start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			if lines := end.Line - start.Line + 1; lines > maxFuncLines {
				t.Errorf("%s: %s is %d lines long, more than %d: split it along its steps", start, fd.Name.Name, lines, maxFuncLines)
			}
		}
	}
	if n == 0 {
		t.Fatal("no functions found")
	}
}
