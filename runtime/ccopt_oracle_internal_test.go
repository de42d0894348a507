package runtime

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestCcOptionOracle is the differential oracle of the C compilers' command
// knowledge (_cc and _ccLong in cue/schema/commands.cue; design.md 317, 428):
// which options of gcc read, write, run or load a file.
//
// The generator is gcc's own grammar, read from gcc at test time: the
// options `gcc --completion=-` prints (every option of every front end,
// the driver's long aliases, the --X it maps to -fX and the --warn-X and
// --machine-X it maps), which of them `--help=joined` and
// `--help=separate` say take a value, and which speak of a file, a
// directory, a program, a plugin, a dump or a profile in their name or
// help. It makes three kinds of lines. The sweep: every option that takes
// a value, every driver alias and every option about files, given a value
// that names nothing yet ($B/out/probe). Those gcc's driver rejects (gcc
// -###) are dropped; those it takes without a value (the value is then a
// linker input) run three a line in a seeded order (each alone where gcc
// fails the line or writes no output); the others run once with the
// probe, and those whose value gcc then names in a system call (an open, a
// stat, an exec; not as it names an operand) use it as a path: each runs
// again with a value of each kind, a canary (.env in the project, a file
// outside it), a shared object, two of the programs, prefixes of programs
// and specs files outside the project that run one, a place outside it to
// write. Then random lines: one or two options of the whole grammar in
// gcc's spellings (-fX, -fno-X, --X and --no-X for -fX, unique prefixes of
// the long ones, a value after =, in the next word or attached) with
// values of every kind and files of the project. Each line compiles (-c),
// assembles (-S), preprocesses (-E) or links x.c in a scratch project.
//
// gcc is the judge: each line runs under strace -f and what it did is read
// from the trace. A file it read that is a canary or lies outside the
// project (not the system's, the toolchain's or a temporary), a file it
// wrote or removed (not a temporary), a program it ran that is not the
// system's, a shared object it loaded with dlopen: the model (commandUnit
// on the same line, before it runs) must call the line not known or, for a
// read or a write, list that file among its reads or writes (a write below
// a directory it lists counts); a program run or a shared object loaded
// must be not known. Each disagreement is reported with its line made
// minimal. Lines run two at a time, each in a world of its own.
// HOOKC_CCOPT_ORACLE_N sets the number of random lines (default 100, 30
// with -short, which also sweeps a quarter of the options),
// HOOKC_CCOPT_ORACLE_SEED the seed, HOOKC_CCOPT_ORACLE_V=1 logs each line.
func TestCcOptionOracle(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		testenv.Missing(t, "no gcc command")
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		testenv.Missing(t, "no strace command")
	}
	if out, err := exec.Command(strace, "-f", "-qq", "-e", "trace=execve", "-o", "/dev/null", "true").CombinedOutput(); err != nil {
		testenv.Missingf(t, "strace cannot trace here: %v\n%s", err, out)
	}
	n := testenv.Count(t, "HOOKC_CCOPT_ORACLE_N", 100, 30)
	seed := oracleEnvSeed(t, "HOOKC_CCOPT_ORACLE_SEED", 429)
	o := &ccOracle{t: t, g: newCcGrammar(t, gcc), r: rand.New(rand.NewPCG(seed, 1)), verbose: os.Getenv("HOOKC_CCOPT_ORACLE_V") != ""}
	so := ccPlugin(t, gcc)
	for range 2 {
		o.worlds = append(o.worlds, newCcWorld(t, gcc, strace, so))
	}
	sweep := o.g.sweep
	if testing.Short() {
		sweep = slices.Collect(func(yield func(string) bool) {
			for i := 0; i < len(sweep); i += 4 {
				if !yield(sweep[i]) {
					return
				}
			}
		})
	}
	start := time.Now()
	taken, flags := o.accept(sweep)
	accepted := time.Since(start)
	uses := o.probe(taken)
	probed := time.Since(start)
	var lines [][][]string
	var names []string
	for _, f := range uses {
		lines = append(lines, o.useLines(f)...)
		names = append(names, f.name)
	}
	for range n {
		lines = append(lines, o.g.random(o.r))
	}
	o.checkAll(lines, false)
	o.flagLines(flags)
	t.Logf("gcc -### on the sweep %v, the probe lines %v, the rest %v", accepted.Round(time.Second), (probed - accepted).Round(time.Second), (time.Since(start) - probed).Round(time.Second))
	t.Logf("gcc option oracle: %d options swept: gcc's driver takes %d with a value, %d of which use it as a path (%s), each run with values of each kind, and %d without one; %d random lines; %s",
		len(sweep), len(taken), len(uses), strings.Join(names, " "), len(flags), n, &o.st)
	for _, k := range []string{"read", "write", "exec", "load"} {
		if o.st.effects[k] == 0 && !testing.Short() {
			t.Errorf("no line made gcc %s a file: %v", k, o.st.effects)
		}
	}
}

