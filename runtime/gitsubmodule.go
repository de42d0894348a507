package runtime

import "strings"

// shippedSubmodule says why git, run in dir, may run git in a repository
// the project ships, or "" when it cannot: git status, git diff and git
// describe --dirty run git in each submodule (a gitlink of the index
// whose directory is checked out), which then uses that repository's
// settings, and core.fsmonitor runs a program. A submodule git checked
// out itself keeps its git directory below the project's
// .git/modules, as trusted as .git/config; one whose .git is a directory
// of its own, or a file naming a git directory elsewhere, is the
// project's to choose (design.md 289). An index the hook cannot read
// hides its gitlinks: then a .gitmodules file says there may be some.
func (e *evaluator) shippedSubmodule(dir string) string {
	if e.env.FS == nil {
		return ""
	}
	root, index, found := e.gitRepo(dir)
	if !found {
		return ""
	}
	_, gitlinks, ok := readIndex(e.env.FS, index)
	if !ok {
		if e.env.FS.Exists(joinPath(root, ".gitmodules")) {
			return "git may run git in the submodules " + root + "/.gitmodules names, whose repositories the hook cannot place"
		}
		return ""
	}
	modules := root + "/.git/modules/"
	for _, p := range gitlinks {
		sub := joinPath(root, p)
		g, found := gitDir(e.env.FS, sub)
		if !found || g != "" && strings.HasPrefix(g+"/", modules) && !e.env.FS.Exists(g+"/commondir") {
			continue // not checked out, or git's own (unless a commondir moves its settings: round 18)
		}
		return "git runs git in the submodule " + sub + ", a repository the project ships, whose settings may run programs"
	}
	return ""
}
