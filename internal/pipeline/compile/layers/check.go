package layers

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// Kind is the vet finding kind of the layers check (design.md 101).
const Kind = "layers"

// A checker compares the layers with the hook on witness paths, with
// tests' defaults: cwd and project root /project, HOME /home/user.
type checker struct {
	p    *load.Policy
	hook *runtime.Table // the table the hook runs (p.Hook)
	f    *Fragment
	env  *runtime.Env
	out  []diag.Diagnostic
}

// Check reports, with a witness each, where the layers disagree with the
// hook: a path a fed rule denies that a layer lets through, a write an
// allow rule allows that the sandbox forbids, a path a layer denies that
// the hook does not (a native deny shadows the hook's decision). One
// finding per rule and kind, with how many of the paths tried disagree.
func Check(p *load.Policy, f *Fragment) []diag.Diagnostic {
	hook, err := p.Hook()
	if err != nil {
		// No hook can be built from p (hookc build says why): the loaded
		// table is what is left to decide with.
		hook = p.Table
	}
	c := &checker{p: p, hook: hook, f: f, env: (&load.Test{}).HookEnv()}
	for i := range p.Table.Rules {
		if g := f.globs[i]; g != nil {
			c.rule(i, g)
		}
	}
	c.reportStale()
	return c.out
}

// reportStale reports a vet: accept of this check's findings, on a rule
// or on the policy, that accepts no finding Check makes: the policy
// changed, and the written reason no longer says anything true.
func (c *checker) reportStale() {
	found := map[int]bool{}
	for _, d := range c.out {
		found[c.ruleAt(d.Pos)] = true
	}
	stale := func(pos diag.Pos, who string) {
		c.out = append(c.out, diag.Diagnostic{Pos: pos, Check: "stale-accept", Certainty: "definitely", Severity: "warning",
			Message: fmt.Sprintf("%s accepts a %q finding that vet does not make: remove the accept, or fix what changed", who, Kind)})
	}
	for i, r := range c.p.Rules {
		if _, ok := r.Accept[Kind]; ok && !found[i] && i < len(c.p.Table.Rules) {
			stale(diag.ParsePos(c.p.Table.Rules[i].Pos), fmt.Sprintf("rule %q", c.p.Table.Rules[i].Name))
		}
	}
	if _, ok := c.p.Accept[Kind]; ok && len(c.out) == 0 {
		stale(c.p.FieldPos("vet"), "the policy")
	}
}

// ruleAt returns the index of the rule defined at pos, or -1.
func (c *checker) ruleAt(pos diag.Pos) int {
	for i := range c.p.Table.Rules {
		if diag.ParsePos(c.p.Table.Rules[i].Pos) == pos {
			return i
		}
	}
	return -1
}

// rule checks one rule's globs and exceptions.
func (c *checker) rule(i int, g *ruleGlobs) {
	r := &c.p.Table.Rules[i]
	fed := c.p.Rules[i].Layers
	has := func(l string) bool { return strings.Contains(strings.Join(fed, " "), l) }
	type miss struct {
		n       int
		first   string
		witness []byte
	}
	misses := map[string]*miss{}
	found := func(kind, path string, witness []byte) {
		m := misses[kind]
		if m == nil {
			m = &miss{first: path, witness: witness}
			misses[kind] = m
		}
		m.n++
	}
	kinds := []string{"read-sandbox", "write-sandbox", "read-native", "write-native", "allow-sandbox", "shadow-sandbox", "shadow-native"}
	if r.Decision == runtime.Deny {
		for _, path := range instances(g.reads) {
			w := bash("cat " + path)
			if has("sandbox") && !c.sandboxDenies(DenyRead, path) && c.hookDenies(w) {
				found("read-sandbox", path, w)
			}
			if has("native") && !c.nativeDenies("Read", path) && c.hookDenies(fileTool("Read", path)) {
				found("read-native", path, fileTool("Read", path))
			}
		}
		for _, path := range instances(g.writes) {
			w := bash("echo x > " + path)
			if has("sandbox") && c.sandboxWritable(path) && c.hookDenies(w) {
				found("write-sandbox", path, w)
			}
			if has("native") && !c.nativeDenies("Edit", path) && c.hookDenies(fileTool("Edit", path)) {
				found("write-native", path, fileTool("Edit", path))
			}
		}
		for _, path := range instances(g.except) {
			if w := bash("cat " + path); has("sandbox") && c.sandboxDenies(DenyRead, path) && !c.hookDenies(w) {
				found("shadow-sandbox", path, w)
			}
			if w := fileTool("Read", path); has("native") && c.nativeDenies("Read", path) && !c.hookDenies(w) {
				found("shadow-native", path, w)
			}
		}
	} else if c.f.Flags[Enabled] {
		for _, path := range instances(g.writes) {
			w := bash("echo x > " + path)
			if !c.hookDenies(w) && !c.sandboxWritable(path) {
				found("allow-sandbox", path, w)
			}
		}
	}
	for _, k := range kinds {
		if m := misses[k]; m != nil {
			c.report(i, k, m.first, m.n, m.witness)
		}
	}
}

