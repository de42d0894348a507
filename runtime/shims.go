package runtime

import (
	"bytes"
	"path"
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

// versionFiles are the files below a directory that a version manager
// reads there, each of plain versions: a version per word, after the
// tool's name in .tool-versions.
var versionFiles = []string{
	".python-version", ".ruby-version", ".node-version", ".nvmrc", ".go-version", ".java-version",
	".perl-version", ".php-version", ".terraform-version", ".bun-version", ".deno-version", ".tool-versions",
}

// miseFiles are mise's settings files below a directory, whose [tools]
// table names the versions; miseDirs are its directories of more of them
// (conf.d/*.toml).
var (
	miseFiles = []string{
		"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml",
		"mise/config.toml", "mise/config.local.toml", ".mise/config.toml", ".mise/config.local.toml",
		".config/mise.toml", ".config/mise/config.toml", ".config/mise/config.local.toml",
		".rtx.toml", ".rtx.local.toml",
	}
	miseDirs = []string{".config/mise/conf.d", "mise/conf.d", ".mise/conf.d"}
)

// maxVersionFile bounds the bytes of a version file the guard reads: one
// longer is not known to name plain versions.
const maxVersionFile = 64 << 10

// shimWhy says why the program p, which PATH finds among a version
// manager's shims, may run other than an installed version of it, for a
// command in the directory dir; "" if PATH does not find it there, or
// every version file from the directory up names plain versions and no
// directory of PATH after the shims is one of the project's.
func (e *evaluator) shimWhy(p string, dir Word) string {
	dirs, risky := e.pathDirs()
	if e.env.FS == nil || !e.pathShims {
		return ""
	}
	if !e.inShims(p) {
		return "" // one look in each shims directory, not PATH's every one
	}
	at, _ := e.pathIndex(p)
	if at < 0 || !shimDir(dirs[at]) {
		return ""
	}
	shim := "PATH finds " + p + " among a version manager's shims (" + dirs[at] + ")"
	if risky > at+1 {
		return shim + ", and a directory of PATH after them is relative or in the project, where the version system runs the program"
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
// names other than plain versions, or "" if none does.
func (e *evaluator) versionFileAt(d string) string {
	for _, n := range versionFiles {
		if f := joinPath(d, n); !e.versionFileOK(f, plainVersions, n == ".tool-versions") {
			return f
		}
	}
	for _, n := range miseFiles {
		if f := joinPath(d, n); !e.versionFileOK(f, miseTools, false) {
			return f
		}
	}
	for _, n := range miseDirs {
		ents, ok := e.env.FS.List(joinPath(d, n))
		if !ok {
			continue
		}
		for _, ent := range ents {
			if f := joinPath(joinPath(d, n), ent.Name); strings.HasSuffix(ent.Name, ".toml") && !e.versionFileOK(f, miseTools, false) {
				return f
			}
		}
	}
	return ""
}

// versionFileOK reports whether the file f is missing or names plain
// versions as judge reads it; named says each line starts with a tool's
// name (.tool-versions).
func (e *evaluator) versionFileOK(f string, judge func([]byte, bool) bool, named bool) bool {
	if !e.env.FS.Exists(f) {
		return true
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

// miseTools reports whether the text b of a mise settings file only sets
// plain versions: comments, blank lines, the [tools] table, and lines
// TOOL = "VERSION" or TOOL = ["VERSION", ...] in it, the tool a plain
// name (no backend) and each version plain. Any other table or value
// (env, tasks, hooks, settings, an inline table of options) is not
// judged: it is not a plain version.
func miseTools(b []byte, _ bool) bool {
	for line := range bytes.Lines(b) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' || string(line) == "[tools]" {
			continue
		}
		key, value, ok := bytes.Cut(line, []byte("="))
		if !ok || !plainVersion(string(bytes.TrimSpace(key))) || strings.Contains(string(key), ".") {
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

// inShims reports whether a shims directory of PATH holds the program p.
func (e *evaluator) inShims(p string) bool {
	for _, d := range e.pathList {
		if shimDir(d) && strings.HasPrefix(d, "/") && e.env.FS.Exists(joinPath(d, p)) {
			return true
		}
	}
	return false
}

// shimDir reports whether the PATH directory d holds a version manager's
// shims: pyenv, rbenv, nodenv, goenv, jenv, asdf and mise all name it
// shims.
func shimDir(d string) bool { return path.Base(d) == "shims" }

// pathIndex returns the index among PATH's directories of the one where
// the shell finds the program p, and the file it finds; -1 and "" if it
// finds none.
func (e *evaluator) pathIndex(p string) (int, string) {
	if e.env.FS == nil {
		return -1, ""
	}
	dirs, _ := e.pathDirs()
	for i, d := range dirs {
		if !strings.HasPrefix(d, "/") {
			if e.lost {
				continue
			}
			d = e.cwd + "/" + d
		}
		if f := cleanPath(d + "/" + p); e.env.FS.Exists(f) {
			return i, f
		}
	}
	return -1, ""
}
