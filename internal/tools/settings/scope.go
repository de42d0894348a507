package settings

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// A Scope is one of Claude Code's settings files (docs/protocol.md, Registration,
// "Configuration scopes" in Claude Code's settings documentation).
type Scope string

const (
	User    Scope = "user"    // ~/.claude/settings.json: every project of the user
	Project Scope = "project" // .claude/settings.json: shared with the repository
	Local   Scope = "local"   // .claude/settings.local.json: the user's, in one repository
	Managed Scope = "managed" // managed-settings.json: the organisation's
)

// Scopes are the scopes a settings file can be written to, in the order
// hookc lists them.
var Scopes = []Scope{Project, Local, User}

// GitRoot returns the root of the git working tree dir is in: dir or its
// nearest ancestor holding .git (a directory, or the file of a worktree or
// submodule). It returns "" outside a repository.
func GitRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// mainCheckout returns the main checkout of the worktree at root: a
// worktree's .git file says "gitdir: <main>/.git/worktrees/<name>".
func mainCheckout(root string) string {
	b, err := os.ReadFile(filepath.Join(root, ".git"))
	if err != nil {
		return root // a directory: the main checkout itself
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return root
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(root, gitdir)
	}
	wt := filepath.Dir(gitdir) // <main>/.git/worktrees
	if filepath.Base(wt) != "worktrees" {
		return root // a submodule: its own root
	}
	return filepath.Dir(filepath.Dir(wt))
}

// ProjectRoot returns the directory whose .claude/settings.json holds the
// project's settings for a command run in dir. Claude Code reads that file
// only from the directory it is started in, with no search upwards, and
// it is normally started at the root of the repository: so the root of
// the git working tree dir is in, or dir outside a repository.
func ProjectRoot(dir string) string {
	if r := GitRoot(dir); r != "" {
		return r
	}
	return dir
}

// LocalRoot returns the directory whose .claude/settings.local.json Claude
// Code reads for a session in dir: since 2.1.211 the root of the git
// repository, resolved through worktrees to the main checkout; dir outside
// a repository or when the repository's root is the home directory.
func LocalRoot(dir, home string) string {
	r := GitRoot(dir)
	if r == "" {
		return dir
	}
	r = mainCheckout(r)
	if home != "" && filepath.Clean(r) == filepath.Clean(home) {
		return dir
	}
	return r
}

// ScopePath returns the settings file of scope s for a command run in dir,
// with home the user's home directory.
func ScopePath(s Scope, dir, home string) string {
	switch s {
	case User:
		return filepath.Join(home, ".claude", "settings.json")
	case Local:
		return filepath.Join(LocalRoot(dir, home), ".claude", "settings.local.json")
	case Managed:
		return ManagedPaths()[0]
	}
	return filepath.Join(ProjectRoot(dir), ".claude", "settings.json")
}

// managedDir is where file-based managed settings live on this system.
func managedDir() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode"
	case "windows":
		return `C:\Program Files\ClaudeCode`
	}
	return "/etc/claude-code"
}

// ManagedPaths returns the file-based managed settings: managed-settings.json
// and the *.json files of managed-settings.d (not hidden ones), in the order
// Claude Code merges them.
func ManagedPaths() []string {
	dir := managedDir()
	out := []string{filepath.Join(dir, "managed-settings.json")}
	drop, _ := filepath.Glob(filepath.Join(dir, "managed-settings.d", "*.json"))
	sort.Strings(drop)
	for _, p := range drop {
		if !strings.HasPrefix(filepath.Base(p), ".") {
			out = append(out, p)
		}
	}
	return out
}

// Files returns every settings file Claude Code would read for a session in
// dir that exists, with its scope: managed, user, project, local.
func Files(dir, home string) []ScopedPath {
	var out []ScopedPath
	for _, p := range ManagedPaths() {
		out = append(out, ScopedPath{Managed, p})
	}
	out = append(out,
		ScopedPath{User, ScopePath(User, dir, home)},
		ScopedPath{Project, filepath.Join(dir, ".claude", "settings.json")},
		ScopedPath{Local, ScopePath(Local, dir, home)},
	)
	var exist []ScopedPath
	for _, sp := range out {
		if fi, err := os.Stat(sp.Path); err == nil && fi.Mode().IsRegular() {
			exist = append(exist, sp)
		}
	}
	return exist
}

// A ScopedPath is a settings file and its scope.
type ScopedPath struct {
	Scope Scope
	Path  string
}

// ScopeOf returns the scope of the settings file at path for a command run
// in dir: project or local when it is the file of that scope, user when it
// is the user's, managed for a managed file, and "" for any other file.
func ScopeOf(path, dir, home string) Scope {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	for _, s := range []Scope{User, Local, Project} {
		if same(abs, ScopePath(s, dir, home)) {
			return s
		}
	}
	if filepath.Base(abs) == "settings.json" && filepath.Base(filepath.Dir(abs)) == ".claude" &&
		!same(filepath.Dir(filepath.Dir(abs)), home) {
		return Project // a project's file, not the one of this directory
	}
	if filepath.Base(abs) == "settings.local.json" && filepath.Base(filepath.Dir(abs)) == ".claude" {
		return Local
	}
	for _, p := range ManagedPaths() {
		if same(abs, p) {
			return Managed
		}
	}
	return ""
}

// same reports whether two paths name the same file, through symlinks.
func same(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// RelToCwd returns path relative to cwd when it is below it, for the
// messages of the commands.
func RelToCwd(path, cwd string) string {
	if rel, err := filepath.Rel(cwd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	if filepath.Clean(path) == filepath.Clean(cwd) {
		return "."
	}
	return path
}
