package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/tools/install"
	"hookc.dev/hookc/internal/tools/settings"
)

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
