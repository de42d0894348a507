package runtime

import (
	"slices"
	"strings"
)

// This file finds the git commands that print what only the history may
// hold (design.md 246): file contents from revisions other than the work
// tree and the index (git log -p, git show HEAD~1, git diff HEAD~3 HEAD,
// git grep x HEAD~2, git cat-file -p BLOB), or lines matched against
// them (git log -S KEY). Which files a revision holds the hook cannot know
// cheaply (it would read commits and packs), so such a command reads the
// history unless pathspecs keep it to files the hook can name: every
// pathspec a literal path of a file the work tree holds, read as that
// file, and no option that reaches past them (--follow, --full-diff,
// -L, which follow renames; --stdin, which reads more pathspecs).

// gitHistoryMark is the path, below the work tree's root, that stands for
// the history a git command reads (design.md 246). It is one path, not a
// tree: no secret's glob matches it, and an allow rule that matches the
// command takes the secret floor for it unless its reads name it.
const gitHistoryMark = ".git/objects"

// gitHistorySubs are the subcommands that may print from the history.
var gitHistorySubs = []string{"log", "whatchanged", "reflog", "show", "diff", "grep", "cat-file", "stash"}

// addHistory adds to u the read of the history (gitHistoryMark) of the
// repository whose work tree is root.
func (e *evaluator) addHistory(u *unit, root string) {
	u.paths = append(u.paths, access{read: true, history: true, w: Word{Text: joinPath(root, gitHistoryMark)}})
}

// gitHistory reports whether c, run in dir, prints from the history
// without pathspecs that keep it to named files.
func (e *evaluator) gitHistory(c *SimpleCommand, dir Word) bool {
	ops := c.Operands
	if len(ops) > 0 {
		ops = ops[1:] // the subcommand
	}
	// flag: a flag that makes it print from the history (an uncertain
	// word may be one); has: one that makes it print from elsewhere.
	flag := func(names ...string) bool {
		return slices.ContainsFunc(c.Flags, func(w Word) bool { return w.Uncertain() || slices.Contains(names, w.Text) })
	}
	has := func(names ...string) bool {
		return slices.ContainsFunc(c.Flags, func(w Word) bool { return !w.Uncertain() && slices.Contains(names, w.Text) })
	}
	switch c.Sub {
	case "log", "whatchanged", "reflog":
		// They walk HEAD when given no revision.
		if len(ops) > 0 && slices.Contains([]string{"expire", "delete", "exists"}, ops[0].Text) {
			return false
		}
		if !gitAnyWord(c, gitPatchOpt) && !flag("-S", "-G", "--pickaxe-regex", "--pickaxe-all") {
			return false
		}
		_, specs := e.gitSplit(c, ops, dir)
		return !e.gitRestricts(specs, c, dir)
	case "show":
		revs, specs := e.gitSplit(c, ops, dir)
		// show prints a blob (an id, a tag naming one) whole whatever
		// its options and pathspecs, a tree's names, and a commit's
		// patch (HEAD's, with no revision).
		if slices.ContainsFunc(revs, gitMaybeBlob) {
			return true
		}
		commit := len(revs) == 0 || slices.ContainsFunc(revs, func(w Word) bool {
			return !strings.Contains(w.Text, ":") && !strings.HasSuffix(w.Text, "^{tree}")
		})
		return commit && !gitNamesOnly(c) && !e.gitRestricts(specs, c, dir)
	case "diff":
		if has("--no-index") || gitNamesOnly(c) {
			return false
		}
		revs, specs := e.gitSplit(c, ops, dir)
		if len(revs) == 0 && !flag("--cached", "--staged", "--merge-base") {
			return false // the work tree against the index
		}
		if slices.ContainsFunc(revs, gitMaybeBlob) {
			return true
		}
		return !e.gitRestricts(specs, c, dir)
	case "grep":
		if has("--no-index", "--untracked") {
			return false
		}
		if len(ops) > 0 && !flag("-e", "-f") {
			ops = ops[1:] // the pattern
		}
		revs, specs := e.gitSplit(c, ops, dir)
		return len(revs) > 0 && !e.gitRestricts(specs, c, dir)
	case "cat-file":
		return gitCatFilePrints(ops, flag("-p"))
	case "stash":
		switch {
		case len(ops) == 0:
			return false
		case ops[0].Uncertain():
			return true
		case ops[0].Text == "list":
			return gitAnyWord(c, gitPatchOpt)
		case ops[0].Text == "show":
			// stash.showPatch may make a patch the default.
			return !gitNamesOnly(c)
		}
	}
	return false
}

