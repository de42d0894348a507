package runtime

import "strings"

// procAlias reads the links of /proc in the absolute path abs as the
// program that opens it sees them (design.md 71): /proc/self/root (and
// /proc/N/root, /proc/self/task/N/root, /proc/thread-self/root) is the
// root, /proc/self/cwd the directory the command runs in (dir, or the
// working directory), /dev/fd/... below /proc/self/fd. A path through the
// working directory of another process (/proc/1/cwd/x) or through an open
// descriptor (/proc/self/fd/3/x) is not known: ok is false. A path with
// none of these links is returned as it is.
func (e *evaluator) procAlias(abs string, dir Word, moved bool) (string, bool, bool) {
	var out []string
	found := false
	for rest := abs[1:]; ; {
		var c string
		var more bool
		c, rest, more = strings.Cut(rest, "/")
		switch c {
		case "", ".":
		case "..":
			if len(out) > 0 {
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
				base, m, ok := e.plainAbsolute(".", dir)
				if !ok {
					return "", false, false
				}
				moved = moved || m
				out, found = append(out[:0], strings.Split(strings.Trim(cleanPath(base), "/"), "/")...), true
			case linkUnknown:
				return "", false, false
			}
		}
		if !more {
			break
		}
	}
	if !found {
		return abs, moved, true
	}
	return "/" + strings.Join(out, "/"), moved, true
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
	case len(name) == 1 && name[0] == "root":
		return linkRoot
	case len(name) == 1 && name[0] == "cwd" && self:
		return linkCwd
	case len(name) == 1 && name[0] == "cwd":
		return linkUnknown
	case len(name) == 2 && name[0] == "fd" && more:
		return linkUnknown
	}
	return linkNone
}
