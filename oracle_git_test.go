package hookc_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/runtime"
)

// This file holds the differential oracle of git's options and pathspecs
// (design.md 177, 178): a generator of the options each read-only git
// subcommand takes, read at test time from git itself (git SUB -h, git
// SUB --git-completion-helper-all, and its manual page when man is
// there), abbreviated as git's option parser accepts, with magic
// pathspecs and git's global options; the reference guard decides each
// line in a throw-away repository; each line it allows runs for real
// under strace, and must run no program that the repository's own
// settings do not run for that subcommand anyway (design.md 132), write
// nothing but the index git refreshes, and print no canary.

const gitCanary = "CANARY-51d0c2b8-git"

// gitReadOnlySubs are the subcommands the oracle draws from: those
// examples/guard's readonly.cue allows in some form.
var gitReadOnlySubs = []string{
	"status", "log", "show", "diff", "blame", "shortlog", "describe", "ls-files", "ls-tree",
	"rev-parse", "rev-list", "show-ref", "for-each-ref", "merge-base", "name-rev", "count-objects",
	"grep", "cat-file", "branch", "tag", "remote", "config", "stash", "worktree", "reflog", "version",
}

// gitTrusted are the programs of the repository's settings each
// subcommand runs on its own, without an option asking for them: textconv
// filters for the diffs of diff, log, show and status -v and for the
// lines blame reads, and git diff's external diff driver (design.md 132
// trusts the project's own repository).
var gitTrusted = map[string][]string{
	"diff":   {"textconv", "extdiff"},
	"log":    {"textconv"},
	"show":   {"textconv"},
	"status": {"textconv"},
	"blame":  {"textconv"},
}

// A gitOpt is an option git documents: its name, and whether it takes a
// value (value), only an attached one (optional), and the placeholder.
type gitOpt struct {
	name            string
	value, optional bool
	arg             string
}

var (
	gitSpecRe  = regexp.MustCompile(`^(-[A-Za-z0-9]|--(?:\[no-\])?[a-z0-9][a-z0-9-]*)(\[?=?)?\s*(<[^>]*>|\S+)?`)
	gitUsageRe = regexp.MustCompile(`\[(-[^\]]+)\]`)
)

// parseGitSpecs reads option specs ("-n, --dry-run", "--output=<file>",
// "-O, --open-files-in-pager[=<pager>]", "--[no-]mailmap") from the lines
// of a help text or manual page.
func parseGitSpecs(text string, indent int) []gitOpt {
	var out []gitOpt
	for _, ln := range strings.Split(text, "\n") {
		trim := strings.TrimLeft(ln, " ")
		if len(ln)-len(trim) < 2 || (indent > 0 && len(ln)-len(trim) != indent) || !strings.HasPrefix(trim, "-") {
			continue
		}
		if i := strings.Index(trim, "  "); i > 0 {
			trim = trim[:i]
		}
		for _, spec := range strings.Split(trim, ", ") {
			out = append(out, parseGitSpec(spec)...)
		}
	}
	return out
}

func parseGitSpec(spec string) []gitOpt {
	spec = strings.TrimSpace(spec)
	m := gitSpecRe.FindStringSubmatch(spec)
	if m == nil {
		return nil
	}
	o := gitOpt{name: m[1]}
	rest := spec[len(m[1]):]
	switch {
	case strings.HasPrefix(rest, "[="):
		o.optional, o.arg = true, strings.Trim(rest, "[]=")
	case strings.HasPrefix(rest, "="):
		o.value, o.arg = true, rest[1:]
	case strings.HasPrefix(rest, " <") || strings.HasPrefix(rest, "<"):
		o.value, o.arg = true, strings.TrimSpace(rest)
	}
	if n, ok := strings.CutPrefix(o.name, "--[no-]"); ok {
		a, b := o, o
		a.name, b.name = "--"+n, "--no-"+n
		b.value, b.optional = false, false
		return []gitOpt{a, b}
	}
	return []gitOpt{o}
}

