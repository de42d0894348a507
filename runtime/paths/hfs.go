package paths

import "strings"

// HFS+, the older file system of macOS, ignores some code points when it
// compares names: .e<U+200C>nv opens .env there (git's is_hfs_dotgit
// lists them; Apple's TN1150). A path that holds one has the spelling
// without them as a further possible value, as a Windows spelling has
// (design.md 314).
const hfsIgnorable = "\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u206a\u206b\u206c\u206d\u206e\u206f\ufeff"

// WithoutIgnorables returns p without the code points HFS+ ignores, and
// whether it held any.
func WithoutIgnorables(p string) (string, bool) {
	if !strings.ContainsAny(p, hfsIgnorable) {
		return p, false
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(hfsIgnorable, r) {
			return -1
		}
		return r
	}, p), true
}
