package runtime

import (
	"path"
	"slices"
	"strings"
)

// fileReads adds to u the files k names in FileReads (design.md 309):
// those the program reads by name, in dir (the directory it runs in)
// and in each directory above it up to the project root, where no
// operand shows them. A file there that is a symlink is a read of its
// target, which may be a secret the program prints in a diagnostic
// (go.mod linked to .env: go list prints "unknown directive:
// API_KEY=..."). A settings file ("!" and its name) that exists makes the
// command not known: its settings may send writes or programs anywhere
// (npm's logs-dir and cache in a project's .npmrc); one whose name starts
// with "?" is read (pytest's addopts, settingsFile). Without a file system
// nothing is seen, and nothing is added; in a directory only known when
// it runs, the command is not known.
func (e *evaluator) fileReads(u *unit, k *Command, dir Word, ops []Word) {
	names := k.FileReads
	if len(names) == 0 || e.env.FS == nil {
		return
	}
	abs, ok := e.absolute(".", dir)
	if !ok {
		if u.unknown == "" {
			u.unknown = "it reads files by name in a directory only known when it runs"
		}
		return
	}
	dirs := e.upToRoot(cleanPath(abs))
	opDirs := e.operandDirs(names, ops, dir, dirs)
	for _, d := range slices.Concat(dirs, opDirs) {
		for _, name := range names {
			if name[0] != '?' && slices.Contains(opDirs, d) {
				continue
			}
			p := d + "/" + strings.TrimLeft(name, "!?^")
			other := linked(e.env.FS, p) || hardLinked(e.env.FS, p)
			if (name[0] == '?' || name[0] == '^') && other {
				// A settings file or the program's code that is a
				// link is a read of its target too, which the
				// program prints in its errors (Cargo.toml to
				// ~/.netrc; policies9); one with other names (a
				// hard link) may be any file (design.md 313).
				u.paths = append(u.paths, e.access(Word{Text: p}, Word{}, true, false))
			}
			switch name[0] {
			case '^':
				continue // code in the project, the program's own
			case '!':
				if f := e.present(p); u.unknown == "" && f != "" {
					u.unknown = "it takes settings or code from " + f + ", which the guard does not read"
				}
				continue
			case '?':
				// Settings the guard reads (design.md 379, 388).
				if u.unknown == "" && e.env.FS.Exists(p) {
					u.unknown = e.readSettings(u, k, p, name[1:], dir)
				}
				continue
			}
			if other {
				// Or one the program rewrites: cargo build writes
				// Cargo.lock through its other name (round 32).
				u.paths = append(u.paths, e.access(Word{Text: p}, Word{}, true, false))
			}
			// A go.work or go.mod that is a link is read too: go
			// takes its paths from the link's directory (round 32).
			if (name == "go.work" || name == "go.mod") && u.unknown == "" {
				out, mods := e.goModuleDirs(p)
				if out != "" {
					u.unknown = p + " names a module in " + out + ", outside the project, which go reads"
				}
				for _, m := range mods {
					u.paths = append(u.paths, e.access(Word{Text: m}, Word{}, true, false))
				}
			}
		}
	}
	if u.unknown == "" {
		u.unknown = e.fromAbove(names)
	}
}

// present returns p if it exists; for a p whose last element or the one
// before it is a pattern, the first entry of its directory the pattern
// matches (pip.* is pip.py or pip.cpython-312-x86_64-linux-gnu.so, *.py
// any module, */__init__.* any package, its __init__ compiled or an
// extension), or "" (design.md 439, 442, 455).
func (e *evaluator) present(p string) string {
	dir, name := path.Split(p)
	sub := ""
	if strings.ContainsAny(path.Base(dir), "*?[") {
		dir, sub = path.Split(strings.TrimSuffix(dir, "/"))
		name, sub = sub, name
	}
	if !strings.ContainsAny(name, "*?[") {
		if e.env.FS.Exists(p) {
			return p
		}
		return ""
	}
	ents, _ := e.env.FS.List(dir)
	for _, ent := range ents {
		if ok, _ := path.Match(name, ent.Name); !ok {
			continue
		}
		if sub == "" {
			return dir + ent.Name
		}
		if !strings.ContainsAny(sub, "*?[") {
			if f := dir + ent.Name + "/" + sub; e.env.FS.Exists(f) {
				return f
			}
			continue
		}
		subs, _ := e.env.FS.List(dir + ent.Name)
		for _, s := range subs {
			if ok, _ := path.Match(sub, s.Name); ok {
				return dir + ent.Name + "/" + s.Name
			}
		}
	}
	return ""
}

