package runtime

import (
	"bytes"
	"cmp"
	"path"
	"slices"
	"strings"
)

// This file models the version managers' shims (design.md 449). pyenv,
// rbenv, nodenv, goenv, jenv, asdf and mise put a directory named shims
// on PATH whose programs (python3, ruby, node, go, jq, ...) run the
// version that files in the working directory or any directory above it
// name: .python-version, .ruby-version, .tool-versions, mise.toml and the
// like. A version is a directory of the manager's own installs, but
// asdf's and mise's "path:DIR" run a program below any directory, mise
// puts every tool's directory first on PATH for the program it runs, old
// rbenv follows ".." out of its versions, and "system" runs the program
// PATH finds after the shims (round 48). So a program PATH finds among
// shims is known only where every version file on the way up names plain
// versions and no directory of PATH after the shims is relative or in the
// project.

// versionFiles are the files of a directory that a version manager
// reads there, each of plain versions: a version per word, after the
// tool's name in .tool-versions.
var versionFiles = []string{
	".python-version", ".ruby-version", ".node-version", ".nvmrc", ".go-version", ".java-version",
	".perl-version", ".php-version", ".terraform-version", ".bun-version", ".deno-version", ".tool-versions",
	// mise's idiomatic files, where the user's settings enable them
	// (round 51): uv's list of versions, sdkman's key=value (which is
	// not plain: such a file is not known).
	".python-versions", ".sdkmanrc",
}

// miseName reports whether a file of that name in a directory or its
// .config is one of mise's settings: mise.toml, .mise.toml and each
// environment's or platform's (mise.staging.toml, .mise.linux.toml,
// mise.local.toml), .rtx.toml and the like; miseDirs are the
// directories of a directory whose every .toml file is one (and their
// conf.d's). A .miserc file chooses which of them mise reads (round 49).
func miseName(n string) bool {
	n = strings.TrimPrefix(n, ".")
	return strings.HasSuffix(n, ".toml") && (strings.HasPrefix(n, "mise.") || strings.HasPrefix(n, "rtx.")) ||
		strings.HasPrefix(n, "miserc")
}

var miseDirs = []string{".config/mise", "mise", ".mise"}

// maxVersionFile bounds the bytes of a version file the guard reads: one
// longer is not known to name plain versions.
const maxVersionFile = 64 << 10

// shimWhy says why the program p, which PATH finds outside the project,
// may run the project's code: the file is a link into the project (npm
// link's global programs; round 51), or a version manager's shim and a
// version file from the command's directory dir up names other than
// plain versions; "" if neither. A shim is a file of a directory named
// shims, or one outside the system's directories that may be one under
// another name (shimLike).
func (e *evaluator) shimWhy(p string, dir Word) string {
	if e.env.FS == nil {
		return ""
	}
	at, file := e.pathIndex(p)
	if at < 0 {
		return ""
	}
	if e.inProject(file) {
		// A link into the project (npm link's, a home bin's): the
		// program is the project's file.
		return "PATH finds " + p + " as " + file + ", a link to the project's files: what runs is the project's"
	}
	if !systemDir(file) {
		if hardLinked(e.env.FS, file) && !namesBeside(e.env.FS, file) {
			// A hard link of the project's file (round 51): its other
			// names are nowhere the hook can see without a search.
			return "PATH finds " + p + " as " + file + ", a file with other names (hard links) outside its directory, which may be the project's files"
		}
		if why := e.loaderWhy(file); why != "" {
			return "PATH finds " + p + " as " + file + ", " + why
		}
	}
	if i := e.projectInterpreter(file); i != "" {
		return "PATH finds " + p + " as " + file + ", a script whose interpreter " + i + " is the project's file"
	}
	if !e.pathShimDir[at] && !e.shimLike(e.pathList[at], file) {
		return ""
	}
	shim := "PATH finds " + p + " as a version manager's shim (" + file + ")"
	if v := e.linkedInstall(); v != "" {
		return shim + ", and the installed version " + v + " is a link to the project's files, which a plain version file may name"
	}
	start, ok := e.absolute(".", dir)
	if !ok {
		return shim + ", whose version files are in a directory only known when the command runs"
	}
	for d := cleanPath(start); ; d = path.Dir(d) {
		if f := e.versionFileAt(d); f != "" {
			return shim + ", and " + f + " names a version other than a plain one (path:, a path, a backend or a setting), which may run any program"
		}
		if d == "/" {
			return ""
		}
	}
}

