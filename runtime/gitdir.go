package runtime

import (
	"slices"
	"strings"
)

// The project root's own repository is the one git is trusted in: its
// settings are the user's and git's, and the writes that change them are
// denied (design.md 132). That trust holds only where the repository is
// git's own: a git directory the work tree holds, a file of it that is a
// link, or a setting that names a file of the work tree make git read or
// run what the project decides (design.md 410).

// rootRepository says why git, using the project root's repository, may
// run a program or print a file the guard has not placed; "" if it does
// not, or the root holds no repository. Its settings may include other
// files (include.path, includeIf), which the guard does not read, often
// one the work tree holds (a shared .gitconfig the project ships), where
// core.fsmonitor, core.pager or a diff driver run a program and a
// credential file reads as settings (design.md 352); core.hooksPath
// names hooks the work tree often holds (husky's .husky).
//
// With writes, git may write refs, reflogs and objects (gitWrites):
// the directories it writes them in are judged too.
func (e *evaluator) rootRepository(writes bool) string {
	if e.env.FS == nil {
		return ""
	}
	g, found := gitDir(e.env.FS, e.root)
	if !found || g == "" {
		return ""
	}
	// A .git link or a gitdir: file naming a directory of the work tree
	// (tools/repo, vendor/x/.git) makes that directory's config
	// (core.fsmonitor) and hooks git's (round 25).
	if t := e.physicalGitDir(g); e.inRoot(t) && !within(t, joinPath(e.root, ".git")) {
		return "the project's git directory is " + t + ", which the work tree holds: its settings and hooks are the project's to choose"
	}
	files, why := e.repoSettings(g)
	if why != "" {
		return why
	}
	if why := e.userSettingsIn(); why != "" {
		return why
	}
	if why := e.gitDirLinks(g, files, writes); why != "" {
		return why
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
		if key := e.workTreeCommand(string(data), low); key != "" {
			return "the project's git settings (" + f + ") run " + key + " from a file the work tree holds, which the project's files decide"
		}
	}
	return ""
}

// workTreeCommand returns the key of a setting of the settings text data
// (low: in lower case) that runs a command of the work tree
// (workTreeValue), or "".
func (e *evaluator) workTreeCommand(data, low string) (key string) {
	if !setsKey(low, gitCommandKeys) {
		return "" // no command key: not worth a parse on every git command
	}
	parseGitConfig(data, func(name, value string) {
		if key == "" && e.workTreeValue(name, value) {
			key = name
		}
	})
	return key
}

// workTreeValue reports whether the setting name holds a command git
// runs (gitCommandKeys: core.fsmonitor, diff.external, a driver's
// textconv, a filter, core.pager, remote.*.uploadpack, core.sshCommand,
// ...) that names a file of the work tree: a word of it, cut at blanks,
// quotes and the shell's operators, that is a relative path with a
// slash, a path in the project, or a name the project's top directory
// holds (sh pwn.sh, python3 x.py, pwn.sh with . on PATH; git runs the
// command there). The settings are the user's; the program they name
// there is the project's, which a write the guard allows may change
// (rounds 47, 49; design.md 450, 451). An option's value counts
// (--file=PATH), a URL does not.
func (e *evaluator) workTreeValue(name, value string) bool {
	if !slices.ContainsFunc(gitCommandKeys, func(c string) bool { return strings.HasSuffix(name, c) }) {
		return false
	}
	words := strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(" \t\n\"'`!<>|;&()=", r) })
	for _, w := range words {
		switch {
		case strings.HasPrefix(w, "-") || strings.Contains(w, "://"):
		case strings.Contains(w, "/"):
			if !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~") || e.inProject(w) {
				return true
			}
		case w != "." && w != ".." && e.env.FS.Exists(joinPath(e.root, w)):
			if ents, dir := e.env.FS.List(joinPath(e.root, w)); !dir || len(ents) == 0 {
				return true // a directory is no program (core.editor = code)
			}
		}
	}
	return false
}

// repoSettings returns the settings files of the git directory g: its
// config and config.worktree, and a worktree's common directory's config
// (round 18), or why the common directory is not git's own.
func (e *evaluator) repoSettings(g string) (files []string, why string) {
	files = []string{g + "/config", g + "/config.worktree"}
	c := e.commonDir(g)
	if c == "" {
		return files, ""
	}
	if within(c, e.root) && !within(c, e.root+"/.git") {
		return nil, "the project's git directory " + g + " takes its settings from " + c + ", which the work tree holds"
	}
	return append(files, c+"/config"), ""
}

// commonDir returns the common directory of the git directory g, where a
// linked worktree's config, refs (notes too) and objects are, "" if g
// has no commondir file: its path, relative to g or absolute, as the
// kernel resolves it (a directory outside may be a link back into the
// work tree: round 27).
func (e *evaluator) commonDir(g string) string {
	data, err := e.env.FS.ReadFile(g+"/commondir", 4096)
	if err != nil {
		return ""
	}
	c := strings.TrimRight(string(data), "\r\n")
	if !strings.HasPrefix(c, "/") {
		c = joinPath(g, c)
	}
	return e.physical(c)
}

