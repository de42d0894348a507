package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/literal"

	"hookc.dev/hookc/internal/tools/settings"
)

// A Note is something the import could not carry over, or a caveat, at the
// position of the rule it is about.
type Note struct {
	Pos     string
	Message string
}

// A Result is an imported policy.
type Result struct {
	CUE   []byte // the policy, package policy, formatted
	Rules int    // native rules read
	Notes []Note // rules skipped, with the reason

	// What CUE is written from, for Accept.
	rules         []hrule
	paths, dirs   []string
	mode, modePos string
}

// Accept writes vet: accept entries into the policy: accepts maps a
// rule's name to finding kinds and their reasons. hookc import accepts
// what vet finds that the native rules did too, such as an allow hidden
// by a deny or an ask, as Claude Code's precedence hides it, so that the
// policy builds (design.md 67).
func (r *Result) Accept(accepts map[string]map[string]string) error {
	for i := range r.rules {
		for check, reason := range accepts[r.rules[i].name] {
			if r.rules[i].accept == nil {
				r.rules[i].accept = map[string]string{}
			}
			r.rules[i].accept[check] = reason
		}
	}
	return r.format()
}

// format writes CUE from the rules.
func (r *Result) format() error {
	src := write(r.paths, r.rules, r.dirs, r.mode, r.modePos)
	out, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("importer: formatting the policy: %v\n%s", err, src)
	}
	r.CUE = out
	return nil
}

// scopeOrder is the order rules of the scopes are written in, within each
// list: the most authoritative first ("Settings precedence").
var scopeOrder = []settings.Scope{settings.Managed, settings.Local, settings.Project, settings.User, ""}

// Import turns the permissions of srcs into a policy.
func Import(srcs []*Source) (*Result, error) {
	res := &Result{}
	all := byScope(srcs)
	res.Rules = len(all)
	c := &ctx{}
	for _, n := range all {
		if p, ok := parse(n.Text); ok && n.List == "allow" && p.tool == "Edit" && p.hasSpec {
			g, _ := pathGlob(p.spec, n.Anchor, n.List)
			if !slices.Contains(c.editAllow, any(g)) {
				c.editAllow = append(c.editAllow, g)
			}
		}
	}
	var rules []hrule
	index := map[string]int{} // rule name -> index in rules
	bashAllow := false
	for _, list := range Lists {
		for _, n := range all {
			if n.List != list {
				continue
			}
			src := fmt.Sprintf("%s %q at %s", n.List, n.Text, n.Pos)
			if n.Scope != "" {
				src += " (" + string(n.Scope) + ")"
			}
			hs, skip := translate(n, c)
			if skip != "" {
				res.Notes = append(res.Notes, Note{Pos: n.Pos, Message: fmt.Sprintf("%s %q not imported: %s", n.List, n.Text, skip)})
				continue
			}
			if p, _ := parse(n.Text); list == "allow" && p.tool == "Bash" && p.hasSpec {
				bashAllow = true
			}
			for _, h := range hs {
				if i, ok := index[h.name]; ok {
					rules[i].sources = append(rules[i].sources, src)
					continue
				}
				h.sources = []string{src}
				index[h.name] = len(rules)
				rules = append(rules, h)
			}
		}
		if list == "allow" && bashAllow {
			rules = append(rules, wrapperRules()...)
		}
	}
	dirs, mode, modePos := dirsAndMode(srcs)
	var paths []string
	for _, src := range srcs {
		s := src.Path
		if src.Scope != "" {
			s += " (" + string(src.Scope) + ")"
		}
		paths = append(paths, s)
	}
	res.rules, res.paths, res.dirs, res.mode, res.modePos = rules, paths, dirs, mode, modePos
	if err := res.format(); err != nil {
		return nil, err
	}
	return res, nil
}

// byScope returns the rules of srcs, the most authoritative scope's first.
func byScope(srcs []*Source) []Native {
	var all []Native
	for _, s := range scopeOrder {
		for _, src := range srcs {
			if src.Scope == s {
				all = append(all, src.Rules...)
			}
		}
	}
	return all
}

// dirsAndMode returns the additional directories of srcs, as lines of the
// policy, and the default mode of the most authoritative scope that sets
// one, with its position.
func dirsAndMode(srcs []*Source) (dirs []string, mode, modePos string) {
	for _, s := range scopeOrder {
		for _, src := range srcs {
			if src.Scope != s {
				continue
			}
			for _, d := range src.AdditionalDirectories {
				dirs = append(dirs, fmt.Sprintf("%s, // %s", quote(d), src.Path))
			}
			if src.DefaultMode != "" && mode == "" {
				mode, modePos = src.DefaultMode, src.DefaultModePos // the most authoritative
			}
		}
	}
	return dirs, mode, modePos
}

