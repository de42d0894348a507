package layers

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/paths"
)

// maxListed is the most alternatives of a glob written as concrete paths
// whether they exist or not: the credential directories and the files of
// tools below them; a glob of more names (every secret file name, each
// with its backup suffixes) is written for the paths that exist when the
// layers are installed (design.md 181).
const maxListed = 16

// placeable returns an alternative as a scan takes it, or false for a
// path no layer takes (Windows, /proc, /dev).
func (c *ruleCompiler) placeable(a string) (string, bool) {
	d := strings.TrimSuffix(a, "/**")
	switch {
	case len(d) > 3 && d[0] == '/' && d[2] == ':':
		return "", false
	case d == "/proc" || d == "/dev" || strings.HasPrefix(d, "/proc/") || strings.HasPrefix(d, "/dev/"):
		c.group(groupKernel, a)
		return "", false
	case strings.HasPrefix(a, "**/") || strings.HasPrefix(a, "/") || strings.HasPrefix(a, "~"):
		return a, true
	}
	return "./" + strings.TrimPrefix(a, "./"), true
}

// A place is a concrete path a glob names, in a neutral spelling: ~/x,
// /abs or ./x; dir when the glob names everything below it.
type place struct {
	path string
	dir  bool
}

// places splits globs into the concrete places the layers write whatever
// exists (the home directory's and absolute paths without wildcards) and
// the globs left to install, which writes the paths of the project and
// of the home directory that match them when it runs (design.md 181).
func (c *ruleCompiler) places(globs []string) (ps []place, scans []string) {
	for _, g := range globs {
		if isRe(g) {
			scans = append(scans, g) // a regular expression: the paths that match it
			continue
		}
		alts := paths.ExpandBraces(g)
		if len(alts) > maxListed {
			// A glob of many names: the ones that exist.
			for _, a := range alts {
				if strings.HasPrefix(a, "**/") {
					scans = append(scans, "~/"+a[3:])
				}
				if a, ok := c.placeable(a); ok {
					scans = append(scans, a)
				}
			}
			continue
		}
		for _, a := range alts {
			d, dir := strings.CutSuffix(a, "/**")
			switch {
			case len(d) > 3 && d[0] == '/' && d[2] == ':':
				continue // a Windows path: no sandbox runs on native Windows
			case d == "/proc" || d == "/dev" || strings.HasPrefix(d, "/proc/") || strings.HasPrefix(d, "/dev/"):
				c.group(groupKernel, a)
			case strings.HasPrefix(d, "**/"):
				if rest := d[3:]; !hasWild(rest) {
					ps = append(ps, place{"~/" + rest, dir})
				} else {
					scans = append(scans, "~/"+a[3:])
				}
				scans = append(scans, a)
			case d == "~" || strings.HasPrefix(d, "~/") || strings.HasPrefix(d, "/"):
				if hasWild(d) {
					scans = append(scans, a)
				} else {
					ps = append(ps, place{d, dir})
				}
			default:
				scans = append(scans, "./"+strings.TrimPrefix(a, "./"))
			}
		}
	}
	return ps, scans
}

// spell writes a place as a layer reads it: the sandbox's ~/x, //abs, ./x;
// a native rule's pattern, with /** for a directory.
func spell(p place, native bool) string {
	s := p.path
	if strings.HasPrefix(s, "/") {
		s = "/" + s // //abs: absolute in every scope
	}
	if native && p.dir {
		s += "/**"
	}
	return s
}

// inHome reports whether a place is in the home directory.
func inHome(p string) bool { return p == "~" || strings.HasPrefix(p, "~/") }

// deny adds a deny rule's places. A rule that feeds the native layer is
// written as Read and Edit denies alone: Claude Code merges them into the
// sandbox's denyRead and denyWrite, so one entry holds for Bash and the
// file tools (design.md 181). Writes outside the project are confined as
// a whole (blockWrites), so only the places in it and absolute ones are
// written.
func (c *ruleCompiler) deny(layers []string, reads, writes []string) {
	native := slices.Contains(layers, "native")
	sandbox := slices.Contains(layers, "sandbox") && (c.r.Tool.Op == runtime.StrAny || strMatch(c.t, c.r.Tool, "Bash"))
	if !native && !sandbox {
		return
	}
	readKey, writeKey := DenyRead, DenyWrite
	if native {
		readKey, writeKey = "Read", "Edit"
	}
	rp, rs := c.places(reads)
	for _, p := range rp {
		c.addPlace(readKey, p, native)
	}
	wp, ws := c.places(writes)
	for _, p := range wp {
		if !inHome(p.path) {
			c.addPlace(writeKey, p, native)
		}
	}
	c.scan(readKey, rs)
	ws = slices.DeleteFunc(ws, inHome)
	if native && slices.ContainsFunc(c.f.Scans, func(s Scan) bool {
		return s.Key == "Read" && slices.Equal(s.Except, c.except) && !slices.ContainsFunc(ws, func(g string) bool { return !slices.Contains(s.Globs, g) })
	}) {
		ws = nil // a Read deny holds for edits too
	}
	c.scan(writeKey, ws)
	if sandbox {
		c.f.sandboxFed = true
	}
}

// addPlace adds one place under key: DenyRead and DenyWrite as the
// sandbox's paths, Read and Edit as native denies.
func (c *ruleCompiler) addPlace(key string, p place, native bool) {
	if native {
		c.add(NativeDeny, key+"("+spell(p, true)+")")
		return
	}
	c.add(key, spell(p, false))
}

// scan records globs for install to match against the files there.
func (c *ruleCompiler) scan(key string, globs []string) {
	if len(globs) == 0 {
		return
	}
	c.scanned = true
	for i := range c.f.Scans {
		if s := &c.f.Scans[i]; s.Key == key && slices.Equal(s.Except, c.except) {
			for _, g := range globs {
				if !slices.Contains(s.Globs, g) {
					s.Globs = append(s.Globs, g)
				}
			}
			return
		}
	}
	c.f.Scans = append(c.f.Scans, Scan{Key: key, Globs: slices.Clone(globs), Except: slices.Clone(c.except)})
}

// allowWrites adds an allow rule's writes to the sandbox's allowWrite.
func (c *ruleCompiler) allowWrites(writes []string) {
	if c.r.Tool.Op != runtime.StrAny && !strMatch(c.t, c.r.Tool, "Bash") {
		return // the rule is not about Bash, which alone the sandbox runs
	}
	ps, scans := c.places(writes)
	for _, p := range ps {
		c.add(AllowWrite, spell(p, false))
	}
	for _, g := range scans {
		if g != "./" && g != "./**" && g != "./*/**" {
			c.group(groupWild, g)
		}
	}
	c.f.sandboxFed = true
}

// reGlob marks a glob that is a rule's regular expression, which no layer
// takes: install writes the paths it matches that exist then, as it does
// for a glob of many names (design.md 302).
const reGlob = "re:"

// isRe reports whether a glob is a regular expression (reGlob).
func isRe(g string) bool { return strings.HasPrefix(g, reGlob) }

func hasWild(s string) bool { return strings.ContainsAny(s, "*?[{") }

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
			if isRe(u) {
				c.note("the regular expression %q is not expressed", u[len(reGlob):])
				continue
			}
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
// hook's globs do (paths.GlobRegexp).
func globMatch(g, v string) bool {
	re, ok := globCache.Load(g)
	if !ok {
		var x *regexp.Regexp
		if src, err := paths.GlobRegexp(g); err == nil {
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
