package runtime

import (
	"path"
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
var gitHistorySubs = []string{"log", "whatchanged", "reflog", "show", "diff", "grep", "cat-file", "stash", "for-each-ref", "tag", "branch", "blame"}

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
		if len(ops) > 0 && slices.Contains(gitReflogChanges, ops[0].Text) {
			return false
		}
		if gitNotes(c) == notesShown {
			return true // a note is a blob, whatever the pathspecs (round 35)
		}
		if !gitAnyWord(c, gitPatchOpt) && !flag("-S", "-G", "--pickaxe-regex", "--pickaxe-all") {
			return false
		}
		_, specs := e.gitSplit(c, ops, dir)
		return !e.gitRestricts(specs, c, dir)
	case "blame":
		// With a revision, a file at it that the work tree does not
		// hold is one the hook cannot name (git blame
		// refs/notes/commits -- ID; blame also takes the revision
		// after the file: -- ID REV). Its one operand is the file.
		return len(ops) > 1 && slices.ContainsFunc(ops, func(w Word) bool {
			return w.Uncertain() || !gitCommitRev(w.Text) && !e.gitFiles([]Word{w}, dir)
		})
	case "for-each-ref", "tag", "branch":
		// %(raw) prints a ref's object whole: a blob too (round 35).
		return gitAnyWord(c, rawAtom)
	case "show":
		revs, specs := e.gitSplit(c, ops, dir)
		// show prints a blob (an id, a tag naming one) whole whatever
		// its options and pathspecs, a tree's names, and a commit's
		// patch (HEAD's, with no revision); notes if asked (round 35).
		if slices.ContainsFunc(revs, gitMaybeBlob) || gitNotes(c) == notesShown {
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
		return gitStashHistory(c, ops)
	}
	return false
}

