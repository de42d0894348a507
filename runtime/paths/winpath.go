package paths

import (
	goruntime "runtime"
	"strings"
)

// Claude Code runs on Windows too, where one file has many spellings
// (design.md 54): \ and / both separate names, a drive letter starts an
// absolute path, a name's trailing dots and spaces are dropped, and
// name:stream or name::$DATA opens the file name. A path that looks like
// one of these has its other spellings as further possible values: a
// deny rule matching any of them holds, an allow rule must match all.

// looksWindows reports whether the path p has a spelling that Windows reads
// differently.
func LooksWindows(p string) bool {
	if strings.ContainsAny(p, `\:`) {
		return true
	}
	for _, name := range strings.Split(p, "/") {
		if n := len(name); n > 0 && name != "." && name != ".." && (name[n-1] == '.' || name[n-1] == ' ') {
			return true
		}
	}
	return false
}

// windowsSpellings returns the path p as Windows reads it: separators as /,
// a drive letter's path made absolute, each name without trailing dots and
// spaces or a stream suffix.
func WindowsSpellings(p string) []string {
	q := strings.ReplaceAll(p, `\`, "/")
	// /project/C:/Users/x: a drive path made relative by the working
	// directory is absolute.
	if i := strings.Index(q, ":/"); i >= 1 {
		c := q[i-1]
		if ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') && (i == 1 || q[i-2] == '/') {
			q = "/" + q[i-1:]
		}
	}
	names := strings.Split(q, "/")
	for i, name := range names {
		if j := strings.IndexByte(name, ':'); j > 0 && !(j == 1 && i <= 1) {
			name = name[:j] // name:stream, name::$DATA
		}
		if name != "." && name != ".." {
			name = strings.TrimRight(name, ". ")
			if name == "" && names[i] != "" {
				name = names[i]
			}
		}
		names[i] = name
	}
	w := strings.Join(names, "/")
	out := []string{q}
	if w != q {
		out = append(out, w)
	}
	return out
}

// shortNames reports whether Windows may read a name in the path p as a
// short (8.3) name, such as GIT-CR~1 or CREDEN~1.JSO: an alias of a longer
// name in the same directory, which the line does not show (design.md 111).
// That is so for a path in a Windows spelling, and for any path when the
// hook runs on Windows; elsewhere GIT-CR~1 is just a name (and HEAD~1 a
// revision).
func ShortNames(p string) bool {
	// Most paths have no ~: they cost one byte search.
	return strings.IndexByte(p, '~') >= 0 && (goruntime.GOOS == "windows" || LooksWindows(p)) && hasShortName(p)
}

// hasShortName reports whether a name in the path p has the shape of a
// short name.
func hasShortName(p string) bool {
	for name := range strings.SplitSeq(strings.ReplaceAll(p, `\`, "/"), "/") {
		if isShortName(name) {
			return true
		}
	}
	return false
}

// isShortName reports whether name is BASE~N or BASE~N.EXT: a base of one
// to six characters without a dot, a tilde, one to six digits, and an
// extension of at most three characters.
func isShortName(name string) bool {
	base, rest, ok := strings.Cut(name, "~")
	if !ok || len(base) == 0 || len(base) > 6 || strings.ContainsAny(base, ". ") {
		return false
	}
	num, ext, dotted := strings.Cut(rest, ".")
	if len(num) == 0 || len(num) > 6 || strings.Trim(num, "0123456789") != "" {
		return false
	}
	return !dotted || len(ext) <= 3 && !strings.ContainsAny(ext, ".~ ")
}
