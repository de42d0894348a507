package runtime

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// The shell's and the editor's start-up files in the home are open places
// judged by what they hold (design.md 435): people read them daily, and
// some export a token there. A read of one is a secret read where it holds
// a secret's shape (secretShape), a line that names a key, token, password
// or the like, or a long value of letters and digits, or where it is
// longer than the hook reads.

// shellRCNames are the start-up files in the home that the secrets
// preset's homeOpen names.
var shellRCNames = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_aliases", ".bash_logout",
	".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".vimrc",
}

// shellRCBytes is how much of a start-up file is looked at: all of it,
// or it is a possible secret.
const shellRCBytes = 64 << 10

// shellRC reports whether p is one of the home's start-up files.
func (e *evaluator) shellRC(p string) bool {
	dir, name := path.Split(p)
	return e.home != "" && len(dir) > 1 && dir[:len(dir)-1] == e.home && slices.Contains(shellRCNames, name)
}

// shellRCWords are the words that make a line of a start-up file a
// possible secret, in any case.
var shellRCWords = []string{
	"token", "secret", "passw", "passphrase", "bearer", "authoriz", "apikey", "api_key", "api-key",
	"credential", "private_key", "privatekey", "access_key", "accesskey", "cookie", "session",
	"auth=", "_auth", "auth_", "netrc", "pgpass", "client_key", "secrets", "_key", "key=",
}

// shellRCSecret says why the start-up file b, named name, may hold a
// secret beyond the shapes secretShape knows, "" if it holds none.
func shellRCSecret(b []byte, name string) string {
	comment := byte('#')
	if name == ".vimrc" {
		comment = '"'
	}
	for line := range textLines(b) {
		line = bytes.TrimLeft(line, " \t")
		if len(line) == 0 || line[0] == comment {
			continue
		}
		low := bytes.ToLower(line)
		for _, w := range shellRCWords {
			if bytes.Contains(low, []byte(w)) {
				return "a start-up file's line that names a key, token or password (" + w + ")"
			}
		}
		if longLiteral(line) {
			return "a start-up file's line with a long value of letters and digits, which may be a token"
		}
	}
	return ""
}

// longLiteral reports whether line holds a word of twenty bytes or more
// of letters, digits, _, +, = and -, with letters and digits both, between
// blanks, quotes and the punctuation of assignments: the shape of a key
// assigned under a name no list holds (export GH=4f1c...).
func longLiteral(line []byte) bool {
	for w := range strings.FieldsFuncSeq(string(line), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '+' || r == '-')
	}) {
		if len(w) >= 20 && strings.ContainsAny(w, "0123456789") && strings.Trim(w, "0123456789_+-") != "" {
			return true
		}
	}
	return false
}
