package runtime

import (
	"bytes"
	"encoding/binary"
	"path"
	"slices"
	"strings"
)

// This file finds the files a git repository tracks, for git commands that
// print the contents of tracked files (git diff, git show, git log -p): such
// a command reads every tracked file, whatever its pathspecs say, since a
// commit, a blob id or a pathspec glob reaches any of them (design.md 155).
// The tracked files are those the index lists (gitformat-index, versions 2
// to 4), read with a small bounded reader and no git program.

// maxIndexBytes and maxTracked bound the index the hook reads; past them
// the tracked files are not known.
const (
	maxIndexBytes = 4 << 20
	maxTracked    = 5000
)

// gitPrintsFiles reports whether the git command c prints the contents of
// tracked files (design.md 155): grep, blame, cat-file, archive and the
// like always; log, reflog and stash list with an option that prints
// patches or lines; diff, stash show and whatchanged unless an option makes them print
// names or counts only (--stat, --name-only) and none prints lines; show
// the same, and only of HEAD and its ancestors, since show prints a blob
// (an id, a tag naming one) whole whatever its options.
func gitPrintsFiles(c *SimpleCommand) bool {
	switch c.Sub {
	case "log", "reflog":
		return gitAnyWord(c, gitPatchOpt)
	case "status":
		// -v prints the staged changes (git diff --cached), -vv the
		// work tree's too; in the long format only.
		return gitAnyWord(c, gitStatusVerbose) && (!gitAnyWord(c, gitStatusShort) || gitAnyWord(c, gitStatusLong))
	case "diff", "whatchanged", "diff-tree", "diff-index", "diff-files":
		return !gitNamesOnly(c)
	case "stash":
		// stash show prints a patch where stash.showPatch says so.
		switch {
		case len(c.Operands) < 2:
			return false // git stash: push
		case c.Operands[1].Uncertain():
			return true
		case c.Operands[1].Text == "list":
			return gitAnyWord(c, gitPatchOpt)
		case c.Operands[1].Text == "show":
			return !gitNamesOnly(c)
		}
		return false
	case "show":
		if !gitNamesOnly(c) {
			return true
		}
		for _, w := range c.Operands[1:] {
			if w.Uncertain() || !gitHeadRev(w.Text) {
				return true
			}
		}
		return false
	case "blame", "annotate", "grep", "cat-file", "archive", "format-patch", "difftool",
		"range-diff", "fast-export", "bundle", "send-email":
		return true
	}
	return false
}

// gitPrunesRefspec reports whether c is git fetch (or pull) with --prune
// (-p) and a refspec with a destination (SRC:DST), or with --prune-tags
// (-P): fetch then deletes every ref below DST that the source lacks,
// local branches and refs/stash with their reflogs (git fetch --prune .
// 'refs/x/*:refs/*'; policies3), or the local tags the remote lacks.
// Pruning the remote's own tracking refs (git fetch -p origin) loses no
// work.
func gitPrunesRefspec(c *SimpleCommand) bool {
	if c.Sub != "fetch" && c.Sub != "pull" {
		return false
	}
	prunes, tags := gitPruneFlags(c)
	return tags || prunes && slices.ContainsFunc(c.Operands, func(w Word) bool {
		return w.Uncertain() || strings.Contains(w.Text, ":") && !strings.Contains(w.Text, "::")
	})
}

// gitPruneFlags reports whether git fetch c prunes by its options
// (--prune, -p, an option the guard cannot read), and whether it prunes
// tags (--prune-tags, -P), which deletes the local tags the remote
// lacks: tags keep no reflog.
func gitPruneFlags(c *SimpleCommand) (prunes, tags bool) {
	for _, w := range c.Flags {
		b, bundle := gitBundle(w.Text)
		prunes = prunes || w.Uncertain() || w.Text == "-p" || bundle && strings.IndexByte(b, 'p') >= 0 ||
			w.Text == "--prune" || len(w.Text) > 4 && strings.HasPrefix("--prune", w.Text)
		tags = tags || w.Text == "-P" || bundle && strings.IndexByte(b, 'P') >= 0 ||
			len(w.Text) > 8 && strings.HasPrefix("--prune-tags", w.Text)
	}
	return prunes, tags
}

