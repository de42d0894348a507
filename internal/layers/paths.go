package layers

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"hookc.dev/hookc/runtime"
)

// sandbox adds the rule's paths to the sandbox's lists. Bubblewrap, the
// sandbox of Linux, takes concrete paths, not globs (design.md 99).
func (c *ruleCompiler) sandbox(reads, writes []string) {
	if c.r.Tool.Op != runtime.StrAny && !strMatch(c.t, c.r.Tool, "Bash") {
		return // the rule is not about Bash, which alone the sandbox runs
	}
	if c.r.Decision == runtime.Allow {
		for _, p := range c.sandboxPaths(writes) {
			if p != "." && p != "./" {
				c.add(AllowWrite, p)
			}
		}
		return
	}
	for _, p := range c.sandboxPaths(reads) {
		c.add(DenyRead, p)
	}
	for _, p := range c.sandboxPaths(writes) {
		c.add(DenyWrite, p)
	}
}

// sandboxPaths turns globs into the sandbox's paths: //abs, ~/home,
// ./project. A trailing /** is the directory itself; **/NAME is NAME in the
// home directory and the project root only.
func (c *ruleCompiler) sandboxPaths(globs []string) []string {
	var out []string
	for _, g := range globs {
		for _, a := range ExpandBraces(g) {
			d := strings.TrimSuffix(a, "/**")
			if rest, ok := strings.CutPrefix(d, "**/"); ok && !hasWild(rest) {
				c.group(groupHomeProject, a)
				out = append(out, "~/"+rest, "./"+rest)
				continue
			}
			if len(d) > 3 && d[0] == '/' && d[2] == ':' {
				continue // a Windows path: no sandbox runs on native Windows
			}
			if hasWild(d) {
				c.group(groupWild, a)
				continue
			}
			out = append(out, sandboxPath(d))
		}
	}
	return out
}

// sandboxPath writes a concrete path as the sandbox reads it.
func sandboxPath(p string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		return p
	case strings.HasPrefix(p, "/"):
		return "/" + p // //abs: absolute in every scope
	case p == "" || p == ".":
		return "."
	}
	return "./" + strings.TrimPrefix(p, "./")
}

func hasWild(s string) bool { return strings.ContainsAny(s, "*?[{") }

// native adds the rule's paths as permission rules: Read(...) for reads,
// Edit(...) for writes, which also hold for the file tools.
func (c *ruleCompiler) native(reads, writes []string) {
	if c.r.Decision != runtime.Deny {
		if len(reads)+len(writes) > 0 {
			c.note("native: an allow rule is not written as a permission rule: the hook decides what it allows")
		}
		return
	}
	for _, g := range append(slices.Clone(reads), writes...) {
		for _, a := range ExpandBraces(g) {
			if strings.HasPrefix(a, "**/") {
				c.group(groupNative, a)
			}
		}
	}
	var proc []string
	for _, g := range reads {
		for _, p := range nativePatterns(g) {
			if strings.HasPrefix(p, "//proc/") && hasWild(p) {
				proc = append(proc, "Read("+p+")")
				continue
			}
			c.add(NativeDeny, "Read("+p+")")
		}
	}
	if len(proc) > 0 {
		c.note("native: %s not written: Claude Code on Linux merges Read denies into the sandbox's denyRead and expands their globs in this /proc, where bubblewrap's own /proc has none of those processes, so every sandboxed command could fail; the hook covers them", strings.Join(proc, ", "))
	}
	for _, g := range writes {
		for _, p := range nativePatterns(g) {
			c.add(NativeDeny, "Edit("+p+")")
		}
	}
}

