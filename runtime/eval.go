package runtime

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/paths"
	"hookc.dev/hookc/runtime/payload"
	"hookc.dev/hookc/runtime/shell"
)

// A Result is the decision on one hook call.
type Result struct {
	Event    string
	Decision Decision
	Rule     string // the rule that gave the reason; "" for the default, a floor or onError
	Pos      string
	Reason   string
	Message  string
	Context  string
	// Stop is set when the deciding rule stops Claude ({"continue":
	// false}), with StopReason for the user.
	Stop       bool
	StopReason string
	// Contexts are the rules that added their context without deciding
	// (design.md 59), in order.
	Contexts []string
	Err      string  // set when OnError decided: what went wrong
	Units    []Trace // every unit decided, in order (only when tracing)
	// State are the changes to state files the answer makes once it is
	// out (design.md 223); the hook makes them, tests only show them.
	State []StateOp

	notes []string         // problems that changed no decision, for stderr
	call  *payload.Payload // the payload decided, nil when it could not be read
	cmds  []SimpleCommand  // the simple commands of its command line
	path  string           // the first path the call touches, for the audit log
}

// A Trace says how one unit of a call was decided: the call itself, or one
// simple command of its command line.
type Trace struct {
	Cmd      *SimpleCommand // nil for a call that is not a command line
	Paths    []string       // the paths it touches, resolved, with r/w marks
	Decision Decision
	Rule     string
	Pos      string
	By       Decider   // what decided it; Why says it in words
	Floor    FloorKind // with By == ByFloor: the floor
	Why      string    // "rule", "default", or which floor, for people
}

// A Decider is what decided a unit: code that counts or compares
// decisions reads it, never Trace.Why, which is for people.
type Decider uint8

const (
	ByRule         Decider = iota // a rule of the policy: Trace.Rule
	ByDefault                     // no rule matched on a permission event: the policy's default
	ByOtherDefault                // no rule matched on another event: pass
	ByFloor                       // the policy's floor (Trace.Floor), no floor rule matched
)

// Decide decides the hook call in payload. It never panics and always
// returns a result: failures give the table's OnError decision.
func Decide(t *Table, payload []byte, env *Env) *Result {
	return decide(t, payload, env, false, "")
}

// Explain is Decide with a trace of every unit.
func Explain(t *Table, payload []byte, env *Env) *Result {
	return decide(t, payload, env, true, "")
}

// decide decides the payload in data. When it fails, the answer is onError for the
// event: the hook's -event flag (event), else the hook_event_name read
// before the payload turned out unreadable, else PreToolUse (design.md 22).
func decide(t *Table, data []byte, env *Env, trace bool, event string) (res *Result) {
	lim := t.limits()
	defer func() {
		if r := recover(); r != nil {
			res = errorResult(t, event, fmt.Sprintf("internal error: %v", r))
		}
	}()
	if len(data) > lim.InputBytes {
		return errorResult(t, event, fmt.Sprintf("input is larger than the limit of %d bytes", lim.InputBytes))
	}
	p, read, err := payload.ParseEvent(data)
	if err != nil {
		if event == "" {
			event = read
		}
		return errorResult(t, event, err.Error())
	}
	res = DecidePayload(t, p, env, trace)
	if res.Err != "" && event != "" && event != res.Event {
		res = errorResult(t, event, res.Err)
		res.call = p
	}
	return res
}

func errorResult(t *Table, event string, msg string) *Result {
	if event == "" {
		event = "PreToolUse"
	}
	return &Result{Event: event, Decision: t.OnErrorFor(event), Reason: "hookc: " + msg, Err: msg}
}

// OnErrorFor returns the onError decision of the event.
func (t *Table) OnErrorFor(event string) Decision {
	for _, ed := range t.OnErrorBy {
		if ed.Event == event {
			return ed.Decision
		}
	}
	return t.OnError
}

func (t *Table) limits() Limits {
	l := t.Limits
	d := DefaultLimits
	if l.InputBytes <= 0 {
		l.InputBytes = d.InputBytes
	}
	if l.Depth <= 0 {
		l.Depth = d.Depth
	}
	if l.Commands <= 0 {
		l.Commands = d.Commands
	}
	if l.Millis <= 0 {
		l.Millis = d.Millis
	}
	if l.ContextBytes <= 0 {
		l.ContextBytes = d.ContextBytes
	}
	return l
}

// PermissionEvents are the events that ask for a permission decision:
// rules without an event condition, the policy's default and its floors
// apply to them (design.md 37). PreSkillShellCommand is a skill's or
// slash command's ! shell line, decided like a Bash call (design.md 140).
var PermissionEvents = []string{"PreToolUse", "PermissionRequest", "PreSkillShellCommand"}

// IsPermissionEvent reports whether rules without an event condition and
// the policy's default apply to the event.
func IsPermissionEvent(event string) bool {
	return event == "PreToolUse" || event == "PermissionRequest" || event == "PreSkillShellCommand"
}

// DecidePayload decides an already decoded payload.
func DecidePayload(t *Table, p *payload.Payload, env *Env, trace bool) (res *Result) {
	if p.Event == "" {
		p.Event = "PreToolUse"
	}
	defer func() {
		if r := recover(); r != nil {
			res = errorResult(t, p.Event, fmt.Sprintf("internal error: %v", r))
		}
		res.call = p
	}()
	if env == nil {
		env = &Env{}
	}
	lim := t.limits()
	e := &evaluator{t: t, p: p, env: env, trace: trace, deadline: time.Now().Add(time.Duration(lim.Millis) * time.Millisecond)}
	e.root = env.get("CLAUDE_PROJECT_DIR")
	if e.root == "" {
		e.root = p.Cwd
	}
	if e.root == "" {
		// Every payload Claude Code sends has cwd, and it sets
		// CLAUDE_PROJECT_DIR: with neither, where the project is and
		// what a relative path names are not known, so no path of the
		// call is certain (design.md 378).
		e.root, e.noProject = "/", true
	}
	e.root = filepath.Clean(e.root)
	e.cwd = p.Cwd
	if e.cwd == "" {
		e.cwd = e.root
	}
	e.home = env.Home
	if e.home == "" {
		e.home = env.get("HOME")
	}
	return e.run(lim)
}

func (env *Env) get(name string) string {
	if env.Getenv == nil {
		return ""
	}
	return env.Getenv(name)
}

type evaluator struct {
	t        *Table
	p        *payload.Payload
	env      *Env
	zsh      int8 // shellZsh: 0 not yet known, 1 zsh, -1 bash
	trace    bool
	deadline time.Time
	root     string
	cwd      string
	home     string
	// noProject: neither CLAUDE_PROJECT_DIR nor the payload's cwd says
	// where the project is; root is / (design.md 378).
	noProject bool
	// rootReal and homeReal are the physical paths of root and home when
	// they are reached through symlinks, else "", once real is set.
	rootReal, homeReal string
	real               bool
	// toolLists and cmdLists are the index's lists for this call's tool,
	// event and fields, for all units and for simple commands, once
	// looked up; lists is scratch for a unit's lists.
	toolLists, cmdLists, lists [][]int32
	toolBuf, cmdBuf            [8][]int32      // their first backing arrays
	unpacked                   unpackPages     // the table's decoded rules, if packed
	lazy                       map[int32][]Str // matchers' parts decoded (Table.subs)
	listBuf                    [16][]int32
	// qroot and qhome are root and home quoted for globs, once quoted.
	qroot, qhome string
	quoted       bool
	globKey      []byte // scratch for glob cache keys
	globKeyBuf   [128]byte
	lister       lister // lists directories for the call, within bounds
	// held is what secret each file looked into holds by its content
	// ("" none; heldSecret); heldRead and heldSize count the files read
	// and their bytes, within heldFiles and heldTotal.
	held               []heldFile
	heldRead, heldSize int
	// grepRead counts the files grepMisses read whole.
	grepRead int
	// gitDirSeen is whether each directory looked at is a git directory
	// by what it holds (gitDirAt).
	gitDirSeen map[string]bool
	// ctxLeft is what is left of limits.contextBytes, once ctxSet; notes
	// are problems that changed no decision (a context file missing), for
	// stderr.
	ctxLeft int
	ctxSet  bool
	notes   []string
	state   []StateOp // the state files the answer changes (design.md 223)
	// hook is the path of the hook binary (Env.Hook), once hookKnown.
	hook      string
	hookKnown bool
	// places are the paths path globs are anchored at (place), once
	// placed is 1, or not known if it is -1.
	places [AtPolicy + 1]string
	placed [AtPolicy + 1]int8
	// After cd, pushd or popd the working directory of later commands is
	// uncertain: moved says relative paths resolve against the new cwd but
	// may not (the cd may have failed or been conditional); lost says the
	// new directory is not known at all. stay are the directories the
	// shell is in where the cds that moved it did not (design.md 444).
	moved, lost bool
	stay        []string
	// envHits are the variables of the environment that change programs
	// (inherited), once envDone; pathList is PATH's directories, once
	// pathDone (design.md 413).
	envHits           []envHit
	pathOurs          string // PATH's first directory of the project (pathDirs)
	pathList          []string
	pathShimDir       []bool     // which of pathList are named as a version manager's shims (shimDir)
	pathFound         []pathHit  // where PATH found the programs looked for (pathIndex)
	heads             []fileHead // the programs' heads read (head)
	envDone, pathDone bool
	// globSet says the line sets an option that changes how Bash globs
	// (Extraction.GlobSet): glob words are not expanded (design.md 120).
	globSet bool
}

// commandUnits returns the units of the line's simple commands, each
// with its paths resolved where it runs: the working directory of its
// shell as the cds before it left it.
func (e *evaluator) commandUnits(x *Extraction) []unit {
	e.globSet = x.GlobSet != "" || e.envGlobOpts()
	var units []unit // nil for none: the call is then its own unit
	sh := shells{parent: x.Shells}
	for i := range x.Cmds {
		c := &x.Cmds[i]
		sh.enter(e, c.Shell)
		if c.CwdLost {
			e.lost = true // design.md 150
		}
		moved, stay, from := e.moved, e.stay, e.cwd
		if c.AfterCd {
			// cd DIR && cmd: cmd runs in DIR or not at all.
			e.moved, e.stay = false, nil
		}
		units = e.appendUnits(units, c)
		if !e.chdir(c) {
			e.moved, e.stay = moved, stay
			continue
		}
		e.stay = nil
		if e.moved && !e.lost {
			// Where the cd fails, or does not run (cd A && cd B: A or
			// where the shell was before A), but where it went.
			if !moved {
				stay = nil
			}
			for _, d := range append([]string{from}, stay...) {
				if d != e.cwd && !slices.Contains(e.stay, d) {
					e.stay = append(e.stay, d)
				}
			}
			if len(e.stay) > maxStay {
				e.lost, e.stay = true, nil
			}
		}
	}
	return units
}

// maxStay bounds the directories a line's cds may have left a shell in.
const maxStay = 4

// appendUnits appends c's unit to units. After a cd that may not have
// moved the shell (cd DIR; cmd), c may run in the cd's directory or in
// any it left: it is judged in each, a unit for each, so that every
// directory's reading of its paths must be allowed (design.md 444).
func (e *evaluator) appendUnits(units []unit, c *SimpleCommand) []unit {
	if !e.moved || e.lost {
		return append(units, e.commandUnit(c))
	}
	cwd, stay := e.cwd, e.stay
	e.moved = false
	for _, dir := range append([]string{cwd}, stay...) {
		e.cwd = dir
		units = append(units, e.commandUnit(c))
	}
	e.cwd, e.moved = cwd, true
	return units
}

// cwdState is where one shell of the line is: its working directory and
// how sure the guard is of it (evaluator.moved, lost).
type cwdState struct {
	cwd         string
	moved, lost bool
	stay        []string
	seen        bool
}

// shells follows the working directory of each shell a line runs
// (SimpleCommand.Shell): a child shell starts where its parent is when
// it starts, and a cd in it moves only the commands after it in it
// (design.md 413). cur is the shell whose state the evaluator holds.
type shells struct {
	parent []int
	states []cwdState
	cur    int
}

// enter makes the evaluator's working directory that of shell n.
func (s *shells) enter(e *evaluator, n int) {
	if n == s.cur {
		return
	}
	if s.states == nil {
		s.states = make([]cwdState, len(s.parent)+1)
	}
	s.states[s.cur] = cwdState{cwd: e.cwd, moved: e.moved, lost: e.lost, stay: e.stay, seen: true}
	st := s.state(n)
	e.cwd, e.moved, e.lost, e.stay, s.cur = st.cwd, st.moved, st.lost, st.stay, n
}

// state returns shell n's state, a child's taken from its parent the
// first time it runs a command.
func (s *shells) state(n int) cwdState {
	if !s.states[n].seen {
		s.states[n] = s.state(s.parent[n-1])
	}
	return s.states[n]
}

// chdir follows a change of directory by c, and reports whether c is one
// (cd, pushd or popd). A cd whose directory is relative, run where an
// earlier cd may or may not have moved the shell (cd nope; cd vendor),
// leaves the directory not known: it moves from one of two places
// (round 27). cd DIR && cd SUB runs the second only from DIR (AfterCd).
func (e *evaluator) chdir(c *SimpleCommand) bool {
	switch c.Program.Text {
	case "cd":
	case "pushd":
		// pushd alone swaps the top two directories of the stack, pushd
		// +N and -N rotate it, and pushd -n moves nowhere: the stack is
		// not followed (design.md 245).
		if len(c.Operands) == 0 || strings.ContainsAny(c.Operands[0].Text[:min(1, len(c.Operands[0].Text))], "+-") || slices.ContainsFunc(c.Words[1:], func(w Word) bool { return strings.HasPrefix(w.Text, "-n") }) {
			e.lost = true
			return true
		}
	case "popd":
		e.lost = true
		return true
	default:
		return false
	}
	switch {
	case len(c.Operands) == 0:
		e.cwd, e.moved = e.home, true
	case len(c.Operands) == 1 && !c.Operands[0].Uncertain() && c.Operands[0].Text != "-":
		op := c.Operands[0].Text
		if e.moved && !c.AfterCd && op != "~" && !strings.HasPrefix(op, "/") && !strings.HasPrefix(op, "~/") {
			e.lost = true
			return true
		}
		op, ok := e.cdPath(op)
		if !ok {
			e.lost = true
			return true
		}
		e.cwd, e.moved = e.cdTarget(c, op), true
	default:
		e.lost = true
	}
	return true
}