var messages = map[string]string{
	"read-sandbox":   "the hook denies reading %s, but the sandbox lets Bash read it",
	"write-sandbox":  "the hook denies writing %s, but the sandbox lets Bash write it",
	"read-native":    "the hook denies reading %s, but no native rule does: where the hook fails, the file tools read it",
	"write-native":   "the hook denies writing %s, but no native rule does: where the hook fails, the file tools write it",
	"allow-sandbox":  "the hook allows writing %s, but the sandbox forbids it: the call will fail",
	"shadow-sandbox": "the sandbox forbids Bash to read %s, which the hook does not deny: the sandbox shadows the hook",
	"shadow-native":  "a native rule denies reading %s, which the hook does not deny: the native rule shadows the hook",
}

func (c *checker) report(i int, kind, path string, n int, witness []byte) {
	r := &c.p.Table.Rules[i]
	msg := fmt.Sprintf("rule %q: "+messages[kind], r.Name, path)
	if n > 1 {
		msg += fmt.Sprintf(" (and %d more of the paths tried)", n-1)
	}
	d := diag.Diagnostic{Pos: diag.ParsePos(r.Pos), Check: Kind, Message: msg, Witness: witness, Certainty: "definitely"}
	if why, ok := c.p.Rules[i].Accept[Kind]; ok {
		d.Accepted = why
	} else if why, ok := c.p.Accept[Kind]; ok {
		d.Accepted = why
	}
	c.out = append(c.out, d)
}

func bash(line string) []byte {
	b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": load.TestCwd, "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
	return b
}

func fileTool(tool, path string) []byte {
	in := map[string]any{"file_path": path}
	if tool == "Edit" {
		in["old_string"], in["new_string"] = "a", "b"
	}
	b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": load.TestCwd, "tool_name": tool, "tool_input": in})
	return b
}

func (c *checker) hookDenies(payload []byte) bool {
	return runtime.Decide(c.hook, payload, c.env).Decision == runtime.Deny
}

// resolve makes a layer's path absolute, with the tests' home and project.
func resolve(p string) string {
	switch {
	case strings.HasPrefix(p, "//"):
		return p[1:]
	case p == "~" || strings.HasPrefix(p, "~/"):
		return load.TestHome + p[1:]
	case strings.HasPrefix(p, "/"):
		return p
	case p == ".":
		return load.TestCwd
	}
	return load.TestCwd + "/" + strings.TrimPrefix(p, "./")
}

// under reports whether path is dir or below it.
func under(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, strings.TrimSuffix(dir, "/")+"/")
}

func (c *checker) sandboxDenies(key, path string) bool { return c.f.covering(key, path) != "" }

// sandboxWritable reports whether sandboxed Bash may write path: below the
// project or an allowWrite path, and no denyWrite path.
func (c *checker) sandboxWritable(path string) bool {
	return c.f.writable(path) && !c.sandboxDenies(DenyWrite, path)
}

// nativeDenies reports whether a native deny of tool (Read or Edit)
// matches path; a Read deny holds for edits too.
func (c *checker) nativeDenies(tool, path string) bool { return c.f.nativeStop(tool, path) != "" }

// nativeStop returns the native deny of tool (Read or Edit) that stops a
// file tool on path, a rule written or one install writes, or "".
func (f *Fragment) nativeStop(tool, path string) string {
	if e := f.nativeRule(tool, path, "Read"); e != "" {
		return e
	}
	if tool == "Edit" && f.Flags[BlockWrites] && !under(path, load.TestCwd) {
		return BlockWrites
	}
	return f.scanned(tool, path)
}

// nativeRule returns the native deny of tool or also (Read or Edit) that
// matches path, or "".
func (f *Fragment) nativeRule(tool, path, also string) string {
	for _, e := range f.Values(NativeDeny) {
		t, pat, ok := strings.Cut(strings.TrimSuffix(e, ")"), "(")
		if !ok || t != tool && t != also {
			continue
		}
		abs := resolve(pat)
		if globMatch(abs, path) || strings.HasSuffix(abs, "/**") && under(path, strings.TrimSuffix(abs, "/**")) {
			return e
		}
	}
	return ""
}

// maxInstances bounds the paths tried per rule and direction: the hook
// decides each, and a preset's globs expand to over a thousand.
const maxInstances = 100

var wildRe = regexp.MustCompile(`\[[^]]*\]|\*\*|\*|\?`)

// instances returns concrete paths for globs: **/NAME in a directory of
// the home directory and of the project, and at their tops; wildcards
// filled with x.
func instances(globs []string) []string {
	var out []string
	for _, g := range globs {
		if isRe(g) {
			continue // a regular expression names no path to try
		}
		for _, a := range paths.ExpandBraces(g) {
			var ps []string
			switch {
			case strings.HasPrefix(a, "**/"):
				ps = []string{load.TestHome + "/work/" + a[3:], load.TestCwd + "/sub/" + a[3:], load.TestHome + "/" + a[3:], load.TestCwd + "/" + a[3:]}
			case a == "~" || strings.HasPrefix(a, "~/"):
				ps = []string{load.TestHome + a[1:]}
			case strings.HasPrefix(a, "/"):
				ps = []string{a}
			default:
				ps = []string{load.TestCwd + "/" + a}
			}
			for _, p := range ps {
				if len(out) == maxInstances {
					return out
				}
				out = append(out, wildRe.ReplaceAllString(p, "x"))
			}
		}
	}
	return out
}
