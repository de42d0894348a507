package vet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/runtime"
)

// Unanchored reports the regular expressions of allow rules on a URL, a
// host, a path or a command line that match a value merely containing
// their text (design.md 145).
var Unanchored = &Check{Name: "unanchored", Doc: unanchoredDoc, Facts: []*Fact{ReplayFact, RemovedFact}, Adds: []*Fact{AcceptFact}, run: runUnanchored}

const unanchoredDoc = `unanchored: report allow patterns on a URL, path or command line that match anywhere

A regular expression is searched for anywhere in the value: an allow
with {re: "github.com"} on a WebFetch url also allows
https://evil.example/?q=github.com, and on command.line it allows
rm -rf a github.com. vet reports it with a call the rule allows whose
value merely contains the text, replayed through the hook's table.
Anchor it: {re: "^https://github\\.com/"}. A path pattern is reported
only when it is anchored at neither end (\\.go$ means every Go file). Deny
and ask rules are not reported: matching anywhere is their safe side.

	{name: "docs", tool: "WebFetch", input: {url: {re: "github.com"}}, decision: "allow"}`

// anchorKind is what a pattern's value is: a URL or host, a path, a
// command line, or a whole command.
type anchorKind int

const (
	notAnchorable anchorKind = iota
	urlValue
	pathValue
	lineValue    // command.line: program and words
	commandValue // a tool's command input field: the whole line
)

// anchorKindOf returns the kind of an input field by its name.
func anchorKindOf(field string) anchorKind {
	name := strings.ToLower(field[strings.LastIndex(field, ".")+1:])
	switch {
	case name == "url" || name == "uri" || strings.HasSuffix(name, "_url") || name == "host" || name == "hostname" || name == "domain":
		return urlValue
	case name == "file_path" || name == "path" || name == "notebook_path" || name == "pattern":
		return pathValue
	case name == "command":
		return commandValue
	}
	return notAnchorable
}

// An anchorSite is one regular expression of a rule whose value may be
// matched anywhere: where it is, and how to put a value in a call.
type anchorSite struct {
	label string // input.url, command.line, path.any, ...
	field string // the input field, for input conditions
	kind  anchorKind
	re    string
}

// anchorSites returns the regular expressions of rule r, outside nots,
// on URLs, paths and command lines.
func anchorSites(t *runtime.Table, r *runtime.Rule) []anchorSite {
	var out []anchorSite
	add := func(label, field string, kind anchorKind, s *runtime.Str) {
		positiveLeaves(s, func(l *runtime.Str) {
			if l.Op == runtime.StrRe && int(l.Re) < len(t.Patterns) {
				out = append(out, anchorSite{label, field, kind, t.Patterns[l.Re]})
			}
		})
	}
	runtime.WalkConds(r, func(c *runtime.Cond, v any) {
		switch v := v.(type) {
		case *[]runtime.Field:
			for i := range *v {
				f := &(*v)[i]
				if k := anchorKindOf(f.Path); c.Name == "input" && k != notAnchorable && !f.Not {
					add("input."+quoteLabel(f.Path), f.Path, k, &f.Str)
				}
			}
		case *runtime.List:
			for ci := range v.Conds {
				if lc := &v.Conds[ci]; c.Paths && (lc.Q == runtime.QAny || lc.Q == runtime.QAll) {
					add(c.Name, "", pathValue, &lc.Elem)
				}
			}
		case *runtime.Str:
			if c.Name == "command.line" {
				add(c.Name, "", lineValue, v)
			}
		}
	})
	return out
}

// Foreign text around a pattern's sample in a witness.
const (
	foreignURL  = "https://evil.example/?q="
	foreignPath = "/usr/lib/evil" // an open place (design.md 440)
	foreignCmd  = "rm -rf a; "
)

// foreignValues returns values with sample s inside foreign text: after
// it (URLs, commands), around it (paths); a line's program and a word are
// put before it by withValue.
func foreignValues(kind anchorKind, s string) []string {
	switch kind {
	case urlValue:
		return []string{foreignURL + s}
	case commandValue:
		return []string{foreignCmd + s}
	case pathValue:
		p := foreignPath + "/" + strings.TrimPrefix(s, "/")
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		return []string{p + "evil"}
	}
	return []string{s}
}

// mereMatch reports whether re matches v only inside: not at its start
// (URLs, command lines), at neither end (paths).
func mereMatch(re *regexp.Regexp, kind anchorKind, v string) bool {
	if !re.MatchString(v) || regexp.MustCompile(`\A(?:`+re.String()+`)`).MatchString(v) {
		return false
	}
	return kind != pathValue || !regexp.MustCompile(`(?:`+re.String()+`)\z`).MatchString(v)
}

func runUnanchored(ps *pass) {
	if ps.r.run == ps.t {
		return // no generated form: nothing to replay with
	}
	vocab := newVocabulary(ps.t)
	for ri := range ps.t.Rules {
		r := &ps.t.Rules[ri]
		st := &ps.rules[ri]
		if r.Decision != runtime.Allow || r.Floor != 0 || st.removable || st.dead {
			continue
		}
		var bases []call
		for _, site := range anchorSites(ps.t, r) {
			re, err := regexp.Compile(site.re)
			if err != nil {
				continue
			}
			if bases == nil {
				bases = vocab.calls(ps.t, ri)
			}
			if w, ok := ps.unanchoredWitness(ri, site, re, bases); ok {
				msg := fmt.Sprintf("rule %s: %s: regular expression %q matches anywhere in the value, so the rule allows a value that merely contains it; anchor it (^ and $)%s",
					ps.name(ri), site.label, site.re, dotNote(site))
				ps.report(ri, "unanchored", Definitely, ps.patternPos(ri, site.re), msg, nil, w)
			}
		}
	}
}

