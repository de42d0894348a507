// Package layers compiles a policy into the other layers Claude Code
// enforces besides the hook: its OS sandbox of Bash (sandbox.filesystem,
// sandbox.network) and its native permission rules (permissions.deny).
// A rule feeds a layer when its layers field names it; what a layer cannot
// express is listed as notes (docs/design.md 98-104).
package layers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// The settings keys the layers write.
const (
	DenyRead       = "sandbox.filesystem.denyRead"
	DenyWrite      = "sandbox.filesystem.denyWrite"
	AllowWrite     = "sandbox.filesystem.allowWrite"
	AllowedDomains = "sandbox.network.allowedDomains"
	NativeDeny     = "permissions.deny"
	Enabled        = "sandbox.enabled"
	// BlockWrites confines the file tools' writes to the working
	// directories, as the sandbox confines Bash's (design.md 181).
	BlockWrites = "permissions.blockWritesOutsideWorkingDirectories"
)

// Options fill in what the policy names symbolically.
type Options struct {
	Hook   string // the hook binary, absolute: what @hook names
	Policy string // the policy directory, absolute: what @policy names
}

// An Entry is one value of a list a layer writes, with the rule it comes
// from.
type Entry struct {
	Key   string // the settings key: DenyRead, NativeDeny, ...
	Value string // "~/.ssh", "Read(//**/.env)", ...
	Rule  int    // the rule's index in the table
}

// A Note says what a layer could not express of a rule.
type Note struct {
	Pos     string // the rule's position
	Rule    string
	Message string
}

func (n Note) String() string { return fmt.Sprintf("%s: rule %q: %s", n.Pos, n.Rule, n.Message) }

// A Fragment is the settings the layers add to Claude Code's.
type Fragment struct {
	Entries []Entry
	Flags   map[string]bool // sandbox.enabled and the policy's sandbox settings
	Notes   []Note
	// Fed are the indexes of the rules that feed some layer.
	Fed []int
	// Scans are globs that install matches against the files of the
	// project and the home directory: the paths that exist then are
	// written (design.md 181).
	Scans []Scan
	// globs are the path globs of the rules that feed a layer, by index.
	globs map[int]*ruleGlobs
	// sandboxFed: some rule feeds the sandbox.
	sandboxFed bool
	// allowOutside: an allow rule that feeds a layer writes outside the
	// project; the file tools' writes are not confined then.
	allowOutside bool
}

// A Scan is globs whose matches install writes under Key: Read or Edit (a
// native deny, which Claude Code merges into the sandbox's lists), or
// DenyRead or DenyWrite (the sandbox alone). Except are globs of the
// rule's exceptions, whose matches are left out. A glob re:X is the
// rule's regular expression X, matched against the whole path as the
// hook matches it (design.md 302).
type Scan struct {
	Key    string   `json:"key"`
	Globs  []string `json:"globs"`
	Except []string `json:"except,omitempty"`

	globs, except *matcher // compiled by prepare
}

// prepare compiles the scans' matchers.
func prepare(scans []Scan) {
	for i := range scans {
		scans[i].globs, scans[i].except = newMatcher(scans[i].Globs), newMatcher(scans[i].Except)
	}
}

// ruleGlobs are the globs a rule reads and writes, and the exceptions
// the layers do not express.
type ruleGlobs struct {
	reads, writes, except []string
}

// Empty reports whether the policy feeds no layer.
func (f *Fragment) Empty() bool {
	return len(f.Entries) == 0 && len(f.Flags) == 0 && len(f.Notes) == 0 && len(f.Scans) == 0
}

// Values returns the values of key, in order, without duplicates; of
// the native denies, without Edit(P) where Read(P) is there, since a Read
// deny holds for Edit and Write too (Claude Code 2.1.208).
func (f *Fragment) Values(key string) []string {
	var out []string
	reads := map[string]bool{}
	for _, e := range f.Entries {
		if e.Key == key && strings.HasPrefix(e.Value, "Read(") {
			reads[strings.TrimPrefix(e.Value, "Read(")] = true
		}
	}
	for _, e := range f.Entries {
		if e.Key != key || slices.Contains(out, e.Value) {
			continue
		}
		if p, ok := strings.CutPrefix(e.Value, "Edit("); ok && key == NativeDeny && reads[p] {
			continue
		}
		out = append(out, e.Value)
	}
	return out
}

