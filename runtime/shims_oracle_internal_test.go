package runtime

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestShimOracle checks the shims' model (shims.go, design.md 449 and 451)
// against the real version managers, as issue 29 asks of every model the
// guard trusts: for version files generated from each manager's own
// grammar, wherever the model says a program PATH finds among the shims
// is known, the real shim must run a program below the manager's own
// installed versions, or the system's program after the shims, and
// never one the project or the file chooses.
//
// Each manager gets a scratch world: a home with the manager installed
// (its real scripts or binary, from HOOKC_SHIM_TOOLS, which
// internal/testkit/shimtools/install.sh fills), two installed versions
// whose program prints REAL, a system directory after the shims whose
// program prints SYSTEM, and a program elsewhere printing ELSEWHERE. Each
// case is a project with planted programs printing PLANTED (fk/bin, fk,
// bin), the case's version files, and the command run in the project or
// its sub. The program that runs also runs shimoracle-child by name: mise
// puts a tool's directory first on the PATH of what it runs (round 48),
// so a planted child counts as planted too.
//
// A case the model calls known and the manager ran a planted or elsewhere
// program for (or a REAL one outside the versions) fails. A case the
// model calls not known and the manager ran its own version is counted
// and logged: the model's over-strictness, a cost, not a hole.
//
// HOOKC_SHIM_ORACLE_CASES is the number of cases per manager (default
// 120, 30 with -short; pyenv, whose shim costs most, gets a quarter). A
// manager that is not installed skips, saying how to install it;
// HOOKC_SHIM_ORACLE=1 makes a missing manager fail, and
// HOOKC_SHIM_ORACLE=pyenv,rbenv,mise (CI: .ci/run) fails only for those
// named.
func TestShimOracle(t *testing.T) {
	tools := os.Getenv("HOOKC_SHIM_TOOLS")
	if tools == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Skip("no HOOKC_SHIM_TOOLS and no cache directory")
		}
		tools = filepath.Join(cache, "hookc-shimtools")
	}
	n := testenv.Count(t, "HOOKC_SHIM_ORACLE_CASES", 120, 30)
	for _, m := range shimManagers {
		t.Run(m.name, func(t *testing.T) {
			if why := m.missing(tools); why != "" {
				msg := fmt.Sprintf("%s is not installed in %s (%s): run `bash internal/testkit/shimtools/install.sh %s` (HOOKC_SHIM_TOOLS names the directory)", m.name, tools, why, tools)
				if shimRequired(m.name) {
					t.Fatal(msg)
				}
				t.Skip(msg)
			}
			w := newShimWorld(t, m, tools)
			runShimOracle(t, w, max(1, n/max(1, m.cost)))
		})
	}
}

// shimRequired reports whether HOOKC_SHIM_ORACLE asks that the manager
// named be there: 1 for every one, or a list of names.
func shimRequired(name string) bool {
	v := os.Getenv("HOOKC_SHIM_ORACLE")
	return v == "1" || slices.Contains(strings.Split(v, ","), name)
}

// A shimManager is a version manager as the oracle installs and drives it.
type shimManager struct {
	name      string
	prog      string   // the program run through its shim
	tool      string   // the tool's name in .tool-versions and mise.toml
	installed []string // the versions installed in each world
	// files are the version files the manager reads (relative to a
	// directory), the generator's choice of names.
	files []string
	// cost is how many other managers' cases one of its runs costs:
	// pyenv's shim is some fifty bash processes, more for a version
	// not installed (pyenv-latest); it gets a share of the cases.
	cost int
	// missing says what of the manager is not in the tools directory, or "".
	missing func(tools string) string
	// setup installs the manager in the world's home: w.versions, w.join,
	// w.shims, w.vars, w.afterShims.
	setup func(t *testing.T, w *shimWorld)
}

