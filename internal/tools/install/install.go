// Package install registers a hook binary in Claude Code's settings
// files, or in a skill's or an agent's frontmatter, and removes it again:
// the work of hookc install and hookc uninstall. It edits a file in place
// and keeps every byte it does not change.
package install

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/tools/settings"
)

// HookEvents are Claude Code's hook events (docs/protocol.md, Registration; internal/testkit/e2e/testdata/surface.txt).
var HookEvents = []string{
	"SessionStart", "Setup", "UserPromptSubmit", "UserPromptExpansion", "MessageDisplay",
	"PreToolUse", "PreSkillShellCommand", "PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure",
	"PostToolBatch", "Notification", "SubagentStart", "SubagentStop", "TaskCreated",
	"TaskCompleted", "Stop", "StopFailure", "TeammateIdle", "InstructionsLoaded",
	"ConfigChange", "CwdChanged", "DirectoryAdded", "FileChanged", "WorktreeCreate",
	"WorktreeRemove", "PreCompact", "PostCompact", "Elicitation", "ElicitationResult",
	"SessionEnd",
}

// DefaultEvents are the events install registers the hook for: the
// permission events a command line reaches the hook on (design.md 140).
var DefaultEvents = []string{"PreToolUse", "PreSkillShellCommand"}

// Timeouts install accepts, in seconds. Below the minimum a loaded machine
// turns a slow start into a timeout, which lets the call run or, with
// onFailure block, refuses it; above the maximum,
// Claude Code's default, a hung hook would hold the session.
const (
	MinTimeout = 1
	MaxTimeout = 600
)

// projectDirVar is what Claude Code replaces with the project directory in
// a hook's command, in exec form too (docs/protocol.md, Registration).
const projectDirVar = "${CLAUDE_PROJECT_DIR}"

// saveHook, when set, runs before install saves the settings file; tests
// use it to change the file at that moment.
var saveHook func(path string)

// Options say what Run does. The command checks them before: Hook is an
// absolute path (an executable file for an install), Events are hook
// events, Timeout is in range.
type Options struct {
	Add         bool   // install; false uninstalls
	Hook        string // the binary, absolute
	Settings    string // the settings file, as the lines name it
	Explicit    bool   // the file was named (-settings), not chosen by scope
	Scope       settings.Scope
	Frontmatter string // a skill's or an agent's Markdown file instead of Settings
	Events      []string
	Timeout     int
	Block       bool // "onFailure": "block"
	Layers      bool // merge (or remove) the layers beside the hook
	DryRun      bool // print the change as a diff and write nothing
	Cwd, Home   string
	// Run prints what it changed to Stdout and notes and warnings to
	// Stderr, each line of Stderr with "hookc install: " or "hookc
	// uninstall: " in front.
	Stdout, Stderr io.Writer
}

// name is the command's name, for the messages.
func (o *Options) name() string {
	if o.Add {
		return "install"
	}
	return "uninstall"
}

// Run installs or uninstalls the hook as o says. An error means nothing
// was written (or, after the settings file was saved, that the record of
// the layers or the .gitignore could not be).
func Run(o Options) error {
	if o.Frontmatter != "" {
		return o.frontmatter()
	}
	f, err := settings.Open(o.Settings)
	if err != nil {
		return err
	}
	in := &installer{name: o.name(), file: f, doc: f.Doc, hookAbs: o.Hook, command: o.Hook, stderr: o.Stderr}
	absPath, _ := filepath.Abs(o.Settings)
	in.root = filepath.Dir(filepath.Dir(absPath))
	if o.Scope == settings.Project {
		if rel, err := filepath.Rel(in.root, o.Hook); err == nil && filepath.IsLocal(rel) {
			in.command = projectDirVar + "/" + filepath.ToSlash(rel)
		}
	}
	changes, recs, err := in.changes(o)
	if err != nil {
		return err
	}
	if o.Add {
		in.warnDisabled(o.Cwd, o.Home)
		if o.Scope == settings.Project && filepath.Clean(settings.ProjectRoot(o.Cwd)) != filepath.Clean(o.Cwd) && !o.Explicit {
			fmt.Fprintf(o.Stderr, "hookc install: note: Claude Code reads %s only when started in %s\n", o.Settings, settings.RelToCwd(in.root, o.Cwd))
		}
	}
	for _, c := range changes {
		if o.DryRun {
			c = WouldChange(c)
		}
		fmt.Fprintf(o.Stdout, "%s: %s\n", o.Settings, c)
	}
	if o.DryRun {
		if d := f.Diff(); d != nil {
			o.Stdout.Write(d)
		}
		return nil
	}
	return in.save(o, recs)
}

