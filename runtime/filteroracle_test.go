package runtime_test

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"hookc.dev/hookc/golden/guard"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// The filter oracle (design.md 200): a generator of the grammar of file
// filters (rg's -g/--iglob with negation, **, braces, classes, anchors and
// a trailing /; GNU grep's --include/--exclude/--exclude-dir), over a
// scratch tree with hidden names, symlinks in and out of the tree and
// ignore files present or absent, run through rg 13 (rg --files) and GNU
// grep (grep -rl ''), with and without following links. The model must
// read every file the program reads; a construct it does not read exactly
// leaves the tree read whole (every name: the filter leaves the core), and
// the counts say how often.

// oracleTree is the scratch tree; oracleLinks its symlinks (to the
// directory ext beside it, and within it).
var (
	oracleTree = []string{
		".env", ".env.local", "main.go", "Main.GO", "id_rsa", "server.pem", "notes.txt", "Makefile",
		"src/app.go", "src/.secret.pem", "src/sub/deep.go", "src/sub/.env", "docs/readme.md",
		"docs/Guide.MD", ".hidden/h.go", ".hidden/.x", "build/out.pem", "a{b}", "we[1]", "node_modules/m.js",
		".config/app.toml",
	}
	oracleExt   = []string{"ext/secret.key", "ext/kit/id_ed25519", "ext/kit/.token", "ext/kit/sub/x.go"}
	oracleLinks = map[string]string{
		"lnkey": "../ext/secret.key", "tools/kit": "../../ext/kit", ".lnenv": ".env", "srclink": "src",
	}
	// oracleIgnores are the ignore files a case may write, and the lines.
	oracleIgnores     = []string{".gitignore", ".ignore", ".rgignore", "src/.rgignore"}
	oracleIgnoreLines = []string{"*.pem", "!.env", "!*.pem", "build/", ".hidden", "!.hidden/", "src/sub", "!src/sub/.env", "*.go", "!.*", "# !x", "!.gitkeep", "!/.git/"}
	// oracleFrags are the literal pieces the generator builds globs of.
	oracleFrags = []string{".env", "env", ".", "go", "GO", "src", "pem", "main", "M", "e", "sub", ".hidden", "id_", "md", "MD", "txt", "kit", "ln", "a", "b", "1", "Make"}
	oracleClass = []string{"a-z", "A-Z", "e", "m.", "0-9", "[:alpha:]", ".", "-a", "!", "a-", "\\]"}
)

// genGlob returns a random glob of the filter grammar and the constructs
// it uses; braces says whether {a,b} is an alternative (rg) or text.
func genGlob(r *rand.Rand, rg bool) (string, []string) {
	var b strings.Builder
	tags := map[string]bool{}
	if rg && r.IntN(5) == 0 {
		b.WriteString("!")
		tags["negation"] = true
	}
	switch r.IntN(12) {
	case 0, 1:
		b.WriteString("**/")
		tags["**/ prefix"] = true
	case 2, 3:
		pre := []string{"src/", "*/", "/", "src/**/", ".hidden/", ".config/**/", "/src/", "*/sub/", "**/sub/", "src/sub/"}
		b.WriteString(pre[r.IntN(len(pre))])
		tags["anchored"] = true
	}
	genAtoms(r, &b, tags, 1+r.IntN(3), rg, 0)
	if r.IntN(10) == 0 {
		b.WriteString([]string{"/", "/**", "/*"}[r.IntN(3)])
		tags["trailing /"] = true
	}
	if rg {
		// rg reads a glob as a gitignore line (design.md 402): comments,
		// trailing white space, escaped ! and #, a glob of blanks.
		switch r.IntN(24) {
		case 0:
			s := "#" + b.String()
			b.Reset()
			b.WriteString(s)
			tags["# comment"] = true
		case 1, 2:
			b.WriteString([]string{" ", "  ", "\t", "\\ "}[r.IntN(4)])
			tags["trailing blank"] = true
		case 3:
			s := []string{"\\!", "\\#"}[r.IntN(2)] + strings.TrimPrefix(b.String(), "!")
			b.Reset()
			b.WriteString(s)
			tags["escaped ! or #"] = true
		case 4:
			b.Reset()
			b.WriteString([]string{" ", "\t", ""}[r.IntN(3)])
			tags["blank"] = true
		}
	}
	var out []string
	for k := range tags {
		out = append(out, k)
	}
	sort.Strings(out)
	return b.String(), out
}

