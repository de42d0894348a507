package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/layers"
	"hookc.dev/hookc/internal/settings"
)

func init() {
	docs["install"] = doc{
		short: "register a hook binary in Claude Code's settings",
		long: `
Install registers the hook binary (default ./hook, where hookc build
writes it) as a command hook in a Claude Code settings file, in exec form:
the binary is run directly, with -event EVENT so that it answers input it
cannot read as the right event, for every tool (matcher "*"). The events
are PreToolUse and PreSkillShellCommand (the ! shell lines of skills and
slash commands) unless -events says otherwise.

Each entry has "onFailure": "block" (Claude Code 2.1.329 and later): when
the hook cannot run (the binary is missing, as for a teammate who pulled
the settings without building it), times out, or prints an answer the
client cannot read, the client refuses the call instead of running it.
-onfailure continue leaves the key out, and the client lets such a call
go on through its own checks.

The settings file is the project's .claude/settings.json by default (at the
root of the git repository, where Claude Code is started and reads it),
the repository's .claude/settings.local.json with -scope local,
~/.claude/settings.json with -scope user, or -settings's file. In the
project's file the command is written relative to ${CLAUDE_PROJECT_DIR} when
the binary is inside the project, so that the file can be shared.

Install edits the file in place: it changes only the entries of this hook
and keeps every other byte, the indentation, key order and escapes
included. It refuses, with the position, a file that is not JSON or whose
hooks it cannot merge, and writes nothing then. Running it again updates
the hook's entries (arguments, timeout). The old file is kept as one backup,
settings.json.bak, which the next change replaces, and a file changed by someone else
while hookc edits it is left alone. It prints what it changed; -n prints
the change as a diff and writes nothing. It warns when disableAllHooks, or
allowManagedHooksOnly in managed settings, keeps the hook from running.

With -frontmatter FILE, install writes the hook into the hooks: key of
a skill's or an agent's Markdown file (SKILL.md, .claude/agents/NAME.md)
instead, where Claude Code runs it only while that skill or agent is
active; uninstall -frontmatter removes it. hookc writes the key only
where the frontmatter has none or has only hookc's own, and keeps every
other byte of the file.

When hookc build wrote HOOK.hooks.json beside the binary (the policy's
own command hooks, commandHooks), install registers each of them too,
for its event and matcher, with its arguments and timeout and without
"onFailure", and uninstall removes them; each is recognised by its
command naming the same file, as the hook is.

When hookc build wrote HOOK.layers.json beside the binary (the policy's
rules feed Claude Code's sandbox and native permission rules), install
-layers merges it into the same file: missing list entries are appended,
missing values set, a value set otherwise is left with a warning; it
prints what the layers cannot express, and records what it added in
HOOK.layers.installed.json so that uninstall removes exactly that
(uninstall -layers=false leaves them). Without -layers install says that
the file is there and leaves the layers alone: turning on Claude Code's
sandbox changes how every Bash command runs, so it is asked for.

Exit status: 0 done (or nothing to do), 1 a file cannot be read, merged or
written, or the binary is missing, 2 bad usage.
`,
	}
	docs["uninstall"] = doc{
		short: "remove a hook binary from Claude Code's settings",
		long: `
Uninstall removes every entry that runs the hook binary (default ./hook)
from the settings file, under every event, whatever flags it was installed
with (-events and -timeout are accepted and ignored), and the matcher
groups, event lists and hooks object that are left empty, and the layers
install added (HOOK.layers.installed.json says which). Everything else
in the file stays byte for byte as it is. The file is chosen as for
install; the old file is kept as settings.json.bak; -n prints the change
as a diff and writes nothing.

Exit status: 0 done (or nothing to do), 1 a file cannot be read, merged or
written, 2 bad usage.
`,
	}
}

