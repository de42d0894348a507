package load

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/token"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// A compiler turns the user's package into a runtime.Table. It reads the
// user's values as written (not unified with the schema, so that positions
// are the user's), and reports problems with matchers, which the schema's
// errors describe poorly, and those the schema cannot see: invalid regexps
// and globs, empty alternatives, unknown placeholders, duplicate names.
type compiler struct {
	l      *loader
	t      *runtime.Table
	patIdx map[string]int32
}

func (l *loader) compile() *Policy {
	t := &runtime.Table{Policy: l.dir, SHA256: l.src.sha}
	c := &compiler{l: l, t: t, patIdx: map[string]int32{}}
	root := objectOf(l.root)
	p := &Policy{Dir: l.dir, Table: t}

	t.Default = c.decision(root, "default", runtime.Ask)
	t.OnError = c.decision(root, "onError", runtime.Ask)
	if f, ok := root.get("onError"); ok && f.Kind() == cue.StructKind {
		for _, e := range fields(f) {
			d, ok := runtime.ParseDecision(stringOf(e.v))
			if !ok {
				continue // the schema reports it
			}
			if e.name == "*" {
				t.OnError = d
				continue
			}
			t.OnErrorBy = append(t.OnErrorBy, runtime.EventDecision{Event: e.name, Decision: d})
		}
		slices.SortFunc(t.OnErrorBy, func(a, b runtime.EventDecision) int { return strings.Compare(a.Event, b.Event) })
	}
	if f, ok := root.get("audit"); ok {
		ao := objectOf(f)
		t.Audit.Path, _ = ao.str("path")
		if n, ok := ao.integer("maxBytes"); ok {
			t.Audit.MaxBytes = int64(n)
		}
		if n, ok := ao.integer("keep"); ok {
			t.Audit.Keep = n
			if n == 0 {
				t.Audit.Keep = -1 // none kept; 0 in the table is the default
			}
		}
	}
	t.Floors = c.floors(root)
	t.FoldCase, _ = root.boolean("foldCase")
	if lim, ok := root.get("limits"); ok {
		lo := objectOf(lim)
		t.Limits.InputBytes, _ = lo.integer("inputBytes")
		t.Limits.Depth, _ = lo.integer("depth")
		t.Limits.Commands, _ = lo.integer("commands")
		t.Limits.Millis, _ = lo.integer("millis")
		t.Limits.ContextBytes, _ = lo.integer("contextBytes")
	}
	t.Commands = c.commands(root)
	t.Tools = c.tools(root)
	p.Accept = c.accept(root)
	p.CommandHooks = c.commandHooks(root)
	if sb, ok := root.get("sandbox"); ok && sb.Kind() == cue.StructKind {
		so := objectOf(sb)
		for _, k := range []string{"failIfUnavailable", "autoAllowBashIfSandboxed"} {
			if b, ok := so.boolean(k); ok {
				if p.Sandbox == nil {
					p.Sandbox = map[string]bool{}
				}
				p.Sandbox[k] = b
			}
		}
	}

	if rules, ok := root.get("rules"); ok && rules.Kind() == cue.ListKind {
		c.rules(rules, p)
	}
	if tests, ok := root.get("tests"); ok && tests.Kind() == cue.StructKind {
		p.Tests = c.tests(tests, p)
	}
	return p
}

func (c *compiler) decision(o object, label string, def runtime.Decision) runtime.Decision {
	s, ok := o.str(label)
	if !ok {
		return def
	}
	d, ok := runtime.ParseDecision(s)
	if !ok {
		return def
	}
	return d
}

// errorf reports a problem with the value v at path p.
func (c *compiler) errorf(v cue.Value, p vpath, check, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if len(p) > 0 {
		msg = p.String() + ": " + msg
	}
	c.l.cdiags = append(c.l.cdiags, pdiag{Diagnostic: diag.Diagnostic{
		Pos: c.l.valPos(v, p), Check: check, Message: msg,
	}, path: p})
}

// matcherErrorf reports a problem with the matcher at root (the value v is
// at p, at or below root).
func (c *compiler) matcherErrorf(root vpath, v cue.Value, p vpath, check, format string, args ...any) {
	c.l.rootErr[root.key()] = true
	c.errorf(v, p, check, format, args...)
}

// fields returns the regular fields of a struct, in order.
func fields(v cue.Value) []field {
	it, err := v.Fields()
	if err != nil {
		return nil
	}
	var out []field
	for it.Next() {
		out = append(out, field{it.Selector().Unquoted(), it.Selector().String(), it.Value()})
	}
	return out
}

type field struct {
	name  string // unquoted
	label string // as in paths
	v     cue.Value
}

func elems(v cue.Value) []cue.Value {
	it, err := v.List()
	if err != nil {
		return nil
	}
	var out []cue.Value
	for it.Next() {
		out = append(out, it.Value())
	}
	return out
}

