package hookc_test

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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"hookc.dev/hookc/runtime"
)

// The grammar oracles (design.md 170-174): for sed, awk and jq, a
// generator of the program's own grammar (not the guard's vocabulary)
// makes command lines; the guard decides each as the hook would; every
// line the guard allows is run by the real program, traced, in a
// throw-away directory with canaries, and must run no process, write no
// file, read no file but its operand and print no canary. Lines the
// guard refuses that the real program runs without effect are noise and
// are counted (the program must exit 0). GRAMMAR_ORACLE_N sets the number of
// lines per program (default 500, 50 with -short: the fast tier only
// smoke-tests the judges; CI runs the full size).

const (
	envCanary  = "ENVCANARY_5f1d"
	homeCanary = "HOMECANARY_9a3c"
	fileCanary = "FILECANARY_77e0"
)

func oracleSize() int {
	if s := os.Getenv("GRAMMAR_ORACLE_N"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return n
		}
	}
	if testing.Short() {
		return 50
	}
	return 500
}

// shq quotes s for bash.
func shq(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// world is the throw-away directory a judge runs in: a work directory
// with the operand and a secret, and a home with a secret.
type world struct {
	root, work, home string
	locpath          string // a LOCPATH holding zh_TW.BIG5, or ""
	strace           string
	env              []string
	failed           bool // the last run exited with an error
}

func newWorld(t *testing.T) *world {
	t.Helper()
	root, _ := filepath.EvalSymlinks(t.TempDir())
	w := &world{root: root, work: filepath.Join(root, "work"), home: filepath.Join(root, "home")}
	for _, d := range []string{w.work, w.home, filepath.Join(w.work, "src")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(w.work, "in"):          "alpha beta 1\nx/y|z 2\n中文 é 3\n[a] \\ 4\n",
		filepath.Join(w.work, "in.json"):     `{"a":1,"b":[1,2],"HOME":"h","c":{"d":"e"}}` + "\n",
		filepath.Join(w.work, ".env"):        "TOKEN=" + fileCanary + "\n",
		filepath.Join(w.work, "lib.awk"):     `BEGIN { print ENVIRON["CANARY_TOKEN"] }` + "\n",
		filepath.Join(w.work, "x.jq"):        "def f: $ENV.CANARY_TOKEN;\n",
		filepath.Join(w.work, "prog.sed"):    "p\n",
		filepath.Join(w.home, ".secret"):     homeCanary + "\n",
		filepath.Join(w.home, ".netrc"):      "password " + homeCanary + "\n",
		filepath.Join(w.work, "src", "keep"): "k\n",
	}
	for p, s := range files {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w.env = []string{"HOME=" + w.home, "PATH=" + os.Getenv("PATH"), "CANARY_TOKEN=" + envCanary, "LC_ALL=C.UTF-8"}
	if p, err := exec.LookPath("strace"); err == nil {
		w.strace = p
	} else if os.Getenv("CI") == "true" {
		t.Fatal("strace is not installed: the judges cannot see what the programs open and run")
	}
	// A Big5 locale: its two-byte characters may end in \, |, [ or ].
	if _, err := exec.LookPath("localedef"); err == nil {
		lp := filepath.Join(root, "locale")
		os.MkdirAll(lp, 0o755)
		if exec.Command("localedef", "-i", "zh_TW", "-f", "BIG5", filepath.Join(lp, "zh_TW.BIG5")).Run() == nil {
			w.locpath = lp
		}
	}
	return w
}

// listing is every file under the work directory and home.
func (w *world) listing() []string {
	var out []string
	for _, d := range []string{w.work, w.home} {
		filepath.Walk(d, func(p string, info os.FileInfo, err error) error {
			if err == nil {
				out = append(out, p+"\x00"+strconv.FormatInt(info.Size(), 10))
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// run runs argv in the work directory with the canary environment (and
// extra variables), traced; it returns the output and the effects seen:
// a process run, a file written or created, a file read that is neither
// an operand nor part of the system, a socket, a canary printed.
func (w *world) run(argv []string, extra []string, operands []string) (out string, effects []string) {
	return w.exec(argv, extra, operands, true)
}

// harmless says whether argv runs, exits 0 and has no effect: a refused
// line that is harmless is noise. It is traced only if it looks harmless
// without the trace.
func (w *world) harmless(argv, extra, operands []string) bool {
	if out, eff := w.exec(argv, extra, nil, false); len(eff) > 0 || w.failed {
		return false
	} else if w.strace == "" {
		return !strings.Contains(out, "error")
	}
	_, eff := w.run(argv, extra, operands)
	return len(eff) == 0 && !w.failed
}

// compile runs argv without the trace, for its output only.
func (w *world) compile(argv []string, extra []string) string {
	out, _ := w.exec(argv, extra, nil, false)
	return out
}

func (w *world) exec(argv []string, extra []string, operands []string, traced bool) (out string, effects []string) {
	before := w.listing()
	trace := filepath.Join(w.root, "trace")
	os.Remove(trace)
	args := argv
	if w.strace != "" && traced {
		args = append([]string{w.strace, "-f", "-qq", "-e", "trace=execve,open,openat,creat,socket,connect,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat", "-o", trace}, argv...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = w.work
	// A run that outlives its time is killed with all it started (a
	// command of sed's e, awk's system), which could hold its output.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	cmd.Env = append(slices.Clone(w.env), extra...)
	if w.locpath != "" {
		cmd.Env = append(cmd.Env, "LOCPATH="+w.locpath)
	}
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	w.failed = cmd.Run() != nil
	out = buf.String()
	for _, c := range []string{envCanary, homeCanary, fileCanary} {
		if strings.Contains(out, c) {
			effects = append(effects, "prints the canary "+c)
		}
	}
	after := w.listing()
	if !slices.Equal(before, after) {
		for _, f := range after {
			if !slices.Contains(before, f) {
				effects = append(effects, "changes "+strings.ReplaceAll(f, "\x00", " size "))
			}
		}
		w.clean(before)
	}
	if w.strace != "" && traced {
		tr, _ := os.ReadFile(trace)
		effects = append(effects, w.traceEffects(string(tr), operands)...)
	}
	return out, effects
}

// clean removes what a run added to the world.
func (w *world) clean(before []string) {
	for _, f := range w.listing() {
		p, _, _ := strings.Cut(f, "\x00")
		if !slices.ContainsFunc(before, func(b string) bool { return strings.HasPrefix(b, p+"\x00") }) {
			os.RemoveAll(p)
		}
	}
}

var traceLine = regexp.MustCompile(`^\d+\s+(\w+)\((.*)\)\s+=\s+(-?\d+|\?)`)
var traceOpen = regexp.MustCompile(`^(?:AT_FDCWD, )?"((?:[^"\\]|\\.)*)", ([A-Z_|]+)`)

// systemRead says whether a program may open path for reading as part of
// starting: libraries, locales, its own /proc entries.
func (w *world) systemRead(path string) bool {
	for _, p := range []string{"/etc/ld.so.cache", "/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/share/locale/", "/usr/share/i18n/", "/proc/", "/sys/", "/dev/null", "/etc/localtime", "/usr/share/zoneinfo/", "/dev/urandom", "/etc/nsswitch.conf"} {
		if strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return w.locpath != "" && strings.HasPrefix(path, w.locpath)
}

func (w *world) traceEffects(tr string, operands []string) []string {
	var effects []string
	execs := 0
	for _, l := range strings.Split(tr, "\n") {
		m := traceLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		call, args := m[1], m[2]
		switch call {
		case "execve":
			execs++
			if execs > 1 {
				effects = append(effects, "runs "+args)
			}
		case "socket", "connect":
			effects = append(effects, call+" "+args)
		case "unlink", "unlinkat", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "creat":
			effects = append(effects, call+" "+args)
		case "open", "openat":
			o := traceOpen.FindStringSubmatch(args)
			if o == nil {
				continue
			}
			path, flags := o[1], o[2]
			if u, err := strconv.Unquote(`"` + path + `"`); err == nil {
				path = u
			}
			abs := path
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(w.work, abs)
			}
			write := strings.Contains(flags, "O_WRONLY") || strings.Contains(flags, "O_RDWR") || strings.Contains(flags, "O_CREAT")
			switch {
			case write && (path == "/dev/stdout" || path == "/dev/stderr" || path == "/dev/tty" || path == "/dev/null"):
			case write:
				effects = append(effects, "opens "+path+" to write")
			case path == filepath.Join(w.home, ".jq"):
			case abs == filepath.Join(w.work, ".env") || strings.HasPrefix(abs, w.home+"/"):
				effects = append(effects, "reads the secret "+path)
			case slices.ContainsFunc(operands, func(op string) bool { return filepath.Join(w.work, op) == abs }):
				// jq reads ~/.jq, the user's own library (design.md 173).
			case w.systemRead(path):
			default:
				effects = append(effects, "reads "+path)
			}
		}
	}
	return effects
}

// pick returns one of xs.
func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// tally counts an oracle's cases.
type tally struct {
	cases, allowed, judgeAccepted, disagreements, refused, noise int
	shown                                                        int
}

func (tl *tally) log(t *testing.T, name string) {
	t.Logf("%s: %d cases generated, %d allowed by the guard, %d of them accepted by the judge, %d disagreements; %d refused by the guard, of which %d the judge runs without effect (noise)",
		name, tl.cases, tl.allowed, tl.judgeAccepted, tl.disagreements, tl.refused, tl.noise)
}

func (tl *tally) disagree(t *testing.T, line string, why []string) {
	t.Helper()
	tl.disagreements++
	if tl.disagreements <= 15 {
		t.Errorf("the guard allows %q, but the real program %s", line, strings.Join(why, "; "))
	}
}

// sedGen makes GNU sed scripts from sed's grammar (info sed, "sed
// scripts"): addresses, every command, s and y with any delimiter and
// every flag, text commands in both forms, comments, blocks, separators.
type sedGen struct{ r *rand.Rand }

var sedFiles = []string{"out", "src/o", "/dev/stdout", "/dev/stderr", ".env", "in", "~/.secret", "src/g|x|"}

// body is a regular expression or replacement for delimiter d.
func (g sedGen) body(d string, repl bool) string {
	var b strings.Builder
	for k := g.r.IntN(5); k > 0; k-- {
		switch g.r.IntN(10) {
		case 0, 1, 2:
			b.WriteString(pick(g.r, "a", "b", "x", " ", "1", ".", "*", "^", "$", "w", "e", ";", "}", "#", "p", "-"))
		case 3:
			b.WriteString(pick(g.r, `\n`, `\t`, `\.`, `\(`, `\)`, `\{1\}`, `\+`, `\?`, `\w`, `\cX`, `\o101`, `\d065`, `\x41`, `\%`, `\\`, `\`+"\n", `\&`))
		case 4:
			b.WriteString(`\` + d)
		case 5:
			b.WriteString(pick(g.r, "[abc]", "[^a]", "[]a]", "[^]a]", "["+d+"]", "[[:alpha:]]", `[\]`, `[\`+d+`]`, "[a-z]", "[[.a.]]", "[[=a=]]", "[中]", "[é"+d+"]"))
		case 6:
			b.WriteString(pick(g.r, "é", "中", "中", "中\\", "中|", "中[", "中]", "中"+`\`+d, "\\中", "ä", "\xa1"))
		case 7:
			if repl {
				b.WriteString(pick(g.r, "&", `\1`, `\L`, `\U`, `\E`, `\u`))
			} else {
				b.WriteString(pick(g.r, `\(a\)`, "(a|b)", "a{2}", `\|`, "|", "/"))
			}
		case 8:
			b.WriteString(pick(g.r, "/", "|", ",", "%", ":", "@"))
		default:
			b.WriteString(pick(g.r, "s", "y", "r", "q", "ab", "w src", "w", "e"))
		}
	}
	return b.String()
}

func (g sedGen) delim() string {
	return pick(g.r, "/", "/", "/", "|", "|", ",", "%", ":", "#", "@", "x", "s", "\\", "\n", " ", ";", "中")
}

func (g sedGen) regexAddr() string {
	d := pick(g.r, "/", "/", "/", "%", "|", ",", "x", "中")
	open := d
	if d != "/" || g.r.IntN(8) == 0 {
		open = `\` + d
	}
	return open + g.body(d, false) + d + pick(g.r, "", "", "", "I", "M", "IM")
}

func (g sedGen) address() string {
	if g.r.IntN(2) == 0 {
		return ""
	}
	one := func() string {
		switch g.r.IntN(5) {
		case 0:
			return strconv.Itoa(g.r.IntN(4))
		case 1:
			return "$"
		case 2:
			return fmt.Sprintf("%d~%d", g.r.IntN(3), g.r.IntN(3))
		default:
			return g.regexAddr()
		}
	}
	a := one()
	if g.r.IntN(2) == 0 {
		a += pick(g.r, ",", " , ", ",") + pick(g.r, one(), "+2", "~2", "$", "/x/")
	}
	if g.r.IntN(10) == 0 {
		a = "0," + g.regexAddr()
	}
	return a + pick(g.r, "", "", " ", "!", " ! ", "!!")
}

func (g sedGen) text() string {
	t := pick(g.r, "text", "hello world", "a;p", "x}", "w out", "")
	switch g.r.IntN(4) {
	case 0:
		return " " + t
	case 1:
		return "\\\n" + t
	case 2:
		return "\\" + t
	default:
		return "\\\n" + t + "\\\nmore"
	}
}

func (g sedGen) command(depth int) string {
	label := pick(g.r, "a", "x1", "end", "w", "e x")
	switch g.r.IntN(30) {
	case 0:
		if depth < 2 {
			return "{" + pick(g.r, "", " ", "\n") + g.commands(depth+1) + pick(g.r, "", ";", "\n") + "}"
		}
		return "p"
	case 1:
		return pick(g.r, "a", "i", "c") + g.text()
	case 2:
		return pick(g.r, "e", "e echo "+fileCanary, "e cat .env", "e id")
	case 3:
		return pick(g.r, "r", "R", "w", "W") + pick(g.r, " ", "", "  ") + pick(g.r, sedFiles...)
	case 4:
		return pick(g.r, "l", "l 5", "l0", "L")
	case 5:
		return pick(g.r, "q", "Q", "q5", "Q 3", "q 1", "q5 ")
	case 6:
		return pick(g.r, "b", "t", "T") + pick(g.r, "", " ", "  ") + label
	case 7:
		return ":" + pick(g.r, "", " ") + label
	case 8:
		return pick(g.r, "v", "v 4.2", "v 9.0", "z", "F", "=", "#c", "# w out")
	case 9, 10, 11, 12, 13, 14, 15, 16:
		d := g.delim()
		if g.r.IntN(3) > 0 {
			d = pick(g.r, "/", "|")
		}
		re, repl := g.body(d, false), g.body(d, true)
		if g.r.IntN(5) == 0 {
			// A character outside ASCII before an escaped delimiter, and a
			// replacement that reads like flags.
			re += pick(g.r, "中", "é", "ä") + `\` + d + g.body(d, false)
			repl = pick(g.r, "w src", "w", "e", "p", "gw src") + repl
		}
		return "s" + d + re + d + repl + d + g.sflags()
	case 17, 18:
		d := g.delim()
		if g.r.IntN(2) > 0 {
			d = "/"
		}
		return "y" + d + g.body(d, true) + d + g.body(d, true) + d
	case 19:
		return pick(g.r, "}", "{", ";", "!p")
	default:
		return pick(g.r, "p", "P", "d", "D", "n", "N", "g", "G", "h", "H", "x", "=")
	}
}

func (g sedGen) sflags() string {
	var b strings.Builder
	for k := g.r.IntN(4); k > 0; k-- {
		b.WriteString(pick(g.r, "g", "p", "2", "i", "I", "m", "M", "e", " ", "w out", "w /dev/stdout", "w src/o", "0", "10"))
	}
	return b.String()
}

func (g sedGen) commands(depth int) string {
	var b strings.Builder
	for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
		if i > 0 {
			b.WriteString(pick(g.r, ";", "\n", "; ", " ;", ";\n", "\n\n"))
		}
		b.WriteString(g.address() + g.command(depth))
	}
	return b.String()
}

func (g sedGen) script() string {
	s := g.commands(0)
	if g.r.IntN(20) == 0 {
		s = "#n\n" + s
	}
	if g.r.IntN(15) == 0 {
		s += pick(g.r, "\n# c", " # w out", ";")
	}
	return s
}

// options returns the options of a sed line: mostly ones the guard allows.
func (g sedGen) options() []string {
	var o []string
	for k := g.r.IntN(3); k > 0; k-- {
		o = append(o, pick(g.r, "-n", "-n", "-E", "-r", "-z", "-s", "--posix", "-u", "--debug", "--sandbox", "-l 5", "--follow-symlinks", "-ne", "-nE"))
	}
	return o
}

// TestSedGrammarOracle: design.md 171.
func TestSedGrammarOracle(t *testing.T) {
	sedBin := judgeProgram(t, "sed", "")
	if out, _ := exec.Command(sedBin, "--version").Output(); !strings.Contains(string(out), "GNU sed") {
		if os.Getenv("CI") == "true" {
			t.Fatal("sed is not GNU sed: the judge needs its --sandbox and --debug")
		}
		t.Skip("sed is not GNU sed")
	}
	_, decide := guard(t)
	w := newWorld(t)
	if w.locpath == "" {
		t.Log("no Big5 locale could be made: scripts are judged in C.UTF-8 only")
	}
	g := sedGen{rand.New(rand.NewPCG(170, uint64(oracleSize())))}
	// The disagreements found so far come first (design.md 171).
	seeds := []struct {
		opts   []string
		script string
	}{
		{[]string{"-n"}, `s/中\/x/w src/g`},
		{[]string{"-n"}, `s/[中]/x/;/]/s|X/w src/g|Y|`},
	}
	var tl tally
	debugParsed, debugCmds := 0, 0
	for n := 0; n < oracleSize()+len(seeds); n++ {
		tl.cases++
		var script string
		var opts []string
		if n < len(seeds) {
			opts, script = seeds[n].opts, seeds[n].script
		} else {
			script, opts = g.script(), g.options()
		}
		var extra []string
		prefix := ""
		if w.locpath != "" && (n < len(seeds) || g.r.IntN(4) == 0) {
			// LC_CTYPE only: sed's messages stay in English.
			extra = []string{"LC_ALL=", "LC_CTYPE=zh_TW.BIG5"}
			prefix = "LC_ALL=zh_TW.BIG5 "
		}
		var words []string
		for _, o := range opts {
			words = append(words, strings.Fields(o)...)
		}
		line := prefix + "sed " + strings.Join(append(slices.Clone(opts), shq(script), "in"), " ")
		argv := append(append([]string{sedBin}, words...), script, "in")
		if len(opts) > 0 && g.r.IntN(6) == 0 {
			// GNU getopt takes options after the operands too.
			line = prefix + "sed " + strings.Join(append([]string{shq(script), "in"}, opts...), " ")
			argv = append([]string{sedBin, script, "in"}, words...)
		}
		allowed := decide(line).Decision == runtime.Allow
		// The sandbox compile: sed --sandbox rejects e, r, w, R and W.
		comp := w.compile(append(append([]string{sedBin, "--sandbox", "--debug"}, words...), script, "/dev/null"), extra)
		sandboxRejects := strings.Contains(comp, "disabled in sandbox mode")
		if !allowed {
			tl.refused++
			if !sandboxRejects && !strings.Contains(comp, "sed: -e expression") && !strings.Contains(comp, "sed: ") {
				if w.harmless(argv, extra, append(slices.Clone(words), script, "in")) {
					tl.noise++
					if os.Getenv("GRAMMAR_ORACLE_NOISE") != "" {
						t.Logf("noise: %s", line)
					}
				}
			}
			continue
		}
		tl.allowed++
		var why []string
		if sandboxRejects {
			why = append(why, "sed --sandbox rejects it: "+strings.TrimSpace(comp))
		}
		if !strings.Contains(comp, "sed: ") {
			tl.judgeAccepted++
		}
		// sed's own parse must hold only the model's commands
		// (design.md 288).
		n, outside := sedDebugCheck(comp)
		if n > 0 {
			debugParsed++
			debugCmds += n
		}
		why = append(why, outside...)
		if _, eff := w.run(argv, extra, append(slices.Clone(words), script, "in")); len(eff) > 0 {
			why = append(why, strings.Join(eff, ", "))
		}
		if len(why) > 0 {
			tl.disagree(t, line, why)
		}
	}
	tl.log(t, "sed")
	t.Logf("sed --debug: %d allowed scripts parsed by sed, %d commands, each checked against the model's commands", debugParsed, debugCmds)
}

// awkGen makes awk programs from the awk grammar (POSIX awk and gawk's
// extensions): patterns, actions, functions, every statement, output
// redirections and pipes, every getline form, the built-in functions and
// variables, gawk's directives and indirect calls, string escapes and
// line continuations.
type awkGen struct{ r *rand.Rand }

func (g awkGen) str() string {
	return pick(g.r, `"x"`, `"%s\n"`, `"a>b"`, `"a|b"`, `"cat .env"`, `"id"`, `"out"`, `"/dev/stderr"`, `"/dev/stdout"`,
		`"/dev/fd/1"`, `"\x41"`, `"\052"`, `"CANARY_TOKEN"`, `"HOME"`, `".env"`, `"~/.secret"`, `"/inet/tcp/0/localhost/9"`,
		`"sys" "tem"`, `"-"`, `"src/o"`, `""`)
}

func (g awkGen) expr(depth int) string {
	if depth > 2 {
		return pick(g.r, "$1", "$0", "NR", "NF", "1", "x", g.str())
	}
	e := func() string { return g.expr(depth + 1) }
	switch g.r.IntN(24) {
	case 0:
		return pick(g.r, `ENVIRON["CANARY_TOKEN"]`, `ENVIRON[k]`, `ENV\`+"\n"+`IRON["CANARY_TOKEN"]`, `PROCINFO["pid"]`, `PROCINFO["argv"][1]`, `SYMTAB["ENVIRON"]["CANARY_TOKEN"]`, `FUNCTAB["system"]`)
	case 1:
		return pick(g.r, "ARGV[1]", "ARGV[0]", "ARGC", "FILENAME", "FNR", "RSTART", "RLENGTH", "SUBSEP", "RT", "ERRNO", "BINMODE", "LINT", "TEXTDOMAIN")
	case 2:
		return pick(g.r, `system(`+e()+`)`, `system("")`, `close(`+e()+`)`, `fflush()`, `fflush(`+e()+`)`)
	case 3:
		return pick(g.r, "getline", "getline x", "getline < "+g.str(), "getline x < "+g.str(), g.str()+" | getline", g.str()+" | getline x", g.str()+" |& getline", "(getline line) > 0")
	case 4:
		return "(" + e() + pick(g.r, " > ", ">", " >= ", " < ", " == ", " != ", " ~ ", " !~ ", " in ") + e() + ")"
	case 5:
		return e() + pick(g.r, " + ", " - ", " * ", " / ", " % ", " ^ ", " ", " && ", " || ") + e()
	case 6:
		return pick(g.r, "length(", "toupper(", "tolower(", "int(", "sqrt(", "log(", "srand(", "systime(", "rand(") + e() + ")"
	case 7:
		return pick(g.r, "substr(", "index(", "split(", "sprintf(", "match(") + e() + ", " + e() + ")"
	case 8:
		return pick(g.r, "sub(", "gsub(") + g.regex() + ", " + e() + ")"
	case 9:
		return pick(g.r, `gensub(/a/, "b", "g")`, `strftime("%Y")`, `mktime("2020 1 1 0 0 0")`, `and(1, 2)`, `compl(1)`, `asort(a)`, `patsplit($0, a)`, `typeof(x)`, `isarray(a)`, `strtonum("0x1")`, `bindtextdomain(".")`, `dcgettext("x")`)
	case 10:
		return pick(g.r, "@f()", "@v()", "@system(\"id\")", `awk::x`)
	case 11:
		return "a[" + e() + "]"
	case 12:
		return g.regex()
	case 13:
		return "!" + e()
	case 14:
		return "x = " + e()
	case 15:
		return "f(" + e() + ")"
	case 16:
		return "$(" + e() + ")"
	case 17:
		return pick(g.r, "x++", "--x", "x += 1", "i")
	default:
		return pick(g.r, "$1", "$0", "$2", "NR", "NF", "1", "x", "\"s\"", g.str())
	}
}

func (g awkGen) regex() string {
	return pick(g.r, "/a/", "/a|b/", "/a>b/", `/\//`, "/[/]/", "/x/", "/ENVIRON/", "/system(/", "/{/", `/\$/`)
}

func (g awkGen) redir() string {
	switch g.r.IntN(6) {
	case 0:
		return pick(g.r, " > ", " >> ", " | ", " |& ", ">", "|") + pick(g.r, g.str(), `"out"`, `"cat 1>&2"`, `"/dev/stderr"`, `"sh"`, `ENVIRON["HOME"] "/x"`, "x")
	default:
		return ""
	}
}

func (g awkGen) stmt(depth int) string {
	if depth > 2 {
		return pick(g.r, "print", "next", "x = 1")
	}
	s := func() string { return g.stmts(depth + 1) }
	switch g.r.IntN(16) {
	case 0, 1, 2:
		return pick(g.r, "print", "print ", "print(") + g.exprs() + g.redir()
	case 3:
		return "printf " + pick(g.r, `"%s\n", `, `"%d %s\n", NR, `, "") + g.expr(1) + g.redir()
	case 4:
		return "if (" + g.expr(1) + ") " + s() + pick(g.r, "", "; else "+s(), "\nelse "+s())
	case 5:
		return pick(g.r, "for (i = 0; i < 2; i++) ", "for (k in a) ", "while (i++ < 2) ", "do ") + s()
	case 6:
		return pick(g.r, "next", "nextfile", "exit", "exit 1", "delete a", "delete a[1]", "getline", "return", "break", "continue")
	case 7:
		return pick(g.r, "printf(\"x\")", "print > \"/dev/stderr\"", "print | \"cat\"", "close(\"x\")")
	default:
		return g.expr(1)
	}
}

func (g awkGen) exprs() string {
	var parts []string
	for k := g.r.IntN(3); k > 0; k-- {
		parts = append(parts, g.expr(1))
	}
	return strings.Join(parts, pick(g.r, ", ", " ", ","))
}

func (g awkGen) stmts(depth int) string {
	var parts []string
	for k := 1 + g.r.IntN(3); k > 0; k-- {
		parts = append(parts, g.stmt(depth))
	}
	return "{ " + strings.Join(parts, pick(g.r, "; ", "\n", ";")) + " }"
}

func (g awkGen) item() string {
	switch g.r.IntN(12) {
	case 0:
		return pick(g.r, "BEGIN", "END", "BEGINFILE", "ENDFILE") + pick(g.r, " ", "") + g.stmts(0)
	case 1:
		return "function f(a, b) " + g.stmts(0)
	case 2:
		return pick(g.r, `@include "lib.awk"`, `@load "filefuncs"`, `@namespace "n"`, `@include "join"`)
	case 3:
		return g.regex()
	case 4:
		return g.expr(1) + ", " + g.expr(1) + " " + g.stmts(0)
	case 5:
		return "# " + pick(g.r, "{", "system", ">", "|") + "\n" + g.stmts(0)
	case 6, 7:
		return g.expr(1)
	default:
		return pick(g.r, "", g.expr(1)+" ") + g.stmts(0)
	}
}

func (g awkGen) program() string {
	var parts []string
	for k := 1 + g.r.IntN(2); k > 0; k-- {
		parts = append(parts, g.item())
	}
	return strings.Join(parts, pick(g.r, "\n", "; ", " "))
}

func (g awkGen) options(name string) []string {
	var o []string
	for k := g.r.IntN(3); k > 0; k-- {
		if name == "gawk" && g.r.IntN(2) == 0 {
			o = append(o, pick(g.r, "--posix", "--sandbox", "-b", "-c", "--traditional", "-P", "-n", "-N", "-M", "-O", "-s", "--lint", "-L", "-t", "-r",
				"-e x=1", "--source x=1", "-E lib.awk", "-i lib.awk", "-l filefuncs", "--profile", "-o", "-d", "--dump-variables", "--pretty-print", "-D", "--exec=lib.awk"))
			continue
		}
		o = append(o, pick(g.r, "-F:", "-F ' '", "-v x=1", "-v 'x=a\\nb'", "-vx=2", "-f lib.awk", "-W exec", "--version", "-v k=CANARY_TOKEN", "-F '|'"))
	}
	if g.r.IntN(8) == 0 {
		o = append(o, "--")
	}
	return o
}

// TestAwkGrammarOracle: design.md 172. A line the guard allows for awk is
// run by every awk installed (gawk, mawk, the one true awk, busybox awk),
// since awk on a user's machine may be any of them.
func TestAwkGrammarOracle(t *testing.T) {
	gawk := judgeProgram(t, "gawk", "")
	others := map[string][]string{}
	for _, alt := range [][]string{{"mawk"}, {"original-awk"}, {"busybox", "awk"}} {
		if p, err := exec.LookPath(alt[0]); err == nil {
			others[strings.Join(alt, " ")] = append([]string{p}, alt[1:]...)
		} else {
			t.Logf("%s is not installed: awk lines are not judged by it", alt[0])
		}
	}
	_, decide := guard(t)
	w := newWorld(t)
	g := awkGen{rand.New(rand.NewPCG(172, uint64(oracleSize())))}
	var tl tally
	for i := oracleSize(); i > 0; i-- {
		tl.cases++
		name := pick(g.r, "awk", "gawk")
		prog := g.program()
		opts := g.options(name)
		operands := []string{"in"}
		if g.r.IntN(6) == 0 {
			operands = []string{pick(g.r, "x=1", "FS=:", "ENVIRON=1"), "in"}
		}
		// Variables awk reads: AWKPATH and AWKLIBPATH find -f, -i,
		// @include and @load files; the others change no code.
		var env []string
		if g.r.IntN(6) == 0 {
			env = []string{pick(g.r, "AWKPATH=.", "AWKLIBPATH=.", "POSIXLY_CORRECT=1", "LC_ALL=C", "LANGUAGE=fr", "TZ=UTC", "GAWK_PERSIST_FILE=heap")}
		}
		line := strings.Join(append(slices.Clone(env), name), " ") + " " + strings.Join(append(append(slices.Clone(opts), shq(prog)), operands...), " ")
		var words []string
		for _, o := range opts {
			f := strings.Fields(o)
			for i := range f {
				f[i] = strings.Trim(f[i], "'")
			}
			words = append(words, f...)
		}
		allowed := decide(line).Decision == runtime.Allow
		judges := map[string][]string{"gawk": {gawk}}
		if name == "awk" {
			for k, v := range others {
				judges[k] = v
			}
		}
		if !allowed {
			tl.refused++
			if w.harmless(append(append([]string{gawk}, words...), append([]string{prog}, operands...)...), env, append(append(slices.Clone(words), prog), operands...)) {
				tl.noise++
				if os.Getenv("GRAMMAR_ORACLE_NOISE") != "" {
					t.Logf("noise: %s", line)
				}
			}
			continue
		}
		tl.allowed++
		var why []string
		sand := w.compile(append(append([]string{gawk, "--sandbox"}, words...), append([]string{prog}, operands...)...), env)
		if strings.Contains(sand, "sandbox mode") {
			why = append(why, "gawk --sandbox refuses it: "+strings.TrimSpace(sand))
		}
		if !strings.Contains(sand, "syntax error") {
			tl.judgeAccepted++
		}
		names := make([]string, 0, len(judges))
		for k := range judges {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			argv := append(slices.Clone(judges[k]), words...)
			// Every word may be an operand (after --, the program is
			// the first word): the guard checked each as a path.
			if _, eff := w.run(append(argv, append([]string{prog}, operands...)...), env, append(append(slices.Clone(words), prog), operands...)); len(eff) > 0 {
				why = append(why, k+": "+strings.Join(eff, ", "))
			}
		}
		if len(why) > 0 {
			tl.disagree(t, line, why)
		}
	}
	tl.log(t, "awk")
}

// jqGen makes jq filters from jq's grammar (jq 1.6 and 1.7 manuals):
// paths, pipes, commas, literals, string interpolation, definitions,
// variables and their $ with blanks, reduce and foreach, modules, and
// the built-ins that reach the environment, other inputs and files.
type jqGen struct{ r *rand.Rand }

func (g jqGen) term(depth int) string {
	if depth > 2 {
		return pick(g.r, ".", ".a", "1", `"s"`, "null", ".b[0]")
	}
	f := func() string { return g.filter(depth + 1) }
	switch g.r.IntN(22) {
	case 0:
		return pick(g.r, "$ENV", "$ENV.CANARY_TOKEN", "$ ENV", "$#c\nENV", "env", "env.CANARY_TOKEN", "env|keys", "[env[]]", "$__loc__", "$__prog_args", "$ARGS", "ENV")
	case 1:
		return pick(g.r, "input_filename", "input", "[inputs]", "input_line_number", "get_search_list", "get_prog_origin", "get_jq_origin", "modulemeta", "builtins", "$__loc__.file")
	case 2:
		return pick(g.r, "@sh", "@base64", "@base64d", "@text", "@json", "@uri", "@csv", "@tsv", "@html", `@sh "echo \(.)"`)
	case 3:
		return `"x\(` + f() + `)"`
	case 4:
		return "[" + f() + "]"
	case 5:
		return "{a: " + f() + "}"
	case 6:
		return "(" + f() + ")"
	case 7:
		return "if " + f() + " then " + f() + " else " + f() + " end"
	case 8:
		return "try " + f() + pick(g.r, "", " catch .")
	case 9:
		return "reduce .b[] as $x (0; . + $x)"
	case 10:
		return f() + " as $v | " + pick(g.r, "$v", "$ v", "$ENV", "$__loc__")
	case 11:
		return pick(g.r, "getpath([\"a\"])", "getpath([\"HOME\"])", "paths", "leaf_paths", "tostream", "to_entries", "splits(\"a\")", "ltrimstr(\"a\")", "ascii", "implode", "tojson", "fromjson?", "now", "debug", "stderr", "halt_error", "error(\"x\")", "limit(1; .[])", "first(.[])", "path(..)", "getpath([\"c\",\"d\"])", "$__loc__|tojson", "splits(\"x\";null)", "test(\"a\")", "env as $e | 1")
	case 12:
		return pick(g.r, "length", "keys", "map(.)", "select(. != null)", "..", ".[]?", ".a?", ".\"a\"", ".[\"a\"]", "add", "type", "not", "empty")
	case 13:
		return pick(g.r, "e\\\nnv", "en v", "en\u200bv", "ENV.CANARY_TOKEN", ".env", "$env", "envx", "x::env", "env?")
	default:
		return pick(g.r, ".", ".a", ".b", ".b[0]", ".c.d", "1", `"s"`, "null", "true", "[.[]]")
	}
}

func (g jqGen) filter(depth int) string {
	s := g.term(depth)
	for k := g.r.IntN(3); k > 0; k-- {
		s += pick(g.r, " | ", ", ", " // ", " + ", " == ", "|", " and ") + g.term(depth)
	}
	return s
}

func (g jqGen) program() string {
	p := g.filter(0)
	switch g.r.IntN(10) {
	case 0:
		p = "def f: " + g.filter(1) + "; " + p + " | f"
	case 1:
		p = pick(g.r, `import "x" as x; `, `include "x"; `, `import "x" as $d; `, `import "in" as $d; `) + p
	case 2:
		p = "# c\n" + p
	}
	return p
}

func (g jqGen) options() []string {
	var o []string
	for k := g.r.IntN(3); k > 0; k-- {
		o = append(o, pick(g.r, "-n", "-r", "-c", "-s", "-e", "-S", "--tab", "--seq", "-j", "-a", "--arg x v", "--argjson x 1",
			"-L .", "--rawfile x .env", "--slurpfile x .env", "--argfile x .env", "-f x.jq", "--stream", "-R"))
	}
	return o
}

// TestJqGrammarOracle: design.md 173.
func TestJqGrammarOracle(t *testing.T) {
	jq := judgeProgram(t, "jq", "")
	_, decide := guard(t)
	w := newWorld(t)
	g := jqGen{rand.New(rand.NewPCG(173, uint64(oracleSize())))}
	var tl tally
	for i := oracleSize(); i > 0; i-- {
		tl.cases++
		filter := g.program()
		opts := g.options()
		var words []string
		for _, o := range opts {
			words = append(words, strings.Fields(o)...)
		}
		line := "jq " + strings.Join(append(slices.Clone(opts), shq(filter), "in.json"), " ")
		argv := append(append([]string{jq}, words...), filter, "in.json")
		if len(opts) > 0 && g.r.IntN(6) == 0 {
			// jq takes options after the operands too.
			line = "jq " + strings.Join(append([]string{shq(filter), "in.json"}, opts...), " ")
			argv = append([]string{jq, filter, "in.json"}, words...)
		}
		allowed := decide(line).Decision == runtime.Allow
		if !allowed {
			tl.refused++
			if w.harmless(argv, nil, append(slices.Clone(words), filter, "in.json")) {
				tl.noise++
				if os.Getenv("GRAMMAR_ORACLE_NOISE") != "" {
					t.Logf("noise: %s", line)
				}
			}
			continue
		}
		tl.allowed++
		out, eff := w.run(argv, nil, append(slices.Clone(words), filter, "in.json"))
		if !strings.Contains(out, "compile error") && !strings.Contains(out, "syntax error") {
			tl.judgeAccepted++
		}
		if len(eff) > 0 {
			tl.disagree(t, line, eff)
		}
	}
	tl.log(t, "jq")
}
