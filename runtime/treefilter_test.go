package runtime_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// filterTree is the scratch tree the filter model is checked in: hidden
// files and directories, nested directories, names that the generator's
// globs match and names they do not.
var filterTree = []string{
	".env", ".env.local", ".bashrc", ".hidden/x.go", ".hidden/.y", ".hidden/sub/z.md",
	".git/config", ".git/HEAD", ".svn/entries",
	"main.go", "Main.GO", "server.key", "id_rsa", "Makefile", "a,b", "x{y}", "weird[1].txt", "notes.txt",
	"src/main.go", "src/util.GO", "src/.x.go", "src/a.c", "src/b.h", "src/c.cpp", "src/run.sh",
	"src/sub/deep.go", "src/sub/.env", "src/sub/secret.key", "src/sub/README.md",
	"src.go/inner.txt", "docs/readme.md", "docs/notes.txt", "docs/.env.example",
	"node_modules/m.js", "node_modules/.env", "build/out.o", "é.go", "config/.env.local",
}

// filterGlobs are the globs the generator draws rg's and the Grep tool's
// filters from; grepGlobs grep's.
var (
	filterGlobs = []string{
		"*.go", "!*.go", ".env*", "*", ".*", "!.*", "src", "src/", "!src", "!src/", "*.[ch]", "[!m]*",
		"?ain.go", "*.{go,md}", "*.GO", "!.git", ".git", "*.key", "!*.key", "*env*", "!node_modules",
		"*.txt", "sub", "!sub", ".hidden", "*.{key,env}", "src/*.go", "**/*.go", "*.[a-c]", "[A-Z]*",
		"x{y}", "a,b", "*.go/", "!*.md", "*.md", "weird[1].txt", "id_*", "*[!o]",
	}
	grepGlobs = []string{
		"*.go", ".env*", "*", ".*", "src", "*.[ch]", "[!m]*", "?ain.go", "*.GO", ".git", "*.key",
		"*env*", "node_modules", "*.txt", "sub", ".hidden", "x{y}", "a,b", "*.md", "[a-z]*", "id_*",
		"*[!o]", "src/*.go", "*.{go,md}",
	}
	rgTypeNames = []string{"go", "sh", "md", "c", "txt", "rust", "nosuchtype"}
	// plainGlob matches the globs Bash reads as a glob and nothing else.
	plainGlob = regexp.MustCompile(`^[A-Za-z0-9._*?\[\]-]+$`)
)