// commands merges the policy's command knowledge into the base set.
func (c *compiler) commands(root object) []runtime.Command {
	cmds := BaseCommands()
	v, ok := root.get("commands")
	if !ok || v.Kind() != cue.StructKind {
		return cmds
	}
	for _, f := range fields(v) {
		p := vpath{"commands", f.label}
		if f.name == "" || strings.ContainsAny(f.name, "/ \t\n") {
			c.errorf(f.v, p, diag.Type, "a program is named by its base name, without / or spaces")
			continue
		}
		i, found := slices.BinarySearchFunc(cmds, f.name, func(c runtime.Command, n string) int {
			return strings.Compare(c.Name, n)
		})
		if !found {
			cmds = slices.Insert(cmds, i, runtime.Command{Name: f.name})
		}
		applyCommand(&cmds[i], f.v)
	}
	return cmds
}

// tools merges the policy's tool path fields into the base set.
func (c *compiler) tools(root object) []runtime.ToolPaths {
	tools := BaseTools()
	v, ok := root.get("tools")
	if !ok || v.Kind() != cue.StructKind {
		return tools
	}
	for _, f := range fields(v) {
		i, found := slices.BinarySearchFunc(tools, f.name, func(t runtime.ToolPaths, n string) int {
			return strings.Compare(t.Tool, n)
		})
		if !found {
			tools = slices.Insert(tools, i, runtime.ToolPaths{Tool: f.name})
		}
		applyTool(&tools[i], f.v)
	}
	return tools
}

// accept returns the vet accepts of a struct with vet: accept:.
func (c *compiler) accept(o object) map[string]string {
	vet, ok := o.get("vet")
	if !ok {
		return nil
	}
	acc, ok := objectOf(vet).get("accept")
	if !ok {
		return nil
	}
	var m map[string]string
	for _, f := range fields(acc) {
		s, err := f.v.String()
		if err != nil {
			continue
		}
		if m == nil {
			m = map[string]string{}
		}
		m[f.name] = s
	}
	return m
}

// stringOf returns the string v, resolved to its default, or "".
func stringOf(v cue.Value) string {
	if d, ok := v.Default(); ok {
		v = d
	}
	s, _ := v.String()
	return s
}

func (c *compiler) rules(v cue.Value, p *Policy) {
	first := map[string]int{} // rule name -> index of its first rule
	es := elems(v)
	poss := c.rulePositions(es)
	for i, rv := range es {
		rp := vpath{"rules"}.index(i)
		pos := poss[i]
		r := runtime.Rule{Pos: pos.String()}
		info := RuleInfo{Pos: pos.String()}
		if rv.Kind() != cue.StructKind {
			c.l.roots = append(c.l.roots, rp)
			if _, ok := c.concrete(rp, rv, rp); ok {
				c.matcherErrorf(rp, rv, rp, diag.Type, "want a rule, a struct with name and decision; not %v", rv)
			}
			p.Table.Rules = append(p.Table.Rules, r)
			p.Rules = append(p.Rules, info)
			continue
		}
		ro := objectOf(rv)
		c.rule(ro, rp, &r)
		if r.Name != "" {
			if j, dup := first[r.Name]; dup {
				c.l.cdiags = append(c.l.cdiags, pdiag{Diagnostic: diag.Diagnostic{
					Pos:     pos,
					Check:   diag.Type,
					Message: fmt.Sprintf("%s: duplicate rule name %q", rp, r.Name),
					Related: []diag.Related{{Pos: diag.ParsePos(p.Rules[j].Pos), Message: fmt.Sprintf("rule %q first defined here", r.Name)}},
				}, path: rp.field("name")})
			} else {
				first[r.Name] = i
			}
		}
		info.Accept = c.accept(ro)
		info.Layers, _ = ro.strings("layers")
		p.Table.Rules = append(p.Table.Rules, r)
		p.Rules = append(p.Rules, info)
	}
}

// rulePositions returns the positions of the rules es. Rules that a CUE
// comprehension builds share its position; each of them is placed instead
// at the data it was built from, where that can be found: the first value
// among its fields that comes from elsewhere and no other rule of the
// comprehension shares ({name: x.n} is placed at the element x).
func (c *compiler) rulePositions(es []cue.Value) []diag.Pos {
	out := make([]diag.Pos, len(es))
	shared := map[string][]int{}
	for i, rv := range es {
		out[i] = c.l.valPos(rv, vpath{"rules"}.index(i))
		shared[out[i].String()] = append(shared[out[i].String()], i)
	}
	for _, group := range shared {
		if len(group) < 2 {
			continue
		}
		cands := make([][]token.Pos, len(group))
		count := map[token.Pos]int{}
		for k, i := range group {
			cands[k] = dataPositions(es[i])
			seen := map[token.Pos]bool{}
			for _, p := range cands[k] {
				if !seen[p] {
					seen[p] = true
					count[p]++
				}
			}
		}
		for k, i := range group {
			for _, p := range cands[k] {
				if count[p] == 1 && c.l.fileRank(p) < 3 {
					out[i] = c.l.pos(p)
					break
				}
			}
		}
	}
	return out
}

