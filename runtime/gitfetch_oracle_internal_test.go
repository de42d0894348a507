package runtime

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestGitFetchLossOracle is the differential oracle of the model of work a
// git fetch loses (design.md 419, 427: the knowledge's forcing and pruning
// options, gitRefspecLoss, gitFetchSettingsLoss). A seeded generator builds
// git fetch lines from git's grammar of fetch options and refspecs (+, ^,
// sources by short and full name, patterns, tags of commits, trees and
// blobs, destinations in every namespace, by short and full name), run in a
// copy of a repository with a remote whose refs of each namespace point at
// commits nothing else reaches (and reflogs where git keeps them). git is
// the judge: an object reachable before the fetch from a ref, a reflog,
// HEAD or the index that is not after it is work lost, and the model must
// say the line loses work. HOOKC_GITFETCH_ORACLE_N sets the number of lines
// (default 400, 100 with -short).
func TestGitFetchLossOracle(t *testing.T) {
	gitTool, err := exec.LookPath("git")
	if err != nil {
		testenv.Missing(t, "no git command")
	}
	n := testenv.Count(t, "HOOKC_GITFETCH_ORACLE_N", 400, 100)
	base := t.TempDir()
	home := filepath.Join(base, "home")
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
	template := fetchWorld(t, gitTool, base, env)
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	r := rand.New(rand.NewPCG(427, 3))
	lines := make([]string, n)
	for i := range lines {
		lines[i] = gitFetchLine(r)
	}
	type verdict struct{ lost, model bool }
	got := make([]verdict, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				dir := filepath.Join(base, "w", fmt.Sprint(i))
				if out, err := exec.Command("cp", "-a", template, dir).CombinedOutput(); err != nil {
					t.Errorf("cp: %v\n%s", err, out)
					continue
				}
				reach := func() []string {
					cmd := exec.Command(gitTool, "rev-list", "--objects", "--all", "--reflog", "--indexed-objects")
					cmd.Dir, cmd.Env = dir, env
					out, err := cmd.Output()
					if err != nil {
						t.Errorf("rev-list in %s: %v", dir, err)
					}
					return strings.Fields(string(out))
				}
				before := reach()
				cmd := exec.Command("bash", "-c", lines[i])
				cmd.Dir, cmd.Env = dir, env
				_ = cmd.Run() // a fetch git rejects may still update refs
				after := reach()
				for _, o := range before {
					if len(o) == 40 && !slices.Contains(after, o) {
						got[i].lost = true
					}
				}
				x := Extract(lines[i], know, Limits{})
				e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: dir}, env: &Env{FS: osFS{}}, root: dir, cwd: dir, home: home}
				got[i].model = e.commandUnit(&x.Cmds[0]).cmd.Loss != ""
				if err := os.RemoveAll(dir); err != nil {
					t.Error(err)
				}
			}
		})
	}
	if err := os.Mkdir(filepath.Join(base, "w"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	var lost, over, none int
	for i, v := range got {
		switch {
		case v.lost && !v.model:
			t.Errorf("%q loses work (git: an object reachable before is not after), the model says it loses none", lines[i])
		case v.lost:
			lost++
		case v.model:
			over++
		default:
			none++
		}
	}
	t.Logf("%d git fetch lines: %d lost work, each a loss by the model; of the %d that lost none, the model calls %d a loss (it may lose work in another repository)", n, lost, n-lost, over)
	if lost == 0 || none == 0 {
		t.Errorf("the generator made no line of one kind: %d losing work, %d losing none", lost, none)
	}
}

// fetchWorld builds the repository each line runs in a copy of: d, with a
// remote o (../up, a clone's refspec) and, in each namespace a refspec may
// write, a ref to a commit nothing else reaches; up has branches, tags of a
// commit, a tree and a blob. It returns d.
func fetchWorld(t *testing.T, gitTool, base string, env []string) string {
	t.Helper()
	run := func(dir string, args ...string) string {
		cmd := exec.Command(gitTool, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	commit := func(dir, msg string) string {
		tree := run(dir, "write-tree")
		return run(dir, "commit-tree", tree, "-m", msg)
	}
	up, d := filepath.Join(base, "up"), filepath.Join(base, "d")
	for _, dir := range []string{up, d, filepath.Join(base, "home")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run(up, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(up, "f"), []byte("up\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(up, "add", "f")
	run(up, "commit", "-qm", "up")
	run(up, "update-ref", "refs/heads/side", commit(up, "side"))
	run(up, "tag", "tc", "main")
	run(up, "tag", "-a", "-m", "a", "ta", "main")
	run(up, "tag", "-a", "-m", "t", "tt", "main^{tree}")
	run(up, "tag", "tb", "main:f")
	run(d, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(d, "g"), []byte("d\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(d, "add", "g")
	run(d, "commit", "-qm", "d")
	run(d, "remote", "add", "o", "../up")
	for _, ref := range []string{"refs/heads/side", "refs/heads/keep", "refs/tags/v1", "refs/tags/tc", "refs/keep/x",
		"refs/remotes/o/main", "refs/original/refs/heads/main", "refs/prefetch/x", "refs/bisect/bad"} {
		run(d, "update-ref", "-m", "made", ref, commit(d, ref))
	}
	run(d, "notes", "add", "-m", "note", "HEAD")
	return d
}

// gitFetchLine generates a git fetch line from the grammar of its options
// and refspecs.
func gitFetchLine(r *rand.Rand) string {
	words := []string{"git", "fetch"}
	opts := []string{"-f", "--force", "-p", "--prune", "-P", "--prune-tags", "--tags", "-t", "--no-tags",
		"--update-head-ok", "--atomic", "--refmap=", "-k", "--dry-run", "--no-write-fetch-head", "--append", "-q"}
	for range r.IntN(3) {
		words = append(words, opts[r.IntN(len(opts))])
	}
	words = append(words, []string{"o", "../up", "."}[r.IntN(3)])
	for range r.IntN(3) {
		words = append(words, gitFetchRefspec(r))
	}
	return strings.Join(words, " ")
}

func gitFetchRefspec(r *rand.Rand) string {
	srcs := []string{"main", "side", "tc", "ta", "tt", "tb", "HEAD", "refs/heads/main", "refs/tags/tt", "tags/tb", "refs/heads/side"}
	dsts := []string{"", "keep", "side", "refs/keep/x", "refs/keep/y", "refs/tags/v1", "tags/v1", "v1", "tc",
		"refs/notes/commits", "refs/remotes/o/main", "remotes/o/main", "refs/original/refs/heads/main",
		"refs/prefetch/x", "refs/bisect/bad", "heads/keep", "refs/heads/keep"}
	pre := []string{"", "", "+", "^"}[r.IntN(4)]
	if r.IntN(5) == 0 { // a pattern
		src := []string{"refs/heads/*", "refs/tags/*", "refs/tags/t*"}[r.IntN(3)]
		dst := []string{"refs/keep/*", "refs/tags/*", "refs/heads/*", "refs/remotes/o/*", "refs/prefetch/*"}[r.IntN(5)]
		return "'" + pre + src + ":" + dst + "'"
	}
	spec := pre + srcs[r.IntN(len(srcs))]
	if dst := dsts[r.IntN(len(dsts))]; dst != "" && pre != "^" {
		spec += ":" + dst
	}
	return spec
}
