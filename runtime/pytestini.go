package runtime

import (
	"path"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/shell"
)

// maxSettingsFile bounds a settings file the hook reads (pytest.ini,
// pyproject.toml): a larger one is not read, and the command is not known.
const maxSettingsFile = 256 << 10

// pytestSettings are pytest's configuration files, with the section that
// holds its settings in each (design.md 379). pytest takes the first of
// them it finds from the directory of its arguments upwards.
var pytestSettings = []struct{ file, section string }{
	{"pytest.ini", "pytest"},
	{".pytest.ini", "pytest"},
	{"pytest.toml", "pytest"}, // pytest 9
	{".pytest.toml", "pytest"},
	{"pyproject.toml", "tool.pytest.ini_options"},
	{"pyproject.toml", "tool.pytest"},
	{"tox.ini", "pytest"},
	{"setup.cfg", "tool:pytest"},
}

// pytestKeys are the settings that change what pytest runs or writes:
// addopts are command-line options, the others name directories or files
// (design.md 379).
var pytestKeys = []string{"addopts", "cache_dir", "log_file", "testpaths", "pythonpath", "norecursedirs"}

// settingsFile reads the settings the file p gives the program k
// (pytest's addopts, cache_dir, log_file, testpaths, pythonpath,
// norecursedirs): it returns why the command is not known, or "", adds
// the writes an option of addopts names to u, and the directory names
// norecursedirs skips to u.norecurse. Options are read as the command line's
// are: one that runs code or reads settings from elsewhere (-p, -c,
// --rootdir, -o) makes the command not known; one that writes adds a
// write; a directory or file spelled outside the project (absolute, ~,
// .., $VAR) makes it not known. A file it cannot read is not known.
func (e *evaluator) settingsFile(u *unit, k *Command, p string, dir Word) string {
	name := path.Base(p)
	var sections []string
	for _, s := range pytestSettings {
		if s.file == name {
			sections = append(sections, s.section)
		}
	}
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	vals, ok := settingValues(data, sections, strings.HasSuffix(name, ".toml"))
	if !ok {
		return "it takes settings from " + p + ", which the guard does not read"
	}
	cacheDir := ""
	clears := slices.ContainsFunc(u.cmd.Flags, func(w Word) bool { return cacheClear(w.Text) })
	for _, kv := range vals {
		if kv.key == "addopts" {
			if why := e.settingOpts(u, k, kv.value, dir); why != "" {
				return "its settings in " + p + " give it " + why
			}
			words, _ := splitShellWords(kv.value)
			clears = clears || slices.ContainsFunc(words, cacheClear)
			continue
		}
		if kv.key == "norecursedirs" {
			// pytest splits it as shlex does; one it cannot split
			// skips nothing (design.md 390).
			pats, _ := splitShellWords(kv.value)
			u.norecurse = append(u.norecurse, pats)
			continue
		}
		for _, v := range strings.Fields(kv.value) {
			if spelledOutside(v) {
				return "its settings in " + p + " set " + kv.key + " to " + v + ", outside the project"
			}
			if strings.ContainsAny(v, "*?[") {
				// testpaths' patterns (pytest 7) match what the guard
				// does not expand.
				return "its settings in " + p + " set " + kv.key + " to the pattern " + v
			}
			// Relative to the settings file's directory (rootdir),
			// or the directory pytest runs in: a link there may lead
			// out of the project (policies8).
			for _, d := range []Word{{Text: path.Dir(p)}, dir} {
				if t, out := e.linkedOutside(strings.Trim(v, `"'`), d, true); out {
					return "its settings in " + p + " set " + kv.key + " to " + v + ", which leads out of the project to " + t
				}
			}
			if kv.key == "cache_dir" {
				cacheDir = v
			}
		}
	}
	if clears && cacheDir != "" && u.cmd.Loss == "" {
		// --cache-clear removes cache_dir's tree, which the settings
		// may set to a directory of the project's work (policies8).
		u.cmd.Loss = "pytest --cache-clear deletes the tree of cache_dir, which " + p + " sets to " + cacheDir
	}
	return ""
}

// cacheClear reports whether the option s is pytest's --cache-clear, or
// an abbreviation argparse takes for it.
func cacheClear(s string) bool {
	return len(s) >= len("--cache-c") && strings.HasPrefix("--cache-clear", s)
}