// dataPositions returns positions a struct's field values come from, name
// first: the values' own, and those of the structs their expressions
// select from.
func dataPositions(v cue.Value) []token.Pos {
	var out []token.Pos
	var walk func(v cue.Value, depth int)
	walk = func(v cue.Value, depth int) {
		if depth > 3 {
			return
		}
		if p := v.Pos(); p.IsValid() {
			out = append(out, p)
		}
		op, args := v.Expr()
		if op == cue.NoOp {
			return
		}
		for _, a := range args {
			if a.Kind() == cue.StructKind && op == cue.SelectorOp {
				if it, err := a.Fields(); err == nil && it.Next() {
					if p := it.Value().Pos(); p.IsValid() {
						out = append(out, p)
					}
				}
				continue
			}
			walk(a, depth+1)
		}
	}
	fs := fields(v)
	slices.SortStableFunc(fs, func(a, b field) int {
		if a.name == "name" {
			return -1
		}
		if b.name == "name" {
			return 1
		}
		return 0
	})
	for _, f := range fs {
		walk(f.v, 0)
	}
	return out
}

// checkTexts reports unknown placeholders in a rule's reason, message
// and stopReason (design.md 59): known are runtime.Placeholders, {input.F},
// {payload.F} and the named groups of the rule's regular expressions.
func (c *compiler) checkTexts(v object, p vpath, r *runtime.Rule) {
	caps := c.t.Captures(r)
	for _, n := range caps {
		if slices.Contains(runtime.Placeholders, n) || n == "input" || n == "payload" {
			c.errorf(v["name"], p, diag.Invalid, "a named group (?P<%s>...) hides the placeholder {%s}: rename the group", n, n)
		}
	}
	known := append(slices.Clone(runtime.Placeholders), caps...)
	if s, ok := v.str("context"); ok {
		// Other braces of a context are text; a known name's transforms
		// are checked.
		for _, ph := range runtime.ParsePlaceholders(s) {
			if slices.Contains(known, ph.Name) {
				c.checkTransforms(v, p, "context", ph)
			}
		}
	}
	for _, label := range []string{"reason", "message", "stopReason"} {
		s, ok := v.str(label)
		if !ok {
			continue
		}
		for _, ph := range runtime.ParsePlaceholders(s) {
			c.checkTransforms(v, p, label, ph)
			if slices.Contains(known, ph.Name) || strings.HasPrefix(ph.Name, "input.") || strings.HasPrefix(ph.Name, "payload.") {
				continue
			}
			f, _ := v.get(label)
			msg := fmt.Sprintf("unknown placeholder {%s} in %s (known: {%s}, {input.FIELD}, {payload.FIELD}", ph.Name, label, strings.Join(runtime.Placeholders, "}, {"))
			if len(caps) > 0 {
				msg += ", the rule's named groups {" + strings.Join(caps, "}, {") + "}"
			}
			c.errorf(f, p.field(label), diag.Invalid, "%s)", msg)
		}
	}
}

// commandHooks returns the policy's own command hooks (design.md 225); the
// schema checks their fields.
func (c *compiler) commandHooks(root object) []CommandHook {
	f, ok := root.get("commandHooks")
	if !ok {
		return nil
	}
	it, err := f.List()
	if err != nil {
		return nil
	}
	var out []CommandHook
	for i := 0; it.Next(); i++ {
		o := objectOf(it.Value())
		h := CommandHook{Timeout: 60}
		h.Event, _ = o.str("event")
		h.Matcher, _ = o.str("matcher")
		h.Command, _ = o.str("command")
		h.Args, _ = o.strings("args")
		if n, ok := o.integer("timeout"); ok {
			h.Timeout = n
		}
		h.Source, _ = o.str("source")
		c.checkSource(o, i, h)
		out = append(out, h)
	}
	return out
}

// checkSource checks that the command hook h, the i-th, names its program
// once: a command, or a source that is an executable file of the policy's
// directory, which install registers where it is and hookc test runs
// (design.md 305).
func (c *compiler) checkSource(o object, i int, h CommandHook) {
	p := vpath{"commandHooks", strconv.Itoa(i)}
	switch {
	case h.Source == "" && h.Command == "":
		f, _ := o.get("event")
		c.errorf(f, p, diag.Invalid, "a command hook needs command or source")
		return
	case h.Source == "":
		return
	case h.Command != "":
		f, _ := o.get("command")
		c.errorf(f, p.field("command"), diag.Invalid, "give command or source, not both: hookc install registers source where it is, in the policy's directory")
		return
	}
	sv, _ := o.get("source")
	fi, err := os.Stat(filepath.Join(c.l.abs, h.Source))
	switch {
	case !filepath.IsLocal(filepath.FromSlash(h.Source)) || err != nil || !fi.Mode().IsRegular():
		c.errorf(sv, p.field("source"), diag.Invalid, "%s is not a file in the policy's directory", h.Source)
	case fi.Mode().Perm()&0o111 == 0:
		c.errorf(sv, p.field("source"), diag.Invalid, "%s is not executable: chmod +x it (git keeps the mode)", h.Source)
	}
}

// checkTransforms reports a transform of the placeholder ph in the text
// label that is not one of runtime.Transforms (design.md 221).
func (c *compiler) checkTransforms(v object, p vpath, label string, ph runtime.Placeholder) {
	for _, t := range ph.Transforms {
		if !slices.Contains(runtime.Transforms, t) {
			f, _ := v.get(label)
			c.errorf(f, p.field(label), diag.Invalid, "unknown transform :%s in {%s} (known: :%s)", t, ph.Name, strings.Join(runtime.Transforms, ", :"))
		}
	}
}