var shimManagers = []*shimManager{
	{
		name: "pyenv", prog: "python3", tool: "python", installed: []string{"3.11.7", "3.12.1"},
		files: []string{".python-version"}, cost: 4,
		missing: shimNeed("pyenv/libexec/pyenv"),
		setup: func(t *testing.T, w *shimWorld) {
			r := filepath.Join(w.home, ".pyenv")
			if err := os.MkdirAll(r, 0o755); err != nil {
				t.Fatal(err)
			}
			shimRun(t, "", nil, "cp", "-a", filepath.Join(w.tools, "pyenv")+"/.", r)
			w.versions, w.join = filepath.Join(r, "versions"), filepath.Join(r, "versions")
			w.installVersions(t, w.join)
			shimWrite(t, filepath.Join(r, "version"), "3.11.7\n", 0o644)
			w.vars = map[string]string{"PYENV_ROOT": r, "PYENV_SHELL": "bash"}
			w.shims, w.afterShims = filepath.Join(r, "shims"), []string{filepath.Join(r, "bin")}
			shimRun(t, "", w.environ(w.path("")), filepath.Join(r, "bin", "pyenv"), "rehash")
		},
	},
	{
		name: "rbenv", prog: "ruby", tool: "ruby", installed: []string{"3.1.2", "3.2.2"},
		files:   []string{".ruby-version"},
		missing: shimNeed("rbenv/libexec/rbenv"),
		setup: func(t *testing.T, w *shimWorld) {
			r := filepath.Join(w.home, ".rbenv")
			w.versions, w.join = filepath.Join(r, "versions"), filepath.Join(r, "versions")
			w.installVersions(t, w.join)
			shimWrite(t, filepath.Join(r, "version"), "3.1.2\n", 0o644)
			w.vars = map[string]string{"RBENV_ROOT": r, "RBENV_SHELL": "bash"}
			w.shims = filepath.Join(r, "shims")
			libexec := filepath.Join(w.tools, "rbenv", "libexec")
			w.afterShims = []string{libexec}
			shimRun(t, "", w.environ(w.path("")), filepath.Join(libexec, "rbenv"), "rehash")
		},
	},
	{
		name: "asdf", prog: "python3", tool: "python", installed: []string{"3.11.7", "3.12.1"},
		files:   []string{".tool-versions"},
		missing: shimNeed("bin/asdf"),
		setup: func(t *testing.T, w *shimWorld) {
			d := filepath.Join(w.home, ".asdf")
			w.versions, w.join = filepath.Join(d, "installs"), filepath.Join(d, "installs", "python")
			w.installVersions(t, w.join)
			// Stub plugins, as round 48's: asdf needs the plugin's
			// directory; the shim's logic is asdf's own.
			for _, s := range []string{"list-all", "download", "install"} {
				shimWrite(t, filepath.Join(d, "plugins", "python", "bin", s), "#!/bin/sh\necho 3.11.7 3.12.1\n", 0o755)
			}
			bin := filepath.Join(w.home, ".local", "bin")
			shimLink(t, filepath.Join(w.tools, "bin", "asdf"), filepath.Join(bin, "asdf"))
			shimWrite(t, filepath.Join(w.home, ".tool-versions"), "python 3.11.7\n", 0o644)
			w.vars = map[string]string{"ASDF_DATA_DIR": d}
			w.shims, w.afterShims = filepath.Join(d, "shims"), []string{bin}
			shimRun(t, "", w.environ(w.path("")), filepath.Join(bin, "asdf"), "reshim")
		},
	},
	{
		name: "mise", prog: "python3", tool: "python", installed: []string{"3.11.7", "3.12.1"},
		files: []string{
			".tool-versions", "mise.toml", ".mise.toml", ".config/mise.toml", ".config/mise/config.toml",
			"mise/config.toml", ".mise/config.toml", "mise.local.toml", ".mise.local.toml",
			".config/mise/conf.d/a.toml", ".rtx.toml", ".python-version",
		},
		missing: shimNeed("bin/mise"),
		setup: func(t *testing.T, w *shimWorld) {
			d := filepath.Join(w.home, ".local", "share", "mise")
			w.versions, w.join = filepath.Join(d, "installs"), filepath.Join(d, "installs", "python")
			w.installVersions(t, w.join)
			bin := filepath.Join(w.home, ".local", "bin")
			shimLink(t, filepath.Join(w.tools, "bin", "mise"), filepath.Join(bin, "mise"))
			shimWrite(t, filepath.Join(w.home, ".config", "mise", "config.toml"), "[tools]\npython = \"3.11.7\"\n", 0o644)
			w.vars = map[string]string{}
			w.shims, w.afterShims = filepath.Join(d, "shims"), []string{bin}
			shimRun(t, "", w.environ(w.path("")), filepath.Join(bin, "mise"), "reshim")
		},
	},
}

