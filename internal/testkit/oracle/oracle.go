package oracle

import (
	"bytes"
	"encoding/json"

	"fmt"
	"os"
	"path"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"hookc.dev/hookc/internal/testkit/oracle/jail"
	"hookc.dev/hookc/runtime"
)

// DefaultReal are the programs the root runs for real (package jail), when
// the host has them: the read-only tools the reference guard allows, the
// wrappers that run other programs, and the readers and writers whose
// options name files (issue 11 classes 4 to 6). Everything else is a stub
// that only logs.
var DefaultReal = []string{
	// coreutils
	"basename", "cat", "cksum", "comm", "cut", "date", "df", "dirname", "du", "echo", "env",
	"expand", "false", "fmt", "fold", "head", "id", "join", "ls", "md5sum", "nice", "nl",
	"nohup", "od", "paste", "printenv", "printf", "pwd", "readlink", "realpath", "seq",
	"sha1sum", "sha256sum", "sha512sum", "sort", "stat", "stdbuf", "tac", "tail", "tee",
	"test", "timeout", "tr", "true", "uname", "uniq", "wc", "whoami", "base64",
	// findutils, diffutils, grep, text tools
	"find", "xargs", "diff", "cmp", "grep", "sed", "mawk", "awk", "gawk", "tar",
	"less", "more", "file", "jq", "git", "hostname", "setsid", "flock", "ionice",
}

// Config configures an Oracle.
type Config struct {
	Table    *runtime.Table // the table the hook runs (load.Policy.Hook)
	Workers  int            // roots run in parallel (default GOMAXPROCS)
	Timeout  time.Duration  // per line (default 2 s)
	Programs []string       // program names to put in the root besides the host's and the table's
	Real     []string       // programs run for real (default DefaultReal)
	// Awk is the host program the root runs as awk ("mawk", "gawk"); ""
	// keeps the host's awk.
	Awk string
}

// An Oracle runs the lines a policy allows in real bash, in throw-away
// roots, and judges what they did.
type Oracle struct {
	table    *runtime.Table
	canaries []Canary
	fs       runtime.MapFS
	base     map[string]string // bash's environment
	pool     chan *jail.Jail
	jails    []*jail.Jail
	dir      string

	UserNS  bool     // the roots are in user namespaces (else the workers are the host's root, with fewer capabilities)
	Real    []string // programs that run for real in the root
	Missing []string // programs of Config.Real the host does not have
}

// programDirs are the root's program directories, which hold the stub
// under every name.
var programDirs = []string{"/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"}

// ErrUnsupported wraps the reason this machine cannot run the oracle.
var ErrUnsupported = jail.ErrUnsupported

// New builds the stub and the worker and starts the roots. The error wraps
// ErrUnsupported if the machine cannot make them (no static bash, no
// namespaces).
func New(cfg Config) (*Oracle, error) {
	bash, err := jail.StaticBash()
	if err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = goruntime.GOMAXPROCS(0)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.Real == nil {
		cfg.Real = DefaultReal
	}
	dir, err := os.MkdirTemp("", "hookc-oracle-")
	if err != nil {
		return nil, err
	}
	// The oracle judges what the policy decides, not how fast: a decision
	// that runs out of its time budget on a loaded machine gets onError,
	// which would hide a line or flag a command by chance.
	table := *cfg.Table
	table.Limits.Millis = int(time.Minute / time.Millisecond)
	o := &Oracle{table: &table, dir: dir, canaries: newCanaries()}
	ok := false
	defer func() {
		if !ok {
			o.Close()
		}
	}()
	stub, worker, err := jail.Build(dir)
	if err != nil {
		return nil, err
	}
	copies, missing, err := jail.Real(cfg.Real)
	if err != nil {
		return nil, err
	}
	if cfg.Awk != "" {
		if copies, err = awkAs(copies, cfg.Awk); err != nil {
			return nil, err
		}
	}
	o.Missing, o.Real = missing, realNames(copies)
	copies = append(copies, supportFiles()...)

	var names []string
	for _, c := range cfg.Table.AllCommands() {
		names = append(names, c.Name)
	}
	spec := jail.Spec{
		Stub:        stub,
		Bash:        bash,
		ProgramDirs: programDirs,
		Programs:    jail.Programs(hostPrograms(programDirs), names, cfg.Programs, []string{"bash", "sh", "rbash"}),
		ReadOnly:    []string{"/usr", "/bin", "/sbin"},
		Copies:      copies,
		Tree:        tree(o.canaries),
		Env: []string{
			"HOME=" + Home, "PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin",
			"USER=user", "LOGNAME=user", "SHELL=/bin/bash", "LANG=C", "TERM=dumb",
		},
		Dir:       Project,
		Hostname:  "oracle",
		Timeout:   cfg.Timeout,
		OutputCap: 64 << 10,
		EnvCanary: o.canary("/proc/1/environ").Token,
	}
	if slices.Contains(o.Real, "git") {
		// The index is kept by stat data git would find changed after a
		// restore (the ctime is new): compare sizes and mtimes only.
		spec.Setup = "git init -q 2>/dev/null && git config core.trustctime false && git config core.checkStat minimal && git add -A && git commit -q -m init"
	}
	o.mirror(&spec)
	if err := o.startJails(worker, spec, dir, cfg.Workers); err != nil {
		return nil, err
	}
	ok = true
	return o, nil
}

