package runtime

import (
	"path"
	"strings"
)

// procAlias reads the links of /proc in the absolute path abs as the
// program that opens it sees them (design.md 71): /proc/self/root (and
// /proc/self/task/N/root, /proc/thread-self/root) is the root,
// /proc/self/cwd the directory the command runs in (dir, or the working
// directory), /dev/fd/... below /proc/self/fd. A path through the root or
// the working directory of another process (/proc/1/root/x, /proc/1/cwd/x:
// its mount namespace may be a container's) or through an open descriptor
// (/proc/self/fd/3/x) is not known: ok is false. A path with
// none of these links is returned as it is.
func (e *evaluator) procAlias(abs string, dir Word) (string, bool) {
	var out []string
	found := false
	for rest := abs[1:]; ; {
		var c string
		var more bool
		c, rest, more = strings.Cut(rest, "/")
		switch c {
		case "", ".":
		case "..":
			// /proc/thread-self is a link to /proc/self/task/TID, so
			// its .. is /proc/self/task, and ../.. the process's own
			// directory (design.md 154).
			if len(out) == 2 && out[0] == "proc" && out[1] == "thread-self" {
				out, found = append(out[:0], "proc", "self", "task"), true
			} else if len(out) > 0 && out[0] != "proc" && out[0] != "dev" {
				// A name reached through a link (/proc/self/cwd/link/..):
				// .. is read as the kernel reads it (design.md 153).
				p, ok := e.physicalDots("/"+strings.Join(out, "/")+"/..", false)
				if !ok {
					return "", false
				}
				out, found = append(out[:0], strings.Split(strings.Trim(cleanPath(p), "/"), "/")...), true
				if len(out) == 1 && out[0] == "" {
					out = out[:0]
				}
			} else if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, c)
			switch procLink(out, more) {
			case linkFD:
				out, found = append(out[:0], "proc", "self", "fd"), true
			case linkRoot:
				out, found = out[:0], true
			case linkCwd:
				base, ok := e.plainAbsolute(".", dir)
				if !ok {
					return "", false
				}
				out, found = append(out[:0], strings.Split(strings.Trim(cleanPath(base), "/"), "/")...), true
			case linkUnknown:
				return "", false
			}
		}
		if !more {
			break
		}
	}
	if !found {
		return abs, true
	}
	return "/" + strings.Join(out, "/"), true
}

// ownProcess reports whether the clean absolute path p is in a process's
// directory of /proc (/proc/self/fd/3, /proc/1/cmdline), other than its
// environ, which the policy's secret files hold: read by a tool, it is
// what Claude Code's own process, or another, holds (design.md 154).
func ownProcess(p string) bool {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return false
	}
	pid, name, ok := strings.Cut(rest, "/")
	if !ok || pid != "self" && pid != "thread-self" && !isFD(pid) {
		return false
	}
	return path.Base(name) != "environ"
}

// processRelative reports whether the absolute path p names a file of
// the process that opens it (/proc/self/..., /proc/thread-self/...,
// /dev/stdin, /dev/fd/...), which procAlias has read as far as the model
// knows it: the hook's own file system would resolve it in the hook's
// process, not the command's (design.md 414).
func processRelative(p string) bool {
	for _, d := range []string{"/proc/self", "/proc/thread-self", "/dev/fd", "/dev/stdin", "/dev/stdout", "/dev/stderr"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

type procLinkKind int

const (
	linkNone    procLinkKind = iota
	linkFD                   // /dev/fd with more below it
	linkRoot                 // a process's root
	linkCwd                  // the command's own working directory
	linkUnknown              // another process's directory, an open descriptor with more below it
)

// procLink says what the path of components c is, more saying that more
// components follow.
func procLink(c []string, more bool) procLinkKind {
	if len(c) == 2 && c[0] == "dev" && c[1] == "fd" && more {
		return linkFD
	}
	if len(c) < 3 || c[0] != "proc" {
		return linkNone
	}
	pid, self := c[1], c[1] == "self" || c[1] == "thread-self"
	if !self && !isFD(pid) || strings.HasSuffix(pid, "-") {
		return linkNone
	}
	name := c[2:]
	if len(name) >= 3 && name[0] == "task" && isFD(name[1]) {
		name = name[2:]
	}
	switch {
	case len(name) == 1 && name[0] == "root" && self:
		return linkRoot
	case len(name) == 1 && name[0] == "root":
		// Another process's root is the root of its mount namespace:
		// a container's, a sandbox's (round 21; design.md 414).
		return linkUnknown
	case len(name) == 1 && name[0] == "cwd" && self:
		return linkCwd
	case len(name) == 1 && name[0] == "cwd":
		return linkUnknown
	case len(name) == 2 && name[0] == "fd" && more:
		return linkUnknown
	}
	return linkNone
}

// physicalDots reads a .. in the absolute path raw as the kernel does: a
// name/.. where name is a symlink is the parent of the link's target, not
// the directory that holds the link, so cleaning the path as text would
// name another file (design.md 153). With a file system it returns raw
// with the part up to its last such .. resolved; without one, or where a
// glob comes before the .., a .. after a name may follow a link and ok is
// false. The directory the call starts in is taken as it is: only the
// names the line adds (written, or reached by cd) are checked.
func (e *evaluator) physicalDots(raw string, glob bool) (string, bool) {
	start := e.root
	if e.p != nil && e.p.Cwd != "" {
		start = e.p.Cwd
	}
	skip := 0
	if start != "/" && strings.HasPrefix(raw, start+"/") {
		skip = len(start)
	}
	last := -1 // the end of the last .. that follows a name
	named := false
	for i := skip; i < len(raw); {
		j := strings.IndexByte(raw[i:], '/')
		if j < 0 {
			j = len(raw) - i
		}
		switch c := raw[i : i+j]; c {
		case "", ".":
		case "..":
			if named {
				last = i + j
			}
		default:
			named = true
		}
		i += j + 1
	}
	if last < 0 {
		return raw, true
	}
	head, tail := raw[:last], raw[last:]
	if e.env.FS == nil || glob && strings.ContainsAny(head, "*?[") {
		return "", false
	}
	phys := e.env.FS.Resolve(head)
	if phys == "" {
		return raw, true // no link: the text is the path
	}
	return e.realPath(phys) + tail, true
}
