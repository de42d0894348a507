package hookc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// This file holds the differential oracle of find's expressions (design.md
// 175, 176): a generator of GNU find's own grammar, as find(1) documents
// it, makes command lines; the reference guard decides each one in a
// throw-away tree; each line it allows runs for real under strace, and
// must run no program but those its -exec runs (units the guard judged),
// change no file, read no file's contents but theirs of the files found,
// open no directory outside its starting points and print no canary. find's own
// parse (find -D tree) must name the primaries the guard's model named.

// judgeProgram looks up a program the oracle needs as its judge. Without
// it the test skips, but fails under CI=true: an oracle that judges
// nothing must not pass there.
// With want set, name run with args must print it.
func judgeProgram(t *testing.T, name, want string, args ...string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil && want != "" {
		out, _ := exec.Command(p, args...).CombinedOutput()
		if !strings.Contains(string(out), want) {
			err = fmt.Errorf("%s %s does not print %q", name, strings.Join(args, " "), want)
		}
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the judge %s is missing (%v): the oracle cannot run, and CI must not pass without it", name, err)
		}
		t.Skipf("the judge %s is missing (%v)", name, err)
	}
	return p
}

// oracleBudget is how long an oracle may run lines: 40 s by default, 8 s
// with -short, or $HOOKC_ORACLE_SECONDS. It stops generating when the
// budget or the count (oracleCount) is spent.
func oracleBudget() time.Duration {
	if s := os.Getenv("HOOKC_ORACLE_SECONDS"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			return time.Duration(v) * time.Second
		}
	}
	if testing.Short() {
		return 3 * time.Second
	}
	return 40 * time.Second
}

// oracleSeed is the seed of an oracle's generator: $HOOKC_ORACLE_SEED, or
// the design number the oracle is described under.
func oracleSeed(def uint64) uint64 {
	if v, err := strconv.ParseUint(os.Getenv("HOOKC_ORACLE_SEED"), 10, 64); err == nil {
		return v
	}
	return def
}

// oracleCount is how many lines an oracle generates at most: n by
// default, n/20 with -short, or $HOOKC_ORACLE_LINES.
func oracleCount(n int) int {
	if s := os.Getenv("HOOKC_ORACLE_LINES"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			return v
		}
	}
	if testing.Short() {
		return n / 20
	}
	return n
}