// settingOpts reads the options of an addopts value as the program k
// reads its command line: why the command is not known, or "".
func (e *evaluator) settingOpts(u *unit, k *Command, value string, dir Word) string {
	words, ok := splitShellWords(value)
	if !ok {
		return "options the guard cannot split (" + value + ")"
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-") || w == "-" {
			if spelledOutside(w) {
				return "the operand " + w + ", outside the project"
			}
			continue
		}
		name, val, hasVal := strings.Cut(w, "=")
		if !strings.HasPrefix(w, "--") && len(w) > 2 {
			name, val, hasVal = w[:2], w[2:], true // -pX, -oX=Y
		}
		specs := k.LongMatches(nil, name)
		if len(specs) != 1 {
			if hasVal && spelledOutside(val) {
				return "the option " + w + ", whose value is outside the project"
			}
			if len(specs) > 1 {
				return "the option " + w + ", which stands for more than one"
			}
			if k.Strict {
				// A plugin's option may run a program (policies8).
				return "the option " + w + ", which the guard does not know"
			}
			continue
		}
		kind := specs[0].Kind
		if kind.TakesValue(false) && !hasVal && i+1 < len(words) {
			i++
			val, hasVal = words[i], true
		}
		switch kind {
		case OptWrite:
			if hasVal && expandedByProgram(Word{Text: val}) {
				return "the option " + w + ", whose ~ or $ it may expand"
			}
			if hasVal {
				u.paths = append(u.paths, e.access(Word{Text: val}, dir, false, true))
			}
		case OptFlag, OptOptional, OptValue:
		default:
			return "the option " + w + ", which runs or reads what the line does not show"
		}
	}
	return ""
}

// expandedByProgram reports whether w, the value of an option that names
// a file the program writes, holds what the program may expand itself: a
// ~ at its start or a $ the shell left as they are (~ after = in a word
// that is not an assignment, which the shell model spells ./~, and
// '$HOME' quoted). pytest's --junitxml=~/r.xml writes in the home
// (design.md 383).
func expandedByProgram(w Word) bool {
	return !w.Dynamic && (strings.HasPrefix(w.Text, "~") || strings.HasPrefix(w.Text, "./~") || strings.Contains(w.Text, "$"))
}

// spelledOutside reports whether a path value of a settings file names a
// place outside the project by its spelling alone, as shell.Outside reads
// a word of the line, and also with a variable pytest expands ($HOME) or
// a Windows spelling.
func spelledOutside(v string) bool {
	v = strings.Trim(v, `"'`)
	return shell.Outside(Word{Text: v}) || strings.ContainsAny(v, `$\`) || len(v) > 1 && v[1] == ':'
}

type keyValue struct{ key, value string }

// settingValues returns the values of pytestKeys in the sections of an
// INI file (configparser: key = value or key: value, indented lines
// continue a value, # and ; start comments) or of a TOML file (a string,
// or an array of strings, joined by spaces). ok is false where the file
// holds a form it does not read.
func settingValues(data string, sections []string, toml bool) ([]keyValue, bool) {
	if toml {
		return tomlSettingValues(data, sections)
	}
	var out []keyValue
	in := false
	lines := strings.Split(data, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t\r")
		trim := strings.TrimSpace(line)
		if trim == "" || trim[0] == '#' || trim[0] == ';' {
			continue
		}
		if trim[0] == '[' && line == trim {
			// A header may end in a comment: pytest's INI reader
			// (iniconfig) cuts a line at # and ; before it looks
			// for the ].
			head := trim
			if i := strings.IndexAny(head, "#;"); i >= 0 {
				head = strings.TrimSpace(head[:i])
			}
			name := strings.TrimSpace(strings.Trim(head, "[]"))
			in = strings.HasSuffix(head, "]") && slices.Contains(sections, name)
			continue
		}
		if !in || line != trim {
			continue // another section, or a value's continuation
		}
		sep := strings.IndexAny(trim, "=:")
		if sep < 0 {
			continue
		}
		key := strings.Trim(strings.TrimSpace(trim[:sep]), `"'`)
		value := strings.TrimSpace(trim[sep+1:])
		if !slices.Contains(pytestKeys, key) {
			continue
		}
		for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && strings.TrimLeft(lines[i+1], " \t") != lines[i+1] {
			i++
			value += " " + strings.TrimSpace(lines[i])
		}
		out = append(out, keyValue{key, value})
	}
	return out, true
}

// tomlSettingValues returns the values of pytestKeys in the tables
// sections of a TOML file, each key read with its table as one dotted
// key (pytest.addopts at the top, ini_options.addopts in [tool.pytest];
// indentation means nothing in TOML). A key that names one of the
// tables or a table above it (pytest = { addopts = ... }) is a form it
// does not read: ok is false (round 24, design.md 409).
func tomlSettingValues(data string, sections []string) ([]keyValue, bool) {
	var out []keyValue
	table := ""
	lines := strings.Split(data, "\n")
	for i := 0; i < len(lines); i++ {
		trim := strings.TrimSpace(lines[i])
		if trim == "" || trim[0] == '#' {
			continue
		}
		if trim[0] == '[' {
			head := strings.TrimSpace(stripTOMLComment(trim))
			if !strings.HasSuffix(head, "]") {
				return nil, false
			}
			table = tomlKey(strings.TrimSpace(strings.Trim(head, "[]")))
			continue
		}
		sep := strings.IndexByte(trim, '=')
		if sep < 0 {
			return nil, false
		}
		key := tomlKey(strings.TrimSpace(trim[:sep]))
		if table != "" {
			key = table + "." + key
		}
		value := strings.TrimSpace(trim[sep+1:])
		section, name := "", key
		if dot := strings.LastIndexByte(key, '.'); dot >= 0 {
			section, name = key[:dot], key[dot+1:]
		}
		switch {
		case slices.Contains(sections, section) && slices.Contains(pytestKeys, name):
			v, ok := tomlValue(value, lines, &i)
			if !ok {
				return nil, false
			}
			out = append(out, keyValue{name, v})
		case slices.ContainsFunc(sections, func(s string) bool { return s == key || strings.HasPrefix(s, key+".") }):
			return nil, false
		default:
			skipTOMLValue(value, lines, &i)
		}
	}
	return out, true
}