// envGlobOpts reports whether the shell the line runs in starts with
// options that change how globs match, from the environment it inherits
// as the hook does: BASHOPTS (bash enables each option it lists before
// reading anything: nullglob drops a glob that matches nothing, so
// grep -r X *.none searches the working directory; round 26), SHELLOPTS
// with noglob, and GLOBIGNORE (which turns dotglob on).
func (e *evaluator) envGlobOpts() bool {
	for _, o := range strings.Split(e.env.get("BASHOPTS"), ":") {
		switch o {
		case "nullglob", "failglob", "dotglob", "nocaseglob", "extglob", "nocasematch":
			return true
		}
	}
	return slices.Contains(strings.Split(e.env.get("SHELLOPTS"), ":"), "noglob") || e.env.get("GLOBIGNORE") != ""
}

// cdPath returns the directory bash's cd tries for the operand op, as
// the environment it inherits sets it (round 27), and whether the guard
// knows it: with CDPATH, an operand that does not start with /, ./ or
// ../ is looked for in each of CDPATH's directories first (CDPATH=.:~
// made cd .config go to ~/.config); with cdable_vars in BASHOPTS, an
// operand that names no directory is a variable's name, whose value the
// shell holds.
func (e *evaluator) cdPath(op string) (string, bool) {
	cdpath := e.env.get("CDPATH")
	cdable := slices.Contains(strings.Split(e.env.get("BASHOPTS"), ":"), "cdable_vars")
	if cdpath == "" && !cdable || strings.HasPrefix(op, "/") || strings.HasPrefix(op, "~") {
		return op, true
	}
	if e.env.FS == nil || e.lost {
		return op, false
	}
	dotted := op == "." || op == ".." || strings.HasPrefix(op, "./") || strings.HasPrefix(op, "../")
	if cdpath != "" && !dotted {
		for _, d := range strings.Split(cdpath, ":") {
			d = cmp.Or(d, ".")
			if !strings.HasPrefix(d, "/") {
				d = e.cwd + "/" + d
			}
			if e.env.FS.Exists(cleanPath(d+"/"+op) + "/.") {
				return d + "/" + op, true
			}
		}
	}
	if cdable && !e.env.FS.Exists(e.resolve(op)+"/.") {
		return op, false
	}
	return op, true
}

// cdTarget returns the directory cd or pushd moves to with c's one
// operand, op as cdPath found it. bash's cd is logical: it cleans $PWD/DIR by its text, so that
// link/.. is the directory holding the link, unless -P asks for the
// physical directory, or the logical one does not exist, where it tries
// DIR as the kernel resolves it (link/.. is the parent of the link's
// target) and goes there (round 26: cd vendor/keys/../.config went to
// ~/.config through vendor/keys -> ~/.ssh).
func (e *evaluator) cdTarget(c *SimpleCommand, op string) string {
	logical := e.resolve(op)
	if e.env.FS == nil {
		return logical
	}
	// set -o physical, exported: every cd is cd -P (round 27).
	physical := slices.Contains(strings.Split(e.env.get("SHELLOPTS"), ":"), "physical")
	for _, f := range c.Flags {
		if f.Text == "--" || !strings.HasPrefix(f.Text, "-") {
			continue
		}
		for _, r := range f.Text[1:] {
			switch r {
			case 'P':
				physical = true
			case 'L':
				physical = false
			}
		}
	}
	if !physical && !slices.Contains(strings.Split(op, "/"), "..") {
		return logical // the same directory, reached the same way
	}
	raw, ok := e.absolute(op, Word{})
	if !ok {
		return logical
	}
	t := e.env.FS.Resolve(raw)
	if t == "" || !physical && e.logicalCd(raw) {
		return logical // no link on the way, or bash's logical cd
	}
	if !e.env.FS.Exists(t + "/.") {
		// Neither way reaches a directory: the cd fails, and the
		// shell stays where it is.
		return e.cwd
	}
	return e.realPath(t)
}

// logicalCd reports whether bash's logical cd reaches the absolute path
// p, unclean: it cleans p by its text only where each directory before a
// .. is one, and the clean path too; else it goes the kernel's way (cd
// vendor/keys/../.config/.. cleans to the existing vendor, but
// vendor/.config is missing: bash went to ~ through vendor/keys -> ~/.ssh;
// round 27).
func (e *evaluator) logicalCd(p string) bool {
	for i := 0; ; {
		j := strings.Index(p[i:], "/..")
		if j < 0 {
			break
		}
		j += i
		if end := j + 3; end == len(p) || p[end] == '/' {
			if !e.env.FS.Exists(cleanPath(p[:j]) + "/.") {
				return false
			}
		}
		i = j + 3
	}
	return e.env.FS.Exists(cleanPath(p) + "/.")
}

// A unit is what one rule is matched against: a simple command of the
// call's command line, or the call itself.
type unit struct {
	cmd     *SimpleCommand
	unknown string // why cmd is not known (SimpleCommand.Unknown, GlobOpts); see known
	// tree is the walk of codeTreeOut, made when known first asks.
	tree   func() string
	line   Word // program and words, for CmdCond.Line
	paths  []access
	listed []access // paths whose names the command shows (addListed)
	// byName are the FileReads of the program and of the module it
	// runs: files it reads or runs by name, which an earlier command of
	// the line may write (lineSettings).
	byName  [2][]string
	floor   FloorKind // the floor the unit takes, for floor rules; 0 for others
	environ string    // why the command prints the environment, a secret read (design.md 386)
	// norecurse are the lists of directory names the settings files of
	// a program with codeTree knowledge set for it to skip (pytest's
	// norecursedirs; design.md 390).
	norecurse [][]string
}

type access struct {
	w      Word     // resolved path
	target string   // symlink target, "" if none
	alts   []string // other spellings of the path that name the same file (design.md 54)
	read   bool
	write  bool
	// history says w stands for a repository's history, which a git
	// command prints from (gitHistoryMark; design.md 246).
	history bool
	// unseen says w is a file with other names (a hard link), which may
	// be any file: one more possible value, uncertain (design.md 313).
	unseen bool
}

// decided is the outcome of one unit.
type decided struct {
	d     Decision
	rule  int // index of the rule, -1 for the default, -2 for a floor
	by    Decider
	floor FloorKind // with by == ByFloor
	why   string
	unit  int // the index of the unit decided, +1; 0 for none
}

func (e *evaluator) run(lim Limits) *Result {
	res := &Result{Event: e.p.Event}
	perm := IsPermissionEvent(e.p.Event)
	var units []unit
	var floors []decided
	if cmd, ok := e.commandLine(); ok {
		x := e.extract(cmd, lim)
		if x.TimedOut {
			return errorResult(e.t, e.p.Event, fmt.Sprintf("evaluation took longer than the limit of %d ms (limits.millis) parsing a command line of %d bytes", lim.Millis, len(cmd)))
		}
		if x.ParseError != "" {
			floors = append(floors, e.floor(&unit{}, FloorParseError, perm, "floor: the command line does not parse: "+x.ParseError))
		}
		switch {
		case x.TooNested:
			floors = append(floors, e.floor(&unit{}, FloorDepth, perm, fmt.Sprintf("floor: the command line nests constructs deeper than %d levels, or holds more than %d brackets that could", MaxNest, MaxBrackets)))
		case x.TooDeep:
			floors = append(floors, e.floor(&unit{}, FloorDepth, perm, fmt.Sprintf("floor: the command line nests deeper than %d levels (limits.depth) of sh -c, eval and wrappers", lim.Depth)))
		}
		if x.TooMany {
			return errorResult(e.t, e.p.Event, fmt.Sprintf("the command line has more than %d simple commands (limits.commands)", lim.Commands))
		}
		res.cmds = x.Cmds
		units = e.commandUnits(x)
	}
	if units == nil {
		units = []unit{e.toolUnit()}
	}
	lineSettings(units)
	lineCode(units, e.root)
	for i := range units {
		if len(units[i].paths) > 0 {
			res.path = units[i].paths[0].w.Text
			break
		}
	}

	best := decided{d: Allow, rule: -3}
	first := true
	consider := func(dc decided) {
		if first || dc.d > best.d || dc.d == best.d && better(dc.rule, best.rule) {
			best = dc
			first = false
		}
	}
	for _, f := range floors {
		consider(f)
	}
	for i := range units {
		if time.Now().After(e.deadline) {
			return errorResult(e.t, e.p.Event, fmt.Sprintf("evaluation took longer than the limit of %d ms (limits.millis)", lim.Millis))
		}
		u := &units[i]
		var dc decided
		if u.cmd != nil && u.cmd.Program.Dynamic {
			why := "floor: the program name is not static: " + u.cmd.Program.Text
			if u.cmd.Opaque != "" {
				why = "floor: code only known when it runs: " + u.cmd.Opaque + ": " + u.cmd.Program.Text
			}
			dc = e.floor(u, FloorDynamic, perm, why)
		} else {
			dc = e.decideUnit(u, perm)
		}
		dc.unit = i + 1
		if e.trace {
			tr := Trace{Cmd: u.cmd, Decision: dc.d, By: dc.by, Floor: dc.floor, Why: dc.why}
			for _, a := range append(u.paths[:len(u.paths):len(u.paths)], u.listed...) {
				mark := ""
				if a.read {
					mark += "r"
				}
				if a.write {
					mark += "w"
				}
				if !a.read && !a.write {
					mark = "l" // names listed (design.md 407)
				}
				s := mark + " " + a.w.Text
				if a.w.Tree {
					s += "/**"
				}
				if a.target != "" {
					s += " -> " + a.target
				}
				for _, alt := range a.alts {
					s += " = " + alt
				}
				tr.Paths = append(tr.Paths, s)
			}
			if dc.rule >= 0 {
				r := e.rule(dc.rule)
				tr.Rule, tr.Pos = r.Name, r.Pos
			}
			res.Units = append(res.Units, tr)
		}
		consider(dc)
	}
	for _, f := range floors {
		if e.trace {
			tr := Trace{Decision: f.d, By: f.by, Floor: f.floor, Why: f.why}
			if f.rule >= 0 {
				r := e.rule(f.rule)
				tr.Rule, tr.Pos = r.Name, r.Pos
			}
			res.Units = append(res.Units, tr)
		}
	}

	res.Decision = best.d
	switch {
	case best.rule >= 0:
		r := e.rule(best.rule)
		res.Rule, res.Pos = r.Name, r.Pos
		tx := e.texts(r, units, best.unit-1)
		res.Reason = tx.expand(r.Reason)
		res.Message = tx.expand(r.Message)
		res.Context = e.context(r, tx)
		res.Stop, res.StopReason = r.Stop, tx.expand(r.StopReason)
		if res.Reason == "" && res.Decision != Allow && res.Decision != Pass {
			res.Reason = fmt.Sprintf("hookc: rule %q", r.Name)
		}
	case best.rule == -1:
		if perm && best.d != Allow && best.d != Pass {
			res.Reason = "hookc: no rule matched; the policy's default is " + best.d.String()
			if why, ok := strings.CutPrefix(best.why, "default: "); ok {
				res.Reason = "hookc: no rule allows it, since " + why + "; the policy's default is " + best.d.String()
			}
		}
	default:
		res.Reason = "hookc: " + strings.TrimPrefix(best.why, "floor: ")
	}
	if !perm {
		// Every rule that matches adds its context, in rule order
		// (design.md 59).
		res.Context, res.Contexts = e.mergeContexts(units, best.rule, res.Context, perm)
	}
	res.notes, res.State = e.notes, e.state
	return res
}

// floor decides a unit that takes the floors of kind (one bit, or several
// effect floors): the first floor rule for all of them that matches, else
// the most severe of the policy's floors on the permission events, and
// pass on the others (design.md 58, 115).
func (e *evaluator) floor(u *unit, kind FloorKind, perm bool, why string) decided {
	u.floor = kind
	first := kind & -kind
	var c candidates
	if x := e.t.index(); x == nil {
		c.all = e.t.numRules()
	} else {
		c.lists = append(e.lists[:0:0], x.lookup2(kFloor, floorKey(first)))
	}
	for i := c.next(); i >= 0; i = c.next() {
		if r := e.rule(i); r.Floor&kind == kind && e.matches(r, u, perm) {
			return decided{d: r.Decision, rule: i, by: ByRule, why: "rule"}
		}
	}
	if !perm {
		return decided{d: Pass, rule: -1, by: ByOtherDefault, why: "default (not a permission event): " + strings.TrimPrefix(why, "floor: ")}
	}
	worst := first
	for k := first; k <= FloorLast; k <<= 1 {
		if kind&k != 0 && e.t.Floors.Of(k) > e.t.Floors.Of(worst) {
			worst = k
		}
	}
	return decided{d: e.t.Floors.Of(worst), rule: -2, by: ByFloor, floor: worst, why: why}
}

// inertVariables are the variables a prefix assignment may set without an
// allow rule naming it: they change how a program formats its output, not
// what it runs, reads or writes (design.md 115). LC_* is matched by prefix;
// the pagers only set to cat or to nothing.
var inertVariables = [...]string{
	"BLOCKSIZE", "BLOCK_SIZE", "CI", "CLICOLOR", "CLICOLOR_FORCE", "COLORTERM", "COLUMNS", "FORCE_COLOR",
	"GREP_COLORS", "LANG", "LANGUAGE", "LINES", "LS_COLORS", "NO_COLOR", "PYTHONDONTWRITEBYTECODE",
	"PYTHONUNBUFFERED", "QUOTING_STYLE", "RUST_BACKTRACE", "RUST_LOG", "TERM", "TIME_STYLE", "TZ",
}

