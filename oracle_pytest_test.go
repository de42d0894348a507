package hookc_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// This file holds the differential oracle of pytest's settings and
// command line (design.md 379, docs/oracle.md): a generator of pytest's
// own grammar (its settings files in their four formats, addopts built
// from pytest --help's option list, its ini keys, command lines with
// operands) makes cases; the runtime's model decides each one; where it
// says the command is known, the real pytest runs in a throw-away world
// under strace, and every file it writes outside the project must be one
// the model lists, and it must open no file outside the project (a
// plugin, a conftest, a test, a settings file from elsewhere) and run no
// other program.

// pytestProgs are the ways a line runs pytest, as the line spells them:
// pytest itself (twice as often), and python3 running it as a module,
// with a flag of its own grouped with -m too.
var pytestProgs = [][]string{{"pytest"}, {"pytest"}, {"python3", "-m", "pytest"}, {"python3", "-Bm", "pytest"}}

// pytestJudge is the pytest the judge runs: the Debian package's.
const pytestJudge = "/usr/bin/pytest"

// pytestWorld is the throw-away world of one case: a home with a secret,
// a directory of Python code outside the project (on PYTHONPATH, as an
// installed package would be), tests outside the project, and the
// project.
type pytestWorld struct {
	oracleWorld
	lib, tmp string
}

const pytestCanary = "CANARY-5d1c0b7e-pytest"

func newPytestWorld(t *testing.T) *pytestWorld {
	w := &pytestWorld{oracleWorld: *newOracleWorld(t, pytestCanary)}
	w.lib = filepath.Join(w.home, "lib")
	w.tmp = filepath.Join(w.root, "tmp")
	return w
}

// pytestCase is a generated case: the settings files (path below the
// home, contents) and the command line.
type pytestCase struct {
	files map[string]string
	line  string
	words []string // the words after pytest
	// link is where the project has a link out of it ("" for none):
	// one of pytestLinks, whose target is the directory outside or a
	// test file there.
	link string
	// prog is how the line runs pytest: pytest itself, or a program
	// that runs it as a module (python3 -m pytest; design.md 385).
	prog []string
}

