package load

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"

	"hookc.dev/hookc/cue/schema"
	"hookc.dev/hookc/runtime"
)

// compileSchema builds the embedded schema files, as one package, in ctx.
func compileSchema(ctx *cue.Context) cue.Value {
	var all *ast.File
	for _, name := range schema.Files {
		b, err := fs.ReadFile(schema.FS, name)
		if err != nil {
			panic(err)
		}
		f, err := parser.ParseFile(schemaFilePrefix+name, b)
		if err != nil {
			panic(fmt.Sprintf("hookc schema: %v", cueerrors.Details(err, nil)))
		}
		if all == nil {
			all = f
			continue
		}
		for _, d := range f.Decls {
			if _, ok := d.(*ast.Package); !ok {
				all.Decls = append(all.Decls, d)
			}
		}
	}
	v := ctx.BuildFile(all)
	if err := v.Err(); err != nil {
		panic(fmt.Sprintf("hookc schema: %v", cueerrors.Details(err, nil)))
	}
	return v
}

var base struct {
	once     sync.Once
	commands []runtime.Command
	tools    []runtime.ToolPaths
}

func loadBase() {
	base.once.Do(func() {
		ctx := cuecontext.New()
		s := compileSchema(ctx)
		cmds := s.LookupPath(cue.ParsePath("#BaseCommands"))
		if err := cmds.Validate(cue.Concrete(true)); err != nil {
			panic(fmt.Sprintf("hookc schema: #BaseCommands: %v", cueerrors.Details(err, nil)))
		}
		it, err := cmds.Fields()
		if err != nil {
			panic(err)
		}
		for it.Next() {
			c := runtime.Command{Name: it.Selector().Unquoted()}
			applyCommand(&c, it.Value())
			base.commands = append(base.commands, c)
		}
		slices.SortFunc(base.commands, func(a, b runtime.Command) int { return strings.Compare(a.Name, b.Name) })

		tools := s.LookupPath(cue.ParsePath("#BaseTools"))
		it, err = tools.Fields()
		if err != nil {
			panic(err)
		}
		for it.Next() {
			t := runtime.ToolPaths{Tool: it.Selector().Unquoted()}
			applyTool(&t, it.Value())
			base.tools = append(base.tools, t)
		}
		slices.SortFunc(base.tools, func(a, b runtime.ToolPaths) int { return strings.Compare(a.Tool, b.Tool) })
	})
}

// BaseCommands returns the built-in command knowledge compiled from
// cue/schema/commands.cue, sorted by Name. Every table includes it, extended
// and overridden by the policy's commands field. The result is the caller's.
func BaseCommands() []runtime.Command {
	loadBase()
	out := make([]runtime.Command, len(base.commands))
	for i, c := range base.commands {
		out[i] = cloneCommand(c)
	}
	return out
}

// BaseTools returns the built-in path fields of Claude Code's tools, sorted
// by Tool. The result is the caller's.
func BaseTools() []runtime.ToolPaths {
	loadBase()
	out := make([]runtime.ToolPaths, len(base.tools))
	for i, t := range base.tools {
		out[i] = runtime.ToolPaths{
			Tool:   t.Tool,
			Reads:  slices.Clone(t.Reads),
			Writes: slices.Clone(t.Writes),
			Globs:  slices.Clone(t.Globs),
		}
	}
	return out
}

func cloneCommand(c runtime.Command) runtime.Command {
	c.ValueOpts = slices.Clone(c.ValueOpts)
	c.LongOpts = slices.Clone(c.LongOpts)
	c.ScriptOpts = slices.Clone(c.ScriptOpts)
	c.SplitOpts = slices.Clone(c.SplitOpts)
	c.KeyReads = slices.Clone(c.KeyReads)
	c.KeyWrites = slices.Clone(c.KeyWrites)
	return c
}

var wrapperKinds = map[string]runtime.WrapperKind{
	"none":   runtime.NotWrapper,
	"exec":   runtime.WrapExec,
	"shell":  runtime.WrapShell,
	"eval":   runtime.WrapEval,
	"script": runtime.WrapScript,
	"find":   runtime.WrapFind,
	"xargs":  runtime.WrapXargs,
}