// mirrorSetup adds to the evaluator's side the files the spec's Setup made
// in the project (the repository's objects, index and logs), as a root
// has them, so that the evaluator judges the tree bash sees
// (find .git -exec sed -n p {} + reads git's loose objects). An empty
// directory is a name of its own there, as a test's dirs are.
func (o *Oracle) mirrorSetup() error {
	j := <-o.pool
	out, err := j.Run("find .git -type f -o -type d -empty")
	o.pool <- j
	if err != nil {
		return fmt.Errorf("listing the files Setup made: %v", err)
	}
	for l := range strings.SplitSeq(string(out.Output), "\n") {
		if strings.HasPrefix(l, ".git/") {
			o.fs.Files[path.Join(Project, l)] = true
		}
	}
	return nil
}

// realNames returns the sorted names of the real programs among copies.
func realNames(copies []jail.Copy) []string {
	var names []string
	for _, c := range copies {
		if filepath.Dir(c.Root) == jail.RealBin {
			names = append(names, filepath.Base(c.Root))
		}
	}
	slices.Sort(names)
	return names
}

// mirror keeps what every run of spec starts with, its environment and
// its files, for the evaluator's side of the comparison.
func (o *Oracle) mirror(spec *jail.Spec) {
	o.base = map[string]string{}
	for _, kv := range spec.Env {
		k, v, _ := strings.Cut(kv, "=")
		o.base[k] = v
	}
	o.fs = runtime.MapFS{Files: map[string]bool{}, Links: map[string]string{}}
	for _, f := range spec.Tree {
		if f.Mode&os.ModeSymlink != 0 {
			o.fs.Links[f.Path] = f.Data
		} else {
			o.fs.Files[f.Path] = true
		}
	}
}

// startJails starts n jails of spec, each on a root of its own below dir,
// into the pool, and mirrors what the spec's Setup made; the error is the
// last of those that failed.
func (o *Oracle) startJails(worker string, spec jail.Spec, dir string, n int) error {
	o.pool = make(chan *jail.Jail, n)
	errs := make([]error, n)
	jails := make([]*jail.Jail, n)
	var wg sync.WaitGroup
	for i := range n {
		s := spec
		s.Mount = filepath.Join(dir, fmt.Sprintf("root%d", i))
		if err := os.Mkdir(s.Mount, 0o755); err != nil {
			return err
		}
		wg.Go(func() { jails[i], errs[i] = jail.Start(worker, &s) })
	}
	wg.Wait()
	o.UserNS = true
	var err error
	for i, j := range jails {
		if j != nil {
			o.UserNS = o.UserNS && j.UserNS
			o.jails = append(o.jails, j)
			o.pool <- j
		}
		if errs[i] != nil {
			err = errs[i]
		}
	}
	if err == nil && spec.Setup != "" {
		err = o.mirrorSetup()
	}
	return err
}

// awkAs makes the root's awk the copy of the host's program name (which
// must be a real program of the root too, for its libraries).
func awkAs(copies []jail.Copy, name string) ([]jail.Copy, error) {
	host := ""
	for _, c := range copies {
		if c.Root == filepath.Join(jail.RealBin, name) {
			host = c.Host
		}
	}
	if host == "" {
		return nil, fmt.Errorf("awk as %s: %s is not a real program of the root", name, name)
	}
	for i, c := range copies {
		if c.Root == filepath.Join(jail.RealBin, "awk") {
			copies[i].Host = host
			return copies, nil
		}
	}
	return append(copies, jail.Copy{Host: host, Root: filepath.Join(jail.RealBin, "awk"), Mode: 0o755}), nil
}

