package runtime

import (
	"path"
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
	block := ""
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		verb := block
		switch {
		case f[0] == ")":
			block = ""
			continue
		case block == "" && len(f) == 2 && f[1] == "(":
			block = f[0]
			continue
		case block == "":
			verb, f = f[0], f[1:]
		}
		dir := ""
		switch verb {
		case "use":
			if len(f) > 0 {
				dir = f[0]
			}
		case "replace":
			for i, w := range f {
				if w == "=>" && i+1 < len(f) {
					dir = f[i+1]
				}
			}
		}
		if u, err := strconv.Unquote(dir); err == nil {
			dir = u
		}
		if !strings.HasPrefix(dir, ".") && !strings.HasPrefix(dir, "/") {
			continue // a module path, fetched into the module cache
		}
		abs := dir
		if !path.IsAbs(abs) {
			abs = path.Join(path.Dir(p), dir)
		}
		if r := e.env.FS.Resolve(abs); r != "" {
			abs = r
		}
		abs = cleanPath(abs)
		if abs != root && !strings.HasPrefix(abs, root+"/") {
			return abs, nil
		}
		if m := abs + "/go.mod"; linked(e.env.FS, m) {
			linkedMods = append(linkedMods, m)
		}
	}
	return "", linkedMods
}