// versionFileAt returns the first version file in the directory d that
// names other than plain versions, or "" if none does: the files of d,
// of d/.config, and every .toml file below d's mise directories.
func (e *evaluator) versionFileAt(d string) string {
	ents, _ := e.env.FS.List(d)
	for _, ent := range ents {
		f := joinPath(d, ent.Name)
		switch {
		case slices.Contains(versionFiles, ent.Name):
			if !e.versionFileOK(d, ent.Name, plainVersions, ent.Name == ".tool-versions") {
				return f
			}
		case ent.Name == "package.json":
			// devEngines and volta name a runtime's version, which mise
			// reads as an idiomatic file (path:./fk; round 51).
			if !e.versionFileOK(d, ent.Name, noVersionPath, false) {
				return f
			}
		case miseName(ent.Name):
			if strings.Contains(ent.Name, "miserc") || !e.versionFileOK(d, ent.Name, miseTools, false) {
				return f
			}
		case ent.Name == ".config":
			cfg, _ := e.env.FS.List(f)
			for _, c := range cfg {
				if miseName(c.Name) && (strings.Contains(c.Name, "miserc") || !e.versionFileOK(f, c.Name, miseTools, false)) {
					return joinPath(f, c.Name)
				}
			}
		}
	}
	for _, m := range miseDirs {
		if f := e.miseTree(joinPath(d, m), 2); f != "" {
			return f
		}
	}
	return ""
}

// miseTree returns the first .toml file below the directory dir, depth
// levels down at most, that sets other than plain versions, or "".
func (e *evaluator) miseTree(dir string, depth int) string {
	ents, ok := e.env.FS.List(dir)
	if !ok {
		return ""
	}
	for _, ent := range ents {
		switch {
		case ent.Dir && depth > 0:
			if f := e.miseTree(joinPath(dir, ent.Name), depth-1); f != "" {
				return f
			}
		case strings.HasSuffix(ent.Name, ".toml") || strings.Contains(ent.Name, "miserc"):
			if !e.versionFileOK(dir, ent.Name, miseTools, false) {
				return joinPath(dir, ent.Name)
			}
		}
	}
	return ""
}

// versionFileOK reports whether the file name of the directory d names
// plain versions as judge reads it; named says each line starts with a
// tool's name (.tool-versions). A link is not known: its target may
// depend on who reads it (/proc/self/cwd/x: the shim runs elsewhere;
// round 49).
func (e *evaluator) versionFileOK(d, name string, judge func([]byte, bool) bool, named bool) bool {
	f := joinPath(d, name)
	if t := e.env.FS.Resolve(f); t != "" && t != joinPath(cmp.Or(e.env.FS.Resolve(d), d), name) {
		return false
	}
	b, err := e.env.FS.ReadFile(f, maxVersionFile+1)
	return err == nil && len(b) <= maxVersionFile && judge(b, named)
}

// plainVersions reports whether the text b of a version file names only
// plain versions: each word outside comments one (plainVersion), after a
// plain tool name where named.
func plainVersions(b []byte, named bool) bool {
	for line := range bytes.Lines(b) {
		line, _, _ = bytes.Cut(line, []byte("#"))
		for i, w := range bytes.Fields(line) {
			if !plainVersion(string(w)) || named && i == 0 && strings.ContainsAny(string(w), ".+") {
				return false
			}
		}
	}
	return true
}

// plainVersion reports whether v names a version among a manager's own
// installs: letters, digits, dots, dashes, underscores and +, starting
// with a letter or digit, with no "..": not a path, not path: or ref:, no
// backend (npm:x, cargo:x). "system" is one: the program PATH finds after
// the shims, which shimWhy judges.
func plainVersion(v string) bool {
	return v != "" && (v[0] >= '0' && v[0] <= '9' || (v[0]|0x20) >= 'a' && (v[0]|0x20) <= 'z') && plainValue(v, "._-+")
}