// supportFiles are host data files that real programs need, copied to the
// same place in the root: file's magic, gawk's library of awk files
// (AWKPATH: @include, -i) and its extensions (AWKLIBPATH: @load, -l).
func supportFiles() []jail.Copy {
	var cs []jail.Copy
	for _, p := range []string{"/usr/lib/file/magic.mgc", "/usr/share/misc/magic.mgc"} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			cs = append(cs, jail.Copy{Host: p, Root: p, Mode: 0o644})
		}
	}
	for _, g := range []struct {
		glob string
		mode os.FileMode
	}{{"/usr/share/awk/*.awk", 0o644}, {"/usr/lib/*/gawk/*.so", 0o755}, {"/usr/lib/gawk/*.so", 0o755}} {
		files, _ := filepath.Glob(g.glob)
		for _, p := range files {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				cs = append(cs, jail.Copy{Host: p, Root: p, Mode: g.mode})
			}
		}
	}
	return cs
}

// hostPrograms lists the names in the host's program directories.
func hostPrograms(dirs []string) []string {
	var names []string
	for _, d := range dirs {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			names = append(names, e.Name())
		}
	}
	return names
}

// Close stops the roots and removes the binaries.
func (o *Oracle) Close() {
	for _, j := range o.jails {
		j.Close()
	}
	os.RemoveAll(o.dir)
}

func (o *Oracle) canary(p string) Canary {
	for _, c := range o.canaries {
		if c.Path == p {
			return c
		}
	}
	return Canary{}
}

// Canaries returns the secret files and their tokens.
func (o *Oracle) Canaries() []Canary { return o.canaries }

// env is the hook's environment for a decision: HOME, the root's files,
// and for the commands bash ran, the project root fixed at Project whatever
// their working directory.
func (o *Oracle) env(fixRoot bool) *runtime.Env {
	return &runtime.Env{
		Getenv: func(name string) string {
			switch {
			case name == "HOME":
				return Home
			case name == "CLAUDE_PROJECT_DIR" && fixRoot:
				return Project
			}
			return ""
		},
		Home: Home,
		FS:   o.fs,
	}
}

// payload is a PreToolUse Bash call of line in cwd.
func payload(line, cwd string) []byte {
	b, _ := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse",
		"cwd":             cwd,
		"tool_name":       "Bash",
		"tool_input":      map[string]any{"command": line},
	})
	return b
}

// Decide decides line as the guard would in the project, with HOME Home,
// cwd Project and CLAUDE_PROJECT_DIR unset.
func (o *Oracle) Decide(line string) *runtime.Result {
	return runtime.Decide(o.table, payload(line, Project), o.env(false))
}

// Explain is Decide with the trace.
func (o *Oracle) Explain(line string) *runtime.Result {
	return runtime.Explain(o.table, payload(line, Project), o.env(false))
}

// decideExec decides a command bash ran as a line of its own, in the
// directory it ran in.
func (o *Oracle) decideExec(line, cwd string) *runtime.Result {
	return runtime.Decide(o.table, payload(line, cwd), o.env(true))
}

// A Verdict is what the oracle found for one line.
type Verdict struct {
	Line     string
	Decision runtime.Decision
	Ran      bool          // the line was run (by Check: it was allowed)
	Outcome  *jail.Outcome // what it did, if it ran
	Findings []Finding
}

// A Finding is one way an allowed line did harm.
type Finding struct {
	Kind   string // "exec", "leak", "write"
	Detail string
}

// Check decides line and, if the policy allows it, runs it and judges what
// it did. It may be called from several goroutines.
func (o *Oracle) Check(line string) (*Verdict, error) {
	v := &Verdict{Line: line, Decision: o.Decide(line).Decision}
	if v.Decision != runtime.Allow {
		return v, nil
	}
	return v, o.run(v)
}

// Run runs line whatever the policy decides, and judges what it did as if
// it were allowed.
func (o *Oracle) Run(line string) (*Verdict, error) {
	v := &Verdict{Line: line, Decision: o.Decide(line).Decision}
	return v, o.run(v)
}

