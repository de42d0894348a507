package importer

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A field is one field of a CUE struct, in the order it is written.
type field struct {
	key string
	val any // string, bool, float64, []any or obj
}

// An obj is a CUE struct whose fields keep their order.
type obj []field

// A hrule is a hookc rule the import writes.
type hrule struct {
	name     string
	sources  []string // "deny \"Bash(curl *)\" at file:line:col"
	note     string   // a comment on how the rule reads the native one
	conds    obj
	decision string
	reason   string
	accept   map[string]string // vet: accept, finding kind to reason
}

// Tool groups of Claude Code's file rules ("Read and Edit"): Read rules
// cover the tools that read files, Edit rules those that edit them; an
// Edit allow also grants reading.
var (
	readTools  = []any{"Read", "Grep", "Glob", "LSP"}
	editTools  = []any{"Edit", "Write", "NotebookEdit", "MultiEdit"}
	writeTools = []any{"Write"} // the tool a Read deny also blocks that does not read (Edit reads)
)

// strippedWrappers are the wrappers Claude Code strips before matching Bash
// rules ("Wrappers"): a rule for the command also matches it under them.
var strippedWrappers = []any{"timeout", "time", "nice", "nohup", "stdbuf", "command", "builtin", "noglob"}

// safeEnv matches the leading assignments an allow rule matches past: of
// the "known-safe environment variables" Claude Code strips, the one its
// documentation names.
const safeEnv = "^NODE_ENV="

// findActions make find run or delete: "a Bash(find *) rule doesn't cover
// these forms".
var findActions = []any{"-delete", "-exec", "-execdir", "-ok", "-okdir"}

// ctx is what a translation needs besides the rule.
type ctx struct {
	editAllow []any // the globs of every Edit allow rule, for redirect targets
}

// translate turns one native rule into hookc rules, or says why it does
// not (skip is then set and rules is nil).
func translate(n Native, c *ctx) (rules []hrule, skip string) {
	p, ok := parse(n.Text)
	if !ok {
		return nil, "not a permission rule (want Tool or Tool(specifier))"
	}
	base := hrule{
		name:     n.List + " " + n.Text,
		decision: n.List,
		reason:   reason(n),
	}
	one := func(conds obj) []hrule {
		r := base
		r.conds = conds
		return []hrule{r}
	}
	tool := p.tool
	if tool == "Task" {
		tool = "Agent" // renamed in 2.1.63; hookc's "Agent" matches both
	}
	switch {
	case strings.HasPrefix(tool, "mcp__"):
		if p.hasSpec {
			return nil, "Claude Code skips an mcp__ rule with parentheses when it loads settings"
		}
		return mcpRule(n, tool, one)
	case strings.ContainsAny(tool, "*?["):
		if n.List == "allow" {
			return nil, "an allow rule accepts a tool-name glob only after a literal mcp__<server>__ prefix; Claude Code skips it"
		}
		return one(obj{{"tool", obj{{"glob", tool}}}}), ""
	case !p.hasSpec:
		return one(obj{{"tool", tool}}), ""
	}
	if name, value, ok := param(tool, p.spec); ok && n.List != "allow" {
		if primaryFields[name] {
			return nil, fmt.Sprintf("Claude Code ignores a rule on %s, the tool's primary field (use the tool's own specifier)", name)
		}
		return one(obj{{"tool", tool}, {"input", obj{{name, paramValue(value)}}}}), ""
	}
	switch tool {
	case "Bash":
		return bashRules(n, p.spec, c, base)
	case "PowerShell":
		return one(obj{{"tool", "PowerShell"}, {"input", obj{{"command", obj{{"re", powerShellRE(p.spec, n.List)}}}}}}), ""
	case "Read":
		return readRules(n, p.spec, base)
	case "Edit":
		return editRules(n, p.spec, base)
	case "Write", "NotebookEdit", "MultiEdit", "Glob":
		return nil, fmt.Sprintf("Claude Code accepts a %s path rule but never consults it: write it as Edit(...) or Read(...)", tool)
	case "WebFetch":
		d, ok := strings.CutPrefix(strings.TrimSpace(p.spec), "domain:")
		if !ok {
			return nil, "a WebFetch rule takes domain:HOST"
		}
		return one(obj{{"tool", "WebFetch"}, {"input", obj{{"url", obj{{"re", domainRE(d)}}}}}}), ""
	case "WebSearch":
		return nil, "a WebSearch rule takes no specifier"
	case "Agent":
		return one(obj{{"tool", "Agent"}, {"input", obj{{"subagent_type", p.spec}}}}), ""
	case "Skill":
		name, _, _ := strings.Cut(strings.TrimSpace(p.spec), " ")
		if strings.Contains(name, "*") {
			return one(obj{{"tool", "Skill"}, {"input", obj{{"skill", obj{{"re", wildcardRE(name, ".*")}}}}}}), ""
		}
		return one(obj{{"tool", "Skill"}, {"input", obj{{"skill", name}}}}), ""
	case "Cd":
		return nil, "Cd rules apply to the /cd command only, not to tool calls"
	}
	return nil, fmt.Sprintf("hookc does not know how Claude Code reads a specifier of %s", tool)
}