// state reads the rule's side effects on state files (design.md 223):
// removeContextFiles and saves.
func (c *compiler) state(v object, p vpath, r *runtime.Rule) {
	if b, ok := v.boolean("removeContextFiles"); ok && b {
		r.RemoveContextFiles = true
		if len(r.ContextFiles) == 0 {
			f, _ := v.get("removeContextFiles")
			c.errorf(f, p.field("removeContextFiles"), diag.Type, "removeContextFiles goes with contextFiles")
		}
	}
	if f, ok := v.get("saves"); ok && f.Kind() == cue.StructKind {
		s := objectOf(f)
		r.SaveFile, _ = s.str("file")
		r.SaveFields, _ = s.strings("fields")
	}
}

func (c *compiler) rule(v object, p vpath, r *runtime.Rule) {
	if s, ok := v.str("name"); ok {
		r.Name = s
		if strings.TrimSpace(s) == "" {
			f, _ := v.get("name")
			c.errorf(f, p.field("name"), diag.Type, "a rule name must not be empty")
		}
	}
	r.Decision = c.decision(v, "decision", runtime.Ask)
	r.Reason, _ = v.str("reason")
	r.Message, _ = v.str("message")
	// context is often a document (@embed) whose braces are not meant as
	// placeholders; the known ones are still filled in.
	r.Context, _ = v.str("context")
	r.ContextFiles, _ = v.strings("contextFiles")
	c.state(v, p, r)
	if b, ok := v.boolean("continue"); ok && !b {
		r.Stop = true
	}
	if s, ok := v.str("stopReason"); ok {
		r.StopReason = s
		if !r.Stop {
			f, _ := v.get("stopReason")
			c.errorf(f, p.field("stopReason"), diag.Type, "stopReason goes with continue: false")
		}
	}
	if f, ok := v.get("floor"); ok {
		r.Floor = c.floor(f, p.field("floor"))
	}
	if f, ok := v.get("effects"); ok {
		r.Effects = c.floor(f, p.field("effects"))
		if r.Decision != runtime.Allow {
			c.errorf(f, p.field("effects"), diag.Type, "effects widen what an allow rule allows; a %s rule has none, so drop effects", r.Decision)
		}
	}

	c.conds(v, p, r)
	c.checkTexts(v, p, r)
	c.checkEvents(v, p, r)
}