// shimVersion reports whether v, a version a variable names
// (RBENV_VERSION), is plain: versions separated by blanks or colons.
func shimVersion(_ *evaluator, v string) bool {
	return plainVersions([]byte(strings.ReplaceAll(v, ":", " ")), false)
}

// noVersionPath reports whether the text b of a package.json names no
// version by a path or a reference (path:, ref:, sub-: mise's forms),
// whatever key it is under.
func noVersionPath(b []byte, _ bool) bool {
	return !bytes.Contains(b, []byte("path:")) && !bytes.Contains(b, []byte("ref:")) && !bytes.Contains(b, []byte("sub-"))
}

// miseTools reports whether the text b of a mise settings file only sets
// plain versions: comments, blank lines, the [tools] table, and lines
// TOOL = "VERSION" or TOOL = ["VERSION", ...] in it, the tool a plain
// name (no backend) and each version plain. Any other table or value
// (env, tasks, hooks, settings, an inline table of options) is not
// judged: it is not a plain version.
func miseTools(b []byte, _ bool) bool {
	tools := false
	for line := range bytes.Lines(b) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if string(line) == "[tools]" {
			tools = true
			continue
		}
		// A key before [tools] is one of the file's own settings:
		// env_path = ["fk"] puts the project's fk first on the PATH of
		// every program mise runs (TestShimOracle).
		key, value, ok := bytes.Cut(line, []byte("="))
		if !ok || !tools || !plainVersion(string(bytes.TrimSpace(key))) || strings.Contains(string(key), ".") {
			return false
		}
		value = bytes.TrimSpace(value)
		if v, ok := bytes.CutPrefix(value, []byte("[")); ok {
			if value, ok = bytes.CutSuffix(v, []byte("]")); !ok {
				return false
			}
		}
		for v := range bytes.SplitSeq(value, []byte(",")) {
			v = bytes.TrimSpace(v)
			if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || !plainVersion(string(v[1:len(v)-1])) {
				return false
			}
		}
	}
	return true
}

// shimLike reports whether the file f, which PATH finds in its directory
// d, may be a version manager's shim by another name or spelling: d is
// not one of the system's, which only root writes (systemDir), and f is
// a link to a file of a shims directory or to mise's program under any
// name (mise-v2026.9.15-linux-x64 too), which runs as the shim of the name
// it is called by (/usr/local/bin/python3 -> mise, ~/.local/bin/go ->
// mise); a file with other names (a hard link to mise); or a script that
// names a manager (a copied shim, a wrapper running rbenv exec; rounds 49
// and 50). A copy of mise's binary under another name is not found
// (design.md 452).
func (e *evaluator) shimLike(d, f string) bool {
	if abs, ok := e.kernelPath(d); ok && systemDir(abs) {
		return false
	}
	if t := e.env.FS.Resolve(f); t != "" {
		if shimDir(path.Dir(t)) {
			return true
		}
		f = t
	}
	if b := path.Base(f); strings.HasPrefix(b, "mise") || strings.HasPrefix(b, "rtx") || hardLinked(e.env.FS, f) {
		return true
	}
	head := e.head(f)
	return strings.HasPrefix(head, "#!") && slices.ContainsFunc(managerNames, func(m string) bool { return strings.Contains(head, m) })
}

