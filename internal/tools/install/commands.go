package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
)

// A policy's own command hooks (design.md 225): hookc build lists them
// beside the hook in HOOK.hooks.json, install registers each beside the
// hook and uninstall removes them. Each is recognised, as the hook is, by
// its command naming the same file. A hook given by its source is
// registered where the source is, in the policy's directory, with
// ${CLAUDE_PROJECT_DIR} when that is in the project: a checkout of the
// project then has it, and nothing is copied (design.md 305).

// commandHooksPathOf is where hookc build lists the command hooks of the
// hook at out.
func commandHooksPathOf(out string) string { return out + ".hooks.json" }

// WriteCommandHooks lists the policy's command hooks beside the hook at
// out; a policy without any gets no file, and an old one is removed.
func WriteCommandHooks(p *load.Policy, out string, stderr io.Writer) error {
	path := commandHooksPathOf(out)
	if len(p.CommandHooks) == 0 {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	hs := slices.Clone(p.CommandHooks)
	for i, h := range hs {
		if h.Source != "" {
			// install registers the program where it is, in the policy's
			// directory (design.md 305).
			abs, err := p.SourcePath(h)
			if err != nil {
				return err
			}
			hs[i].Command = abs
		}
	}
	b, err := json.MarshalIndent(hs, "", "\t")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "hookc build: wrote %s, the policy's %d command hooks (hookc install registers them)\n", path, len(p.CommandHooks))
	return nil
}

// commandHooks registers (add) or removes the command hooks listed beside
// the hook, if any.
func (in *installer) commandHooks(add bool) ([]string, error) {
	b, err := os.ReadFile(commandHooksPathOf(in.hookAbs))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var hs []load.CommandHook
	if err := json.Unmarshal(b, &hs); err != nil {
		return nil, fmt.Errorf("%s: %v", commandHooksPathOf(in.hookAbs), err)
	}
	var changes []string
	for _, h := range hs {
		own, err := in.ownHook(h)
		if err != nil {
			return nil, err
		}
		var lines []string
		if add {
			lines, err = own.add([]string{h.Event}, h.Timeout, false)
		} else {
			lines, err = own.remove()
		}
		if err != nil {
			return nil, err
		}
		changes = append(changes, lines...)
	}
	return changes, nil
}

// ownHook returns the installer of the command hook h: its file resolved
// as the policy's paths are, and written relative to
// ${CLAUDE_PROJECT_DIR} where the hook's is.
func (in *installer) ownHook(h load.CommandHook) (*installer, error) {
	c := h.Command
	for _, v := range []string{projectDirVar, "$CLAUDE_PROJECT_DIR"} {
		if rest, ok := strings.CutPrefix(c, v); ok {
			c = "." + rest
		}
	}
	switch {
	case c == "~" || strings.HasPrefix(c, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, err
		}
		c = filepath.Join(home, c[1:])
	case !filepath.IsAbs(c):
		c = filepath.Join(in.root, c)
	}
	own := *in
	own.own, own.args, own.matcher = true, h.Args, h.Matcher
	own.hookAbs, own.command = filepath.Clean(c), filepath.Clean(c)
	if strings.HasPrefix(in.command, projectDirVar+"/") {
		if rel, err := filepath.Rel(in.root, own.hookAbs); err == nil && filepath.IsLocal(rel) {
			own.command = projectDirVar + "/" + filepath.ToSlash(rel)
		} else if h.Source != "" && in.name == "install" {
			fmt.Fprintf(in.stderr, "hookc install: note: %s is outside the project: a checkout elsewhere does not have it (keep the policy in the project)\n", own.command)
		}
	}
	return &own, nil
}
