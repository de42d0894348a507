package runtime

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// git config prints the settings it reads: with --list, --get-regexp or
// --get-urlmatch (git config list, get --regexp, get --url) every setting
// of every file that matches, with a key the value (from the last file
// that sets it; the guard asks about the keys that may hold a token).
// The files are the system's
// (/etc/gitconfig), the user's (~/.gitconfig and $XDG_CONFIG_HOME/git/config,
// or ~/.config/git/config) and the repository's (.git/config and
// config.worktree), and what their include.path and includeIf.*.path name.
// So a git config that reads the settings reads those files, each judged
// by what it holds as a repository's are (gitConfigSecret; design.md 433);
// an include, or a variable that moves or adds settings, makes the files
// only known when it runs.

// gitConfigVars are the variables that choose git's settings files or add
// settings (GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n, GIT_CONFIG_PARAMETERS
// from git -c).
var gitConfigVars = []string{"GIT_CONFIG", "XDG_CONFIG_HOME", "HOME", "GIT_DIR", "GIT_COMMON_DIR", "GIT_WORK_TREE"}

// gitScopes are git config's options that choose the one file it reads.
var gitScopes = []string{"--system", "--global", "--local", "--worktree", "--file", "-f", "--blob"}

// homeGitSettings returns the user's settings files git reads, "" for one
// it cannot place.
func (e *evaluator) homeGitSettings() []string {
	home := e.env.Home
	if home == "" || home[0] != '/' {
		return nil
	}
	xdg := home + "/.config"
	if e.env.Getenv != nil {
		if x := e.env.Getenv("XDG_CONFIG_HOME"); x != "" {
			xdg = x
		}
	}
	return []string{cleanPath(home + "/.gitconfig"), cleanPath(xdg + "/git/config")}
}

// gitSettingsFile reports whether p (absolute, clean) is a file of git's
// settings: a git directory's, the user's or the system's.
func (e *evaluator) gitSettingsFile(p string) bool {
	if gitConfig(p) || p == "/etc/gitconfig" {
		return true
	}
	// Every file a read looks at comes here: place the user's only for
	// a name that may be one.
	return (strings.HasSuffix(p, "/.gitconfig") || strings.HasSuffix(p, "/git/config")) && slices.Contains(e.homeGitSettings(), p)
}

// gitConfigLists are git config's options that print every setting that
// matches, not one key's value (git config get's --regexp and --url are
// options the guard does not know).
var gitConfigLists = []string{"-l", "--list", "--get-regexp", "--get-urlmatch"}

// gitSettingsScope says whether the git command c prints what git's
// settings hold (git config listing them or printing a key's value, not with --file, which names
// its own, read as the option's value; --blob's is any file's content; git remote printing the remotes' URLs with -v or
// get-url), and which of the files it reads: "" all, --system, --global,
// --local, --worktree, or "?" when an option is only known when it runs.
func gitSettingsScope(c *SimpleCommand) (scope string, prints bool) {
	switch c.Sub {
	case "config":
		// Every git config but one that only writes prints what the
		// files hold: a list, or a key's value (git config
		// sendemail.smtpPass, --get, get), judged by the files' content
		// (policies10, design.md 437); but a key whose value is no
		// credential's place (user.name; never with a list option or
		// one only known when it runs).
		prints = !gitPlainKeyGet(c)
		for _, f := range c.Flags {
			switch {
			case f.Uncertain():
				scope = "?"
			case slices.Contains(gitScopes, f.Text):
				scope = f.Text
			}
		}
		if scope == "--file" || scope == "-f" {
			return scope, false // the file named, read as its option's value
		}
	case "remote":
		prints = len(c.Operands) > 1 && c.Operands[1].Text == "get-url" ||
			slices.ContainsFunc(c.Flags, func(f Word) bool { return f.Uncertain() || f.Text == "-v" || f.Text == "--verbose" })
	}
	return scope, prints
}

// gitPlainKeys are the keys of git's settings whose values hold no
// credential: the user's name and address, and choices git reads as a
// boolean, a number or a word ("*" a subsection). Not a branch's remote
// or a refspec, which may be a URL (round 42).
var gitPlainKeys = []string{
	"user.name", "user.email", "init.defaultbranch", "core.bare", "core.filemode", "core.autocrlf",
	"core.ignorecase", "core.symlinks", "core.repositoryformatversion", "core.logallrefupdates", "core.precomposeunicode",
	"core.eol", "core.safecrlf", "pull.rebase", "pull.ff", "push.default", "push.autosetupremote", "fetch.prune",
	"merge.conflictstyle", "rebase.autosquash", "rebase.autostash", "diff.algorithm", "color.ui", "commit.gpgsign",
	"tag.gpgsign", "gpg.format", "branch.*.rebase",
	"extensions.objectformat", "status.showuntrackedfiles", "advice.detachedhead",
}