// hookEvents are Claude Code's hook events (docs/protocol.md, Registration; internal/e2e/testdata/surface.txt).
var hookEvents = []string{
	"SessionStart", "Setup", "UserPromptSubmit", "UserPromptExpansion", "MessageDisplay",
	"PreToolUse", "PreSkillShellCommand", "PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure",
	"PostToolBatch", "Notification", "SubagentStart", "SubagentStop", "TaskCreated",
	"TaskCompleted", "Stop", "StopFailure", "TeammateIdle", "InstructionsLoaded",
	"ConfigChange", "CwdChanged", "DirectoryAdded", "FileChanged", "WorktreeCreate",
	"WorktreeRemove", "PreCompact", "PostCompact", "Elicitation", "ElicitationResult",
	"SessionEnd",
}

// defaultEvents are the events install registers the hook for: the
// permission events a command line reaches the hook on (design.md 140).
var defaultEvents = []string{"PreToolUse", "PreSkillShellCommand"}

// Timeouts install accepts, in seconds. Below the minimum a loaded machine
// turns a slow start into a timeout, which lets the call run or, with
// onFailure block, refuses it; above the maximum,
// Claude Code's default, a hung hook would hold the session.
const (
	minTimeout = 1
	maxTimeout = 600
)

// projectDirVar is what Claude Code replaces with the project directory in
// a hook's command, in exec form too (docs/protocol.md, Registration).
const projectDirVar = "${CLAUDE_PROJECT_DIR}"

// saveHook, when set, runs before install saves the settings file; tests
// use it to change the file at that moment.
var saveHook func(path string)

func runInstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return install(args, stdout, stderr, true)
}

func runUninstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return install(args, stdout, stderr, false)
}

// installer holds what install and uninstall work on.
type installer struct {
	name    string // "install" or "uninstall"
	file    *settings.File
	doc     *settings.Doc
	hookAbs string // the binary, absolute
	command string // the command to write for it
	root    string // the project directory of a project settings file
	stdout  io.Writer
	stderr  io.Writer
	// A policy's own command hook (design.md 225) has its own arguments
	// and matcher instead of -event EVENT and "*".
	own     bool
	args    []string
	matcher string
}

