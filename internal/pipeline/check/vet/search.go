package vet

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/paths"
)

// Unreached reports the rules that no call vet can make is decided by:
// the model's witnesses of the rule's region (pick), and calls made from
// the words of the rule and of the policy (searchCalls), all replayed
// through the table the hook runs. Such a rule is possibly dead or
// possibly shadowed: the model treats the dimensions of a unit as
// independent (a flag that must also be a word of the line, a program
// name that a line condition spells again, a floor that takes a program
// first), so it cannot always tell. Its finding names the call that came
// nearest, and the rule that decided it (design.md 113).
var Unreached = &Check{Name: "unreached", Doc: unreachedDoc, Facts: []*Fact{ReachFact, ReplayFact, RemovedFact}, Adds: []*Fact{AcceptFact}, run: runUnreached}

const unreachedDoc = `unreached: a rule that no call vet builds for it is decided by

  command: {name: "rm", wrappers: ["chronic"]}
  -> possibly: rule "rm run by chronic" decided no call vet tried;
     "chronic rm" is decided by the default (chronic is not a wrapper
     hookc knows, so rm is never the command's program)

vet looks for each remaining rule's call twice: the witnesses of its
region in the model, then calls made from the words the rule and the
policy spell. A rule none of them reaches is reported possibly: the
model treats a unit's dimensions as independent, so this may be a dead
rule vet cannot prove dead, or a reachable one its calls miss.`

func runUnreached(ps *pass) {
	if ps.r.run == ps.t {
		return // no generated form: nothing to replay with
	}
	reported := ps.reportedRules()
	vocab := newVocabulary(ps.t)
	type result struct {
		near  call
		found bool
	}
	res := make([]result, len(ps.t.Rules))
	parallel(len(ps.t.Rules), func(ri int) {
		if reported[ri] || ps.rules[ri].dead {
			res[ri].found = true
			return
		}
		_, res[ri].near, res[ri].found = ps.reach(ri, vocab)
	})
	for ri, x := range res {
		if x.found {
			continue
		}
		msg := fmt.Sprintf("rule %s decided no call vet tried: it may be dead, or shadowed by earlier rules in a way vet's model cannot show", ps.name(ri))
		if x.near.payload != nil {
			if d := ps.nearestDecider(x.near); d != "" {
				msg += "; the call below is decided by " + d
			}
		}
		ps.report(ri, "unreached", Possibly, ps.rulePos(ri), msg, nil, x.near)
	}
}

// reach looks for a call rule ri decides, replayed through the table
// the hook runs: how says which, "witness" (of its region in the model)
// or "words" (a call of vocabulary v); when none is found, near is the
// call that came nearest. On events other than the permission events
// every matching rule with a context adds it (design.md 59): such a rule
// is reached by a call it matches, whichever rule decides it.
func (ps *pass) reach(ri int, v *vocabulary) (how string, near call, ok bool) {
	t := ps.r.run
	decided := func(_ call, units []runtime.Trace, u int) bool { return ps.r.decidedBy(units[u], ri) }
	if quiet(&ps.t.Rules[ri], "shadowed") {
		t = ps.r.alone(ri)
	} else if how, near = ps.reachByWitness(ri, decided); how != "" {
		return how, near, true
	}
	calls := v.calls(ps.t, ri)
	if ps.r.reaches(t, calls, decided) {
		return "words", near, true
	}
	// A rule of an effect floor decides only what an allow rule of the
	// policy takes that floor for: alone, nothing takes it (design.md 300).
	if t != ps.r.run && ps.t.Rules[ri].Floor&runtime.FloorEffects != 0 && ps.r.reaches(ps.r.run, calls, decided) {
		return "words", near, true
	}
	if near.payload == nil && len(calls) > 0 {
		near = calls[0]
	}
	return "", near, false
}

// reportedRules returns the rules a finding so far says decide nothing
// (dead, shadowed, redundant), in any certainty.
func (ps *pass) reportedRules() []bool {
	out := make([]bool, len(ps.t.Rules))
	for _, d := range ps.out {
		if !slices.Contains(unreachableChecks, d.Check) {
			continue
		}
		for ri := range ps.t.Rules {
			if ps.t.Rules[ri].Pos == d.Pos.String() {
				out[ri] = true
			}
		}
	}
	return out
}