func genAtoms(r *rand.Rand, b *strings.Builder, tags map[string]bool, n int, rg bool, depth int) {
	for range n {
		switch k := r.IntN(20); {
		case k < 8:
			b.WriteString(oracleFrags[r.IntN(len(oracleFrags))])
		case k < 11:
			b.WriteString("*")
		case k < 12:
			b.WriteString("?")
			tags["?"] = true
		case k < 13:
			b.WriteString("**")
			tags["** inside"] = true
		case k < 16:
			b.WriteString("[")
			if r.IntN(3) == 0 {
				b.WriteString([]string{"!", "^"}[r.IntN(2)])
				tags["negated class"] = true
			}
			for m := 1 + r.IntN(2); m > 0; m-- {
				cl := oracleClass[r.IntN(len(oracleClass))]
				if strings.Contains(cl, "[:") {
					tags["POSIX class"] = true
				}
				b.WriteString(cl)
			}
			b.WriteString("]")
			tags["class"] = true
		case k < 18 && depth < 2:
			b.WriteString("{")
			for m := 1 + r.IntN(3); m > 0; m-- {
				genAtoms(r, b, tags, r.IntN(3), rg, depth+1)
				if m > 1 {
					b.WriteString(",")
				}
			}
			b.WriteString("}")
			tags["braces"] = true
			if depth > 0 {
				tags["nested braces"] = true
			}
		case k < 19:
			b.WriteString("\\" + []string{".", "*", "e", "{"}[r.IntN(4)])
			tags["escape"] = true
		default:
			b.WriteString(strings.ToUpper(oracleFrags[r.IntN(len(oracleFrags))]))
			tags["case"] = true
		}
	}
}

// TestFilterOracle runs the generated filters through rg and grep over the
// scratch tree and fails on any file a program reads that the model does
// not. It prints, for each construct, how many cases used it, how many the
// model read exactly, and how many left the tree read whole.
func TestFilterOracle(t *testing.T) {
	rg, grepBin := filterPrograms(t)
	git, err := exec.LookPath("git")
	if err != nil {
		testenv.Missing(t, "git is not installed")
	}
	top, _ := filepath.EvalSymlinks(t.TempDir())
	dir, home := filepath.Join(top, "p"), filepath.Join(top, "home")
	for _, f := range oracleTree {
		writeFile(t, filepath.Join(dir, f), "x\n")
	}
	for _, f := range oracleExt {
		writeFile(t, filepath.Join(top, f), "x\n")
	}
	writeFile(t, filepath.Join(home, ".keep"), "")
	for l, target := range oracleLinks {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, l)), 0o755)
		if err := os.Symlink(target, filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	all, plain := allFiles(t, dir)
	env := &runtime.Env{Home: "/nonexistent-home", Getenv: func(string) string { return "" }, FS: runtime.OSEnv().FS}
	n := 150
	if testing.Short() {
		n = 40
	}
	if v, err := strconv.Atoi(os.Getenv("ORACLE_N")); err == nil {
		n = v // a longer run by hand
	}
	r := rand.New(rand.NewPCG(200, 1))
	st := &oracleStats{tags: map[string]*oracleTally{}}
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	for i := range n {
		// The ignore files of this case, and whether the tree is a git
		// repository (rg reads .gitignore only in one).
		ctags := setIgnores(t, r, dir, git, home)
		// rg
		var args, shell []string
		tags := append([]string{}, ctags...)
		for k := 1 + r.IntN(3); k > 0; k-- {
			g, gt := genGlob(r, true)
			opt := "-g"
			if r.IntN(4) == 0 {
				opt = "--iglob"
				gt = append(gt, "--iglob")
			}
			args, shell, tags = append(args, opt, g), append(shell, opt, q(g)), append(tags, gt...)
		}
		if r.IntN(6) == 0 {
			// rg adds every -g before every --iglob, and the last glob
			// that matches decides (design.md 402).
			g, gt := genGlob(r, true)
			g = strings.TrimPrefix(g, "!")
			args = append(append([]string{"--iglob", g}, args...), "-g", "!"+g)
			shell = append(append([]string{"--iglob", q(g)}, shell...), "-g", q("!"+g))
			tags = append(append(tags, gt...), "--iglob before -g !")
		}
		for _, fl := range []string{"--hidden", "--glob-case-insensitive", "-L"} {
			if r.IntN(4) == 0 {
				args, shell, tags = append(args, fl), append(shell, fl), append(tags, fl)
			}
		}
		// rg's other file selection (design.md 287): types, defined
		// types, the ignore switches, -u.
		if r.IntN(3) == 0 {
			sel := rgSelection[r.IntN(len(rgSelection))]
			args, tags = append(args, sel...), append(tags, sel[0])
			for _, w := range sel {
				shell = append(shell, q(w))
			}
		}
		if real, ok := listFiles(dir, home, rg, append(append([]string{"--no-config", "--files"}, args...), ".")); ok {
			line := "rg -n TODO " + strings.Join(shell, " ")
			st.check(t, "rg", tags, real, all, plain, oracleModel(t, env, dir, bashCall(dir, line)), line)
		}
		// the Grep tool: rg --hidden --no-follow with the version-control
		// directories left out, then the glob (design.md 114)
		g, gt := genGlob(r, true)
		rgArgs := grepToolArgs()
		if !strings.ContainsAny(g, " ,") {
			if real, ok := listFiles(dir, home, rg, append(rgArgs, "--glob", g, "--files", ".")); ok {
				in := map[string]any{"pattern": "TODO", "glob": g}
				st.check(t, "Grep", append(gt, ctags...), real, all, plain, oracleModel(t, env, dir, toolCall(dir, "Grep", in)), "Grep glob "+g)
			}
		}
		// GNU grep
		args, shell, tags = nil, nil, nil
		rec := "-r"
		if r.IntN(3) == 0 {
			rec, tags = "-R", append(tags, "-R")
		}
		for k := 1 + r.IntN(3); k > 0; k-- {
			opt := []string{"--include", "--exclude", "--exclude-dir"}[r.IntN(3)]
			g, gt := genGlob(r, false)
			args, shell, tags = append(args, opt+"="+g), append(shell, opt+"="+q(g)), append(tags, gt...)
			tags = append(tags, opt)
		}
		if real, ok := listFiles(dir, home, grepBin, append(append([]string{rec, "-l", ""}, args...), ".")); ok {
			line := "grep " + rec + "n TODO " + strings.Join(shell, " ") + " ."
			st.check(t, "grep", tags, real, all, plain, oracleModel(t, env, dir, bashCall(dir, line)), line)
		}
		_ = i
	}
	st.report(t)
}

