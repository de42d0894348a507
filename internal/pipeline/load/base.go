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
// Without withBase it leaves out the base command knowledge (#BaseCommands,
// #BaseTools and their hidden helpers), which policies are not unified with:
// compiling it is most of the schema's cost, and BaseCommands does it once.
func compileSchema(ctx *cue.Context, withBase bool) cue.Value {
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
			switch d := d.(type) {
			case *ast.Package:
				continue
			case *ast.Field:
				if name, _, _ := ast.LabelName(d.Label); !withBase && isBaseDecl(name) {
					continue
				}
			}
			all.Decls = append(all.Decls, d)
		}
	}
	v := ctx.BuildFile(all)
	if err := v.Err(); err != nil {
		panic(fmt.Sprintf("hookc schema: %v", cueerrors.Details(err, nil)))
	}
	return v
}

func isBaseDecl(name string) bool {
	return name == "#BaseCommands" || name == "#BaseTools" || strings.HasPrefix(name, "_")
}

var base struct {
	once     sync.Once
	commands []runtime.Command
	tools    []runtime.ToolPaths
}

func loadBase() {
	base.once.Do(func() {
		ctx := cuecontext.New()
		s := compileSchema(ctx, true)
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
			Dir:    searchDirs[t.Tool],
			// Claude Code's Grep reads contents, hidden files too; Glob
			// and LS list names.
			Contents: t.Tool == "Grep",
		}
	}
	return out
}

// searchDirs name the field holding the directory a tool searches, for the
// tools that search the working directory when it is absent: Grep and
// Glob (docs/protocol.md, The tools the pinned client offers: path is optional). It is Go, not CUE data,
// until #ToolPaths in commands.cue has a field for it.
var searchDirs = map[string]string{"Grep": "path", "Glob": "path"}