// inert reports whether the assignment NAME=value sets an inert variable.
// The locale, the terminal and the time zone are inert only by name: a
// value with a path in it makes the program read a file the line names
// (LANGUAGE=../../../proc/self/cwd/loc: gettext reads the project's
// catalog, whose translations are printf formats; TZ=../x; design.md
// 397).
func inert(assign string) bool {
	name, value, _ := strings.Cut(assign, "=")
	switch {
	case strings.HasPrefix(name, "LC_"):
		return isName(name) && plainValue(value, "_.@:+-")
	case name == "LANG" || name == "LANGUAGE":
		return plainValue(value, "_.@:+-")
	case name == "TERM":
		return plainValue(value, "_.+-")
	case name == "TZ":
		return !strings.HasPrefix(value, "/") && !strings.HasPrefix(value, ":") && plainValue(value, "_.:+-/,<>")
	case name == "PAGER" || name == "GIT_PAGER" || name == "MANPAGER":
		return value == "cat" || value == ""
	}
	for _, v := range inertVariables {
		if v == name {
			return true
		}
	}
	return false
}

// plainValue reports whether the value v is made of ASCII letters,
// digits and the bytes of also only, with no .. in it.
func plainValue(v, also string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(also, c) >= 0) {
			return false
		}
	}
	return !strings.Contains(v, "..")
}

// effect returns the effect floors a unit that the allow rule r matches
// takes, with why: the effects of the unit the rule does not name
// (design.md 115). A prefix assignment of a variable that is not inert is
// named by the rule's assigns condition; a write by its writes or path
// condition, for the path and its symlink's target alike; a loss only by
// effects. Rule.Effects lets the rule's units have the effects it lists.
func (e *evaluator) effect(r *Rule, u *unit) (FloorKind, string) {
	m := matcher{e: e}
	one := func(l *List, w Word) bool {
		return len(l.Conds) > 0 && m.list(l, 1, func(int) Word { return w }, l == &r.Writes || l == &r.Path || l == &r.Reads) == yes
	}
	var kind FloorKind
	var why []string
	if r.Effects&FloorSecret == 0 {
		w := ""
		if !(u.cmd == nil && slices.Contains(nameTools, e.p.Tool)) {
			w = cmp.Or(e.secretRead(r, u), u.environ)
		}
		if w = cmp.Or(w, e.listedClosed(r, u)); w != "" {
			kind |= FloorSecret
			why = append(why, w)
		}
	}
	if r.Effects&FloorCode == 0 {
		if w := e.laterCode(u); w != "" {
			kind |= FloorCode
			why = append(why, w)
		}
	}
	if r.Effects&FloorLoss == 0 {
		if w := gitDirWrite(u); w != "" {
			kind |= FloorLoss
			why = append(why, w)
		}
	}
	if u.cmd == nil {
		return kind, strings.Join(why, "; ")
	}
	if r.Effects&FloorLoss == 0 && u.cmd.Loss != "" {
		kind |= FloorLoss
		why = append(why, u.cmd.Loss)
	}
	if r.Effects&FloorCode == 0 {
		// A statement with no program (N=3) runs nothing with it, but
		// changes a variable the environment exports (PATH=.; ls) for
		// every program after it (design.md 263).
		for _, a := range u.cmd.Assigns {
			name, _, _ := strings.Cut(a.Text, "=")
			none := u.cmd.Program.Text == ""
			if none && e.env.get(name) == "" && !programVariable(name) {
				continue
			}
			if (a.Dynamic || !inert(a.Text)) && (r.Cmd == nil || !one(&r.Cmd.Assigns, a)) {
				kind |= FloorCode
				if none {
					why = append(why, "it sets "+name+", which the environment exports to the programs after it and the rule does not name (command: assigns)")
				} else {
					why = append(why, "it is run with "+name+" set, which the rule does not name (command: assigns)")
				}
				break
			}
		}
	}
	if r.Effects&FloorWrite == 0 {
		for _, a := range u.paths {
			if !a.write {
				continue
			}
			// A path condition names writes only with a positive
			// condition: path: {none: secrets} keeps secrets out, it
			// does not allow writing everywhere else.
			covered := func(w Word) bool { return one(&r.Writes, w) || r.Path.Positive() && one(&r.Path, w) }
			if !covered(a.w) || a.target != "" && !covered(Word{Text: a.target}) {
				kind |= FloorWrite
				why = append(why, "it writes "+a.w.Text+", which the rule's writes do not name")
				break
			}
		}
	}
	return kind, strings.Join(why, "; ")
}

// secretRead says why the unit u reads a secret the rule r does not name
// (design.md 166): the path, another spelling of it or its symlink's
// target; "" if it reads none. A secret by name is said before a file
// below a home (design.md 395).
func (e *evaluator) secretRead(r *Rule, u *unit) string {
	home := ""
	for _, a := range u.paths {
		if !a.read {
			continue
		}
		// A path only known when it runs may be a secret
		// ("$PWD/.env", ~+/.env; design.md 345); a brace
		// expansion's paths are known (alts).
		dyn := a.w.Dynamic && !a.w.Pipe && len(a.alts) == 0
		if !a.history && !dyn && !a.unseen && !e.secret(a) {
			// A file that holds a secret under a name no list holds
			// (a copy: id_rsa.bkp; design.md 426).
			// A git directory's own objects are judged below, with
			// grep's and rg's misses.
			if what := e.heldIn(a, u.cmd); what != "" && (what != storeWhat || e.gitStateRead(a.w.Text) == "") {
				return "it reads " + a.w.Text + ", which holds " + what + " (by its content), a possible secret its rule's reads do not name"
			}
			if a.read && !a.w.Tree && !a.w.Dynamic {
				for _, p := range []string{a.w.Text, a.target} {
					if why := e.gitStateRead(p); why != "" && !e.grepQuiet(u.cmd, p) && !e.headerQuiet(u.cmd, p) {
						return "it reads " + why + ", which its rule's reads do not name"
					}
				}
			}
			// A file below a home that no open place names may hold
			// a tool's credentials under any name (design.md 395).
			if home == "" && e.closedPlace(a) && !e.homeRoot(a) && !e.namesPlace(&r.Reads, a) && !(r.Path.Positive() && e.namesPlace(&r.Path, a)) {
				switch in := e.inRoot(a.w.Text); {
				case in && e.projectHolds(a.w.Text, a.w.Tree):
					home = "it reads " + a.w.Text + ", a home's own files or the system's, which the project holds, outside the places known to hold no secret, and its rule's reads do not name it"
				case in && a.target != "":
					home = "it reads " + a.w.Text + ", a link to " + a.target + ", outside the project and the places known to hold no secret, which its rule's reads do not name"
				default:
					home = "it reads " + a.w.Text + ", outside the project and the places known to hold no secret, which its rule's reads do not name"
				}
			}
			continue
		}
		// Only effects: "secret" names the history: a rule's reads
		// of the project name its files, not what its revisions hold.
		// A condition names a secret only by naming it, not by
		// excluding others or matching every file (design.md 321).
		if !a.history && (e.namesSecret(&r.Reads, a.w) || r.Path.Positive() && e.namesSecret(&r.Path, a.w)) {
			continue
		}
		switch {
		case a.history:
			return "it prints from the history of the repository, whose files may be secrets the guard cannot see (" + a.w.Text + ")"
		case dyn:
			return "it reads " + a.w.Text + ", a path only known when it runs, which may be a secret its rule's reads do not name"
		case a.unseen && !e.secret(a):
			// A file with other names may be any file (design.md
			// 313): a workspace module's go.mod hard-linked to .env
			// (round 33).
			return "it reads " + a.w.Text + ", a file with other names (a hard link), which may be a secret its rule's reads do not name"
		}
		return "it reads " + a.w.Text + ", a secret file its rule's reads do not name"
	}
	return home
}

// nameTools are the tools that list names only, which a secret's name
// does not make a read of the secret (the secrets preset's rules leave
// them out too).
var nameTools = []string{"Glob", "LS"}

// secret reports whether the secrets preset's match (SecretTable) holds
// for the path a reads, one of its other spellings or its symlink's
// target, or a variable says it holds a tool's credentials
// (envCredential).
func (e *evaluator) secret(a access) bool {
	return SecretTable != nil && (e.secretList(a, &SecretTable.Secrets) || e.envCredential(a))
}

// closedPlace reports whether a reads a path of the secrets preset's
// closedPlaces (SecretTable.ClosedPlaces; design.md 395): below a home,
// outside the project, where homeOpen does not name it, or where services
// keep their state; in one of its spellings.
func (e *evaluator) closedPlace(a access) bool {
	return SecretTable != nil && e.closedIn(a, &SecretTable.ClosedPlaces)
}

// closedIn reports whether a reads a path of the closed list l of
// SecretTable (ClosedPlaces, or ClosedNames for a listing) outside the
// project, in one of its spellings.
func (e *evaluator) closedIn(a access, l *List) bool {
	text := a.w.Text
	if a.w.Dynamic && len(a.alts) > 0 {
		// A brace expansion's paths are its alts.
		text = ""
	}
	for _, p := range append([]string{text, a.target}, a.alts...) {
		// The project is no closed place: most reads are there, and
		// the lists are globs, not automata (design.md 395); but for
		// the places of a home or of the system it holds (design.md
		// 422).
		if p == "" || e.inRoot(p) && !e.projectHolds(p, a.w.Tree) {
			continue
		}
		if q, ok := homeSpelling(p); ok && e.inRoot(p) {
			// A held home under another name: the lists speak
			// of /home and /Users (/usr/home/me with the project
			// at /, where /usr is open).
			p = q
		}
		if !a.w.Tree {
			if e.secretList(access{w: Word{Text: p}}, l) {
				return true
			}
			continue
		}
		// A tree not listed file by file (too large, or no file
		// system) outside the project may hold any closed place below
		// it, but in an open place, whose every file is open: a file
		// directly below it stands for the rest (round 16).
		if e.secretList(access{w: Word{Text: strings.TrimSuffix(p, "/") + "/" + sentinel}}, l) {
			return true
		}
	}
	return false
}

// secretList reports whether the list l of SecretTable holds for the path
// a reads, one of its other spellings or its symlink's target.
func (e *evaluator) secretList(a access, l *List) bool {
	st := SecretTable
	// The secrets table's matchers refer to its own patterns: match with
	// it in the policy's place, then put the policy's back.
	t := e.t
	e.t = st
	defer func() { e.t = t }()
	match := func(text string) bool { return e.pathHolds(l, text) }
	is := func(text string) bool {
		// A compressed copy of a secret is one: xz and zstd store a
		// small file's bytes as they are, and less unpacks it
		// (design.md 380); so is an editor's or a desktop's copy
		// (design.md 421).
		inner, packed := unpackedName(text)
		return match(text) || packed && match(inner) || slices.ContainsFunc(copiedNames(text), match)
	}
	if is(a.w.Text) || a.target != "" && is(a.target) {
		return true
	}
	return slices.ContainsFunc(a.alts, is)
}

// known returns why the unit's command is not known, "" if it is, after
// the checks made only when a rule asks (tree).
func (u *unit) known() string {
	if u.tree != nil {
		if u.unknown == "" {
			u.unknown = u.tree()
		}
		u.tree = nil
	}
	return u.unknown
}

// what names the unit an effect floor speaks of: its program, or its tool.
func (u *unit) what(e *evaluator) string {
	if u.cmd != nil {
		return u.cmd.Program.Text
	}
	return "the " + e.p.Tool + " call"
}

// better reports whether rule index a should give the reason over b among
// equally severe deciders: rules over the default and floors, earlier
// rules over later ones.
func better(a, b int) bool {
	if a >= 0 && b >= 0 {
		return a < b
	}
	// A floor (-2) names why more than the default (-1) does, when both
	// give the decision (design.md 191).
	return a >= 0 && b < 0 || a == -2 && b == -1
}

// extract extracts the commands of the command line cmd; parsing stops at
// the deadline.
func (e *evaluator) extract(cmd string, lim Limits) *Extraction {
	return extract(cmd, e.knowledge, lim, e.deadline)
}

func (e *evaluator) commandLine() (string, bool) {
	switch e.p.Tool {
	case "Bash":
	default:
		return "", false
	}
	v, ok := e.p.Field("command")
	if !ok {
		return "", true
	}
	s, _ := v.(string)
	return s, true
}

func (e *evaluator) decideUnit(u *unit, perm bool) decided {
	// Only the rules the index lists for the unit's tool and program can
	// match it: the first of them that does is the first rule that does.
	var c candidates
	if x := e.t.index(); x == nil {
		c.all = e.t.numRules()
	} else {
		c.lists = e.unitLists(x, u)
	}
	for i := c.next(); i >= 0; i = c.next() {
		r := e.rule(i)
		if e.matches(r, u, perm) {
			if r.Decision == Allow {
				if k, why := e.effect(r, u); k != 0 {
					return e.floor(u, k, perm, fmt.Sprintf("floor: rule %q allows %s, but %s", r.Name, u.what(e), why))
				}
			}
			return e.askedSecret(u, decided{d: r.Decision, rule: i, by: ByRule, why: "rule"}, perm)
		}
	}
	if !perm {
		return decided{d: Pass, rule: -1, by: ByOtherDefault, why: "default (not a permission event)"}
	}
	if e.t.Default == Allow {
		// A default of allow names nothing: effects bound it as they
		// bound an allow rule (design.md 115).
		if k, why := e.effect(&Rule{}, u); k != 0 {
			return e.floor(u, k, perm, "floor: the policy's default allows "+u.what(e)+", but "+why)
		}
	}
	if u.known() != "" {
		// Allow rules about commands did not match it: say why.
		return e.askedSecret(u, decided{d: e.t.Default, rule: -1, by: ByDefault, why: "default: " + u.unknown}, perm)
	}
	return e.askedSecret(u, decided{d: e.t.Default, rule: -1, by: ByDefault, why: "default"}, perm)
}

// knowledge finds a program's command knowledge by binary search.
func (e *evaluator) knowledge(name string) *Command {
	return e.t.Command(name)
}

