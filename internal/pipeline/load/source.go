package load

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	cueerrors "cuelang.org/go/cue/errors"
	cueload "cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/mod/modfile"

	"hookc.dev/hookc/cue/presets"
	"hookc.dev/hookc/internal/diag"
)

// overlayModule is the cue.mod/module.cue hookc provides for a policy that
// is not inside a CUE module of its own.
const overlayModule = `module: "hookc.dev/policy"
language: version: "v0.17.0"
`

// presetsPkgDir is where the presets are overlaid, below the module root.
var presetsPkgDir = filepath.Join("cue.mod", "pkg", filepath.FromSlash(presets.ImportPrefix))

// schemaFilePrefix names the schema's files in positions.
const schemaFilePrefix = "hookc.dev/schema/"

// A source is the policy's files as read from disk.
type source struct {
	names []string // base names of the policy's .cue files, sorted
	data  [][]byte
	sha   string
}

// readSource lists and reads the .cue files of abs. Like cue, it ignores
// files whose names start with "." or "_".
func (l *loader) readSource() bool {
	ents, err := os.ReadDir(l.abs)
	if err != nil {
		l.errorf(diag.Pos{File: l.slash(l.dir)}, diag.Load, "cannot read policy directory: %v", unwrapPathError(err))
		return false
	}
	h := sha256.New()
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".cue") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		if !e.Type().IsRegular() {
			fi, err := os.Stat(filepath.Join(l.abs, name)) // a symlink to a file is fine
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
		}
		b, err := os.ReadFile(filepath.Join(l.abs, name))
		if err != nil {
			l.errorf(diag.Pos{File: l.relFile(filepath.Join(l.abs, name))}, diag.Load, "cannot read file: %v", unwrapPathError(err))
			continue
		}
		l.src.names = append(l.src.names, name)
		l.src.data = append(l.src.data, b)
	}
	if len(l.diags) > 0 {
		return false
	}
	if len(l.src.names) == 0 {
		l.errorf(diag.Pos{File: l.slash(l.dir)}, diag.Load, "no .cue files")
		return false
	}
	// os.ReadDir sorts by name already; the hash depends on it.
	for i, name := range l.src.names {
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write(l.src.data[i])
		h.Write([]byte{0})
	}
	l.src.sha = hex.EncodeToString(h.Sum(nil))
	return true
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// parseSource parses every file, so that syntax errors in all files are
// reported, and checks that the files are of one package. It reports whether
// it found nothing wrong.
func (l *loader) parseSource() bool {
	type pkgOf struct {
		name string
		pos  token.Pos
	}
	var pkgs []pkgOf
	for i, name := range l.src.names {
		filename := filepath.Join(l.abs, name)
		f, err := parser.ParseFile(filename, l.src.data[i], parser.ParseComments)
		if err != nil {
			for _, e := range cueerrors.Errors(err) {
				l.add(pdiag{Diagnostic: diag.Diagnostic{
					Pos:     l.pos(e.Position()),
					Check:   diag.Syntax,
					Message: errMsg(e),
				}})
			}
			continue
		}
		pkg, pos := "", token.NoPos
		if p := packageClause(f); p != nil {
			pkg, pos = p.Name.Name, p.Name.Pos()
		}
		if pkg != "" {
			pkgs = append(pkgs, pkgOf{pkg, pos})
		}
	}
	if len(l.diags) > 0 {
		return false
	}
	for _, p := range pkgs[min(1, len(pkgs)):] {
		if p.name != pkgs[0].name {
			l.add(pdiag{Diagnostic: diag.Diagnostic{
				Pos:     l.pos(p.pos),
				Check:   diag.Load,
				Message: fmt.Sprintf("package %s differs from package %s; a policy is the files of one package", p.name, pkgs[0].name),
				Related: []diag.Related{{Pos: l.pos(pkgs[0].pos), Message: fmt.Sprintf("package %s", pkgs[0].name)}},
			}})
		}
	}
	return len(l.diags) == 0
}

func packageClause(f *ast.File) *ast.Package {
	for _, d := range f.Decls {
		if p, ok := d.(*ast.Package); ok {
			return p
		}
	}
	return nil
}

