package runtime

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// maxGitConfigs bounds the settings files gitSettingValues reads, the
// includes they name counted.
const maxGitConfigs = 16

// addIgnoreRevs adds to u the files git blame reads because a setting
// names them: blame.ignoreRevsFile (GitHub's .git-blame-ignore-revs),
// whose first line that is not an object name git prints in its error,
// as it does for --ignore-revs-file's (round 25; design.md 410). A
// relative name is below the work tree's top, where git runs its
// command.
func (e *evaluator) addIgnoreRevs(u *unit, c *SimpleCommand) {
	if c.Sub != "blame" || e.env.FS == nil {
		return
	}
	vals, ok := e.gitSettingValues("blame.ignorerevsfile")
	if !ok {
		u.paths = append(u.paths, access{read: true, w: Word{Text: "(the files blame.ignoreRevsFile names)", Dynamic: true}})
		return
	}
	for _, v := range vals {
		switch {
		case v == "":
			continue // resets the list; the earlier files stay read, to be sure
		case v == "~" || strings.HasPrefix(v, "~/"):
			v = e.home + v[1:]
		case strings.HasPrefix(v, "~"), strings.HasPrefix(v, "%(prefix)/"):
			u.paths = append(u.paths, access{read: true, w: Word{Text: v, Dynamic: true}})
			continue
		case !strings.HasPrefix(v, "/"):
			v = joinPath(e.root, v)
		}
		u.paths = append(u.paths, e.access(Word{Text: v}, Word{}, true, false))
	}
}

// gitSettingValues returns the values the settings git reads give the
// variable name (section.key, lower case): the system's, the user's and
// the project root's repository's, with the files they include. ok is
// false where a file cannot be read as settings or there are too many.
func (e *evaluator) gitSettingValues(name string) (vals []string, ok bool) {
	files, why := e.gitSettingFiles()
	if why != "" {
		return nil, false
	}
	ok = e.readGitSettings(files, nil, nil, func(key, val string) {
		if key == name {
			vals = append(vals, val)
		}
	})
	return vals, ok
}

// gitSettingFiles returns the settings files git reads in the project
// root: the system's, the user's and the root's repository's, or why the
// repository's are not git's own.
func (e *evaluator) gitSettingFiles() (files []string, why string) {
	files = e.gitUserFiles()
	if g, found := gitDir(e.env.FS, e.root); found && g != "" {
		repo, why := e.repoSettings(g)
		if why != "" {
			return nil, why
		}
		files = append(files, repo...)
	}
	return files, ""
}

// gitUserFiles returns the system's and the user's settings files, as
// git finds them.
func (e *evaluator) gitUserFiles() []string {
	var files []string
	if s := e.env.get("GIT_CONFIG_SYSTEM"); s != "" {
		files = append(files, s)
	} else if e.env.get("GIT_CONFIG_NOSYSTEM") == "" {
		files = append(files, "/etc/gitconfig")
	}
	if s := e.env.get("GIT_CONFIG_GLOBAL"); s != "" {
		return append(files, s)
	}
	conf := e.env.get("XDG_CONFIG_HOME")
	if conf == "" && e.home != "" {
		conf = e.home + "/.config"
	}
	if conf != "" {
		files = append(files, conf+"/git/config")
	}
	if e.home != "" {
		files = append(files, e.home+"/.gitconfig")
	}
	return files
}