func reason(n Native) string {
	if n.List == "allow" || strings.ContainsAny(n.Text, "{}") {
		return ""
	}
	verb := "denied"
	if n.List == "ask" {
		verb = "asked about"
	}
	file := n.Pos
	if i := strings.Index(file, ":"); i >= 0 {
		file = file[:i]
	}
	return fmt.Sprintf("%s by the Claude Code permission rule %s in %s", verb, n.Text, file)
}

// mcpRule translates mcp__server, mcp__server__tool and
// mcp__server__glob ("MCP", "Tool name wildcards").
func mcpRule(n Native, tool string, one func(obj) []hrule) ([]hrule, string) {
	rest := strings.TrimPrefix(tool, "mcp__")
	server, name, hasTool := strings.Cut(rest, "__")
	switch {
	case strings.ContainsAny(server, "*?["):
		if n.List == "allow" {
			return nil, "an allow rule accepts a tool-name glob only after a literal mcp__<server>__ prefix; Claude Code skips it"
		}
		return one(obj{{"tool", obj{{"glob", tool}}}}), ""
	case !hasTool:
		return one(obj{{"tool", obj{{"re", "^mcp__" + regexp.QuoteMeta(server) + "__"}}}}), ""
	case strings.ContainsAny(name, "*?["):
		return one(obj{{"tool", obj{{"glob", tool}}}}), ""
	}
	return one(obj{{"tool", tool}}), ""
}