// shimNeed returns a missing func for a manager whose program is the
// file f of the tools directory.
func shimNeed(f string) func(string) string {
	return func(tools string) string {
		if st, err := os.Stat(filepath.Join(tools, f)); err != nil || st.Mode()&0o111 == 0 {
			return "no " + f
		}
		return ""
	}
}

// A shimWorld is one manager's scratch world.
type shimWorld struct {
	m          *shimManager
	tools      string
	root       string // the world: home, sys, elsewhere, the projects p/N
	home       string
	sys        string // the system's directory, on PATH after the shims
	elsewhere  string // a directory neither the project's nor the manager's
	versions   string // the manager's installs: what runs from below it is its own
	join       string // the directory the manager joins a version's name to
	shims      string
	afterShims []string // the manager's own directories of PATH, after the shims
	vars       map[string]string
}

// Markers the world's programs print, with their path.
const (
	shimReal      = "REAL"
	shimSystem    = "SYSTEM"
	shimPlanted   = "PLANTED"
	shimElsewhere = "ELSEWHERE"
	shimChild     = "shimoracle-child"
)

func newShimWorld(t *testing.T, m *shimManager, tools string) *shimWorld {
	root := t.TempDir()
	w := &shimWorld{m: m, tools: tools, root: root, home: filepath.Join(root, "home"),
		sys: filepath.Join(root, "sys"), elsewhere: filepath.Join(root, "elsewhere")}
	shimProgram(t, w.sys, m.prog, shimSystem)
	shimProgram(t, w.sys, shimChild, "CHILD-"+shimSystem)
	for _, d := range []string{w.elsewhere, filepath.Join(w.elsewhere, "bin")} {
		shimProgram(t, d, m.prog, shimElsewhere)
		shimProgram(t, d, shimChild, "CHILD-"+shimElsewhere)
	}
	m.setup(t, w)
	// The world works: without a version file the shim runs the
	// manager's default, a version of its own.
	proj := filepath.Join(root, "p", "base")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := w.runReal(proj, w.path(""))
	if r := shimClassify(w, out); r.ran != shimReal || r.bad != "" || err != nil {
		t.Fatalf("%s's world does not run its own version without a version file: %v\n%s", m.name, err, out)
	}
	if why := w.model(proj, proj, w.path("")); why != "" {
		t.Fatalf("the model does not know %s in %s's world without a version file: %s", m.prog, m.name, why)
	}
	return w
}

// installVersions makes the manager's installed versions below dir: each
// a bin directory whose program prints REAL.
func (w *shimWorld) installVersions(t *testing.T, dir string) {
	for _, v := range w.m.installed {
		shimProgram(t, filepath.Join(dir, v, "bin"), w.m.prog, shimReal)
	}
}

// path returns PATH: the shims, the manager's directories, extra (a
// relative or empty entry of the project's, or none), the system's.
func (w *shimWorld) path(extra string) string {
	dirs := append([]string{w.shims}, w.afterShims...)
	switch extra {
	case "rel":
		dirs = append(dirs, "bin")
	case "empty":
		dirs = append(dirs, "")
	}
	return strings.Join(append(dirs, w.sys, "/usr/bin", "/bin"), ":")
}

// env returns the environment the hook and the command both get.
func (w *shimWorld) env(path string) map[string]string {
	vars := map[string]string{"HOME": w.home, "PATH": path, "LANG": "C.UTF-8"}
	for k, v := range w.vars {
		vars[k] = v
	}
	return vars
}

func (w *shimWorld) environ(path string) []string {
	var l []string
	for k, v := range w.env(path) {
		l = append(l, k+"="+v)
	}
	slices.Sort(l)
	return l
}

// runReal runs the program through the shim in the directory dir.
func (w *shimWorld) runReal(dir, path string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", w.m.prog+" --version")
	cmd.Dir, cmd.Env = dir, w.environ(path)
	// A run that times out is ended with all it started (pyenv's shim is
	// a tree of bash processes holding the output's pipe).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		err = errShimTimeout
	}
	return string(out), err
}

var errShimTimeout = errors.New("timed out")

// shimModelMu serializes the model's evaluations: each is cheap.
var shimModelMu sync.Mutex