// unanchoredWitness returns a call rule ri allows, replayed, whose value at
// site holds a sample of the pattern inside foreign text.
func (ps *pass) unanchoredWitness(ri int, site anchorSite, re *regexp.Regexp, bases []call) (call, bool) {
	syn, err := syntax.Parse(site.re, syntax.Perl)
	if err != nil {
		return call{}, false
	}
	// The pattern's text with its dots as dots first (github.com), then
	// other samples.
	var vals []string
	for _, s := range appendNew(reSamples(dotsLiteral(syn.Simplify()), 2), reSamples(syn.Simplify(), 4)...) {
		vals = appendNew(vals, foreignValues(site.kind, s)...)
	}
	tried := 0
	fillers := []string{""}
	if site.kind == lineValue {
		fillers = lineFillers
	}
	for _, b := range bases {
		for _, v := range vals {
			for _, f := range fillers {
				c, full, ok := withValue(b, site, v, f)
				if !ok || !mereMatch(re, site.kind, full) {
					continue
				}
				if tried++; tried > 200 {
					return call{}, false
				}
				res := ps.r.explain(ps.r.run, c)
				for _, u := range res.Units {
					if ps.r.decidedBy(u, ri) && u.Decision == runtime.Allow {
						return c, true
					}
				}
			}
		}
	}
	return call{}, false
}

// dotsLiteral returns re with each any character a literal dot: the
// text a host pattern with unescaped dots was meant to match.
func dotsLiteral(re *syntax.Regexp) *syntax.Regexp {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{'.'}}
	}
	out := *re
	out.Sub = nil
	for _, sub := range re.Sub {
		out.Sub = append(out.Sub, dotsLiteral(sub))
	}
	return &out
}

// lineFillers are the words a command line witness puts between the
// program and the pattern's text.
var lineFillers = []string{"a", "push", "run", "install", "-"}

// withValue returns call b with value v at the site: the input field, the
// path fields of its tool, or its command line after b's program and
// filler.
func withValue(b call, site anchorSite, v, filler string) (c call, full string, ok bool) {
	var p map[string]any
	d := json.NewDecoder(bytes.NewReader(b.payload))
	d.UseNumber()
	if d.Decode(&p) != nil {
		return call{}, "", false
	}
	in, _ := p["tool_input"].(map[string]any)
	if in == nil {
		in = map[string]any{}
		p["tool_input"] = in
	}
	switch {
	case site.field != "":
		setPath(in, site.field, v)
	case site.kind == lineValue:
		// v follows the program and a word: an operand, or a
		// subcommand a program's knowledge may require.
		line, _ := in["command"].(string)
		prog, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if prog == "" {
			return call{}, "", false
		}
		v = prog + " " + filler + " " + v
		in["command"] = v
	default: // a path condition
		switch {
		case in["command"] != nil:
			in["command"] = "cat " + v
		case in["file_path"] != nil || p["tool_name"] == "Read" || p["tool_name"] == "Write" || p["tool_name"] == "Edit":
			in["file_path"] = v
		case in["notebook_path"] != nil:
			in["notebook_path"] = v
		case in["path"] != nil:
			in["path"] = v
		default:
			return call{}, "", false
		}
	}
	out, ok := orderedPayload(p)
	if !ok {
		return call{}, "", false
	}
	return call{payload: out, env: b.env, files: b.files, links: b.links}, v, true
}

// orderedPayload encodes a payload with vet's fixed fields first
// (payloadJSON), then the others sorted.
func orderedPayload(p map[string]any) ([]byte, bool) {
	var pj payloadJSON
	raw, err := json.Marshal(p)
	if err != nil || json.Unmarshal(raw, &pj) != nil {
		return nil, false
	}
	pj.Input, _ = p["tool_input"].(map[string]any)
	w := &callMaker{base: pj, extra: map[string]any{}}
	for k, x := range p {
		if !isWitnessKey(k) {
			w.extra[k] = x
		}
	}
	return w.call(pj.Input).payload, true
}

func isWitnessKey(k string) bool {
	for _, w := range witnessKeys {
		if k == w {
			return true
		}
	}
	return false
}

// hostDot matches an unescaped dot between letters or digits, as in
// github.com.
var hostDot = regexp.MustCompile(`[A-Za-z0-9]\.[A-Za-z]`)

// dotNote says, for a URL pattern, that an unescaped dot matches any
// character.
func dotNote(site anchorSite) string {
	if site.kind != urlValue || !hostDot.MatchString(site.re) {
		return ""
	}
	i := hostDot.FindStringIndex(site.re)
	dot := i[0] + 1
	x := site.re[:dot] + "X" + site.re[dot+1:]
	return fmt.Sprintf("; its unescaped \".\" matches any character (%q matches %q too): escape it (\\.)", site.re, strings.Trim(x, "^$"))
}

// patternPos returns the position of pattern re in rule ri's source: the
// first line from the rule's on that spells it as a CUE string, else the
// rule's position.
func (ps *pass) patternPos(ri int, re string) diag.Pos {
	pos := ps.rulePos(ri)
	b, err := os.ReadFile(pos.File)
	if err != nil || pos.Line < 1 {
		return pos
	}
	lines := strings.Split(string(b), "\n")
	q := regexp.MustCompile(`re:\s*` + regexp.QuoteMeta(strconv.Quote(re)))
	for n := pos.Line - 1; n < len(lines) && n < pos.Line+40; n++ {
		if loc := q.FindStringIndex(lines[n]); loc != nil {
			return diag.Pos{File: pos.File, Line: n + 1, Col: loc[0] + 1}
		}
		if n > pos.Line-1 && strings.HasPrefix(strings.TrimSpace(lines[n]), "{name:") {
			break // the next rule
		}
	}
	return pos
}