func (o *Oracle) run(v *Verdict) error {
	line := v.Line
	for try := 0; ; try++ {
		j := <-o.pool
		out, err := j.Run(line)
		o.pool <- j
		if err != nil {
			return fmt.Errorf("%q: %v", line, err)
		}
		// A stub that could not start (the Go runtime out of memory on a
		// loaded machine) ran nothing: run the line again.
		if bytes.Contains(out.Output, []byte(stubCrash)) {
			if try < 2 {
				continue
			}
			return fmt.Errorf("%q: the stub crashed three times: %.300s", line, out.Output)
		}
		v.Ran, v.Outcome = true, out
		v.Findings = o.judge(out)
		return nil
	}
}

// stubCrash starts the message of a Go program that failed.
const stubCrash = "fatal error: runtime: "

// judge lists what the line did that the soundness check forbids (see the
// package comment).
func (o *Oracle) judge(out *jail.Outcome) []Finding {
	var fs []Finding
	add := func(kind, format string, args ...any) {
		fs = append(fs, Finding{Kind: kind, Detail: fmt.Sprintf(format, args...)})
	}
	// (a) Every command bash ran is allowed on its own. xargs, whose
	// words depend on an input its own line does not show, runs
	// nothing but the commands it builds, each judged here on its own;
	// what it reads shows in their words, judged by (b) (design.md 432).
	for i, e := range out.Execs {
		if path.Base(e.Exe) == "xargs" {
			continue
		}
		line := o.ExecLine(out.Execs, i)
		if r := o.decideExec(line, e.Cwd); r.Decision != runtime.Allow {
			add("exec", "ran %s (in %s), which the policy decides %s: %s", line, e.Cwd, r.Decision, r.Reason)
		}
	}
	// (b) No canary leaks.
	for _, c := range o.canaries {
		if strings.Contains(string(out.Output), c.Token) {
			add("leak", "the output holds the contents of %s", c.Path)
		}
		for i, e := range out.Execs {
			if strings.Contains(strings.Join(e.Argv, "\x00"), c.Token) || strings.Contains(strings.Join(o.envDiff(out.Execs, i), "\x00"), c.Token) {
				add("leak", "%s was run with the contents of %s", e.Exe, c.Path)
			}
		}
		for _, ch := range out.Changes {
			if strings.Contains(string(ch.Data), c.Token) {
				add("leak", "%s now holds the contents of %s", ch.Path, c.Path)
			}
		}
	}
	// (c) Nothing changed outside the project, nor what protects it.
	for _, ch := range out.Changes {
		switch {
		case gitBookkeeping[strings.TrimPrefix(ch.Path, Project+"/")]:
			// git status and git diff refresh the index.
		case isProtected(ch.Path):
			add("write", "%s %s, which protects the guard", ch.Path, ch.Kind)
		case !inProject(ch.Path):
			add("write", "%s %s, outside the project", ch.Path, ch.Kind)
		default:
			add("write", "%s %s, in the project, without the policy seeing a write", ch.Path, ch.Kind)
		}
	}
	for msg, what := range refused {
		if strings.Contains(string(out.Output), msg) {
			add("write", "%s (%q)", what, msg)
		}
	}
	if out.Hostname != "" {
		add("write", "changed the host name to %q", out.Hostname)
	}
	return fs
}

// gitBookkeeping are the files of the project's repository that git's read
// commands write.
var gitBookkeeping = map[string]bool{".git/index": true, ".git/index.lock": true}

// refused are messages of writes the root refused, with what was tried.
var refused = map[string]string{
	"Read-only file system":                    "tried to write a program directory",
	"cannot set date":                          "tried to set the system clock",
	"you must be root to change the host name": "tried to change the host name",
}

func inProject(p string) bool { return p == Project || strings.HasPrefix(p, Project+"/") }

