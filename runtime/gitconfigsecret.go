package runtime

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// A git directory's configuration (.git/config) is read by name as no
// secret, but the tools that clone and fetch write credentials into it:
// a remote URL with a token in it (git clone https://TOKEN@host/r), an
// http.extraheader with one (actions/checkout), a tool's own token
// ([hub] oauthtoken). It is judged by its settings (design.md 431): a
// possible secret unless every section is one gitConfigOpen lists, no
// key names a credential and no URL carries one. A read of a tree that
// holds .git (grep -rn x .) looks at it the same way.

// gitConfigBytes is how much of a git configuration is looked at; a
// longer one is a possible secret.
const gitConfigBytes = 64 << 10

// gitConfig reports whether p is a git directory's configuration: its
// config or config.worktree, a submodule's or a linked worktree's.
func gitConfig(p string) bool {
	rest, ok := belowGitDir(p)
	if !ok {
		return false
	}
	dir, name := "", rest
	if i := strings.LastIndexByte(rest, '/'); i >= 0 {
		dir, name = rest[:i], rest[i+1:]
	}
	if name != "config" && name != "config.worktree" {
		return false
	}
	return dir == "" || strings.HasPrefix(dir, "modules/") || strings.HasPrefix(dir, "worktrees/") && !strings.Contains(dir[len("worktrees/"):], "/")
}

// gitMessage reports whether p is a message git keeps in a git directory
// for its editor: the last commit's (COMMIT_EDITMSG), a tag's, a note's,
// a branch description's. It holds what git log prints, and the diff
// too after git commit -v (design.md 426): heldSecret looks for one.
func gitMessage(p string) bool {
	rest, ok := belowGitDir(p)
	if !ok {
		return false
	}
	dir, name := path.Split(rest)
	return (dir == "" || strings.HasPrefix(dir, "modules/") || strings.HasPrefix(dir, "worktrees/")) &&
		slices.Contains([]string{"COMMIT_EDITMSG", "TAG_EDITMSG", "NOTES_EDITMSG", "EDIT_DESCRIPTION"}, name)
}

// gitConfigOpen are the sections of git's configuration whose settings
// hold no credential of their own: what git clone, git init and daily
// work write, and the settings people add by hand. Their keys and URLs
// are still looked at (gitConfigSecret). credential (but its helper:
// gitCredentialKeys), sendemail (its smtpPass) and the sections of other
// tools (hub, github, gitlab) are not among them.
var gitConfigOpen = []string{
	"core", "remote", "branch", "user", "init", "pull", "push", "fetch", "merge", "mergetool", "diff", "difftool",
	"color", "alias", "extensions", "submodule", "gc", "rerere", "status", "log", "advice", "pack", "index",
	"feature", "maintenance", "worktree", "rebase", "commit", "tag", "gpg", "lfs", "filter", "include", "includeif",
	"receive", "transfer", "protocol", "am", "apply", "blame", "column", "format", "grep", "help", "i18n",
	"interactive", "pager", "pretty", "sequence", "showbranch", "stash", "uploadpack", "versionsort", "web",
	"clone", "checkout", "safe", "sparse", "splitindex", "man", "notes", "gui", "http", "url",
}

// gitCredentialKeys are the keys of [credential] that say which helper
// keeps the credentials and how git asks it (helper = osxkeychain,
// !gh auth git-credential, store, cache), not a credential.
var gitCredentialKeys = []string{"helper", "usehttppath", "username"}

// gitConfigKeyWords are parts of a key's name that say it may hold a
// credential (http.extraHeader, hub.oauthtoken, lfs.accessToken).
var gitConfigKeyWords = []string{"token", "pass", "secret", "auth", "header", "cookie", "credential"}