// oracleEnvSeed is the seed the variable name gives, or def.
func oracleEnvSeed(t *testing.T, name string, def uint64) uint64 {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// A ccOracle runs lines in its worlds and reports where the model and gcc
// disagree.
type ccOracle struct {
	t       *testing.T
	g       *ccGrammar
	r       *rand.Rand
	worlds  []*ccWorld
	verbose bool
	mu      sync.Mutex
	st      ccStats
}

// checkAll runs the lines, each in one of the worlds, and returns what
// each did; look traces the calls that look a path up too (probe).
func (o *ccOracle) checkAll(lines [][][]string, look bool) []ccResult {
	res := make([]ccResult, len(lines))
	for _, w := range o.worlds {
		w.look = look
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for _, w := range o.worlds {
		wg.Go(func() {
			for i := range next {
				res[i] = o.check(w, lines[i])
			}
		})
	}
	for i := range lines {
		next <- i
	}
	close(next)
	wg.Wait()
	return res
}

// check runs one line, counts it and reports a disagreement on its
// minimal line.
func (o *ccOracle) check(w *ccWorld, groups [][]string) ccResult {
	t := o.t
	res := w.judge(t, groups)
	o.mu.Lock()
	o.st.add(res)
	o.mu.Unlock()
	if o.verbose {
		t.Logf("exit %d: gcc %s: %v; the model: %s", res.exit, ccJoin(groups), res.effects, res.model)
	}
	if len(res.missed) == 0 {
		return res
	}
	small := w.minimize(t, groups)
	m := w.judge(t, small)
	if len(m.missed) == 0 {
		m = res // the smaller line agrees again: report the first
		small = groups
	}
	var what []string
	for _, f := range m.missed {
		if len(what) == 3 {
			what = append(what, fmt.Sprintf("and %d more", len(m.missed)-3))
			break
		}
		what = append(what, fmt.Sprintf("%s %s (%s)", f.kind, f.path, f.evidence))
	}
	t.Errorf("DISAGREE gcc %s: gcc did %s; the model: %s", ccJoin(small), strings.Join(what, "; "), m.model)
	return res
}

// A ccForm is an option and how it takes its value.
type ccForm struct {
	name string
	how  int  // 0 attached, 1 after =, 2 the next word
	link bool // the linker is given its value
}

func (f ccForm) with(v string) []string {
	switch f.how {
	case 1:
		return []string{f.name + "=" + v}
	case 2:
		return []string{f.name, v}
	}
	return []string{f.name + v}
}

// form is how the sweep gives the option o its value.
func (g *ccGrammar) form(o string) ccForm {
	stem := strings.TrimSuffix(o, "=")
	switch {
	case strings.HasSuffix(o, "=") || strings.HasSuffix(o, ",") || strings.HasSuffix(o, "-"):
		return ccForm{o, 0, false}
	case g.sep[stem]:
		return ccForm{o, 2, false}
	case g.joined[stem] && strings.HasPrefix(o, "--"):
		return ccForm{o, 1, false}
	case g.joined[stem]:
		return ccForm{o, 0, false}
	}
	return ccForm{o, 2, false}
}

// accept returns the forms of the options that gcc's driver takes with a
// path for their value: gcc -### -c says nothing of an unrecognized
// option, a missing value or a linker input (it still reads a specs
// file); link says gcc -### gives the linker the value. flags are those
// that take no value: the value is an operand, a linker input.
func (o *ccOracle) accept(sweep []string) (taken []ccForm, flags []string) {
	forms := make([]ccForm, len(sweep))
	ok := make([]bool, len(sweep))
	flag := make([]bool, len(sweep))
	var wg sync.WaitGroup
	for k, w := range o.worlds {
		wg.Go(func() {
			for i := k; i < len(sweep); i += len(o.worlds) {
				forms[i] = o.g.form(sweep[i])
				probe := filepath.Join(w.base, "out", "probe")
				dry := func(mode ...string) []byte {
					cmd := exec.Command(w.gcc, slices.Concat([]string{"-###"}, forms[i].with(probe), mode)...)
					cmd.Dir, cmd.Env = w.proj, w.env()
					out, _ := cmd.CombinedOutput()
					return out
				}
				out := dry("-c", "x.c")
				ok[i] = !bytes.Contains(out, []byte("unrecognized")) && !bytes.Contains(out, []byte("missing"))
				flag[i] = ok[i] && bytes.Contains(out, []byte("linker input file"))
				if ok[i] = ok[i] && !flag[i]; !ok[i] {
					continue
				}
				for _, l := range bytes.Split(dry("x.c"), []byte("\n")) {
					forms[i].link = forms[i].link || bytes.Contains(l, []byte("collect2")) && bytes.Contains(l, []byte(probe))
				}
			}
		})
	}
	wg.Wait()
	for i, name := range sweep {
		switch {
		case ok[i]:
			taken = append(taken, forms[i])
		case flag[i]:
			flags = append(flags, name)
		}
	}
	return taken, flags
}

// probe runs each option with a value that names nothing yet ($B/out/probe)
// and returns those whose value gcc names in a system call, whatever the
// call returned, unless gcc makes the same call for an operand of that
// name (an option that takes no value leaves the next word an operand;
// gcc compares the inputs with the output -o names). The probe lines are
// judged as any other.
func (o *ccOracle) probe(taken []ccForm) []ccForm {
	const probe = "$B/out/probe"
	sig := func(c ccTouch) string {
		return fmt.Sprint(c.prog, "|", strings.ReplaceAll(c.path, probe, "@"), "|", c.write)
	}
	operand := map[string]bool{}
	for _, res := range o.checkAll([][][]string{{{probe}, {"x.c"}}, {{"-o", "OUT"}, {probe}, {"x.c"}}, {{probe}, {"-c", "x.c"}}, {{"-o", "OUT"}, {probe}, {"-c", "x.c"}}}, true) {
		for _, c := range res.touched {
			operand[sig(c)] = true
		}
	}
	lines := make([][][]string, len(taken))
	for i, f := range taken {
		mode := []string{"-c", "x.c"}
		if f.link {
			mode = []string{"x.c"}
		}
		lines[i] = [][]string{f.with(probe), mode}
	}
	var uses []ccForm
	for i, res := range o.checkAll(lines, true) {
		f := taken[i]
		k := slices.IndexFunc(res.touched, func(c ccTouch) bool {
			return strings.Contains(c.path, probe) && !(f.how == 2 && operand[sig(c)])
		})
		if k >= 0 {
			uses = append(uses, f)
			if o.verbose {
				o.t.Logf("%s uses its value: %s", f.name, sig(res.touched[k]))
			}
		}
	}
	return uses
}

// flagLines runs the options that take no value, three a line in a
// seeded order, compiling, assembling or linking x.c; where gcc fails the
// line or writes no output (one option may hide what the others do:
// --version), each alone. (One may still undo another: --debug=stabs after
// --debug=split-dwarf.)
func (o *ccOracle) flagLines(flags []string) {
	var lines [][][]string
	outs := map[string]string{"-c": "$B/p/x.o", "-S": "$B/p/x.s", "x.c": "$B/p/a.out"}
	flags = slices.Clone(flags)
	o.r.Shuffle(len(flags), func(i, j int) { flags[i], flags[j] = flags[j], flags[i] })
	for i := 0; i < len(flags); i += 3 {
		var groups [][]string
		for _, f := range flags[i:min(i+3, len(flags))] {
			groups = append(groups, []string{f})
		}
		lines = append(lines, append(groups, ccModes[o.r.IntN(3)]))
	}
	var again [][][]string
	for i, res := range o.checkAll(lines, false) {
		mode := lines[i][len(lines[i])-1]
		if res.exit == 0 && slices.ContainsFunc(res.effects, func(f ccEffect) bool { return f.kind == "write" && f.path == outs[mode[0]] }) {
			continue
		}
		for _, g := range lines[i][:len(lines[i])-1] {
			again = append(again, [][]string{g, mode})
		}
	}
	o.checkAll(again, false)
}

// ccModes are what a line does with x.c: compile, link, assemble,
// preprocess.
var ccModes = [][]string{{"-c", "x.c"}, {"x.c"}, {"-S", "x.c"}, {"-E", "x.c"}}

// useLines are the lines of the option f, whose value gcc uses as a path,
// with a value of each kind: a canary, a shared object, two of the
// programs, prefixes and specs files, a place outside to write; its long
// spelling cut to a prefix now and then.
func (o *ccOracle) useLines(f ccForm) [][][]string {
	var lines [][][]string
	tools := slices.Clone(ccValues[4])
	o.r.Shuffle(len(tools), func(i, j int) { tools[i], tools[j] = tools[j], tools[i] })
	for k, kind := range []int{1, 3, 4, 4, 2} {
		vals := ccValues[kind]
		if kind == 4 {
			vals = tools[k-2 : k-1] // two programs, prefixes or specs files
		}
		g := f
		if strings.HasPrefix(g.name, "--") {
			g.name = ccPrefix(o.r, g.name)
		}
		lines = append(lines, [][]string{g.with(vals[o.r.IntN(len(vals))]), ccModes[o.r.IntN(len(ccModes))]})
	}
	return lines
}

// A ccWorld is a scratch project and what lies around it, rebuilt before
// each line.
type ccWorld struct {
	gcc, strace string
	base        string // $B
	proj        string // $B/p
	home, tmp   string
	log         string
	files       []ccFile
	so          []byte // a gcc plugin that does nothing
	look        bool   // trace the calls that look a path up too
}

type ccFile struct {
	rel     string // below base
	content string
	mode    os.FileMode // 0 for a directory
	so      bool        // the plugin's bytes
}

// ccPlugin builds a gcc plugin that does nothing.
func ccPlugin(t *testing.T, gcc string) []byte {
	t.Helper()
	dir := t.TempDir()
	src, so := filepath.Join(dir, "plug.c"), filepath.Join(dir, "plug.so")
	if err := os.WriteFile(src, []byte("int plugin_is_GPL_compatible;\nint plugin_init(void *a, void *b) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-shared", "-fPIC", "-o", so, src).CombinedOutput(); err != nil {
		t.Fatalf("building a plugin: %v\n%s", err, out)
	}
	b, err := os.ReadFile(so)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newCcWorld(t *testing.T, gcc, strace string, so []byte) *ccWorld {
	t.Helper()
	base := t.TempDir()
	if p, err := filepath.EvalSymlinks(base); err == nil {
		base = p
	}
	w := &ccWorld{gcc: gcc, strace: strace, base: base, proj: filepath.Join(base, "p"), so: so,
		home: filepath.Join(base, "home"), tmp: filepath.Join(base, "tmp"), log: filepath.Join(base, "log")}
	script := func(prog string) string { return "#!/bin/sh\nexec " + prog + " \"$@\"\n" }
	prog := func(name string) string {
		out, _ := exec.Command(gcc, "-print-prog-name="+name).Output()
		return strings.TrimSpace(string(out))
	}
	w.files = []ccFile{
		{rel: "p"}, {rel: "p/sub"}, {rel: "out"}, {rel: "lib"}, {rel: "tools"}, {rel: "home"}, {rel: "tmp"}, {rel: "log"},
		{rel: "p/x.c", content: "int main(void) { return 0; }\n", mode: 0o644},
		{rel: "p/h.h", content: "#define H 1\n", mode: 0o644},
		{rel: "p/sub/y.h", content: "#define Y 1\n", mode: 0o644},
		{rel: "p/.env", content: "CANARY_ENV=1\n", mode: 0o600},
		{rel: "p/plug.so", mode: 0o755, so: true},
		{rel: "secret.txt", content: "CANARY_OUTSIDE=1\n", mode: 0o600},
		{rel: "lib/plug.so", mode: 0o755, so: true},
		{rel: "tools/as", content: script("/usr/bin/as"), mode: 0o755},
		{rel: "tools/ld", content: script("/usr/bin/ld"), mode: 0o755},
		{rel: "tools/cc1", content: script(prog("cc1")), mode: 0o755},
		{rel: "tools/collect2", content: script(prog("collect2")), mode: 0o755},
		{rel: "tools/wrap", content: "#!/bin/sh\nexec \"$@\"\n", mode: 0o755},
		// A specs file that assembles with tools/as.
		{rel: "tools/run.specs", content: "*invoke_as:\n%{!S:-o %|.s |\n " + filepath.Join(base, "tools/as") + " %(asm_options) %m.s %A }\n\n", mode: 0o644},
	}
	if err := w.reset(); err != nil {
		t.Fatal(err)
	}
	return w
}

// reset makes the world as it was before any line ran.
func (w *ccWorld) reset() error {
	ents, err := os.ReadDir(w.base)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if err := os.RemoveAll(filepath.Join(w.base, e.Name())); err != nil {
			return err
		}
	}
	for _, f := range w.files {
		p := filepath.Join(w.base, f.rel)
		switch {
		case f.mode == 0:
			err = os.MkdirAll(p, 0o755)
		case f.so:
			err = os.WriteFile(p, w.so, f.mode)
		default:
			err = os.WriteFile(p, []byte(f.content), f.mode)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// pristine reports whether the absolute path p is one of the world's
// files (not a directory), as it was before the line ran.
func (w *ccWorld) pristine(p string) bool {
	return slices.ContainsFunc(w.files, func(f ccFile) bool { return f.mode != 0 && filepath.Join(w.base, f.rel) == p })
}

// canary reports whether p is a file no compile should read.
func (w *ccWorld) canary(p string) bool {
	return p == filepath.Join(w.proj, ".env") || p == filepath.Join(w.base, "secret.txt")
}

// ccValues are the values the generator gives options, by kind: files of
// the project, canaries, places outside it to write, shared objects,
// programs and a specs file that runs one, words; $B stands for the
// world's base.
var ccValues = [][]string{
	{"x.c", "h.h", "sub", ".", "OUT", "sub/OUT", "x.o", "plug.so"},
	{".env", "./.env", "../secret.txt", "$B/secret.txt"},
	{"$B/out/OUT", "../out/OUT", "$B/out/", "../out"},
	{"./plug.so", "$B/lib/plug.so", "../lib/plug.so"},
	{"$B/tools/", "$B/tools", "../tools/", "$B/lib", "$B/tools/wrap", "$B/tools/run.specs"},
	{"c", "all", "1", "none", "x", "gnu99", "plug"},
}

func ccValue(r *rand.Rand) string {
	kind := ccValues[r.IntN(len(ccValues))]
	return kind[r.IntN(len(kind))]
}

// ccJoin is the words of the option groups as a line for bash.
func ccJoin(groups [][]string) string {
	var ws []string
	for _, g := range groups {
		for _, x := range g {
			ws = append(ws, ccQuote(x))
		}
	}
	return strings.Join(ws, " ")
}

var ccPlain = regexp.MustCompile(`^[A-Za-z0-9_./=+,:@%#$-]+$`)

func ccQuote(x string) string {
	if ccPlain.MatchString(x) && !strings.HasPrefix(x, "#") {
		return x
	}
	return "'" + strings.ReplaceAll(x, "'", `'\''`) + "'"
}

// A ccGrammar is gcc's option grammar, as gcc prints it.
type ccGrammar struct {
	short   []string // single-dash options of --completion (a trailing = takes a value)
	long    []string // the driver's own long options (--write-dependencies, --prefix=)
	mapped  []string // the long forms it maps (--warn-X, --machine-X, --std=...)
	fopts   []string // -fX options, for their --X, --no-X and -fno-X spellings
	fileish []string // options that speak of files, programs or dumps
	// valuedOpts are the options --help=joined and --help=separate list;
	// sweep those with values, the driver's long ones and those about
	// files.
	valuedOpts, sweep []string
	all               map[string]bool // every option of --completion
	joined, sep       map[string]bool
}

func newCcGrammar(t *testing.T, gcc string) *ccGrammar {
	t.Helper()
	out, err := exec.Command(gcc, "--completion=-").Output()
	if err != nil {
		t.Fatalf("gcc --completion=-: %v", err)
	}
	g := &ccGrammar{joined: map[string]bool{}, sep: map[string]bool{}, all: map[string]bool{}}
	for _, o := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if o != "" && !strings.Contains(o, " ") && !strings.HasPrefix(o, "--param") {
			g.all[o] = true
		}
	}
	for o := range g.all {
		long, isLong := strings.CutPrefix(o, "--")
		switch {
		case strings.HasPrefix(o, "--warn-") || strings.HasPrefix(o, "--machine") || strings.HasPrefix(o, "--std") || strings.HasPrefix(o, "--optimize="):
			g.mapped = append(g.mapped, o)
		case isLong && (g.all["-f"+long] || strings.HasPrefix(long, "no-") && g.all["-fno-"+long[3:]]):
			// the driver's --X for -fX: respell makes them
		case isLong:
			g.long = append(g.long, o)
		default:
			g.short = append(g.short, o)
			if strings.HasPrefix(o, "-f") && !strings.HasPrefix(o, "-fno-") {
				g.fopts = append(g.fopts, o)
			}
		}
	}
	for _, l := range [][]string{g.mapped, g.long, g.short, g.fopts} {
		slices.Sort(l)
	}
	g.help(t, gcc)
	g.sweepList()
	if len(g.short) < 1000 || len(g.long) < 50 || len(g.fileish) < 50 || len(g.sweep) < 100 {
		t.Fatalf("gcc's grammar is too small: %d options, %d long, %d about files, %d to sweep", len(g.short), len(g.long), len(g.fileish), len(g.sweep))
	}
	return g
}

var ccFileish = regexp.MustCompile(`(?i)file|dir|path|program|plugin|dump|profile|output|prefix|spec|sysroot|linker|assembler|wrapper|write|record|save|map|coverage|usage|info|trace|report`)

// help reads gcc's help for the options that take a value (joined,
// separate) and those that speak of files or programs.
func (g *ccGrammar) help(t *testing.T, gcc string) {
	t.Helper()
	head := regexp.MustCompile(`^  (-[^ <\[]+)(.*)$`)
	fileish := map[string]bool{}
	for _, class := range []string{"common", "optimizers", "warnings", "joined", "separate", "undocumented", "target", "c", "driver"} {
		args := []string{"--help=" + class}
		if class == "driver" {
			args = []string{"-v", "--help"}
		}
		out, _ := exec.Command(gcc, args...).Output()
		for _, l := range strings.Split(string(out), "\n") {
			m := head.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			name := strings.TrimSuffix(m[1], "=")
			switch class {
			case "joined":
				g.joined[name] = true
			case "separate":
				g.sep[name] = true
			}
			if !ccFileish.MatchString(m[0]) {
				continue
			}
			for _, o := range []string{name, name + "="} {
				if g.all[o] && (!strings.HasPrefix(o, "--") || slices.Contains(g.long, o)) {
					fileish[o] = true
				}
			}
		}
	}
	for _, o := range slices.Concat(g.short, g.long) {
		if ccFileish.MatchString(o) {
			fileish[o] = true
		}
	}
	for o := range fileish {
		g.fileish = append(g.fileish, o)
	}
	slices.Sort(g.fileish)
	for o := range g.all {
		if stem := strings.TrimSuffix(o, "="); g.joined[stem] || g.sep[stem] {
			g.valuedOpts = append(g.valuedOpts, o)
		}
	}
	slices.Sort(g.valuedOpts)
}

// sweepList lists the options the sweep tries: those that take a value
// (but warnings' and the machine's, whose values are numbers and names),
// the driver's long ones and those about files.
func (g *ccGrammar) sweepList() {
	for _, o := range slices.Concat(g.short, g.long) {
		plain := !strings.HasPrefix(o, "-W") && !strings.HasPrefix(o, "-m") && !strings.HasPrefix(o, "-fno-")
		if strings.HasPrefix(o, "--") || plain && (strings.HasSuffix(o, "=") || slices.Contains(g.fileish, o)) || slices.Contains(g.valuedOpts, o) {
			g.sweep = append(g.sweep, o)
		}
	}
	slices.Sort(g.sweep)
}

// random generates the option groups of a gcc line: one or two options
// of the grammar, then what it does with x.c.
func (g *ccGrammar) random(r *rand.Rand) [][]string {
	var groups [][]string
	for range 1 + r.IntN(2) {
		groups = append(groups, g.option(r))
	}
	mode := [][]string{{"-c", "x.c"}, {"-c", "x.c"}, {"-c", "x.c"}, {"x.c"}, {"-S", "x.c"}, {"-E", "x.c"}}[r.IntN(6)]
	return append(groups, mode)
}

func (g *ccGrammar) option(r *rand.Rand) []string {
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	var name string
	switch k := r.IntN(20); {
	case k < 6:
		name = pick(g.fileish)
	case k < 9:
		name = pick(g.valuedOpts)
	case k < 12:
		name = pick(g.short)
	case k < 15:
		name = ccPrefix(r, pick(g.long))
	case k < 18:
		name = g.respell(r, pick(g.fopts))
	default:
		name = ccPrefix(r, pick(g.mapped))
	}
	return g.valued(r, name)
}

// respell spells the option -fX as the driver also takes it: --X, and
// where gcc takes -fno-X, -fno-X and --no-X.
func (g *ccGrammar) respell(r *rand.Rand, o string) string {
	f := strings.TrimPrefix(o, "-f")
	forms := []string{"--" + f, o}
	if g.all["-fno-"+f] {
		forms = append(forms, "-fno-"+f, "--no-"+f)
	}
	return forms[r.IntN(len(forms))]
}

// ccPrefix cuts a long option to a prefix now and then, as the driver may
// take a unique one (--write-d).
func ccPrefix(r *rand.Rand, o string) string {
	stem := strings.TrimSuffix(o, "=")
	if r.IntN(2) == 0 || len(stem) < 5 {
		return o
	}
	cut := stem[:3+r.IntN(len(stem)-3)]
	if strings.HasSuffix(o, "=") && r.IntN(2) == 0 {
		cut += "="
	}
	return cut
}

// valued gives the option name a value in one of gcc's forms.
func (g *ccGrammar) valued(r *rand.Rand, name string) []string {
	v := ccValue(r)
	stem := strings.TrimSuffix(name, "=")
	switch {
	case strings.HasSuffix(name, "=") || strings.HasSuffix(name, ",") || strings.HasSuffix(name, "-"):
		return []string{name + v}
	case g.sep[stem] && r.IntN(4) != 0:
		return []string{name, v}
	case g.joined[stem] && r.IntN(4) != 0:
		if strings.HasPrefix(name, "--") {
			return []string{name + "=" + v}
		}
		return []string{name + v}
	}
	switch r.IntN(20) {
	case 0:
		return []string{name + "=" + v}
	case 1:
		return []string{name, v}
	case 2:
		return []string{name + v}
	}
	return []string{name}
}

// A ccEffect is a thing gcc did that the model must see.
type ccEffect struct {
	kind     string // read, write, exec, load
	path     string
	evidence string // the system call
}

// A ccResult is what one line did and what the model said of it, its
// paths with $B for the world's base.
type ccResult struct {
	exit    int
	touched []ccTouch // every path of a system call, whatever it returned
	effects []ccEffect
	missed  []ccEffect
	known   bool
	model   string
	covered map[string][2]int // per kind: by not known, by a listed path
}

// judge runs the line and compares what gcc did with the model.
func (w *ccWorld) judge(t *testing.T, groups [][]string) ccResult {
	if err := w.reset(); err != nil {
		t.Errorf("resetting the world: %v", err)
		return ccResult{}
	}
	groups = w.real(groups)
	m := w.model(t, groups)
	res := ccResult{known: m.unknown == "", covered: map[string][2]int{}, model: w.short(m.String())}
	var err error
	res.exit, res.effects, res.touched, err = w.run(groups)
	if err != nil {
		t.Errorf("gcc %s: %v", ccJoin(groups), err)
	}
	for i, f := range res.effects {
		c := res.covered[f.kind]
		switch {
		case m.unknown != "":
			c[0]++
		case m.lists(f):
			c[1]++
		default:
			res.missed = append(res.missed, f)
		}
		res.covered[f.kind] = c
		res.effects[i] = ccEffect{f.kind, w.short(f.path), w.short(f.evidence)}
	}
	for i, f := range res.missed {
		res.missed[i] = ccEffect{f.kind, w.short(f.path), w.short(f.evidence)}
	}
	for i, c := range res.touched {
		res.touched[i].path = w.short(c.path)
	}
	return res
}

// real puts the world's base for $B in the words; short does the reverse.
func (w *ccWorld) real(groups [][]string) [][]string {
	out := make([][]string, len(groups))
	for i, g := range groups {
		for _, x := range g {
			out[i] = append(out[i], strings.ReplaceAll(x, "$B", w.base))
		}
	}
	return out
}

func (w *ccWorld) short(s string) string { return strings.ReplaceAll(s, w.base, "$B") }

// minimize drops option groups while the line still disagrees, then the
// words of the groups left (an option's value may be what does it).
func (w *ccWorld) minimize(t *testing.T, groups [][]string) [][]string {
	drop := func(groups [][]string) [][]string {
		for i := 0; i < len(groups)-1; {
			less := slices.Concat(groups[:i], groups[i+1:])
			if len(w.judge(t, less).missed) > 0 {
				groups = less
				continue
			}
			i++
		}
		return groups
	}
	groups = drop(groups)
	var words [][]string
	for _, g := range groups[:len(groups)-1] {
		for _, x := range g {
			words = append(words, []string{x})
		}
	}
	if len(words) == len(groups)-1 {
		return groups
	}
	return drop(append(words, groups[len(groups)-1]))
}

// ccModel is what the knowledge says of a gcc line.
type ccModel struct {
	unknown       string
	reads, writes []string
	dynamic       bool
}

func (m ccModel) String() string {
	if m.unknown != "" {
		return "not known (" + m.unknown + ")"
	}
	return fmt.Sprintf("known, reads %q, writes %q", m.reads, m.writes)
}

func (w *ccWorld) model(t *testing.T, groups [][]string) ccModel {
	line := "gcc " + ccJoin(groups)
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	x := Extract(line, know, Limits{})
	if len(x.Cmds) != 1 {
		t.Errorf("%s: %d commands", line, len(x.Cmds))
		return ccModel{unknown: "not one command"}
	}
	e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: w.proj}, root: w.proj, cwd: w.proj, home: w.home,
		env: &Env{FS: osFS{}, Home: w.home, Getenv: func(string) string { return "" }}}
	u := e.commandUnit(&x.Cmds[0])
	m := ccModel{unknown: u.known()}
	for _, a := range u.paths {
		m.dynamic = m.dynamic || a.w.Dynamic || a.w.Glob
		for _, p := range append([]string{a.w.Text, a.target}, a.alts...) {
			if p != "" && a.read {
				m.reads = append(m.reads, p)
			}
			if p != "" && a.write {
				m.writes = append(m.writes, p)
			}
		}
	}
	return m
}

// lists reports whether the model lists the read or write f.
func (m ccModel) lists(f ccEffect) bool {
	switch f.kind {
	case "read":
		return m.dynamic || slices.Contains(m.reads, f.path)
	case "write":
		return m.dynamic || slices.ContainsFunc(m.writes, func(p string) bool {
			return p == f.path || strings.HasPrefix(f.path, strings.TrimSuffix(p, "/")+"/")
		})
	}
	return false
}

// ccTraced are the calls traced: those that read, write or run a file
// (effects), and with look those that look one up (for probe).
const (
	ccTraced = "trace=openat,open,creat,execve,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,link,linkat,symlink,symlinkat,truncate"
	ccLooks  = ",stat,lstat,newfstatat,statx,access,faccessat,faccessat2,readlink,readlinkat"
)

// run runs gcc on the line under strace and returns its exit code, its
// effects and the paths of its calls.
func (w *ccWorld) run(groups [][]string) (int, []ccEffect, []ccTouch, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	trace := filepath.Join(w.log, "t")
	calls := ccTraced
	if w.look {
		calls += ccLooks
	}
	args := slices.Concat([]string{"-f", "-ff", "-qq", "-s", "4096", "-e", "signal=none", "-e", calls, "-o", trace, w.gcc}, slices.Concat(groups...))
	cmd := exec.CommandContext(ctx, w.strace, args...)
	cmd.Dir, cmd.Env = w.proj, w.env()
	_ = cmd.Run()
	exit := cmd.ProcessState.ExitCode()
	logs, err := filepath.Glob(trace + ".*")
	if err != nil || len(logs) == 0 {
		return exit, nil, nil, fmt.Errorf("no trace (%v)", err)
	}
	var effects []ccEffect
	var touched []ccTouch
	for _, l := range logs {
		b, err := os.ReadFile(l)
		if err != nil {
			return exit, nil, nil, err
		}
		e, p := w.effects(string(b))
		effects, touched = append(effects, e...), append(touched, p...)
	}
	return exit, effects, touched, nil
}

// env is the environment gcc runs in.
func (w *ccWorld) env() []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + w.home, "TMPDIR=" + w.tmp, "LANG=C", "LC_ALL=C"}
}

var (
	ccCall   = regexp.MustCompile(`^(\w+)\((.*)\)\s+= (-?\d+)`)
	ccString = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// A ccTouch is a path a process named in a system call.
type ccTouch struct {
	prog, path string
	write      bool
}

// effects reads one process's trace for what the model must see, and
// the paths of its calls.
func (w *ccWorld) effects(trace string) (out []ccEffect, touched []ccTouch) {
	prog := ""
	for _, l := range strings.Split(trace, "\n") {
		m := ccCall.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		call, args := m[1], m[2]
		strs := ccString.FindAllStringSubmatch(args, -1)
		if len(strs) == 0 {
			continue
		}
		p := w.abs(strs[0][1])
		writes := ccWriteCalls[call] || ccOpenWrites(args) && (call == "open" || call == "openat")
		touched = append(touched, ccTouch{prog, p, writes})
		if ccWriteCalls[call] && len(strs) > 1 {
			touched = append(touched, ccTouch{prog, w.abs(strs[1][1]), writes})
		}
		if strings.HasPrefix(m[3], "-") {
			continue // a call that failed
		}
		switch {
		case call == "execve":
			prog = filepath.Base(p)
			if !ccSystem(p) {
				out = append(out, ccEffect{"exec", p, l})
			}
		case call == "open" || call == "openat":
			out = append(out, w.opened(p, args, prog, l)...)
		case ccWriteCalls[call]:
			for _, s := range strs {
				if q := w.abs(s[1]); w.counts(q) {
					out = append(out, ccEffect{"write", q, l})
				}
			}
		}
	}
	return out, touched
}

// ccWriteCalls are the traced calls that change a file's name or
// contents; the others are traced for the paths they name.
var ccWriteCalls = map[string]bool{"creat": true, "rename": true, "renameat": true, "renameat2": true, "unlink": true, "unlinkat": true,
	"mkdir": true, "mkdirat": true, "link": true, "linkat": true, "symlink": true, "symlinkat": true, "truncate": true}

func ccOpenWrites(args string) bool {
	return strings.Contains(args, "O_WRONLY") || strings.Contains(args, "O_RDWR") || strings.Contains(args, "O_CREAT") || strings.Contains(args, "O_TRUNC")
}

// opened classifies an open of the absolute path p by the program prog.
func (w *ccWorld) opened(p, args, prog, l string) []ccEffect {
	if ccOpenWrites(args) {
		if w.counts(p) {
			return []ccEffect{{"write", p, l}}
		}
		return nil
	}
	if strings.Contains(args, "O_DIRECTORY") || !w.counts(p) || p == filepath.Join(w.proj, "x.c") {
		return nil
	}
	inside := strings.HasPrefix(p, w.proj+"/")
	switch {
	case strings.HasSuffix(p, ".so") && w.pristine(p) && strings.Contains(args, "O_CLOEXEC") && !ccLinker(prog):
		// dlopen's open (gcc reads sources without O_CLOEXEC)
		return []ccEffect{{"load", p, l}}
	case w.canary(p) || !inside && (w.pristine(p) || !strings.HasPrefix(p, w.base+"/")):
		return []ccEffect{{"read", p, l}}
	}
	return nil
}

// ccLinker reports whether prog is the linker, which reads shared
// objects as inputs.
func ccLinker(prog string) bool {
	return slices.Contains([]string{"ld", "collect2", "ld.bfd", "ld.gold", "ld.lld", "ld.mold"}, prog)
}

// counts reports whether an access to p is one the model must see: not
// the system's, the temporaries' or the trace's.
func (w *ccWorld) counts(p string) bool {
	return !ccSystem(p) && !strings.HasPrefix(p, w.tmp+"/") && !strings.HasPrefix(p, w.log+"/") && p != w.tmp
}

// ccSystem reports whether p is the system's or the toolchain's.
func ccSystem(p string) bool {
	for _, d := range []string{"/usr/", "/lib/", "/lib64/", "/bin/", "/sbin/", "/etc/", "/proc/", "/sys/", "/dev/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

func (w *ccWorld) abs(p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(w.proj, p)
	}
	return filepath.Clean(p)
}

// ccStats counts the lines and the effects.
type ccStats struct {
	lines, rejected, unknown, disagree int
	effects, withEffect                map[string]int
	covered                            map[string][2]int
}

func (s *ccStats) add(r ccResult) {
	if s.effects == nil {
		s.effects, s.covered, s.withEffect = map[string]int{}, map[string][2]int{}, map[string]int{}
	}
	s.lines++
	if r.exit != 0 {
		s.rejected++
	}
	if !r.known {
		s.unknown++
	}
	if len(r.missed) > 0 {
		s.disagree++
	}
	seen := map[string]bool{}
	for _, f := range r.effects {
		s.effects[f.kind]++
		if !seen[f.kind] {
			s.withEffect[f.kind]++
			seen[f.kind] = true
		}
	}
	for k, c := range r.covered {
		t := s.covered[k]
		t[0] += c[0]
		t[1] += c[1]
		s.covered[k] = t
	}
}

func (s *ccStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d lines: gcc failed %d; the model calls %d not known; %d disagree", s.lines, s.rejected, s.unknown, s.disagree)
	for _, k := range []string{"read", "write", "exec", "load"} {
		c := s.covered[k]
		fmt.Fprintf(&b, "; %s: %d in %d lines, %d of a line not known, %d listed, %d missed", k, s.effects[k], s.withEffect[k], c[0], c[1], s.effects[k]-c[0]-c[1])
	}
	return b.String()
}