// commandFor returns the knowledge of the program name, trying its lower
// case too, as Extract does: case-insensitive file systems run CAT as cat.
func (e *evaluator) commandFor(name string) *Command {
	if k := e.t.Command(name); k != nil {
		return k
	}
	if lower := strings.ToLower(name); lower != name {
		return e.t.Command(lower)
	}
	return nil
}

// toolUnit is the unit of a call that is not a command line.
func (e *evaluator) toolUnit() unit {
	var u unit
	tool := e.p.Tool
	if tool == "Task" {
		tool = "Agent"
	}
	for i := range e.t.Tools {
		tp := &e.t.Tools[i]
		if tp.Tool != tool {
			continue
		}
		for _, f := range tp.Reads {
			if w, ok := e.toolPath(f); ok {
				a := e.access(w, Word{}, true, false)
				if !a.w.Dynamic && ownProcess(a.w.Text) {
					// A tool reads in Claude Code's own process: its
					// descriptors, arguments and memory are not a file
					// a rule can judge (design.md 154).
					a.w.Dynamic = true
				}
				u.paths = append(u.paths, a)
			}
		}
		// A tool that searches a directory searches the working directory
		// when its field is absent, and so reads it (design.md 60).
		dir, hasDir, whole := Word{}, false, false
		if tp.Dir != "" {
			if dir, hasDir = e.toolPath(tp.Dir); !hasDir {
				dir = Word{Text: e.cwd}
				u.paths = append(u.paths, e.access(dir, Word{}, true, false))
			}
			// A tool that reads the files below its directory, hidden ones
			// too, reads a tree, which its glob and type fields narrow as
			// rg's --glob and --type do (design.md 114, 135).
			if tp.Contents && !dir.Dynamic {
				// Claude Code's Grep runs rg --no-follow (design.md 114).
				sel := e.toolTree(tp)
				sel.noFollow = true
				e.addPath(&u, Word{Text: dir.Text, Tree: true}, Word{}, true, false, sel)
				whole = true
			}
		}
		for _, f := range tp.Writes {
			if w, ok := e.toolPath(f); ok {
				u.paths = append(u.paths, e.access(w, Word{}, false, true))
			}
		}
		for _, f := range tp.Globs {
			w, ok := e.toolPath(f)
			if !ok || whole {
				continue
			}
			if w.Dynamic || dir.Dynamic {
				u.paths = append(u.paths, e.access(Word{Text: w.Text, Dynamic: true}, Word{}, true, false))
				continue
			}
			// Each alternative of a brace is a glob of its own, which
			// may be absolute ({/home/user/.ssh/*,x}).
			alts, ok := paths.ExpandBracesMax(w.Text, maxBraceAlts)
			if !ok {
				u.paths = append(u.paths, e.access(Word{Text: w.Text, Dynamic: true}, Word{}, true, false))
				continue
			}
			for _, g := range alts {
				w := Word{Text: searchGlob(dir.Text, g), Glob: true}
				if !tp.Contents {
					// A tool that lists names (Glob) lists the
					// directory that holds every match.
					w = listedDir(w.Text)
				}
				u.paths = append(u.paths, e.access(w, Word{}, true, false))
			}
		}
	}
	return u
}

// anyToolPath reports whether the call has a path in one of fields.
func (e *evaluator) anyToolPath(fields []string) bool {
	for _, f := range fields {
		if _, ok := e.toolPath(f); ok {
			return true
		}
	}
	return false
}

// searchGlob returns the paths a search of dir ("": the working
// directory, which access resolves) filtered by glob g reaches, as one
// glob: as ripgrep reads --glob, a glob without a slash matches names at
// any depth below dir, one with a slash is relative to dir, and an
// absolute or home glob stands alone.
func searchGlob(dir, g string) string {
	switch {
	case strings.HasPrefix(g, "/"), strings.HasPrefix(g, "~"):
		return g
	case strings.HasPrefix(g, "**"):
		// anchored below dir, like any relative glob
	case !strings.Contains(strings.TrimSuffix(g, "/"), "/"):
		g = "**/" + g
	}
	if dir == "" {
		return g
	}
	return strings.TrimSuffix(dir, "/") + "/" + g
}

// toolPath returns the path in the tool_input field f: a string, with a
// leading $HOME or ${HOME} taken as ~; a value of another type is unknown.
// ok is false for an absent, null or empty field.
func (e *evaluator) toolPath(f string) (Word, bool) {
	v, ok := e.p.Field(f)
	if !ok {
		return Word{}, false
	}
	s, isStr := v.(string)
	if !isStr {
		return Word{Text: fmt.Sprint(v), Dynamic: true}, true
	}
	for _, h := range [...]string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(s, h); ok && (rest == "" || rest[0] == '/') {
			s = "~" + rest
		}
	}
	return Word{Text: s}, s != ""
}

// posixlyCorrect reports whether c runs with POSIXLY_CORRECT set, by an
// assignment or in the hook's environment, which the shell passes on:
// GNU getopt then stops at the first operand, and the options after it
// are operands the option scanner did not read as such (design.md 152).
func (e *evaluator) posixlyCorrect(c *SimpleCommand) bool {
	for _, a := range c.Assigns {
		name, _, ok := strings.Cut(a.Text, "=")
		if name == "POSIXLY_CORRECT" || a.Uncertain() && (!ok || !isName(name)) {
			return true
		}
	}
	return e.env.get("POSIXLY_CORRECT") != ""
}

// printsEnviron says why the command c, whose program's knowledge is k,
// prints the environment, where tokens live (Command.Environ, design.md
// 386); "" if it does not: env with no command and no -i, printenv
// without names or with one that says a secret or is only known when it
// runs, set alone, ps with its BSD option e.
func printsEnviron(c *SimpleCommand, k *Command) string {
	const all = "it prints the environment, where tokens live"
	for _, f := range c.Flags {
		if slices.Contains(k.EnvironOpts, f.Text) {
			return f.Text + " prints the environment, where tokens live"
		}
	}
	switch k.Environ {
	case EnvironAlone:
		if len(c.Words) == 0 {
			return all
		}
	case EnvironBSD:
		for _, w := range c.Operands {
			if w.Uncertain() || strings.Contains(w.Text, "e") {
				return all
			}
		}
	case EnvironBare:
		for _, v := range c.Values {
			if v.Kind == OptSplit {
				return ""
			}
		}
		for _, w := range c.Operands {
			if name, _, ok := strings.Cut(w.Text, "="); w.Uncertain() || !ok || !isName(name) {
				return ""
			}
		}
		for _, f := range c.Flags {
			if f.Text == "-i" || f.Text == "--ignore-environment" {
				return ""
			}
		}
		return all
	case EnvironNames:
		if len(c.Operands) == 0 {
			return all
		}
		for _, w := range c.Operands {
			if name, _, set := strings.Cut(w.Text, "="); set && !w.Uncertain() && isName(name) {
				continue // export NAME=value sets it
			}
			if w.Uncertain() || shell.SecretName(w.Text) {
				return "it prints " + w.Text + ", a variable that may hold a secret"
			}
		}
	}
	return ""
}

// commandUnit collects a simple command's paths.
func (e *evaluator) commandUnit(c *SimpleCommand) unit {
	u := unit{cmd: c}
	var line strings.Builder
	line.WriteString(c.Program.Text)
	uncertain := false
	for _, w := range c.Words {
		line.WriteByte(' ')
		line.WriteString(w.Text)
		uncertain = uncertain || w.Uncertain()
	}
	u.line = Word{Text: line.String(), Glob: uncertain}
	for _, r := range c.Redirs {
		if !r.Target.Uncertain() && isDevice(r.Target.Text) || r.Target.Pipe {
			continue
		}
		e.addPath(&u, r.Target, r.Dir, r.Read, r.Write, treeRead{names: namesAll})
	}
	e.addGlobbed(&u, c)
	k := e.commandFor(c.Program.Text)
	u.unknown = c.Unknown
	if u.unknown == "" {
		u.unknown = e.manPages(c)
	}
	if u.unknown == "" && e.shellZsh() {
		u.unknown = zshUnknown(c)
	}
	if u.unknown == "" {
		u.unknown = mathUnknown(c)
	}
	if u.unknown == "" {
		u.unknown = e.inheritedEnv(c)
	}
	if k == nil || c.Program.Dynamic {
		if k == nil && !c.Program.Dynamic && c.Program.Text != "" && u.unknown == "" {
			u.unknown = e.unknownProgram(&u, c)
		}
		return u
	}
	top := k
	if c.Knows != "" {
		// The words are the module's (python -m pytest; design.md
		// 385); the program's own settings files still count.
		if m := e.commandFor(c.Knows); m != nil {
			k = m
		}
	}
	if u.unknown == "" && len(top.Modules) > 0 && c.Knows == "" {
		u.unknown = e.unknownProgram(&u, c)
	}
	if u.unknown == "" && e.posixlyCorrect(c) {
		u.unknown = "POSIXLY_CORRECT is set: GNU programs take what follows the first operand as operands, which hookc does not model"
	}
	for _, w := range c.GlobOpts {
		if u.unknown != "" {
			break
		}
		u.unknown = e.globOption(c, k, w)
	}
	ops := c.Operands
	u.environ = printsEnviron(c, k)
	if c.Sub != "" {
		if sub := k.Sub(c.Sub); sub != nil {
			k, ops = sub, ops[1:]
		}
	}
	dir := c.Dir
	for _, v := range c.Values {
		if v.Kind == OptDir {
			dir = joinDir(dir, v.Value)
		}
	}
	if top.Name == "git" {
		e.addTracked(&u, c, dir)
		e.addGitSettings(&u, c, dir)
		if url := gitLineURL(c); url != "" && u.unknown == "" {
			u.unknown = "git may send " + url + ", a server the line names, the user's credentials (a .netrc, a credential helper, an http.extraHeader answer any host)"
		}
		e.addGrepPatterns(&u, c, dir)
		e.addIgnoreRevs(&u, c)
		if c.Loss == "" && gitPrunesRefspec(c) {
			c.Loss = "git fetch --prune deletes the refs the source lacks, with their reflogs"
		}
		if c.Loss == "" {
			c.Loss = gitRefspecLoss(c)
		}
		if c.Loss == "" {
			c.Loss = gitBranchLoss(c)
		}
		if c.Loss == "" {
			c.Loss = e.gitFetchSettingsLoss(c)
		}
	}
	if u.unknown == "" && top.Name == "git" {
		u.unknown = e.otherRepository(c, dir, c.Sub)
	}
	if u.unknown == "" && top.Name == "go" && goStampsVCS(c) {
		u.unknown = e.goVCS(c, dir)
	}
	if u.unknown == "" {
		u.unknown = e.codeOutside(c, top, k, dir)
	}
	// rg --files lists the files it would read, and reads none
	// (design.md 135).
	// A recurse option of a program that lists and reads nothing makes
	// it list trees (ls -R; addListed).
	tree := c.Tree && (k.Lists == OpNone || k.Reads != OpNone)
	lists := tree && listsFiles(c)
	filters := c.Filters
	if tree && !lists {
		filters, ops = e.globFilters(c, ops, dir)
	}
	if lists {
		tree = false
	}
	// Only a reader that skips hidden names (rg) skips them in the trees
	// it reads; find's {} includes them. Its filters narrow them.
	sel := treeRead{names: namesAll, noFollow: tree && noFollow(c)}
	if tree && !c.TreeHidden {
		sel.names = namesVisible
	}
	if tree {
		sel = e.commandTree(c, filters, sel, dir)
		sel.follow = follows(c)
		if sel.filter == nil && c.Program.Text == "gofmt" {
			// gofmt reads the *.go files below its directories, and
			// skips the rest (design.md 439).
			sel.filter = goFiles()
		}
	}
	if tree && slices.ContainsFunc(ops, func(w Word) bool { return w.Found }) {
		// find hands rg or grep -r every name it finds, links as
		// operands, which they follow (find -exec rg x {} +).
		sel.names, sel.noFollow, sel.follow = namesAll, false, true
	}
	if !tree && len(c.FoundNames) > 0 && !slices.ContainsFunc(ops, func(w Word) bool { return w.Tree && !w.Found }) {
		sel.filter = foundFilter(c.FoundNames)
	}
	sel.split = c.FoundSplit
	add := func(ws []Word, read, write bool) {
		for _, w := range ws {
			if !w.Uncertain() && isDevice(w.Text) {
				continue
			}
			if read && tree && !w.Dynamic {
				// A recursive reader reads whatever lies below.
				w.Tree = true
			}
			d := dir
			if w.Found && dir.Found {
				// find -execdir: {} is each file found, wherever the
				// command runs.
				d = Word{Text: dir.Text}
			}
			e.addPath(&u, w, d, read, write, sel)
		}
	}
	e.addListed(&u, c, k, ops, dir)
	reads := selectOperands(ops, k.Reads, c.Flags, c.Words)
	if lists {
		reads = ops
	}
	if u.unknown == "" {
		u.unknown = globShifts(ops, k)
	}
	if u.unknown == "" {
		u.unknown = awkNetwork(top.Name, reads)
	}
	if u.unknown == "" {
		u.unknown = e.lessPreprocessed(top.Name, c, reads, dir)
	}
	if u.unknown == "" {
		u.unknown = e.rgConfig(top.Name, c)
	}
	if len(reads) == 0 && c.Tree {
		reads = []Word{{Text: "."}} // rg, grep -r: the working directory
	}
	// A process substitution operand is a pipe whose other end the
	// commands inside write or read, decided on their own; an option's
	// value stays a path only known when it runs (design.md 136).
	add(notPipes(reads), true, false)
	add(notPipes(selectOperands(ops, k.Writes, c.Flags, c.Words)), false, true)
	add(derivedWrites(c, k, ops), false, true)
	add(e.outputs(c, k, dir), false, true)
	for _, v := range c.Values {
		switch v.Kind {
		case OptRead:
			add([]Word{v.Value}, true, false)
		case OptWrite:
			if u.unknown == "" && expandedByProgram(v.Value) {
				u.unknown = top.Name + " may expand the ~ or $ of " + v.Value.Text + ", a file it writes"
			}
			add([]Word{v.Value}, false, true)
		}
	}
	e.fileReads(&u, top, dir, ops)
	if _, ok := c.Code(); ok {
		// Inline code imports from the working directory first: a
		// module there is the project's code (design.md 455).
		e.fileReads(&u, &Command{Name: top.Name, FileReads: top.CodeReads}, dir, nil)
	}
	u.byName[0] = top.FileReads
	if k != top {
		e.fileReads(&u, k, dir, ops)
		u.byName[1] = k.FileReads
	}
	e.optSettings(&u, k, dir, c.Values)
	if u.unknown == "" && len(k.CodeTree) > 0 {
		// The walk is made when a rule about commands asks (known):
		// a policy that decides the program by no rule, as the guard
		// passes go test, pays nothing for it.
		v := u
		u.tree = func() string { return e.codeTreeOut(&v, c, k, ops, dir) }
	}
	for _, w := range ops {
		for _, key := range k.KeyReads {
			if v, ok := strings.CutPrefix(w.Text, key+"="); ok {
				u.paths = append(u.paths, e.access(keyPath(w, v), dir, true, false))
			}
		}
		for _, key := range k.KeyWrites {
			if v, ok := strings.CutPrefix(w.Text, key+"="); ok && (w.Uncertain() || !isDevice(v) || isBlockDevice(v)) {
				u.paths = append(u.paths, e.access(keyPath(w, v), dir, false, true))
			}
		}
	}
	return u
}

