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
// credential, no URL with one). What it cannot read is a possible
// secret.
func gitConfigSecret(b []byte) string {
	section, cont := "", false
	for line := range textLines(b) {
		line = bytes.TrimSpace(line)
		value := cont
		cont = bytes.HasSuffix(line, []byte("\\"))
		if value {
			if urlWithCredential(line) {
				return "a git setting with a URL that carries a credential"
			}
			continue
		}
		if len(line) == 0 || line[0] == '#' || line[0] == ';' {
			continue
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
			if urlWithCredential([]byte(sub)) {
				return "a git setting with a URL that carries a credential"
			}
			if line = bytes.TrimSpace(line[end+1:]); len(line) == 0 || line[0] == '#' || line[0] == ';' {
				continue
			}
		}
		if section == "" {
			return "a git setting the guard cannot read, which may hold a token"
		}
		key, v, _ := bytes.Cut(line, []byte("="))
		k := strings.ToLower(string(bytes.TrimSpace(key)))
		if section == "credential" {
			// Which helper keeps the credentials, and how to ask it:
			// a helper written out may print one itself.
			lv := strings.ToLower(string(v))
			if !slices.Contains(gitCredentialKeys, k) || strings.Contains(lv, "pass") || strings.Contains(lv, "token") || strings.Contains(lv, "secret") {
				return "the git setting credential." + k + ", which may hold a token"
			}
			continue
		}
		if slices.ContainsFunc(gitConfigKeyWords, func(w string) bool { return strings.Contains(k, w) }) {
			return "the git setting " + section + "." + k + ", which may hold a token"
		}
		if urlWithCredential(v) {
			return "a git setting with a URL that carries a credential"
		}
	}
	return ""
}

// urlWithCredential reports whether s holds a URL that carries a credential
// before its host: a password (https://user:pw@host) or a token as the
// user's name (https://ghp_x...@host, a literal of letters and digits).
// ssh://git@host and git@host:path carry none.
func urlWithCredential(s []byte) bool {
	for auth := range urlUserinfos(s) {
		user, pass, ok := bytes.Cut(auth, []byte(":"))
		if ok && len(pass) > 0 || literalValue(user) || len(user) >= 20 {
			return true
		}
	}
	return false
}