// Settings returns the fragment as a settings object.
func (f *Fragment) Settings() map[string]any {
	root := map[string]any{}
	for _, k := range sortedKeys(f.Flags) {
		put(root, k, f.Flags[k])
	}
	for _, k := range []string{DenyRead, DenyWrite, AllowWrite, AllowedDomains, NativeDeny} {
		if vs := f.Values(k); len(vs) > 0 {
			put(root, k, vs)
		}
	}
	return root
}

func put(root map[string]any, key string, v any) {
	parts := strings.Split(key, ".")
	m := root
	for _, p := range parts[:len(parts)-1] {
		sub, ok := m[p].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[p] = sub
		}
		m = sub
	}
	m[parts[len(parts)-1]] = v
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// A File is what hookc build writes beside the hook (HOOK.layers.json):
// the settings to merge and what no layer expresses.
type File struct {
	Settings     map[string]any `json:"settings"`
	Scan         []Scan         `json:"scan,omitempty"`
	NotExpressed []string       `json:"notExpressed,omitempty"`
}

// Encode returns the fragment as the file hookc build writes.
func (f *Fragment) Encode() []byte {
	file := File{Settings: f.Settings(), Scan: f.Scans}
	for _, n := range f.Notes {
		file.NotExpressed = append(file.NotExpressed, n.String())
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(file)
	return b.Bytes()
}

// PathOf returns the fragment file of a hook binary.
func PathOf(hook string) string { return hook + ".layers.json" }

// ReadFile reads a fragment file; a missing one gives nil and no error.
func ReadFile(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	prepare(f.Scan)
	return &f, nil
}

// An Item is one thing a fragment file adds to a settings file: an element
// of a list, or a value.
type Item struct {
	Path  []string
	Value any
	List  bool // Value is an element of the list at Path
}

// Items flattens the fragment's settings into items, lists first in their
// order, in a fixed order of keys.
func (f *File) Items() []Item {
	var out []Item
	var walk func(path []string, v any)
	walk = func(path []string, v any) {
		switch v := v.(type) {
		case map[string]any:
			var ks []string
			for k := range v {
				ks = append(ks, k)
			}
			slices.Sort(ks)
			for _, k := range ks {
				walk(append(slices.Clone(path), k), v[k])
			}
		case []any:
			for _, e := range v {
				out = append(out, Item{Path: path, Value: e, List: true})
			}
		default:
			out = append(out, Item{Path: path, Value: v})
		}
	}
	walk(nil, f.Settings)
	return out
}

// Compile compiles the rules of p that name layers into the fragment.
func Compile(p *load.Policy, opts Options) *Fragment {
	f := &Fragment{globs: map[int]*ruleGlobs{}}
	t := p.Table
	for i := range t.Rules {
		if i >= len(p.Rules) || len(p.Rules[i].Layers) == 0 {
			continue
		}
		c := ruleCompiler{t: t, r: &t.Rules[i], index: i, f: f, opts: opts}
		if c.compile(p.Rules[i].Layers) {
			f.Fed = append(f.Fed, i)
		}
	}
	prepare(f.Scans)
	if f.sandboxFed || len(f.Values(AllowedDomains)) > 0 {
		f.Flags = map[string]bool{Enabled: true}
		for k, v := range p.Sandbox {
			f.Flags["sandbox."+k] = v
		}
		if !f.allowOutside {
			f.Flags[BlockWrites] = true
		}
	}
	return f
}

// ruleCompiler compiles one rule.
type ruleCompiler struct {
	t       *runtime.Table
	r       *runtime.Rule
	index   int
	f       *Fragment
	opts    Options
	notes   []string
	except  []string // exceptions not expressed
	scanned bool     // the rule added globs to scan
	// groups collect the globs of notes given once per rule: kind to
	// globs.
	groups map[string][]string
}

// Kinds of grouped notes.
const (
	groupWild   = "sandbox: %d globs of allowed writes are not expressed: the sandbox takes concrete paths, not wildcards (%s)"
	groupKernel = "%d globs of /proc and /dev are not expressed: the sandbox mounts its own /proc and /dev; the hook covers them (%s)"
)

// group notes a glob under one of the grouped kinds.
func (c *ruleCompiler) group(kind, glob string) {
	if c.groups == nil {
		c.groups = map[string][]string{}
	}
	if !slices.Contains(c.groups[kind], glob) {
		c.groups[kind] = append(c.groups[kind], glob)
	}
}

// flush adds the grouped notes, with a few examples each.
func (c *ruleCompiler) flush() {
	for _, kind := range []string{groupWild, groupKernel} {
		gs := c.groups[kind]
		if len(gs) == 0 {
			continue
		}
		ex := strings.Join(gs[:min(3, len(gs))], ", ")
		if len(gs) > 3 {
			ex += ", ..."
		}
		c.note(kind, len(gs), ex)
	}
}

func (c *ruleCompiler) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !slices.Contains(c.notes, msg) {
		c.notes = append(c.notes, msg)
		c.f.Notes = append(c.f.Notes, Note{Pos: c.r.Pos, Rule: c.r.Name, Message: msg})
	}
}