// keyPath returns the path word of the value v of the key=value operand
// w: only known when it runs if w is, but for a ~ bash expands at the
// start of the value, which is the home as the evaluator reads a leading
// ~ (dd if=~/x; design.md 434).
func keyPath(w Word, v string) Word {
	dynamic := w.Dynamic
	if w.AssignTilde && !strings.Contains(v, ":~") {
		dynamic = false
	}
	return Word{Text: v, Dynamic: dynamic, Glob: w.Glob}
}

// derivedWrites returns the files the command c, whose program is k,
// writes beside its operands ops, or in its working directory, named from
// them (Command.Derives: tsc src/a.ts writes src/a.js, gcc -c src/a.c
// writes a.o), unless an option of k.DeriveOff is given
// (design.md 391).
func derivedWrites(c *SimpleCommand, k *Command, ops []Word) []Word {
	if len(k.Derives) == 0 || derivesOff(c, k) {
		return nil
	}
	var out []Word
	for _, w := range ops {
		for _, d := range k.Derives {
			from, to, _ := strings.Cut(d, " ")
			if stem, ok := strings.CutSuffix(w.Text, from); ok && stem != "" && !strings.HasSuffix(stem, "/") {
				if cwd, ok := strings.CutPrefix(to, "/"); ok {
					// In the working directory, under the
					// operand's base name (gcc -c src/a.c
					// writes a.o).
					stem, to = path.Base(stem), cwd
				}
				out = append(out, Word{Text: stem + to, Dynamic: w.Dynamic, Glob: w.Glob})
			}
		}
	}
	return out
}

// derivesOff reports whether c gives an option of k.DeriveOff. A
// program that folds its options (tsc) reads a true or false after a
// boolean option as its value (tsc --noEmit false emits): where an
// operand may be one, its flags do not count.
func derivesOff(c *SimpleCommand, k *Command) bool {
	flagsOff := !k.FoldOpts || !maybeBoolValue(c)
	return flagsOff && slices.ContainsFunc(c.Flags, func(f Word) bool { return slices.Contains(k.DeriveOff, f.Text) }) ||
		slices.ContainsFunc(c.Values, func(v OptArg) bool { return slices.Contains(k.DeriveOff, v.Opt) })
}

// maybeBoolValue reports whether an operand of c may be a boolean
// option's value: true, false or a word only known when it runs.
func maybeBoolValue(c *SimpleCommand) bool {
	return slices.ContainsFunc(c.Operands, func(w Word) bool { return w.Uncertain() || w.Text == "false" || w.Text == "true" })
}

// outputs returns the files the command c, whose program is k, run in dir,
// writes in its working directory under names it picks itself
// (Command.Outputs): a name as written, and for "*" every symbolic link
// there, which it may write through (gcc x.c with a.out a link to
// .git/hooks/pre-commit, go build . with the package's name a link out of
// the project; round 36). An option of k.DeriveOff stops them.
func (e *evaluator) outputs(c *SimpleCommand, k *Command, dir Word) []Word {
	if len(k.Outputs) == 0 || derivesOff(c, k) {
		return nil
	}
	var out []Word
	for _, name := range k.Outputs {
		if name != "*" {
			out = append(out, Word{Text: name})
			continue
		}
		if e.env.FS == nil {
			continue // no file system to look at (hookc explain, test)
		}
		// The working directory, one an option moves it to (make -C,
		// ninja -C), and a directory an output option names (go build -o
		// bin/ writes bin/NAME).
		dirs := []Word{{Text: "."}}
		for _, v := range c.Values {
			if slices.Contains(k.OutsideOpts, v.Opt) || v.Kind == OptWrite {
				dirs = append(dirs, v.Value)
			}
		}
		for _, d := range dirs {
			links, ok := e.linksIn(d, dir, d.Text == ".")
			if !ok {
				return append(out, Word{Text: "(a file of " + d.Text + ")", Dynamic: true})
			}
			out = append(out, links...)
		}
	}
	return out
}

// linksIn returns the symbolic links in the directory d (relative to
// dir), spelled from dir; ok is false where the hook cannot list a
// directory that exists, or d is only known when the command runs. A d
// that is no directory holds none, unless must says it is one (the
// working directory).
func (e *evaluator) linksIn(d, dir Word, must bool) (links []Word, ok bool) {
	if d.Uncertain() {
		return nil, false
	}
	p, ok := e.absolute(d.Text, dir)
	if !ok {
		return nil, false
	}
	ents, isDir := e.env.FS.List(cleanPath(p))
	if !isDir {
		return nil, !(must && e.env.FS.Exists(p))
	}
	for _, ent := range ents {
		if ent.Link {
			links = append(links, Word{Text: joinPath(d.Text, ent.Name)})
		}
	}
	return links, true
}

// isDevice reports whether p is a pseudo-file that is never a file write:
// /dev/null, /dev/stdout, /dev/stderr, /dev/stdin, /dev/tty, /dev/fd/N. A
// longer path under /dev/fd (/dev/fd/../root/etc/shadow) is a file: /dev/fd
// is /proc/self/fd, whose parent holds root and cwd.
func isDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero", "/dev/random", "/dev/urandom":
		return true
	}
	n, ok := strings.CutPrefix(p, "/dev/fd/")
	return ok && n != "" && isFD(n) && !strings.HasSuffix(n, "-")
}

func isBlockDevice(p string) bool { return strings.HasPrefix(p, "/dev/") && !isDevice(p) }

func selectOperands(ops []Word, sel Operands, flags, words []Word) []Word {
	switch sel {
	case OpLeading:
		return leadingOperands(ops, words)
	case OpAll:
		return ops
	case OpFirst:
		if len(ops) > 0 {
			return ops[:1]
		}
	case OpLast:
		if len(ops) > 0 {
			return ops[len(ops)-1:]
		}
	case OpAllButLast:
		if len(ops) > 1 {
			return ops[:len(ops)-1]
		}
	case OpAllButFirst:
		if len(ops) > 1 {
			return ops[1:]
		}
	case OpAfterPattern:
		for _, f := range flags {
			switch f.Text {
			case "-e", "-f", "--regexp", "--file", "--expression":
				return ops
			}
		}
		if len(ops) > 1 {
			return ops[1:]
		}
	}
	return nil
}

// globShifts says why a glob operand makes the operands the program k
// reads or writes only known when it runs: k takes them by position (the
// first, the last, all but one), and a glob at that end stands for any
// number of names, whose first or last is taken for another (uniq w/*
// writes every match but the first; round 26, design.md 412).
func globShifts(ops []Word, k *Command) string {
	if len(ops) == 0 {
		return ""
	}
	for _, sel := range [...]Operands{k.Reads, k.Writes} {
		end := ops[0]
		switch sel {
		case OpFirst, OpAllButFirst, OpAfterPattern:
		case OpLast, OpAllButLast:
			end = ops[len(ops)-1]
		default:
			continue
		}
		if end.Glob {
			return "the glob " + end.Text + " may stand for any number of names, and " + k.Name + " takes its operands by position"
		}
	}
	return ""
}

// notPipes returns ws without its process substitutions.
func notPipes(ws []Word) []Word {
	if !slices.ContainsFunc(ws, func(w Word) bool { return w.Pipe }) {
		return ws
	}
	return slices.DeleteFunc(slices.Clone(ws), func(w Word) bool { return w.Pipe })
}

// leadingOperands returns the operands among words that come before the
// first option that follows an operand: find's starting points.
func leadingOperands(ops []Word, words []Word) []Word {
	n := 0 // operands seen, in order
	for _, w := range words {
		if n < len(ops) && w == ops[n] {
			n++
			continue
		}
		if n > 0 && !w.Dynamic {
			break // an option, or an option's value
		}
	}
	return ops[:n]
}

// globOption says why the glob word w may be an option of c's program
// (knowledge k) that does more than read, or "" if the file system shows
// that it is not: Bash expands w to the names it matches in the working
// directory, none of them starting with -, or, matching none, leaves it as
// written, an operand or an option that only takes a value.
func (e *evaluator) globOption(c *SimpleCommand, k *Command, w Word) string {
	why := maybeOption(k, c.Sub, w)
	if e.env.FS == nil || strings.HasPrefix(w.Text, "/") {
		return why
	}
	names, literal, ok := e.expandGlob(w, c.Dir)
	if !ok {
		return why
	}
	if strings.ContainsRune(w.Text, '/') {
		// The word starts with the first name below the working
		// directory that each path has (**/*.go: src/a.go).
		abs, ok := e.plainAbsolute(".", c.Dir)
		if !ok {
			return why
		}
		base := strings.TrimSuffix(abs, "/.") + "/"
		for i, n := range names {
			first, _, _ := strings.Cut(strings.TrimPrefix(n, base), "/")
			if !strings.HasPrefix(n, base) {
				return why
			}
			names[i] = first
		}
	}
	if literal {
		// No match: the word as written.
		table := k
		if sub := k.Sub(c.Sub); sub != nil {
			table = sub
		}
		if namesOption(w.Text, table) {
			return why
		}
	}
	for _, n := range names {
		if strings.HasPrefix(path.Base(n), "-") {
			return why
		}
	}
	return ""
}

// expandGlob returns the paths the glob word w, relative to dir, may
// expand to on the file system, as Bash expands it (design.md 47, 120),
// and whether it may also stay as written. ok is false where the model
// does not know the answer: the word's pattern is not known, an option
// that changes globbing was set on the line, the cd before it may not have
// happened, or the expansion ran past its bounds.
func (e *evaluator) expandGlob(w Word, dir Word) (paths []string, literal, ok bool) {
	if w.Pat == "" || e.globSet || w.Dynamic {
		return nil, false, false
	}
	pat := w.Pat
	var base string
	switch {
	case strings.HasPrefix(pat, "~/"):
		base, pat = e.home, pat[2:]
	case strings.HasPrefix(pat, "/"):
		base, pat = "/", pat[1:]
	default:
		abs, ok := e.plainAbsolute(".", dir)
		if !ok {
			return nil, false, false
		}
		base = strings.TrimSuffix(abs, "/.")
	}
	if base == "" || strings.ContainsRune(pat, 0) {
		return nil, false, false
	}
	if e.lister.fs == nil {
		e.lister.fs = e.env.FS
	}
	paths, literal, ok = e.lister.shellGlob(base, pat)
	if ok && w.Resplit {
		// Each name is split and globbed again (design.md 220); so is
		// the word itself where it matches nothing, a pattern of its own
		// once its quotes are gone.
		if literal && w.Pat != w.Text {
			return nil, false, false
		}
		for _, p := range paths {
			if strings.ContainsAny(p, " \t\n*?[\\") {
				return nil, false, false
			}
		}
	}
	return paths, literal, ok
}

// addPath adds to u the path w, relative to dir, that u reads or writes.
// With a file system, a glob is replaced by the names it matches and a
// tree by the paths below its directory (design.md 47); names says which
// of a tree's names are read.
func (e *evaluator) addPath(u *unit, w Word, dir Word, read, write bool, names treeRead) {
	if names.split && w.Found && u.unknown == "" {
		// xargs splits find's lines into words: they are the paths
		// found only if no name there holds what it splits at.
		u.unknown = e.splitFound(w, dir, names)
	}
	unsure := false // a glob the file system holds names it cannot match surely
	if e.env.FS != nil && !w.Dynamic && (w.Glob || w.Tree) {
		raw, ok := e.absolute(w.Text, dir)
		if ok {
			raw, ok = e.physicalDots(raw, w.Glob) // design.md 153
		}
		if ok && !strings.ContainsRune(raw, 0) {
			if e.lister.fs == nil {
				e.lister.fs = e.env.FS
			}
			var ws []Word
			if w.Glob {
				var literal bool
				var ps []string
				ps, literal, ok = e.expandGlob(w, dir)
				unsure = !ok
				for _, p := range ps {
					ws = append(ws, Word{Text: p, Tree: w.Tree})
				}
				if ok && literal {
					// No match: the word as written.
					e.addPath(u, Word{Text: w.Text, Tree: w.Tree}, dir, read, write, names)
				}
			} else {
				root := cleanPath(raw)
				shown := namesVisible
				if names.names == namesVisible {
					shown = wider(e.rgShowsHidden(), ignoredAbove(e.env.FS, path.Dir(root)))
				}
				ws, ok = e.lister.tree(root, names, shown)
			}
			if ok {
				for _, x := range ws {
					if x.Tree && !w.Glob {
						// a link's target: a tree not walked
						u.paths = append(u.paths, e.access(x, Word{}, read, write))
						continue
					}
					e.addPath(u, x, Word{}, read, write, names)
				}
				return
			}
		}
	}
	if w.Glob && !w.Dynamic && (unsure || !shPatModelled(w.Pat)) {
		// A glob the model leaves out ([[:alpha:]], [!a-u]), or one
		// whose directory holds a name it cannot match surely (not
		// UTF-8: cat k?y.txt of k\xe9y.txt; round 43b), is only known
		// when it runs, as what it expands to is; its pattern still
		// meets the secrets' names (design.md 437, 440).
		u.paths = append(u.paths, access{w: Word{Text: w.Text, Dynamic: true}, read: read, write: write})
	}
	u.paths = append(u.paths, e.access(w, dir, read, write))
}