// gitDirs returns the git directory g and, for a linked worktree's, its
// common directory, which holds the refs and remotes every worktree
// shares.
func (e *evaluator) gitDirs(g string) []string {
	if c := e.commonDir(g); c != "" {
		return []string{g, c}
	}
	return []string{g}
}

// physicalGitDir is physical(g) for the root's git directory g, with one
// readlink where g is the root's .git and the file system reads links
// one at a time: the root's own links are the root's (realPath).
func (e *evaluator) physicalGitDir(g string) string {
	if lr, ok := e.env.FS.(interface{ Readlink(string) (string, bool) }); ok && g == joinPath(e.root, ".git") {
		if _, link := lr.Readlink(g); !link {
			return g
		}
	}
	return e.physical(g)
}

// physical returns the clean absolute path p with its links resolved,
// below the project root or home as they are spelled.
func (e *evaluator) physical(p string) string {
	if t := e.env.FS.Resolve(p); t != "" {
		return e.realPath(t)
	}
	return e.realPath(cleanPath(p))
}

// userSettingsIn says why the system's or the user's git settings are
// the project's: a file of them that is a link into the project (a
// dotfiles repository's .gitconfig, linked from ~/.gitconfig), or one they
// include that the project holds, where core.fsmonitor runs a program
// (round 27); "" if none is. A home that is the project root holds its
// own ~/.gitconfig.
func (e *evaluator) userSettingsIn() string {
	why := ""
	e.readGitSettings(e.gitUserFiles(), gitCommandKeys, func(f string, included bool) bool {
		if p := e.physical(f); e.inRoot(p) && (included || p != cleanPath(f)) {
			why = "git reads the settings of " + f + ", which the project holds as " + p + ": core.fsmonitor there runs a program"
			return false
		}
		return true
	}, func(key, val string) {
		if why == "" && e.workTreeValue(key, val) {
			why = "the user's git settings run " + key + " from a file the work tree holds, which the project's files decide"
		}
	})
	return why
}

// gitStateDirs are the directories of a git directory whose files git
// reads by itself, for any command: its state (packed-refs, shallow,
// BISECT_START, a rebase's head-name and todo list), which it prints in
// an error or a status line, the alternates and grafts it names objects
// by, the object directories it writes new objects and packs into (git
// fetch; round 33), and the hooks it runs (post-index-change, when a read
// refreshes the index). "" is the git directory itself.
var gitStateDirs = []string{"", "/info", "/objects", "/objects/info", "/objects/pack", "/hooks", "/rebase-merge", "/rebase-apply", "/sequencer"}

// maxGitDirs bounds the directories gitDirLinks lists: a git directory's
// state directories, with its worktrees' and submodules'.
const maxGitDirs = 256

// gitDirLinks says why git, using the git directory g whose settings are
// files, reads or runs a file the project or a link decides: a symbolic
// link among the files it reads by itself, in g, its common directory
// and its worktrees' and submodules' git directories (git status runs in
// each submodule), that leads out of them. A hook may lead out of the
// project, to the user's own (a dotfiles directory of hooks), but not
// into the work tree, which a change under review decides (round 25).
// "" if there is none.
//
// With writes, the directories git writes objects, refs and reflogs in
// are judged too (objects, objects/pack, refs, logs).
func (e *evaluator) gitDirLinks(g string, files []string, writes bool) string {
	w := gitDirWalk{e: e, dirs: []string{g}}
	for _, f := range files[2:] {
		w.dirs = append(w.dirs, strings.TrimSuffix(f, "/config"))
	}
	for i := 0; i < len(w.dirs); i++ {
		d := w.dirs[i]
		top, _ := w.list(d)
		for _, sub := range gitStateDirs {
			if !writes && (sub == "/objects" || sub == "/objects/pack") {
				continue
			}
			ents := top
			if sub != "" {
				// Only the directories the git directory holds.
				first, _, _ := strings.Cut(sub[1:], "/")
				if !slices.ContainsFunc(top, func(x DirEntry) bool { return x.Name == first && (x.Dir || x.Link) }) {
					continue
				}
				ents, _ = w.list(d + sub)
			}
			if w.why != "" {
				return w.why
			}
			for _, x := range ents {
				switch {
				case sub == "/hooks" && !x.Link && !x.Dir && !strings.HasSuffix(x.Name, ".sample") && hardLinked(e.env.FS, d+sub+"/"+x.Name):
					// A hook with other names may be a script the
					// work tree holds (round 27).
					return "git may run the hook " + d + sub + "/" + x.Name + ", a file with other names, which the work tree may hold"
				case sub != "/hooks" && !x.Link && !x.Dir && gitStateFile(sub, x.Name) && hardLinked(e.env.FS, d+sub+"/"+x.Name):
					// A state file with other names may be any
					// file, which git prints or rewrites in place
					// (FETCH_HEAD hard-linked to ~/.bashrc; round 33).
					return "the project's git directory holds " + d + sub + "/" + x.Name + ", a file with other names, which git reads and writes by itself"
				case writes && sub == "" && x.Dir && (x.Name == "logs" || x.Name == "refs"):
					// The reflogs, which git appends to through
					// links (logs/refs/remotes/o/main), and the
					// refs it writes (refs/remotes/o a link out;
					// round 33).
					if why := w.tree(d+"/"+x.Name, x.Name == "logs"); why != "" {
						return why
					}
				case x.Link:
					if why := w.link(d+sub+"/"+x.Name, sub == "/hooks" || sub == "" && x.Name == "hooks"); why != "" {
						return why
					}
				case sub == "" && x.Dir && (x.Name == "worktrees" || x.Name == "modules"):
					if w.below(d+"/"+x.Name, 0); w.why != "" {
						return w.why
					}
				}
			}
		}
	}
	return ""
}