// homeSettingsRead are files of fileReads that their programs read from
// the home directory wherever they run, as the user's settings (cargo's
// $CARGO_HOME/config.toml, npm's userconfig), so one there is no file
// above the project (design.md 398). pytest takes ~/pytest.ini only as an
// ancestor's, and then writes its cache there.
var homeSettingsRead = []string{".cargo/config.toml", ".cargo/config", ".npmrc"}

// optSettings reads the settings files the options of k's SettingsOpts
// name (tsc -p FILE, or -p DIR for DIR's tsconfig.json: the first "?"
// name of FileReads) as readSettings does (design.md 388).
func (e *evaluator) optSettings(u *unit, k *Command, dir Word, values []OptArg) {
	if len(k.SettingsOpts) == 0 || e.env.FS == nil {
		return
	}
	for _, v := range values {
		if u.unknown != "" || !slices.Contains(k.SettingsOpts, v.Opt) {
			continue
		}
		p, ok := e.absolute(v.Value.Text, dir)
		if v.Value.Uncertain() || !ok {
			u.unknown = "it takes settings from " + v.Value.Text + ", only known when it runs"
			continue
		}
		i := slices.IndexFunc(k.FileReads, func(n string) bool { return n[0] == '?' })
		if i < 0 {
			continue
		}
		name := k.FileReads[i][1:]
		if _, isDir := e.env.FS.List(p); isDir {
			p = path.Join(p, name)
		}
		if e.env.FS.Exists(p) {
			u.unknown = e.readSettings(u, k, p, name, dir)
		}
	}
}

// readSettings reads the settings file p of the program k, a file of the
// "?" name of FileReads: tsconfig.json as tsc does (tsconfig), cargo's
// and npm's manifests and rustup's toolchain file for the paths they
// name (design.md 408), the others as pytest's (settingsFile). It returns why the command is not known, or
// "".
func (e *evaluator) readSettings(u *unit, k *Command, p, name string, dir Word) string {
	switch name {
	case "tsconfig.json":
		return e.tsconfig(u, p, 0)
	case "Cargo.toml":
		return e.cargoManifest(p)
	case "rust-toolchain.toml", "rust-toolchain":
		return e.rustToolchain(p)
	case "package.json":
		return e.npmManifest(p)
	case "CMakeCache.txt":
		return e.cmakeCache(p)
	}
	return e.settingsFile(u, k, p, dir)
}

// fromAbove returns why the command is not known where a file the
// program looks for from its directory upwards ("?", "^" and "!" names of
// FileReads) is in a directory above the project root: pytest goes on
// past the root to / when the project holds no settings file that stops
// it, and takes conftest.py files from the directories above
// (design.md 383); the guard does not tell whether one stops it. So do
// cargo's .cargo/config.toml, rustup's rust-toolchain, go.work, uv's
// workspace and npm's .npmrc, which npm takes from the directory above
// when the project is a workspace of it or has no package.json (design.md
// 398); but for the user's own settings in the home (homeSettingsRead).
func (e *evaluator) fromAbove(names []string) string {
	root := strings.TrimSuffix(e.root, "/")
	above := func(n string) bool { return n[0] == '?' || n[0] == '^' || n[0] == '!' }
	if root == "" || !slices.ContainsFunc(names, above) {
		return ""
	}
	for d := path.Dir(root); ; d = path.Dir(d) {
		for _, name := range names {
			// The settings the program reads from the home wherever
			// it runs are the user's own (design.md 398).
			if !above(name) || d == e.home && slices.Contains(homeSettingsRead, name[1:]) {
				continue
			}
			if p := strings.TrimSuffix(d, "/") + "/" + name[1:]; e.env.FS.Exists(p) {
				return "it takes settings or code from " + p + ", above the project"
			}
		}
		if d == "/" || d == "." {
			return ""
		}
	}
}

// operandDirs returns the directories a program that finds a settings
// file ("?" names) from its operands up looks in (pytest's rootdir is
// the common ancestor of its arguments): those of the operands and above
// them, but for those of dirs (design.md 379).
func (e *evaluator) operandDirs(names []string, ops []Word, dir Word, dirs []string) []string {
	var opDirs []string
	for _, name := range names {
		if name[0] != '?' {
			continue
		}
		for _, w := range ops {
			if w.Uncertain() || w.Text == "" || strings.HasPrefix(w.Text, "-") {
				continue
			}
			p, _, _ := strings.Cut(w.Text, "::") // pytest's node ids
			if a, ok := e.absolute(p, dir); ok {
				for _, d := range e.upToRoot(cleanPath(a)) {
					if !slices.Contains(dirs, d) && !slices.Contains(opDirs, d) {
						opDirs = append(opDirs, d)
					}
				}
			}
		}
		break
	}
	return opDirs
}