// gitConfigSecret says why the git configuration b may hold a token, ""
// if it holds none (gitConfigOpen's sections, no key that names a
// credential, no URL with one, no command written out, no comment). It
// is read as git reads it (gitReader: config.c's git_parse_source), so
// the settings judged are git's (the git-settings oracle, design.md 438);
// what git would not read, which cat still prints, is a possible secret.
func gitConfigSecret(b []byte) string {
	if bytes.IndexByte(b, 0) >= 0 {
		// git ends a value at a NUL and goes on after it: cat prints
		// what it drops.
		return gitUnread
	}
	r := &gitReader{b: bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))}
	section, sub := "", ""
	for {
		c := r.next()
		switch {
		case r.eof:
			return ""
		case gitSpace(c):
		case c == '#' || c == ';':
			// cat prints it: a note of a password, an old token.
			return gitComment
		case c == '[':
			var ok bool
			if section, sub, ok = r.header(); !ok {
				return gitUnread
			}
			if why := gitSectionSecret(section, sub); why != "" {
				return why
			}
		case !gitAlpha(c):
			return gitUnread
		default:
			k, v, why := r.setting(c)
			if why == "" {
				why = gitSettingSecret(section, sub, k, v)
			}
			if why != "" {
				return why
			}
		}
	}
}

const (
	gitUnread  = "a git setting the guard cannot read, which may hold a token"
	gitComment = "a comment in git settings, which may hold a token"
)

// A gitReader reads a git configuration a byte at a time as git's
// get_next_char does: CR LF is a newline (a CR alone is a blank), and
// the end of the text is one more newline, after which eof is set.
type gitReader struct {
	b   []byte
	eof bool
}

func (r *gitReader) next() byte {
	if len(r.b) == 0 {
		r.eof = true
		return '\n'
	}
	c := r.b[0]
	r.b = r.b[1:]
	if c == '\r' && len(r.b) > 0 && r.b[0] == '\n' {
		c, r.b = '\n', r.b[1:]
	}
	return c
}

// gitSpace, gitAlpha and gitKeyChar are git's isspace (not \v nor \f),
// isalpha and iskeychar: ASCII only.
func gitSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func gitAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func gitKeyChar(c byte) bool { return gitAlpha(c) || c >= '0' && c <= '9' || c == '-' }

func gitLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c | 0x20
	}
	return c
}

// header reads a section's header after its [ as get_base_var does: the
// name (letters, digits, - and ., in lower case) up to ], where a dot
// starts an old-style subsection ([remote.origin], in lower case too), or
// up to a blank, after which a subsection in quotes follows
// (get_extended_base_var). ok is false where git rejects it.
func (r *gitReader) header() (section, sub string, ok bool) {
	var name []byte
	for {
		c := r.next()
		switch {
		case r.eof:
			return "", "", false
		case c == ']':
			if len(name) == 0 {
				return "", "", false
			}
			section, sub, _ = strings.Cut(string(name), ".")
			return section, sub, true
		case gitSpace(c):
			// [a.b "c"] is section a.b to the guard, none it lists.
			sub, ok = r.subsection(c)
			return string(name), sub, ok
		case !gitKeyChar(c) && c != '.':
			return "", "", false
		}
		name = append(name, gitLower(c))
	}
}

// subsection reads a header's quoted subsection from the blank c after
// its name: more blanks on the same line, then "...", where a backslash
// keeps the byte after it whatever it is, and ]. ok is false where git
// rejects it (a newline in it, anything else).
func (r *gitReader) subsection(c byte) (sub string, ok bool) {
	for ; gitSpace(c); c = r.next() {
		if c == '\n' {
			return "", false
		}
	}
	if c != '"' {
		return "", false
	}
	var s []byte
	for {
		switch c = r.next(); c {
		case '\n':
			return "", false
		case '"':
			return string(s), r.next() == ']'
		case '\\':
			if c = r.next(); c == '\n' {
				return "", false
			}
		}
		s = append(s, c)
	}
}

// setting reads a setting whose key starts with the letter c as
// get_value does: the key (letters, digits and -, in lower case), blanks
// and tabs, then the line's end (a key alone: true) or = and a value. why
// is a comment after the value, or an error.
func (r *gitReader) setting(c byte) (k string, v []byte, why string) {
	key := []byte{gitLower(c)}
	for c = r.next(); gitKeyChar(c); c = r.next() {
		key = append(key, gitLower(c))
	}
	for c == ' ' || c == '\t' {
		c = r.next()
	}
	switch c {
	case '\n':
		return string(key), nil, ""
	case '=':
		v, why = r.value()
		return string(key), v, why
	}
	return "", nil, gitUnread
}

