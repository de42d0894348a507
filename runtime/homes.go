package runtime

import (
	"slices"
	"strings"
)

// homeRoots are the places systems keep home directories under other
// names than the policy's /home, /Users and /root: Fedora's atomic
// editions (/home links to /var/home), FreeBSD (/usr/home), Solaris and
// illumos (/export/home), macOS's data volume and root's home
// (/var/root), a Windows user's home under WSL (/mnt/c/Users), Cygwin
// (/cygdrive/c/Users) and Git Bash (/c/Users), matched apart. Each maps to the spelling policies name (design.md 375).
var homeRoots = []struct{ from, to string }{
	{"/var/home/", "/home/"},
	{"/usr/home/", "/home/"},
	{"/export/home/", "/home/"},
	{"/System/Volumes/Data/Users/", "/Users/"},
	{"/System/Volumes/Data/home/", "/home/"},
	{"/private/var/root/", "/root/"},
	{"/var/root/", "/root/"},
}

// otherHome returns the spelling of the clean absolute path p below /home,
// /Users or /root where p lies in a home directory under another name, so
// that a condition on homes (the guard's reads below a home, a deny of
// /home/*/.config/**) holds for it too: an allow rule must match both
// spellings, a deny holds on either (design.md 54). A path below the
// user's own home or the project is read as it is: those the policy names
// already (~, ./), and the other spelling would take them out of it.
func (e *evaluator) otherHome(p string) (string, bool) {
	if within(p, e.home) || e.inRoot(p) {
		return "", false
	}
	return homeSpelling(p)
}

// homeSpelling returns the spelling of the clean absolute path p below
// /home, /Users or /root where p lies in a home directory under another
// name (homeRoots, Windows drives).
func homeSpelling(p string) (string, bool) {
	for _, r := range homeRoots {
		if rest, ok := strings.CutPrefix(p+"/", r.from); ok {
			return strings.TrimSuffix(r.to+rest, "/"), true
		}
	}
	// /mnt/c/Users/me: a drive of Windows under WSL, Cygwin
	// (/cygdrive/c) or Git Bash (/c), whose names are read without case.
	for _, drives := range []string{"/mnt/", "/cygdrive/", "/"} {
		rest, ok := strings.CutPrefix(p, drives)
		if ok && len(rest) > 7 && ('a' <= rest[0]|0x20 && rest[0]|0x20 <= 'z') && rest[1] == '/' && strings.EqualFold(rest[2:8], "users/") {
			return "/Users/" + rest[8:], true
		}
	}
	return "", false
}

// within reports whether the clean absolute path p is dir or below it;
// never below / or an unknown home.
func within(p, dir string) bool {
	if dir == "" || dir == "/" {
		return false
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// homeRoot reports whether a reads a home directory itself, not a tree
// below it: a home holds names, no content (ls /dev/fd/3/ 3<~), so such
// a read is no read below a home (design.md 395).
func (e *evaluator) homeRoot(a access) bool {
	if a.w.Tree {
		return false
	}
	is := func(p string) bool { return p == e.home || e.homeOf(p) == p }
	return is(a.w.Text) || slices.ContainsFunc(a.alts, is)
}

// homeOf returns the home directory the clean absolute path p lies in:
// the user's, /root, /home/NAME or /Users/NAME; "" if none.
func (e *evaluator) homeOf(p string) string {
	switch home := strings.TrimSuffix(e.home, "/"); {
	case within(p, home):
		return home
	case within(p, "/root"):
		return "/root"
	}
	for _, dir := range []string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(p, dir); ok && rest != "" {
			name, _, _ := strings.Cut(rest, "/")
			return dir + name
		}
	}
	return ""
}

// projectHolds reports whether the path p, in the project, lies in a
// closed place all the same (SecretTable.ClosedPlaces): the project holds
// a home (Claude Code started in ~, in /home, or in a home under another
// name such as /mnt/c/Users/me) and p is in the home's own state: a name
// below it that starts with a dot (~/.config/newtool, ~/.codex), macOS's
// Library, Windows's AppData or the snaps' data (~/snap), in any case; or
// the project is the root of the file system and p is outside the homes.
// The home's other names (~/code/x) stay the project's files. For a tree
// (tree), whether such a place may lie at or below p (design.md 422).
func (e *evaluator) projectHolds(p string, tree bool) bool {
	h := e.homeOf(p)
	if h == "" {
		// A home under another name: the same place, in the
		// spelling the project has.
		if q, ok := homeSpelling(p); ok {
			if hq := e.homeOf(q); hq != "" {
				h = p[:len(p)-len(q)+len(hq)]
			}
		}
	}
	if h == "" {
		if hp := e.homeInProject(); hp != "" && within(p, hp) {
			h = hp // the project reaches the home through a link
		}
	}
	if h != "" {
		if !e.inRoot(h) {
			return false // the project is inside the home
		}
		if p == h {
			return tree
		}
		name, _, _ := strings.Cut(p[len(h)+1:], "/")
		return strings.HasPrefix(name, ".") || slices.ContainsFunc(homeState, func(s string) bool { return strings.EqualFold(s, name) })
	}
	if e.root == "/" {
		return true
	}
	return tree && (within(e.home, p) && e.inRoot(e.home) || p == "/home" || p == "/Users")
}

// homeInProject returns the user's home in the project's spelling where
// the project reaches it through a link (the project /work/me a link to
// the home /home/me, or to a directory above it), "" otherwise.
func (e *evaluator) homeInProject() string {
	home := strings.TrimSuffix(e.home, "/")
	if e.env.FS == nil || home == "" {
		return ""
	}
	e.realPath("") // resolves rootReal and homeReal once
	phys := e.homeReal
	if phys == "" {
		phys = home
	}
	if e.rootReal == "" || e.rootReal == e.root {
		return ""
	}
	if rest, ok := strings.CutPrefix(phys+"/", strings.TrimSuffix(e.rootReal, "/")+"/"); ok {
		return cleanPath(e.root + "/" + rest)
	}
	return ""
}

// homeState are the names below a home, other than its dot names, where
// programs keep their state: macOS's Library, Windows's AppData, and the
// data of Ubuntu's snaps (~/snap/firefox/common/.mozilla).
var homeState = []string{"Library", "AppData", "snap"}