// upToRoot returns dir and the directories above it up to the project
// root; dir alone if it is not in the project.
func (e *evaluator) upToRoot(dir string) []string {
	root := strings.TrimSuffix(e.root, "/")
	if dir != root && !strings.HasPrefix(dir, root+"/") {
		return []string{dir}
	}
	out := []string{dir}
	for d := dir; d != root && d != "/" && d != "."; {
		d = path.Dir(d)
		out = append(out, d)
	}
	return out
}

// linked reports whether the file p exists and is itself a symlink (not
// only reached through a linked directory).
func linked(fs FS, p string) bool {
	t := fs.Resolve(p)
	if t == "" || !fs.Exists(p) {
		return false
	}
	d := fs.Resolve(path.Dir(p))
	if d == "" {
		d = path.Dir(p)
	}
	return t != strings.TrimSuffix(d, "/")+"/"+path.Base(p)
}

// lineSettings makes a command of units not known where another command
// of the same line writes a file it reads by name (FileReads): the hook
// reads such a file before the line runs, so what the line puts there
// (cat > .npmrc, a go.work, a workspace's package.json) is not what it
// read. A write of a tree, or of a path only known when it runs, may be
// any of them (policies6; design.md 408).
func lineSettings(units []unit) {
	for i := range units {
		u := &units[i]
		if u.unknown != "" || len(u.byName[0])+len(u.byName[1]) == 0 {
			continue
		}
		for j := range units {
			if j == i {
				continue
			}
			if p := writesByName(&units[j], u.byName); p != "" {
				u.unknown = "it reads " + p + " by name, which another command of this line writes before it runs, unseen by the guard"
				break
			}
		}
	}
}

// namePattern reports whether the name n of FileReads is a pattern
// (*.py, */__init__.*) that the last elements of the path p match.
func namePattern(n, p string) bool {
	if !strings.ContainsAny(n, "*?[") {
		return false
	}
	parts := strings.Split(p, "/")
	k := strings.Count(n, "/") + 1
	if len(parts) < k {
		return false
	}
	ok, err := path.Match(n, strings.Join(parts[len(parts)-k:], "/"))
	return ok || err != nil
}

// contentless are the programs whose writes put no content in a file:
// they make directories and empty files, or remove them (mkdir -p build,
// rm -rf build before cmake -B build).
var contentless = []string{"mkdir", "rmdir", "touch", "rm"}

// lineCode makes a unit whose program runs code it finds walking the
// project's tree (Command.CodeTree: pytest collecting tests, go test
// compiling packages, make's includes) not known where another command
// of the line writes into the project: what it writes, under whatever
// name, may be code the program runs, unseen by the guard (cat >
// claude/test_x.py, then pytest; policies11).
func lineCode(units []unit, root string) {
	if root == "" {
		return
	}
	for i := range units {
		u := &units[i]
		if u.unknown != "" || u.tree == nil {
			continue
		}
	others:
		for j := range units {
			if j == i || units[j].cmd != nil && slices.Contains(contentless, units[j].cmd.Program.Text) {
				continue
			}
			for _, a := range units[j].paths {
				if a.write && (a.w.Uncertain() || within(a.w.Text, root) || a.target != "" && within(a.target, root)) {
					u.unknown = u.cmd.Program.Text + " runs code it finds in the project, where another command of this line writes " + a.w.Text + ", unseen by the guard"
					break others
				}
			}
		}
	}
}

// writesByName returns a path the unit w writes that may be one of the
// files names holds (FileReads' names, without their marks), or "".
func writesByName(w *unit, names [2][]string) string {
	for _, a := range w.paths {
		if !a.write {
			continue
		}
		if a.w.Dynamic || a.w.Tree || a.w.Glob {
			return a.w.Text
		}
		for _, l := range names {
			for _, n := range l {
				n = strings.TrimLeft(n, "!?^")
				for _, p := range []string{a.w.Text, a.target} {
					if p != "" && (p == n || strings.HasSuffix(p, "/"+n) || namePattern(n, p)) {
						return p
					}
				}
			}
		}
	}
	return ""
}
