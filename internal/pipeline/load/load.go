// Package load reads a policy directory, checks it against hookc's CUE schema
// and compiles it into a runtime.Table, reporting every problem as a
// diagnostic at the user's position.
package load

import (
	"path/filepath"
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/runtime"
)

// A Policy is a loaded and compiled policy.
type Policy struct {
	Dir   string         // the directory as given to Dir
	Table *runtime.Table // the compiled decision table
	Tests []Test         // the policy's tests, sorted by name
	// Rules holds what the table does not: one entry per rule, in the order
	// of Table.Rules.
	Rules []RuleInfo
	// Accept holds the policy-level vet accepts: finding kind to reason.
	Accept map[string]string
	// Sandbox holds the policy's sandbox settings (failIfUnavailable,
	// autoAllowBashIfSandboxed) as given, for the sandbox layer
	// (design.md 98).
	Sandbox map[string]bool
	// CommandHooks are the policy's own command hooks (design.md 225).
	CommandHooks []CommandHook

	hook hookTable // the table the hook runs (Hook)
}

// A CommandHook is a command hook the policy declares beside its compiled
// hook: hookc install registers it (design.md 225).
type CommandHook struct {
	Event   string   `json:"event"`
	Matcher string   `json:"matcher,omitempty"`
	Command string   `json:"command"` // a path, relative to the project root, with ~ or $CLAUDE_PROJECT_DIR, or absolute
	Args    []string `json:"args,omitempty"`
	Timeout int      `json:"timeout"` // seconds
	// Source is the program's file, relative to the policy's directory,
	// given instead of Command: install registers it where it is and
	// hookc test runs it (design.md 270, 305).
	Source string `json:"source,omitempty"`
}

// SourcePath returns the absolute path of the program of h, a command
// hook given by its source: the file in the policy's directory that
// install registers and hookc test runs (design.md 305).
func (p *Policy) SourcePath(h CommandHook) (string, error) {
	return filepath.Abs(filepath.Join(p.Dir, filepath.FromSlash(h.Source)))
}

// RuleInfo is what the loader knows about a rule beyond its compiled form.
type RuleInfo struct {
	Pos    string            // file:line:col of the rule, as in Table.Rules[i].Pos
	Accept map[string]string // vet accepts: finding kind to reason
	// Layers are the other layers the rule feeds: "sandbox", "native"
	// (design.md 98).
	Layers []string
}

// A Test is one of the policy's test cases (design.md 14).
type Test struct {
	Name string
	Pos  string // file:line:col of the test
	// Payload is the hook payload the test describes: canonical compact JSON
	// with sorted keys, or the test's stdin as it is.
	Payload []byte
	// Event is, for a test given by stdin, the event its hook is
	// registered for (the -event argument hookc install gives it): the
	// event whose onError answers input the hook cannot read. "" if the
	// test does not say (design.md 334).
	Event string
	Env   map[string]string // the hook's environment; HOME is /home/user unless set
	// Want is the verdict (runtime.Result.Verdict): a decision on the
	// permission events; block, context or pass on the others.
	Want string
	Rule string // if set, the name of the rule that must decide
	// Texts are the texts the answer must hold, by name (reason, message,
	// context, stopReason): each a substring of the answer's, or "" when
	// the answer must have none.
	Texts map[string]string
	// The test's virtual file system.
	Files    []string
	Contents map[string]string // file -> contents, for the files given them
	Dirs     []string
	Symlinks map[string]string // link -> target

	// Run, when set, runs the policy's command hooks on the payload
	// (design.md 270).
	Run *HookRun
	// Leaves is what the test's project must hold once the hook and the
	// command hooks are done, by path as the test gives it.
	Leaves []Leave
}

// A HookRun is how the command hooks a test runs must end.
type HookRun struct {
	Pos    string  // file:line:col of the test's commandHooks
	Exit   int     // every hook's exit status
	Output *string // text in their standard output or error; "" says none
}

// A Leave is a file a test says its project holds, or does not, at the
// end.
type Leave struct {
	Path   string
	Pos    string         // file:line:col of the entry
	Absent bool           // the file must not exist
	Text   *string        // text the file holds
	JSON   map[string]any // fields the file's JSON object has
}