// gitBranchLoss says why git branch c loses work: -d with -r or -a
// deletes remote-tracking refs, with their reflogs and without the merge
// check -d makes of a local branch; where the remote deleted the branch,
// the tracking ref may hold the last copy of its commits (round 47,
// design.md 450). Bundles (-dr) and prefixes (--del, --rem) count, as
// does an uncertain word.
func gitBranchLoss(c *SimpleCommand) string {
	if c.Sub != "branch" {
		return ""
	}
	del, remote := false, false
	for _, w := range c.Flags {
		b, bundle := gitBundle(w.Text)
		del = del || w.Uncertain() || w.Text == "-d" || bundle && strings.IndexByte(b, 'd') >= 0 ||
			len(w.Text) > 2 && strings.HasPrefix("--delete", w.Text)
		remote = remote || w.Uncertain() || w.Text == "-r" || w.Text == "-a" || bundle && strings.ContainsAny(b, "ra") ||
			len(w.Text) > 2 && (strings.HasPrefix("--remotes", w.Text) || strings.HasPrefix("--all", w.Text))
	}
	if del && remote {
		return "git branch -d -r deletes remote-tracking refs, with their reflogs and without a merge check: where the remote deleted the branch, the last copy of its commits"
	}
	return ""
}

// gitNamesOnly reports whether c has an option that makes a diff print
// names or counts only, and none that prints lines.
func gitNamesOnly(c *SimpleCommand) bool {
	return gitAnyWord(c, gitNamesOpt) && !gitAnyWord(c, gitPatchOpt)
}

// gitAnyWord reports whether a word of c is uncertain or matches match.
func gitAnyWord(c *SimpleCommand, match func(string) bool) bool {
	for _, w := range c.Words {
		if w.Uncertain() || match(w.Text) {
			return true
		}
	}
	return false
}

// The option and revision matchers below are written out rather than
// compiled from regular expressions: a hook compiles on every call, and
// two patterns cost more than the rest of a git command's decision
// (TestGitMatchers checks each against its pattern; design.md 297).

// gitPatchOpt matches the options that print patches or file lines:
// ^(-p|-u|-W|-c|-m|--cc|--dd|--check|-[UL].*|--(patch|unified|word-diff|
// color-words|function-context|binary|remerge-diff|diff-merges|textconv|
// ext-diff|full-diff|submodule|output|pickaxe).*|-[puWcmUL].*|
// -[^-SGOIln\n][^SGOIln\n]*[puWcmUL].*)$
// The last two are short options bundled, which git's option parser
// reads one by one: -Rp is -R -p; S, G, O, I, l and n take the rest of
// the word as their value (design.md 382).
func gitPatchOpt(s string) bool {
	switch s {
	case "-p", "-u", "-W", "-c", "-m", "--cc", "--dd", "--check":
		return true
	}
	if strings.HasPrefix(s, "-U") || strings.HasPrefix(s, "-L") {
		return lineRest(s[2:])
	}
	for _, p := range gitPatchLong {
		if strings.HasPrefix(s, p) {
			return lineRest(s[len(p):])
		}
	}
	if b, ok := gitBundle(s); ok {
		for i := 0; i < len(b); i++ {
			switch b[i] {
			case 'p', 'u', 'W', 'c', 'm', 'U', 'L':
				return lineRest(b[i+1:])
			case 'S', 'G', 'O', 'I', 'l', 'n', '\n':
				return false // the rest is a value (or not one word)
			}
		}
	}
	return false
}

// gitBundle returns the letters of a word of short options, -Rp's Rp.
func gitBundle(s string) (string, bool) {
	if len(s) > 2 && s[0] == '-' && s[1] != '-' {
		return s[1:], true
	}
	return "", false
}

