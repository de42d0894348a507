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
// credential, no URL with one, no command written out, no comment). A
// value continued on the next line (a backslash before the newline) is
// read whole, as git reads it. What it cannot read is a possible secret.
func gitConfigSecret(b []byte) string {
	section := ""
	for line := range gitConfigLines(b) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] == '#' || line[0] == ';' {
			// cat prints it: a note of a password, an old token.
			return "a comment in git settings, which may hold a token"
		}
		if line[0] == '[' {
			end := bytes.LastIndexByte(line, ']')
			if end < 0 {
				return "a git setting the guard cannot read, which may hold a token"
			}
			head := string(line[1:end])
			name, sub, quoted := strings.Cut(head, " ")
			if !quoted {
				name, sub, _ = strings.Cut(head, ".") // [section.subsection]
			}
			section = strings.ToLower(name)
			if !slices.Contains(gitConfigOpen, section) && section != "credential" {
				return "git settings of [" + section + "], which may hold a token"
			}
			if gitURLCredential(gitUnquote([]byte(sub))) {
				return "a git setting with a URL that carries a credential"
			}
			if line = bytes.TrimSpace(line[end+1:]); len(line) == 0 {
				continue
			}
			if line[0] == '#' || line[0] == ';' {
				return "a comment in git settings, which may hold a token"
			}
		}
		if section == "" {
			return "a git setting the guard cannot read, which may hold a token"
		}
		key, v, _ := bytes.Cut(line, []byte("="))
		k := strings.ToLower(string(bytes.TrimSpace(key)))
		v = bytes.TrimSpace(v)
		if gitValueComment(v) {
			return "a comment in git settings, which may hold a token"
		}
		if section == "credential" {
			// Which helper keeps the credentials, and how to ask it:
			// a helper written out may print one itself.
			lv := strings.ToLower(string(v))
			if !slices.Contains(gitCredentialKeys, k) || strings.Contains(lv, "pass") || strings.Contains(lv, "token") || strings.Contains(lv, "secret") || gitCommandValue(k, v) {
				return "the git setting credential." + k + ", which may hold a token"
			}
			continue
		}
		if slices.ContainsFunc(gitConfigKeyWords, func(w string) bool { return strings.Contains(k, w) }) {
			return "the git setting " + section + "." + k + ", which may hold a token"
		}
		if gitURLCredential(gitUnquote(v)) {
			return "a git setting with a URL that carries a credential"
		}
		if section == "alias" && gitAliasOptions(v) || section != "alias" && gitCommandValue(k, v) {
			return "the git setting " + section + "." + k + ", a command that may be given a password"
		}
	}
	return ""
}

// gitUnquote returns the value v as git reads it: double quotes removed,
// and \", \\, \n, \t and \b read as escapes.
func gitUnquote(v []byte) []byte {
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"':
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				out = append(out, '\n')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			default:
				out = append(out, v[i])
			}
		default:
			out = append(out, c)
		}
	}
	return out
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
			if ok && len(pass) > 0 || literalValue(user) || len(user) >= 20 || bytes.ContainsAny(user, "'\"%") {
				return true
			}
		}
		tail := rest[end:]
		if stop := bytes.IndexAny(tail, " \t"); stop >= 0 {
			tail = tail[:stop]
		}
		if q := bytes.IndexByte(tail, '?'); q >= 0 {
			query := strings.ToLower(string(tail[q:]))
			if slices.ContainsFunc([]string{"token", "key", "secret", "pass", "auth", "sig", "cred", "code"}, func(w string) bool { return strings.Contains(query, w) }) {
				return true
			}
		}
	}
}

// gitConfigLines yields the lines of a git configuration as git reads
// them: a line ending in a backslash goes on in the next.
func gitConfigLines(b []byte) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		var joined []byte
		for line := range textLines(b) {
			if rest, ok := bytes.CutSuffix(line, []byte("\\")); ok {
				joined = append(joined, rest...)
				continue
			}
			if joined != nil {
				line, joined = append(joined, line...), nil
			}
			if !yield(line) {
				return
			}
		}
		if joined != nil {
			yield(joined)
		}
	}
}

// gitValueComment reports whether the value v holds a comment: a # or ;
// outside double quotes.
func gitValueComment(v []byte) bool {
	quoted := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			quoted = !quoted
		case '#', ';':
			if !quoted {
				return true
			}
		}
	}
	return false
}

// gitCommandKeys are the keys whose value is a command git runs:
// core.sshCommand, core.askPass, a helper, a diff driver's textconv, a
// filter's clean, smudge and process, a tool's cmd, gpg.program and the
// like. gitCommandValue reads their values.
var gitCommandKeys = []string{"sshcommand", "askpass", "helper", "textconv", "clean", "smudge", "process", "cmd", "command", "external", "program", "editor", "pager"}

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
		if string(first) != "git" {
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
