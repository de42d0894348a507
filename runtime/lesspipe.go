package runtime

import (
	"path"
	"slices"
	"strings"
)

// archiveSuffixes are, with compressedSuffixes, the names of files whose
// contents are another file's, compressed or archived: what less shows of
// them through a LESSOPEN preprocessor (lesspipe) is what they hold
// (design.md 380). (Two literals: a list built from both would be work at
// every hook's start.)
var archiveSuffixes = []string{
	".tgz", ".tbz", ".tbz2", ".txz", ".tlz", ".tzst",
	".tar", ".zip", ".jar", ".war", ".ear", ".xpi", ".apk", ".7z", ".rar", ".cpio", ".deb", ".udeb", ".ddeb", ".ipk", ".rpm", ".a", ".ar", ".arj", ".lha", ".lzh", ".zoo", ".cab", ".iso", ".dmg",
	".whl", ".egg", ".snap", // lesspipe prints a wheel's or an egg's metadata file (unzip -p)
}

// packedMagic are the first bytes of compressed and archive files, for
// a preprocessor that looks at a file's contents, not its name
// (lesspipe.sh): gzip, compress, bzip2, xz, lzma, zstd, lz4, lzip, zip,
// 7z, rar, ar (.deb), cpio.
var packedMagic = []string{
	"\x1f\x8b", "\x1f\x9d", "BZh", "\xfd7zXZ\x00", "\x5d\x00\x00", "\x28\xb5\x2f\xfd",
	"\x04\x22\x4d\x18", "LZIP", "PK\x03\x04", "7z\xbc\xaf\x27\x1c", "Rar!",
	"!<arch>\n", "070701", "070707",
}

// lessPreprocessed says why less, reading the operands reads, shows what
// the line does not: with a LESSOPEN preprocessor (Ubuntu's and
// Debian's shells export lesspipe; ~/.lesskey may set one), less shows a
// compressed file or an archive decompressed, and the file inside may be
// a secret (less server.key.gz printed the key). A file whose name or
// first bytes say it is packed makes the command not known, unless -L
// (--no-lessopen) turns the preprocessor off (design.md 380).
func (e *evaluator) lessPreprocessed(program string, c *SimpleCommand, reads []Word, dir Word) string {
	if program != "less" {
		return ""
	}
	for _, f := range c.Flags {
		if f.Text == "-L" || f.Text == "--no-lessopen" {
			return ""
		}
	}
	for _, w := range reads {
		if w.Uncertain() {
			continue
		}
		if e.packed(w.Text, dir) {
			return "less shows " + w.Text + " through the LESSOPEN preprocessor, which unpacks it: what it holds is not known"
		}
	}
	return ""
}

// packed reports whether the file p (relative to dir) is compressed or an
// archive, by its name or its symlink target's, or by its first bytes.
func (e *evaluator) packed(p string, dir Word) bool {
	names := []string{p}
	abs, ok := e.absolute(p, dir)
	if ok && e.env.FS != nil {
		if t := e.env.FS.Resolve(abs); t != "" {
			names = append(names, t)
		}
	}
	for _, n := range names {
		base := path.Base(n)
		for _, s := range slices.Concat(compressedSuffixes, archiveSuffixes) {
			if strings.HasSuffix(base, s) || strings.HasSuffix(strings.ToLower(base), s) {
				return true
			}
		}
	}
	if !ok || e.env.FS == nil {
		return false
	}
	head, err := e.env.FS.ReadFile(abs, 512)
	if err != nil {
		return false
	}
	for _, m := range packedMagic {
		if strings.HasPrefix(string(head), m) {
			return true
		}
	}
	// A tar file: "ustar" at offset 257.
	return len(head) >= 262 && string(head[257:262]) == "ustar"
}

// compressedSuffixes are the suffixes of one file compressed: the name
// without it is the name of the file inside.
var compressedSuffixes = []string{".gz", ".z", ".Z", ".dz", ".bz", ".bz2", ".xz", ".lzma", ".lz", ".lz4", ".zst", ".br"}

// unpackedName returns the name of the file a compressed file p holds
// (server.key for server.key.gz), and whether p has such a suffix.
func unpackedName(p string) (string, bool) {
	for _, s := range compressedSuffixes {
		if inner, ok := strings.CutSuffix(p, s); ok && inner != "" && !strings.HasSuffix(inner, "/") {
			return inner, true
		}
	}
	return p, false
}