// unreachableChecks are the checks that say a rule decides nothing, or
// nothing the later rules would not decide the same way.
var unreachableChecks = []string{"dead", "shadowed", "redundant", "unreached"}

// nearestDecider names what decided the first unit of c.
func (ps *pass) nearestDecider(c call) string {
	res := ps.r.explain(ps.r.run, c)
	if len(res.Units) == 0 {
		return ""
	}
	u := res.Units[0]
	if i := ps.r.decider(u, len(ps.t.Rules)); i >= 0 {
		return "rule " + ps.name(i)
	}
	return fmt.Sprintf("the default (%s)", u.Decision)
}

// reachByWitness looks for a call rule ri decides among the witnesses of
// its region, as vet builds them: "witness" if one is found, else "" and
// the first call tried.
func (ps *pass) reachByWitness(ri int, decided func(call, []runtime.Trace, int) bool) (string, call) {
	var boxes []box
	var sps []space
	for _, ref := range ps.rules[ri].refs {
		c := ps.a.cells[ref.c]
		for _, b := range c.reach[ref.k] {
			boxes = append(boxes, b)
			sps = append(sps, c.space)
		}
	}
	w, ok, _ := ps.findWitness(boxes, sps, decided)
	if ok {
		return "witness", w
	}
	return "", w
}

// reaches reports whether ok holds for some unit of some call, decided
// with the table t.
func (r *replayer) reaches(t *runtime.Table, calls []call, ok func(c call, units []runtime.Trace, u int) bool) bool {
	for _, c := range calls {
		if c.payload == nil {
			continue
		}
		res := r.explain(t, c)
		for u := range res.Units {
			if ok(c, res.Units, u) {
				return true
			}
		}
	}
	return false
}

// maxSearch bounds the calls searchCalls makes for one rule.
const maxSearch = 400

// A vocabulary is what calls are made of: the values the policy's
// payload conditions spell, by field, for every rule.
type vocabulary struct {
	fields map[string][]string // payload field (agent_type, ...) to values
	// inputs are the tool_input fields the rules' input conditions name,
	// with a value of each: an earlier rule may need one absent (or
	// present) for a call to get past it (design.md 148).
	inputs map[string]any
	// options are the options the rules' flags conditions spell: words
	// that get a line past an earlier rule's flags condition.
	options []string
	// paths are the paths the rules' path conditions spell, in every
	// quantifier: operands that get a line past an earlier rule's path
	// condition (reads: {none: {re: "push"}} lets cat push by; design.md
	// 377).
	paths []string
}

func newVocabulary(t *runtime.Table) *vocabulary {
	v := &vocabulary{fields: map[string][]string{}, inputs: map[string]any{}}
	for i := range t.Rules {
		r := &t.Rules[i]
		for _, f := range r.Input {
			if _, ok := v.inputs[f.Path]; !ok {
				v.inputs[f.Path] = typedValue(f.Kind, first(samples(t.Patterns, &f.Str, 1), "x"))
			}
		}
		for _, f := range r.Payload {
			v.fields[f.Path] = appendNew(v.fields[f.Path], samples(t.Patterns, &f.Str, 8)...)
		}
		v.fields["agent_type"] = appendNew(v.fields["agent_type"], samples(t.Patterns, &r.AgentType, 8)...)
		if r.Cmd != nil && len(v.options) < 16 {
			for _, lc := range r.Cmd.Flags.Conds {
				v.options = appendNew(v.options, optionSpellings(listSamples(t, &lc))...)
			}
		}
		pathConds(r, func(lc *runtime.ListCond) {
			if len(v.paths) < 16 {
				v.paths = appendNew(v.paths, listSamples(t, lc)...)
			}
		})
	}
	return v
}

// fieldSamples returns values for the input or payload field condition
// f that it matches, and whether the field is to be set at all: a
// condition that wants the field absent, or not matching a value, is met
// by leaving it out (design.md 148).
func fieldSamples(patterns []string, f *runtime.Field) ([]string, bool) {
	switch {
	case f.Kind == runtime.FieldAbsent:
		return nil, f.Not
	case f.Kind == runtime.FieldPresent:
		return nil, !f.Not
	case !f.Not:
		return samples(patterns, &f.Str, 6), true
	case f.Str.Op == runtime.StrNot:
		return samples(patterns, &f.Str.Subs[0], 6), true
	}
	return nil, false
}

