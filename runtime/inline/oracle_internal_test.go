package inline

import (
	"bufio"
	"context"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// auditHook is a sitecustomize module that logs, through Python's audit
// hooks (PEP 578), every file the interpreter opens, every module it
// imports with its file, and every event that runs a program, changes a
// file, the environment or the network.
const auditHook = `import os, sys
_log = open(os.environ["HOOKC_AUDIT_LOG"], "w", buffering=1)
_bad = ("subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "socket.",
        "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.unlink", "shutil.", "os.putenv",
        "os.unsetenv", "os.chmod", "os.chown", "os.symlink", "os.link", "os.truncate",
        "webbrowser.", "ctypes.", "os.kill", "pty.")
def _hook(ev, args):
    if ev == "open":
        p = args[0]
        p = "fd:%d" % p if isinstance(p, int) else os.fsencode(p).hex()
        _log.write("open\t%s\t%r\t%d\n" % (p, args[1], args[2]))
    elif ev == "import":
        _log.write("import\t%r\t%r\n" % (args[0], args[1]))
    elif ev.startswith(_bad):
        _log.write("event\t%s\t%r\n" % (ev, args))
sys.addaudithook(_hook)
`

// TestPythonOracle judges Python against CPython itself (design.md 455):
// programs generated from the core's grammar and vocabulary, and from
// names beyond it (modules, builtins and attributes that run programs,
// write, or read the environment), are read by Python; each one it takes
// into the core runs in a scratch directory under an audit hook, and may
// open only the standard library and the files Python reported, for
// reading, import nothing from the working directory, run no program,
// change no file, touch no network, and print no environment value.
// HOOKC_PYTHON_ORACLE_N sets the number of programs (default 1500, 300
// with -short), HOOKC_PYTHON_ORACLE_SEED the seed.
func TestPythonOracle(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		testenv.Missing(t, "no python3 command")
	}
	n := testenv.Count(t, "HOOKC_PYTHON_ORACLE_N", 1500, 300)
	seed := uint64(454)
	if s := os.Getenv("HOOKC_PYTHON_ORACLE_SEED"); s != "" {
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	tmp := t.TempDir()
	site, work := filepath.Join(tmp, "site"), filepath.Join(tmp, "work")
	for _, d := range []string{site, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"site/sitecustomize.py": auditHook,
		"work/a.txt":            "alpha beta\ngamma\n",
		"work/p.json":           `{"name": "x", "version": "1.0", "dependencies": {"a": "1"}}`,
		"work/pyproject.toml":   "[project]\nname = \"x\"\nversion = \"1\"\n",
		"work/m.py.txt":         "import os\n",
		"secret.txt":            "CANARY_FILE_454\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prefixes := pythonPrefixes(t, python)
	g := &pyGen{r: rand.New(rand.NewPCG(seed, 454))}
	var in, out int
	for i := 0; i < n; i++ {
		src := g.program()
		reads, why := Python(src)
		if why != "" {
			out++
			continue
		}
		in++
		log := filepath.Join(tmp, "audit.log")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, python, "-c", src)
		cmd.Dir = work
		cmd.Stdin = strings.NewReader("standard input\n")
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + tmp, "PYTHONPATH=" + site, "HOOKC_AUDIT_LOG=" + log, "CANARY_ENV=CANARY_ENV_454", "LANG=C.UTF-8"}
		output, _ := cmd.CombinedOutput()
		cancel()
		if strings.Contains(string(output), "CANARY_ENV") || strings.Contains(string(output), "CANARY_FILE") && !slices.Contains(reads, "../secret.txt") {
			t.Errorf("%q printed a canary:\n%s", src, output)
		}
		for _, bad := range pyAudit(t, log, work, prefixes, reads) {
			t.Errorf("%q (reads %q): %s", src, reads, bad)
		}
	}
	t.Logf("%d programs: %d in the core and run, %d outside", n, in, out)
	if in < n/30 {
		t.Errorf("only %d of %d programs were in the core: the generator no longer exercises it", in, n)
	}
}

// pythonPrefixes returns the directories of python's own modules.
func pythonPrefixes(t *testing.T, python string) []string {
	out, err := exec.Command(python, "-S", "-c", "import sys, sysconfig; print(sys.base_prefix); print(sys.prefix); print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(out))
}

// pyAudit returns what the audit log at log shows beyond what the core
// allows: opens other than the standard library's and reads, for other
// than reading; imports from the working directory; any other event.
func pyAudit(t *testing.T, log, work string, prefixes, reads []string) []string {
	f, err := os.Open(log)
	if err != nil {
		return []string{"no audit log: " + err.Error()}
	}
	defer f.Close()
	var bad []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		switch fields[0] {
		case "open":
			raw, err := hex.DecodeString(fields[1])
			if err != nil {
				bad = append(bad, "an open of "+fields[1])
				continue
			}
			name := string(raw)
			flags, _ := strconv.Atoi(fields[3])
			if flags&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0 {
				bad = append(bad, "an open for writing of "+name)
			}
			abs := name
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(work, abs)
			}
			stdlib := slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(abs, p+"/") })
			reported := slices.ContainsFunc(reads, func(r string) bool { return filepath.Join(work, r) == filepath.Clean(abs) }) ||
				strings.HasPrefix(name, "<") && strings.HasSuffix(name, ">") // a traceback's source, which python's codeReads name
			if !stdlib && !reported {
				bad = append(bad, "an open of "+name+", which Python did not report")
			}
		case "import":
			if len(fields) > 2 && strings.Contains(fields[2], work) {
				bad = append(bad, "an import from the working directory: "+fields[2])
			}
		default:
			bad = append(bad, "the event "+strings.Join(fields[1:], " "))
		}
	}
	return bad
}