// fieldConds compiles a struct of field conditions keyed by dotted path
// (input, payload), sorted by path.
func (c *compiler) fieldConds(f cue.Value, p vpath) []runtime.Field {
	var out []runtime.Field
	for _, in := range fields(f) {
		fp := p.field(in.name)
		c.l.roots = append(c.l.roots, fp)
		if bad := checkFieldPath(in.name); bad != "" {
			c.matcherErrorf(fp, in.v, fp, diag.Type, "%s", bad)
			continue
		}
		fd, ok := c.field(fp, in.v, fp)
		if ok {
			fd.Path = in.name
			out = append(out, fd)
		}
	}
	slices.SortStableFunc(out, func(a, b runtime.Field) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// floors compiles the policy's floors: each ask unless the policy says
// otherwise.
func (c *compiler) floors(root object) runtime.Floors {
	var fo object
	if f, ok := root.get("floors"); ok {
		fo = objectOf(f)
	}
	return runtime.Floors{
		Dynamic:    c.decision(fo, "dynamic", runtime.Ask),
		ParseError: c.decision(fo, "parseError", runtime.Ask),
		Depth:      c.decision(fo, "depth", runtime.Ask),
		Code:       c.decision(fo, "code", runtime.Ask),
		Write:      c.decision(fo, "write", runtime.Ask),
		Loss:       c.decision(fo, "loss", runtime.Ask),
		Secret:     c.decision(fo, "secret", runtime.Ask),
	}
}

var floorNames = map[string]runtime.FloorKind{
	"dynamic":    runtime.FloorDynamic,
	"parseError": runtime.FloorParseError,
	"depth":      runtime.FloorDepth,
	"code":       runtime.FloorCode,
	"write":      runtime.FloorWrite,
	"loss":       runtime.FloorLoss,
	"secret":     runtime.FloorSecret,
}

// floor compiles a rule's floor or effects: one name or a list.
func (c *compiler) floor(v cue.Value, p vpath) runtime.FloorKind {
	names := []string{stringOf(v)}
	if v.Kind() == cue.ListKind {
		names, _ = stringList(v)
	}
	var k runtime.FloorKind
	for _, n := range names {
		k |= floorNames[n] // the schema reports other names
	}
	return k
}

// ToolEvents are the events whose payloads carry tool_name and tool_input.
var ToolEvents = []string{"PreToolUse", "PermissionRequest", "PreSkillShellCommand", "PostToolUse", "PostToolUseFailure", "PermissionDenied"}

// checkEvents reports conditions that cannot hold on the events a rule is
// for: tool, input, command and path conditions on events without a tool
// call, and command or path conditions of a floor rule that decides whole
// calls only.
func (c *compiler) checkEvents(v object, p vpath, r *runtime.Rule) {
	conds := []string{"tool", "input", "command", "path", "reads", "writes"}
	if names, ok := r.Event.ExactValues(); ok && !slices.ContainsFunc(names, func(n string) bool { return slices.Contains(ToolEvents, n) }) {
		for _, label := range conds {
			if f, ok := v.get(label); ok {
				what := "matches tool_input"
				if label != "input" {
					what = "needs a tool call"
				}
				c.errorf(f, p.field(label), diag.Type,
					"%s %s, which %s payloads do not have (only %s do); match other payload fields with payload: {...}",
					label, what, strings.Join(names, " and "), strings.Join(ToolEvents, ", "))
			}
		}
	}
	if r.Floor != 0 && r.Floor&^(runtime.FloorParseError|runtime.FloorDepth) == 0 {
		for _, label := range conds[2:] {
			if f, ok := v.get(label); ok {
				c.errorf(f, p.field(label), diag.Type,
					"a parseError or depth floor rule decides the whole call, which has no %s; give it floor: \"dynamic\" too, or drop %s", label, label)
			}
		}
	}
}

// conds compiles the conditions of a rule, walking runtime.Conds: each
// from the field its name gives, in the rule, its command or its when
// (design.md 210).
func (c *compiler) conds(v object, p vpath, r *runtime.Rule) {
	structs := map[string]object{"": v} // where the conditions are: the rule, its command, its when
	if w, ok := v.get("when"); ok && w.Kind() == cue.StructKind {
		structs["when"] = objectOf(w)
	}
	for i := range runtime.Conds {
		cd := &runtime.Conds[i]
		in, label := "", cd.Name
		if j := strings.LastIndexByte(cd.Name, '.'); j >= 0 {
			in, label = cd.Name[:j], cd.Name[j+1:]
		}
		o, ok := structs[in]
		if !ok {
			continue
		}
		fp := p
		for _, part := range strings.Split(cd.Name, ".") {
			fp = fp.field(part)
		}
		f, ok := o.get(label)
		switch dst := cd.Value(r).(type) {
		case *[]runtime.PathCheck:
			// when.exists and when.missing
			exists, _ := o.strings("exists")
			missing, _ := o.strings("missing")
			for _, s := range exists {
				*dst = append(*dst, runtime.PathCheck{Path: s})
			}
			for _, s := range missing {
				*dst = append(*dst, runtime.PathCheck{Path: s, Missing: true})
			}
		case nil:
		default:
			if ok {
				c.cond(f, fp, cd, dst, structs)
			}
		}
	}
	r.Tool = aliasTask(r.Tool)
}

// cond compiles the condition cd, from the field f at path p, into dst;
// a command condition adds its struct to structs.
func (c *compiler) cond(f cue.Value, p vpath, cd *runtime.Cond, dst any, structs map[string]object) {
	isStruct := f.Kind() == cue.StructKind
	switch dst := dst.(type) {
	case **runtime.CmdCond:
		if isStruct {
			*dst = &runtime.CmdCond{}
			structs[cd.Name] = objectOf(f)
		}
	case *runtime.Str:
		*dst, _ = c.str(f, p, false)
	case *runtime.List:
		*dst, _ = c.list(f, p, cd.Paths)
	case *[]runtime.Field:
		if isStruct {
			*dst = c.fieldConds(f, p)
		}
	case *[]runtime.EnvCond:
		if isStruct {
			*dst = c.env(f, p)
		}
	case *runtime.AgentKind:
		switch s, _ := f.String(); s {
		case "main":
			*dst = runtime.MainAgent
		case "subagent":
			*dst = runtime.SubAgent
		}
	case *runtime.OnDisk:
		switch s, _ := f.String(); s {
		case "exist":
			*dst = runtime.OnDiskExist
		case "missing":
			*dst = runtime.OnDiskMissing
		}
	}
}

// env compiles when.env: a matcher or {unset: true} by variable, sorted
// by name.
func (c *compiler) env(env cue.Value, p vpath) []runtime.EnvCond {
	var out []runtime.EnvCond
	for _, f := range fields(env) {
		fp := p.field(f.name)
		c.l.roots = append(c.l.roots, fp)
		e := runtime.EnvCond{Name: f.name}
		if fo := objectOf(f.v); f.v.Kind() == cue.StructKind && len(fo) == 1 {
			if u, ok := fo.get("unset"); ok {
				if b, err := u.Bool(); err != nil || !b {
					c.matcherErrorf(fp, u, fp.field("unset"), diag.Type, "want true")
					continue
				}
				e.Unset = true
				out = append(out, e)
				continue
			}
		}
		s, ok := c.strAt(fp, f.v, fp, false)
		if !ok {
			continue
		}
		e.Value = s
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b runtime.EnvCond) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// checkFieldPath checks a dotted tool_input path.
func checkFieldPath(s string) string {
	if s == "" {
		return "empty field path"
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return fmt.Sprintf("field path %q has an empty component", s)
		}
	}
	return ""
}

// aliasTask makes an exact "Task" or "Agent" match both names: the tool was
// renamed.
func aliasTask(s runtime.Str) runtime.Str {
	switch s.Op {
	case runtime.StrExact:
		if !s.Fold && (s.S == "Task" || s.S == "Agent") {
			return runtime.Str{Op: runtime.StrOr, Subs: []runtime.Str{
				{Op: runtime.StrExact, S: "Agent"}, {Op: runtime.StrExact, S: "Task"},
			}}
		}
	case runtime.StrOr, runtime.StrNot:
		subs := make([]runtime.Str, len(s.Subs))
		for i, sub := range s.Subs {
			subs[i] = aliasTask(sub)
		}
		s.Subs = subs
		if s.Op == runtime.StrOr {
			s = flattenOr(s.Subs)
		}
	}
	return s
}

// flattenOr returns the Or of subs, with nested Ors spliced in and exact
// duplicates removed; one alternative is returned as itself.
func flattenOr(subs []runtime.Str) runtime.Str {
	var out []runtime.Str
	var add func(s runtime.Str)
	add = func(s runtime.Str) {
		if s.Op == runtime.StrOr {
			for _, sub := range s.Subs {
				add(sub)
			}
			return
		}
		for _, o := range out {
			if strEqual(o, s) {
				return
			}
		}
		out = append(out, s)
	}
	for _, s := range subs {
		add(s)
	}
	if len(out) == 1 {
		return out[0]
	}
	return runtime.Str{Op: runtime.StrOr, Subs: out}
}

func strEqual(a, b runtime.Str) bool {
	return a.Op == b.Op && a.S == b.S && a.Re == b.Re && a.Fold == b.Fold &&
		slices.EqualFunc(a.Subs, b.Subs, strEqual)
}

// concrete resolves v to its default and reports a value that is not
// concrete, in plain words for a disjunction (design.md 6).
func (c *compiler) concrete(root vpath, v cue.Value, p vpath) (cue.Value, bool) {
	if err := v.Err(); err != nil {
		c.l.rootErr[root.key()] = true
		for _, d := range c.l.convert(err, diag.Type) {
			c.l.cdiags = append(c.l.cdiags, d)
		}
		return v, false
	}
	if d, ok := v.Default(); ok {
		v = d
	}
	if v.IsConcrete() {
		return v, true
	}
	if op, args := v.Expr(); op == cue.OrOp && len(args) > 1 {
		c.matcherErrorf(root, v, p, diag.Type,
			"%s is a CUE disjunction without a default, not a value; write alternatives as a list: [%s]",
			formatDisjunction(args), strings.Join(strings.Split(formatDisjunction(args), " | "), ", "))
		return v, false
	}
	c.matcherErrorf(root, v, p, diag.Type, "incomplete value %v: want a concrete value", v)
	return v, false
}

var strKeys = []string{"re", "glob", "not", "dynamic"}

// str compiles a #Str matcher at p, a matcher root.
func (c *compiler) str(v cue.Value, p vpath, glob bool) (runtime.Str, bool) {
	c.l.roots = append(c.l.roots, p)
	return c.strAt(p, v, p, glob)
}

// strAt compiles the #Str v at p below the matcher root. With glob, bare
// strings are globs (path conditions).
func (c *compiler) strAt(root vpath, v cue.Value, p vpath, glob bool) (runtime.Str, bool) {
	v, ok := c.concrete(root, v, p)
	if !ok {
		return runtime.Str{}, false
	}
	switch v.Kind() {
	case cue.StringKind:
		s, _ := v.String()
		if glob {
			return c.glob(root, v, p, s)
		}
		return runtime.Str{Op: runtime.StrExact, S: s}, true
	case cue.ListKind:
		es := elems(v)
		if len(es) == 0 {
			c.matcherErrorf(root, v, p, diag.Invalid, "empty list of alternatives matches nothing")
			return runtime.Str{}, false
		}
		subs := make([]runtime.Str, 0, len(es))
		ok := true
		for i, e := range es {
			s, eok := c.strAt(root, e, p.index(i), glob)
			ok = ok && eok
			subs = append(subs, s)
		}
		if !ok {
			return runtime.Str{}, false
		}
		return flattenOr(subs), true
	case cue.StructKind:
		fs := fields(v)
		if !c.oneKey(root, v, p, fs, strKeys, "a matcher") {
			return runtime.Str{}, false
		}
		f := fs[0]
		fp := p.field(f.name)
		switch f.name {
		case "re":
			return c.re(root, f.v, fp)
		case "glob":
			s, ok := c.stringAt(root, f.v, fp)
			if !ok {
				return runtime.Str{}, false
			}
			return c.glob(root, f.v, fp, s)
		case "not":
			s, ok := c.strAt(root, f.v, fp, glob)
			if !ok {
				return runtime.Str{}, false
			}
			return runtime.Str{Op: runtime.StrNot, Subs: []runtime.Str{s}}, true
		case "dynamic":
			if !c.trueAt(root, f.v, fp) {
				return runtime.Str{}, false
			}
			return runtime.Str{Op: runtime.StrDynamic}, true
		}
	}
	c.matcherErrorf(root, v, p, diag.Type, "want a string, a list of alternatives, or one of {re: ...}, {glob: ...}, {not: ...}, {dynamic: true}; not %v", v)
	return runtime.Str{}, false
}

// oneKey checks that a matcher struct has exactly one field, one of keys.
func (c *compiler) oneKey(root vpath, v cue.Value, p vpath, fs []field, keys []string, what string) bool {
	ok := true
	for _, f := range fs {
		if !slices.Contains(keys, f.name) {
			c.matcherErrorf(root, f.v, p.field(f.name), diag.Type, "field not allowed in %s (want %s)", what, orList(keys))
			ok = false
		}
	}
	if !ok {
		return false
	}
	switch len(fs) {
	case 0:
		c.matcherErrorf(root, v, p, diag.Invalid, "empty %s {}: want %s", strings.TrimPrefix(what, "a "), orList(keys))
		return false
	case 1:
		return true
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.name
	}
	c.matcherErrorf(root, v, p, diag.Type, "%s has exactly one of %s; this one has %s", what, orList(keys), strings.Join(names, " and "))
	return false
}

func (c *compiler) stringAt(root vpath, v cue.Value, p vpath) (string, bool) {
	v, ok := c.concrete(root, v, p)
	if !ok {
		return "", false
	}
	s, err := v.String()
	if err != nil {
		c.matcherErrorf(root, v, p, diag.Type, "want a string, not %v", v)
		return "", false
	}
	return s, true
}

func (c *compiler) trueAt(root vpath, v cue.Value, p vpath) bool {
	v, ok := c.concrete(root, v, p)
	if !ok {
		return false
	}
	if b, err := v.Bool(); err != nil || !b {
		c.matcherErrorf(root, v, p, diag.Type, "want true, not %v", v)
		return false
	}
	return true
}

func (c *compiler) re(root vpath, v cue.Value, p vpath) (runtime.Str, bool) {
	s, ok := c.stringAt(root, v, p)
	if !ok {
		return runtime.Str{}, false
	}
	if s == "" {
		c.matcherErrorf(root, v, p, diag.Invalid, "empty regular expression matches every value")
		return runtime.Str{}, false
	}
	if _, err := regexp.Compile(s); err != nil {
		c.matcherErrorf(root, v, p, diag.Invalid, "invalid regular expression %q: %v", s, reErr(err))
		return runtime.Str{}, false
	}
	i, ok := c.patIdx[s]
	if !ok {
		i = int32(len(c.t.Patterns))
		c.t.Patterns = append(c.t.Patterns, s)
		c.patIdx[s] = i
	}
	return runtime.Str{Op: runtime.StrRe, Re: i}, true
}

// reErr shortens regexp's error messages, which repeat "error parsing regexp".
func reErr(err error) string {
	return strings.TrimPrefix(err.Error(), "error parsing regexp: ")
}

func (c *compiler) glob(root vpath, v cue.Value, p vpath, s string) (runtime.Str, bool) {
	if err := paths.CheckGlob(s); err != nil {
		c.matcherErrorf(root, v, p, diag.Invalid, "invalid glob %q: %s", s,
			strings.TrimPrefix(err.Error(), fmt.Sprintf("glob %q: ", s)))
		return runtime.Str{}, false
	}
	return runtime.Str{Op: runtime.StrGlob, S: s, Fold: c.t.FoldCase && isPathRoot(root)}, true
}

// isPathRoot reports whether a matcher root is a path condition (path,
// reads, writes), where foldCase applies.
func isPathRoot(root vpath) bool {
	if len(root) == 0 {
		return false
	}
	switch root[len(root)-1] {
	case "path", "reads", "writes":
		return len(root) == 3 && root[0] == "rules"
	}
	return false
}

var listKeys = []string{"any", "all", "none", "prefix"}

// list compiles a #List at p, a matcher root.
func (c *compiler) list(v cue.Value, p vpath, glob bool) (runtime.List, bool) {
	c.l.roots = append(c.l.roots, p)
	v, ok := c.concrete(p, v, p)
	if !ok {
		return runtime.List{}, false
	}
	if v.Kind() != cue.StructKind {
		s, ok := c.strAt(p, v, p, glob)
		return runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: s}}}, ok
	}
	fs := fields(v)
	var isStr, isList bool
	for _, f := range fs {
		isStr = isStr || slices.Contains(strKeys, f.name)
		isList = isList || slices.Contains(listKeys, f.name)
	}
	if isStr && !isList {
		s, ok := c.strAt(p, v, p, glob)
		return runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: s}}}, ok
	}
	ok = true
	for _, f := range fs {
		if !slices.Contains(listKeys, f.name) {
			c.matcherErrorf(p, f.v, p.field(f.name), diag.Type,
				"field not allowed in a list condition (want any, all, none or prefix, or a matcher: a string, a list, {re}, {glob}, {not}, {dynamic})")
			ok = false
		}
	}
	if !ok {
		return runtime.List{}, false
	}
	if len(fs) == 0 {
		c.matcherErrorf(p, v, p, diag.Invalid, "empty list condition {}: want any, all, none or prefix")
		return runtime.List{}, false
	}
	var l runtime.List
	vo := objectOf(v)
	for _, q := range []struct {
		key string
		q   runtime.Quant
	}{{"any", runtime.QAny}, {"all", runtime.QAll}, {"none", runtime.QNone}} {
		f, present := vo.get(q.key)
		if !present {
			continue
		}
		s, sok := c.strAt(p, f, p.field(q.key), glob)
		ok = ok && sok
		l.Conds = append(l.Conds, runtime.ListCond{Q: q.q, Elem: s})
	}
	if f, present := vo.get("prefix"); present {
		fp := p.field("prefix")
		f, cok := c.concrete(p, f, fp)
		switch {
		case !cok:
			ok = false
		case f.Kind() != cue.ListKind:
			c.matcherErrorf(p, f, fp, diag.Type, "want a list of matchers, one per leading element, not %v", f)
			ok = false
		default:
			es := elems(f)
			if len(es) == 0 {
				c.matcherErrorf(p, f, fp, diag.Invalid, "empty prefix matches every list")
				ok = false
			}
			cond := runtime.ListCond{Q: runtime.QPrefix}
			for i, e := range es {
				s, sok := c.strAt(p, e, fp.index(i), glob)
				ok = ok && sok
				cond.Prefix = append(cond.Prefix, s)
			}
			l.Conds = append(l.Conds, cond)
		}
	}
	return l, ok
}