// changes makes the changes in the document and returns their lines and
// the records of the layers to write.
func (in *installer) changes(o Options) ([]string, map[string]*layerRecord, error) {
	var changes []string
	var err error
	if o.Add {
		changes, err = in.add(o.Events, o.Timeout, o.Block)
	} else {
		changes, err = in.remove()
	}
	if err == nil {
		var lines []string
		lines, err = in.commandHooks(o.Add)
		changes = append(changes, lines...)
	}
	var recs map[string]*layerRecord
	if err == nil && o.Layers {
		var lines []string
		lines, recs, err = in.layers(o.Add, o.Scope)
		changes = append(changes, lines...)
	} else if _, e := os.Stat(layers.PathOf(o.Hook)); o.Add && e == nil {
		fmt.Fprintf(o.Stderr, "hookc install: note: %s holds the sandbox and native rules the policy feeds; hookc install -layers merges them too (docs/layers.md)\n", settings.RelToCwd(layers.PathOf(o.Hook), o.Cwd))
	}
	return changes, recs, err
}

// save writes the settings file, the records of the layers and the
// .gitignore lines.
func (in *installer) save(o Options, recs map[string]*layerRecord) error {
	if saveHook != nil {
		saveHook(o.Settings)
	}
	backup, err := in.file.Save()
	if err != nil {
		return err
	}
	if backup != "" {
		fmt.Fprintf(o.Stdout, "%s: the old file is %s\n", o.Settings, backup)
	}
	if recs != nil {
		if err := writeRecords(o.Hook, recs); err != nil {
			return err
		}
	}
	if o.Add && o.Scope != settings.User && !o.Explicit {
		line, err := IgnoreBuildOutput(in.root, o.Hook)
		if err != nil {
			return err
		}
		if line != "" {
			fmt.Fprintln(o.Stdout, line)
		}
	}
	return nil
}

// installer holds what install and uninstall work on.
type installer struct {
	name    string // "install" or "uninstall"
	file    *settings.File
	doc     *settings.Doc
	hookAbs string // the binary, absolute
	command string // the command to write for it
	root    string // the project directory of a project settings file
	stderr  io.Writer
	// A policy's own command hook (design.md 225) has its own arguments
	// and matcher instead of -event EVENT and "*".
	own     bool
	args    []string
	matcher string
}

// wouldVerbs are the verbs of the change lines, and what -n says instead.
var wouldVerbs = strings.NewReplacer(
	"added ", "would add ", "updated ", "would update ", "removed ", "would remove ",
	"left out ", "would leave out ", " were there already", " are there already",
)

// WouldChange words a change line for -n, which writes nothing: "would
// add" for "added" (design.md 191).
func WouldChange(c string) string { return wouldVerbs.Replace(c) }

// ParseEvents parses a comma-separated list of hook event names.
func ParseEvents(s string) ([]string, error) {
	var out []string
	for _, ev := range strings.Split(s, ",") {
		ev = strings.TrimSpace(ev)
		switch {
		case ev == "":
			continue
		case slices.Contains(HookEvents, ev):
			if !slices.Contains(out, ev) {
				out = append(out, ev)
			}
		default:
			if near, ok := diag.Suggest(ev, HookEvents); ok {
				return nil, fmt.Errorf("%q is not a Claude Code hook event; did you mean %q?", ev, near)
			}
			return nil, fmt.Errorf("%q is not a Claude Code hook event (events: %s)", ev, strings.Join(HookEvents, ", "))
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