// tomlValue reads a TOML value that starts with v on line *i: a basic or
// literal string without escapes, or an array of them over one or more
// lines; it moves *i past the lines it read.
func tomlValue(v string, lines []string, i *int) (string, bool) {
	if strings.HasPrefix(v, "[") {
		for !strings.Contains(stripTOMLComment(v), "]") {
			if *i+1 >= len(lines) {
				return "", false
			}
			*i++
			v += " " + strings.TrimSpace(lines[*i])
		}
		v = stripTOMLComment(v)
		inner := strings.TrimSpace(v[1:strings.LastIndexByte(v, ']')])
		var parts []string
		for _, s := range strings.Split(inner, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			p, ok := tomlString(s)
			if !ok || strings.ContainsAny(p, " \t'\"\\") {
				// The parts are joined by blanks: one that holds a
				// blank or a quote is not read.
				return "", false
			}
			parts = append(parts, p)
		}
		return strings.Join(parts, " "), true
	}
	return tomlString(stripTOMLComment(v))
}

// skipTOMLValue moves *i past the lines of a value that starts with v on
// line *i: an array until its brackets close, a multi-line string until
// its closing quotes.
func skipTOMLValue(v string, lines []string, i *int) {
	for _, q := range []string{`"""`, "'''"} {
		if rest, ok := strings.CutPrefix(v, q); ok {
			for !strings.Contains(rest, q) && *i+1 < len(lines) {
				*i++
				rest = lines[*i]
			}
			return
		}
	}
	depth := 0
	for {
		var q byte
		for j := 0; j < len(v); j++ {
			switch c := v[j]; {
			case q != 0 && c == '\\':
				j++
			case q != 0 && c == q:
				q = 0
			case q == 0 && (c == '"' || c == '\''):
				q = c
			case q == 0 && c == '#':
				j = len(v)
			case q == 0 && c == '[':
				depth++
			case q == 0 && c == ']':
				depth--
			}
		}
		if depth <= 0 || *i+1 >= len(lines) {
			return
		}
		*i++
		v = lines[*i]
	}
}

// tomlKey returns the dotted key k of a TOML table header as its parts
// name it: blanks around the dots dropped and quoted parts unquoted
// ([tool . "pytest" . ini_options] is tool.pytest.ini_options), as
// pytest's TOML reader (tomllib) reads it. A header that is no key
// (an unterminated quote) is kept as written: tomllib rejects the file,
// and pytest with it; a quoted part that holds a dot stays quoted, so
// it names no section pytest reads either.
func tomlKey(k string) string {
	var parts []string
	for len(k) > 0 {
		k = strings.TrimSpace(k)
		var part string
		if k != "" && (k[0] == '"' || k[0] == '\'') {
			end := strings.IndexByte(k[1:], k[0])
			if end < 0 {
				return k
			}
			part, k = k[1:end+1], k[end+2:]
			if strings.Contains(part, ".") {
				part = `"` + part + `"`
			}
		} else {
			dot := strings.IndexByte(k, '.')
			if dot < 0 {
				dot = len(k)
			}
			part, k = strings.TrimSpace(k[:dot]), k[dot:]
		}
		parts = append(parts, part)
		k = strings.TrimSpace(k)
		if k == "" {
			break
		}
		if k[0] != '.' {
			return strings.Join(parts, ".") + k // not a key: no section matches
		}
		k = k[1:]
	}
	return strings.Join(parts, ".")
}

// tomlString reads a one-line TOML string without escapes.
func tomlString(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != s[len(s)-1] || s[0] != '"' && s[0] != '\'' ||
		strings.HasPrefix(s, `"""`) || strings.HasPrefix(s, "'''") {
		return "", false
	}
	in := s[1 : len(s)-1]
	if strings.ContainsAny(in, `\`+s[:1]) {
		return "", false
	}
	return in, true
}

// stripTOMLComment cuts a # comment after a value, outside quotes.
func stripTOMLComment(v string) string {
	var q byte
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q == 0 && c == '#':
			return strings.TrimSpace(v[:i])
		}
	}
	return v
}

// splitShellWords splits s as Python's shlex.split does, for the forms
// addopts holds: blanks separate words, '...' and "..." quote, a
// backslash escapes the next character outside single quotes. ok is false
// for an unterminated quote.
func splitShellWords(s string) ([]string, bool) {
	var words []string
	var b strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words, inWord = append(words, b.String()), false
				b.Reset()
			}
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, false
			}
			b.WriteString(s[i+1 : i+1+j])
			i, inWord = i+1+j, true
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
			inWord = true
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, true
}
