package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// settings is a Claude Code settings file, kept as generic JSON so that
// every setting hookc does not touch survives.
type settings map[string]any

func runInstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return install(args, stderr, true)
}

func runUninstall(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return install(args, stderr, false)
}

// install registers (or, with add false, removes) a hook binary in a Claude
// Code settings file, in exec form: the binary is run directly, with
// -event so that it answers unreadable input as the right event.
func install(args []string, stderr io.Writer, add bool) int {
	name := "install"
	if !add {
		name = "uninstall"
	}
	fset := newFlags(name, "[-settings file] [-events list] [-timeout seconds] hook", stderr)
	file := fset.String("settings", filepath.Join(".claude", "settings.json"), "the settings `file` to change")
	events := fset.String("events", "PreToolUse", "comma-separated `events` to register the hook for")
	timeout := fset.Int("timeout", 10, "the hook's timeout in `seconds`")
	hook, code, ok := parseFlags(fset, args, stderr)
	if !ok {
		return code
	}
	if fset.NArg() != 1 {
		fmt.Fprintf(stderr, "hookc %s: name the hook binary\n", name)
		fset.Usage()
		return exitUsage
	}
	abs, err := filepath.Abs(hook)
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if add {
		if fi, err := os.Stat(abs); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			fmt.Fprintf(stderr, "hookc install: %s is not an executable file; build it first with hookc build\n", hook)
			return exitFailed
		}
	}
	old, err := os.ReadFile(*file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	s := settings{}
	if len(bytes.TrimSpace(old)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(old))
		dec.UseNumber()
		if err := dec.Decode(&s); err != nil {
			fmt.Fprintf(stderr, "hookc %s: %s is not a JSON object: %v\n", name, *file, err)
			return exitFailed
		}
	}
	changed := false
	for _, ev := range strings.Split(*events, ",") {
		ev = strings.TrimSpace(ev)
		if ev == "" {
			continue
		}
		if add {
			changed = s.add(ev, abs, *timeout) || changed
		} else {
			changed = s.remove(ev, abs) || changed
		}
	}
	if !changed {
		return exitOK
	}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if err := os.MkdirAll(filepath.Dir(*file), 0o755); err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	if old != nil {
		if err := os.WriteFile(*file+".bak", old, 0o644); err != nil {
			fmt.Fprintf(stderr, "hookc %s: backing up: %v\n", name, err)
			return exitFailed
		}
	}
	if err := os.WriteFile(*file, append(out, '\n'), 0o644); err != nil {
		fmt.Fprintf(stderr, "hookc %s: %v\n", name, err)
		return exitFailed
	}
	return exitOK
}

// groups returns the matcher groups of event.
func (s settings) groups(event string) []any {
	hooks, _ := s["hooks"].(map[string]any)
	groups, _ := hooks[event].([]any)
	return groups
}

func (s settings) setGroups(event string, groups []any) {
	hooks, _ := s["hooks"].(map[string]any)
	if hooks == nil {
		hooks = map[string]any{}
		s["hooks"] = hooks
	}
	if len(groups) == 0 {
		delete(hooks, event)
		if len(hooks) == 0 {
			delete(s, "hooks")
		}
		return
	}
	hooks[event] = groups
}

// isOurs reports whether a handler runs the hook binary at path.
func isOurs(h any, path string) bool {
	m, _ := h.(map[string]any)
	return m != nil && m["command"] == path
}

// add registers the hook for event; it reports whether anything changed.
func (s settings) add(event, path string, timeout int) bool {
	groups := s.groups(event)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		hs, _ := gm["hooks"].([]any)
		for _, h := range hs {
			if isOurs(h, path) {
				return false // already installed
			}
		}
	}
	handler := map[string]any{"type": "command", "command": path, "args": []any{"-event", event}, "timeout": timeout}
	groups = append(groups, map[string]any{"matcher": "*", "hooks": []any{handler}})
	s.setGroups(event, groups)
	return true
}

// remove unregisters the hook from event; it reports whether anything
// changed.
func (s settings) remove(event, path string) bool {
	changed := false
	var keep []any
	for _, g := range s.groups(event) {
		gm, _ := g.(map[string]any)
		hs, _ := gm["hooks"].([]any)
		var rest []any
		for _, h := range hs {
			if isOurs(h, path) {
				changed = true
				continue
			}
			rest = append(rest, h)
		}
		if len(rest) == 0 && len(hs) > 0 {
			continue
		}
		if gm != nil {
			gm["hooks"] = rest
		}
		keep = append(keep, g)
	}
	if changed {
		s.setGroups(event, keep)
	}
	return changed
}