// pyGen generates Python programs from the core's vocabulary and beyond.
// Three programs in four take their names from the core's vocabulary
// alone, the first names of each list; the others from all of it.
type pyGen struct {
	r    *rand.Rand
	core bool
}

var (
	genModules = []string{"sys", "json", "tomllib", "ast", "math", "keyword", "string", "this", "os", "subprocess", "codecs", "platform", "io", "pathlib", "shutil", "importlib"}
	genNames   = []string{
		"print", "len", "sorted", "list", "dict", "str", "repr", "int", "min", "max", "sum", "any", "all", "enumerate",
		"zip", "range", "reversed", "isinstance", "hasattr", "hex", "chr", "ord", "map", "filter", "format", "open",
		"getattr", "eval", "exec", "vars", "globals", "__import__", "compile", "input", "breakpoint", "type", "x", "n",
	}
	genAttrs = []string{
		"version", "path", "executable", "platform", "argv", "flags", "stdin", "stdout", "version_info", "major",
		"dumps", "loads", "load", "parse", "dump", "walk", "literal_eval", "body", "name", "pi", "sqrt", "kwlist",
		"iskeyword", "digits", "capwords", "read", "readlines", "keys", "values", "items", "get", "join", "split",
		"strip", "upper", "encode", "decode", "replace", "__file__", "__name__", "__class__", "__dict__",
		"__subclasses__", "__globals__", "environ", "modules", "system", "popen", "getenv", "codecs", "os",
		"decoder", "scanner", "buffer", "raw", "mode", "_parser", "sys", "format", "format_map", "real",
	}
	genVars    = []string{"n", "k", "exec", "eval", "print", "__builtins__", "sys", "open"}
	genStrings = []string{`'{0.modules}'`, `'{0.__globals__}'`, `"import os"`, `"a.txt"`, `'p.json'`, `"pyproject.toml"`, `"../secret.txt"`, `"m.py.txt"`, `"utf-8"`, `"rot13"`, `"hex"`, `"x"`, `"\x2e"`, `"r"`, `"rb"`, `"w"`, `"a"`, `""`, `b"a.txt"`, `f"{1}"`, `r"a.txt"`}
)

func (g *pyGen) pick(l []string) string { return l[g.r.IntN(len(l))] }

// name picks from l, from its first n entries in a core program.
func (g *pyGen) name(l []string, n int) string {
	if g.core {
		return l[g.r.IntN(n)]
	}
	return g.pick(l)
}

// program returns imports and up to three statements.
func (g *pyGen) program() string {
	g.core = g.r.IntN(4) != 0
	var stmts []string
	for range g.r.IntN(3) {
		m := g.name(genModules, 8)
		if g.r.IntN(4) == 0 {
			stmts = append(stmts, "from "+m+" import "+g.name(genAttrs, 21))
		} else {
			stmts = append(stmts, "import "+m)
		}
	}
	for range 1 + g.r.IntN(3) {
		stmts = append(stmts, "print("+g.expr(3)+")")
	}
	sep := "; "
	if g.r.IntN(3) == 0 {
		sep = "\n"
	}
	return strings.Join(stmts, sep)
}

func (g *pyGen) expr(depth int) string {
	if depth == 0 {
		switch g.r.IntN(4) {
		case 0:
			return g.pick(genStrings)
		case 1:
			return strconv.Itoa(g.r.IntN(20))
		case 2:
			return g.pick(genModules[:8])
		}
		return g.name(genNames, 22)
	}
	d := depth - 1
	switch g.r.IntN(9) {
	case 0:
		return g.expr(d) + "." + g.name(genAttrs, 44)
	case 1:
		m := g.pick(genModules[:8])
		if attrs := attrsOf(m); len(attrs) > 0 && g.core {
			return m + "." + g.pick(attrs)
		}
		return m + "." + g.name(genAttrs, 21)
	case 2:
		return g.expr(d) + "." + g.name(genAttrs[23:], 21) + "(" + g.args(d) + ")"
	case 3:
		return g.name(genNames, 21) + "(" + g.args(d) + ")"
	case 4:
		return "open(" + g.pick(genStrings) + []string{"", ", " + g.pick(genStrings), ", encoding=\"utf-8\""}[g.r.IntN(3)] + ")." + g.pick([]string{"read", "readlines", "readline"}) + "()"
	case 5:
		return g.expr(d) + "[" + g.expr(d) + "]"
	case 6:
		v := g.pick(genVars)
		return "[" + g.pick([]string{"n", v}) + " for " + v + " in " + g.expr(d) + " if " + g.expr(d) + "]"
	case 7:
		return g.expr(d) + " " + g.pick([]string{"+", "==", "in", "and", "or", "if 1 else"}) + " " + g.expr(d)
	}
	return fmt.Sprintf("(%s, %s)", g.expr(d), g.expr(d))
}

func (g *pyGen) args(depth int) string {
	var a []string
	for range g.r.IntN(3) {
		if g.r.IntN(8) == 0 {
			a = append(a, g.pick([]string{"*", "**"})+g.expr(depth))
		} else if g.r.IntN(4) == 0 {
			a = append(a, g.pick([]string{"key", "indent", "object_hook", "file", "sep", "default", "reverse"})+"="+g.expr(depth))
		} else {
			a = append(a, g.expr(depth))
		}
	}
	return strings.Join(a, ", ")
}