// gitPlainKeyGet reports whether the git config command c prints one key
// of gitPlainKeys (git config user.name, --get, get).
func gitPlainKeyGet(c *SimpleCommand) bool {
	ops := c.Operands
	if len(ops) == 3 && ops[1].Text == "get" {
		ops = []Word{ops[0], ops[2]}
	}
	if len(ops) != 2 || ops[1].Uncertain() || slices.ContainsFunc(c.Flags, func(f Word) bool {
		return f.Uncertain() || slices.Contains(gitConfigLists, f.Text)
	}) {
		return false
	}
	key := strings.ToLower(ops[1].Text)
	for _, k := range gitPlainKeys {
		sec, name, _ := strings.Cut(k, ".*.")
		if k == key || name != "" && len(key) > len(sec)+len(name)+2 && strings.HasPrefix(key, sec+".") && strings.HasSuffix(key, "."+name) {
			return true
		}
	}
	return false
}

// gitSettingsMoved says why the settings files c reads are only known
// when it runs: a variable on the line or in the environment chooses or
// adds them; "" if none does.
func (e *evaluator) gitSettingsMoved(c *SimpleCommand) string {
	for _, a := range c.Assigns {
		for _, v := range gitConfigVars {
			if a.Uncertain() || strings.HasPrefix(a.Text, v) {
				return "a variable chooses"
			}
		}
	}
	if e.env.Getenv != nil {
		for _, v := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG", "GIT_DIR", "GIT_COMMON_DIR"} {
			if e.env.Getenv(v) != "" {
				return "the environment's " + v + " chooses"
			}
		}
	}
	return ""
}

// addGitSettings adds to u, for a git command that prints what git's
// settings hold (gitSettingsScope), every settings file it reads, as a
// read; for git remote, the git directory's remotes and branches too,
// where a remote's URL may be written the old way.
func (e *evaluator) addGitSettings(u *unit, c *SimpleCommand, dir Word) {
	scope, prints := gitSettingsScope(c)
	if !prints {
		return
	}
	unknown := func(why string) {
		u.paths = append(u.paths, access{read: true, w: Word{Text: "(git settings " + why + ")", Dynamic: true}})
	}
	switch scope {
	case "?":
		unknown("an option only known when it runs chooses")
		return
	case "--blob":
		unknown("of a blob, which may hold any file's content")
		return
	}
	if why := e.gitSettingsMoved(c); why != "" {
		unknown(why)
		return
	}
	var files []string
	if scope == "" || scope == "--system" {
		if e.env.Getenv == nil || e.env.Getenv("GIT_CONFIG_NOSYSTEM") == "" || scope == "--system" {
			files = append(files, "/etc/gitconfig")
		}
	}
	if scope == "" || scope == "--global" {
		home := e.homeGitSettings()
		if home == nil {
			unknown("of a home the hook cannot place")
			return
		}
		files = append(files, home...)
	}
	if scope == "" || scope == "--local" || scope == "--worktree" {
		local, why := e.repoGitSettings(u, c, dir)
		if why != "" {
			unknown(why)
			return
		}
		files = append(files, local...)
	}
	for _, p := range files {
		if e.env.FS != nil && gitIncludes(e.env.FS, p) {
			unknown("that " + p + " includes")
			return
		}
		u.paths = append(u.paths, e.access(Word{Text: p}, Word{}, true, false))
	}
}

// repoGitSettings returns the settings files of the repository c uses,
// run in dir, adding to u the old remotes' files git remote reads; why
// says why they are only known when it runs, if they are.
func (e *evaluator) repoGitSettings(u *unit, c *SimpleCommand, dir Word) (files []string, why string) {
	if e.env.FS == nil {
		return nil, "of the repository"
	}
	start, ok := e.absolute(".", dir)
	if !ok {
		return nil, "of the repository"
	}
	_, index, found := e.gitRepo(cleanPath(start))
	switch {
	case found && index == "":
		return nil, "of a repository the hook cannot read"
	case !found:
		return nil, ""
	}
	for _, g := range e.gitDirs(path.Dir(index)) {
		files = append(files, g+"/config", g+"/config.worktree")
		if c.Sub != "remote" {
			continue
		}
		for _, d := range []string{"/remotes", "/branches"} {
			if e.env.FS.Exists(g + d) {
				e.addPath(u, Word{Text: g + d, Tree: true}, Word{}, true, false, treeRead{names: namesAll})
			}
		}
	}
	return files, ""
}

// gitIncludes reports whether the settings file p names another to read
// ([include] or [includeIf "..."]); one the hook cannot read whole is
// taken to.
func gitIncludes(fs FS, p string) bool {
	b, err := fs.ReadFile(p, gitConfigBytes+1)
	if err != nil {
		return false // no such file: git reads none
	}
	if len(b) > gitConfigBytes {
		return true
	}
	for line := range textLines(b) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] == '[' {
			name := strings.ToLower(string(line[1:]))
			if strings.HasPrefix(name, "include") {
				return true
			}
		}
	}
	return false
}
