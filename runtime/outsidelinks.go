package runtime

import "strings"

// rootConfigIncludes says why git is not known when the project's own
// repository settings (.git/config at the project root, which the guard
// trusts: design.md 132) include other files: include.path and
// includeIf take settings from a file the guard does not read, often one
// the work tree holds (a shared .gitconfig the project ships), where
// core.fsmonitor, core.pager or a diff driver run a program and a
// credential file reads as settings (design.md 352). "" if they include
// none. core.hooksPath is the same: it names hooks the work tree often
// holds (husky's .husky), and git runs post-index-change when a read
// refreshes the index.
func (e *evaluator) rootConfigIncludes() string {
	if e.env.FS == nil {
		return ""
	}
	g, found := gitDir(e.env.FS, e.root)
	if !found || g == "" {
		return ""
	}
	// A worktree's git directory takes its settings from the common
	// directory its commondir names too, and its own config.worktree
	// (round 18).
	files := []string{g + "/config", g + "/config.worktree"}
	if data, err := e.env.FS.ReadFile(g+"/commondir", 4096); err == nil {
		c := strings.TrimRight(string(data), "\r\n")
		if !strings.HasPrefix(c, "/") {
			c = joinPath(g, c)
		}
		c = cleanPath(c)
		if within(c, e.root) && !within(c, e.root+"/.git") {
			return "the project's git directory " + g + " takes its settings from " + c + ", which the work tree holds"
		}
		files = append(files, c+"/config")
	}
	for _, f := range files {
		data, err := e.env.FS.ReadFile(f, maxIgnoreFile+1)
		if err != nil {
			continue
		}
		low := strings.ToLower(string(data))
		if len(data) > maxIgnoreFile || strings.Contains(low, "include") {
			return "the project's git settings (" + f + ") include other files, whose settings may make git run a program or print a secret"
		}
		if strings.Contains(low, "hookspath") {
			// husky sets core.hooksPath to a directory the work tree holds;
			// git status runs its post-index-change hook when it refreshes
			// the index.
			return "the project's git settings (" + f + ") take hooks from core.hooksPath, which git status and git describe may run"
		}
	}
	return ""
}

// linkedOut says why git, run in the directory abs inside the project by
// its spelling, runs outside it: a symbolic link on the way leads out
// (git -C vendor/keys, cd vendor/keys && git status), where the
// repository and its settings are not the project's (design.md 352).
func (e *evaluator) linkedOut(abs string) string {
	if e.env.FS == nil {
		return ""
	}
	if t := e.leadsOut(abs); t != "" {
		return "git runs in " + abs + ", which a symbolic link leads out of the project to " + t + ", whose repository is not the project's"
	}
	return ""
}