// value reads a value after its = as parse_value does: blanks outside
// quotes dropped at its start and end and each one space within it,
// double quotes removed, \n \t \b \" \\ read and a backslash-newline
// dropped, inside quotes or not; another escape, or a quote still open at
// the line's end, is an error. A # or ; outside quotes starts a comment
// to the line's end (no backslash-newline goes on with it).
func (r *gitReader) value() ([]byte, string) {
	var v []byte
	quote, comment, space := false, false, 0
	for {
		c := r.next()
		switch {
		case c == '\n' && quote:
			return nil, gitUnread
		case c == '\n' && comment:
			return v, gitComment
		case c == '\n':
			return v, ""
		case comment:
		case gitSpace(c) && !quote:
			if len(v) > 0 {
				space++
			}
		case !quote && (c == '#' || c == ';'):
			comment = true
		default:
			for ; space > 0; space-- {
				v = append(v, ' ')
			}
			if c == '"' {
				quote = !quote
				continue
			}
			if c == '\\' {
				switch c = r.next(); c {
				case '\n':
					continue
				case 't':
					c = '\t'
				case 'b':
					c = '\b'
				case 'n':
					c = '\n'
				case '\\', '"':
				default:
					return nil, gitUnread
				}
			}
			v = append(v, c)
		}
	}
}

// gitURLCredential reports whether the value v, unquoted, holds a URL
// that carries a credential: a user with a password, or a token as the
// user, before the host, whatever characters they hold (quotes too,
// which a URL keeps); or a query that names a token, key, secret,
// password or signature (https://h/r.git?token=...).
func gitURLCredential(v []byte) bool {
	for rest := v; ; {
		i := bytes.Index(rest, []byte("://"))
		if i < 0 {
			return false
		}
		rest = rest[i+3:]
		end := bytes.IndexAny(rest, "/?# \t")
		if end < 0 {
			end = len(rest)
		}
		if at := bytes.LastIndexByte(rest[:end], '@'); at >= 0 {
			user, pass, ok := bytes.Cut(rest[:at], []byte(":"))
			if ok && len(pass) > 0 || literalValue(user) || len(user) >= 12 || bytes.ContainsAny(user, "'\"%") {
				return true
			}
		}
		tail := rest[end:]
		if stop := bytes.IndexAny(tail, " \t"); stop >= 0 {
			tail = tail[:stop]
		}
		if bytes.IndexByte(tail, '?') >= 0 {
			// A repository's URL needs no query: one may carry a
			// token under any name (?pw=, ?jwt=, &access=; round 43b).
			return true
		}
	}
}

// gitCommandKeys are the keys whose value is a command git runs:
// core.sshCommand, core.askPass, a helper, a diff driver's textconv, a
// filter's clean, smudge and process, a tool's cmd, gpg.program and the
// like. gitCommandValue reads their values.
var gitCommandKeys = []string{"sshcommand", "askpass", "helper", "textconv", "clean", "smudge", "process", "cmd", "command", "external", "program", "editor", "pager",
	// core.gitProxy, core.fsmonitor, merge.*.driver, remote.*.uploadpack
	// and receivepack, interactive.diffFilter, submodule.*.update,
	// lfs.customtransfer.*.args (round 43b)
	"gitproxy", "fsmonitor", "driver", "uploadpack", "receivepack", "difffilter", "update", "args"}