var operandKinds = map[string]runtime.Operands{
	"none":         runtime.OpNone,
	"all":          runtime.OpAll,
	"first":        runtime.OpFirst,
	"last":         runtime.OpLast,
	"allButLast":   runtime.OpAllButLast,
	"allButFirst":  runtime.OpAllButFirst,
	"afterPattern": runtime.OpAfterPattern,
}

// applyCommand sets the fields of c that v (a #Command) sets. Values that do
// not fit the schema are left alone: validation reports them.
func applyCommand(c *runtime.Command, v cue.Value) {
	if s, ok := lookupString(v, "wrapper"); ok {
		if k, ok := wrapperKinds[s]; ok {
			c.Wrapper = k
		}
	}
	if l, ok := lookupStrings(v, "valueOpts"); ok {
		c.ValueOpts = l
	}
	if l, ok := lookupStrings(v, "longOpts"); ok {
		c.LongOpts = l
	}
	if b, ok := lookupBool(v, "abbrev"); ok {
		c.Abbrev = b
	}
	if b, ok := lookupBool(v, "noSplit"); ok {
		c.NoSplit = b
	}
	if n, ok := lookupInt(v, "skipOperands"); ok {
		c.SkipOperands = n
	}
	if l, ok := lookupStrings(v, "scriptOpts"); ok {
		c.ScriptOpts = l
	}
	if l, ok := lookupStrings(v, "splitOpts"); ok {
		c.SplitOpts = l
	}
	if s, ok := lookupString(v, "reads"); ok {
		if k, ok := operandKinds[s]; ok {
			c.Reads = k
		}
	}
	if s, ok := lookupString(v, "writes"); ok {
		if k, ok := operandKinds[s]; ok {
			c.Writes = k
		}
	}
	if l, ok := lookupStrings(v, "keyReads"); ok {
		c.KeyReads = l
	}
	if l, ok := lookupStrings(v, "keyWrites"); ok {
		c.KeyWrites = l
	}
}

// applyTool sets the fields of t that v (a #ToolPaths) sets.
func applyTool(t *runtime.ToolPaths, v cue.Value) {
	if l, ok := lookupStrings(v, "reads"); ok {
		t.Reads = l
	}
	if l, ok := lookupStrings(v, "writes"); ok {
		t.Writes = l
	}
	if l, ok := lookupStrings(v, "globs"); ok {
		t.Globs = l
	}
}

// lookup returns the field label of v, resolved to its default.
func lookup(v cue.Value, label string) (cue.Value, bool) {
	f := v.LookupPath(cue.MakePath(cue.Str(label)))
	if !f.Exists() {
		return f, false
	}
	if d, ok := f.Default(); ok {
		f = d
	}
	return f, true
}

func lookupString(v cue.Value, label string) (string, bool) {
	f, ok := lookup(v, label)
	if !ok {
		return "", false
	}
	s, err := f.String()
	return s, err == nil
}

func lookupBool(v cue.Value, label string) (bool, bool) {
	f, ok := lookup(v, label)
	if !ok {
		return false, false
	}
	b, err := f.Bool()
	return b, err == nil
}

func lookupInt(v cue.Value, label string) (int, bool) {
	f, ok := lookup(v, label)
	if !ok {
		return 0, false
	}
	n, err := f.Int64()
	return int(n), err == nil
}

// lookupStrings returns a list of strings; an empty list is a non-nil
// empty slice only when v has elements, so that [] clears a field.
func lookupStrings(v cue.Value, label string) ([]string, bool) {
	f, ok := lookup(v, label)
	if !ok {
		return nil, false
	}
	return stringList(f)
}

func stringList(f cue.Value) ([]string, bool) {
	it, err := f.List()
	if err != nil {
		return nil, false
	}
	var out []string
	for it.Next() {
		e := it.Value()
		if d, ok := e.Default(); ok {
			e = d
		}
		s, err := e.String()
		if err != nil {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