// model returns why the guard does not know the program in the directory
// cwd of the project proj, on the real file system; "" where it knows it.
func (w *shimWorld) model(proj, cwd, path string) string {
	shimModelMu.Lock()
	defer shimModelMu.Unlock()
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	env := varsEnv(osFS{}, w.env(path))
	env.Home = w.home
	x := Extract(w.m.prog+" --version", know, Limits{})
	e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: cwd}, env: env, root: proj, cwd: cwd, home: w.home}
	return e.inheritedEnv(&x.Cmds[len(x.Cmds)-1])
}

// A shimResult is what the real shim ran: the marker of the program
// (REAL, SYSTEM, PLANTED, ELSEWHERE; "" if none ran) and why that is not
// the manager's own version or the system's ("" if it is).
type shimResult struct{ ran, at, bad string }

func shimClassify(w *shimWorld, out string) shimResult {
	var r shimResult
	for _, line := range strings.Split(out, "\n") {
		mark, at, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		switch mark {
		case shimReal, shimSystem, shimPlanted, shimElsewhere:
			if r.ran == "" {
				r.ran, r.at = mark, at
			}
		case "CHILD-" + shimPlanted, "CHILD-" + shimElsewhere:
			r.bad = cmp.Or(r.bad, "ran a program that ran "+at+" by name")
		}
	}
	clean := filepath.Clean(r.at)
	switch {
	case r.ran == shimPlanted || r.ran == shimElsewhere:
		r.bad = "ran " + r.at
	case r.ran == shimReal && !strings.HasPrefix(clean, w.versions+"/"):
		r.bad = "ran " + r.at + ", not below " + w.versions
	case r.ran == shimSystem && filepath.Dir(clean) != w.sys:
		r.bad = "ran " + r.at + ", not the system's"
	}
	return r
}

// A shimCase is a project's version files and how the command runs.
type shimCase struct {
	files []shimFile
	sub   bool   // the command runs in the project's sub
	extra string // "rel" or "empty": a PATH entry of the project's after the shims
	trust bool   // mise: the user trusted the project's config files
}

type shimFile struct {
	name string // relative to the project
	text string // with {P}, {V}, {R}, {E} to fill in (render)
}

// render fills in a file's text for the project proj: {P} the project,
// {V} the project relative to the directory the manager joins versions
// to, {R} the root relative to it, {E} the elsewhere directory.
func (w *shimWorld) render(text, proj string) string {
	v, _ := filepath.Rel(w.join, proj)
	r, _ := filepath.Rel(w.join, "/")
	return strings.NewReplacer("{P}", proj, "{V}", v, "{R}", r, "{E}", w.elsewhere).Replace(text)
}