// wrapperRules allow the wrappers Claude Code strips before it matches
// Bash rules: the command under them is decided on its own, so that
// timeout 30 npm test is allowed when npm test is. xargs is stripped only
// without flags.
func wrapperRules() []hrule {
	src := "the wrappers Claude Code strips before matching Bash allow rules"
	return []hrule{{
		name:     "allow: wrappers Claude Code strips",
		sources:  []string{src},
		conds:    obj{{"command", obj{{"name", strippedWrappers}}}},
		decision: "allow",
	}, {
		name:     "allow: xargs without flags",
		sources:  []string{src},
		conds:    obj{{"command", obj{{"name", "xargs"}, {"flags", obj{{"none", obj{{"re", "^-"}}}}}}}},
		decision: "allow",
	}}
}

const header = `// Code generated by hookc import; edit it as you like.
//
// Claude Code's permission rules of %s,
// in Claude Code's order: the deny rules, then the ask rules, then the allow
// rules; the first that matches a call (or one simple command of a shell
// command line) decides. A call no rule decides is passed to Claude Code,
// whose permission mode, working directories and read-only commands decide
// it as before. How each rule form is read: hookc's docs/import.md.
package policy

default: "pass"
onError: "ask"
`

func write(paths []string, rules []hrule, dirs []string, mode, modePos string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, header, strings.Join(paths, ", "))
	if mode != "" {
		b.WriteString("\n// The permission mode sessions start in (defaultMode): Claude Code applies\n// it to the calls this policy passes.\n")
		fmt.Fprintf(&b, "_defaultMode: %s // %s\n", quote(mode), modePos)
	}
	if len(dirs) > 0 {
		b.WriteString("\n// Working directories besides the project (additionalDirectories): Claude\n// Code lets Claude read them without asking, as the project, for the calls\n// this policy passes.\n")
		fmt.Fprintf(&b, "_additionalDirectories: [\n%s\n]\n", strings.Join(dirs, "\n"))
	}
	b.WriteString("\nrules: [\n")
	for _, r := range rules {
		for _, s := range r.sources {
			fmt.Fprintf(&b, "\t// %s\n", s)
		}
		if r.note != "" {
			fmt.Fprintf(&b, "\t// (%s)\n", r.note)
		}
		b.WriteString("\t{\n")
		fmt.Fprintf(&b, "\t\tname: %s\n", quote(r.name))
		for _, f := range r.conds {
			fmt.Fprintf(&b, "\t\t%s: ", label(f.key))
			value(&b, f.val)
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "\t\tdecision: %q\n", r.decision)
		if r.reason != "" {
			fmt.Fprintf(&b, "\t\treason: %s\n", quote(r.reason))
		}
		if len(r.accept) > 0 {
			var kv []string
			for _, k := range slices.Sorted(maps.Keys(r.accept)) {
				kv = append(kv, quote(k)+": "+quote(r.accept[k]))
			}
			fmt.Fprintf(&b, "\t\tvet: accept: {%s}\n", strings.Join(kv, ", "))
		}
		b.WriteString("\t},\n")
	}
	b.WriteString("]\n")
	return b.Bytes()
}

// quote writes s as a CUE string.
func quote(s string) string {
	return literal.String.Quote(s)
}

// label writes a struct label: bare when it is an identifier CUE reads as
// a regular field, quoted otherwise.
func label(k string) string {
	if k == "" {
		return quote(k)
	}
	for i, r := range k {
		if !(r == '_' && i > 0 || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return quote(k)
		}
	}
	switch k {
	case "true", "false", "null", "if", "for", "in", "let", "import", "package":
		return quote(k)
	}
	return k
}

func value(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case string:
		b.WriteString(quote(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case float64:
		j, _ := json.Marshal(v)
		b.Write(j)
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			value(b, e)
		}
		b.WriteByte(']')
	case obj:
		b.WriteByte('{')
		for i, f := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(label(f.key) + ": ")
			value(b, f.val)
		}
		b.WriteByte('}')
	default:
		panic(fmt.Sprintf("importer: value of type %T", v))
	}
}
