package runtime

import (
	"path"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/payload"
)

// tsconfigWrites are the compilerOptions of a tsconfig.json that name
// where tsc writes (design.md 388).
var tsconfigWrites = []string{"outDir", "outFile", "out", "declarationDir", "tsBuildInfoFile"}

// maxExtends bounds the chain of tsconfig files one extends.
const maxExtends = 4

// tsconfig reads the tsconfig.json p as tsc reads it for the command of
// u: the directories and files its compilerOptions write to are writes
// of u, relative to the file's directory; a file it extends is read in
// turn, and one outside the project, a source (files, include) or a
// referenced project outside it, or a form the guard does not read,
// make the command not known: it returns why, or "".
func (e *evaluator) tsconfig(u *unit, p string, depth int) string {
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	v, ok := payload.Value(stripJSONC([]byte(data)))
	cfg, isObj := v.(map[string]any)
	if !ok || !isObj {
		return "it takes settings from " + p + ", which the guard does not read"
	}
	dir := path.Dir(p)
	at := func(s string) string {
		s = strings.ReplaceAll(s, "${configDir}", dir)
		if !path.IsAbs(s) {
			s = path.Join(dir, s)
		}
		return s
	}
	if opts, ok := cfg["compilerOptions"].(map[string]any); ok {
		emits := tscEmits(u.cmd, opts)
		for key, val := range opts {
			if !containsFold(tsconfigWrites, key) || !emits(key) {
				continue
			}
			s, ok := val.(string)
			if !ok {
				return "its settings in " + p + " set " + key + " to a value the guard does not read"
			}
			u.paths = append(u.paths, e.access(Word{Text: at(s)}, Word{}, false, true))
		}
	}
	for _, key := range []string{"files", "include", "references"} {
		for _, s := range tsconfigStrings(cfg[key], "path") {
			if !e.inRoot(path.Clean(at(s))) {
				return "its settings in " + p + " name " + s + " in " + key + ", outside the project"
			}
		}
	}
	for _, s := range tsconfigStrings(cfg["extends"], "") {
		if depth >= maxExtends {
			return p + " extends files deeper than the guard reads"
		}
		base := e.tsconfigExtends(s, dir)
		if base == "" {
			return p + " extends " + s + ", which the guard does not find in the project"
		}
		u.paths = append(u.paths, e.access(Word{Text: base}, Word{}, true, false))
		if why := e.tsconfig(u, base, depth+1); why != "" {
			return why
		}
	}
	return ""
}

// tscEmits returns whether the tsc command c, with the compilerOptions
// opts of a tsconfig.json, writes where the option key says: not with
// --version or --help, which read no settings, and with noEmit (on the
// line, not followed by a false, or in opts) only the build information
// of an incremental build (quiet38: tsc --noEmit counted the outDir as
// a write).
func tscEmits(c *SimpleCommand, opts map[string]any) func(key string) bool {
	given := func(names ...string) bool {
		return c != nil && slices.ContainsFunc(c.Flags, func(w Word) bool { return slices.Contains(names, w.Text) })
	}
	if given("--version", "-v", "--help", "-h") && !maybeBoolValue(c) {
		return func(string) bool { return false }
	}
	noEmit := given("--noemit") && !maybeBoolValue(c)
	for key, val := range opts {
		noEmit = noEmit || strings.EqualFold(key, "noEmit") && val == true
	}
	return func(key string) bool { return !noEmit || strings.EqualFold(key, "tsBuildInfoFile") }
}

// tsconfigExtends returns the file an extends value s of a tsconfig.json
// in dir names, in the project, or "": a relative path (with .json added
// where it has none), or a package in a node_modules directory from dir
// up to the project root. An absolute path or one outside the project is
// not followed.
func (e *evaluator) tsconfigExtends(s, dir string) string {
	var cands []string
	switch {
	case strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../"):
		cands = []string{path.Join(dir, s), path.Join(dir, s) + ".json"}
	case path.IsAbs(s) || s == "" || strings.ContainsAny(s, `\:`):
		return ""
	default:
		for _, d := range e.upToRoot(dir) {
			m := path.Join(d, "node_modules", s)
			cands = append(cands, m, m+".json", path.Join(m, "tsconfig.json"))
		}
	}
	for _, c := range cands {
		if _, err := e.env.FS.ReadFile(c, 1); err == nil && e.inRoot(path.Clean(c)) {
			return c
		}
	}
	return ""
}

// tsconfigStrings returns the strings of a tsconfig value: a string, or
// an array of strings or of objects holding one under key (references'
// path).
func tsconfigStrings(v any, key string) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, el := range x {
			switch y := el.(type) {
			case string:
				out = append(out, y)
			case map[string]any:
				if s, ok := y[key].(string); ok && key != "" {
					out = append(out, s)
				}
			}
		}
		return out
	}
	return nil
}

// containsFold reports whether list holds s, in any case.
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// stripJSONC returns data without the comments (// and /* */) and the
// trailing commas tsc accepts in a tsconfig.json; strings are kept as
// they are. An unterminated comment or string is left for the JSON
// decoder to reject.
func stripJSONC(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j+1, len(data))
			out = append(out, data[i:end]...)
			i = end - 1
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := strings.Index(string(data[i+2:]), "*/")
			if end < 0 {
				return append(out, data[i:]...)
			}
			out = append(out, ' ')
			i += end + 3
		case c == ']' || c == '}':
			// a trailing comma before it
			k := len(out) - 1
			for k >= 0 && isJSONSpace(out[k]) {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out = append(out[:k], out[k+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