// linkedInstall returns an installed version of a version manager that
// is a link into the project, or "": pyenv's, rbenv's, nodenv's, goenv's
// and jenv's versions/NAME, mise's and asdf's installs/TOOL/NAME (mise
// link python@dev DIR, a virtual environment linked into pyenv's versions),
// which a plain version (dev, proj) in the project's version file then
// runs (round 51).
func (e *evaluator) linkedInstall() string {
	var dirs []string
	for _, m := range [...][2]string{{"PYENV_ROOT", ".pyenv"}, {"RBENV_ROOT", ".rbenv"}, {"NODENV_ROOT", ".nodenv"}, {"GOENV_ROOT", ".goenv"}, {"JENV_ROOT", ".jenv"}} {
		dirs = append(dirs, joinPath(cmp.Or(e.env.get(m[0]), joinPath(e.home, m[1])), "versions"))
	}
	for _, m := range [...][2]string{{"MISE_DATA_DIR", ".local/share/mise"}, {"ASDF_DATA_DIR", ".asdf"}} {
		tools := joinPath(cmp.Or(e.env.get(m[0]), joinPath(e.home, m[1])), "installs")
		ents, _ := e.env.FS.List(tools)
		for _, t := range ents {
			dirs = append(dirs, joinPath(tools, t.Name))
		}
	}
	for _, d := range dirs {
		ents, _ := e.env.FS.List(d)
		for _, v := range ents {
			if f := joinPath(d, v.Name); v.Link && e.inProject(f) {
				return f
			}
		}
	}
	return ""
}

// projectInterpreter returns the interpreter the #! line of the script f
// names where it is the project's file (a console script pip wrote from
// the project's virtual environment: #!/p/.venv/bin/python3; round 51),
// or "". The system's directories hold none such.
func (e *evaluator) projectInterpreter(f string) string {
	if systemDir(f) {
		return ""
	}
	first, _, _ := strings.Cut(e.head(f), "\n")
	rest, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return ""
	}
	for _, w := range strings.Fields(rest) {
		// Any word: #!/usr/bin/env -S /p/.venv/bin/python3 -u too.
		if strings.HasPrefix(w, "/") && e.inProject(w) {
			return w
		}
	}
	return ""
}

// managerNames are the names a script that runs a version manager's
// program holds.
var managerNames = []string{"pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "phpenv", "asdf", "mise", "rtx", "volta", "fnm", "nvm", "sdkman"}

// shimDir reports whether the PATH directory d holds a version manager's
// shims by its name: pyenv, rbenv, nodenv, goenv, jenv, asdf and mise all
// name it shims (shims/. too).
func shimDir(d string) bool {
	if strings.Contains(d, "/.") {
		d = path.Clean(d) // shims/., shims/x/..
	}
	return path.Base(d) == "shims"
}

// pathIndex returns the index among PATH's directories of the one where
// the shell finds the program p, and the file it finds; -1 and "" if it
// finds none.
func (e *evaluator) pathIndex(p string) (int, string) {
	if e.env.FS == nil {
		return -1, ""
	}
	for _, h := range e.pathFound {
		if h.name == p {
			return h.at, h.file
		}
	}
	dirs, _ := e.pathDirs()
	relative := false // a working directory's, which a cd moves: not kept
	at, file := -1, ""
	for i, d := range dirs {
		if !strings.HasPrefix(d, "/") {
			relative = true
			if e.lost {
				continue
			}
			d = e.cwd + "/" + d
		}
		if f := cleanPath(d + "/" + p); e.env.FS.Exists(f) {
			at, file = i, f
			break
		}
	}
	if !relative {
		e.pathFound = append(e.pathFound, pathHit{p, at, file})
	}
	return at, file
}

// A pathHit is where PATH finds a program: its directory's index and the
// file, -1 and "" for none.
type pathHit struct {
	name string
	at   int
	file string
}

// A fileHead is the start of a file the hook read, or "" if it could not.
type fileHead struct{ file, head string }

// headSize is how much of a program's file head reads: a #! line, and
// a script's first lines where a manager's name may stand.
const headSize = 4096

// head returns the first headSize bytes of the file f, read once for
// the call: shimLike, projectInterpreter and interpreter each read a
// program's start ("" where it cannot be read).
func (e *evaluator) head(f string) string {
	for _, h := range e.heads {
		if h.file == f {
			return h.head
		}
	}
	b, err := e.env.FS.ReadFile(f, headSize)
	if err != nil {
		b = nil
	}
	e.heads = append(e.heads, fileHead{f, string(b)})
	return string(b)
}