// TextNames are the texts a test may assert, in the order they are
// checked.
var TextNames = []string{"reason", "message", "context", "stopReason"}

// Test defaults (design.md 14).
const (
	TestCwd       = "/project"
	TestHome      = "/home/user"
	TestEvent     = "PreToolUse"
	TestSessionID = "test"
	TestAgentID   = "test-agent"
	// TestHook and TestPolicy are where tests take the hook binary and its
	// policy to be (the @hook and @policy of path globs, design.md 55).
	TestHook   = "/usr/local/bin/hook"
	TestPolicy = "/etc/hookc/policy"
)

// Dir loads the policy in dir: the .cue files of one package in that
// directory (files whose names start with "." or "_" are ignored), with the
// CUE module the directory is in, if any, and hookc's presets importable as
// "hookc.dev/presets/<name>" without a registry. It unifies the package with
// the embedded schema and compiles it.
//
// Problems with the policy are returned as a diag.List holding every
// diagnostic, sorted. Positions name files as filepath.Join(dir, name), with
// forward slashes.
func Dir(dir string) (*Policy, error) {
	l := &loader{dir: dir}
	p := l.load()
	if len(l.diags) > 0 {
		return nil, l.result()
	}
	return p, nil
}

type loader struct {
	dir        string // as given
	abs        string
	src        source
	presetsDir string    // where the presets are overlaid
	firstPos   token.Pos // the package clause of the first file

	ctx    *cue.Context
	root   cue.Value // the user's package, not unified with the schema
	schema cue.Value

	diags  []pdiag // everything but the two below
	vdiags []pdiag // schema validation
	cdiags []pdiag // compilation of matchers
	// roots are the paths of the matchers compiled; rootErr marks those for
	// which compilation reported an error (and so explains the schema's).
	roots   []vpath
	rootErr map[string]bool
}

func (l *loader) result() diag.List {
	l.polish()
	out := make(diag.List, len(l.diags))
	for i, d := range l.diags {
		out[i] = d.Diagnostic
	}
	return diag.Sort(out)
}

func (l *loader) load() *Policy {
	abs, err := filepath.Abs(l.dir)
	if err != nil {
		l.errorf(diag.Pos{File: l.slash(l.dir)}, diag.Load, "%v", err)
		return nil
	}
	l.abs = abs
	if !l.readSource() || !l.checkTestFiles() {
		return nil
	}
	inst := l.instance()
	if inst == nil {
		return nil
	}
	for _, f := range inst.Files {
		if filepath.Base(f.Filename) == l.src.names[0] {
			if p := packageClause(f); p != nil {
				l.firstPos = p.Pos()
			} else {
				l.firstPos = f.Pos()
			}
		}
	}
	l.ctx = cuecontext.New()
	l.root = l.ctx.BuildInstance(inst)
	if err := l.root.Err(); err != nil {
		l.cueErrors(err, diag.Type)
		return nil
	}
	l.schema = compileSchema(l.ctx, false)
	def := l.schema.LookupPath(cue.ParsePath("#Policy"))
	if err := l.root.Unify(def).Validate(cue.Concrete(true)); err != nil {
		l.validateParts(def, err)
	}
	l.rootErr = map[string]bool{}
	p := l.compile()
	l.merge()
	return p
}

// validateParts validates each part of the policy on its own (each
// top-level field, each rule, each test), because CUE drops some errors of
// a value once it has found others (a trap of the CUE API).
func (l *loader) validateParts(def cue.Value, whole error) {
	it, err := l.root.Fields()
	if err != nil {
		l.vdiags = append(l.vdiags, l.convert(whole, diag.Type)...)
		return
	}
	hasRules := false
	for it.Next() {
		sel, v := it.Selector(), it.Value()
		name := sel.Unquoted()
		p := vpath{sel.String()}
		if !def.Allows(cue.Str(name)) {
			l.vdiags = append(l.vdiags, pdiag{Diagnostic: diag.Diagnostic{
				Pos: l.valPos(v, p), Check: diag.Type, Message: p.String() + ": field not allowed",
			}, path: p})
			continue
		}
		fd := def.LookupPath(cue.MakePath(cue.Str(name)))
		if !fd.Exists() {
			fd = def.LookupPath(cue.MakePath(cue.Str(name).Optional()))
		}
		switch {
		case name == "rules" && v.Kind() == cue.ListKind:
			hasRules = true
			l.validateElems(v, l.schema.LookupPath(cue.ParsePath("#Rule")))
		case name == "tests" && v.Kind() == cue.StructKind:
			l.validateElems(v, l.schema.LookupPath(cue.ParsePath("#Test")))
		default:
			hasRules = hasRules || name == "rules"
			l.validate(v.Unify(fd))
		}
	}
	if !hasRules {
		l.vdiags = append(l.vdiags, pdiag{Diagnostic: diag.Diagnostic{
			Pos: l.pos(l.firstPos), Check: diag.Type, Message: "rules: field is required but not present",
		}, path: vpath{"rules"}})
	}
	if len(l.vdiags) == 0 {
		l.vdiags = append(l.vdiags, l.convert(whole, diag.Type)...)
	}
}