var fieldKeys = []string{"re", "glob", "not", "absent", "present"}

// field compiles a #Field at p below the matcher root.
func (c *compiler) field(root vpath, v cue.Value, p vpath) (runtime.Field, bool) {
	v, ok := c.concrete(root, v, p)
	if !ok {
		return runtime.Field{}, false
	}
	switch v.Kind() {
	case cue.StructKind:
		fs := fields(v)
		if !c.oneKey(root, v, p, fs, fieldKeys, "a field matcher") {
			return runtime.Field{}, false
		}
		f := fs[0]
		fp := p.field(f.name)
		switch f.name {
		case "not":
			fd, ok := c.field(root, f.v, fp)
			fd.Not = !fd.Not
			return fd, ok
		case "absent":
			return runtime.Field{Kind: runtime.FieldAbsent}, c.trueAt(root, f.v, fp)
		case "present":
			return runtime.Field{Kind: runtime.FieldPresent}, c.trueAt(root, f.v, fp)
		}
		s, ok := c.strAt(root, v, p, false)
		return runtime.Field{Kind: runtime.FieldString, Str: s}, ok
	case cue.IntKind, cue.FloatKind, cue.NumberKind:
		num, ok := c.number(root, v, p)
		return runtime.Field{Kind: runtime.FieldNumber, Str: runtime.Str{Op: runtime.StrExact, S: num}}, ok
	case cue.BoolKind:
		b, _ := v.Bool()
		s := strconv.FormatBool(b)
		return runtime.Field{Kind: runtime.FieldBool, Str: runtime.Str{Op: runtime.StrExact, S: s}}, true
	case cue.StringKind:
		s, _ := v.String()
		return runtime.Field{Kind: runtime.FieldString, Str: runtime.Str{Op: runtime.StrExact, S: s}}, true
	case cue.ListKind:
		return c.fieldList(root, v, p)
	}
	c.matcherErrorf(root, v, p, diag.Type,
		"want a string, a number, a boolean, a list of alternatives, or one of {re}, {glob}, {not}, {absent: true}, {present: true}; not %v", v)
	return runtime.Field{}, false
}