// copiedName returns the name of the file p is a copy of, by the names
// editors, merge tools and desktops give copies (round 30b, design.md
// 421): Emacs's #N# auto-save, Vim's .N.swp, .N.swo, .N.swn swap and
// .N.un~ undo files, Kate's .N.kate-swp, GNU's numbered backups N.~1~,
// patch's N.rej, a copy as text, encoded or kept aside (N.txt, N.b64,
// N-backup, in any case: copySuffixes), git mergetool's N_LOCAL_1234 (and _REMOTE_, _BASE_,
// _BACKUP_, before an extension), Finder's "N copy", "N copy 2" and
// "N 2", a download's "N (1)" (before an extension too). ok is false
// where p is no such copy.
func copiedName(p string) (string, bool) {
	i := strings.LastIndexByte(p, '/') + 1
	dir, base := p[:i], p[i:]
	n := ""
	switch {
	case len(base) > 2 && base[0] == '#' && base[len(base)-1] == '#':
		n = base[1 : len(base)-1]
	case strings.HasPrefix(base, ".") && hasAnySuffix(base, ".swp", ".swo", ".swn", ".un~", ".kate-swp"):
		if j := strings.LastIndexByte(base, '.'); j > 1 {
			n = base[1:j]
		}
	case strings.HasSuffix(base, "~") && strings.Contains(base, ".~"):
		if j := strings.LastIndex(base, ".~"); j+2 < len(base) && digits(base[j+2:len(base)-1]) {
			n = base[:j]
		}
	case strings.HasSuffix(base, ".rej"):
		n = strings.TrimSuffix(base, ".rej")
	default:
		if st, ok := copyStem(base); ok {
			n = st
		} else if j := strings.LastIndexByte(base, '.'); j > 0 {
			if st, ok := copyStem(base[:j]); ok && st != "" {
				n = st + base[j:]
			}
		}
		if n == "" {
			n = copySuffixStem(base)
		}
	}
	if n == "" {
		return p, false
	}
	return dir + n, true
}

// copySuffixes end the names of a file's copies as text, encoded or
// kept aside (id_rsa.txt, .env.b64, .netrc-backup; round 33), which the
// secrets preset's backup suffixes do not hold.
var copySuffixes = []string{".txt", ".b64", ".base64", ".hex", ".prev", "-backup", "_backup", "-old", "_old", "-copy", "_copy",
	".bk", ".new", ".dump", ".log", ".json", ".bak", ".backup", ".old", ".orig", ".save", ".sav", ".tmp", ".copy"}

// plainSuffixes are the copySuffixes of a file of its own kind, which
// end a copy's name only after a name without an extension.
var plainSuffixes = []string{".txt", ".log", ".json", ".dump"}

// copiedNames returns the names of the files p may be a copy of, nearest
// first: a copy of a copy too (id_rsa.txt.bak, id_rsa.TXT.b64; round 34).
func copiedNames(p string) []string {
	var out []string
	for range 4 {
		n, ok := copiedName(p)
		if !ok {
			break
		}
		out = append(out, n)
		p = n
	}
	return out
}

// copySuffixStem returns the name base is a copy of by a suffix of
// copySuffixes, in any case, or "".
func copySuffixStem(base string) string {
	low := strings.ToLower(base)
	for _, x := range copySuffixes {
		if strings.HasSuffix(low, x) && len(base) > len(x) {
			st := base[:len(base)-len(x)]
			// A file named for what it is about, not a copy:
			// notes.key.txt (a name with an extension of its own).
			if st == "." || slices.Contains(plainSuffixes, x) && strings.Contains(st[1:], ".") {
				return ""
			}
			return st
		}
	}
	return ""
}

// copyStem returns the name s is a copy's stem of: "N copy", "N copy 2",
// "N 2", "N (1)", N_LOCAL_1234 and git mergetool's other sides.
func copyStem(s string) (string, bool) {
	switch {
	case strings.HasSuffix(s, " copy"):
		return strings.TrimSuffix(s, " copy"), true
	case strings.HasSuffix(s, ")") && strings.Contains(s, " ("):
		if j := strings.LastIndex(s, " ("); j+2 < len(s) && digits(s[j+2:len(s)-1]) {
			return s[:j], true
		}
	case strings.Contains(s, " "):
		if j := strings.LastIndexByte(s, ' '); digits(s[j+1:]) {
			return strings.TrimSuffix(s[:j], " copy"), true
		}
	}
	for _, side := range []string{"_LOCAL_", "_REMOTE_", "_BASE_", "_BACKUP_"} {
		if j := strings.LastIndex(s, side); j > 0 && digits(s[j+len(side):]) {
			return s[:j], true
		}
	}
	return "", false
}

// hasAnySuffix reports whether s ends in one of the suffixes.
func hasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// digits reports whether s is one or more decimal digits.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
