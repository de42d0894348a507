package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/install"
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

func runInstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runInstaller(args, stdout, stderr, true)
}

func runUninstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runInstaller(args, stdout, stderr, false)
}

// installFlags are the flags of install and uninstall.
type installFlags struct {
	fs                      *flag.FlagSet
	dryRun, withLayers      *bool
	scope, file, events, fm *string
	onFailure               *string
	timeout                 *int
}

func newInstallFlags(name string, add bool, stderr io.Writer) *installFlags {
	fs := newFlags(name, "[-n] [-scope project|local|user] [-settings file] [-events list] [-timeout seconds] [-onfailure block|continue] [-layers] [hook]", stderr)
	return &installFlags{
		fs:         fs,
		dryRun:     fs.Bool("n", false, "print the change as a diff and write nothing"),
		scope:      fs.String("scope", "project", "the settings file: `project` (.claude/settings.json), local (.claude/settings.local.json) or user (~/.claude/settings.json)"),
		file:       fs.String("settings", "", "the settings `file` to change, instead of -scope's"),
		events:     fs.String("events", strings.Join(install.DefaultEvents, ","), "comma-separated hook `events` to register the hook for"),
		timeout:    fs.Int("timeout", 10, fmt.Sprintf("the hook's timeout in `seconds`, %d to %d", install.MinTimeout, install.MaxTimeout)),
		onFailure:  fs.String("onfailure", "block", "what the client does when the hook fails (missing, timed out, unreadable answer): `block` the call, or continue with its own checks"),
		fm:         fs.String("frontmatter", "", "write the hook into the hooks: key of this skill's or agent's Markdown `file` instead of a settings file"),
		withLayers: fs.Bool("layers", !add, "install: merge the sandbox and native rules hookc build wrote beside the hook (HOOK.layers.json); uninstall: remove those install added"),
	}
}

func runInstaller(args []string, stdout, stderr io.Writer, add bool) int {
	name := "uninstall"
	if add {
		name = "install"
	}
	f := newInstallFlags(name, add, stderr)
	pos, code, ok := parseArgs(f.fs, args)
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
	o := install.Options{Add: add, Timeout: *f.timeout, Block: *f.onFailure == "block", Frontmatter: *f.fm,
		Layers: *f.withLayers, DryRun: *f.dryRun, Explicit: *f.file != "", Stdout: stdout, Stderr: stderr}
	if code, ok := f.check(name, &o, stderr); !ok {
		return code
	}
	if code, ok := f.where(name, hook, &o, stderr); !ok {
		return code
	}
	if err := install.Run(o); err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	return exitOK
}

// check checks the flags that shape the entries install writes.
func (f *installFlags) check(name string, o *install.Options, stderr io.Writer) (code int, ok bool) {
	if !o.Add {
		return 0, true
	}
	var err error
	if o.Events, err = install.ParseEvents(*f.events); err != nil {
		fmt.Fprintf(stderr, "hookc install: -events: %v\n", err)
		return exitUsage, false
	}
	if *f.onFailure != "block" && *f.onFailure != "continue" {
		fmt.Fprintf(stderr, "hookc install: -onfailure %q: want block or continue\n", *f.onFailure)
		return exitUsage, false
	}
	if *f.timeout < install.MinTimeout || *f.timeout > install.MaxTimeout {
		fmt.Fprintf(stderr, "hookc %s: -timeout %d is out of range: give %d to %d seconds (the hook decides in milliseconds; a timeout lets the call run, or refuses it with -onfailure block, so leave room for a slow start)\n",
			name, *f.timeout, install.MinTimeout, install.MaxTimeout)
		return exitUsage, false
	}
	return 0, true
}

// where sets the settings file, its scope and the hook binary.
func (f *installFlags) where(name, hook string, o *install.Options, stderr io.Writer) (code int, ok bool) {
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed, false
	}
	o.Cwd = cwd
	o.Home, _ = os.UserHomeDir()
	o.Settings = *f.file
	if o.Settings == "" {
		o.Scope = settings.Scope(*f.scope)
		if !slices.Contains(settings.Scopes, o.Scope) {
			fmt.Fprintf(stderr, "hookc %s: -scope %q: want project, local or user\n", name, *f.scope)
			return exitUsage, false
		}
		o.Settings = settings.RelToCwd(settings.ScopePath(o.Scope, cwd, o.Home), cwd)
	} else {
		o.Scope = settings.ScopeOf(o.Settings, cwd, o.Home)
		if flagSet(f.fs, "scope") {
			fmt.Fprintf(stderr, "hookc %s: give -scope or -settings, not both\n", name)
			return exitUsage, false
		}
	}
	if o.Hook, err = filepath.Abs(hook); err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed, false
	}
	if o.Add {
		if fi, err := os.Stat(o.Hook); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			fmt.Fprintf(stderr, "hookc install: %s is not an executable file; build it first with hookc build\n", hook)
			return exitFailed, false
		}
	}
	return 0, true
}

// flagSet reports whether the flag name was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