// gitCatFilePrints reports whether git cat-file, with -p or not, prints
// an object that may be a blob: -t, -s and -e print a type, a size, a
// status, --batch-check names and sizes; -p and TYPE OBJECT the object.
func gitCatFilePrints(ops []Word, p bool) bool {
	if !p {
		if len(ops) < 2 || !ops[0].Uncertain() && !slices.Contains([]string{"blob", "tree", "commit", "tag"}, ops[0].Text) {
			return false
		}
		ops = ops[1:] // git cat-file TYPE OBJECT
	}
	return slices.ContainsFunc(ops, gitMaybeBlob)
}

// gitSplit splits the operands of a git command into revisions and
// pathspecs, as git does: after -- pathspecs; before it, a word that
// names a file or directory of the work tree is a pathspec (git refuses
// a word that is both), any other a revision. A -- that is an option's
// value does not count: then every operand is read as if none came.
func (e *evaluator) gitSplit(c *SimpleCommand, ops []Word, dir Word) (revs, specs []Word) {
	pre := ops
	if i := slices.IndexFunc(c.Words, func(w Word) bool { return w.Text == "--" && !w.Uncertain() }); i >= 0 {
		after := c.Words[i+1:]
		if k := len(after); k <= len(ops) && slices.EqualFunc(after, ops[len(ops)-k:], func(a, b Word) bool { return a.Text == b.Text }) {
			pre, specs = ops[:len(ops)-k], ops[len(ops)-k:]
		}
	}
	for _, w := range pre {
		if p, _, ok := e.absolute(w.Text, dir); ok && !w.Uncertain() && e.env.FS != nil && e.env.FS.Exists(p) {
			specs = append(specs, w)
		} else {
			revs = append(revs, w)
		}
	}
	return revs, specs
}

// gitRestricts reports whether the pathspecs keep c to files the hook can
// name: at least one, each a literal path (no glob, escape or magic) of a
// file the work tree holds, not a directory (an empty one counts as a
// file), and no option that reaches other files (--follow and -L follow
// renames, --full-diff prints every file of a commit, --stdin reads more
// pathspecs).
func (e *evaluator) gitRestricts(specs []Word, c *SimpleCommand, dir Word) bool {
	if len(specs) == 0 || e.env.FS == nil {
		return false
	}
	for _, w := range c.Words {
		if w.Uncertain() || w.Text == "--follow" || w.Text == "--full-diff" || w.Text == "--stdin" || strings.HasPrefix(w.Text, "-L") {
			return false
		}
	}
	for _, w := range specs {
		if w.Uncertain() || w.Text == "" || strings.HasPrefix(w.Text, ":") || strings.ContainsAny(w.Text, "*?[\\") {
			return false
		}
		p, _, ok := e.absolute(w.Text, dir)
		if !ok || !e.env.FS.Exists(p) {
			return false
		}
		// A directory with entries (a file system that lists a file as
		// an empty directory does not make it one).
		if ents, ok := e.env.FS.List(p); ok && len(ents) > 0 {
			return false
		}
	}
	return true
}

// gitMaybeBlob reports whether a revision operand may name a blob, which
// git show and git cat-file -p print whole: anything but HEAD and its
// ancestors and reflog entries (commits; ^{tree} and ^{commit} of them)
// and REV:PATH, whose PATH addRevPaths reads. A range (A..B) is commits.
func gitMaybeBlob(w Word) bool {
	if w.Uncertain() {
		return true
	}
	if rev, path, ok := strings.Cut(w.Text, ":"); ok && !(rev == "" && path != "" && strings.ContainsAny(path[:1], "(!^/")) {
		return false
	}
	for _, r := range strings.Split(strings.ReplaceAll(w.Text, "...", ".."), "..") {
		if r != "" && !gitCommitRev(r) {
			return true
		}
	}
	return false
}

// gitCommitRev matches HEAD, @, their reflog entries, the stash's, and
// their ancestors, peeled to a commit or a tree: never a blob. It is
// ^(HEAD|@|HEAD@\{[0-9]+\}|@\{[0-9]+\}|stash@\{[0-9]+\})([~^][0-9]*)*(\^\{(commit|tree)?\})?$
// written out (see gitPatchOpt).
func gitCommitRev(s string) bool {
	for _, peel := range [...]string{"^{}", "^{commit}", "^{tree}"} {
		if t, ok := strings.CutSuffix(s, peel); ok {
			s = t
			break
		}
	}
	var heads []string
	for _, name := range [...]string{"HEAD", "@"} {
		if rest, ok := strings.CutPrefix(s, name); ok {
			heads = append(heads, rest)
		}
	}
	for _, name := range [...]string{"HEAD@{", "@{", "stash@{"} {
		if r, ok := strings.CutPrefix(s, name); ok {
			n := 0
			for n < len(r) && r[n] >= '0' && r[n] <= '9' {
				n++
			}
			if n > 0 && n < len(r) && r[n] == '}' {
				heads = append(heads, r[n+1:])
			}
		}
	}
	for _, rest := range heads {
		if gitAncestry(rest) {
			return true
		}
	}
	return false
}