// splitFound says why the words xargs makes of the lines find printed for
// the Found word w may not be the paths found, "" if they are: every name
// below w (that sel reads) is plain, with no byte xargs splits at or reads
// as a quote or escape, none outside printable ASCII (GNU xargs splits at
// blanks in the locale's sense).
func (e *evaluator) splitFound(w, dir Word, sel treeRead) string {
	why := "xargs splits the names find prints at blanks, quotes and backslashes"
	raw, ok := e.absolute(w.Text, dir)
	if e.env.FS == nil || !ok {
		return why + ", and the names below " + w.Text + " are only known when it runs"
	}
	if e.lister.fs == nil {
		e.lister.fs = e.env.FS
	}
	root := cleanPath(raw)
	sel.noFollow, sel.follow = false, false // find prints a link's name
	ps, ok := e.lister.tree(root, sel, namesAll)
	if !ok {
		return why + ", and there are too many names below " + w.Text + " to look at them all"
	}
	for _, p := range append(ps, Word{Text: root + "/" + w.Text}) {
		if name := strings.TrimPrefix(p.Text, root); strings.ContainsFunc(name, func(r rune) bool { return r <= ' ' || r >= 0x7f || strings.ContainsRune(`"'\\`, r) }) {
			return why + ", and " + strconv.Quote(p.Text) + " holds one"
		}
	}
	return ""
}

// otherRepository says why git, run in dir (after cd and -C), may use a
// repository other than the project's own, or "" when it uses the
// project's. A repository's settings can make git run programs (a diff
// driver's textconv, core.fsmonitor, core.pager): those of a repository
// the project ships (a bare fixtures/x.git, a nested sub/.git) are the
// project's to choose, while the writes that change .git/config are
// denied (design.md 132). git looks for its repository from the
// directory it runs in upward: at each directory a .git, or the
// directory itself being one (HEAD, objects and refs). Only the project
// root's .git is trusted; without a file system to look at, only git run
// at the project root is. sub is the git subcommand that runs.
func (e *evaluator) otherRepository(c *SimpleCommand, dir Word, sub string) string {
	for _, f := range c.Flags {
		if f.Text == "--bare" {
			return "git --bare takes the directory it runs in as a repository"
		}
	}
	abs, ok := e.absolute(".", dir)
	if !ok {
		return "git runs in a directory only known when it runs, whose repository may not be the project's"
	}
	abs = cleanPath(abs)
	if abs != e.root && !strings.HasPrefix(abs, strings.TrimSuffix(e.root, "/")+"/") {
		return "git runs in " + abs + ", outside the project, whose repository is not the project's"
	}
	if why := e.linkedOut(abs); why != "" {
		return why
	}
	if why := e.shippedSubmodule(abs); why != "" {
		return why
	}
	if why := e.repoAbove(); why != "" {
		return why
	}
	if abs == e.root {
		return e.rootRepository(gitWrites(sub))
	}
	if e.env.FS == nil {
		return "git runs in " + abs + ", which may hold a repository other than the project's"
	}
	for d := abs; d != e.root && d != "/" && d != "."; d = path.Dir(d) {
		if e.env.FS.Exists(d+"/.git") || e.env.FS.Exists(d+"/HEAD") && e.env.FS.Exists(d+"/objects") && e.env.FS.Exists(d+"/refs") {
			return "git runs in " + abs + ", in the repository " + d + ", not the project's own"
		}
	}
	return e.rootRepository(gitWrites(sub))
}

// repoAbove says why git is not known where the project holds no
// repository of its own and one lies above it: git takes that one, with
// its settings (core.fsmonitor, a pager) and hooks, which the guard does
// not read (policies6; design.md 408). "" where the project has its own,
// or none lies above, or there is no file system to look in.
func (e *evaluator) repoAbove() string {
	root := strings.TrimSuffix(e.root, "/")
	if e.env.FS == nil || root == "" || e.env.FS.Exists(root+"/.git") {
		return ""
	}
	for d := path.Dir(root); ; d = path.Dir(d) {
		if e.env.FS.Exists(strings.TrimSuffix(d, "/") + "/.git") {
			return "the project holds no repository of its own: git takes the one in " + d + ", above it, whose settings and hooks the guard does not read"
		}
		if d == "/" || d == "." {
			return ""
		}
	}
}

// rgShowsHidden says which names the user's files may make rg read
// (namesVisible: none hidden): a configuration file (RIPGREP_CONFIG_PATH) may give --hidden, and
// git's global excludes (core.excludesFile of the user's git settings, or
// git/ignore of the configuration directory) may bring names back with a
// negated pattern, as a project's ignore files may (design.md 131).
func (e *evaluator) rgShowsHidden() treeNames {
	get := func(string) string { return "" }
	if e.env.Getenv != nil {
		get = e.env.Getenv
	}
	if p := get("RIPGREP_CONFIG_PATH"); p != "" && (e.env.FS == nil || e.rgConfigHidden(p)) {
		return namesAll // --hidden, which reads .git too
	}
	conf := get("XDG_CONFIG_HOME")
	if conf == "" && e.env.Home != "" {
		conf = e.env.Home + "/.config"
	}
	var settings, ignores []string
	if conf != "" {
		settings, ignores = append(settings, conf+"/git/config"), append(ignores, conf+"/git/ignore")
	}
	if e.env.Home != "" {
		settings = append(settings, e.env.Home+"/.gitconfig")
	}
	for _, f := range settings {
		if mayShow(e.env.FS, f, "excludesfile", "include") != namesVisible {
			return namesAll
		}
	}
	show := namesVisible
	for _, f := range ignores {
		show = wider(show, mayShow(e.env.FS, f))
	}
	return show
}

// access resolves a path word: ~ and $HOME (already ~ from Extract) to the
// home directory, relative paths against dir (the zero Word: the working
// directory), and cleans it. With a file system, the path's symlink
// target, resolved as the kernel does, is its second possible value.
func (e *evaluator) access(w Word, dir Word, read, write bool) access {
	a := access{read: read, write: write}
	if w.Dynamic {
		a.w = w
		a.alts = e.braceAlts(w, dir, read, write)
		return a
	}
	raw, ok := e.absolute(w.Text, dir)
	if ok {
		raw, ok = e.physicalDots(raw, w.Glob) // design.md 153
	}
	if !ok || paths.ShortNames(raw) || e.noProject {
		a.w = Word{Text: w.Text, Dynamic: true}
		return a
	}
	if i := strings.IndexByte(raw, 0); i >= 0 {
		raw = raw[:i] // where the system calls read it
	}
	a.w = Word{Text: cleanPath(raw), Glob: w.Glob, Tree: w.Tree}
	if e.env.FS != nil && !w.Glob && !processRelative(raw) {
		a.target = e.realPath(e.env.FS.Resolve(raw))
		if a.target == "" {
			// A path under the physical path of a linked home or root
			// is also under the home or root.
			a.target = e.realPath(a.w.Text)
		}
		if a.target == a.w.Text {
			a.target = ""
		}
		// A file with other names the line does not show (design.md 313).
		a.unseen = hardLinked(e.env.FS, a.w.Text)
	}
	if alt, ok := e.otherHome(a.w.Text); ok {
		// A home under another name (design.md 375).
		a.alts = append(a.alts, alt)
	}
	if alt, ok := paths.WithoutIgnorables(raw); ok {
		// HFS+ reads the name without them (design.md 314).
		a.alts = append(a.alts, cleanPath(alt))
	}
	if paths.LooksWindows(raw) {
		for _, alt := range paths.WindowsSpellings(raw) {
			if alt = cleanPath(alt); alt != a.w.Text && !slices.Contains(a.alts, alt) {
				a.alts = append(a.alts, alt)
			}
		}
	}
	return a
}

// absolute returns the absolute path p names, relative to dir (the zero
// Word: the working directory), before cleaning: symlinks make a/link/..
// differ from a. ok is false when the directory is not known.
func (e *evaluator) absolute(p string, dir Word) (abs string, ok bool) {
	abs, ok = e.plainAbsolute(p, dir)
	if ok && (strings.Contains(abs, "/proc/") || strings.Contains(abs, "/dev/fd/")) {
		return e.procAlias(abs, dir)
	}
	return abs, ok
}

// plainAbsolute is absolute without the links of /proc. A command is
// judged in each directory an uncertain cd may have left the shell in
// (appendUnits), so a relative path has one directory or, where the
// directory is lost or still uncertain, none.
func (e *evaluator) plainAbsolute(p string, dir Word) (abs string, ok bool) {
	switch {
	case p == "~":
		return e.home, true
	case strings.HasPrefix(p, "~/"):
		return e.home + p[1:], true
	case strings.HasPrefix(p, "/"):
		return p, true
	}
	base := e.cwd
	switch {
	case dir.Dynamic:
		return "", false
	case dir.Text != "":
		var dirOK bool
		if base, dirOK = e.plainAbsolute(dir.Text, Word{}); !dirOK {
			return "", false
		}
		base = e.chdirPath(base)
	case e.lost || e.moved:
		return "", false
	}
	return base + "/" + p, true
}

// chdirPath returns the directory chdir(2) reaches with the absolute
// path p, unclean, which git -C, env -C and make -C name: the kernel
// resolves l/.. as the parent of l's target (git -C l/../r went to a
// repository the text does not name; round 27).
func (e *evaluator) chdirPath(p string) string {
	if e.env.FS == nil || !slices.Contains(strings.Split(p, "/"), "..") {
		return p
	}
	if t := e.env.FS.Resolve(p); t != "" {
		return e.realPath(t)
	}
	return p
}

// realPath maps a physical path below the project root's or home's
// physical path back below the root or home, or returns it as it is.
func (e *evaluator) realPath(p string) string {
	if !e.real {
		// Where the project root or home is itself reached through a
		// link, a target below its physical path is below it.
		e.rootReal = e.env.FS.Resolve(e.root)
		if e.home != "" {
			e.homeReal = e.env.FS.Resolve(filepath.Clean(e.home))
		}
		e.real = true
	}
	for _, m := range [...][2]string{{e.rootReal, e.root}, {e.homeReal, e.home}} {
		if m[0] == "" || m[1] == "" {
			continue
		}
		if p == m[0] {
			return filepath.Clean(m[1])
		}
		if rest, ok := strings.CutPrefix(p, m[0]+"/"); ok {
			return filepath.Clean(m[1] + "/" + rest)
		}
	}
	return p
}

func (e *evaluator) resolve(p string) string {
	abs, _ := e.absolute(p, Word{})
	return cleanPath(abs)
}

// cleanPath cleans an absolute path; "" is the root.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	return filepath.Clean(p)
}

// Tri-state truth for pessimistic matching (design.md 16).
type tri int8

const (
	no tri = iota
	maybe
	yes
)

func and(a, b tri) tri { return min(a, b) }
func or(a, b tri) tri  { return max(a, b) }
func not(a tri) tri    { return yes - a }

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

// matches reports whether rule r decides unit u. A deny, ask or pass rule
// holds when its conditions hold for some possible value of the uncertain
// words; an allow rule only when they hold for every possible value.
func (e *evaluator) matches(r *Rule, u *unit, perm bool) bool {
	if r.Floor&u.floor != u.floor || u.floor == 0 && r.Floor != 0 {
		return false // floor rules decide only units that take their floors
	}
	opt := r.Decision != Allow
	m := matcher{e: e, opt: opt}
	t := yes
	check := func(x tri) bool {
		t = and(t, x)
		return t != no
	}
	if r.Event.Op == StrAny {
		if !perm {
			return false
		}
	} else if !check(m.str(&r.Event, Word{Text: e.p.Event}, false)) {
		return false
	}
	if !check(m.tool(&r.Tool)) {
		return false
	}
	if c := r.Cmd; c != nil {
		if u.cmd == nil || !check(m.cmd(c, u)) {
			return false
		}
	}
	for i := range r.Input {
		if !check(m.field(&r.Input[i], false)) {
			return false
		}
	}
	for i := range r.Payload {
		if !check(m.field(&r.Payload[i], true)) {
			return false
		}
	}
	if len(r.Path.Conds) > 0 && !check(m.paths(&r.Path, u.paths, true, true)) {
		return false
	}
	if len(r.Reads.Conds) > 0 && !check(m.paths(&r.Reads, u.paths, true, false)) {
		return false
	}
	if len(r.Writes.Conds) > 0 && !check(m.paths(&r.Writes, u.paths, false, true)) {
		return false
	}
	for i := range r.Env {
		c := &r.Env[i]
		v := e.env.get(c.Name)
		if c.Unset {
			if !check(triOf(v == "")) {
				return false
			}
		} else if v == "" || !check(m.str(&c.Value, Word{Text: v}, false)) {
			return false
		}
	}
	switch r.Agent {
	case MainAgent:
		if e.p.AgentID != "" {
			return false
		}
	case SubAgent:
		if e.p.AgentID == "" {
			return false
		}
	}
	if r.AgentType.Op != StrAny && !check(m.str(&r.AgentType, Word{Text: e.p.AgentType}, false)) {
		return false
	}
	if r.PermissionMode.Op != StrAny && !check(m.str(&r.PermissionMode, Word{Text: e.p.PermissionMode}, false)) {
		return false
	}
	for _, pc := range r.Exists {
		if e.env.FS == nil {
			check(maybe)
			continue
		}
		if !check(triOf(e.env.FS.Exists(e.resolve(pc.Path)) != pc.Missing)) {
			return false
		}
	}
	if r.OnDisk != OnDiskAny && !check(e.onDisk(u, r.OnDisk == OnDiskExist)) {
		return false
	}
	if t == maybe {
		return opt
	}
	return t == yes
}