func (c *ruleCompiler) add(key, value string) {
	for _, e := range c.f.Entries {
		if e.Key == key && e.Value == value && e.Rule == c.index {
			return
		}
	}
	c.f.Entries = append(c.f.Entries, Entry{Key: key, Value: value, Rule: c.index})
}

// compile adds the rule's entries; it reports whether the rule feeds any
// layer.
func (c *ruleCompiler) compile(layers []string) bool {
	if why := c.contextual(); why != "" {
		c.note("no layer can express a rule that holds only %s: it feeds none", why)
		return false
	}
	r := c.r
	if r.Decision != runtime.Deny && r.Decision != runtime.Allow {
		c.note("a %s rule feeds no layer: the layers only allow or deny", r.Decision)
		return false
	}
	if r.Decision == runtime.Allow && (r.Cmd != nil || r.Tool.Op != runtime.StrAny && !c.toolIs("WebFetch")) {
		c.note("an allow rule with a tool or command condition feeds no layer: the layer would allow more than the rule")
		return false
	}
	if r.Decision == runtime.Deny && r.Cmd != nil {
		c.note("its command condition is dropped: the layers stop these paths for every program")
	}
	n := len(c.f.Entries)
	reads, writes := c.paths()
	c.f.globs[c.index] = &ruleGlobs{reads: reads, writes: writes, except: c.except}
	switch {
	case r.Decision == runtime.Deny:
		c.deny(layers, reads, writes)
	case slices.Contains(layers, "sandbox"):
		c.allowWrites(writes)
	case len(reads)+len(writes) > 0:
		c.note("native: an allow rule is not written as a permission rule: the hook decides what it allows")
	}
	if r.Decision == runtime.Allow && slices.ContainsFunc(writes, func(g string) bool { return strings.HasPrefix(g, "/") || strings.HasPrefix(g, "~") }) {
		c.f.allowOutside = true
	}
	c.web(layers)
	c.flush()
	return len(c.f.Entries) > n || c.scanned
}

// contextPhrases say in what context alone a rule with the condition
// holds, in the order contextual reports them.
var contextPhrases = []struct{ cond, phrase string }{
	{"event", "on some events"},
	{"when.env", "under some environment variables (when.env)"},
	{"when.agent", "for some agents"},
	{"when.agentType", "for some agents"},
	{"when.permissionMode", "in some permission modes"},
	{"when.exists", "when some files exist or are missing"},
	{"when.paths", "when some files exist or are missing"},
	{"payload", "for some payload fields"},
}

// compiledConds are the conditions the layers compile (with the parts of
// the command condition); a rule with a condition neither here nor in
// contextPhrases holds in a context the layers cannot see.
var compiledConds = map[string]bool{"tool": true, "input": true, "command": true, "path": true, "reads": true, "writes": true}