// calls returns calls made from the words rule ri spells: its events,
// tools, programs, options, arguments, line, wrappers, assignments and
// paths, combined a few at a time, with the environment and files its
// context conditions need. They are candidates, not claims: each is
// replayed.
func (v *vocabulary) calls(t *runtime.Table, ri int) []call {
	r := &t.Rules[ri]
	s := func(x *runtime.Str) []string { return samples(t.Patterns, x, 6) }
	events := s(&r.Event)
	if r.Event.Op == runtime.StrAny {
		events = []string{"PreToolUse"}
	}
	env := map[string]string{}
	for _, e := range r.Env {
		if !e.Unset {
			env[e.Name] = first(s(&e.Value), "1")
		}
	}
	var files []string
	for _, x := range r.Exists {
		if !x.Missing {
			files = append(files, resolveTest(x.Path))
		}
	}
	agentTypes := append(s(&r.AgentType), v.fields["agent_type"]...)
	switch {
	case r.Agent == runtime.MainAgent:
		agentTypes = []string{""}
	case len(agentTypes) == 0 || r.AgentType.Op == runtime.StrAny && r.Agent != runtime.SubAgent:
		agentTypes = append([]string{""}, agentTypes...)
	}
	var inputs []map[string]any
	tools := s(&r.Tool)
	if r.Cmd != nil || r.Floor != 0 {
		tools = []string{"Bash"}
		for _, line := range commandLines(t, r, v.options, v.paths) {
			inputs = append(inputs, map[string]any{"command": line})
		}
	} else {
		if r.Tool.Op == runtime.StrAny {
			tools = []string{"Bash", "Read", "Write", "Edit", "Grep", "WebFetch", "Agent"}
		}
		inputs = toolInputs(t, r)
	}
	for _, f := range r.Input {
		vals, set := fieldSamples(t.Patterns, &f)
		for _, in := range inputs {
			if _, ok := in[f.Path]; !ok && set {
				setPath(in, f.Path, typedValue(f.Kind, first(vals, "x")))
			}
		}
	}
	inputs = append(inputs, v.withInputs(r, inputs)...)
	extra := v.extra(r)
	var out []call
	if historyRule(t, r) {
		out = historyCalls(t, r, &callMaker{base: payloadJSON{Event: events[0], Cwd: load.TestCwd, Tool: "Bash"}, env: env, files: files, extra: extra})
	}
	var linked []call
	if r.Cmd == nil && r.Floor == 0 {
		// A tool's path that is a symlink is two paths, itself and its
		// target: a rule whose paths condition needs two is reached so
		// (a prefix of two written paths; design.md 387).
		linked = linkedCalls(t, r, tools, &callMaker{base: payloadJSON{Event: events[0], Cwd: load.TestCwd}, env: env, files: files, extra: extra})
	}
	budget := maxSearch - len(linked)
	for _, ev := range events {
		for _, tool := range tools {
			for _, at := range agentTypes[:min(len(agentTypes), 20)] {
				for _, in := range inputs {
					p := payloadJSON{Event: ev, Cwd: load.TestCwd, Tool: tool, Input: in, AgentType: at}
					if at != "" || r.Agent == runtime.SubAgent {
						p.AgentID = "a"
					}
					out = append(out, (&callMaker{base: p, env: env, files: files, extra: extra}).call(in))
					if len(out) >= budget {
						return append(out, linked...)
					}
				}
			}
		}
	}
	return append(out, linked...)
}