// readGitSettings reads the settings files, and those they include,
// calling set with each variable. each, if not nil, is called with every
// file that exists before it is read, and whether a setting included it;
// false from it stops the walk. keys, if not nil, are the ends of the
// only names set wants: a file that includes none and sets none of them
// (setsKey) is not parsed. It returns false where a file cannot be read
// as settings, there are more than maxGitConfigs, or each stopped.
func (e *evaluator) readGitSettings(files []string, keys []string, each func(f string, included bool) bool, set func(key, val string)) bool {
	given := len(files)
	for i := 0; i < len(files); i++ {
		if i >= maxGitConfigs {
			return false
		}
		f := files[i]
		data, err := e.env.FS.ReadFile(f, maxIgnoreFile+1)
		if err != nil {
			if e.env.FS.Exists(f) {
				return false
			}
			continue
		}
		if len(data) > maxIgnoreFile || each != nil && !each(f, i >= given) {
			return false
		}
		text := string(data)
		if keys != nil && !setsKey(text, keys) && !setsKey(text, includeKeys) {
			continue
		}
		ok := parseGitConfig(text, func(key, val string) {
			switch {
			case key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path"):
				// Every includeIf counts, whatever its condition.
				if strings.HasPrefix(val, "~/") {
					val = e.home + val[1:]
				} else if !strings.HasPrefix(val, "/") {
					val = path.Join(path.Dir(f), val)
				}
				files = append(files, val)
			case set != nil:
				set(key, val)
			}
		})
		if !ok {
			return false
		}
	}
	return true
}

// includeKeys end the names of the settings that include a file
// (include.path, includeIf.*.path).
var includeKeys = []string{"path"}

// setsKey reports whether the settings text may set a variable whose
// name ends with one of keys (in lower case), in any case. It looks at
// the name each line starts with, after a section's header on that line,
// so it is true of more texts than set such a name (a continued value's
// line), never fewer: a header with a quoted subsection and more after
// it on its line counts as one that sets a key. TestGitConfigOracle
// judges it against git's reading.
func setsKey(text string, keys []string) bool {
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimLeft(line, settingsBlanks+"\ufeff") // a byte-order mark too
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			rest := strings.TrimLeft(line[end+1:], settingsBlanks)
			if rest != "" && strings.ContainsRune(line[:end], '"') {
				return true // the ] may be the quoted subsection's
			}
			line = rest
		}
		n := 0
		for n < len(line) && isKeyByte(line[n]) {
			n++
		}
		for _, k := range keys {
			if n >= len(k) && strings.EqualFold(line[n-len(k):n], k) {
				return true
			}
		}
	}
	return false
}

// settingsBlanks are what git skips before a name: a lone carriage
// return among them (and more, which costs only a parse).
const settingsBlanks = " \t\r\v\f"

// isKeyByte reports whether b may be part of a settings variable's name.
func isKeyByte(b byte) bool {
	return 'a' <= b|0x20 && b|0x20 <= 'z' || '0' <= b && b <= '9' || b == '-'
}

// parseGitConfig calls set with each variable the settings text data
// sets, named section.key or section.subsection.key (section and key in
// lower case), and its value as git reads it: quotes removed, escapes
// replaced, continued lines joined, comments dropped. It returns false
// where the text is not settings git would read.
func parseGitConfig(data string, set func(name, value string)) bool {
	section := ""
	lines := strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimLeft(lines[i], " \t")
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if l[0] == '[' {
			end := strings.IndexByte(l, ']')
			if end < 0 {
				return false
			}
			head := l[1:end]
			if name, sub, ok := strings.Cut(head, " "); ok {
				s, err := strconv.Unquote(strings.TrimSpace(sub))
				if err != nil {
					return false
				}
				section = strings.ToLower(name) + "." + s
			} else if name, sub, ok := strings.Cut(head, "."); ok {
				section = strings.ToLower(name) + "." + strings.ToLower(sub) // [section.sub], the old spelling
			} else {
				section = strings.ToLower(head)
			}
			l = strings.TrimLeft(l[end+1:], " \t")
			if l == "" || l[0] == '#' || l[0] == ';' {
				continue
			}
		}
		if section == "" {
			return false
		}
		// A value ending in an odd number of backslashes goes on.
		for i+1 < len(lines) && (len(l)-len(strings.TrimRight(l, "\\")))%2 == 1 {
			i++
			l = l[:len(l)-1] + lines[i]
		}
		key, val, hasVal := strings.Cut(l, "=")
		key = strings.TrimRight(key, " \t")
		if strings.ContainsAny(key, " \t#;") {
			return false
		}
		v := ""
		if hasVal {
			var ok bool
			if v, ok = gitConfigValue(val); !ok {
				return false
			}
		}
		set(section+"."+strings.ToLower(key), v)
	}
	return true
}