func install(args []string, stdout, stderr io.Writer, add bool) int {
	name := "uninstall"
	if add {
		name = "install"
	}
	fs := newFlags(name, "[-n] [-scope project|local|user] [-settings file] [-events list] [-timeout seconds] [-onfailure block|continue] [-layers] [hook]", stderr)
	dryRun := fs.Bool("n", false, "print the change as a diff and write nothing")
	scope := fs.String("scope", "project", "the settings file: `project` (.claude/settings.json), local (.claude/settings.local.json) or user (~/.claude/settings.json)")
	file := fs.String("settings", "", "the settings `file` to change, instead of -scope's")
	events := fs.String("events", strings.Join(defaultEvents, ","), "comma-separated hook `events` to register the hook for")
	timeout := fs.Int("timeout", 10, fmt.Sprintf("the hook's timeout in `seconds`, %d to %d", minTimeout, maxTimeout))
	onFailure := fs.String("onfailure", "block", "what the client does when the hook fails (missing, timed out, unreadable answer): `block` the call, or continue with its own checks")
	fm := fs.String("frontmatter", "", "write the hook into the hooks: key of this skill's or agent's Markdown `file` instead of a settings file")
	withLayers := fs.Bool("layers", !add, "install: merge the sandbox and native rules hookc build wrote beside the hook (HOOK.layers.json); uninstall: remove those install added")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	hook := "hook"
	switch len(pos) {
	case 0:
	case 1:
		hook = pos[0]
	default:
		fmt.Fprintf(stderr, "hookc %s: too many arguments (%s); want one hook binary\n", name, strings.Join(pos, " "))
		return exitUsage
	}
	var evs []string
	if add {
		var err error
		if evs, err = parseEvents(*events); err != nil {
			fmt.Fprintf(stderr, "hookc install: -events: %v\n", err)
			return exitUsage
		}
	}
	if add && *onFailure != "block" && *onFailure != "continue" {
		fmt.Fprintf(stderr, "hookc install: -onfailure %q: want block or continue\n", *onFailure)
		return exitUsage
	}
	if add && (*timeout < minTimeout || *timeout > maxTimeout) {
		fmt.Fprintf(stderr, "hookc %s: -timeout %d is out of range: give %d to %d seconds (the hook decides in milliseconds; a timeout lets the call run, or refuses it with -onfailure block, so leave room for a slow start)\n",
			name, *timeout, minTimeout, maxTimeout)
		return exitUsage
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	home, _ := os.UserHomeDir()
	path := *file
	var sc settings.Scope
	if path == "" {
		sc = settings.Scope(*scope)
		if !slices.Contains(settings.Scopes, sc) {
			fmt.Fprintf(stderr, "hookc %s: -scope %q: want project, local or user\n", name, *scope)
			return exitUsage
		}
		path = relToCwd(settings.ScopePath(sc, cwd, home), cwd)
	} else {
		sc = settings.ScopeOf(path, cwd, home)
		if flagSet(fs, "scope") {
			fmt.Fprintf(stderr, "hookc %s: give -scope or -settings, not both\n", name)
			return exitUsage
		}
	}
	hookAbs, err := filepath.Abs(hook)
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if add {
		if fi, err := os.Stat(hookAbs); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			fmt.Fprintf(stderr, "hookc install: %s is not an executable file; build it first with hookc build\n", hook)
			return exitFailed
		}
	}
	if *fm != "" {
		return installFrontmatter(*fm, hookAbs, evs, *timeout, *onFailure == "block", add, *dryRun, stdout, stderr)
	}
	f, err := settings.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	in := &installer{name: name, file: f, doc: f.Doc, hookAbs: hookAbs, command: hookAbs, stdout: stdout, stderr: stderr}
	absPath, _ := filepath.Abs(path)
	in.root = filepath.Dir(filepath.Dir(absPath))
	if sc == settings.Project {
		if rel, err := filepath.Rel(in.root, hookAbs); err == nil && filepath.IsLocal(rel) {
			in.command = projectDirVar + "/" + filepath.ToSlash(rel)
		}
	}
	var changes []string
	if add {
		changes, err = in.add(evs, *timeout, *onFailure == "block")
	} else {
		changes, err = in.remove()
	}
	if err == nil {
		var lines []string
		lines, err = in.commandHooks(add)
		changes = append(changes, lines...)
	}
	var recs map[string]*layerRecord
	if err == nil && *withLayers {
		var lines []string
		lines, recs, err = in.layers(add, sc)
		changes = append(changes, lines...)
	} else if _, e := os.Stat(layers.PathOf(hookAbs)); add && e == nil {
		fmt.Fprintf(stderr, "hookc install: note: %s holds the sandbox and native rules the policy feeds; hookc install -layers merges them too (docs/layers.md)\n", relToCwd(layers.PathOf(hookAbs), cwd))
	}
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if add {
		in.warnDisabled(cwd, home)
		if sc == settings.Project && filepath.Clean(settings.ProjectRoot(cwd)) != filepath.Clean(cwd) && *file == "" {
			fmt.Fprintf(stderr, "hookc install: note: Claude Code reads %s only when started in %s\n", path, relToCwd(in.root, cwd))
		}
	}
	for _, c := range changes {
		if *dryRun {
			c = wouldChange(c)
		}
		fmt.Fprintf(stdout, "%s: %s\n", path, c)
	}
	if *dryRun {
		if d := f.Diff(); d != nil {
			stdout.Write(d)
		}
		return exitOK
	}
	if saveHook != nil {
		saveHook(path)
	}
	backup, err := f.Save()
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if backup != "" {
		fmt.Fprintf(stdout, "%s: the old file is %s\n", path, backup)
	}
	if recs != nil {
		if err := writeRecords(hookAbs, recs); err != nil {
			fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
			return exitFailed
		}
	}
	if add && sc != settings.User && *file == "" {
		line, err := ignoreBuildOutput(in.root, hookAbs)
		if err != nil {
			fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
			return exitFailed
		}
		if line != "" {
			fmt.Fprintln(stdout, line)
		}
	}
	return exitOK
}