// nativePatterns writes a glob as permission rules read it
// (gitignore-style, no braces): //abs, ~/home, ./project; **/NAME, which
// the hook matches anywhere, as **/NAME (at any depth of the project) and
// ~/NAME. Not //**/NAME: Claude Code on Linux merges Read denies into the
// sandbox's denyRead and expands their globs by walking the file system
// (design.md 99).
func nativePatterns(g string) []string {
	var out []string
	for _, a := range ExpandBraces(g) {
		switch {
		case strings.HasPrefix(a, "**/"):
			out = append(out, a, "~/"+a[3:])
		case a == "~" || strings.HasPrefix(a, "~/"):
			out = append(out, a)
		case strings.HasPrefix(a, "/"):
			out = append(out, "/"+a)
		default:
			out = append(out, "./"+strings.TrimPrefix(a, "./"))
		}
	}
	return out
}

// web adds the hosts of a WebFetch rule's input.url: allowed domains of
// the sandbox's network for an allow rule, WebFetch(domain:...) denies for
// a deny rule.
func (c *ruleCompiler) web(layers []string) {
	if !c.toolIs("WebFetch") {
		return
	}
	var hosts []string
	for _, in := range c.r.Input {
		if in.Path != "url" || in.Not {
			continue
		}
		for _, u := range c.cover(in.Str) {
			h, ok := hostOf(u)
			if !ok {
				c.note("the URL %s names no host a layer can take", u)
				continue
			}
			hosts = append(hosts, h)
		}
	}
	for _, l := range layers {
		for _, h := range hosts {
			switch {
			case l == "sandbox" && c.r.Decision == runtime.Allow:
				c.add(AllowedDomains, h)
			case l == "native" && c.r.Decision == runtime.Deny:
				c.add(NativeDeny, "WebFetch(domain:"+h+")")
			}
		}
	}
}

// hostOf returns the host of a URL glob: literal, or *.domain.
func hostOf(u string) (string, bool) {
	x, err := url.Parse(strings.ReplaceAll(u, "*", "STAR"))
	if err != nil || x.Host == "" {
		return "", false
	}
	h := strings.ReplaceAll(x.Hostname(), "STAR", "*")
	if rest, ok := strings.CutPrefix(h, "*."); ok && !hasWild(rest) {
		return h, true
	}
	return h, !hasWild(h)
}

// ExpandBraces returns the alternatives of a glob's {a,b} groups.
func ExpandBraces(g string) []string {
	open := strings.IndexByte(g, '{')
	if open < 0 {
		return []string{g}
	}
	depth, end := 0, -1
	var parts []string
	last := open + 1
	for i := open; i < len(g) && end < 0; i++ {
		switch g[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				parts = append(parts, g[last:i])
				end = i
			}
		case ',':
			if depth == 1 {
				parts = append(parts, g[last:i])
				last = i + 1
			}
		}
	}
	if end < 0 {
		return []string{g}
	}
	var out []string
	for _, p := range parts {
		out = append(out, ExpandBraces(g[:open]+p+g[end+1:])...)
	}
	return out
}

// strMatch reports whether a string matcher matches v.
func strMatch(t *runtime.Table, s runtime.Str, v string) bool {
	switch s.Op {
	case runtime.StrAny:
		return true
	case runtime.StrExact:
		return s.S == v || s.Fold && strings.EqualFold(s.S, v)
	case runtime.StrGlob:
		return globMatch(s.S, v)
	case runtime.StrRe:
		ok, _ := regexp.MatchString(t.Patterns[s.Re], v)
		return ok
	case runtime.StrOr:
		for _, sub := range s.Subs {
			if strMatch(t, sub, v) {
				return true
			}
		}
	case runtime.StrNot:
		return !strMatch(t, s.Subs[0], v)
	}
	return false
}

// globMatch reports whether a path glob matches the whole of v, as the
// hook's globs do (runtime.GlobRegexp).
func globMatch(g, v string) bool {
	re, ok := globCache.Load(g)
	if !ok {
		var x *regexp.Regexp
		if src, err := runtime.GlobRegexp(g); err == nil {
			x, _ = regexp.Compile(src)
		}
		globCache.Store(g, x)
		re = x
	}
	x, _ := re.(*regexp.Regexp)
	return x != nil && x.MatchString(v)
}

// globCache holds the compiled globs: glob to *regexp.Regexp (nil when
// the glob does not compile).
var globCache sync.Map