// paramValue is the matcher for a Tool(param:value) value: true, false and
// numbers as such, * a present field ("A parameter the model omits is never
// matched"), other * any text, else the exact string.
func paramValue(v string) any {
	switch {
	case v == "true":
		return true
	case v == "false":
		return false
	case v == "*":
		return obj{{"present", true}}
	case strings.Contains(v, "*"):
		return obj{{"re", wildcardRE(v, ".*")}}
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil && strconv.FormatFloat(f, 'g', -1, 64) == v {
		return f
	}
	return v
}

// wildcardRE is a regexp matching all of s, each * standing for any text
// that star matches.
func wildcardRE(s, star string) string {
	parts := strings.Split(s, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return "^" + strings.Join(parts, star) + "$"
}

// bashRules translates Bash(pattern) ("Wildcard patterns", "Compound
// commands", "Wrappers", "Redirections"). The pattern is matched against
// each simple command's line, the program and its words after quote
// removal joined by spaces; hookc decides every simple command of a
// command line (those in $( ), subshells and under wrappers included), so
// a deny or ask rule hits any of them and an allow holds only when every
// one is allowed.
func bashRules(n Native, spec string, c *ctx, base hrule) ([]hrule, string) {
	line, first, note := bashLine(spec)
	// The program's name, where the pattern gives it, lets hookc reach the
	// rule by program (and vet see how narrow it is).
	var cmd obj
	switch pre, _, wild := strings.Cut(first, "*"); {
	case first == "" || pre == "":
	case !wild:
		cmd = append(cmd, field{"name", first})
	default:
		cmd = append(cmd, field{"name", obj{{"re", "^" + regexp.QuoteMeta(pre)}}})
	}
	cmd = append(cmd, field{"line", line})
	r := base
	r.note = note
	if n.List == "allow" {
		// An allow rule matches past an assignment of a known-safe variable
		// only; the target of a redirection must be allowed by an Edit
		// rule (or be /dev/null, which hookc never counts as a write).
		cmd = append(cmd, field{"assigns", obj{{"all", obj{{"re", safeEnv}}}}})
		if first == "find" {
			cmd = append(cmd, field{"flags", obj{{"none", findActions}}})
		}
		r.conds = obj{{"command", cmd}}
		if len(c.editAllow) > 0 {
			r.conds = append(r.conds, field{"writes", obj{{"all", c.editAllow}}})
		} else {
			r.conds = append(r.conds, field{"writes", obj{{"none", "/**"}}})
		}
		return []hrule{r}, ""
	}
	r.conds = obj{{"command", cmd}}
	return []hrule{r}, ""
}

// star stands for a * of a Bash pattern while the pattern is parsed as a
// command line.
const star = "HOOKCSTAR7f3a"

// bashLine returns the matcher of a simple command's line for a Bash
// pattern, the pattern's first word, and a note when the pattern could not
// be read as a simple command.
func bashLine(spec string) (line any, first, note string) {
	// The legacy prefix syntax: a trailing :* is a trailing " *".
	if p, ok := strings.CutSuffix(spec, ":*"); ok {
		spec = p + " *"
	}
	// \* is a literal *, \\ a backslash.
	var b strings.Builder
	wild := 0
	for i := 0; i < len(spec); i++ {
		switch {
		case spec[i] == '\\' && i+1 < len(spec) && (spec[i+1] == '*' || spec[i+1] == '\\'):
			b.WriteString(`\` + string(spec[i+1]))
			i++
		case spec[i] == '*':
			b.WriteString(star)
			wild++
		default:
			b.WriteByte(spec[i])
		}
	}
	words, ok := shellWords(b.String())
	text := b.String()
	if ok {
		text = strings.Join(words, " ")
	} else {
		note = "the pattern is not one simple command; it is matched as written"
		text = strings.ReplaceAll(strings.ReplaceAll(text, `\*`, "*"), `\\`, `\`)
	}
	if len(words) > 0 {
		first = strings.ReplaceAll(words[0], star, "*")
	}
	if wild == 0 {
		return text, first, note
	}
	// A trailing " *" that is the only wildcard also matches the bare
	// command.
	trailing := wild == 1 && strings.HasSuffix(text, " "+star)
	if trailing {
		text = strings.TrimSuffix(text, " "+star)
	}
	parts := strings.Split(text, star)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re := "(?s)^" + strings.Join(parts, ".*")
	if trailing {
		re += "( .*)?"
	}
	return obj{{"re", re + "$"}}, first, note
}

// shellWords returns the words of a simple command after quote removal,
// or false when s is not one simple command of literal words.
func shellWords(s string) ([]string, bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(st.Redirs) > 0 || len(call.Assigns) > 0 {
		return nil, false
	}
	var words []string
	for _, w := range call.Args {
		lit, ok := wordLiteral(w)
		if !ok {
			return nil, false
		}
		words = append(words, lit)
	}
	return words, true
}

// wordLiteral returns the value of a word made of literals and quotes.
func wordLiteral(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			// An unquoted backslash escapes the next character.
			s := p.Value
			for i := 0; i < len(s); i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				b.WriteByte(s[i])
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// powerShellRE matches a PowerShell command line for a pattern
// ("PowerShell"): case-insensitive; hookc does not parse PowerShell
// (design.md 42), so an allow covers a line with no separator in it, and a
// deny or ask matches the pattern at the start of any statement.
func powerShellRE(spec, list string) string {
	if p, ok := strings.CutSuffix(spec, ":*"); ok {
		spec = p + " *"
	}
	const sep = `;|&\r\n`
	trailing := strings.Count(spec, "*") == 1 && strings.HasSuffix(spec, " *")
	if trailing {
		spec = strings.TrimSuffix(spec, " *")
	}
	parts := strings.Split(spec, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	body := strings.Join(parts, "[^"+sep+"]*")
	if trailing {
		body += "( [^" + sep + "]*)?"
	}
	if list == "allow" {
		return `(?i)^\s*` + body + `\s*$`
	}
	return `(?i)(^|[` + sep + `])\s*` + body + `\s*($|[` + sep + `])`
}

// domainRE matches a URL whose host matches a WebFetch domain pattern
// ("WebFetch"): case-insensitive, a trailing dot ignored, *.d any
// subdomain of d at any depth but not d, a lone * every host, any other *
// the text between two dots. A backslash ends the host as a slash does:
// URL parsers read it so in http and https URLs (design.md 262).
func domainRE(d string) string {
	d = strings.TrimSuffix(strings.TrimSpace(d), ".")
	const label = `[^./?#@:\[\]\\]`
	var host string
	switch {
	case d == "*":
		host = `[^/?#@\\]+`
	case strings.HasPrefix(d, "*."):
		host = `(` + label + `+\.)+` + wildcardHost(d[2:], label)
	default:
		host = wildcardHost(d, label)
	}
	return `(?i)^[a-z][a-z0-9+.-]*://([^/?#@\\]*@)?` + host + `\.?(:[0-9]*)?([/?#\\]|$)`
}

func wildcardHost(d, label string) string {
	parts := strings.Split(d, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, label+"*")
}

// readRules translates Read(path): a deny blocks reading the path through
// any tool (the file tools and the file commands hookc knows in Bash, as
// Claude Code does with the ones it recognises) and the Write tool too (a
// Read deny "also blocks the Edit and Write tools", Edit reading the file
// first); an ask asks about reading it; an allow allows the tools that read.
func readRules(n Native, spec string, base hrule) ([]hrule, string) {
	g, note := pathGlob(spec, n.Anchor, n.List)
	r := base
	r.note = note
	switch n.List {
	case "deny":
		r.conds = obj{{"reads", g}}
		w := base
		w.name += " (Write tool)"
		w.conds = obj{{"tool", writeTools}, {"writes", g}}
		return []hrule{r, w}, ""
	case "ask":
		r.conds = obj{{"tool", obj{{"not", editTools}}}, {"reads", g}}
	default:
		r.conds = obj{{"tool", readTools}, {"reads", obj{{"any", g}, {"all", g}}}}
	}
	return []hrule{r}, ""
}

// editRules translates Edit(path): a deny or ask covers writing the path
// through any tool (the file tools, redirections and the file commands
// hookc knows in Bash); an allow allows the tools that edit, and those that
// read ("an Edit allow also grants read").
func editRules(n Native, spec string, base hrule) ([]hrule, string) {
	g, note := pathGlob(spec, n.Anchor, n.List)
	r := base
	r.note = note
	if n.List == "allow" {
		r.conds = obj{{"tool", append(append([]any{}, editTools...), readTools...)}, {"path", obj{{"any", g}, {"all", g}}}}
	} else {
		r.conds = obj{{"writes", g}}
	}
	return []hrule{r}, ""
}

// pathGlob turns a Read or Edit path pattern (gitignore syntax, "Read and
// Edit") into a hookc glob: //p is absolute, ~/p in the home directory, /p
// relative to the settings file's anchor, p and ./p relative to the
// current directory, which hookc takes to be the project root (./ in a
// hookc glob anchors it there). A pattern without a slash but a trailing
// one matches at any depth; one directory name followed by /** too, in a
// deny or ask rule.
func pathGlob(p, anchor, list string) (glob string, note string) {
	p = strings.TrimSpace(p)
	// gitignore has no {a,b}: braces are literal.
	p = strings.NewReplacer("{", `\{`, "}", `\}`).Replace(p)
	switch {
	case strings.HasPrefix(p, "//"):
		return path.Clean("/"+strings.TrimLeft(p, "/")) + trailing(p), ""
	case p == "~" || strings.HasPrefix(p, "~/"):
		return dirGlob(p), ""
	case strings.HasPrefix(p, "/"):
		return dirGlob(joinAnchor(anchor, p[1:])), ""
	}
	rel := strings.TrimPrefix(p, "./")
	anchored := rel != p
	body := strings.TrimSuffix(rel, "/")
	switch {
	case !anchored && !strings.Contains(body, "/"):
		// A bare name matches at any depth.
		return dirGlob("./**/" + rel), ""
	case !anchored && list != "allow" && strings.Count(body, "/") == 1 && strings.HasSuffix(body, "/**") && !strings.HasPrefix(body, "**"):
		// One directory name: any depth in deny and ask rules (2.1.214).
		return "./**/" + body, ""
	}
	return dirGlob("./" + rel), ""
}

// trailing returns "/**" when p names a directory (ends in /), so that the
// glob covers its contents.
func trailing(p string) string {
	if strings.HasSuffix(p, "/") && p != "/" {
		return "/**"
	}
	return ""
}

// dirGlob turns a pattern ending in / into one for the directory's
// contents.
func dirGlob(p string) string {
	if strings.HasSuffix(p, "/") && len(p) > 1 {
		return p + "**"
	}
	return p
}

func joinAnchor(anchor, rest string) string {
	switch anchor {
	case ".":
		return "./" + rest
	case "":
		return "/" + rest
	}
	return strings.TrimSuffix(anchor, "/") + "/" + rest
}