// rgSelection are rg's options that choose files besides the globs.
var rgSelection = [][]string{
	{"-t", "go"}, {"-tgo"}, {"--type=md"}, {"-T", "go"}, {"--type-not", "go"}, {"-t", "all"}, {"-t", "pem"},
	{"--type-add", "key:*.pem", "-t", "key"}, {"--type-add=x:*.{go,md}", "-tx"}, {"--type-add", "e:.env*", "-t", "e"},
	{"--type-add", "e:include:go,md", "-te"}, {"--type-clear", "go", "-t", "go"},
	{"--no-ignore"}, {"--no-ignore-vcs"}, {"--no-ignore-dot"}, {"--no-ignore-parent"}, {"--no-ignore-files"},
	{"--ignore-file", ".secret.pem"}, {"-u"}, {"-uu"}, {"-uuu"}, {"--no-hidden"}, {"--max-depth", "1"}, {"-d1"},
	{"--one-file-system"}, {"--no-messages"}, {"-."}, {"--no-require-git"},
}

type oracleTally struct{ cases, exact, whole, missed int }

type oracleStats struct {
	kinds map[string]*oracleTally
	tags  map[string]*oracleTally
}

// check compares what the program read (real, relative to the tree) with
// what the model says the call reads.
func (st *oracleStats) check(t *testing.T, kind string, tags, real []string, all, plain, model map[string]bool, line string) {
	t.Helper()
	var missed []string
	for _, f := range real {
		if !model[f] {
			missed = append(missed, f)
		}
	}
	exact, whole := len(missed) == 0, true
	for f := range all {
		if model[f] && !slices.Contains(real, f) {
			exact = false
		}
		if plain[f] && !model[f] {
			whole = false
		}
	}
	seen := map[string]bool{}
	for _, k := range append([]string{kind + ":"}, tags...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		m := st.tags
		if k == kind+":" {
			if st.kinds == nil {
				st.kinds = map[string]*oracleTally{}
			}
			m, k = st.kinds, kind
		}
		tl := m[k]
		if tl == nil {
			tl = &oracleTally{}
			m[k] = tl
		}
		tl.cases++
		if exact {
			tl.exact++
		}
		if whole && !exact {
			tl.whole++
		}
		if len(missed) > 0 {
			tl.missed++
		}
	}
	if len(missed) > 0 {
		t.Errorf("%s: %s reads %q, which the model does not (constructs %v)", kind, line, missed, tags)
	} else if !exact && os.Getenv("FILTER_DEBUG") != "" {
		var extra []string
		for f := range all {
			if model[f] && !slices.Contains(real, f) {
				extra = append(extra, f)
			}
		}
		sort.Strings(extra)
		t.Logf("%s: %s: the model reads more: %q", kind, line, extra)
	}
}