// gitStashHistory reports whether git stash c, with its operands ops
// after the subcommand, prints from the history: a patch.
func gitStashHistory(c *SimpleCommand, ops []Word) bool {
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
		if p, ok := e.absolute(w.Text, dir); ok && !w.Uncertain() && e.env.FS != nil && e.env.FS.Exists(p) {
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
	return e.gitFiles(specs, dir)
}

// gitFiles reports whether every pathspec of specs is a literal path of
// a file the work tree holds.
func (e *evaluator) gitFiles(specs []Word, dir Word) bool {
	if len(specs) == 0 || e.env.FS == nil {
		return false
	}
	for _, w := range specs {
		if w.Uncertain() || w.Text == "" || strings.HasPrefix(w.Text, ":") || strings.ContainsAny(w.Text, "*?[\\") {
			return false
		}
		p, ok := e.absolute(w.Text, dir)
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
		// REV:PATH is read as PATH (addRevPaths), but for a notes
		// ref, whose paths are commit ids and whose files are notes
		// (refs/notes/commits:ID; round 35).
		return strings.Contains(rev, "notes")
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

// A git directory holds copies of file contents besides its objects: a
// commit's message with its diff (commit -v), a rebase's or am's patches,
// rerere's conflicted files, fsck's lost and found objects, LFS's files
// (round 35). A file below a .git that none of gitStateOpen names is read
// as the history is: it may hold any file's content (design.md 426).

// gitStateOpen are the files of a git directory that hold names, ids and
// messages only; gitStateOpenDirs the directories whose files do.
var (
	gitStateOpen = []string{
		"HEAD", "ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "REBASE_HEAD", "AUTO_MERGE",
		"MERGE_MSG", "MERGE_MODE", "SQUASH_MSG", "packed-refs", "description", "index", "shallow",
		"gitdir", "commondir", "locked", "gitk.cache",
	}
	gitStateOpenDirs = []string{"refs", "logs", "hooks", "info", "branches"}
)

// gitStateRead says why reading the path p may print a file's content
// from a git directory's state (gitStateContent), "" if not: a directory
// there that a tree read lists no further (.git/objects) is judged by the
// names below it, as elsewhere.
func (e *evaluator) gitStateRead(p string) string {
	why := gitStateContent(p)
	if why == "" && e.env.FS != nil {
		why = e.gitDirCopy(p)
	}
	if why != "" && e.env.FS != nil {
		if _, dir := e.env.FS.List(p); dir {
			return ""
		}
	}
	return why
}

// gitDirCopy says why reading the path p may print a file's content from
// a git directory that is not named .git: one an ancestor of p is by
// what it holds (HEAD, objects and refs), a copy of .git (cp -r .git
// bak), a separate git directory (git init --separate-git-dir=.store) or
// a bare repository (round 42). "" if none is.
func (e *evaluator) gitDirCopy(p string) string {
	for d := path.Dir(p); d != "/" && d != "." && d != ""; d = path.Dir(d) {
		if !e.gitDirAt(d) {
			continue
		}
		if why := gitStateContent("/.git/" + strings.TrimPrefix(p, d+"/")); why != "" {
			return p + ", a file of a git directory (by what it holds) that may hold a copy of any file's content (a commit's message with its diff, a patch, an object)"
		}
		return ""
	}
	return ""
}

// gitDirAt reports whether the directory d holds what a git directory
// does: a HEAD file, and objects and refs directories. Each directory is
// looked at once a call.
func (e *evaluator) gitDirAt(d string) bool {
	if v, ok := e.gitDirSeen[d]; ok {
		return v
	}
	fs := e.env.FS
	v := fs.Exists(d + "/HEAD") // the cheapest first: most directories have none
	if v {
		_, objects := fs.List(d + "/objects")
		_, refs := fs.List(d + "/refs")
		v = objects && refs
	}
	if e.gitDirSeen == nil {
		e.gitDirSeen = map[string]bool{}
	}
	e.gitDirSeen[d] = v
	return v
}

// gitStateContent says why reading the file p (absolute, clean) may print
// a file's content from a git directory's state, "" if p is not below a
// .git or is a file of it that holds none.
func gitStateContent(p string) string {
	rest, ok := belowGitDir(p)
	if !ok || rest == "" {
		return ""
	}
	for d := range strings.SplitSeq(rest, "/") {
		if slices.Contains(gitStateOpenDirs, d) {
			return "" // below one, or the directory itself
		}
	}
	name := path.Base(rest)
	// Its settings and messages are judged by what they hold
	// (heldSecret).
	if slices.Contains(gitStateOpen, name) || strings.HasPrefix(name, "BISECT_") || strings.HasSuffix(name, ".lock") || gitConfig(p) || gitMessage(p) {
		return ""
	}
	return p + ", a file of the git directory that may hold a copy of any file's content (a commit's message with its diff, a patch, an object)"
}

// rawAtom reports whether a format s holds the ref-filter atom %(raw) or
// %(*raw), which print an object whole, but as %(raw:size).
func rawAtom(s string) bool {
	for _, atom := range [...]string{"%(raw", "%(*raw"} {
		for rest := s; ; {
			i := strings.Index(rest, atom)
			if i < 0 {
				break
			}
			rest = rest[i+len(atom):]
			if !strings.HasPrefix(rest, ":size)") {
				return true
			}
		}
	}
	return false
}

// Whether git log, show, whatchanged or reflog prints the notes of the
// commits it shows (a note is a blob: git notes add -F .env HEAD):
// notesShown where an option asks for them, notesDefault where the format
// shows those of refs/notes/commits (and notes.displayRef) if there are
// any, notesHidden where it shows none.
const (
	notesHidden = iota
	notesDefault
	notesShown
)

// gitNotes says whether c prints notes (notesShown, notesDefault,
// notesHidden).
func gitNotes(c *SimpleCommand) int {
	show := notesDefault
	if c.Sub == "reflog" {
		show = notesHidden // one line a commit
	}
	for _, w := range c.Words {
		t := w.Text
		switch {
		case w.Uncertain() || t == "--notes" || t == "--show-notes" || t == "--standard-notes" ||
			strings.HasPrefix(t, "--notes=") || strings.HasPrefix(t, "--show-notes=") || notesPlaceholder(t):
			return notesShown
		case t == "--no-notes" || t == "--no-standard-notes" || t == "--oneline" || t == "--pretty=oneline" || t == "--format=oneline" ||
			strings.HasPrefix(t, "--format=") && strings.Contains(t, "%") || strings.HasPrefix(t, "--pretty=format:") || strings.HasPrefix(t, "--pretty=tformat:"):
			show = notesHidden
		}
	}
	return show
}

// notesPlaceholder reports whether a pretty format s holds %N, the notes,
// also after the modifiers git takes between % and a placeholder (%+N,
// %-N, % N); %% is a percent sign.
func notesPlaceholder(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '%' {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte("+- ", s[j]) >= 0 {
			j++
		}
		if j < len(s) && s[j] == 'N' {
			return true
		}
	}
	return false
}

// gitHasNotes reports whether the git directory g may hold notes: a ref
// below refs/notes, loose or packed. packed-refs is sorted, so reading it
// stops at the first ref past refs/notes: the first 64 KiB decide in all
// but repositories with thousands of branches, which read up to 1 MiB;
// one larger than that may hold notes.
func gitHasNotes(fs FS, g string) bool {
	if ents, _ := fs.List(g + "/refs/notes"); len(ents) > 0 {
		return true
	}
	for _, max := range [...]int{64 << 10, 1 << 20} {
		b, err := fs.ReadFile(g+"/packed-refs", max)
		if err != nil {
			return false
		}
		if has, decided := packedNotes(b); decided || len(b) < max {
			return has
		}
	}
	return true
}

// gitNotesRefs reports whether the git directory g may hold notes
// (gitHasNotes), in it or, for a linked worktree, in its common
// directory, which keeps every worktree's refs/notes.
func (e *evaluator) gitNotesRefs(g string) bool {
	return slices.ContainsFunc(e.gitDirs(g), func(d string) bool { return gitHasNotes(e.env.FS, d) })
}

// packedNotes reads the start b of a packed-refs file: has is whether it
// lists a ref below refs/notes, decided whether b says so either way (a
// notes ref, or a ref sorted past them). A line b cuts short decides
// nothing wrongly: a prefix of a notes ref sorts before them.
func packedNotes(b []byte) (has, decided bool) {
	for line := range strings.Lines(string(b)) {
		_, ref, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok || line[0] == '#' || line[0] == '^' {
			continue
		}
		switch {
		case strings.HasPrefix(ref, "refs/notes/"):
			return true, true
		case ref > "refs/notes/":
			return false, true
		}
	}
	return false, false
}

// belowGitDir reports whether the absolute path p is a .git directory or
// below one, and the part of p below the last: "" for the directory
// itself. gitStateContent and gitDirWrite judge a path by it.
func belowGitDir(p string) (rest string, ok bool) {
	if strings.HasSuffix(p, "/.git") {
		return "", true
	}
	i := strings.LastIndex(p, "/.git/")
	if i < 0 {
		return "", false
	}
	return p[i+len("/.git/"):], true
}

// gitDirWrite says why a write of the unit u into a git directory may
// lose work, "" if it writes none: git keeps the history there (objects,
// packs, refs, reflogs, the stash, the index, shallow), which git's own
// commands change with their own checks and a file written over does
// without any (make --version > .git/objects/..., gcc -o
// .git/refs/tags/keep; round 35). A rule names it with effects: "loss".
func gitDirWrite(u *unit) string {
	for _, a := range u.paths {
		if !a.write || a.w.Dynamic {
			continue
		}
		for _, p := range []string{a.w.Text, a.target} {
			if _, ok := belowGitDir(p); ok {
				return "it writes " + p + ", in a git directory, where a file written over may lose history (objects, refs, reflogs, the index)"
			}
		}
	}
	return ""
}