// gitGrammar returns the options git documents for sub: its -h text, its
// --git-completion-helper-all list, and its manual page.
func gitGrammar(dir, sub string, env []string) []gitOpt {
	run := func(name string, args ...string) string {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	opts := parseGitSpecs(run("git", sub, "-h"), 0)
	for _, f := range strings.Fields(run("git", sub, "--git-completion-helper-all")) {
		if !strings.HasPrefix(f, "--") || f == "--" {
			continue
		}
		o := gitOpt{name: strings.TrimSuffix(f, "="), value: strings.HasSuffix(f, "=")}
		opts = append(opts, o)
	}
	// The manual pages list the revision and diff options, which the
	// -h texts of these leave out.
	if _, err := exec.LookPath("man"); err == nil && slices.Contains([]string{"log", "show", "diff", "rev-list", "shortlog"}, sub) {
		cmd := exec.Command("man", "-P", "cat", "git-"+sub)
		cmd.Env = append(env, "MANWIDTH=200")
		if out, err := cmd.Output(); err == nil {
			opts = append(opts, parseGitSpecs(string(out), 7)...)
		}
	}
	// One entry per name: the first that says it takes a value wins.
	seen := map[string]int{}
	var out []gitOpt
	for _, o := range opts {
		if i, ok := seen[o.name]; ok {
			if !out[i].value && !out[i].optional && (o.value || o.optional) {
				out[i] = o
			}
			continue
		}
		seen[o.name] = len(out)
		out = append(out, o)
	}
	return out
}

// gitGlobals returns git's own options, from the usage git -h prints.
func gitGlobals(dir string, env []string) []gitOpt {
	cmd := exec.Command("git", "-h")
	cmd.Dir, cmd.Env = dir, env
	b, _ := cmd.CombinedOutput()
	usage, _, _ := strings.Cut(string(b), "<command>")
	var out []gitOpt
	for _, m := range gitUsageRe.FindAllStringSubmatch(usage, -1) {
		for _, spec := range strings.Split(m[1], " | ") {
			out = append(out, parseGitSpec(spec)...)
		}
	}
	return out
}

type gitWorld struct {
	oracleWorld
	bin     string
	tracked bool // the repository tracks a secret (.env)
}

func newGitWorld(t *testing.T, tracked bool) *gitWorld {
	w := &gitWorld{oracleWorld: *newOracleWorld(t, gitCanary), tracked: tracked}
	w.bin = filepath.Join(w.root, "bin")
	w.reset(t)
	return w
}

func gitEnv(home string) []string {
	return []string{"HOME=" + home, "TMPDIR=" + filepath.Join(filepath.Dir(home), "tmp"), "PATH=/usr/bin:/bin", "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", "TERM=dumb"}
}

// reset builds the world again: a home with secrets, a repository with two
// commits, a branch, a tag, a remote whose URL holds a token, and settings
// that name marker programs for the pager, a textconv filter and an
// external diff driver.
func (w *gitWorld) reset(t *testing.T) {
	os.RemoveAll(w.home)
	os.RemoveAll(w.bin)
	ms, _ := filepath.Glob(filepath.Join(w.root, "MARK-*"))
	for _, m := range ms {
		os.Remove(m)
	}
	os.RemoveAll(filepath.Join(w.root, "out"))
	files := map[string]string{
		".ssh/id_rsa":            w.canary + "\n",
		".git-credentials":       "https://user:" + w.canary + "@example.com\n",
		"notes.txt":              "plain notes\n",
		"project/a.txt":          "alpha\nbeta\n",
		"project/sub/b.go":       "package b\n",
		"project/.gitignore":     "*.log\n",
		"project/.env":           "TOKEN=" + w.canary + "\n",
		"project/x.log":          w.canary + "\n",
		"project/paths.txt":      "a.txt\n",
		"project/.gitattributes": "*.txt diff=fake\n",
	}
	for name, text := range files {
		p := filepath.Join(w.home, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(w.bin, 0o755)
	for _, m := range []string{"pager", "textconv", "extdiff", "cmd"} {
		script := "#!/bin/sh\ntouch " + filepath.Join(w.root, "MARK-"+m) + "\n"
		if m == "textconv" {
			script += "cat \"$1\"\n"
		}
		if err := os.WriteFile(filepath.Join(w.bin, m), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = w.project, append(gitEnv(w.home), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	add := []string{"add", "a.txt", "sub/b.go", ".gitignore", ".gitattributes"}
	if w.tracked {
		add = append(add, ".env")
	}
	git(add...)
	git("commit", "-q", "-m", "one")
	os.WriteFile(filepath.Join(w.project, "a.txt"), []byte("alpha\ngamma\n"), 0o644)
	git("commit", "-q", "-am", "two")
	git("tag", "v1")
	git("branch", "feature")
	git("remote", "add", "origin", "https://user:"+w.canary+"@example.com/r.git")
	git("config", "core.pager", filepath.Join(w.bin, "pager"))
	git("config", "diff.fake.textconv", filepath.Join(w.bin, "textconv"))
	git("config", "diff.fake.command", filepath.Join(w.bin, "extdiff"))
	// A change in the work tree and the index, for diff and status.
	os.WriteFile(filepath.Join(w.project, "a.txt"), []byte("alpha\ndelta\n"), 0o644)
	git("stash", "-q")
	os.WriteFile(filepath.Join(w.project, "a.txt"), []byte("alpha\nepsilon\n"), 0o644)
	if w.tracked {
		// A staged change of the secret, which status -v prints.
		os.WriteFile(filepath.Join(w.project, ".env"), []byte("TOKEN="+w.canary+"\nMORE="+w.canary+"\n"), 0o644)
		git("add", ".env")
	}
	os.MkdirAll(filepath.Join(w.root, "out"), 0o755)
	os.MkdirAll(filepath.Join(w.root, "tmp"), 0o755)
}

type gitGen struct {
	rng     *rand.Rand
	w       *gitWorld
	globals []gitOpt
	opts    map[string][]gitOpt
}

func (g *gitGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// value makes a value for an option by its placeholder.
func (g *gitGen) value(arg string) string {
	w := g.w
	a := strings.ToLower(arg)
	switch {
	case strings.Contains(a, "file") || strings.Contains(a, "path") || strings.Contains(a, "dir"):
		return g.pick("a.txt", ".env", "paths.txt", w.home+"/.ssh/id_rsa", "../notes.txt", "out.txt", w.root+"/out/o", "/dev/stdout", "-", ".git")
	case strings.Contains(a, "cmd") || strings.Contains(a, "command") || strings.Contains(a, "pager") || strings.Contains(a, "program") || strings.Contains(a, "tool"):
		return g.pick(w.bin+"/cmd", "cmd", "sh -c "+w.bin+"/cmd")
	case strings.Contains(a, "n") && len(a) <= 5 || strings.Contains(a, "num") || strings.Contains(a, "depth"):
		return g.pick("1", "2", "0")
	case strings.Contains(a, "format"):
		return g.pick("%H", "%s", "%(refname)", "%(contents)")
	case strings.Contains(a, "commit") || strings.Contains(a, "rev") || strings.Contains(a, "object"):
		return g.pick("HEAD", "HEAD~1", "main", "v1")
	case strings.Contains(a, "date"):
		return g.pick("yesterday", "2020-01-01")
	case strings.Contains(a, "name") && strings.Contains(a, "value"):
		return g.pick("core.pager="+w.bin+"/pager", "alias.x=!"+w.bin+"/cmd", "user.name=x")
	}
	return g.pick("a", "HEAD", "1", "x", "origin", "*.txt", "%H")
}

// option spells one option: maybe abbreviated (git takes a unique prefix
// of a long option), maybe negated, its value attached or in the next word.
func (g *gitGen) option(o gitOpt) []string {
	name := o.name
	if strings.HasPrefix(name, "--") && len(name) > 5 && g.rng.IntN(3) == 0 {
		name = name[:4+g.rng.IntN(len(name)-4)]
	}
	switch {
	case o.value:
		v := g.value(o.arg)
		if strings.HasPrefix(name, "--") && g.rng.IntN(2) == 0 || !strings.HasPrefix(name, "--") && g.rng.IntN(3) == 0 {
			if strings.HasPrefix(name, "--") {
				return []string{name + "=" + v}
			}
			return []string{name + v}
		}
		return []string{name, v}
	case o.optional && g.rng.IntN(2) == 0:
		v := g.value(o.arg)
		if strings.HasPrefix(name, "--") {
			return []string{name + "=" + v}
		}
		return []string{name + v}
	}
	return []string{name}
}

// bundle spells short options as git's option parser also reads them:
// several in one word (-Rp), the last maybe with its value attached
// (-RU0, -zS<text>). ok is false if sub has too few short options.
func (g *gitGen) bundle(opts []gitOpt) (string, bool) {
	var flags, valued []gitOpt
	for _, o := range opts {
		if len(o.name) != 2 || o.name[0] != '-' {
			continue
		}
		if o.value || o.optional {
			valued = append(valued, o)
		} else {
			flags = append(flags, o)
		}
	}
	if len(flags) < 2 {
		return "", false
	}
	b := "-"
	for k := 1 + g.rng.IntN(3); k > 0; k-- {
		b += flags[g.rng.IntN(len(flags))].name[1:]
	}
	if len(valued) > 0 && g.rng.IntN(2) == 0 {
		o := valued[g.rng.IntN(len(valued))]
		b += o.name[1:] + g.value(o.arg)
	} else {
		b += flags[g.rng.IntN(len(flags))].name[1:]
	}
	return b, true
}

func (g *gitGen) line() (string, string) {
	w := g.w
	var words []string
	for k := g.rng.IntN(4) - 2; k > 0; k-- {
		words = append(words, g.option(g.globals[g.rng.IntN(len(g.globals))])...)
	}
	sub := g.pick(gitReadOnlySubs...)
	words = append(words, sub)
	switch sub {
	case "config":
		words = append(words, g.pick("--get", "--get-all", "--get-regexp", "-l", "--list", "--get-color"))
	case "stash":
		words = append(words, g.pick("list", "show"))
	case "worktree":
		words = append(words, "list")
	case "remote":
		if g.rng.IntN(2) == 0 {
			words = append(words, g.pick("-v", "show", "get-url"))
		}
	case "branch", "tag":
		if g.rng.IntN(2) == 0 {
			words = append(words, g.pick("-l", "--list"))
		}
	}
	opts := g.opts[sub]
	var named []gitOpt // the options whose value names a file or a program
	for _, o := range opts {
		if a := strings.ToLower(o.arg); (o.value || o.optional) && regexp.MustCompile(`file|path|dir|cmd|command|pager|program|tool`).MatchString(a) {
			named = append(named, o)
		}
	}
	for k := g.rng.IntN(4); k > 0 && len(opts) > 0; k-- {
		if g.rng.IntN(4) == 0 {
			if b, ok := g.bundle(opts); ok {
				words = append(words, b)
				continue
			}
		}
		if len(named) > 0 && g.rng.IntN(3) == 0 {
			words = append(words, g.option(named[g.rng.IntN(len(named))])...)
			continue
		}
		words = append(words, g.option(opts[g.rng.IntN(len(opts))])...)
	}
	if sub == "grep" {
		words = append(words, g.pick("-e", "alpha", ".", "TOKEN", "-e"), g.pick("TOKEN", ".", "a", "--and"))
	}
	// Operands: revisions, then pathspecs, some with magic.
	for k := g.rng.IntN(3); k > 0; k-- {
		switch g.rng.IntN(3) {
		case 0:
			words = append(words, g.pick("HEAD", "HEAD~1", "main", "feature", "v1", "HEAD:a.txt", "HEAD:.env", "stash@{0}", "user.name", "core.pager", "remote.origin.url"))
		default:
			if g.rng.IntN(3) == 0 {
				words = append(words, "--")
			}
			words = append(words, g.pick("a.txt", "sub", ".env", "*.txt", ":(glob)**/*.txt", ":(exclude)a.txt", ":!a.txt",
				":/b.go", ":(top)", ":(icase)A.TXT", ":(attr:diff=fake)", ":(literal)*", "../notes.txt", w.home+"/.ssh/id_rsa", ".", "x.log"))
		}
	}
	var q []string
	for _, x := range words {
		q = append(q, shellQuote(x))
	}
	return sub, "git " + strings.Join(q, " ")
}

// gitWrites are the files git itself keeps up to date when it reads: the
// index it refreshes (written to index.lock, renamed over index).
func gitWrites(w *gitWorld, call string) bool {
	git := filepath.Join(w.project, ".git")
	for _, f := range strings.FieldsFunc(call, func(r rune) bool { return r == ' ' || r == '"' || r == ',' || r == '<' || r == '>' }) {
		if strings.HasPrefix(f, "/") && f != filepath.Join(git, "index.lock") && f != filepath.Join(git, "index") {
			return false
		}
	}
	return strings.Contains(call, filepath.Join(git, "index"))
}

// judgeGit runs line (git's subcommand sub) in w under strace, and says
// what it did that a read-only line must not; ok is false if it timed out.
func judgeGit(t *testing.T, w *gitWorld, sub, line string, decide func(string) *runtime.Result) (why []string, ok, clean bool) {
	out, tr, err := straceCalls(t, w.project, gitEnv(w.home), 10*time.Second, "", "bash", "--norc", "--noprofile", "-c", line)
	if err != nil && strings.Contains(err.Error(), "signal: killed") {
		return nil, false, false
	}
	ms, _ := filepath.Glob(filepath.Join(w.root, "MARK-*"))
	trusted := false
	for _, m := range ms {
		name := strings.TrimPrefix(filepath.Base(m), "MARK-")
		if !slices.Contains(gitTrusted[sub], name) {
			why = append(why, "ran the "+name+" program")
		} else {
			trusted = true
		}
		os.Remove(m)
	}
	for i, e := range tr.execs {
		base := filepath.Base(e)
		if e == "/usr/bin/man" {
			// git help, git --help: what man does is man's; the
			// guard must allow man on its own.
			if decide("man git-"+sub).Decision != runtime.Allow {
				why = append(why, "ran man, which the guard does not allow")
			}
			tr.writes = slices.DeleteFunc(tr.writes, func(c string) bool { return strings.Contains(c, "/var/cache/man/") })
			tr.execs = tr.execs[:i]
			break
		}
		if base == "bash" || base == "git" || strings.HasPrefix(e, "/usr/lib/git-core/") || strings.HasPrefix(e, w.bin+"/") || base == "sh" ||
			trusted && (base == "touch" || base == "cat") {
			continue // markers are judged by what they leave
		}
		why = append(why, "ran "+e)
	}
	for _, c := range tr.writes {
		// The markers leave their marks; git gives a textconv
		// filter or an external diff driver its blobs in temporary
		// files.
		if gitWrites(w, c) || strings.Contains(c, filepath.Join(w.root, "MARK-")) ||
			trusted && strings.Contains(c, filepath.Join(w.root, "tmp")+"/") {
			continue
		}
		why = append(why, "changed a file: "+c)
	}
	if strings.Contains(out, w.canary) {
		why = append(why, "printed the canary")
	}
	return why, true, err == nil
}

// gitJudgeChecks are lines the judge must find fault with, whatever the
// guard says: they show it sees what it looks for.
var gitJudgeChecks = []struct{ sub, line string }{
	{"grep", "git grep -O{bin}/cmd alpha"},
	{"log", "git log --ext-diff -p"},
	{"grep", "git grep --textconv alpha"},
	{"log", "git log --output=out.txt"},
	{"grep", "git grep --untracked TOKEN"},
	{"remote", "git remote -v"},
	{"diff", "git diff --no-index {home}/.ssh/id_rsa a.txt"},
}

func TestGitOracle(t *testing.T) {
	judgeProgram(t, "git", "git version", "--version")
	judgeProgram(t, "strace", "strace", "-V")
	judgeProgram(t, "bash", "")
	begin := time.Now()
	worlds := []*gitWorld{newGitWorld(t, false), newGitWorld(t, true)}
	env := gitEnv(worlds[0].home)
	gen := &gitGen{rng: rand.New(rand.NewPCG(oracleSeed(177), 1)), w: worlds[0], opts: map[string][]gitOpt{}}
	gen.globals = gitGlobals(worlds[0].project, env)
	nopts := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, sub := range gitReadOnlySubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := gitGrammar(worlds[0].project, sub, env)
			mu.Lock()
			gen.opts[sub] = o
			nopts += len(o)
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.Logf("git grammar (%s): %d global options, %d options of %d subcommands", time.Since(begin).Round(time.Millisecond), len(gen.globals), nopts, len(gitReadOnlySubs))
	if len(gen.globals) < 10 || nopts < 500 {
		t.Fatalf("git documents too few options: %d global, %d of its subcommands", len(gen.globals), nopts)
	}
	var deciders []func(string) *runtime.Result
	for _, w := range worlds {
		_, d := realGuard(t, w.home, w.project)
		deciders = append(deciders, d)
	}
	for _, c := range gitJudgeChecks {
		line := strings.NewReplacer("{bin}", worlds[0].bin, "{home}", worlds[0].home).Replace(c.line)
		if why, _, _ := judgeGit(t, worlds[0], c.sub, line, deciders[0]); len(why) == 0 {
			t.Errorf("the judge finds nothing wrong with %s", line)
		}
		worlds[0].reset(t)
	}
	n := oracleCount(20000)
	begin = time.Now() // the budget is for judging lines, not for reading git's grammar
	var generated, allowed, judged, ran, timedOut int
	var disagree []string
	seen := map[string]bool{}
	for generated < n && time.Since(begin) < oracleBudget() {
		wi := 0
		if generated%4 == 3 {
			wi = 1
		}
		w := worlds[wi]
		gen.w = w
		sub, line := gen.line()
		if seen[line] {
			continue
		}
		seen[line] = true
		generated++
		if deciders[wi](line).Decision != runtime.Allow {
			continue
		}
		allowed++
		why, ok, clean := judgeGit(t, w, sub, line, deciders[wi])
		if clean {
			ran++
		}
		if !ok {
			// Not judged: it ran past its time (git grep -f/dev/stdout
			// waits for its own output).
			t.Logf("timed out: %s", line)
			timedOut++
			w.reset(t)
			continue
		}
		judged++
		if len(why) > 0 {
			disagree = append(disagree, fmt.Sprintf("%s (%s): %s", line, map[bool]string{true: "tracks .env", false: ".env untracked"}[w.tracked], strings.Join(why, "; ")))
			w.reset(t)
		}
	}
	t.Logf("git oracle: %d lines generated, %d allowed, %d judged (%d of them run by git without an error, %d timed out), %d disagreements", generated, allowed, judged, ran, timedOut, len(disagree))
	for i, d := range disagree {
		if i == 60 {
			t.Errorf("... and %d more", len(disagree)-i)
			break
		}
		t.Errorf("the guard allows %s", d)
	}
}