// fieldList compiles a list of alternatives for a tool_input field: all
// numbers, all booleans, or all string matchers.
func (c *compiler) fieldList(root vpath, v cue.Value, p vpath) (runtime.Field, bool) {
	es := elems(v)
	if len(es) == 0 {
		c.matcherErrorf(root, v, p, diag.Invalid, "empty list of alternatives matches nothing")
		return runtime.Field{}, false
	}
	kind := func(e cue.Value) runtime.FieldKind {
		if d, ok := e.Default(); ok {
			e = d
		}
		switch e.IncompleteKind() {
		case cue.IntKind, cue.FloatKind, cue.NumberKind:
			return runtime.FieldNumber
		case cue.BoolKind:
			return runtime.FieldBool
		}
		return runtime.FieldString
	}
	k := kind(es[0])
	for i, e := range es[1:] {
		if kind(e) != k {
			c.matcherErrorf(root, e, p.index(i+1), diag.Type,
				"alternatives for a field are all strings (or string matchers), all numbers or all booleans")
			return runtime.Field{}, false
		}
	}
	if k == runtime.FieldString {
		s, ok := c.strAt(root, v, p, false)
		return runtime.Field{Kind: runtime.FieldString, Str: s}, ok
	}
	var subs []runtime.Str
	ok := true
	for i, e := range es {
		e, eok := c.concrete(root, e, p.index(i))
		if !eok {
			ok = false
			continue
		}
		var s string
		if k == runtime.FieldBool {
			b, _ := e.Bool()
			s = strconv.FormatBool(b)
		} else {
			s, eok = c.number(root, e, p.index(i))
			ok = ok && eok
		}
		subs = append(subs, runtime.Str{Op: runtime.StrExact, S: s})
	}
	return runtime.Field{Kind: k, Str: flattenOr(subs)}, ok
}

// number returns the canonical text of a number: strconv.FormatFloat(f,
// 'g', -1, 64), so that 1, 1.0 and 1e0 are the same condition.
func (c *compiler) number(root vpath, v cue.Value, p vpath) (string, bool) {
	f, err := v.Float64()
	if err != nil {
		if n, ierr := v.Int64(); ierr == nil {
			f, err = float64(n), nil
		}
	}
	if err != nil {
		c.matcherErrorf(root, v, p, diag.Invalid, "number %v out of range", v)
		return "", false
	}
	return strconv.FormatFloat(f, 'g', -1, 64), true
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