// wouldVerbs are the verbs of the change lines, and what -n says instead.
var wouldVerbs = strings.NewReplacer(
	"added ", "would add ", "updated ", "would update ", "removed ", "would remove ",
	"left out ", "would leave out ", " were there already", " are there already",
)

// wouldChange words a change line for -n, which writes nothing: "would
// add" for "added" (design.md 191).
func wouldChange(c string) string { return wouldVerbs.Replace(c) }

// flagSet reports whether the flag name was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// relToCwd returns path relative to cwd when it is below it.
func relToCwd(path, cwd string) string {
	if rel, err := filepath.Rel(cwd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	if filepath.Clean(path) == filepath.Clean(cwd) {
		return "."
	}
	return path
}

// parseEvents parses a comma-separated list of hook event names.
func parseEvents(s string) ([]string, error) {
	var out []string
	for _, ev := range strings.Split(s, ",") {
		ev = strings.TrimSpace(ev)
		switch {
		case ev == "":
			continue
		case slices.Contains(hookEvents, ev):
			if !slices.Contains(out, ev) {
				out = append(out, ev)
			}
		default:
			if near, ok := diag.Suggest(ev, hookEvents); ok {
				return nil, fmt.Errorf("%q is not a Claude Code hook event; did you mean %q?", ev, near)
			}
			return nil, fmt.Errorf("%q is not a Claude Code hook event (events: %s)", ev, strings.Join(hookEvents, ", "))
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no events given")
	}
	return out, nil
}

// A handler is the hook entry install writes. OnFailure "block" makes the
// client refuse the call when the hook fails (design.md 142).
type handler struct {
	Type      string   `json:"type"`
	Command   string   `json:"command"`
	Args      []string `json:"args"`
	Timeout   int      `json:"timeout"`
	OnFailure string   `json:"onFailure,omitempty"`
}

type group struct {
	Matcher string    `json:"matcher"`
	Hooks   []handler `json:"hooks"`
}

// A found is one handler of the hook in the file.
type found struct {
	event string
	group int
	hook  int
}

// find returns the hook's handlers under event, after checking that the
// event's entries have the shape hookc can merge: a list of objects, each
// with a list of hooks.
func (in *installer) find(event string) ([]found, error) {
	list := in.doc.Lookup(settings.Path{"hooks", event})
	if list == nil {
		return nil, nil
	}
	if list.Kind != settings.Array {
		return nil, in.cannot(list, "hooks.%s is %s, not a list of matcher groups", event, list.Kind)
	}
	var out []found
	for gi, g := range list.Elems {
		if g.Kind != settings.Object {
			return nil, in.cannot(g, "hooks.%s[%d] is %s, not a matcher group (an object with matcher and hooks)", event, gi, g.Kind)
		}
		hs := g.Member("hooks")
		if hs == nil {
			continue
		}
		if hs.Value.Kind != settings.Array {
			return nil, in.cannot(hs.Value, "hooks.%s[%d].hooks is %s, not a list of hooks", event, gi, hs.Value.Kind)
		}
		for hi, h := range hs.Value.Elems {
			if in.isOurs(h) {
				out = append(out, found{event, gi, hi})
			}
		}
	}
	return out, nil
}

func (in *installer) cannot(v *settings.Value, format string, args ...any) error {
	return in.doc.Errorf(v, "%s; hookc %s does not change a file it cannot merge: fix it by hand", fmt.Sprintf(format, args...), in.name)
}

// checkRoot checks that the file is an object whose hooks, if any, are an
// object.
func (in *installer) checkRoot() error {
	if in.doc.Root == nil {
		return nil
	}
	if in.doc.Root.Kind != settings.Object {
		return in.cannot(in.doc.Root, "the settings are %s, not an object", in.doc.Root.Kind)
	}
	if h := in.doc.Lookup(settings.Path{"hooks"}); h != nil && h.Kind != settings.Object {
		return in.cannot(h, "hooks is %s, not an object of events", h.Kind)
	}
	return nil
}

// isOurs reports whether a handler runs the hook binary: its command,
// with ${CLAUDE_PROJECT_DIR} replaced, names the same file.
func (in *installer) isOurs(h *settings.Value) bool {
	m := h.Member("command")
	if m == nil {
		return false
	}
	c, ok := in.doc.Str(m.Value)
	if !ok {
		return false
	}
	for _, v := range []string{projectDirVar, "$CLAUDE_PROJECT_DIR"} {
		if rest, ok := strings.CutPrefix(c, v); ok {
			c = in.root + rest
		}
	}
	if !filepath.IsAbs(c) {
		return false
	}
	if filepath.Clean(c) == filepath.Clean(in.hookAbs) {
		return true
	}
	a, err1 := filepath.EvalSymlinks(c)
	b, err2 := filepath.EvalSymlinks(in.hookAbs)
	return err1 == nil && err2 == nil && a == b
}

// add registers the hook for events, updating the entries it has; block
// writes "onFailure": "block" on them, else removes the key.
func (in *installer) add(events []string, timeout int, block bool) ([]string, error) {
	if err := in.checkRoot(); err != nil {
		return nil, err
	}
	var changes []string
	for _, ev := range events {
		fs, err := in.find(ev)
		if err != nil {
			return nil, err
		}
		want := handler{Type: "command", Command: in.command, Args: []string{"-event", ev}, Timeout: timeout}
		matcher := "*"
		if in.own {
			want.Args, matcher = append([]string{}, in.args...), cmp.Or(in.matcher, "*")
		}
		if block {
			want.OnFailure = "block"
		}
		if len(fs) == 0 {
			if err := in.doc.Append(settings.Path{"hooks", ev}, group{Matcher: matcher, Hooks: []handler{want}}); err != nil {
				return nil, err
			}
			changes = append(changes, fmt.Sprintf("added %s for %s (timeout %d s)", in.command, ev, timeout))
			continue
		}
		updated := false
		for _, f := range fs {
			at := settings.Path{"hooks", ev, f.group, "hooks", f.hook}
			for _, field := range []struct {
				key string
				val any
			}{{"type", want.Type}, {"command", want.Command}, {"args", want.Args}, {"timeout", want.Timeout}} {
				p := append(slices.Clone(at), field.key)
				if in.equal(p, field.val) {
					continue
				}
				if err := in.doc.Set(p, field.val); err != nil {
					return nil, err
				}
				updated = true
			}
			p := append(slices.Clone(at), "onFailure")
			switch {
			case block && !in.equal(p, "block"):
				if err := in.doc.Set(p, "block"); err != nil {
					return nil, err
				}
				updated = true
			case !block && in.doc.Lookup(p) != nil:
				if err := in.doc.Delete(p); err != nil {
					return nil, err
				}
				updated = true
			}
		}
		if updated {
			changes = append(changes, fmt.Sprintf("updated %s for %s (timeout %d s)", in.command, ev, timeout))
		} else {
			changes = append(changes, fmt.Sprintf("%s is already installed for %s; nothing to change", in.command, ev))
		}
	}
	var others []string
	if hs := in.doc.Lookup(settings.Path{"hooks"}); hs != nil {
		for _, m := range hs.Members {
			if slices.Contains(events, m.Key) {
				continue
			}
			if fs, err := in.find(m.Key); err == nil && len(fs) > 0 {
				others = append(others, m.Key)
			}
		}
	}
	if len(others) > 0 && !in.own {
		changes = append(changes, fmt.Sprintf("%s stays installed for %s (hookc uninstall removes it from every event)", in.command, strings.Join(others, ", ")))
	}
	return changes, nil
}

// equal reports whether the value at p equals x as JSON.
func (in *installer) equal(p settings.Path, x any) bool {
	v := in.doc.Lookup(p)
	if v == nil {
		return false
	}
	var got any
	if in.doc.Decode(v, &got) != nil {
		return false
	}
	b, _ := json.Marshal(x)
	var want any
	json.Unmarshal(b, &want)
	return reflect.DeepEqual(got, want)
}

// remove removes the hook from every event, and what is left empty.
func (in *installer) remove() ([]string, error) {
	if err := in.checkRoot(); err != nil {
		return nil, err
	}
	hs := in.doc.Lookup(settings.Path{"hooks"})
	if hs == nil {
		return []string{fmt.Sprintf("%s is not installed; nothing to change", in.command)}, nil
	}
	var all []found
	for _, m := range hs.Members {
		fs, err := in.find(m.Key)
		if err != nil {
			return nil, err
		}
		all = append(all, fs...)
	}
	if len(all) == 0 {
		return []string{fmt.Sprintf("%s is not installed; nothing to change", in.command)}, nil
	}
	// Remove from the last to the first, so that indexes stay valid.
	var events []string
	for i := len(all) - 1; i >= 0; i-- {
		f := all[i]
		if !slices.Contains(events, f.event) {
			events = append(events, f.event)
		}
		grp := settings.Path{"hooks", f.event, f.group}
		if err := in.doc.Delete(append(slices.Clone(grp), "hooks", f.hook)); err != nil {
			return nil, err
		}
		g := in.doc.Lookup(grp)
		if h := g.Member("hooks"); len(h.Value.Elems) == 0 && onlyKeys(g, "matcher", "hooks") {
			if err := in.doc.Delete(grp); err != nil {
				return nil, err
			}
		}
		if list := in.doc.Lookup(settings.Path{"hooks", f.event}); len(list.Elems) == 0 {
			if err := in.doc.Delete(settings.Path{"hooks", f.event}); err != nil {
				return nil, err
			}
		}
	}
	if h := in.doc.Lookup(settings.Path{"hooks"}); h != nil && len(h.Members) == 0 {
		if err := in.doc.Delete(settings.Path{"hooks"}); err != nil {
			return nil, err
		}
	}
	slices.Reverse(events)
	return []string{fmt.Sprintf("removed %s from %s", in.command, strings.Join(events, ", "))}, nil
}

// onlyKeys reports whether the object v has no keys but these.
func onlyKeys(v *settings.Value, keys ...string) bool {
	for _, m := range v.Members {
		if !slices.Contains(keys, m.Key) {
			return false
		}
	}
	return true
}

// warnDisabled warns when a setting keeps hooks from running: the
// disableAllHooks of any settings file Claude Code reads here, or a
// managed allowManagedHooksOnly.
func (in *installer) warnDisabled(cwd, home string) {
	check := func(path string, d *settings.Doc, managed bool) {
		if v := d.Lookup(settings.Path{"disableAllHooks"}); v != nil && in.isTrue(d, v) {
			fmt.Fprintf(in.stderr, "hookc install: %s: warning: disableAllHooks is true: Claude Code runs no hook while it is\n", diagPos(d, v, path))
		}
		if v := d.Lookup(settings.Path{"allowManagedHooksOnly"}); managed && v != nil && in.isTrue(d, v) {
			fmt.Fprintf(in.stderr, "hookc install: %s: warning: allowManagedHooksOnly is true: Claude Code runs only the hooks of managed settings\n", diagPos(d, v, path))
		}
	}
	check(in.file.Path, in.doc, false)
	self, _ := filepath.Abs(in.file.Path)
	for _, sp := range settings.Files(settings.ProjectRoot(cwd), home) {
		if abs, _ := filepath.Abs(sp.Path); abs == self {
			continue
		}
		f, err := settings.Open(sp.Path)
		if err != nil {
			continue
		}
		check(sp.Path, f.Doc, sp.Scope == settings.Managed)
	}
}

func (in *installer) isTrue(d *settings.Doc, v *settings.Value) bool {
	var b bool
	return d.Decode(v, &b) == nil && b
}

// diagPos returns "file:line:col" of v.
func diagPos(d *settings.Doc, v *settings.Value, path string) string {
	line, col := settings.Position(d.Bytes(), v.Start)
	return diag.Pos{File: path, Line: line, Col: col}.String()
}