// gitConfigValue reads a value as git does: whitespace around it
// dropped, quotes removed, \\ \" \n \t \b replaced, a comment ended.
func gitConfigValue(s string) (string, bool) {
	var b strings.Builder
	quoted, space := false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 == len(s) {
				return "", false
			}
			i++
			j := strings.IndexByte(`\"ntb`, s[i])
			if j < 0 {
				return "", false
			}
			c = "\\\"\n\t\b"[j]
		case c == '"':
			quoted = !quoted
			continue
		case !quoted && (c == '#' || c == ';'):
			i = len(s)
			continue
		case !quoted && (c == ' ' || c == '\t'):
			if b.Len() > 0 {
				space++
			}
			continue
		}
		for ; space > 0; space-- {
			b.WriteByte(' ')
		}
		b.WriteByte(c)
	}
	return b.String(), !quoted
}

// gitFetchSettingsLoss says why git fetch or pull c loses work through
// the settings git reads, which the line does not show (policies7;
// design.md 419): fetch.pruneTags or a remote's pruneTags, where fetch
// prunes (fetch.prune, a remote's prune, --prune), deletes the local
// tags the remote lacks (tags keep no reflog); a remote's fetch
// refspec whose destination is not below refs/remotes/ forces local
// branches ("+"); fetch.prune or a remote's prune deletes the tracking
// refs of the branches the remote lacks, with their reflogs, which may
// hold the last copy of their commits (round 47, design.md 450). The
// default refspec, forced into the remote's own tracking refs, keeps
// what it moves in their reflogs. Settings it cannot read count as a
// loss.
func (e *evaluator) gitFetchSettingsLoss(c *SimpleCommand) string {
	if c.Sub != "fetch" && c.Sub != "pull" || e.env.FS == nil {
		return ""
	}
	linePrune, _ := gitPruneFlags(c)
	noPrune, noTags := false, false
	for _, w := range c.Flags {
		noPrune = noPrune || w.Text == "--no-prune"
		noTags = noTags || w.Text == "--no-prune-tags"
	}
	files, why := e.gitSettingFiles()
	if why != "" {
		return why
	}
	pruneTags, prune, forced, local, unchecked := false, false, false, false, false
	refspec := func(spec string) {
		spec = strings.TrimSpace(spec)
		if strings.HasPrefix(spec, "^") {
			return // a negative refspec fetches nothing
		}
		if dst, plus := refspecDst(spec); dst != "" && !strings.HasPrefix(dst, "refs/remotes/") {
			local = true
			forced = forced || plus
			unchecked = unchecked || gitUncheckedRef(dst)
		}
	}
	ok := e.readGitSettings(files, nil, nil, func(key, val string) {
		switch {
		case key == "fetch.prunetags" || strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".prunetags"):
			pruneTags = pruneTags || gitTrue(val)
		case key == "fetch.prune" || strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".prune"):
			prune = prune || gitTrue(val)
		case strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".fetch"):
			refspec(val)
		}
	})
	// A remote git reads from the git directory's remotes/NAME file
	// where the settings do not name it, its Pull: lines its fetch
	// refspecs (round 35).
	// A linked worktree's are its common directory's.
	if g, found := gitDir(e.env.FS, e.root); found && g != "" {
		for _, d := range e.gitDirs(g) {
			ents, _ := e.env.FS.List(d + "/remotes")
			for _, ent := range ents {
				b, err := e.env.FS.ReadFile(d+"/remotes/"+ent.Name, 64<<10)
				if err != nil {
					ok = false
					continue
				}
				for line := range strings.Lines(string(b)) {
					if spec, found := strings.CutPrefix(strings.TrimSpace(line), "Pull:"); found {
						refspec(spec)
					}
				}
			}
		}
	}
	prune = (prune || linePrune) && !noPrune
	switch {
	case !ok:
		return "git fetch reads settings the guard cannot read, which may prune tags or force local branches"
	case pruneTags && prune && !noTags:
		return "git fetch prunes tags by the settings (fetch.pruneTags): it deletes the local tags the remote lacks, which keep no reflog"
	case forced:
		return "git fetch follows a configured refspec that forces local branches (remote.<name>.fetch with +)"
	case unchecked:
		return "git fetch follows a configured refspec into refs outside refs/heads, refs/tags and refs/remotes, which it replaces without a fast-forward check where the source is not a commit, and which keep no reflog"
	case local && prune:
		return "git fetch prunes by the settings (fetch.prune) with a configured refspec into local branches: it deletes the branches the remote lacks, with their reflogs"
	case prune && !linePrune:
		return "git fetch prunes by the settings (fetch.prune, remote.<name>.prune): it deletes the tracking refs of the branches the remote lacks, with their reflogs, which may hold the last copy of their commits"
	}
	return ""
}