// validateElems validates each element of a list or each field of a struct
// against def.
func (l *loader) validateElems(v, def cue.Value) {
	if v.Kind() == cue.ListKind {
		it, err := v.List()
		if err != nil {
			l.validate(v)
			return
		}
		for it.Next() {
			l.validate(it.Value().Unify(def))
		}
		return
	}
	it, err := v.Fields()
	if err != nil {
		l.validate(v)
		return
	}
	for it.Next() {
		l.validate(it.Value().Unify(def))
	}
}

func (l *loader) validate(v cue.Value) {
	if err := v.Validate(cue.Concrete(true)); err != nil {
		l.vdiags = append(l.vdiags, l.convert(err, diag.Type)...)
	}
}

// merge adds the validation and compilation diagnostics to l.diags. Where
// compiling a matcher reported errors, the schema's errors about that
// matcher are dropped: the compiler's say the same thing more plainly.
func (l *loader) merge() {
	for _, d := range l.vdiags {
		var root vpath
		for _, r := range l.roots {
			if d.path.hasPrefix(r) && len(r) > len(root) {
				root = r
			}
		}
		if root != nil && l.rootErr[root.key()] {
			continue
		}
		l.diags = append(l.diags, d)
	}
	l.diags = append(l.diags, l.cdiags...)
}

// valPos returns the position of a user value, or of the deepest user value
// along p.
func (l *loader) valPos(v cue.Value, p vpath) diag.Pos {
	if pos := valuePos(v); pos.IsValid() && l.fileRank(pos) < 3 {
		return l.pos(pos)
	}
	if pos := l.pathPos(p); pos.IsValid() {
		return pos
	}
	return l.pos(l.firstPos)
}

// sortTests sorts tests by name.
func sortTests(ts []Test) {
	slices.SortFunc(ts, func(a, b Test) int { return strings.Compare(a.Name, b.Name) })
}

// checkTestFiles checks that each file named *_test.cue holds tests only
// (design.md 48): the tests field, and the hidden fields, definitions,
// lets and imports tests use. Such files are loaded like the others, so
// that what is hashed is what is built; a rule or setting in one would
// change the hook, which a Go user does not expect of a test file.
func (l *loader) checkTestFiles() bool {
	for i, name := range l.src.names {
		if !strings.HasSuffix(name, "_test.cue") {
			continue
		}
		f, err := parser.ParseFile(filepath.Join(l.abs, name), l.src.data[i], parser.ParseComments)
		if err != nil {
			continue // the loader reports syntax errors
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.Package, *ast.ImportDecl, *ast.CommentGroup, *ast.Attribute, *ast.LetClause:
			case *ast.Field:
				label, _, _ := ast.LabelName(d.Label)
				if label == "tests" || strings.HasPrefix(label, "_") || strings.HasPrefix(label, "#") {
					continue
				}
				l.errorf(l.pos(d.Label.Pos()), diag.Load,
					"%s in a test file: a file named *_test.cue holds tests only (tests, and the hidden fields and definitions they use); move %s to a file whose name does not end in _test.cue", label, label)
			default:
				l.errorf(l.pos(d.Pos()), diag.Load,
					"a file named *_test.cue holds tests only (tests, and the hidden fields and definitions they use); move this to a file whose name does not end in _test.cue")
			}
		}
	}
	return len(l.diags) == 0
}