// contextual says in what context alone the rule holds, or "". It walks
// the rule's conditions (runtime.Conds): a condition added to the
// language is a context until the layers learn to compile it.
func (c *ruleCompiler) contextual() string {
	r := c.r
	// A floor rule of the secret floor that denies decides every read
	// it matches that a rule allows or asks about without naming it
	// (design.md 322): the layers stop those paths (design.md 323).
	if r.Floor != 0 && (r.Floor != runtime.FloorSecret || r.Decision != runtime.Deny) {
		return "as a floor rule"
	}
	has := map[string]bool{}
	other := ""
	runtime.WalkConds(r, func(cd *runtime.Cond, _ any) {
		has[cd.Name] = true
		if other == "" && !cd.Cmd && !compiledConds[cd.Name] && !slices.ContainsFunc(contextPhrases, func(p struct{ cond, phrase string }) bool { return p.cond == cd.Name }) {
			other = "for some " + cd.Name + " conditions"
		}
	})
	for _, p := range contextPhrases {
		if has[p.cond] {
			return p.phrase
		}
	}
	for _, in := range r.Input {
		if in.Path != "url" || !c.toolIs("WebFetch") {
			return "for some tool_input fields"
		}
	}
	return other
}

// toolIs reports whether the rule's tool condition is exactly tool.
func (c *ruleCompiler) toolIs(tool string) bool {
	return c.r.Tool.Op == runtime.StrExact && c.r.Tool.S == tool
}

// paths returns the globs the rule reads and writes: its reads and path
// conditions, its writes and path conditions.
func (c *ruleCompiler) paths() (reads, writes []string) {
	r := c.r
	conds := 0
	runtime.WalkConds(r, func(cd *runtime.Cond, v any) {
		if l, ok := v.(*runtime.List); ok && cd.Paths {
			conds += len(l.Conds)
		}
	})
	if conds > 1 {
		c.note("its path conditions all must hold; each feeds the layers alone, so the layers stop more than the rule")
	}
	p := c.list(r.Path)
	reads = append(c.list(r.Reads), p...)
	writes = append(c.list(r.Writes), p...)
	return c.fill(reads), c.fill(writes)
}

// fill replaces @hook and @policy (the self preset's names).
func (c *ruleCompiler) fill(globs []string) []string {
	var out []string
	for _, g := range globs {
		switch {
		case g == "@hook" && c.opts.Hook != "":
			g = c.opts.Hook
		case (g == "@policy" || strings.HasPrefix(g, "@policy/")) && c.opts.Policy != "":
			g = c.opts.Policy + strings.TrimPrefix(g, "@policy")
		case strings.HasPrefix(g, "@"):
			c.note("%s is not known when the layers are built; they leave it out", g)
			continue
		}
		out = append(out, g)
	}
	return out
}

func (c *ruleCompiler) list(l runtime.List) []string {
	var out []string
	for _, cond := range l.Conds {
		if cond.Q != runtime.QAny {
			c.note("a path condition other than any is not expressed")
			continue
		}
		out = append(out, c.cover(cond.Elem)...)
	}
	return out
}

// cover returns the globs of the paths a path matcher matches, noting what
// it cannot say.
func (c *ruleCompiler) cover(s runtime.Str) []string {
	switch s.Op {
	case runtime.StrExact, runtime.StrGlob:
		return []string{s.S}
	case runtime.StrAny:
		return []string{"/**"}
	case runtime.StrOr:
		var out []string
		for _, sub := range s.Subs {
			out = append(out, c.cover(sub)...)
		}
		return out
	case runtime.StrRe:
		// Install writes the paths it matches that exist then (design.md 302).
		return []string{reGlob + c.t.Patterns[s.Re]}
	case runtime.StrNot:
		return c.coverNot(s.Subs[0])
	}
	return nil
}

// coverNot covers {not: sub}: {not: {not: A}} is A, and {not: [{not: A},
// B, ...]} is A except B, ...; exceptions are not expressed, so the layers
// cover them too.
func (c *ruleCompiler) coverNot(sub runtime.Str) []string {
	if sub.Op == runtime.StrNot {
		return c.cover(sub.Subs[0])
	}
	if sub.Op != runtime.StrOr {
		c.note("a negated path condition is not expressed")
		return nil
	}
	var pos []runtime.Str
	var except []runtime.Str
	for _, e := range sub.Subs {
		if e.Op == runtime.StrNot {
			pos = append(pos, e.Subs[0])
		} else if e.Op != runtime.StrDynamic {
			except = append(except, e)
		}
	}
	if len(pos) != 1 {
		c.note("a negated path condition is not expressed")
		return nil
	}
	for _, e := range except {
		for _, g := range c.cover(e) {
			c.except = append(c.except, g)
			c.note("the exception %s is not expressed: the layers cover it too", g)
		}
	}
	return c.cover(pos[0])
}