// linkedCalls returns calls of the tools (those with path fields) whose
// path, one of r's path samples, is a symlink to another of them; mk
// makes them.
func linkedCalls(t *runtime.Table, r *runtime.Rule, tools []string, mk *callMaker) []call {
	ps := pathSamples(t, r)
	ps = ps[:min(len(ps), 3)]
	var out []call
	for _, tool := range tools {
		i := slices.IndexFunc(t.Tools, func(tp runtime.ToolPaths) bool { return tp.Tool == tool })
		if i < 0 {
			continue
		}
		fields := append(slices.Clone(t.Tools[i].Writes), t.Tools[i].Reads...)
		if len(fields) == 0 {
			continue
		}
		for _, p := range ps {
			link := path.Clean(resolveTest(p))
			for _, q := range ps {
				if target := path.Clean(resolveTest(q)); target != link {
					in := map[string]any{fields[0]: p}
					m := *mk
					m.base.Tool, m.base.Input = tool, in
					c := m.call(in)
					c.links = map[string]string{link: target}
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// historyCalls returns the calls of a git command that prints from the
// history, in a repository: the runtime adds the read of its objects
// (design.md 246, 300). w makes the calls.
func historyCalls(t *runtime.Table, r *runtime.Rule, w *callMaker) []call {
	progs := []string{"git"}
	if r.Cmd != nil {
		progs = appendNew(samples(t.Patterns, &r.Cmd.Name, 6), progs...)
	}
	w.files = append(slices.Clone(w.files), load.TestCwd+"/.git/HEAD")
	var out []call
	for _, p := range progs {
		out = append(out, w.call(map[string]any{"command": p + " log -S a"}))
	}
	return out
}

// positive reports whether l has a condition that some path must meet.
func positive(l *runtime.List) bool {
	return slices.ContainsFunc(l.Conds, func(lc runtime.ListCond) bool { return lc.Q != runtime.QNone })
}

// historyRule reports whether r may decide a read of a repository's
// history, which the runtime marks as a read of its objects
// (design.md 246): a rule of the secret floor, or one whose path
// conditions name the objects.
func historyRule(t *runtime.Table, r *runtime.Rule) bool {
	if r.Floor&runtime.FloorSecret != 0 {
		return true
	}
	for _, l := range []*runtime.List{&r.Path, &r.Reads} {
		for _, lc := range l.Conds {
			if lc.Q != runtime.QNone && slices.ContainsFunc(listSamples(t, &lc), func(x string) bool { return strings.Contains(x, ".git/objects") }) {
				return true
			}
		}
	}
	return false
}

// withInputs returns copies of inputs with the input fields other rules
// name and rule r does not, after the calls without them.
func (v *vocabulary) withInputs(r *runtime.Rule, inputs []map[string]any) []map[string]any {
	add := map[string]any{}
	for path, x := range v.inputs {
		if !strings.Contains(path, ".") && !slices.ContainsFunc(r.Input, func(f runtime.Field) bool { return f.Path == path }) {
			add[path] = x
		}
	}
	if len(add) == 0 {
		return nil
	}
	var out []map[string]any
	for _, in := range inputs {
		c := maps.Clone(in)
		for path, x := range add {
			if _, ok := c[path]; !ok {
				c[path] = x
			}
		}
		out = append(out, c)
	}
	return out
}

// typedValue returns sample v as the JSON value a field condition of
// kind k wants: a number or a boolean as such, not as a string.
func typedValue(k runtime.FieldKind, v string) any {
	switch k {
	case runtime.FieldNumber:
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return json.Number(v)
		}
		return json.Number("1")
	case runtime.FieldBool:
		return v == "true"
	}
	return v
}

// extra returns the payload fields outside tool_input the rule's
// conditions name, with a value of each.
func (v *vocabulary) extra(r *runtime.Rule) map[string]any {
	out := map[string]any{}
	for _, f := range r.Payload {
		if f.Not || slices.Contains(witnessKeys, strings.SplitN(f.Path, ".", 2)[0]) {
			continue
		}
		if vals := v.fields[f.Path]; len(vals) > 0 {
			setPath(out, f.Path, vals[0])
		}
	}
	return out
}

// commandLines returns command lines made from the words of r's command
// condition, its path conditions and its line conditions (its line, and
// an input condition on the command), with the options of the policy
// (opts) before a line's text, and the policy's paths (paths) as
// operands.
func commandLines(t *runtime.Table, r *runtime.Rule, opts, paths []string) []string {
	c := r.Cmd
	if c == nil {
		c = &runtime.CmdCond{} // a floor rule: any command
	}
	s := func(x *runtime.Str) []string { return samples(t.Patterns, x, 6) }
	progs := s(&c.Name)
	if c.Name.Op == runtime.StrAny || len(progs) == 0 {
		// Any program: ls, which reads no file (it lists names), and
		// cat, which reads its operands (first for a rule about the
		// paths a command reads): an earlier rule's path condition may
		// take one and not the other. echo neither reads nor lists: a
		// listing of a closed place takes the secret floor (design.md
		// 407).
		progs = []string{"ls", "cat", "echo"}
		if positive(&r.Path) || positive(&r.Reads) {
			progs = []string{"cat", "ls", "echo"}
		}
	}
	prefix, items := commandItems(t, r)
	head := func(p string) string { return strings.TrimSpace(p + " " + strings.Join(prefix, " ")) }
	texts := lineTexts(t, r)
	var lines []string
	lines = appendNew(lines, texts...)
	for _, p := range progs {
		h := head(p)
		lines = appendNew(lines, h)
		for i, x := range items {
			lines = appendNew(lines, h+" "+x, h+" "+x+" a")
			for _, y := range items[i+1:] {
				lines = appendNew(lines, h+" "+x+" "+y)
			}
		}
		// A line's text after the program and a word: a line
		// condition matches the whole line, which the program and the
		// options begin.
		for _, x := range texts {
			lines = appendNew(lines, h+" "+x)
			for _, y := range appendNew(slices.Clone(items), opts...) {
				lines = appendNew(lines, h+" "+y+" "+x)
			}
		}
		lines = appendNew(lines, pathLines(t, p, h, opts, paths)...)
		// Lines the floors take: a program known only when it runs, a
		// line that does not parse.
		lines = appendNew(lines, p+` "$X"`, `"$X"`, `eval "$X"`, `a | `+h, h+` "$(a)"`, h+" (", "X=1")
		if k := t.Command(p); k != nil && k.Code != "" {
			// An interpreter reading core code on its standard input
			// (design.md 455).
			lines = appendNew(lines, h+" <<< 1")
		}
	}
	var wrapped []string
	for _, lc := range c.Wrappers.Conds {
		// The wrappers the condition spells, and wrappers the runtime
		// knows, for conditions a placeholder does not meet (a not, a
		// prefix of nots).
		for _, w := range appendNew(listSamples(t, &lc), knownWrappers...) {
			wrapped = appendNew(wrapped, w+" "+head(progs[0]), w+" "+head(progs[0])+" a", w, w+` "$X"`)
		}
	}
	for _, lc := range c.Assigns.Conds {
		for _, a := range s(&lc.Elem) {
			if !strings.Contains(a, "=") {
				a = "X=" + a
			}
			wrapped = appendNew(wrapped, a+" "+head(progs[0]))
		}
	}
	for _, lc := range c.Producers.Conds {
		for _, p := range appendNew(listSamples(t, &lc), "cat", "ls") {
			wrapped = appendNew(wrapped, p+" | "+head(progs[0]))
		}
	}
	return append(wrapped, lines...)
}

// pathLines returns the lines of the program p, its head h (p and the
// rule's prefix of arguments), with the policy's paths as operands, alone
// and after an option: a line gets past an earlier rule's path condition
// by reading one, and past its flags condition by an option (design.md
// 377).
func pathLines(t *runtime.Table, p, h string, opts, paths []string) []string {
	flags := opts[:min(len(opts), 4)]
	if f := plainFlag(t, p); f != "" {
		flags = append([]string{f}, flags...)
	}
	var lines []string
	for _, x := range paths {
		lines = appendNew(lines, h+" "+x)
		for _, y := range flags {
			lines = appendNew(lines, h+" "+y+" "+x)
		}
	}
	return lines
}

// plainFlag returns an option of the program prog that takes no value
// and does nothing but change its output (cat -n, ls -l), or "": a line
// with it gets past a condition on the options (flags: {none: {re:
// "^-"}}) where the policy spells no option the program takes.
func plainFlag(t *runtime.Table, prog string) string {
	c := t.Command(prog)
	if c == nil {
		return ""
	}
	long := ""
	for _, o := range commands.DecodeOpts(c.Opts) {
		switch {
		case o.Kind != commands.OptFlag || !strings.HasPrefix(o.Name, "-") || o.Name == "--help" || o.Name == "--version":
		case len(o.Name) == 2:
			return o.Name
		case long == "":
			long = o.Name
		}
	}
	return long
}

// commandItems returns the words that may follow the program, made from
// the words of r's command condition and its path conditions: a prefix
// of the arguments, then any of the others.
func commandItems(t *runtime.Table, r *runtime.Rule) (prefix, items []string) {
	c := r.Cmd
	if c == nil {
		c = &runtime.CmdCond{}
	}
	s := func(x *runtime.Str) []string { return samples(t.Patterns, x, 6) }
	// The words that may follow the program: a prefix of the arguments,
	// then any of the options, words and arguments the conditions name.
	// Options are spelt as options: a sample of a flags condition that
	// does not start with a dash is tried after one and after two
	// (design.md 148).
	for _, l := range []*runtime.List{&c.Args, &c.Flags, &c.Words} {
		opt := func(v []string) []string { return v }
		if l == &c.Flags {
			opt = optionSpellings
		}
		for _, lc := range l.Conds {
			switch lc.Q {
			case runtime.QPrefix:
				for _, p := range lc.Prefix {
					prefix = append(prefix, opt([]string{first(s(&p), "a")})[0])
				}
			case runtime.QAny, runtime.QAll:
				items = appendNew(items, opt(s(&lc.Elem))...)
			}
		}
	}
	// The paths the rule's path conditions spell, as operands.
	pathConds(r, func(lc *runtime.ListCond) {
		if lc.Q != runtime.QNone {
			items = appendNew(items, listSamples(t, lc)...)
		}
	})
	// Words only known when the command runs, which a deny or ask rule
	// may match where a certain word would not.
	items = appendNew(items, "a", "-", `"$X"`)
	return prefix, items
}

// lineTexts returns samples of the text r's line conditions want: its
// command.line, and an input condition on the command.
func lineTexts(t *runtime.Table, r *runtime.Rule) []string {
	var texts []string
	if r.Cmd != nil {
		texts = samples(t.Patterns, &r.Cmd.Line, 6)
	}
	for _, f := range r.Input {
		if f.Path == "command" {
			vals, _ := fieldSamples(t.Patterns, &f)
			texts = appendNew(texts, vals...)
		}
	}
	return texts
}

// knownWrappers are programs the runtime unwraps, to try under a wrapper
// condition that names none.
var knownWrappers = []string{"sudo", "env", "xargs", "nice", "timeout 1", "bash -c"}

// listSamples returns samples of a list condition's elements: its element
// or, for a prefix, each of its parts.
func listSamples(t *runtime.Table, lc *runtime.ListCond) []string {
	if lc.Q != runtime.QPrefix {
		return samples(t.Patterns, &lc.Elem, 6)
	}
	var out []string
	for i := range lc.Prefix {
		out = appendNew(out, samples(t.Patterns, &lc.Prefix[i], 6)...)
	}
	return out
}

// optionSpellings returns each sample as an option: as it is when it
// starts with a dash, else after two dashes (kept whole) and after one.
func optionSpellings(v []string) []string {
	var out []string
	for _, x := range v {
		if strings.HasPrefix(x, "-") {
			out = appendNew(out, x)
		} else {
			out = appendNew(out, "--"+x, "-"+x)
		}
	}
	return out
}

// toolInputs returns tool_input objects made from the paths of r's path
// conditions, in the path fields of every tool the table knows.
func toolInputs(t *runtime.Table, r *runtime.Rule) []map[string]any {
	out := []map[string]any{{}}
	for _, p := range pathSamples(t, r) {
		for _, field := range []string{"file_path", "path", "notebook_path", "url", "pattern", "prompt"} {
			out = append(out, map[string]any{field: p})
		}
	}
	return out
}

// pathSamples returns values of r's path conditions.
func pathSamples(t *runtime.Table, r *runtime.Rule) []string {
	var paths []string
	runtime.WalkMatchers(r, func(c *runtime.Cond, _ string, s *runtime.Str) {
		if c.Paths {
			paths = appendNew(paths, samples(t.Patterns, s, 6)...)
		}
	})
	return paths
}

// samples returns up to n values s matches, short ones first: literal
// values, globs and regular expressions with their wildcards filled in.
// A negation or a dynamic matcher gives placeholder values.
func samples(patterns []string, s *runtime.Str, n int) []string {
	var out []string
	switch s.Op {
	case runtime.StrExact:
		out = []string{s.S}
	case runtime.StrGlob:
		r := strings.NewReplacer("**", "a", "*", "a", "?", "a")
		for _, g := range braceSamples(s.S, n) {
			out = appendNew(out, r.Replace(g))
		}
		if strings.HasSuffix(s.S, "/**") {
			out = append(out, strings.TrimSuffix(s.S, "/**"))
		}
	case runtime.StrRe:
		if int(s.Re) < len(patterns) {
			if re, err := syntax.Parse(patterns[s.Re], syntax.Perl); err == nil {
				out = reSamples(re.Simplify(), n)
			}
		}
	case runtime.StrOr:
		for i := range s.Subs {
			out = appendNew(out, samples(patterns, &s.Subs[i], n)...)
		}
	case runtime.StrNot:
		// not(or(not A, not B, C)) is A and B and not C: samples of A and
		// B may meet the rest; the other calls vary them.
		if x := &s.Subs[0]; x.Op == runtime.StrOr {
			for i := range x.Subs {
				if x.Subs[i].Op == runtime.StrNot {
					out = appendNew(out, samples(patterns, &x.Subs[i].Subs[0], n)...)
				}
			}
		}
		out = appendNew(out, "a", "x.go")
	case runtime.StrDynamic:
		out = []string{`"$X"`}
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// braceSamples returns up to n spellings of glob pattern g with its brace
// groups expanded, one alternative of each group in turn, so that a
// sample is a name the glob matches, not the braces' text.
func braceSamples(g string, n int) []string {
	i := strings.IndexByte(g, '{')
	if i < 0 || n <= 0 {
		return []string{g}
	}
	alts, end, err := paths.SplitBraces(g, i)
	if err != nil || len(alts) == 0 {
		return []string{g}
	}
	var out []string
	for _, a := range alts {
		if len(out) >= n {
			break
		}
		for _, x := range braceSamples(g[:i]+a+g[end:], 1) {
			out = appendNew(out, x)
		}
	}
	return out
}

// reSamples returns up to n strings the regular expression re matches
// (the empty-width assertions taken to hold).
func reSamples(re *syntax.Regexp, n int) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}
	case syntax.OpCharClass:
		return []string{string(classRune(re.Rune))}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return []string{"a"}
	case syntax.OpCapture:
		return reSamples(re.Sub[0], n)
	case syntax.OpStar, syntax.OpQuest:
		return append([]string{""}, reSamples(re.Sub[0], n-1)...)
	case syntax.OpPlus:
		return reSamples(re.Sub[0], n)
	case syntax.OpRepeat:
		out := []string{""}
		for range re.Min {
			out = product(out, reSamples(re.Sub[0], n), n)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			out = product(out, reSamples(sub, n), n)
		}
		return out
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			out = appendNew(out, reSamples(sub, n)...)
		}
		if len(out) > n {
			out = out[:n]
		}
		return out
	case syntax.OpNoMatch:
		return nil
	}
	return []string{""} // empty-width
}

// classRune returns a rune of a character class, a letter or digit if it
// has one, else a printable one.
func classRune(ranges []rune) rune {
	best := rune(-1)
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		for _, r := range "a0A._-/" {
			if lo <= r && r <= hi {
				return r
			}
		}
		if best < 0 || best < '!' {
			best = max(lo, '!')
			if best > hi {
				best = lo
			}
		}
	}
	if best < 0 {
		return 'a'
	}
	return best
}

func product(a, b []string, n int) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
			if len(out) >= n {
				return out
			}
		}
	}
	return out
}

func appendNew(l []string, xs ...string) []string {
	for _, x := range xs {
		if !slices.Contains(l, x) {
			l = append(l, x)
		}
	}
	return l
}

func first(l []string, def string) string {
	if len(l) > 0 {
		return l[0]
	}
	return def
}