func cloneCommand(c runtime.Command) runtime.Command {
	c.KeyReads = slices.Clone(c.KeyReads)
	c.KeyWrites = slices.Clone(c.KeyWrites)
	c.FileReads = slices.Clone(c.FileReads)
	c.UnsafeOperands = slices.Clone(c.UnsafeOperands)
	c.LossOperands = slices.Clone(c.LossOperands)
	c.OutsideOpts = slices.Clone(c.OutsideOpts)
	c.UnsafeValues = slices.Clone(c.UnsafeValues)
	c.Modules = slices.Clone(c.Modules)
	c.SettingsOpts = slices.Clone(c.SettingsOpts)
	c.CodeTree = slices.Clone(c.CodeTree)
	c.Derives = slices.Clone(c.Derives)
	c.DeriveOff = slices.Clone(c.DeriveOff)
	c.EnvironOpts = slices.Clone(c.EnvironOpts)
	c.Outputs = slices.Clone(c.Outputs)
	c.Subs = slices.Clone(c.Subs)
	for i := range c.Subs {
		c.Subs[i] = cloneCommand(c.Subs[i])
	}
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

var environKinds = map[string]runtime.Environ{
	"none":  runtime.EnvironNone,
	"bare":  runtime.EnvironBare,
	"names": runtime.EnvironNames,
	"alone": runtime.EnvironAlone,
	"bsd":   runtime.EnvironBSD,
}

var operandKinds = map[string]runtime.Operands{
	"none":         runtime.OpNone,
	"all":          runtime.OpAll,
	"first":        runtime.OpFirst,
	"last":         runtime.OpLast,
	"allButLast":   runtime.OpAllButLast,
	"allButFirst":  runtime.OpAllButFirst,
	"afterPattern": runtime.OpAfterPattern,
	"leading":      runtime.OpLeading,
}

var optKinds = map[string]runtime.OptKind{
	"flag":         runtime.OptFlag,
	"optional":     runtime.OptOptional,
	"value":        runtime.OptValue,
	"read":         runtime.OptRead,
	"write":        runtime.OptWrite,
	"dir":          runtime.OptDir,
	"script":       runtime.OptScript,
	"split":        runtime.OptSplit,
	"noexec":       runtime.OptNoExec,
	"unsafe":       runtime.OptUnsafe,
	"unsafeValue":  runtime.OptUnsafeValue,
	"unsafeRead":   runtime.OptUnsafeRead,
	"recurse":      runtime.OptRecurse,
	"hidden":       runtime.OptHidden,
	"recurseValue": runtime.OptRecurseValue,
	"loss":         runtime.OptLoss,
	"lossValue":    runtime.OptLossValue,
	"code":         runtime.OptCode,
}

// applyCommand sets the fields of c that v (a #Command) sets: its options
// one by one over those c has, its subcommands likewise. Values that do not
// fit the schema are left alone: validation reports them.
func applyCommand(c *runtime.Command, v cue.Value) {
	o := objectOf(v)
	if s, ok := o.str("wrapper"); ok {
		if k, ok := wrapperKinds[s]; ok {
			c.Wrapper = k
		}
	}
	if opts, ok := o.get("options"); ok {
		specs := runtime.DecodeOpts(c.Opts)
		for _, f := range fields(opts) {
			s, err := f.v.String()
			k, known := optKinds[s]
			if err != nil || !known {
				continue
			}
			i := slices.IndexFunc(specs, func(o runtime.OptSpec) bool { return o.Name == f.name })
			if i < 0 {
				specs = append(specs, runtime.OptSpec{Name: f.name, Kind: k})
			} else {
				specs[i].Kind = k
			}
		}
		slices.SortFunc(specs, func(a, b runtime.OptSpec) int { return strings.Compare(a.Name, b.Name) })
		c.Opts = runtime.EncodeOpts(specs)
	}
	for _, f := range [...]struct {
		name string
		p    *bool
	}{{"abbrev", &c.Abbrev}, {"noSplit", &c.NoSplit}, {"foldOpts", &c.FoldOpts}, {"strict", &c.Strict}, {"tree", &c.Tree}, {"listsTree", &c.ListsTree}, {"skipsHidden", &c.SkipsHidden}, {"loses", &c.Loses}} {
		if b, ok := o.boolean(f.name); ok {
			*f.p = b
		}
	}
	for _, f := range [...]struct {
		name string
		p    *string
	}{{"shortGroups", &c.ShortGroups}, {"moduleOpt", &c.ModuleOpt}, {"moduleSub", &c.ModuleSub}, {"code", &c.Code}} {
		if s, ok := o.str(f.name); ok {
			*f.p = s
		}
	}
	if s, ok := o.str("environ"); ok {
		if k, ok := environKinds[s]; ok {
			c.Environ = k
		}
	}
	if n, ok := o.integer("skipOperands"); ok {
		c.SkipOperands = n
	}
	for _, f := range [...]struct {
		name string
		p    *runtime.Operands
	}{{"reads", &c.Reads}, {"writes", &c.Writes}, {"lists", &c.Lists}} {
		if s, ok := o.str(f.name); ok {
			if k, ok := operandKinds[s]; ok {
				*f.p = k
			}
		}
	}
	for _, f := range [...]struct {
		name string
		p    *[]string
	}{{"keyReads", &c.KeyReads}, {"keyWrites", &c.KeyWrites}, {"fileReads", &c.FileReads}, {"unsafeOperands", &c.UnsafeOperands}, {"lossOperands", &c.LossOperands}, {"outsideOpts", &c.OutsideOpts}, {"unsafeValues", &c.UnsafeValues}, {"modules", &c.Modules}, {"settingsOpts", &c.SettingsOpts}, {"codeTree", &c.CodeTree}, {"derives", &c.Derives}, {"deriveOff", &c.DeriveOff}, {"environOpts", &c.EnvironOpts}, {"outputs", &c.Outputs}, {"codeReads", &c.CodeReads}} {
		if l, ok := o.strings(f.name); ok {
			*f.p = l
		}
	}
	if subs, ok := o.get("subcommands"); ok {
		for _, f := range fields(subs) {
			i, found := slices.BinarySearchFunc(c.Subs, f.name, func(s runtime.Command, n string) int {
				return strings.Compare(s.Name, n)
			})
			if !found {
				c.Subs = slices.Insert(c.Subs, i, runtime.Command{Name: f.name})
			}
			applyCommand(&c.Subs[i], f.v)
		}
	}
}

// applyTool sets the fields of t that v (a #ToolPaths) sets.
func applyTool(t *runtime.ToolPaths, v cue.Value) {
	o := objectOf(v)
	if l, ok := o.strings("reads"); ok {
		t.Reads = l
	}
	if l, ok := o.strings("writes"); ok {
		t.Writes = l
	}
	if l, ok := o.strings("globs"); ok {
		t.Globs = l
	}
}

// An object is the regular fields of a struct value, by name. Reading
// fields from it costs one iteration of the struct, where a LookupPath per
// field costs one evaluation context each.
type object map[string]cue.Value

func objectOf(v cue.Value) object {
	it, err := v.Fields()
	if err != nil {
		return nil
	}
	o := object{}
	for it.Next() {
		o[it.Selector().Unquoted()] = it.Value()
	}
	return o
}

// get returns the field label, resolved to its default.
func (o object) get(label string) (cue.Value, bool) {
	f, ok := o[label]
	if !ok {
		return f, false
	}
	if d, ok := f.Default(); ok {
		f = d
	}
	return f, true
}

func (o object) str(label string) (string, bool) {
	f, ok := o.get(label)
	if !ok {
		return "", false
	}
	s, err := f.String()
	return s, err == nil
}

func (o object) boolean(label string) (bool, bool) {
	f, ok := o.get(label)
	if !ok {
		return false, false
	}
	b, err := f.Bool()
	return b, err == nil
}

func (o object) integer(label string) (int, bool) {
	f, ok := o.get(label)
	if !ok {
		return 0, false
	}
	n, err := f.Int64()
	return int(n), err == nil
}

// strings returns a list of strings; [] gives nil, which clears a field.
func (o object) strings(label string) ([]string, bool) {
	f, ok := o.get(label)
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