// build makes the world of c from nothing.
func (w *pytestWorld) build(t *testing.T, c *pytestCase) {
	os.RemoveAll(w.home)
	os.RemoveAll(w.tmp)
	files := map[string]string{
		".ssh/id_rsa":                pytestCanary + "\n",
		"lib/evilplug.py":            "# a plugin from elsewhere\n",
		"lib/evilpkg/__init__.py":    "",
		"lib/evilpkg/test_evil.py":   "def test_evil():\n    pass\n",
		"outside/test_out.py":        "def test_out():\n    pass\n",
		"outside/conftest.py":        "# a conftest from elsewhere\n",
		"project/test_a.py":          "def test_ok():\n    pass\n",
		"project/sub/test_b.py":      "def test_b():\n    pass\n",
		"project/tests/test_c.py":    "def test_c():\n    pass\n",
		"project/reports/.keep":      "",
		"project/sub/deeper/.keep":   "",
		"project/other/settings.ini": "[pytest]\naddopts = -p evilplug\n",
	}
	for name, text := range c.files {
		files[name] = text
	}
	for name, text := range files {
		p := filepath.Join(w.home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c.link != "" {
		if err := w.placeLink(c.link); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(w.tmp, 0o755); err != nil {
		t.Fatal(err)
	}
}

// pytestLinks are the places of a link out of the project the
// generator picks (design.md 390): at the top, deep below, under a name
// pytest's norecursedirs skips (build, a hidden directory, venv), in a
// virtual environment pytest skips (env, with pyvenv.cfg and
// bin/activate) and in one it does not (env2, with pyvenv.cfg alone), to
// a test file, and through a link inside the project (inner -> sub).
var pytestLinks = []string{"link", "sub/deeper/link", "build/link", "build", ".hid/link", "venv/link",
	"env/lib/link", "env2/lib/link", "sub/test_linked.py", "inner+sub/deeper/link"}

// placeLink makes the link out of the project that place names.
func (w *pytestWorld) placeLink(place string) error {
	if inner, below, ok := strings.Cut(place, "+"); ok {
		if err := os.Symlink("sub", filepath.Join(w.project, inner)); err != nil {
			return err
		}
		place = below
	}
	p := filepath.Join(w.project, place)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	for _, venv := range []string{"env", "env2"} {
		if strings.HasPrefix(place, venv+"/") {
			os.WriteFile(filepath.Join(w.project, venv, "pyvenv.cfg"), []byte("home = /usr/bin\n"), 0o644)
		}
	}
	if strings.HasPrefix(place, "env/") {
		os.MkdirAll(filepath.Join(w.project, "env", "bin"), 0o755)
		os.WriteFile(filepath.Join(w.project, "env", "bin", "activate"), nil, 0o644)
	}
	target := filepath.Join(w.home, "outside")
	if strings.HasSuffix(place, ".py") {
		target = filepath.Join(target, "test_out.py")
	}
	return os.Symlink(target, p)
}

// snapshot records every file and directory of the world outside the
// project, with its size and time.
func (w *pytestWorld) snapshot() map[string]string {
	m := map[string]string{}
	filepath.WalkDir(w.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if p == w.project {
			return filepath.SkipDir
		}
		if fi, err := d.Info(); err == nil {
			m[p] = fmt.Sprint(fi.Size(), fi.ModTime().UnixNano(), fi.Mode())
		}
		return nil
	})
	return m
}

// pytestGen generates cases from pytest's grammar (pytest 7.2, pytest
// --help and its documentation of configuration files).
type pytestGen struct {
	rng *rand.Rand
	w   *pytestWorld
}

func (g *pytestGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// pytestPaths are path values: in the project, outside it by spelling,
// and outside it through the link.
func (g *pytestGen) path() string {
	return g.pick("reports/r.xml", "r.xml", "sub/deeper/x.log", "link/x", "link", "../x.out", "../outside/x", "/tmp/x",
		g.w.root+"/abs.out", "~/x.out", "$HOME/x.out", "${HOME}/x", "sub/../../x", "./r.xml", "tests", "sub")
}

// pytestBenign are pytest's options that only change what it prints or
// selects (pytest --help).
var pytestBenign = [][]string{
	{"-q"}, {"-v"}, {"-vv"}, {"-ra"}, {"-rA"}, {"-r", "fE"}, {"-x"}, {"-s"}, {"-l"}, {"--tb=short"}, {"--tb", "no"},
	{"-k", "test_ok or test_b"}, {"-m", "not slow"}, {"--strict-markers"}, {"--disable-warnings"},
	{"-W", "ignore::DeprecationWarning"}, {"--durations=5"}, {"--maxfail=2"}, {"--co"}, {"--collect-only"},
	{"--import-mode=importlib"}, {"--capture=no"}, {"--no-header"}, {"--color=no"}, {"--showlocals"},
	{"--lf"}, {"--ff"}, {"--nf"}, {"--sw"}, {"--cache-clear"}, {"--runxfail"}, {"--setup-show"},
	{"--ignore=sub"}, {"--deselect", "test_a.py::test_ok"}, {"--doctest-modules"}, {"--continue-on-collection-errors"},
	{"--assert=plain"}, {"--strict-config"}, {"--code-highlight=no"}, {"--full-trace"}, {"--log-level=INFO"},
	{"--log-cli-level=INFO"}, {"--junit-prefix=x"}, {"--noconftest"}, {"--keep-duplicates"}, {"--no-summary"},
	{"--setup-plan"}, {"--cache-show"}, {"--doctest-glob=*.txt"}, {"--ignore-glob=*_b.py"}, {"--verbosity=1"},
	{"--strict"}, {"--last-failed"}, {"--stepwise"}, {"--exitfirst"}, {"--show-capture=no"}, {"--durations-min=1"},
	{"--quiet"}, {"--fixtures"}, {"--markers"}, {"--collect-in-virtualenv"}, {"--log-file-level=DEBUG"},
}

// pytestEffects are the options that write a file, read one, or load code
// (pytest --help): each makes a value.
var pytestEffects = []string{
	"--junitxml", "--junit-xml", "--junitx", "--junit-x", "--log-file", "--log-f", "--debug", "--resultlog",
	"-p", "--pyargs", "-c", "--config-file", "--rootdir", "--rootd", "--confcutdir", "--confc", "--basetemp",
	"--baset", "-o", "--override-ini", "--overr", "--trace-config", "--pastebin", "--pdbcls", "--ignore", "--deselect",
}

// option makes one option of pytest's with its value.
func (g *pytestGen) option() []string {
	if g.rng.IntN(3) != 0 {
		return pytestBenign[g.rng.IntN(len(pytestBenign))]
	}
	o := pytestEffects[g.rng.IntN(len(pytestEffects))]
	var v string
	switch o {
	case "-p":
		v = g.pick("evilplug", "no:cacheprovider", "no:junitxml", "evilpkg")
	case "--pyargs":
		return []string{o, g.pick("evilpkg", "evilplug", "tests")}
	case "-c", "--config-file":
		v = g.pick("other/settings.ini", "../outside/x.ini", "pytest.ini")
	case "--rootdir", "--rootd", "--confcutdir", "--confc":
		v = g.pick(".", "..", "/", "sub", "link")
	case "-o", "--override-ini", "--overr":
		v = g.pick("cache_dir=../c", "addopts=-p evilplug", "python_files=*.py", "log_file=../l.log", "testpaths=link")
	case "--trace-config", "--debug":
		if g.rng.IntN(2) == 0 {
			return []string{o}
		}
		return []string{o + "=" + g.path()}
	case "--pastebin":
		v = "failed"
	case "--pdbcls":
		v = "evilplug:Pdb"
	case "--ignore", "--deselect":
		v = g.pick("sub", "../outside", "link")
	default:
		v = g.path()
	}
	if strings.HasPrefix(o, "--") && g.rng.IntN(2) == 0 {
		return []string{o + "=" + v}
	}
	if !strings.HasPrefix(o, "--") && g.rng.IntN(3) == 0 {
		return []string{o + v}
	}
	return []string{o, v}
}

// operand makes an operand of pytest's line.
func (g *pytestGen) operand() string {
	return g.pick(".", "sub", "test_a.py", "test_a.py::test_ok", "tests", "sub/test_b.py", "link", "link/test_out.py",
		"..", "../outside", g.w.home+"/outside", "sub/../..", "nosuch", "./tests/", "~/outside")
}

// iniKey makes a setting other than addopts: an ini key of pytest's with a
// value.
func (g *pytestGen) iniKey() (string, []string) {
	k := g.pick("cache_dir", "log_file", "junit_family", "junit_suite_name", "testpaths", "pythonpath",
		"python_files", "python_classes", "python_functions", "required_plugins", "norecursedirs", "minversion",
		"markers", "filterwarnings", "log_cli", "console_output_style", "xfail_strict", "usefixtures",
		"empty_parameter_set_mark", "doctest_optionflags", "log_file_level", "junit_logging", "cache_dir", "testpaths", "pythonpath")
	switch k {
	case "cache_dir", "log_file":
		return k, []string{g.pick(".cache", "link/c", "../c", "/tmp/c", "$HOME/c", "~/c", "sub/c", g.path())}
	case "testpaths", "pythonpath":
		var vs []string
		for n := 1 + g.rng.IntN(2); n > 0; n-- {
			vs = append(vs, g.pick("tests", "sub", "link", "../outside", "../lib", "/tmp", ".", "../lib/evilpkg", "~/lib"))
		}
		return k, vs
	case "norecursedirs":
		return k, []string{g.pick(".*", "build", "sub", "link", "b*", "venv", ".* build", "x", "[b]uild", "*")}
	case "python_files":
		return k, []string{g.pick("test_*.py", "*.py", "check_*.py")}
	case "required_plugins":
		return k, []string{g.pick("evilplug", "pytest-xdist")}
	case "minversion":
		return k, []string{g.pick("6.0", "99")}
	case "markers":
		return k, []string{"slow: slow tests"}
	case "xfail_strict", "log_cli":
		return k, []string{g.pick("true", "false")}
	}
	return k, []string{g.pick("x", "xunit2", "default", "ignore::DeprecationWarning")}
}

// addopts makes the words of an addopts value.
func (g *pytestGen) addopts() []string {
	var ws []string
	for n := g.rng.IntN(4); n > 0; n-- {
		if g.rng.IntN(8) == 0 {
			ws = append(ws, g.operand())
			continue
		}
		ws = append(ws, g.option()...)
	}
	return ws
}

// iniQuote quotes a word for addopts, which pytest splits as shlex does.
func iniQuote(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t'\"\\#;") {
		return w
	}
	return "'" + w + "'"
}

// tomlString quotes s as a TOML basic or literal string.
func (g *pytestGen) tomlString(s string) string {
	if !strings.Contains(s, "'") && g.rng.IntN(2) == 0 {
		return "'" + s + "'"
	}
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// settings makes the text of a settings file named name.
func (g *pytestGen) settings(name string) string {
	var b strings.Builder
	toml := strings.HasSuffix(name, ".toml")
	sec := map[string][]string{
		"pytest.ini": {"pytest", "pytest", "pytest", " pytest ", "PYTEST", "tool:pytest"},
		"tox.ini":    {"pytest", "pytest", "tool:pytest", "Pytest"},
		"setup.cfg":  {"tool:pytest", "tool:pytest", "pytest", "tool:Pytest"},
		"pyproject.toml": {"tool.pytest.ini_options", "tool.pytest.ini_options", "tool.pytest.ini_options",
			"tool.pytest", `tool."pytest".ini_options`, "tool . pytest . ini_options", "tool.pytest.ini-options"},
	}[strings.TrimPrefix(name, ".")]
	if g.rng.IntN(3) == 0 {
		if toml {
			b.WriteString("[project]\nname = \"x\"\n# addopts = \"-p evilplug\"\n\n")
		} else {
			b.WriteString("[metadata]\nname = x\naddopts = -p evilplug\n\n")
		}
	}
	if g.rng.IntN(5) == 0 {
		b.WriteString(g.pick("# settings\n", "; settings\n", "\n"))
	}
	b.WriteString("[" + sec[g.rng.IntN(len(sec))] + "]")
	b.WriteString(g.pick("\n", "\n", " # pytest\n", "  \n"))
	for n := 1 + g.rng.IntN(3); n > 0; n-- {
		key, vals := "addopts", g.addopts()
		if g.rng.IntN(3) == 0 {
			key, vals = g.iniKey()
		}
		if g.rng.IntN(12) == 0 {
			key = g.pick("AddOpts", "addopts ", " addopts", `"addopts"`)
		}
		if toml {
			var q []string
			for _, v := range vals {
				q = append(q, g.tomlString(v))
			}
			switch {
			case key == "addopts" && g.rng.IntN(2) == 0 || key != "addopts" && len(vals) == 1 && g.rng.IntN(2) == 0:
				var s []string
				for _, v := range vals {
					s = append(s, iniQuote(v))
				}
				fmt.Fprintf(&b, "%s = %s\n", key, g.tomlString(strings.Join(s, " ")))
			case g.rng.IntN(2) == 0:
				fmt.Fprintf(&b, "%s = [%s]\n", key, strings.Join(q, ", "))
			default:
				fmt.Fprintf(&b, "%s = [\n", key)
				for _, v := range q {
					fmt.Fprintf(&b, "    %s,%s\n", v, g.pick("", "", " # c"))
				}
				b.WriteString("]\n")
			}
			continue
		}
		var q []string
		for _, v := range vals {
			q = append(q, iniQuote(v))
		}
		sep := g.pick(" = ", "=", ": ", " =")
		if len(q) > 1 && g.rng.IntN(2) == 0 {
			// Continuation lines, the first value on the key's line
			// or on its own.
			fmt.Fprintf(&b, "%s%s%s\n", key, sep, g.pick("", q[0]))
			if b.String()[b.Len()-2] != ' ' && !strings.HasSuffix(b.String(), sep+"\n") {
				q = q[1:]
			}
			for _, v := range q {
				fmt.Fprintf(&b, "%s%s\n", g.pick("    ", "\t", "  "), v)
			}
			continue
		}
		fmt.Fprintf(&b, "%s%s%s%s\n", key, sep, strings.Join(q, " "), g.pick("", "", "  ; c", " # c"))
	}
	return b.String()
}

// pytestCaseGen makes one case.
func (g *pytestGen) next() *pytestCase {
	c := &pytestCase{files: map[string]string{}}
	// Settings files: none, one or two, in the project, a directory
	// of it, or above it.
	for n := g.rng.IntN(3); n > 0; n-- {
		name := g.pick("pytest.ini", ".pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", "pytest.ini", "pyproject.toml")
		dir := g.pick("project/", "project/", "project/", "project/sub/", "")
		if dir == "" && g.rng.IntN(2) == 0 {
			dir = "project/"
		}
		c.files[dir+name] = g.settings(name)
	}
	if g.rng.IntN(6) == 0 {
		c.files[g.pick("conftest.py", "project/conftest.py", "project/sub/conftest.py")] = "# conftest\n"
	}
	for n := g.rng.IntN(3); n > 0; n-- {
		c.words = append(c.words, g.option()...)
	}
	for n := g.rng.IntN(3); n > 0; n-- {
		c.words = append(c.words, g.operand())
	}
	if g.rng.IntN(3) == 0 {
		c.link = pytestLinks[g.rng.IntN(len(pytestLinks))]
	}
	var q []string
	for _, x := range c.words {
		q = append(q, shellQuote(x))
	}
	c.prog = pytestProgs[g.rng.IntN(len(pytestProgs))]
	c.line = strings.TrimSpace(strings.Join(c.prog, " ") + " " + strings.Join(q, " "))
	return c
}

// pytestModel decides a line with the runtime's model under a policy of
// no rules: known reports whether the command is known, writes are the
// paths it says it writes, reads those it says it reads, resolved.
func pytestModel(t *testing.T) func(w *pytestWorld, line string) (known bool, why string, writes, reads []string) {
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "policy.cue"), []byte("package p\ndefault: \"ask\"\nrules: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(d)
	if err != nil {
		t.Fatal(err)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	return func(w *pytestWorld, line string) (bool, string, []string, []string) {
		env := &runtime.Env{Home: w.home, FS: runtime.OSEnv().FS, Getenv: func(k string) string {
			if k == "HOME" {
				return w.home
			}
			return ""
		}}
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": w.project, "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
		r := runtime.Explain(hook, b, env)
		known := true
		why := ""
		var writes, reads []string
		for _, u := range r.Units {
			if u.Why != "default" {
				known = false
				why = u.Why
			}
			for _, s := range u.Paths {
				mark, rest, _ := strings.Cut(s, " ")
				p, _, _ := strings.Cut(rest, " -> ")
				p, _, _ = strings.Cut(p, " = ")
				if strings.HasPrefix(p, "~/") {
					p = filepath.Join(w.home, p[2:])
				}
				if !filepath.IsAbs(p) {
					p = filepath.Join(w.project, p)
				}
				if r, err := filepath.EvalSymlinks(p); err == nil {
					p = r
				} else if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
					p = filepath.Join(r, filepath.Base(p))
				}
				if strings.Contains(mark, "w") {
					writes = append(writes, filepath.Clean(p))
				}
				if strings.Contains(mark, "r") {
					reads = append(reads, filepath.Clean(p))
				}
			}
		}
		return known, why, writes, reads
	}
}

var traceFirstDir = regexp.MustCompile(`^(?:AT_FDCWD|\d+)<([^>]*)>, "((?:[^"\\]|\\.)*)"`)

// judgePytest runs c's line in w under strace and says what pytest did
// that the model did not list.
func judgePytest(t *testing.T, w *pytestWorld, c *pytestCase, writes, reads []string) (why []string, ok bool) {
	env := []string{"HOME=" + w.home, "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8", "TMPDIR=" + w.tmp, "PYTHONPATH=" + w.lib,
		"PYTEST_ADDOPTS=", "PYTHONDONTWRITEBYTECODE=1"}
	before := w.snapshot()
	argv := []string{pytestJudge}
	if len(c.prog) > 1 {
		argv = append([]string{"/usr/bin/" + c.prog[0]}, c.prog[1:]...)
	}
	_, tr, err := straceCalls(t, w.project, env, 20*time.Second, "", append(argv, c.words...)...)
	if err != nil && strings.Contains(err.Error(), "signal: killed") {
		return nil, false
	}
	listed := func(p string, list []string) bool {
		return slices.ContainsFunc(list, func(l string) bool { return p == l || within(l, p) })
	}
	if len(tr.execs) != 1 {
		why = append(why, fmt.Sprintf("ran %q", tr.execs))
	}
	outside := func(p string) bool {
		return !within(p, w.project) && !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") && p != "/dev"
	}
	seen := map[string]bool{}
	report := func(s string) {
		if !seen[s] {
			seen[s] = true
			why = append(why, s)
		}
	}
	for _, wr := range tr.writes {
		f := strings.Fields(wr)
		p := ""
		if (f[0] == "open" || f[0] == "openat" || f[0] == "openat2" || f[0] == "creat") && len(f) > 1 {
			p = f[1]
		} else if _, args, ok := strings.Cut(wr, " "); ok {
			if m := traceFirstDir.FindStringSubmatch(args); m != nil {
				p = m[2]
				if !filepath.IsAbs(p) {
					p = filepath.Join(m[1], p)
				}
			} else if m := traceStr.FindStringSubmatch(args); m != nil {
				p = m[1]
			}
		}
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		p = filepath.Clean(p)
		// Python's temporary files (pytest's capture) are made and
		// removed in TMPDIR: the snapshot sees those that stay.
		if outside(p) && !listed(p, writes) && !within(p, w.tmp) {
			report("wrote " + p)
		}
	}
	after := w.snapshot()
	for p, s := range after {
		if before[p] != s && !listed(p, writes) && !(within(p, w.tmp) && p == w.tmp) {
			report("changed " + p)
		}
	}
	for _, o := range tr.opens {
		kind, p, _ := strings.Cut(o, " ")
		if kind == "dir" && p == w.lib {
			continue // Python lists the directories of its path
		}
		if within(p, w.root) && outside(p) && !listed(p, reads) && !slices.Contains(writes, p) {
			report("opened " + p)
		}
	}
	return why, true
}

// pytestJudgeChecks are cases the judge must find fault with, whatever
// the model says: they show it sees what it looks for.
var pytestJudgeChecks = []pytestCase{
	{files: map[string]string{"project/pytest.ini": "[pytest]\naddopts = -p evilplug\n"}, words: []string{"-q"}},
	{words: []string{"../outside"}},
	{words: []string{"-q", "--junitxml=../x.xml"}},
	{files: map[string]string{"project/pytest.ini": "[pytest]\ncache_dir = ../c\n"}, words: []string{"-q"}},
}

// pytestKnownEntry explains a disagreement the model does not answer
// yet: explain says whether it accounts for one item of the judge's why
// (all of why given) in the case c.
type pytestKnownEntry struct {
	reason  string
	explain func(w *pytestWorld, c *pytestCase, item string, why []string) bool
}

// pytestUpper are the files pytest takes from the directories above the
// project when it finds no settings file below.
var pytestUpper = []string{"pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg", "conftest.py"}

// pytestKnown are the disagreements the oracle found that the model does
// not answer yet, each with why it stays (docs/oracle.md).
var pytestKnown = []pytestKnownEntry{}

// pytestUnexplained returns the items of why that no entry of
// pytestKnown explains, and the reasons of those that explained one.
func pytestUnexplained(w *pytestWorld, c *pytestCase, why []string) (rest, reasons []string) {
	for _, item := range why {
		i := slices.IndexFunc(pytestKnown, func(k pytestKnownEntry) bool { return k.explain(w, c, item, why) })
		if i < 0 {
			rest = append(rest, item)
		} else if !slices.Contains(reasons, pytestKnown[i].reason) {
			reasons = append(reasons, pytestKnown[i].reason)
		}
	}
	return rest, reasons
}

func TestPytestOracle(t *testing.T) {
	judgeProgram(t, pytestJudge, "pytest", "--version")
	judgeProgram(t, "strace", "strace", "-V")
	w := newPytestWorld(t)
	model := pytestModel(t)
	for _, c := range pytestJudgeChecks {
		w.build(t, &c)
		if why, _ := judgePytest(t, w, &c, nil, nil); len(why) == 0 {
			t.Errorf("the judge finds nothing wrong with pytest %q and %v", c.words, c.files)
		}
	}
	g := &pytestGen{rng: rand.New(rand.NewPCG(oracleSeed(379), 1)), w: w}
	n := oracleCount(2000)
	var generated, known, judged, viaModule, linked int
	var disagree, knownHits []string
	knownReasons := map[string]int{}
	seen := map[string]bool{}
	start := time.Now()
	for generated < n && time.Since(start) < 2*oracleBudget() {
		c := g.next()
		key := fmt.Sprint(c.line, c.files)
		if seen[key] {
			continue
		}
		seen[key] = true
		generated++
		w.build(t, c)
		ok, _, writes, reads := model(w, c.line)
		if !ok {
			continue
		}
		known++
		if len(c.prog) > 1 {
			viaModule++
		}
		if c.link != "" {
			linked++
		}
		why, ran := judgePytest(t, w, c, writes, reads)
		if !ran {
			t.Logf("timed out: %s", c.line)
			continue
		}
		judged++
		if len(why) == 0 {
			continue
		}
		rest, reasons := pytestUnexplained(w, c, why)
		if len(rest) == 0 {
			knownHits = append(knownHits, c.line)
			for _, r := range reasons {
				knownReasons[r]++
			}
			continue
		}
		disagree = append(disagree, fmt.Sprintf("%s (link %q) with %q: %s", c.line, c.link, c.files, strings.Join(rest, "; ")))
	}
	t.Logf("pytest oracle: %d cases generated, %d known (%d through python3 -m, %d with a link in the project), %d run, %d disagreements (%d of them known: pytestKnown)", generated, known, viaModule, linked, judged, len(disagree)+len(knownHits), len(knownHits))
	for r, k := range knownReasons {
		t.Logf("known (%d cases): %s", k, r)
	}
	for i, d := range disagree {
		if i == 40 {
			t.Errorf("... and %d more", len(disagree)-i)
			break
		}
		t.Errorf("the model knows %s", d)
	}
}