func isProtected(p string) bool {
	for _, q := range Protected {
		q = abs(q)
		if p == q || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}

// bashVars are the variables bash itself sets in what it runs.
var bashVars = map[string]bool{"_": true, "SHLVL": true, "PWD": true, "OLDPWD": true}

// envDiff returns the NAME=value entries of the environment of execs[i]
// that are not in bash's base environment. For a program run by a program
// other than a shell (git running man, xargs running echo), only those
// that its parent was run with count: what the parent set itself is its
// own doing (GIT_EXEC_PATH, xargs --process-slot-var), and the parent's
// own exec was judged with the line's variables.
func (o *Oracle) envDiff(execs []jail.Exec, i int) []string {
	e := execs[i]
	var inherited []string
	p := parent(execs, i)
	byProgram := p >= 0 && !isShell(execs[p].Exe)
	if byProgram {
		inherited = o.envDiff(execs, p)
	}
	var d []string
	for _, kv := range e.Env {
		k, v, _ := strings.Cut(kv, "=")
		if bashVars[k] {
			continue
		}
		if bv, ok := o.base[k]; ok && bv == v {
			continue
		}
		if byProgram && !slices.Contains(inherited, kv) {
			continue
		}
		d = append(d, kv)
	}
	slices.Sort(d)
	return d
}

// parent returns the index of the exec that ran execs[i], or -1: the
// program its process ran before (git help execs man in place), else the
// latest program of its parent process.
func parent(execs []jail.Exec, i int) int {
	for _, pid := range [2]int{execs[i].Pid, execs[i].PPid} {
		for j := i - 1; j >= 0; j-- {
			if execs[j].Pid == pid && pid != 0 {
				return j
			}
		}
	}
	return -1
}

func isShell(exe string) bool {
	switch path.Base(exe) {
	case "bash", "sh", "rbash":
		return true
	}
	return false
}

// ExecLine turns execs[i] back into a shell line: the variables it did not
// inherit (envDiff) as NAME=value prefixes, then the program executed and
// its arguments, each word quoted.
func (o *Oracle) ExecLine(execs []jail.Exec, i int) string {
	e := execs[i]
	var words []string
	for _, kv := range o.envDiff(execs, i) {
		k, v, _ := strings.Cut(kv, "=")
		words = append(words, k+"="+Quote(v))
	}
	prog := e.Exe
	if slices.Contains(programDirs, path.Dir(prog)) && !bashBuiltins[path.Base(prog)] {
		// A stub found in PATH: as the line said it. A program named
		// like a builtin was run by its path (bash runs the builtin
		// otherwise), and by its path it stays a program.
		prog = path.Base(prog)
	}
	words = append(words, Quote(prog))
	for _, a := range e.Argv[min(1, len(e.Argv)):] {
		words = append(words, Quote(a))
	}
	return strings.Join(words, " ")
}

// bashBuiltins are the names bash 5 runs as builtins (compgen -b).
var bashBuiltins = map[string]bool{}

func init() {
	for _, b := range strings.Fields(". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait") {
		bashBuiltins[b] = true
	}
}

// Quote quotes s as one shell word.
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Report describes a verdict with findings for a person: the line, the
// policy's decision and trace, and what bash did.
func (o *Oracle) Report(v *Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "line: %s\n", v.Line)
	res := o.Explain(v.Line)
	fmt.Fprintf(&b, "guard: %s", res.Decision)
	if res.Rule != "" {
		fmt.Fprintf(&b, " by rule %q", res.Rule)
	}
	b.WriteString("\n")
	for _, u := range res.Units {
		fmt.Fprintf(&b, "  %-5s %s (%s)\n", u.Decision, traceCommand(u), u.Why)
	}
	for _, f := range v.Findings {
		fmt.Fprintf(&b, "finding (%s): %s\n", f.Kind, f.Detail)
	}
	if out := v.Outcome; out != nil {
		fmt.Fprintf(&b, "bash: exit %d", out.Exit)
		if out.TimedOut {
			b.WriteString(", timed out")
		}
		b.WriteString("\n")
		for i, e := range out.Execs {
			fmt.Fprintf(&b, "  exec %s  (cwd %s)\n", o.ExecLine(out.Execs, i), e.Cwd)
		}
		for _, c := range out.Changes {
			fmt.Fprintf(&b, "  %s %s\n", c.Kind, c.Path)
		}
		if len(out.Output) > 0 {
			text := string(out.Output)
			if len(text) > 1000 {
				text = text[:1000] + "..."
			}
			fmt.Fprintf(&b, "  output: %q\n", text)
		}
	}
	return b.String()
}

func traceCommand(u runtime.Trace) string {
	if u.Cmd == nil {
		return "(the call)"
	}
	if u.Cmd.Text != "" {
		return u.Cmd.Text
	}
	return u.Cmd.Program.Text
}

// ProgramNames returns the names of the programs the policy finds in the
// lines, wrappers included, for the root's stubs.
func ProgramNames(t *runtime.Table, lines []string) []string {
	var names []string
	env := &runtime.Env{Home: Home}
	for _, l := range lines {
		for _, u := range runtime.Explain(t, payload(l, Project), env).Units {
			if u.Cmd == nil {
				continue
			}
			names = append(names, path.Base(u.Cmd.Program.Text))
			names = append(names, u.Cmd.Wrappers...)
		}
	}
	return names
}