// gitCommandValue reports whether the setting k holds a command written
// out with its arguments, where a password may be one (sshpass -p PW,
// curl -u user:PW): a command key's value with a word after the program
// that is no plain flag (gitPlainFlag), or one git runs in the shell
// (!...).
func gitCommandValue(k string, v []byte) bool {
	if !slices.ContainsFunc(gitCommandKeys, func(c string) bool { return strings.HasSuffix(k, c) }) {
		return false
	}
	words := bytes.Fields(bytes.Trim(v, `"`))
	if k == "helper" && len(words) == 3 && string(words[1]) == "auth" && string(words[2]) == "git-credential" {
		// gh auth setup-git's helper, and glab's.
		prog := path.Base(strings.Trim(strings.TrimPrefix(string(words[0]), "!"), `'`))
		return prog != "gh" && prog != "glab"
	}
	if bytes.HasPrefix(v, []byte("!")) {
		return true
	}
	for _, w := range words[min(1, len(words)):] {
		if !gitPlainFlag(string(w)) {
			return true
		}
	}
	return false
}

// gitPlainFlag reports whether w is an option that takes no value in a
// command's value: --name of lower-case letters and dashes, or -X of up to
// four letters (code --wait, less -FRX).
func gitPlainFlag(w string) bool {
	name, long := strings.CutPrefix(w, "--")
	if !long {
		name, _ = strings.CutPrefix(w, "-")
		if len(name) == len(w) || len(name) > 4 {
			return false
		}
	}
	if name == "" {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c == '-' && long || !long && c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// gitAliasOptions reports whether an alias's value may carry a
// credential: one git runs in the shell (!...) other than a git command
// of its own, or one that gives git settings (-c, --config-env), where
// an http.extraHeader's token goes.
func gitAliasOptions(v []byte) bool {
	words := bytes.Fields(bytes.Trim(v, `"`))
	if len(words) > 0 && bytes.HasPrefix(words[0], []byte("!")) {
		first := bytes.TrimPrefix(words[0], []byte("!"))
		if len(first) == 0 && len(words) > 1 {
			first, words = words[1], words[1:]
		}
		if string(first) != "git" || bytes.ContainsAny(v, "&;|`$<>\n") {
			// The shell runs what follows !git too (!git fetch &&
			// curl -u u:PW ...; round 43b).
			return true
		}
	}
	for _, w := range words {
		if bytes.HasPrefix(w, []byte("-c")) || bytes.HasPrefix(w, []byte("--config-env")) {
			return true
		}
	}
	return false
}

// gitSectionSecret says why the settings of the section [section "sub"]
// may hold a token: a section gitConfigOpen does not list, or a URL with
// a credential as the subsection.
func gitSectionSecret(section, sub string) string {
	if section == "" {
		return "a git setting the guard cannot read, which may hold a token"
	}
	if !slices.Contains(gitConfigOpen, section) && section != "credential" {
		return "git settings of [" + section + "], which may hold a token"
	}
	if gitURLCredential([]byte(sub)) {
		return "a git setting with a URL that carries a credential"
	}
	return ""
}

// gitSettingSecret says why the setting section.sub.k (k in lower case)
// with the value v, as git reads them, may hold a token.
func gitSettingSecret(section, sub, k string, v []byte) string {
	if why := gitSectionSecret(section, sub); why != "" {
		return why
	}
	if section == "credential" {
		// Which helper keeps the credentials, and how to ask it:
		// a helper written out may print one itself.
		lv := strings.ToLower(string(v))
		if !slices.Contains(gitCredentialKeys, k) || strings.Contains(lv, "pass") || strings.Contains(lv, "token") || strings.Contains(lv, "secret") || gitCommandValue(k, v) {
			return "the git setting credential." + k + ", which may hold a token"
		}
		return ""
	}
	if slices.ContainsFunc(gitConfigKeyWords, func(w string) bool { return strings.Contains(k, w) }) {
		return "the git setting " + section + "." + k + ", which may hold a token"
	}
	if gitURLCredential(v) {
		return "a git setting with a URL that carries a credential"
	}
	if section == "pager" {
		k = "pager" // pager.log = less -p...: a command for each subcommand
	}
	if section == "alias" && gitAliasOptions(v) || section != "alias" && gitCommandValue(k, v) || optionPassword(v) {
		return "the git setting " + section + "." + k + ", a command that may be given a password"
	}
	return ""
}
