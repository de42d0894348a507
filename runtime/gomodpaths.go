package runtime

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// maxGoModFile is the most of a go.mod or go.work file the guard reads;
// a longer one is taken as naming a directory outside the project.
const maxGoModFile = 1 << 16

// goModuleDirs reports a directory outside the project that the go.work
// or go.mod file at p names as a module go reads (use ../x, replace m =>
// /y), or "" if it names none (design.md 341). go reads each such
// module's go.mod and sources, which no operand shows; a link out of the
// project counts as outside. An unreadable or too long file counts too.
// The go.mod files of the modules it names in the project that are
// links are returned in linkedMods: go reads their targets.
func (e *evaluator) goModuleDirs(p string) (outside string, linkedMods []string) {
	data, err := e.env.FS.ReadFile(p, maxGoModFile+1)
	if err != nil {
		if e.env.FS.Exists(p) {
			return p, nil
		}
		return "", nil
	}
	if len(data) > maxGoModFile {
		return p, nil
	}
	root := strings.TrimSuffix(e.root, "/")
	dirs, ok := goModDirs(string(data))
	if !ok {
		return p, nil
	}
	for _, dir := range dirs {
		if out, mod := e.goModuleDir(p, dir, root); out != "" {
			return out, nil
		} else if mod != "" {
			linkedMods = append(linkedMods, mod)
		}
	}
	return "", linkedMods
}

// goModDirs returns the directories a go.work or go.mod file names as
// modules go reads, as spelled: every use, and every replacement that
// is a directory. ok is false for a file it cannot read as go does; a
// file go rejects may give directories go never reads (TestGoModOracle
// holds it to go's own parse).
func goModDirs(data string) (dirs []string, ok bool) {
	lines, ok := goModLines(data)
	if !ok {
		return nil, false
	}
	block := ""
	for _, f := range lines {
		verb := block
		switch {
		case f[0] == ")" && len(f) == 1:
			block = ""
			continue
		case block == "" && len(f) == 2 && f[1] == "(":
			block = f[0]
			continue
		case slices.Contains(f, "(") || slices.Contains(f, ")"):
			return nil, false // not as go writes it: not known
		case block == "":
			verb, f = f[0], f[1:]
		}
		switch verb {
		case "use":
			// go.work's use names a directory, however spelled
			// (use dep, use "dep"; round 31).
			dirs = append(dirs, f...)
		case "replace":
			if i := slices.Index(f, "=>"); i >= 0 && i+1 < len(f) && goDirPath(f[i+1]) {
				dirs = append(dirs, f[i+1])
			}
		}
	}
	return dirs, true
}

// goModuleDir judges the directory dir a go.work or go.mod file at p
// names: where it leads outside the project root, that place; else the
// path of its go.mod where that is a link or has other names.
func (e *evaluator) goModuleDir(p, dir, root string) (outside, linkedMod string) {
	abs := dir
	if !path.IsAbs(abs) {
		abs = path.Join(path.Dir(p), dir)
	}
	if r := e.env.FS.Resolve(abs); r != "" {
		abs = r
	}
	abs = cleanPath(abs)
	if abs != root && !strings.HasPrefix(abs, root+"/") {
		return abs, ""
	}
	// A go.mod with other names (a hard link) may be any file too
	// (round 33).
	if m := abs + "/go.mod"; linked(e.env.FS, m) || hardLinked(e.env.FS, m) {
		return "", m
	}
	return "", ""
}

// goDirPath reports whether a replacement in a go.mod or go.work file is
// a directory, not a module path (modfile.IsDirectoryPath, with
// Windows's spellings).
func goDirPath(s string) bool {
	return strings.HasPrefix(s, ".") || strings.HasPrefix(s, "/") || strings.Contains(s, `\`)
}

// goModLines splits a go.mod or go.work file into its lines of tokens as
// golang.org/x/mod/modfile's lexer does: (, ), [, ], {, } and , are
// tokens of their own (use( opens a block), // starts a comment only
// outside a quoted string, and a quoted string is one token, unquoted
// (round 31). ok is false for a file the lexer would read otherwise than
// this: a quoted string that does not end or unquote, or a character
// outside printable ASCII in a word (modfile takes Unicode spaces as
// blanks).
func goModLines(data string) (lines [][]string, ok bool) {
	var cur []string
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\n':
			if len(cur) > 0 {
				lines, cur = append(lines, cur), nil
			}
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(data[i:], "//"):
			if j := strings.IndexByte(data[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(data)
			}
		case strings.IndexByte("()[]{},", c) >= 0:
			cur = append(cur, data[i:i+1])
			i++
		case c == '"' || c == '`':
			j := i + 1
			for j < len(data) && data[j] != c && data[j] != '\n' {
				if c == '"' && data[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(data) || data[j] != c {
				return nil, false
			}
			u, err := strconv.Unquote(data[i : j+1])
			if err != nil {
				return nil, false
			}
			cur = append(cur, u)
			i = j + 1
		default:
			j := i
			for j < len(data) && strings.IndexByte(" \t\r\n()[]{},\"`", data[j]) < 0 && !strings.HasPrefix(data[j:], "//") {
				if data[j] < 0x20 || data[j] >= 0x7f {
					return nil, false
				}
				j++
			}
			cur = append(cur, data[i:j])
			i = j
		}
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	return lines, true
}