// gitUncheckedRef reports whether git fetch updates the ref dst (a
// refspec's destination) without checking the update is a fast forward
// where the source is not a commit (a tag of a tree or a blob): a full
// ref outside refs/heads, refs/tags and refs/remotes (refs/keep/x,
// refs/original/..., refs/stash; round 35). A short name is a branch or
// a tag.
func gitUncheckedRef(dst string) bool {
	return strings.HasPrefix(dst, "refs/") && !strings.HasPrefix(dst, "refs/heads/") && !strings.HasPrefix(dst, "refs/tags/") && !strings.HasPrefix(dst, "refs/remotes/")
}

// refspecDst returns the destination of the refspec spec ("" if it has
// none) and whether a + forces it.
func refspecDst(spec string) (dst string, forced bool) {
	rest, forced := strings.CutPrefix(spec, "+")
	_, dst, _ = strings.Cut(rest, ":")
	return dst, forced
}

// gitRefspecLoss says why git fetch or pull c loses work through a
// refspec of its line into a ref that gitUncheckedRef holds, "" if none.
func gitRefspecLoss(c *SimpleCommand) string {
	if c.Sub != "fetch" && c.Sub != "pull" || len(c.Operands) < 2 {
		return ""
	}
	for _, w := range c.Operands[2:] { // the subcommand, the remote
		if dst, _ := refspecDst(w.Text); !w.Uncertain() && gitUncheckedRef(dst) {
			return "git fetch into " + dst + " replaces it without a fast-forward check where the source is not a commit (a tag of a tree or a blob), and it keeps no reflog"
		}
	}
	return ""
}

// gitTrue reads a setting as git reads a boolean: a key without a value
// is true, and so are yes, on, true and any number but 0.
func gitTrue(v string) bool {
	switch strings.ToLower(v) {
	case "", "yes", "on", "true":
		return true
	case "no", "off", "false":
		return false
	}
	n, err := strconv.Atoi(v)
	return err != nil || n != 0
}

// gitLineURL returns the first http, https, ftp or ftps URL c names as a
// remote (an operand, or a value such as archive's --remote), "" if none:
// git sends the server it names the user's credentials for it when asked,
// from a .netrc, a credential helper or an http.extraHeader, and a
// default entry or a helper without a URL answers any host. A remote of
// the repository's settings is the user's choice (design.md 132); one the
// line names is the line's (round 36).
func gitLineURL(c *SimpleCommand) string {
	switch c.Sub {
	case "fetch", "pull", "push", "ls-remote", "clone", "archive", "submodule", "fetch-pack", "send-pack", "request-pull", "remote":
	default:
		return ""
	}
	for _, w := range c.Operands {
		if credentialURL(w.Text) {
			return w.Text
		}
	}
	for _, v := range c.Values {
		if credentialURL(v.Value.Text) {
			return v.Value.Text
		}
	}
	return ""
}

// credentialURL reports whether s is an http, https, ftp or ftps URL, in
// any case (git's curl transports, which send credentials).
func credentialURL(s string) bool {
	scheme, _, ok := strings.Cut(s, "://")
	scheme = strings.TrimSuffix(strings.ToLower(scheme), "+git")
	return ok && slices.Contains([]string{"http", "https", "ftp", "ftps"}, scheme)
}