// realGuard loads the reference guard and returns a function that decides
// a Bash line in the directory cwd with HOME home, on the real file system.
func realGuard(t *testing.T, home, cwd string) (*runtime.Table, func(string) *runtime.Result) {
	t.Helper()
	p, err := load.Dir("examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	env := &runtime.Env{Home: home, FS: runtime.OSEnv().FS, Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}}
	return p.Table, func(line string) *runtime.Result {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": cwd, "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
		return runtime.Decide(hook, b, env)
	}
}

// shellQuote quotes w for bash, keeping plain words plain.
func shellQuote(w string) string {
	if w != "" && regexp.MustCompile(`^[A-Za-z0-9_./%:=+,@-]+$`).MatchString(w) {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// The world of an oracle: a home with secrets, a project in it.
type oracleWorld struct {
	root, home, project, canary, marker string
}

const findCanary = "CANARY-7f3e9a1c-find"

// newOracleWorld returns the places of a world in a new temporary
// directory, none of them made yet.
func newOracleWorld(t *testing.T, canary string) *oracleWorld {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &oracleWorld{root: root, home: filepath.Join(root, "home"), canary: canary}
	w.project = filepath.Join(w.home, "project")
	w.marker = filepath.Join(root, "MARKER")
	return w
}

func newFindWorld(t *testing.T) *oracleWorld {
	w := newOracleWorld(t, findCanary)
	w.reset(t)
	return w
}

// reset builds the world again from nothing.
func (w *oracleWorld) reset(t *testing.T) {
	os.RemoveAll(w.home)
	os.Remove(w.marker)
	files := map[string]string{
		".ssh/id_rsa":       w.canary + "\n",
		".aws/credentials":  "[default]\naws_secret_access_key=" + w.canary + "\n",
		"notes.txt":         "plain\n",
		"project/a.txt":     "alpha\n",
		"project/sub/b.go":  "package b\n",
		"project/.env":      "TOKEN=" + w.canary + "\n",
		"project/empty/.k":  "",
		"project/list0":     "../.ssh\x00.env\x00" + w.canary + "\x00",
		"project/names.txt": "a.txt\n",
		"project/mark.sh":   "#!/bin/sh\ntouch " + w.marker + "\n",
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
	os.Chmod(filepath.Join(w.home, "project/mark.sh"), 0o755)
	os.Remove(filepath.Join(w.home, "project/empty/.k"))
	if err := os.Symlink("../.ssh", filepath.Join(w.project, "keys")); err != nil {
		t.Fatal(err)
	}
}

// secret reports whether the file at p, or a file below the directory at
// p, holds the canary. The project's list0 is no secret: it holds the
// canary as a file name, so that find printing the names it lists prints
// the canary.
func (w *oracleWorld) secret(p string) bool {
	found := false
	filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && q != filepath.Join(w.project, "list0") {
			if b, err := os.ReadFile(q); err == nil && strings.Contains(string(b), w.canary) {
				found = true
			}
		}
		return nil
	})
	return found
}

// findLine is a generated find command line: its words (after find), the
// line bash reads, and which of the words are starting points.
type findLine struct {
	words  []string
	line   string
	starts []string
	// files are the arguments that name files find looks at (-newer
	// FILE, -samefile FILE, -newerXY FILE), and from is set when
	// -files0-from takes the starting points from a file.
	files []string
	from  bool
	// debug is the index in words where -D tree can go (after the global
	// options that must come first).
	debug int
}

// findGen generates find command lines from GNU find's grammar
// (findutils 4.9, find(1)): global options, starting points, then an
// expression of positional options, tests, actions and operators. The
// grammar below is find's, written from its manual, not the guard's
// command knowledge.
type findGen struct {
	rng *rand.Rand
	w   *oracleWorld
}

// find's primaries by the arguments they take. Each letter of the
// signature is one argument: n a number, N a signed number (+n -n n), p a
// pattern, f a file, t a type letter, m a mode, s a size, u a user, g a
// group, r a regex type, x a format, d a date or file, c a command up to ;
// or {} +, D a debug option, l an SELinux context.
var findGrammar = map[string]string{
	// positional options
	"-daystart": "", "-follow": "", "-regextype": "r", "-warn": "", "-nowarn": "",
	"-ignore_readdir_race": "", "-noignore_readdir_race": "", "-maxdepth": "n", "-mindepth": "n",
	"-mount": "", "-xdev": "", "-noleaf": "", "-depth": "", "-d": "",
	// tests
	"-amin": "N", "-anewer": "f", "-atime": "N", "-cmin": "N", "-cnewer": "f", "-context": "l",
	"-ctime": "N", "-empty": "", "-executable": "", "-false": "", "-fstype": "t", "-gid": "N",
	"-group": "g", "-ilname": "p", "-iname": "p", "-inum": "N", "-ipath": "p", "-iregex": "p",
	"-iwholename": "p", "-links": "N", "-lname": "p", "-mmin": "N", "-mtime": "N", "-name": "p",
	"-newer": "f", "-nogroup": "", "-nouser": "", "-path": "p", "-perm": "m", "-readable": "",
	"-regex": "p", "-samefile": "f", "-size": "s", "-true": "", "-type": "t", "-uid": "N",
	"-used": "N", "-user": "u", "-wholename": "p", "-writable": "", "-xtype": "t",
	// actions
	"-delete": "", "-exec": "c", "-execdir": "c", "-fls": "f", "-fprint": "f", "-fprint0": "f",
	"-fprintf": "fx", "-ls": "", "-ok": "c", "-okdir": "c", "-print": "", "-print0": "",
	"-printf": "x", "-prune": "", "-quit": "",
	// the option that reads the starting points from a file
	"-files0-from": "f",
}

var findOperators = []string{"(", ")", "!", "-not", "-a", "-and", "-o", "-or", ","}

func (g *findGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// arg makes an argument of kind k.
func (g *findGen) arg(k byte) []string {
	w := g.w
	switch k {
	case 'n':
		return []string{g.pick("0", "1", "2", "3")}
	case 'N':
		return []string{g.pick("1", "+1", "-1", "0", "-100")}
	case 'p':
		return []string{g.pick("*.go", "*", "a*", "-delete", "-exec", "{}", ";", "(", "*.txt", ".*", "sub", "./*", "-print", `\*`)}
	case 'f':
		return []string{g.pick("a.txt", ".env", "sub/b.go", "list0", "keys", w.home+"/.ssh/id_rsa", "../notes.txt",
			"-print", "-delete", "out.txt", w.root+"/written", "/dev/stdout", "-", "names.txt", "../.aws/credentials")}
	case 't':
		return []string{g.pick("f", "d", "l", "f,d", "x", "ext4", "tmpfs")}
	case 'm':
		return []string{g.pick("644", "-644", "/111", "u+x", "-u=r")}
	case 's':
		return []string{g.pick("0", "+1k", "-1M", "1c", "+0")}
	case 'u':
		return []string{g.pick("root", "0", "nobody")}
	case 'g':
		return []string{g.pick("root", "0")}
	case 'r':
		return []string{g.pick("emacs", "posix-extended", "findutils-default", "-print")}
	case 'x':
		return []string{g.pick(`%p\n`, "%f", "%h/%f %s\n", "-delete", "%p %l\n", `\0`, "{}")}
	case 'l':
		return []string{g.pick("*", "system_u:*")}
	case 'd':
		return []string{g.pick("a.txt", "2024-01-01", "yesterday", w.home+"/.ssh/id_rsa")}
	case 'c':
		cmd := []string{g.pick("echo", "cat", "rm", "./mark.sh", "sh", w.project+"/mark.sh", "{}")}
		for k := g.rng.IntN(3); k > 0; k-- {
			cmd = append(cmd, g.pick("{}", "-c", "x{}y", "-f", "touch "+w.marker))
		}
		if g.rng.IntN(2) == 0 {
			return append(cmd, "{}", "+")
		}
		return append(cmd, ";")
	}
	return nil
}

// primary makes one primary with its arguments.
func (g *findGen) primary(l *findLine, names []string) []string {
	name := names[g.rng.IntN(len(names))]
	sig := findGrammar[name]
	if strings.HasPrefix(name, "-newer") && len(name) == 8 {
		sig = "d"
	}
	out := []string{name}
	for i := 0; i < len(sig); i++ {
		a := g.arg(sig[i])
		out = append(out, a...)
		looks := sig[i] == 'd' && !strings.HasSuffix(name, "t") || sig[i] == 'f' && slices.Contains([]string{"-newer", "-anewer", "-cnewer", "-samefile"}, name)
		if looks {
			l.files = append(l.files, a[0])
		}
	}
	if name == "-files0-from" {
		l.from = true
	}
	return out
}

func (g *findGen) line() findLine {
	names := make([]string, 0, len(findGrammar)+25)
	for n := range findGrammar {
		names = append(names, n)
	}
	for _, x := range "aBcmt" {
		for _, y := range "aBcmt" {
			if x != 't' {
				names = append(names, "-newer"+string(x)+string(y))
			}
		}
	}
	slices.Sort(names)
	var l findLine
	// Global options: -H -L -P, -D debugopts, -Olevel.
	for k := g.rng.IntN(3); k > 0; k-- {
		switch g.rng.IntN(4) {
		case 0:
			l.words = append(l.words, g.pick("-H", "-L", "-P"))
		case 1:
			l.words = append(l.words, "-D", g.pick("exec", "search", "stat", "opt", "rates", "all", "help", "nosuch"))
		case 2:
			l.words = append(l.words, g.pick("-O0", "-O1", "-O2", "-O3", "-O9", "-O"))
		default:
			l.words = append(l.words, g.pick("-H", "-L"))
		}
	}
	l.debug = len(l.words)
	// Starting points.
	for k := g.rng.IntN(3); k > 0; k-- {
		s := g.pick(".", "sub", "keys", "a.txt", "empty", "..", "./sub", "nosuch")
		l.words = append(l.words, s)
		l.starts = append(l.starts, s)
	}
	// The expression: terms joined by operators, some in parentheses,
	// some negated.
	depth := 0
	for k := g.rng.IntN(5); k >= 0; k-- {
		if g.rng.IntN(6) == 0 {
			l.words = append(l.words, g.pick("!", "-not"))
		}
		if g.rng.IntN(6) == 0 {
			l.words = append(l.words, "(")
			depth++
		}
		l.words = append(l.words, g.primary(&l, names)...)
		if depth > 0 && g.rng.IntN(3) == 0 {
			l.words = append(l.words, ")")
			depth--
		}
		if k > 0 && g.rng.IntN(2) == 0 {
			l.words = append(l.words, g.pick(findOperators[3:]...))
		}
	}
	for ; depth > 0; depth-- {
		l.words = append(l.words, ")")
	}
	if g.rng.IntN(20) == 0 {
		// A stray operator or word: find must reject it, or read it as
		// the guard does.
		l.words = append(l.words, g.pick(findOperators...))
	}
	// The line: each word quoted, ; and ( spelled in the ways bash reads
	// as the same word.
	var b strings.Builder
	b.WriteString("find")
	for _, w := range l.words {
		b.WriteByte(' ')
		switch {
		case w == ";" || w == "(" || w == ")" || w == "!":
			b.WriteString(g.pick(`\`+w, "'"+w+"'", `"`+w+`"`))
		case w == "{}" && g.rng.IntN(2) == 0:
			b.WriteString(g.pick("'{}'", `\{\}`, "{}"))
		default:
			b.WriteString(shellQuote(w))
		}
	}
	l.line = b.String()
	return l
}

// traceReport is what strace saw a line do.
type traceReport struct {
	execs  []string // programs executed
	writes []string // calls that change the file system
	opens  []string // files and directories opened for reading, resolved
	stats  []string // paths whose metadata it read, as written
}

var (
	traceCall = regexp.MustCompile(`^(?:\d+ +)?([a-z0-9_]+)\((.*)\) += (-?\d+)(?:<([^>]*)>)?`)
	traceStr  = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// straceRun runs argv in dir under strace and returns its output and what
// it did.
func straceRun(t *testing.T, dir string, env []string, timeout time.Duration, argv ...string) (string, traceReport, error) {
	return straceCalls(t, dir, env, timeout, "stat,lstat,newfstatat,statx,", argv...)
}

// straceCalls is straceRun with more calls to trace (a list ending in a
// comma), besides those that run programs, open files and change them.
func straceCalls(t *testing.T, dir string, env []string, timeout time.Duration, more string, argv ...string) (string, traceReport, error) {
	tf := filepath.Join(t.TempDir(), "trace")
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append([]string{"-f", "-qq", "-y", "-s", "256", "-o", tf,
		"-e", "trace=" + more + "execve,execveat,open,openat,openat2,creat,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat,rmdir,link,linkat,symlink,symlinkat,truncate,chmod,fchmodat,utimensat,chown,fchownat,mknodat",
		"--"}, argv...)
	cmd := exec.CommandContext(ctx, "strace", args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = nil
	// A line that outlives the timeout is killed with everything it
	// started (git grep -f/dev/stdout reads its own output pipe).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	trace, _ := os.ReadFile(tf)
	var r traceReport
	for _, ln := range strings.Split(string(trace), "\n") {
		m := traceCall.FindStringSubmatch(ln)
		if m == nil || strings.HasPrefix(m[3], "-") {
			continue
		}
		call, args, fdPath := m[1], m[2], m[4]
		first := ""
		if s := traceStr.FindStringSubmatch(args); s != nil {
			first = s[1]
		}
		switch call {
		case "stat", "lstat", "newfstatat", "statx":
			// The path, joined to the directory it is relative to.
			dir := ""
			if d := regexp.MustCompile(`^(?:AT_FDCWD|\d+)<([^>]*)>`).FindStringSubmatch(args); d != nil {
				dir = d[1]
			}
			if first != "" && !filepath.IsAbs(first) {
				first = filepath.Join(dir, first)
			}
			if first != "" {
				r.stats = append(r.stats, filepath.Clean(first))
			}
		case "execve", "execveat":
			r.execs = append(r.execs, first)
		case "open", "openat", "openat2", "creat":
			if fdPath == "/dev/null" || first == "/dev/null" || strings.HasPrefix(fdPath, "pipe:") {
				// The output is no file.
				continue
			}
			if call == "creat" || strings.Contains(args, "O_WRONLY") || strings.Contains(args, "O_RDWR") || strings.Contains(args, "O_CREAT") || strings.Contains(args, "O_TRUNC") {
				r.writes = append(r.writes, call+" "+fdPath+" "+first)
				continue
			}
			kind := "file"
			if fi, err := os.Stat(fdPath); strings.Contains(args, "O_DIRECTORY") || err == nil && fi.IsDir() {
				kind = "dir"
			}
			r.opens = append(r.opens, kind+" "+fdPath)
		default:
			r.writes = append(r.writes, call+" "+args)
		}
	}
	return string(out), r, err
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, strings.TrimSuffix(dir, "/")+"/")
}

var findPredList = regexp.MustCompile(`(?m)^Predicate List:\n(.*)$`)

// findPrimaries returns the primaries and options of a find expression in
// order, without operators: from find -D tree's predicate list, or from
// the guard's flags.
func findPrimaries(words []string) []string {
	var out []string
	for _, w := range words {
		switch w {
		case "(", ")", "!", ",", "-a", "-and", "-o", "-or", "-not", "-H", "-L", "-P", "-D", "-daystart":
			continue
		}
		if strings.HasPrefix(w, "-O") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// judgeFind runs the line l in w under strace, with -D tree added, and
// says what it did that a read-only line must not; ok is false if it timed
// out. A first reason "parsed: " says find printed its parse.
func judgeFind(t *testing.T, w *oracleWorld, l findLine, table *runtime.Table, env []string) (why []string, ok bool) {
	// Run it as bash would, with -D tree added after the global
	// options, so that find prints how it parsed the expression.
	words := slices.Concat(l.words[:l.debug], []string{"-D", "tree"}, l.words[l.debug:])
	argv := slices.Concat([]string{"find"}, words)
	var q []string
	for _, a := range argv {
		q = append(q, shellQuote(a))
	}
	out, tr, err := straceRun(t, w.project, env, 10*time.Second, "bash", "--norc", "--noprofile", "-c", strings.Join(q, " "))
	if err != nil && strings.Contains(err.Error(), "signal: killed") {
		return nil, false
	}
	// The programs its -exec and -execdir run, as the model reads them
	// (a unit each, which the guard allowed): they may run, and read
	// the files found (design.md 432).
	var run []string
	for _, c := range runtime.Extract(l.line, table.Command, runtime.Limits{}).Cmds {
		if slices.Contains(c.Wrappers, "find") && !c.Program.Dynamic {
			run = append(run, c.Program.Text)
		}
	}
	if len(tr.execs) < 2 || !strings.HasSuffix(tr.execs[1], "/find") ||
		slices.ContainsFunc(tr.execs[2:], func(p string) bool { return !slices.Contains(run, filepath.Base(p)) }) {
		why = append(why, fmt.Sprintf("ran %q", tr.execs))
	}
	if len(tr.writes) > 0 {
		why = append(why, fmt.Sprintf("changed files: %q", tr.writes))
	}
	if strings.Contains(out, w.canary) {
		why = append(why, "printed the canary")
	}
	// Every directory it opens in the world must be in one of the
	// starting points (find opens . to come back to); it opens no
	// file there.
	var starts []string
	for _, s := range l.starts {
		if r, err := filepath.EvalSymlinks(filepath.Join(w.project, s)); err == nil {
			starts = append(starts, r)
		}
	}
	if len(l.starts) == 0 {
		starts = append(starts, w.project)
	}
	named := func(p string) bool {
		for _, f := range l.files {
			if !filepath.IsAbs(f) {
				f = filepath.Join(w.project, f)
			}
			r, _ := filepath.EvalSymlinks(f)
			if (filepath.Clean(f) == p || r == p) && !w.secret(p) {
				return true
			}
		}
		return false
	}
	for _, o := range tr.opens {
		kind, p, _ := strings.Cut(o, " ")
		if !within(p, w.root) || named(p) {
			continue
		}
		if kind == "file" && (len(run) == 0 || w.secret(p) || !slices.ContainsFunc(starts, func(s string) bool { return within(p, s) })) {
			why = append(why, "read the file "+p)
			continue
		}
		if p != w.project && !slices.ContainsFunc(starts, func(s string) bool { return within(p, s) }) {
			why = append(why, "opened "+p+", outside its starting points")
		}
	}
	// It looks at no file's metadata outside them either (the
	// project itself and the way to the starting points aside).
	for _, p := range tr.stats {
		if !within(p, w.root) || p == w.project || named(p) || slices.ContainsFunc(starts, func(s string) bool { return within(p, s) || within(s, p) }) {
			continue
		}
		if r, err := filepath.EvalSymlinks(p); err == nil && slices.ContainsFunc(starts, func(s string) bool { return within(r, s) }) {
			continue
		}
		why = append(why, "looked at "+p+", outside its starting points")
	}
	// find's parse against the guard's.
	// find -D tree leaves out of its predicate list the primaries before
	// a -daystart: the parse is not compared there.
	if m := findPredList.FindStringSubmatch(out); m != nil && !slices.Contains(l.words, "-daystart") {
		why = append([]string{"parsed: "}, why...)
		var theirs []string
		for _, f := range regexp.MustCompile(`\[([^\]]*)\]`).FindAllStringSubmatch(m[1], -1) {
			theirs = append(theirs, f[1])
		}
		x := runtime.Extract(l.line, table.Command, runtime.Limits{})
		var ours []string
		for _, c := range x.Cmds {
			if c.Program.Text == "find" {
				for _, f := range c.Flags {
					ours = append(ours, f.Text)
				}
			}
		}
		a, b := findPrimaries(theirs), findPrimaries(ours)
		if len(a) == len(b)+1 && a[len(a)-1] == "-print" {
			a = a[:len(b)] // the -print find adds to an expression without actions
		}
		if !slices.Equal(a, b) {
			why = append(why, fmt.Sprintf("find parsed the primaries %q, the guard %q", a, b))
		}
	}
	if l.from && !strings.Contains(out, "Predicate List") {
		// find rejected the line before reading the list.
	} else if l.from {
		why = append(why, "took its starting points from a file")
	}
	return why, true
}

// findJudgeChecks are lines the judge must find fault with, whatever the
// guard says: they show it sees what it looks for.
var findJudgeChecks = []findLine{
	{words: []string{".", "-fprint", "out.txt"}, starts: []string{"."}},
	{words: []string{"-files0-from", "list0"}, from: true},
	{words: []string{".", "-exec", "./mark.sh", ";"}, starts: []string{"."}},
	{words: []string{"-L", ".", "-name", "x"}, starts: []string{"."}, debug: 1},
	{words: []string{"sub", "-samefile", ".env"}, starts: []string{"sub"}},
	{words: []string{"sub", "-delete"}, starts: []string{"sub"}},
}

func TestFindOracle(t *testing.T) {
	judgeProgram(t, "find", "GNU findutils", "--version")
	judgeProgram(t, "strace", "strace", "-V")
	judgeProgram(t, "bash", "")
	w := newFindWorld(t)
	table, decide := realGuard(t, w.home, w.project)
	env := []string{"HOME=" + w.home, "PATH=/usr/bin:/bin", "LC_ALL=C"}
	for _, l := range findJudgeChecks {
		var q []string
		for _, x := range l.words {
			q = append(q, shellQuote(x))
		}
		l.line = "find " + strings.Join(q, " ")
		if why, _ := judgeFind(t, w, l, table, env); len(why) == 0 || len(why) == 1 && strings.HasPrefix(why[0], "parsed: ") {
			t.Errorf("the judge finds nothing wrong with %s", l.line)
		}
		w.reset(t)
	}
	g := &findGen{rng: rand.New(rand.NewPCG(oracleSeed(175), 1)), w: w}
	n := oracleCount(5000)
	var generated, allowed, judged, parsed int
	var disagree []string
	seen := map[string]bool{}
	start := time.Now()
	for generated < n && time.Since(start) < oracleBudget() {
		l := g.line()
		if seen[l.line] {
			continue
		}
		seen[l.line] = true
		generated++
		if decide(l.line).Decision != runtime.Allow {
			continue
		}
		allowed++
		why, ok := judgeFind(t, w, l, table, env)
		if !ok {
			t.Logf("timed out: %s", l.line)
			w.reset(t)
			continue
		}
		judged++
		if len(why) > 0 && strings.HasPrefix(why[0], "parsed: ") {
			parsed++
			why = why[1:]
		}
		if len(why) > 0 {
			disagree = append(disagree, l.line+": "+strings.Join(why, "; "))
			w.reset(t)
		}
	}
	t.Logf("find oracle: %d lines generated, %d allowed, %d judged (%d parsed by find -D tree), %d disagreements", generated, allowed, judged, parsed, len(disagree))
	for i, d := range disagree {
		if i == 40 {
			t.Errorf("... and %d more", len(disagree)-i)
			break
		}
		t.Errorf("the guard allows %s", d)
	}
}