func (st *oracleStats) report(t *testing.T) {
	for _, m := range []map[string]*oracleTally{st.kinds, st.tags} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			tl := m[k]
			t.Logf("%-22s %4d cases, %4d read exactly as the program reads them, %4d read whole where the program reads less (the filter left the core), %d missing a file the program reads", k, tl.cases, tl.exact, tl.whole, tl.missed)
		}
	}
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// allFiles returns every file a reader may reach from dir, through its
// links too, each as oracleModel names it, and those it reaches without
// following a link (plain).
func allFiles(t *testing.T, dir string) (all, plain map[string]bool) {
	all, plain = map[string]bool{}, map[string]bool{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			all[resolveRel(dir, p)] = true
			plain[resolveRel(dir, p)] = true
		}
		return nil
	})
	for l := range oracleLinks {
		filepath.WalkDir(filepath.Join(dir, l)+"/", func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				all[resolveRel(dir, p)] = true
			}
			return nil
		})
		if fi, err := os.Stat(filepath.Join(dir, l)); err == nil && fi.Mode().IsRegular() {
			all[resolveRel(dir, filepath.Join(dir, l))] = true
		}
	}
	return all, plain
}

// resolveRel names the file p: its path with links resolved, relative to
// dir when it is below it.
func resolveRel(dir, p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	if rel, ok := strings.CutPrefix(p, dir+"/"); ok {
		return rel
	}
	return p
}

// setIgnores writes this case's ignore files (or none) and makes the tree
// a git repository or not; it returns the constructs it used.
func setIgnores(t *testing.T, r *rand.Rand, dir, git, home string) []string {
	for _, f := range oracleIgnores {
		os.Remove(filepath.Join(dir, f))
	}
	os.RemoveAll(filepath.Join(dir, ".git"))
	var tags []string
	if r.IntN(3) == 0 {
		cmd := exec.Command(git, "init", "-q", dir)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git init: %v: %s", err, out)
		}
		tags = append(tags, "git repository")
	}
	if r.IntN(2) == 0 {
		return tags
	}
	f := oracleIgnores[r.IntN(len(oracleIgnores))]
	var lines []string
	for k := 1 + r.IntN(3); k > 0; k-- {
		lines = append(lines, oracleIgnoreLines[r.IntN(len(oracleIgnoreLines))])
	}
	writeFile(t, filepath.Join(dir, f), strings.Join(lines, "\n")+"\n")
	tags = append(tags, "ignore file "+f)
	for _, l := range lines {
		if strings.HasPrefix(l, "!") {
			tags = append(tags, "ignore file with !")
			break
		}
	}
	return tags
}

// listFiles runs a program that lists the files it would search in dir,
// and returns them named as allFiles names them; ok is false when the
// program rejects its arguments.
func listFiles(dir, home, prog string, args []string) ([]string, bool) {
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + home, "LC_ALL=C", "PATH=/usr/bin:/bin"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 1 || len(out) > 0 {
			if len(out) == 0 || strings.Contains(stderr.String(), "glob") || strings.Contains(stderr.String(), "regex") {
				return nil, false
			}
		}
	}
	var files []string
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if l != "" {
			files = append(files, resolveRel(dir, filepath.Join(dir, l)))
		}
	}
	return files, true
}

// oracleModel returns the files the guard's evaluator says the call reads,
// named as allFiles names them.
func oracleModel(t *testing.T, env *runtime.Env, dir string, payload []byte) map[string]bool {
	res := runtime.Explain(guard.Table, payload, env)
	got := map[string]bool{}
	for _, u := range res.Units {
		for _, p := range u.Paths {
			mark, path, _ := strings.Cut(p, " ")
			if !strings.Contains(mark, "r") {
				continue
			}
			path, target, _ := strings.Cut(path, " -> ")
			path, _, _ = strings.Cut(path, " = ")
			got[resolveRel(dir, path)] = true
			if target != "" {
				got[resolveRel(dir, target)] = true
			}
		}
	}
	if len(got) == 0 {
		t.Fatalf("the model reads nothing for %s", payload)
	}
	return got
}
