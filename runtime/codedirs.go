package runtime

import (
	"slices"
	"strings"
)

// codeOutside says why the command c (knowledge top, or its subcommand
// k) may run code from outside the project, or "". A program with
// outsideOpts runs the code of the directory it works in (make's
// Makefile, go's module, npm's scripts): that directory, after cd,
// wrapper directories and its own -C, must be in the project with its
// links resolved, not only by its spelling (make -C LINK, cd LINK &&
// make), and so must that of a program whose operands are code, which
// runs the code of its directory without one (cd /tmp/x && pytest;
// policies4). A program whose path operands are code (unsafeOperands "/*":
// go's packages, pytest's tests) must not name a link out of the
// project (design.md 343).
func (e *evaluator) codeOutside(c *SimpleCommand, top, k *Command, dir Word) string {
	if e.env.FS == nil {
		return ""
	}
	if len(top.OutsideOpts) > 0 || len(k.OutsideOpts) > 0 || slices.Contains(k.UnsafeOperands, "/*") {
		if p, out := e.linkedOutside(".", dir, true); out {
			return c.Program.Text + " runs the code of " + p + ", outside the project"
		}
		for _, v := range c.Values {
			if !slices.Contains(top.OutsideOpts, v.Opt) && !slices.Contains(k.OutsideOpts, v.Opt) {
				continue
			}
			if p, out := e.linkedOutside(v.Value.Text, dir, false); out {
				return c.Program.Text + " " + v.Opt + " " + v.Value.Text + " runs the code of " + p + ", outside the project"
			}
		}
	}
	if !slices.Contains(k.UnsafeOperands, "/*") {
		return ""
	}
	for _, w := range c.Operands {
		if w.Uncertain() || w.Text == "" || strings.HasPrefix(w.Text, "-") {
			continue
		}
		p := w.Text
		p, _, _ = strings.Cut(p, "::") // pytest's node ids
		p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
		if p == "" || strings.Contains(p, "...") {
			continue
		}
		// .. and a path ending in it climb out of the project with no
		// ../ the unsafeOperands patterns see (pytest .. collects the
		// directory above).
		up := p == ".." || strings.HasSuffix(p, "/..")
		if t, out := e.linkedOutside(p, dir, up); out {
			return c.Program.Text + " " + w.Text + " names code in " + t + ", outside the project"
		}
	}
	return ""
}

// linkedOutside reports whether the path p, relative to dir, is in the
// project by its spelling and leads out of it through a symlink, with
// where it leads; with spelled, a path outside by its spelling is
// outside too (otherwise the outsideOpts and unsafeOperands checks judge
// it). A path only known when it runs is outside.
func (e *evaluator) linkedOutside(p string, dir Word, spelled bool) (string, bool) {
	abs, moved, ok := e.absolute(p, dir)
	if !ok {
		return p, true
	}
	check := []string{cleanPath(abs)}
	if moved {
		// After a cd that may have failed: where it started too.
		start := e.p.Cwd
		if start == "" {
			start = e.root
		}
		check = append(check, cleanPath(start+"/"+p))
	}
	for _, a := range check {
		if !e.inRoot(a) {
			if spelled {
				return a, true
			}
			continue
		}
		if t := e.leadsOut(a); t != "" {
			return t, true
		}
	}
	return "", false
}

// leadsOut returns where the symlinks in the clean absolute path a lead,
// if that is outside the project; "" if it has none or stays inside.
func (e *evaluator) leadsOut(a string) string {
	if t := e.env.FS.Resolve(a); t != "" {
		if t = e.realPath(t); !e.inRoot(t) {
			return t
		}
	}
	return ""
}

// inRoot reports whether the clean absolute path p is the project root
// or below it.
func (e *evaluator) inRoot(p string) bool {
	root := strings.TrimSuffix(e.root, "/")
	return root == "" || p == root || strings.HasPrefix(p, root+"/")
}