// findModuleRoot returns the directory holding the cue.mod of the module abs
// is in, as cue does: abs or its nearest ancestor with a cue.mod directory.
// It returns "" when there is none.
func findModuleRoot(abs string) string {
	for d := abs; ; {
		if fi, err := os.Stat(filepath.Join(d, "cue.mod")); err == nil && fi.IsDir() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// instance loads the policy package with the presets (and, for a policy
// outside any CUE module, a module) overlaid in memory.
func (l *loader) instance() *build.Instance {
	root := findModuleRoot(l.abs)
	overlay := map[string]cueload.Source{}
	if root == "" {
		root = l.abs
	}
	modName := filepath.Join(root, "cue.mod", "module.cue")
	if b, err := os.ReadFile(modName); err != nil {
		overlay[modName] = cueload.FromString(overlayModule)
	} else if _, err := modfile.ParseNonStrict(b, modName); err != nil {
		// A legacy module file (no language version): fix it in memory, as
		// cue mod fix would.
		if f, err := modfile.FixLegacy(b, modName); err == nil {
			if fixed, err := modfile.Format(f); err == nil {
				overlay[modName] = cueload.FromBytes(fixed)
			}
		}
	}
	l.presetsDir = filepath.Join(root, presetsPkgDir)
	err := presets.Each(func(p string, b []byte) error {
		overlay[filepath.Join(l.presetsDir, filepath.FromSlash(p))] = cueload.FromBytes(b)
		return nil
	})
	if err != nil {
		panic(err) // embedded files
	}
	args := make([]string, len(l.src.names))
	for i, n := range l.src.names {
		args[i] = "." + string(filepath.Separator) + n
		// What is compiled is exactly what was hashed.
		overlay[filepath.Join(l.abs, n)] = cueload.FromBytes(l.src.data[i])
	}
	cfg := &cueload.Config{
		Dir:                 l.abs,
		ModuleRoot:          root,
		Overlay:             overlay,
		AcceptLegacyModules: true,
		Tests:               true, // *_test.cue files are the policy's too (design.md 48)
	}
	insts := cueload.Instances(args, cfg)
	if len(insts) != 1 {
		l.errorf(diag.Pos{File: l.slash(l.dir)}, diag.Load, "cannot load the policy: %d instances", len(insts))
		return nil
	}
	inst := insts[0]
	if inst.Err != nil {
		// Parse every file ourselves: that reports the syntax errors of all
		// files, and mixed packages at their package clauses.
		if l.parseSource() {
			l.cueErrors(inst.Err, diag.Load)
		}
		return nil
	}
	if inst.Module == "" {
		// Files named on the command line make an instance outside the
		// module, where @embed refuses to work; it is in the module.
		inst.Module = "hookc.dev/policy@v0"
		if b, err := os.ReadFile(modName); err == nil {
			if f, err := modfile.FixLegacy(b, modName); err == nil && f.Module != "" {
				inst.Module = f.QualifiedModule()
			}
		}
	}
	return inst
}

// pos maps a CUE position to a diagnostic position: files below the policy
// directory relative to the directory as given, preset files by their import
// path, schema files by their names.
func (l *loader) pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	return diag.Pos{File: l.relFile(p.Filename()), Line: p.Line(), Col: p.Column()}
}

// relFile maps a file name as CUE reports it to the name diagnostics use.
func (l *loader) relFile(name string) string {
	switch {
	case name == "":
		return ""
	case strings.HasPrefix(name, schemaFilePrefix):
		return name
	case l.presetsDir != "" && strings.HasPrefix(name, l.presetsDir+string(filepath.Separator)):
		rel := filepath.ToSlash(name[len(l.presetsDir)+1:])
		return path.Join(presets.ImportPrefix, rel)
	case !filepath.IsAbs(name):
		return filepath.ToSlash(name)
	}
	rel, err := filepath.Rel(l.abs, name)
	if err != nil {
		return filepath.ToSlash(name)
	}
	return filepath.ToSlash(filepath.Join(l.dir, rel))
}

// fileRank orders the files of a position by how useful they are to the
// user: 0 the policy's own files, 1 other files of its module, 2 presets,
// 3 the schema (never shown when another position exists).
func (l *loader) fileRank(p token.Pos) int {
	name := p.Filename()
	switch {
	case strings.HasPrefix(name, schemaFilePrefix):
		return 3
	case l.presetsDir != "" && strings.HasPrefix(name, l.presetsDir+string(filepath.Separator)):
		return 2
	case filepath.Dir(name) == l.abs:
		return 0
	}
	return 1
}

func (l *loader) slash(p string) string { return filepath.ToSlash(p) }