type matcher struct {
	e   *evaluator
	opt bool // the rule is a deny, ask or pass rule
}

func (m matcher) tool(s *Str) tri {
	if s.Op == StrAny {
		return yes
	}
	name := m.e.p.Tool
	return m.str(s, Word{Text: name}, false)
}

func (m matcher) cmd(c *CmdCond, u *unit) tri {
	x := u.cmd
	if u.known() != "" && !m.opt {
		// The command is not one hookc knows (design.md 44): an allow
		// rule about commands does not decide it.
		return maybe
	}
	t := m.program(&c.Name, x)
	if t == no {
		return no
	}
	words := func(ws []Word) func(int) Word { return func(i int) Word { return ws[i] } }
	strs := func(ss []string) func(int) Word { return func(i int) Word { return Word{Text: ss[i]} } }
	// The conditions are all required, so their order does not change the
	// result: stop at the first that fails, and try the line, usually a
	// regular expression, last.
	if t = and(t, m.list(&c.Args, len(x.Operands), words(x.Operands), false)); t == no {
		return no
	}
	if t = and(t, m.list(&c.Flags, len(x.Flags), words(x.Flags), false)); t == no {
		return no
	}
	if t = and(t, m.list(&c.Words, len(x.Words), words(x.Words), false)); t == no {
		return no
	}
	if t = and(t, m.list(&c.Wrappers, len(x.Wrappers), strs(x.Wrappers), false)); t == no {
		return no
	}
	if t = and(t, m.list(&c.Assigns, len(x.Assigns), words(x.Assigns), false)); t == no {
		return no
	}
	if t = and(t, m.list(&c.Producers, len(x.Producers), strs(x.Producers), false)); t == no {
		return no
	}
	if c.Line.Op != StrAny {
		t = and(t, m.str(&c.Line, u.line, false))
	}
	return t
}

// program matches a command's program name. A program run from a path
// outside the system's program directories (./ls, /tmp/x/cat), or with
// PATH assigned for it, may be any program: its name is matched as written
// by deny, ask and pass rules and is uncertain for allow rules. A name with
// capitals may also be its lower case (case-insensitive file systems run LS
// as ls): two possible values.
func (m matcher) program(s *Str, x *SimpleCommand) tri {
	if s.Op == StrAny {
		return yes // whatever the name's possible values
	}
	w := x.Program
	if w.Dynamic || w.Text == "" {
		return m.str(s, w, false)
	}
	if untrustedProgram(x) {
		w.Glob = true
	}
	// decideUnit's index looks rules up by w.Text and its lower case: an
	// exact name compared here must be one of the two.
	t := m.str(s, w, false)
	if lower := strings.ToLower(w.Text); lower != w.Text {
		l := m.str(s, Word{Text: lower, Glob: w.Glob}, false)
		if m.opt {
			t = or(t, l)
		} else {
			t = and(t, l)
		}
	}
	return t
}

// ProgramDirs are the directories whose programs are taken to be what their
// names say: a program run by a path elsewhere may be anything.
var ProgramDirs = []string{
	"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin",
	"/opt/homebrew/bin", "/opt/homebrew/sbin", "/run/current-system/sw/bin",
}

// untrustedProgram reports whether x's program may not be the program its
// name says.
func untrustedProgram(x *SimpleCommand) bool {
	for _, a := range x.Assigns {
		if strings.HasPrefix(a.Text, "PATH=") || strings.HasPrefix(a.Text, "PATH+=") {
			return true
		}
	}
	if !strings.Contains(x.Path, "/") {
		return false
	}
	return !slices.Contains(ProgramDirs, path.Dir(path.Clean(x.Path)))
}

// paths matches a list condition against the unit's paths that are read
// (read) or written (write). A path and its symlink target are two possible
// values: for a deny, ask or pass rule either may match, for an allow rule
// both must.
func (m matcher) paths(l *List, as []access, read, write bool) tri {
	var ws []Word
	for _, a := range as {
		if a.read && read || a.write && write {
			ws = append(ws, a.w)
			for _, alt := range a.alts {
				ws = append(ws, Word{Text: alt})
			}
			if a.target != "" {
				ws = append(ws, Word{Text: a.target})
			}
			if a.unseen {
				ws = append(ws, Word{Text: a.w.Text, Dynamic: true})
			}
		}
	}
	return m.list(l, len(ws), func(i int) Word { return ws[i] }, true)
}

func (m matcher) list(l *List, n int, at func(int) Word, path bool) tri {
	t := yes
	// The conditions are all required: try those without a regular
	// expression first, so that a failing cheap one spares compiling and
	// running the others.
	later := false
	for pass := 0; pass < 2; pass++ {
		for ci := range l.Conds {
			c := &l.Conds[ci]
			if len(l.Conds) > 1 && c.HasRe() != (pass == 1) {
				later = later || pass == 0
				continue
			}
			if t = and(t, m.cond(c, n, at, path)); t == no {
				return no
			}
		}
		if !later {
			break
		}
	}
	return t
}

// cond matches one list condition.
func (m matcher) cond(c *ListCond, n int, at func(int) Word, path bool) tri {
	var r tri
	switch c.Q {
	case QAny, QNone:
		r = no
		for i := 0; i < n && r != yes; i++ {
			r = or(r, m.str(&c.Elem, at(i), path))
		}
		if c.Q == QNone {
			r = not(r)
		}
	case QAll:
		r = yes
		for i := 0; i < n && r != no; i++ {
			r = and(r, m.str(&c.Elem, at(i), path))
		}
	case QPrefix:
		r = yes
		if n < len(c.Prefix) {
			r = no
		}
		for i := 0; i < len(c.Prefix) && r != no; i++ {
			r = and(r, m.str(&c.Prefix[i], at(i), path))
		}
	}
	return r
}

// str matches one word. A dynamic word is wholly unknown: only {dynamic:
// true} and the match-all matcher are certain of it. A glob word is matched
// by its text for a deny, ask or pass rule, and is uncertain for an allow
// rule.
func (m matcher) str(s *Str, w Word, path bool) tri {
	if w.Prefix && w.Dynamic {
		return m.prefixed(s, w.Text)
	}
	if w.Dynamic || w.Glob && !m.opt {
		return m.e.t.vague(s, w.Dynamic)
	}
	if s.DFA > 0 {
		// The matcher's automata: the word's value is certain.
		if r, ok := m.byDFA(s, w, path); ok {
			return r
		}
	}
	switch s.Op {
	case StrAny, StrNone, StrDynamic:
		// The answer does not depend on the word (the word is certain).
		return m.e.t.vague(s, false)
	case StrOr:
		r := no
		subs := m.e.subs(s)
		for i := range subs {
			if r = or(r, m.str(&subs[i], w, path)); r == yes {
				break
			}
		}
		return r
	case StrNot:
		return not(m.str(&m.e.subs(s)[0], w, path))
	}
	if w.Tree {
		return m.tree(s, w.Text, path)
	}
	switch s.Op {
	case StrExact:
		if s.Fold {
			return triOf(strings.EqualFold(w.Text, s.S))
		}
		return triOf(w.Text == s.S)
	case StrRe:
		return triOf(m.e.t.matchRe(int(s.Re), w.Text))
	case StrGlob:
		return triOf(m.e.glob(s, path).Match(w.Text))
	}
	return no
}

// prefixed matches a dynamic word whose value starts with prefix (an
// assignment's NAME=): by an automaton, yes if it accepts every string
// that starts so, no if none, maybe otherwise; a matcher without one is
// judged part by part, and vaguely where a part has no automaton.
func (m matcher) prefixed(s *Str, prefix string) tri {
	if s.DFA > 0 {
		if _, parts := m.e.t.dfaParts(int(s.DFA) - 1); !parts {
			if d := m.e.t.dfa(int(s.DFA) - 1); d.at == AtNone {
				switch q := d.run(0, prefix); {
				case d.is(q, dfaUniversal):
					return yes
				case d.is(q, dfaLive):
					return maybe
				}
				return no
			}
		}
	}
	switch s.Op {
	case StrOr:
		r := no
		subs := m.e.subs(s)
		for i := range subs {
			if r = or(r, m.prefixed(&subs[i], prefix)); r == yes {
				break
			}
		}
		return r
	case StrNot:
		return not(m.prefixed(&m.e.subs(s)[0], prefix))
	case StrExact:
		if !s.Fold && !strings.HasPrefix(s.S, prefix) {
			return no
		}
	}
	return m.e.t.vague(s, true)
}

// tree matches a word that stands for any path at or below the directory
// dir: yes if the matcher holds for every such path, no if for none, maybe
// otherwise.
func (m matcher) tree(s *Str, dir string, path bool) tri {
	switch s.Op {
	case StrExact:
		// The value is in the tree if it is dir or below it.
		if below, ok, _ := cutPlace(s.S, dir, s.Fold); ok && (below == "" || below[0] == '/' || strings.HasSuffix(dir, "/")) {
			return maybe
		}
		return no
	case StrGlob:
		switch some, all := m.e.glob(s, path).Under(dir); {
		case all:
			return yes
		case some:
			return maybe
		}
		return no
	}
	return maybe
}

// byDFA matches w, which is certain, by the automata of s (design.md 63):
// the automaton of all of s, or those of parts of an any-of, whose other
// parts are matched on their own. ok is false when s is matched without
// them: its automaton reads after a place that is not known.
func (m matcher) byDFA(s *Str, w Word, path bool) (tri, bool) {
	e := m.e
	parts, ok := e.t.dfaParts(int(s.DFA) - 1)
	if !ok {
		return e.automaton(int(s.DFA)-1, w)
	}
	var done uint64 // the parts matched by an automaton
	r := no
	all := true // every automaton could read w
	for ; parts != ""; parts = parts[12:] {
		x, ok := e.automaton(le32(parts, 0), w)
		if !ok {
			all = false
			continue
		}
		done |= uint64(le32(parts, 4)) | uint64(le32(parts, 8))<<32
		if r = or(r, x); r == yes {
			return yes, true
		}
	}
	if all && s.Lazy != 0 {
		// Subs holds just the parts no automaton covers (DeferSubs).
		for i := range s.Subs {
			if r = or(r, m.str(&s.Subs[i], w, path)); r == yes {
				break
			}
		}
		return r, true
	}
	subs := e.subs(s)
	for i := range subs {
		if i < 64 && done&(1<<i) != 0 {
			continue
		}
		if r = or(r, m.str(&subs[i], w, path)); r == yes {
			break
		}
	}
	return r, true
}

// automaton matches w, which is certain, by the automaton i of the table, a
// path glob's after the place it is anchored at; ok is false when that
// place is not known.
func (e *evaluator) automaton(i int, w Word) (r tri, ok bool) {
	d := e.t.dfa(i)
	a := ""
	if d.at != AtNone {
		if a, ok = e.place(d.at, d.whole); !ok {
			return no, false
		}
	}
	if w.Tree {
		return d.tree(w.Text, a, d.fold), true
	}
	rest, ok, _ := cutPlace(w.Text, a, d.fold)
	return triOf(ok && d.is(d.run(0, rest), dfaAccept)), true
}

// place returns the path of the place a path glob is anchored at, as
// appendAnchor spells it in the glob: without a trailing slash, or / for
// a glob that is the root alone (whole). ok is false when the place is not
// known, is not valid UTF-8 (which the glob's quoting replaces), or is the
// root for a whole @hook or @policy glob (an empty glob).
func (e *evaluator) place(at Anchor, whole bool) (p string, ok bool) {
	if e.placed[at] == 0 {
		switch at {
		case AtHome:
			p = e.home
		case AtRoot:
			p = e.root
		case AtHook, AtPolicy:
			p = e.selfPath(at)
		}
		e.places[at] = strings.TrimSuffix(p, "/")
		e.placed[at] = 1
		if !utf8.ValidString(p) || p == "" && (at == AtHook || at == AtPolicy) {
			e.placed[at] = -1
		}
	}
	if p = e.places[at]; e.placed[at] < 0 {
		return "", false
	}
	if p == "" && whole {
		if at == AtHook || at == AtPolicy {
			return "", false
		}
		p = "/"
	}
	return p, true
}

// glob returns the compiled glob of s; a path glob is anchored first.
func (e *evaluator) glob(s *Str, path bool) *globProg {
	if strings.HasPrefix(s.S, "@") {
		// anchored at the hook's own paths: not cached by Str
		return e.globByKey(s, path)
	}
	if g := strGlobFor(s, path, e.root, e.home); g != nil {
		return g
	}
	g := e.globByKey(s, path)
	strGlobAdd(s, path, e.root, e.home, g)
	return g
}

// globByKey returns the compiled glob of s from the cache by pattern.
func (e *evaluator) globByKey(s *Str, path bool) *globProg {
	k := e.globKey[:0]
	if k == nil {
		k = e.globKeyBuf[:0]
	}
	if s.Fold {
		k = append(k, 'i')
	} else {
		k = append(k, '-')
	}
	if path {
		k = e.appendAnchor(k, s.S)
	} else {
		k = append(k, s.S...)
	}
	e.globKey = k
	return globFor(k)
}

// appendAnchor appends the path glob pat made absolute (splitAnchor): ~ is
// the home directory, a relative glob is anchored at the project root,
// "**/..." matches anywhere.
func (e *evaluator) appendAnchor(k []byte, pat string) []byte {
	if !e.quoted {
		e.qroot, e.qhome, e.quoted = globQuote(e.root), globQuote(e.home), true
	}
	at, rest := splitAnchor(pat)
	switch at {
	case AtHook, AtPolicy:
		// The hook's own binary and the policy it was built from
		// (design.md 55); a place not known matches nothing.
		dir := e.selfPath(at)
		if dir == "" {
			return append(k, "/\x00"...)
		}
		return append(append(k, globQuote(dir)...), rest...)
	case AtHome:
		if rest == "" {
			return append(k, orRoot(e.qhome)...)
		}
		return append(append(k, e.qhome...), rest...)
	case AtRoot:
		if rest == "" {
			return append(k, orRoot(e.qroot)...)
		}
		return append(append(k, e.qroot...), rest...)
	}
	return append(k, pat...)
}