// gitReads are git's subcommands that write no ref, reflog or object
// (git status refreshes the index, which it renames into place).
var gitReads = []string{"status", "diff", "log", "show", "blame", "annotate", "grep", "ls-files", "ls-tree", "rev-parse", "rev-list",
	"describe", "shortlog", "cat-file", "show-ref", "for-each-ref", "name-rev", "whatchanged", "diff-tree", "diff-files", "diff-index",
	"check-ignore", "check-attr", "count-objects", "var", "version", "help", "show-branch", "cherry", "range-diff"}

// gitWrites reports whether git's subcommand sub may write refs,
// reflogs or objects: any but gitReads.
func gitWrites(sub string) bool { return !slices.Contains(gitReads, sub) }

// gitStateFile reports whether git reads or writes the file name of the
// state directory sub in place: not the objects, which a clone of a
// local repository shares as hard links (its packs, its commit-graph),
// but the alternates.
func gitStateFile(sub, name string) bool {
	return !strings.HasPrefix(sub, "/objects") || name == "alternates" || name == "http-alternates"
}

// tree says why a file below the directory d (the reflogs, which git
// appends to, and the refs) is not git's own: a link out of the git
// directories, or, where git appends (appends), a file with other names;
// "" if none is. git writes a ref by renaming a new file over it, and
// reads one without printing it.
func (w *gitDirWalk) tree(d string, appends bool) string {
	ents, _ := w.list(d)
	for _, x := range ents {
		p := d + "/" + x.Name
		switch {
		case w.why != "":
			return w.why
		case x.Link:
			if why := w.link(p, false); why != "" {
				return why
			}
		case x.Dir:
			if why := w.tree(p, appends); why != "" {
				return why
			}
		case appends && hardLinked(w.e.env.FS, p):
			return "the project's git directory holds " + p + ", a file with other names, which git appends to by itself"
		}
	}
	return w.why
}

// gitDirWalk is gitDirLinks' walk: the git directories found so far,
// and the directories listed.
type gitDirWalk struct {
	e      *evaluator
	dirs   []string
	listed int
	why    string
}

func (w *gitDirWalk) list(d string) ([]DirEntry, bool) {
	ents, ok := w.e.env.FS.List(d)
	if ok {
		if w.listed++; w.listed > maxGitDirs {
			w.why = "the project's git directory has more worktrees and submodules than the hook looks through"
		}
	}
	return ents, ok
}

// link says why the link p in a git directory is not git's own: it
// leads out of the git directories (HEAD -> refs/heads/main does not), or
// to a file with other names in them, and, for a hook, into the work
// tree.
func (w *gitDirWalk) link(p string, hook bool) string {
	t := w.e.physical(p)
	if slices.ContainsFunc(w.dirs, func(d string) bool { return within(t, w.e.physical(d)) }) {
		// Inside, to a file with other names, which git reads and
		// writes as the link (BISECT_START to objects/zz/x, a hard
		// link of .env; round 34).
		if hardLinked(w.e.env.FS, t) {
			return "the project's git directory holds " + p + ", a link to " + t + ", a file with other names, which git reads and writes by itself"
		}
		return ""
	}
	if !hook {
		return "the project's git directory holds " + p + ", a link to " + t + ", which git reads by itself and may print"
	}
	if w.e.inRoot(t) {
		return "git may run the hooks of " + p + ", a link to " + t + ", which the work tree holds"
	}
	return ""
}

// below adds the git directories below d (worktrees/W, modules/NAME,
// whose NAME may hold slashes): those holding a HEAD.
func (w *gitDirWalk) below(d string, depth int) {
	ents, _ := w.list(d)
	for _, x := range ents {
		p := d + "/" + x.Name
		switch {
		case w.why != "":
			return
		case x.Link:
			w.why = w.link(p, false)
		case !x.Dir:
		case w.e.env.FS.Exists(p + "/HEAD"):
			w.dirs = append(w.dirs, p)
		case depth < 4:
			w.below(p, depth+1)
		}
	}
}