// gitStatusVerbose matches git status's -v, in a bundle too (-bv), and
// --verbose or a prefix of it, which git takes for it.
func gitStatusVerbose(s string) bool {
	if b, ok := gitBundle(s); ok || s == "-v" {
		return s == "-v" || strings.IndexByte(b, 'v') >= 0
	}
	return len(s) > 2 && strings.HasPrefix("--verbose", s)
}

// gitStatusShort matches the options of git status that choose a format
// without diffs: -s (-sb), --short, --porcelain[=v1|v2], and prefixes.
func gitStatusShort(s string) bool {
	if b, ok := gitBundle(s); ok || s == "-s" {
		return s == "-s" || strings.IndexByte(b, 's') >= 0 && !strings.ContainsAny(b, "u")
	}
	name, _, _ := strings.Cut(s, "=")
	return len(name) > 3 && (strings.HasPrefix("--short", name) || strings.HasPrefix("--porcelain", name))
}

// gitStatusLong matches --long and its prefixes: the long format again.
func gitStatusLong(s string) bool { return len(s) > 2 && strings.HasPrefix("--long", s) }

var gitPatchLong = [...]string{"--patch", "--unified", "--word-diff", "--color-words", "--function-context", "--binary",
	"--remerge-diff", "--diff-merges", "--textconv", "--ext-diff", "--full-diff", "--submodule", "--output", "--pickaxe"}

// gitNamesOpt matches the options that print names or counts instead:
// ^(-s|--no-patch|--raw|--numstat|--shortstat|--name-only|--name-status|
// --summary|--compact-summary|--stat.*|--dirstat.*)$
func gitNamesOpt(s string) bool {
	switch s {
	case "-s", "--no-patch", "--raw", "--numstat", "--shortstat", "--name-only", "--name-status", "--summary", "--compact-summary":
		return true
	}
	if rest, ok := strings.CutPrefix(s, "--stat"); ok {
		return lineRest(rest)
	}
	if rest, ok := strings.CutPrefix(s, "--dirstat"); ok {
		return lineRest(rest)
	}
	return false
}

// lineRest reports whether .* matches all of s: no newline.
func lineRest(s string) bool {
	return strings.IndexByte(s, '\n') < 0
}

// gitHeadRev matches HEAD and its ancestors, commits, never blobs:
// ^HEAD([~^][0-9]*)*$
func gitHeadRev(s string) bool {
	rest, ok := strings.CutPrefix(s, "HEAD")
	return ok && gitAncestry(rest)
}