// selfPath returns the path of the hook binary (AtHook) or of its policy
// directory (AtPolicy), "" if not known. The hook's path is looked up once
// a call, when a rule first needs it.
func (e *evaluator) selfPath(at Anchor) string {
	if at == AtPolicy {
		return e.env.Policy
	}
	if !e.hookKnown {
		if e.env.Hook != nil {
			e.hook = e.env.Hook()
		}
		e.hookKnown = true
	}
	return e.hook
}

// orRoot returns the quoted directory q, or / for the root, which quotes
// as "" so that q + "/x" is /x.
func orRoot(q string) string {
	if q == "" {
		return "/"
	}
	return q
}

func globQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '*', '?', '[', ']', '{', '}', ',', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return strings.TrimSuffix(b.String(), "/")
}

func (m matcher) field(f *Field, payload bool) tri {
	var v any
	var ok bool
	if payload {
		v, ok = m.e.p.Get(f.Path)
	} else {
		v, ok = m.e.p.Field(f.Path)
	}
	var r tri
	switch f.Kind {
	case FieldAbsent:
		r = triOf(!ok)
	case FieldPresent:
		r = triOf(ok)
	case FieldString:
		s, isStr := v.(string)
		if !ok || !isStr {
			r = no
		} else {
			r = m.str(&f.Str, Word{Text: s}, false)
		}
	case FieldNumber:
		r = no
		if n, isNum := v.(interface{ String() string }); ok && isNum {
			if x, err := strconv.ParseFloat(n.String(), 64); err == nil {
				r = m.str(&f.Str, Word{Text: strconv.FormatFloat(x, 'g', -1, 64)}, false)
			}
		}
	case FieldBool:
		r = no
		if b, isBool := v.(bool); ok && isBool {
			r = m.str(&f.Str, Word{Text: strconv.FormatBool(b)}, false)
		}
	}
	if f.Not {
		r = not(r)
	}
	return r
}

// rulePath returns the path of u that r is about: the first that an any
// condition of r's path, reads or writes matches on its own, else u's first.
func (e *evaluator) rulePath(r *Rule, u *unit) string {
	m := matcher{e: e, opt: r.Decision != Allow}
	conds := [...]struct {
		l           *List
		read, write bool
	}{{&r.Path, true, true}, {&r.Reads, true, false}, {&r.Writes, false, true}}
	for _, a := range u.paths {
		for _, c := range conds {
			if !(a.read && c.read || a.write && c.write) {
				continue
			}
			for i := range c.l.Conds {
				lc := &c.l.Conds[i]
				if lc.Q == QAny && m.paths(&List{Conds: []ListCond{*lc}}, []access{a}, c.read, c.write) != no {
					return a.w.Text
				}
			}
		}
	}
	if len(u.paths) > 0 {
		return u.paths[0].w.Text
	}
	return ""
}

// regexps holds each table's regular expressions, compiled on first use so
// that start-up does not grow with the policy: *Table to
// []atomic.Pointer[regexp.Regexp], one per pattern.
var regexps sync.Map

func (t *Table) regexp(i int) *regexp.Regexp {
	v, ok := regexps.Load(t)
	if !ok {
		v, _ = regexps.LoadOrStore(t, make([]atomic.Pointer[regexp.Regexp], len(t.Patterns)))
	}
	rs := v.([]atomic.Pointer[regexp.Regexp])
	if re := rs[i].Load(); re != nil {
		return re
	}
	re := regexp.MustCompile(t.Patterns[i]) // validated by hookc at load time
	rs[i].Store(re)
	return re
}

// laterCode says why the unit u writes code that later commands or
// sessions run (a git hook, Claude Code's settings), which is code
// whatever a rule's writes name (design.md 394); "" if it writes none.
func (e *evaluator) laterCode(u *unit) string {
	later := func(p string) string {
		if why := runsLater(p); why != "" {
			return why
		}
		if why := homeSettings(p, e.home); why != "" {
			return why
		}
		if systemFile(p) && !(e.root != "" && within(p, e.root)) {
			return "a file of the system's programs, libraries or settings, which programs and sessions take (cron.d, profile.d, a program on PATH)"
		}
		return e.homeFile(p)
	}
	for _, a := range u.paths {
		if !a.write {
			continue
		}
		p := later(a.w.Text)
		if p == "" && a.target != "" {
			p = later(a.target)
		}
		if p != "" {
			return "it writes " + a.w.Text + ", " + p + ", which runs code later; the rule's effects do not name that (effects: \"code\")"
		}
	}
	return ""
}

// laterHome are the files and directories (ending in /) below the home
// that programs read as settings or start-up code every later session or
// command takes: the shells' start-up files, readline's and git's
// settings, and the settings that make an allowed reader run a program or
// print the environment (~/.jq's definitions, less's lesskey and
// lessfilter, ~/.ripgreprc, man's ~/.manpath, go's env file, curl's and
// wget's, gdb's; round 15, design.md 398; less's compiled ~/.less and
// groff's ~/man.local, round 19, design.md 401).
var laterHome = []string{
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout", ".zshrc", ".zprofile", ".zshenv",
	".zlogin", ".config/fish/", ".inputrc", ".gitconfig", ".config/git/", ".config/autostart/",
	".config/systemd/", "Library/LaunchAgents/", ".local/bin/", ".jq", ".lesskey", ".config/lesskey",
	".lessfilter", ".ripgreprc", ".manpath", ".config/go/env", ".npmrc", ".config/pip/", ".pip/",
	".cargo/config.toml", ".cargo/config", ".curlrc", ".wgetrc", ".gdbinit", ".ssh/rc", ".ssh/config",
	".less", "man.local", "mdoc.local", "troffrc", "troffrc-end",
}

// laterHomeFile reports whether rel, a path below the home, is a file of
// laterHome or one of the families no name lists: groff's macro files,
// which it loads from the home for every page man formats (*.tmac,
// tmac.*: .so includes any file and \V prints a variable), and Python's
// user site-packages, whose .pth files and usercustomize run in every
// interpreter that starts (pip --version; round 19, design.md 401).
func laterHomeFile(rel string) bool {
	for _, h := range laterHome {
		if rel == strings.TrimSuffix(h, "/") || strings.HasSuffix(h, "/") && strings.HasPrefix(rel, h) {
			return true
		}
	}
	if !strings.Contains(rel, "/") && (strings.HasSuffix(rel, ".tmac") || strings.HasPrefix(rel, "tmac.")) {
		return true
	}
	py, ok := strings.CutPrefix(rel, ".local/lib/python")
	return ok && strings.Contains(py, "/site-packages")
}

// homeSettings says why a write of the path p below the home makes later
// commands run code, or "" (laterHome).
func homeSettings(p, home string) string {
	rel, ok := strings.CutPrefix(p, strings.TrimSuffix(home, "/")+"/")
	if home == "" || !ok {
		return ""
	}
	if laterHomeFile(rel) {
		return "a settings or start-up file of the home, which later commands take"
	}
	return ""
}

// homeFile says why a write of the path p below the home, outside the
// project, may make later commands or sessions run code, or "": programs
// take settings and start-up code from the home under more names than any
// list holds (kubectl's ~/.kube/config exec plugins, tmux's run-shell,
// ~/.mavenrc, ~/.aws/config's credential_process, editors' start-up
// files; policies11), and a key in ~/.ssh/authorized_keys or a password
// in ~/.netrc lets others in. laterHome names the ones a reader the guard
// allows takes; this is every other file there.
func (e *evaluator) homeFile(p string) string {
	home := strings.TrimSuffix(e.home, "/")
	if home == "" || !strings.HasPrefix(p, home+"/") || e.root != "" && within(p, e.root) {
		return ""
	}
	return "a file of the home outside the project, where programs take settings and start-up code by names no list holds"
}

// systemFile reports whether the path p is among the system's programs,
// libraries or settings (/etc, /usr, /opt, /bin, /lib, /boot and cron's
// spool), which only root writes and every later process may take
// (/etc/cron.d/x; policies11). A project there (/usr/src/app, /opt/app)
// is the project's, which laterCode's caller leaves out.
func systemFile(p string) bool {
	for _, d := range [...]string{"/etc/", "/usr/", "/opt/", "/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/", "/boot/", "/var/spool/cron/", "/var/lib/dpkg/", "/Library/", "/System/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// runsLater says why a write of the path p makes later commands or
// sessions run code that no later command line shows, or "": a git
// repository's hooks and settings (core.hooksPath, core.fsmonitor,
// aliases, filters; a worktree's config.worktree, the commondir that
// points git at another repository's, a submodule's config and hooks
// below .git/modules; round 15), husky's hooks, Claude Code's project settings
// (hooks), hook scripts, commands and skills (their ! lines), the MCP
// servers of .mcp.json (design.md 394), any other file below a .claude
// directory and direnv's .envrc (round 36), and every other file Claude
// Code protects itself (clientProtected, design.md 429).
func runsLater(p string) string {
	// In any case: on a file system that folds case (macOS's, Windows')
	// .Git/hooks is .git/hooks (round 18).
	p = inClaudeWorktree("/" + strings.ToLower(strings.TrimPrefix(p, "/")))
	base := path.Base(p)
	switch {
	case strings.Contains(p, "/.git/hooks/") || strings.HasSuffix(p, "/.git/hooks"):
		return "a git hook"
	case strings.HasSuffix(p, "/.git/config") || strings.HasSuffix(p, "/.git/config.worktree") || strings.HasSuffix(p, "/.git/commondir") ||
		(strings.Contains(p, "/.git/modules/") || strings.Contains(p, "/.git/worktrees/")) &&
			(base == "config" || base == "config.worktree" || base == "commondir" || strings.Contains(p, "/hooks/")):
		return "a repository's git settings"
	case base == ".pre-commit-config.yaml" || base == ".pre-commit-config.yml":
		return "the hooks pre-commit runs when git commits"
	case strings.Contains(p, "/.husky/") || base == ".husky":
		return "a husky hook"
	case strings.HasSuffix(p, "/.claude/settings.json") || strings.HasSuffix(p, "/.claude/settings.local.json"):
		return "Claude Code's settings"
	case strings.Contains(p, "/.claude/hooks/") || strings.Contains(p, "/.claude/commands/") || strings.Contains(p, "/.claude/skills/") ||
		strings.Contains(p, "/.claude/agents/"):
		return "a file of Claude Code's hooks, commands, skills or agents (their frontmatter holds hooks)"
	case base == ".mcp.json":
		return "Claude Code's MCP servers"
	case strings.Contains(p, "/.claude/") || strings.HasSuffix(p, "/.claude"):
		// Whatever else Claude Code reads there: rules, output styles,
		// its memory, and what later versions add (round 36).
		return "a file of Claude Code's configuration directory (its rules, output styles, memory)"
	case base == ".envrc":
		return "direnv's .envrc (the user's shell runs it on entering its directory)"
	}
	return clientProtected(p, base)
}

// The directories and file names Claude Code 2.1.332 protects beside the
// ones above: its own allow rules never approve a write of them, as they
// make an editor, a package manager or a build tool run code later
// (DANGEROUS_DIRECTORIES and the file list beside it in the client; any
// component, in any case). An allow of hookc must not approve more.
var (
	clientProtectedDirs  = []string{"/.vscode", "/.idea", "/.cargo", "/.devcontainer", "/.yarn", "/.mvn", "/.githooks", "/.config/git"}
	clientProtectedFiles = []string{
		".gitconfig", ".gitmodules", ".bashrc", ".bash_profile", ".zshrc", ".zprofile", ".profile", ".zshenv",
		".zlogin", ".zlogout", ".bash_login", ".bash_aliases", ".bash_logout", ".ripgreprc", ".claude.json",
		".npmrc", ".yarnrc", ".yarnrc.yml", ".pnp.cjs", ".pnp.loader.mjs", ".pnp.js", ".pnp.data.json",
		".pnpmfile.cjs", "bunfig.toml", ".bunfig.toml", ".bazelrc", ".bazelversion", ".bazeliskrc", "lefthook.yml",
		".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "gradle-wrapper.properties", "maven-wrapper.properties",
		".devcontainer.json", "pyrightconfig.json",
	}
)

// clientProtected says why Claude Code protects p (lower case, inside any
// worktree of its own already cut away), or "".
func clientProtected(p, base string) string {
	for _, d := range clientProtectedDirs {
		if strings.Contains(p, d+"/") || strings.HasSuffix(p, d) {
			return "a file of " + d[1:] + ", which Claude Code itself protects (an editor's tasks, a package manager's or build tool's settings run code later)"
		}
	}
	// ~/.claude.json's backups are restored over it.
	if slices.Contains(clientProtectedFiles, base) || strings.HasPrefix(base, ".claude.json.") {
		return base + ", which Claude Code itself protects (settings a shell, git, a package manager or a build tool takes, or Claude Code's own)"
	}
	return ""
}

// inClaudeWorktree cuts p (lower case) to the part inside the worktree
// Claude Code keeps below a .claude/worktrees directory (claude --worktree,
// EnterWorktree): the files there are a checkout of the project, not the
// client's configuration, as the client itself judges them; a .claude
// inside it, a worktree's own too, is again its configuration.
func inClaudeWorktree(p string) string {
	const wt = "/.claude/worktrees"
	i := strings.Index(p+"/", wt+"/")
	if i < 0 {
		return p
	}
	rest := p[i+len(wt):] // "", "/NAME" or "/NAME/..."
	if k := strings.IndexByte(strings.TrimPrefix(rest, "/"), '/'); k >= 0 {
		return rest[k+1:]
	}
	return "/"
}
