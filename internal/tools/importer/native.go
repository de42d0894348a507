// Package importer turns Claude Code's native permission rules (the
// permissions of its settings files) into a hookc policy that decides the
// same calls the same way, in Claude Code's precedence: deny rules, then
// ask rules, then allow rules, the first match deciding; the calls no
// rule decides are passed to Claude Code, whose permission mode, working
// directories and read-only commands then decide as before.
//
// The semantics of each rule form, with the documentation they come from,
// are in docs/import.md; the test table in testdata/ holds the policy to
// them.
package importer

import (
	"fmt"
	"regexp"
	"strings"

	"hookc.dev/hookc/internal/tools/settings"
)

// Lists are the permission lists, in the order Claude Code evaluates them.
var Lists = []string{"deny", "ask", "allow"}

// A Native is one permission rule as a settings file gives it.
type Native struct {
	Text  string // as written: "Bash(npm run test:*)"
	List  string // "allow", "ask" or "deny"
	Pos   string // file:line:col of the rule
	Scope settings.Scope
	// Anchor is the directory a /path rule of this file is relative to, as
	// a hookc glob prefix: "." for the project root, "~/.claude" for user
	// settings, an absolute directory for a file of no known scope.
	Anchor string
}

// A Source is the permissions of one settings file.
type Source struct {
	Path   string // as shown
	Scope  settings.Scope
	Anchor string // see Native.Anchor
	Rules  []Native
	// AdditionalDirectories and DefaultMode are kept for the reader: they
	// are Claude Code's own business (its working directories and its
	// permission mode), which a policy that passes leaves to it.
	AdditionalDirectories []string
	DefaultMode           string
	DefaultModePos        string
}

// Anchor returns the directory /path rules of a file of scope s are
// relative to (Claude Code's permissions documentation, "Read and Edit":
// project settings the project root, local settings the directory Claude
// Code starts in, which hookc takes to be the project root too, user
// settings ~/.claude, a file passed with --settings its directory).
func Anchor(s settings.Scope, fileDir string) string {
	switch s {
	case settings.Project, settings.Local:
		return "."
	case settings.User:
		return "~/.claude"
	}
	return fileDir
}

// Read reads the permissions of a settings file.
func Read(path string, scope settings.Scope, anchor string) (*Source, error) {
	f, err := settings.Open(path)
	if err != nil {
		return nil, err
	}
	d := f.Doc
	src := &Source{Path: path, Scope: scope, Anchor: anchor}
	if d.Root == nil {
		return src, nil
	}
	if d.Root.Kind != settings.Object {
		return nil, d.Errorf(d.Root, "the settings are %s, not an object", d.Root.Kind)
	}
	perms := d.Lookup(settings.Path{"permissions"})
	if perms == nil {
		return src, nil
	}
	if perms.Kind != settings.Object {
		return nil, d.Errorf(perms, "permissions is %s, not an object", perms.Kind)
	}
	pos := func(v *settings.Value) string {
		line, col := settings.Position(d.Bytes(), v.Start)
		return fmt.Sprintf("%s:%d:%d", path, line, col)
	}
	for _, list := range Lists {
		v := d.Lookup(settings.Path{"permissions", list})
		if v == nil {
			continue
		}
		if v.Kind != settings.Array {
			return nil, d.Errorf(v, "permissions.%s is %s, not a list of rules", list, v.Kind)
		}
		for _, e := range v.Elems {
			s, ok := d.Str(e)
			if !ok {
				return nil, d.Errorf(e, "a permission rule is %s, not a string", e.Kind)
			}
			src.Rules = append(src.Rules, Native{Text: s, List: list, Pos: pos(e), Scope: scope, Anchor: anchor})
		}
	}
	if v := d.Lookup(settings.Path{"permissions", "additionalDirectories"}); v != nil && v.Kind == settings.Array {
		for _, e := range v.Elems {
			if s, ok := d.Str(e); ok {
				src.AdditionalDirectories = append(src.AdditionalDirectories, s)
			}
		}
	}
	if v := d.Lookup(settings.Path{"permissions", "defaultMode"}); v != nil {
		src.DefaultMode, _ = d.Str(v)
		src.DefaultModePos = pos(v)
	}
	return src, nil
}

// A parsed rule: Tool or Tool(Spec).
type parsed struct {
	tool    string
	spec    string
	hasSpec bool
}

var ruleRE = regexp.MustCompile(`^([^()\s]+)(?:\((.*)\))?$`)

// parse splits a rule into its tool and specifier. Tool(*) is Tool
// (permissions documentation, "Match all uses of a tool").
func parse(text string) (parsed, bool) {
	m := ruleRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return parsed{}, false
	}
	p := parsed{tool: m[1]}
	if strings.HasSuffix(strings.TrimSpace(text), ")") {
		p.spec, p.hasSpec = m[2], true
	}
	if p.hasSpec && strings.TrimSpace(p.spec) == "*" {
		p.spec, p.hasSpec = "", false
	}
	return p, true
}

// primaryFields are the input fields Tool(param:value) rules cannot name
// ("Match by input parameter").
var primaryFields = map[string]bool{"command": true, "file_path": true, "path": true, "notebook_path": true, "url": true}

// toolParams are the top-level input fields of the built-in tools whose
// parameters rules name (docs/protocol.md, Import).
var toolParams = map[string][]string{
	"Bash":       {"description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"PowerShell": {"description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"Agent":      {"description", "prompt", "subagent_type", "model", "run_in_background", "name", "isolation", "team_name", "mode"},
	"Read":       {"offset", "limit", "pages"},
	"Edit":       {"old_string", "new_string", "replace_all"},
	"Write":      {"content"},
	"Grep":       {"pattern", "glob", "type", "output_mode", "-i", "-n", "-o", "-A", "-B", "-C", "context", "head_limit", "offset", "multiline"},
	"Glob":       {"pattern"},
	"WebFetch":   {"prompt"},
	"WebSearch":  {"query"},
	"Skill":      {"skill", "args"},
}

// param splits a Tool(param:value) specifier when param is an input field
// of the tool (whitespace around the colon is ignored).
func param(tool, spec string) (name, value string, ok bool) {
	name, value, ok = strings.Cut(spec, ":")
	if !ok {
		return "", "", false
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if tool == "Task" {
		tool = "Agent"
	}
	if primaryFields[name] {
		return name, value, true
	}
	for _, p := range toolParams[tool] {
		if p == name {
			return name, value, true
		}
	}
	return "", "", false
}