// makeProject lays out the case's project: the planted programs, the
// version files.
func (w *shimWorld) makeProject(t *testing.T, proj string, c shimCase) {
	for _, d := range []string{"fk/bin", "fk", "bin"} {
		shimProgram(t, filepath.Join(proj, d), w.m.prog, shimPlanted)
		shimProgram(t, filepath.Join(proj, d), shimChild, "CHILD-"+shimPlanted)
	}
	if err := os.MkdirAll(filepath.Join(proj, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	shimWrite(t, filepath.Join(proj, "fkenv"), "PATH="+proj+"/fk/bin:/usr/bin:/bin\n", 0o644)
	shimWrite(t, filepath.Join(proj, "fk", "x.sh"), "export PATH="+proj+"/fk/bin:$PATH\n", 0o644)
	for _, f := range c.files {
		shimWrite(t, filepath.Join(proj, f.name), w.render(f.text, proj), 0o644)
	}
}

// shimTally counts a manager's cases.
type shimTally struct {
	cases, known, notKnown, overStrict, caught, noRun, holes, timeouts int
}

func runShimOracle(t *testing.T, w *shimWorld, n int) {
	g := &shimGen{r: rand.New(rand.NewSource(int64(len(w.m.name))*7919 + 49)), m: w.m}
	cases := make([]shimCase, n)
	for i := range cases {
		cases[i] = g.project()
	}
	type result struct {
		c    shimCase
		proj string
		why  string
		out  string
		res  shimResult
		took time.Duration
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range goruntime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := cases[i]
				proj := filepath.Join(w.root, "p", fmt.Sprint(i))
				w.makeProject(t, proj, c)
				cwd := proj
				if c.sub {
					cwd = filepath.Join(proj, "sub")
				}
				if c.trust {
					shimRun(t, cwd, w.environ(w.path(c.extra)), filepath.Join(w.home, ".local", "bin", "mise"), "trust", "--all", "--quiet")
				}
				start := time.Now()
				out, err := w.runReal(cwd, w.path(c.extra))
				if err == errShimTimeout {
					out += "\n(timed out)"
				}
				took := time.Since(start)
				results[i] = result{c, proj, w.model(proj, cwd, w.path(c.extra)), out, shimClassify(w, out), took}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()

	var tally shimTally
	for i, r := range results {
		tally.cases++
		desc := fmt.Sprintf("%s case %d (in %s, PATH extra %q, trusted %v)", w.m.name, i, map[bool]string{false: ".", true: "sub"}[r.c.sub], r.c.extra, r.c.trust)
		for _, f := range r.c.files {
			desc += fmt.Sprintf("\n\t%s: %q", f.name, w.render(f.text, r.proj))
		}
		if strings.HasSuffix(r.out, "(timed out)") {
			tally.timeouts++
		}
		if r.took > 10*time.Second {
			t.Logf("slow (%v): %s\n\toutput: %q", r.took.Round(time.Second), desc, r.out)
		}
		switch {
		case r.why == "" && r.res.bad != "":
			tally.known++
			tally.holes++
			t.Errorf("HOLE: the model knows %s, but the real %s %s\n%s\n\toutput: %q", w.m.prog, w.m.name, r.res.bad, desc, r.out)
		case r.why == "":
			tally.known++
		case r.res.bad != "":
			tally.notKnown++
			tally.caught++
		case r.res.ran == "":
			tally.notKnown++
			tally.noRun++
			if testing.Verbose() {
				t.Logf("nothing ran: %s\n\toutput: %q", desc, r.out)
			}
		default:
			tally.notKnown++
			tally.overStrict++
			if testing.Verbose() {
				t.Logf("over-strict: the model: %s; the real %s ran %s %s\n%s", r.why, w.m.name, r.res.ran, r.res.at, desc)
			}
		}
	}
	t.Logf("%s: %d cases: known %d (holes %d), not known %d (the manager ran a planted program %d, nothing ran %d, its own or the system's: over-strict %d); timed out %d",
		w.m.name, tally.cases, tally.known, tally.holes, tally.notKnown, tally.caught, tally.noRun, tally.overStrict, tally.timeouts)
}

// shimProgram writes a program named name into dir that prints mark and
// its path, and, for a version's or the system's program, runs the child
// by name.
func shimProgram(t *testing.T, dir, name, mark string) {
	text := "#!/bin/sh\necho \"" + mark + " $0\"\n"
	if mark == shimReal || mark == shimSystem {
		text += shimChild + " 2>/dev/null\n"
	}
	shimWrite(t, filepath.Join(dir, name), text, 0o755)
}

func shimWrite(t *testing.T, f, text string, mode os.FileMode) {
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

func shimLink(t *testing.T, target, link string) {
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// shimRun runs a setup command, failing the test if it fails.
func shimRun(t *testing.T, dir string, env []string, prog string, args ...string) {
	cmd := exec.Command(prog, args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
}

// shimGen generates version files from the managers' grammars: pyenv's
// version-file-read (a word per line, # comments, IFS with CR, lines read
// 1024 characters at a time), rbenv's (the first word of the file, no
// comments, globbing), asdf's .tool-versions (tool and versions split at
// spaces only, # cuts a line, path: ref: system), mise's .tool-versions
// and TOML ([tools] with strings, arrays, inline tables; [env], settings
// and the top-level keys beside it).
type shimGen struct {
	r *rand.Rand
	m *shimManager
}

func (g *shimGen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }
func (g *shimGen) chance(p float64) bool    { return g.r.Float64() < p }

// plain returns a word the model calls a plain version.
func (g *shimGen) plain() string {
	in := g.m.installed
	return g.pick(in[0], in[0], in[1], "system", "latest", "3", "3.11", "3.9.9", g.m.tool+"-"+in[1],
		"lts", "stable", in[0]+"-dev", "v"+in[1], in[1]+"+b1", "a_b", "3t", "3.13t", "python", "ruby", "x")
}

// hostile returns a word that names a path, a backend, an option or
// something else the managers may read otherwise.
func (g *shimGen) hostile() string {
	return g.pick(
		"path:./fk", "path:fk", "path:{P}/fk", "path:/proc/self/cwd/fk", "path:{E}", "path:../fk", "path:{V}/fk",
		"ref:v1", "ref:{V}/fk", "./fk", "fk", "fk/", "../fk", "{V}/fk", "{V}/fk/", "{R}/proc/self/cwd/fk",
		"{R}{P}/fk", "{P}/fk", "/proc/self/cwd/fk", "{E}", "..", ".", "./", "...", "-", "--", "-v", "--help",
		"-f", "*", "3.1*", "$HOME", "~", "prefix:3", "sub-1:latest", "latest:3", "npm:fk", "cargo:fk",
		"asdf:fk", "vfox:fk", "ubi:fk/fk", "core:python", "python@3", g.m.installed[0]+"/.",
		g.m.installed[0]+"/..", g.m.installed[0]+"/../"+g.m.installed[1], "３.１１", "3.11.7\u200b", "é",
		"system/../../fk", "{V}/fk#x", "3.11.7#/../x",
	)
}

// sep returns what separates words: blanks the managers split at, and
// characters the model's bytes.Fields splits at that they may not.
func (g *shimGen) sep() string {
	if g.chance(0.8) {
		return g.pick(" ", " ", "  ", "\t", " \t ")
	}
	return g.pick("\v", "\f", "\u00a0", "\u3000", "\u2028", "\u0085")
}

// words returns a line's words; hostile is the chance of each word being
// one (the plain mode has hostile words only in comments).
func (g *shimGen) words(k int, hostile float64) []string {
	var ws []string
	for range k {
		if g.chance(hostile) {
			ws = append(ws, g.hostile())
		} else {
			ws = append(ws, g.plain())
		}
	}
	return ws
}

// comment returns a comment to end a line with, or "".
func (g *shimGen) comment() string {
	if !g.chance(0.25) {
		return ""
	}
	return g.pick(" #", "#", " # ", "\t#") + g.pick("", " comment", g.hostile(), " "+g.hostile(), "#")
}

// long returns padding that puts the next word across a 1024 boundary
// (pyenv reads a line 1024 characters at a time, rbenv cuts it there).
func (g *shimGen) long() string {
	if g.chance(0.5) {
		return strings.Repeat(" ", 1000+g.r.Intn(30))
	}
	return strings.Repeat("1", 1000+g.r.Intn(30)) + g.sep()
}

// lines assembles a file of lines with one end of line (CR alone with
// the chance cr; or none at the end), maybe a BOM.
func (g *shimGen) lines(ls []string, cr float64) string {
	eol := g.pick("\n", "\n", "\r\n")
	if g.chance(cr) {
		eol = "\r"
	}
	var b strings.Builder
	if g.chance(0.08) {
		b.WriteString("\ufeff")
	}
	for i, l := range ls {
		b.WriteString(l)
		if i < len(ls)-1 || !g.chance(0.2) {
			b.WriteString(eol)
		}
	}
	return b.String()
}

// versionFile returns the text of a .python-version or .ruby-version.
func (g *shimGen) versionFile(hostile float64) string {
	var ls []string
	for range 1 + g.r.Intn(4) {
		var l string
		switch {
		case g.chance(0.15):
			l = g.pick("", " ", "\t", "#", "# "+g.hostile())
		default:
			if g.chance(0.1) {
				l = g.long()
			} else if g.chance(0.15) {
				l = g.pick(" ", "\t")
			}
			l += strings.Join(g.words(1+g.r.Intn(2), hostile), g.sep())
			if g.chance(0.08) {
				l += g.pick("#", "") + g.hostile()
			}
			l += g.comment()
		}
		ls = append(ls, l)
	}
	return g.lines(ls, 0.15)
}

// toolVersions returns the text of a .tool-versions.
func (g *shimGen) toolVersions(hostile float64) string {
	var ls []string
	for range 1 + g.r.Intn(4) {
		if g.chance(0.12) {
			ls = append(ls, g.pick("", " ", "# "+g.hostile(), "#"+g.m.tool+" "+g.hostile()))
			continue
		}
		tool := g.m.tool
		if g.chance(0.2) {
			tool = g.pick("nodejs", "golang", "ruby", "python3", "core:python", "py.thon", "-python", "PYTHON", g.m.tool+"#x", "asdf:python", "ubi:fk/fk")
		}
		l := tool + g.sep()
		if g.chance(0.08) {
			l += g.long()
		}
		l += strings.Join(g.words(1+g.r.Intn(3), hostile), g.sep()) + g.comment()
		if g.chance(0.1) {
			l = g.pick(" ", "\t") + l
		}
		ls = append(ls, l)
	}
	return g.lines(ls, 0.15)
}

// tomlValue returns a TOML value of versions: a string, an array, an
// inline table, a literal or multi-line string.
func (g *shimGen) tomlValue(hostile float64) string {
	w := g.words(1, hostile)[0]
	switch g.r.Intn(10) {
	case 0:
		return "[\"" + w + "\", \"" + g.words(1, hostile)[0] + "\"]"
	case 1:
		return "{ version = \"" + w + "\" }"
	case 2:
		return g.pick("'"+w+"'", "\"\"\""+w+"\"\"\"", "\""+w+"\" # c", "[\n  \""+w+"\",\n]", "\"path\\u003a{P}/fk\"")
	case 3:
		return "[\"" + w + "\"]"
	}
	return "\"" + w + "\""
}

// miseToml returns the text of a mise settings file.
func (g *shimGen) miseToml(hostile float64) string {
	var ls []string
	if g.chance(0.1) {
		ls = append(ls, g.pick("min_version = \"2024.1.0\"", "env_file = \"fkenv\"", "dotenv = \"fkenv\"", "env_path = [\"fk/bin\"]", "env_path = [\"fk\"]"))
	}
	header := "[tools]"
	if g.chance(0.15) {
		header = g.pick("[ tools ]", "[tools] # t", "[tools.python]", "[env]", "[settings]", "[alias]", "[tool_alias]", "", "[[tools]]")
	}
	ls = append(ls, header)
	var keys []string // a key twice is invalid TOML, which mise refuses whole
	for range 1 + g.r.Intn(3) {
		if g.chance(0.1) {
			ls = append(ls, g.pick("", "# "+g.hostile(), "  "))
			continue
		}
		key := g.m.tool
		if g.chance(0.2) || slices.Contains(keys, key) {
			key = g.pick("python3", "\"python\"", "'python'", "\"core:python\"", "tools.python", "node", "go", "version", "_.path", "PATH", "env_file", "path")
		}
		if slices.Contains(keys, key) {
			continue
		}
		keys = append(keys, key)
		ls = append(ls, key+g.pick(" = ", "=", "\t=\t", "  =  ")+g.tomlValue(hostile))
	}
	if g.chance(0.1) {
		ls = append(ls, g.pick("[env]\n_.path = \"fk/bin\"", "[env]\nPATH = \"{P}/fk/bin:/usr/bin:/bin\"", "[env]\n_.source = \"fk/x.sh\"",
			"[env]\n_.file = \"fkenv\"", "[settings]\nexperimental = true", "[tasks.x]\nrun = \"fk/bin/python3\""))
	}
	return g.lines(ls, 0.01)
}

// project returns a case: a version file or two, where the command runs,
// PATH, trust.
func (g *shimGen) project() shimCase {
	var c shimCase
	hostile := 0.0
	if g.chance(0.5) {
		hostile = 0.3
	}
	for range 1 + g.r.Intn(2) {
		name := g.pick(g.m.files...)
		var text string
		switch {
		case name == ".tool-versions":
			text = g.toolVersions(hostile)
		case strings.HasSuffix(name, ".toml"):
			text = g.miseToml(hostile)
		default:
			text = g.versionFile(hostile)
		}
		c.sub = c.sub || g.chance(0.2)
		if c.sub && g.chance(0.3) {
			name = "sub/" + name
		}
		if !slices.ContainsFunc(c.files, func(f shimFile) bool { return f.name == name }) {
			c.files = append(c.files, shimFile{name, text})
		}
	}
	if g.chance(0.1) {
		c.extra = g.pick("rel", "empty")
	}
	c.trust = g.m.name == "mise" && g.chance(0.3)
	return c
}