// TestFilterDifferential checks the model of the files a recursive reader
// reads (design.md 135) against the real programs: for random filters it
// runs rg --files, and grep -rl with an empty pattern, on a scratch tree,
// and fails on any file the program reads that the model does not say
// the command reads.
func TestFilterDifferential(t *testing.T) {
	rg, grepBin := filterPrograms(t)
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	for _, f := range filterTree {
		writeFile(t, filepath.Join(dir, f), "x\n")
	}
	env := &runtime.Env{Home: "/nonexistent-home", Getenv: func(string) string { return "" }, FS: runtime.OSEnv().FS}
	n := 300
	if testing.Short() {
		n = 40
	}
	r := rand.New(rand.NewPCG(135, 1))
	type tally struct{ cases, exact, narrowed, failed int }
	counts := map[string]*tally{}
	check := func(kind string, real []string, model map[string]bool, line string) {
		tl := counts[kind]
		if tl == nil {
			tl = &tally{}
			counts[kind] = tl
		}
		tl.cases++
		var missed []string
		for _, f := range real {
			if !model[f] {
				missed = append(missed, f)
			}
		}
		if len(missed) > 0 {
			tl.failed++
			if tl.failed <= 10 {
				t.Errorf("%s: %s reads %q, which the model does not", kind, line, missed)
			}
			return
		}
		nm := 0
		for f := range model {
			if slices.Contains(filterTree, f) {
				nm++
			}
		}
		if nm == len(real) {
			tl.exact++
		} else if os.Getenv("FILTER_DEBUG") != "" {
			var extra []string
			for f := range model {
				if slices.Contains(filterTree, f) && !slices.Contains(real, f) {
					extra = append(extra, f)
				}
			}
			t.Logf("%s: %s: the model reads more: %q", kind, line, extra)
		}
		if nm < len(filterTree) {
			tl.narrowed++
		}
	}
	q := func(s string) string { return "'" + s + "'" }
	for i := 0; i < n; i++ {
		// rg
		var args, shell []string
		for k := r.IntN(4); k > 0; k-- {
			switch r.IntN(6) {
			case 0, 1, 2:
				g := filterGlobs[r.IntN(len(filterGlobs))]
				args, shell = append(args, "-g", g), append(shell, "-g", q(g))
			case 3:
				g := filterGlobs[r.IntN(len(filterGlobs))]
				args, shell = append(args, "--iglob", g), append(shell, "--iglob", q(g))
			case 4:
				ty := rgTypeNames[r.IntN(len(rgTypeNames))]
				args, shell = append(args, "-t", ty), append(shell, "-t", ty)
			case 5:
				ty := rgTypeNames[r.IntN(len(rgTypeNames))]
				args, shell = append(args, "-T", ty), append(shell, "-T", ty)
			}
		}
		for _, fl := range []string{"--hidden", "--glob-case-insensitive"} {
			if r.IntN(4) == 0 {
				args, shell = append(args, fl), append(shell, fl)
			}
		}
		real, ok := runList(t, dir, rg, append(append([]string{"--no-config", "--no-ignore", "--files"}, args...), "."))
		if ok {
			line := "rg -n TODO " + strings.Join(shell, " ")
			check("rg", real, oracleModel(t, env, dir, bashCall(dir, line)), line)
		}
		// the Grep tool
		g := filterGlobs[r.IntN(len(filterGlobs))]
		in := map[string]any{"pattern": "TODO", "glob": g}
		rgArgs := append(grepToolArgs("--no-ignore"), "--glob", g)
		if r.IntN(3) == 0 {
			ty := rgTypeNames[r.IntN(len(rgTypeNames))]
			in["type"] = ty
			rgArgs = append(rgArgs, "--type", ty)
		}
		if real, ok := runList(t, dir, rg, append(rgArgs, "--files", ".")); ok {
			b, _ := json.Marshal(in)
			check("Grep", real, oracleModel(t, env, dir, toolCall(dir, "Grep", in)), "Grep "+string(b))
		}
		// GNU grep
		args, shell = nil, nil
		for k := 1 + r.IntN(3); k > 0; k-- {
			opt := []string{"--include", "--exclude", "--exclude-dir"}[r.IntN(3)]
			g := grepGlobs[r.IntN(len(grepGlobs))]
			sg := opt + "=" + q(g)
			if plainGlob.MatchString(g) && r.IntN(2) == 0 {
				sg = opt + "=" + g // unquoted: Bash leaves it as written
			}
			args, shell = append(args, opt+"="+g), append(shell, sg)
		}
		real, ok = runList(t, dir, grepBin, append(append([]string{"-rl", ""}, args...), "."))
		if ok {
			line := "grep -rn TODO " + strings.Join(shell, " ") + " ."
			check("grep", real, oracleModel(t, env, dir, bashCall(dir, line)), line)
		}
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		tl := counts[k]
		t.Logf("%s: %d filters, %d read exactly as the program reads them, %d narrowed below the whole tree, %d missing a file the program reads", k, tl.cases, tl.exact, tl.narrowed, tl.failed)
	}
}

// filterPrograms returns the paths of rg and GNU grep, the judges of the
// filter model.
func filterPrograms(t *testing.T) (rg, grep string) {
	rg, err := exec.LookPath("rg")
	if err != nil {
		testenv.Missing(t, "rg is not installed: install ripgrep")
	}
	grep, err = exec.LookPath("grep")
	if err != nil {
		testenv.Missing(t, "grep is not installed")
	}
	if out, err := exec.Command(grep, "--version").Output(); err != nil || !strings.Contains(string(out), "GNU") {
		testenv.Missing(t, "grep is not GNU grep")
	}
	return rg, grep
}

// grepToolArgs are the arguments Claude Code's Grep gives rg before its
// glob (design.md 114), after extra.
func grepToolArgs(extra ...string) []string {
	args := append([]string{"--no-config"}, extra...)
	args = append(args, "--hidden", "--no-follow")
	for _, d := range []string{".git", ".svn", ".hg", ".bzr", ".jj", ".sl"} {
		args = append(args, "--glob", "!"+d)
	}
	return args
}

// runList runs a program that lists files in dir and returns them,
// relative to dir; ok is false when the program rejects its arguments.
func runList(t *testing.T, dir, prog string, args []string) ([]string, bool) {
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "LC_ALL=C", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 && len(out) == 0 {
			return nil, true // nothing found
		}
		return nil, false
	}
	var files []string
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if l != "" {
			files = append(files, strings.TrimPrefix(l, "./"))
		}
	}
	return files, true
}

func bashCall(dir, line string) []byte {
	return toolCall(dir, "Bash", map[string]any{"command": line})
}

func toolCall(dir, tool string, in map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": dir, "tool_name": tool, "tool_input": in})
	return b
}

// TestRgTypes checks the types the model knows against the rg installed.
func TestRgTypes(t *testing.T) {
	out, err := exec.Command("rg", "--type-list").Output()
	if err != nil {
		testenv.Missing(t, "rg is not installed: install ripgrep")
	}
	have := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if name, def, ok := strings.Cut(l, ": "); ok {
			have[name] = def
		}
	}
	for name, def := range runtime.RgTypes {
		if have[name] != def {
			t.Errorf("type %s: the model has %q, rg --type-list %q", name, def, have[name])
		}
	}
}