// gitAncestry reports whether s is ([~^][0-9]*)*: ~ and ^ steps, each
// with an optional count.
func gitAncestry(s string) bool {
	if s != "" && s[0] != '~' && s[0] != '^' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '~' && c != '^' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// gitEnvVars are the variables that move the repository, its index or its
// objects where the hook does not look.
var gitEnvVars = []string{"GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=", "GIT_OBJECT_DIRECTORY=", "GIT_ALTERNATE_OBJECT_DIRECTORIES=", "GIT_COMMON_DIR=", "GIT_NAMESPACE=", "GIT_CEILING_DIRECTORIES="}

// gitReflogChanges are git reflog's subcommands that print no reflog.
var gitReflogChanges = []string{"expire", "delete", "exists"}

// gitPrintsReflog reports whether c prints the messages of reflogs, where
// git pull writes the URL it was given, a password too (round 38): git
// reflog but expire, delete and exists, and log, whatchanged and show
// walking reflogs (-g, in a bundle of short options too, or
// --walk-reflogs; an uncertain option may be one).
func gitPrintsReflog(c *SimpleCommand) bool {
	switch c.Sub {
	case "reflog":
		ops := c.Operands
		return len(ops) < 2 || !slices.Contains(gitReflogChanges, ops[1].Text)
	case "log", "whatchanged", "show":
		return slices.ContainsFunc(c.Flags, func(w Word) bool {
			return w.Uncertain() || w.Text == "--walk-reflogs" ||
				len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' && strings.IndexByte(w.Text, 'g') > 0 && !strings.ContainsAny(w.Text, "=")
		})
	}
	return false
}

// addTracked adds to u, for a git command that prints tracked files, every
// file the repository around dir tracks, as a read. Where the hook cannot
// know them (no file system, a working directory it cannot place, an
// index it cannot read or does not understand, the repository moved by a
// variable) it adds a dynamic read, which no rule allows (design.md 155).
// A command that prints from the history reads it too (design.md 246).
func (e *evaluator) addTracked(u *unit, c *SimpleCommand, dir Word) {
	prints, history := gitPrintsFiles(c), e.gitHistory(c, dir)
	notes := !history && slices.Contains([]string{"log", "whatchanged", "show"}, c.Sub) && gitNotes(c) == notesDefault
	reflogs := gitPrintsReflog(c)
	if !prints && !history && !notes && !reflogs {
		return
	}
	unknown := func(why string) {
		u.paths = append(u.paths, access{read: true, w: Word{Text: "(files " + why + ")", Dynamic: true}})
	}
	for _, a := range c.Assigns {
		for _, v := range gitEnvVars {
			if a.Uncertain() || strings.HasPrefix(a.Text, v) {
				unknown("of a repository a variable moves")
				return
			}
		}
	}
	if e.env.FS == nil {
		unknown("the repository tracks")
		return
	}
	start, ok := e.absolute(".", dir)
	if !ok {
		unknown("the repository tracks")
		return
	}
	root, index, found := e.gitRepo(cleanPath(start))
	if !found {
		// Not in a repository: git diff compares the files it names,
		// and the others fail.
		return
	}
	e.addRevPaths(u, c, root, cleanPath(start))
	if reflogs && index != "" {
		// The messages of the reflogs it prints (round 38).
		for _, g := range e.gitDirs(path.Dir(index)) {
			e.addPath(u, Word{Text: g + "/logs", Tree: true}, Word{}, true, false, treeRead{names: namesAll})
		}
	}
	if notes && index != "" && e.gitNotesRefs(path.Dir(index)) {
		history = true // the notes it shows (round 35)
	}
	if history {
		e.addHistory(u, root)
	}
	if !prints {
		return
	}
	paths, gitlinks, ok := readIndex(e.env.FS, index)
	if !ok {
		unknown("the repository tracks")
		return
	}
	for _, p := range paths {
		u.paths = append(u.paths, e.access(Word{Text: joinPath(root, p)}, Word{}, true, false))
	}
	for _, p := range gitlinks {
		// A submodule: git diff --submodule=diff and git grep
		// --recurse-submodules print its files.
		e.addPath(u, Word{Text: joinPath(root, p), Tree: true}, Word{}, true, false, treeRead{names: namesAll})
	}
}

// addRevPaths adds to u, as a read, the path of every operand REV:PATH
// (HEAD~2:secrets.yaml, :config/db.yml, :0:x) and of every -L
// RANGE:PATH: git prints that file as the revision holds it, which the
// index may no longer list, so its name is judged as any file's name
// (design.md 241). PATH is relative to the work tree's root, or to the
// working directory if it starts with ./ or ../; pathspec magic
// (:(glob), :!x, :/x) names no such file. (A word with a colon that is
// no such operand adds a path that names nothing.)
func (e *evaluator) addRevPaths(u *unit, c *SimpleCommand, root, cwd string) {
	for _, w := range c.Words {
		text := w.Text
		if strings.HasPrefix(text, "-L") {
			text = text[2:]
		} else if strings.HasPrefix(text, "-") {
			continue
		}
		rev, path, ok := strings.Cut(text, ":")
		if !ok || w.Uncertain() || path == "" {
			continue
		}
		if rev == "" {
			if strings.ContainsAny(path[:1], "(!^/") {
				continue
			}
			// :N:PATH names PATH at stage N of the index.
			if n, p, ok := strings.Cut(path, ":"); ok && len(n) == 1 && n[0] >= '0' && n[0] <= '3' {
				path = p
			}
		}
		base := root
		if strings.HasPrefix(path, "./") || strings.HasPrefix(path, "../") {
			base = cwd
		}
		u.paths = append(u.paths, e.access(Word{Text: joinPath(base, path)}, Word{}, true, false))
	}
}

// gitRepo finds the repository whose work tree holds dir: the nearest
// directory at or above dir with a .git directory, or a .git file naming
// the git directory (a worktree, a submodule). It returns the work tree's
// root and the index file's path.
func (e *evaluator) gitRepo(dir string) (root, index string, found bool) {
	d := dir
	for range 256 {
		if g, ok := gitDir(e.env.FS, d); ok {
			if g == "" {
				return d, "", true
			}
			return d, g + "/index", true
		}
		if d == "/" {
			break
		}
		i := strings.LastIndexByte(d, '/')
		if i <= 0 {
			d = "/"
		} else {
			d = d[:i]
		}
	}
	return "", "", false
}

// gitDir returns the git directory of the work tree d: d/.git when it is
// a directory (or cannot be read), the directory a .git file names
// (gitdir: DIR, relative to d), or "" for a .git file that names none;
// found is false where d has no .git.
func gitDir(fsys FS, d string) (dir string, found bool) {
	g := joinPath(d, ".git")
	if !fsys.Exists(g) {
		return "", false
	}
	b, err := fsys.ReadFile(g, 4096)
	if err != nil {
		return g, true
	}
	s, ok := strings.CutPrefix(strings.TrimRight(string(b), "\r\n"), "gitdir: ")
	if !ok || s == "" || strings.ContainsAny(s, "\n\x00") {
		return "", true
	}
	if !strings.HasPrefix(s, "/") {
		s = joinPath(d, s)
	}
	// git opens the path as the kernel resolves it: gitdir: lk/../../sub
	// through a link lk is not the directory its text names (round 27).
	if slices.Contains(strings.Split(s, "/"), "..") {
		if t := fsys.Resolve(s); t != "" {
			return t, true
		}
	}
	return cleanPath(s), true
}

// readIndex returns the paths an index file lists, and apart from them
// its submodules (gitlinks). ok is false when the file is missing, larger
// than maxIndexBytes, lists more than maxTracked entries, or is not an
// index of a version it knows, with a SHA-1 or SHA-256 object format.
func readIndex(fsys FS, path string) (paths, gitlinks []string, ok bool) {
	if path == "" {
		return nil, nil, false
	}
	b, err := fsys.ReadFile(path, maxIndexBytes+1)
	if err != nil || len(b) > maxIndexBytes || len(b) < 12 || string(b[:4]) != "DIRC" {
		return nil, nil, false
	}
	version := binary.BigEndian.Uint32(b[4:8])
	n := binary.BigEndian.Uint32(b[8:12])
	if version < 2 || version > 4 || n > maxTracked {
		return nil, nil, false
	}
	// The object format is not written in the index: the one under which
	// the entries and the extensions after them end exactly at a checksum
	// of the rest is the index's.
	for _, hash := range []int{20, 32} {
		if p, g, ok := parseIndex(b, version, int(n), hash); ok {
			return p, g, true
		}
	}
	return nil, nil, false
}

func parseIndex(b []byte, version uint32, n, hash int) (paths, gitlinks []string, ok bool) {
	off := 12
	prev := ""
	fixed := 40 + hash + 2 // stat data, mode..size, object id, flags
	for range n {
		start := off
		if off+fixed > len(b) {
			return nil, nil, false
		}
		mode := binary.BigEndian.Uint32(b[off+24 : off+28])
		flags := binary.BigEndian.Uint16(b[off+40+hash : off+fixed])
		off += fixed
		if flags&0x4000 != 0 {
			if version < 3 || off+2 > len(b) {
				return nil, nil, false
			}
			off += 2
		}
		var name string
		if version == 4 {
			strip, k := binary.Uvarint(b[off:])
			if k <= 0 || strip > uint64(len(prev)) {
				return nil, nil, false
			}
			off += k
			end := indexByte(b, off)
			if end < 0 {
				return nil, nil, false
			}
			name = prev[:len(prev)-int(strip)] + string(b[off:end])
			off = end + 1
		} else {
			end := indexByte(b, off)
			if end < 0 {
				return nil, nil, false
			}
			name = string(b[off:end])
			// 1 to 8 NULs pad the entry to a multiple of 8 bytes.
			off = start + (end-start+8)&^7
			if off > len(b) {
				return nil, nil, false
			}
		}
		prev = name
		if name == "" || strings.HasPrefix(name, "/") {
			return nil, nil, false
		}
		switch mode >> 12 {
		case 0o10, 0o12: // a file, a symlink
			paths = append(paths, name)
		case 0o16: // a gitlink
			gitlinks = append(gitlinks, name)
		default: // a directory of a sparse index, or what git does not write
			return nil, nil, false
		}
	}
	// Extensions: a four-byte signature, a size, the data; then the
	// checksum.
	for len(b)-off > hash {
		if off+8 > len(b) {
			return nil, nil, false
		}
		size := int(binary.BigEndian.Uint32(b[off+4 : off+8]))
		if size < 0 || size > len(b)-off-8 {
			return nil, nil, false
		}
		off += 8 + size
	}
	if len(b)-off != hash || !checksum(b[:off], b[off:]) {
		return nil, nil, false
	}
	return paths, gitlinks, true
}

// checksum reports whether sum is the SHA-1 or SHA-256 of b, as its
// length says, or zeros (index.skipHash).
func checksum(b, sum []byte) bool {
	if !slices.ContainsFunc(sum, func(c byte) bool { return c != 0 }) {
		return true
	}
	if len(sum) == 20 {
		s := sha1Sum(b)
		return bytes.Equal(s[:], sum)
	}
	s := sha256Sum(b)
	return bytes.Equal(s[:], sum)
}

func indexByte(b []byte, from int) int {
	for i := from; i < len(b); i++ {
		if b[i] == 0 {
			return i
		}
	}
	return -1
}

// addGrepPatterns adds to u what git grep --no-index or --untracked reads
// for a pathspec that is a pattern: they search the files of the
// directory they run in, not the index (with --no-index the ignored ones
// too), and git matches a pathspec as a glob (*, ?, [...], \), or by its
// magic (:/ is the work tree's root, :!x and :(exclude) leave out, :(glob)
// and :(icase) match), where the model reads a word as a file's name
// (git grep --no-index KEY -- '*' printed .env: round 17, design.md
// 402). Such a pathspec reads the tree below the directory its literal
// part names, every name; magic reads the project's and the directory's.
func (e *evaluator) addGrepPatterns(u *unit, c *SimpleCommand, dir Word) {
	if c.Sub != "grep" || !slices.ContainsFunc(c.Flags, func(w Word) bool {
		return w.Uncertain() || w.Text == "--no-index" || w.Text == "--untracked"
	}) {
		return
	}
	ops := c.Operands[1:]
	if len(ops) > 0 && !slices.ContainsFunc(c.Flags, func(w Word) bool { return w.Text == "-e" || w.Text == "-f" }) {
		ops = ops[1:] // the pattern
	}
	tree := func(p string, dir Word) {
		e.addPath(u, Word{Text: p, Tree: true}, dir, true, false, treeRead{names: namesAll})
	}
	for _, w := range ops {
		switch {
		case w.Uncertain() || strings.HasPrefix(w.Text, ":"):
			tree(e.root, Word{})
			tree(".", dir)
		case strings.ContainsAny(w.Text, "*?[\\"):
			lit := w.Text[:strings.IndexAny(w.Text, "*?[\\")]
			if i := strings.LastIndexByte(lit, '/'); i >= 0 {
				tree(lit[:i+1], dir)
			} else {
				tree(".", dir)
			}
		}
	}
}
