package runtime

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestGitNotesOracle is the differential oracle of the notes model (design.md
// 427): whether git log, show or whatchanged prints the notes of the commits
// it shows (gitNotes, notesPlaceholder) and whether a repository holds any
// (gitNotesRefs). A seeded generator builds lines from git's grammar of the
// options that choose what is printed (--oneline, --pretty and --format with
// the built-in formats, format: and tformat: strings of placeholders with
// the modifiers +, - and space, %%, hex escapes, --notes and --show-notes with
// and without a ref, --no-notes, --standard-notes), run in repositories whose
// notes are loose or packed, under refs/notes/commits or another notes ref
// (shown by notes.displayRef or core.notesRef), in the main work tree or a
// linked worktree. git itself is the judge: where it prints a note, the model
// must have the line read the history (addTracked) or call it not known.
// HOOKC_GITNOTES_ORACLE_N sets the number of lines (default 1000, 300 with
// -short).
func TestGitNotesOracle(t *testing.T) {
	gitTool, err := exec.LookPath("git")
	if err != nil {
		testenv.Missing(t, "no git command")
	}
	n := testenv.Count(t, "HOOKC_GITNOTES_ORACLE_N", 1000, 300)
	base := t.TempDir()
	home := filepath.Join(base, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=cat", "PAGER=cat",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
	var worlds []notesWorld
	for i := range 24 {
		w := notesWorld{ref: []string{"commits", "other"}[i%2], packed: i/2%2 == 1, config: i / 4 % 3, worktree: i/12 == 1}
		w.dir = w.build(t, gitTool, filepath.Join(base, fmt.Sprint(i)), env)
		worlds = append(worlds, w)
	}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	r := rand.New(rand.NewPCG(427, 2))
	var printed, covered, over, rejected int
	for i := range n {
		w := worlds[i%len(worlds)]
		line := gitNotesLine(r)
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir, cmd.Env = w.dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			rejected++ // git rejects the line
			continue
		}
		shows := strings.Contains(string(out), "NOTECANARY")
		x := Extract(line, know, Limits{})
		if len(x.Cmds) != 1 {
			t.Fatalf("%q: %d commands", line, len(x.Cmds))
		}
		e := &evaluator{t: &Table{}, p: &payload.Payload{}, env: &Env{FS: osFS{}}, root: w.dir, cwd: w.dir, home: home}
		c := &x.Cmds[0]
		u := &unit{cmd: c}
		e.addTracked(u, c, c.Dir)
		model := false
		for _, a := range u.paths {
			model = model || a.history || a.w.Dynamic
		}
		switch {
		case shows && !model:
			t.Errorf("%s: git prints the notes (%s), the model says it prints none from the history", w, line)
		case shows:
			printed++
		case model:
			over++
		default:
			covered++
		}
	}
	t.Logf("%d lines in %d repositories: git rejects %d; it printed notes in %d, each read as the history; of the rest, the model reads the history in %d (it may print from it otherwise) and none in %d",
		n, len(worlds), rejected, printed, over, covered)
	if printed == 0 || covered == 0 {
		t.Errorf("the generator made no line of one kind: %d printing notes, %d printing none", printed, covered)
	}
}

// A notesWorld is a repository with one commit and a note on it.
type notesWorld struct {
	ref      string // the notes ref below refs/notes
	packed   bool   // the refs packed
	config   int    // 0 none, 1 notes.displayRef=refs/notes/*, 2 core.notesRef=refs/notes/other
	worktree bool   // lines run in a linked worktree
	dir      string // where lines run
}

func (w notesWorld) String() string {
	return fmt.Sprintf("notes in refs/notes/%s (packed %v, config %d, worktree %v)", w.ref, w.packed, w.config, w.worktree)
}

func (w notesWorld) build(t *testing.T, gitTool, dir string, env []string) string {
	t.Helper()
	repo := filepath.Join(dir, "repo")
	run := func(args ...string) {
		cmd := exec.Command(gitTool, args...)
		cmd.Dir, cmd.Env = repo, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("init", "-q")
	run("add", "a.txt")
	run("commit", "-qm", "first")
	run("notes", "--ref="+w.ref, "add", "-m", "NOTECANARY", "HEAD")
	switch w.config {
	case 1:
		run("config", "notes.displayRef", "refs/notes/*")
	case 2:
		run("config", "core.notesRef", "refs/notes/other")
	}
	if w.packed {
		run("pack-refs", "--all")
	}
	if !w.worktree {
		return repo
	}
	wt := filepath.Join(dir, "wt")
	run("worktree", "add", "-q", "--detach", wt)
	return wt
}

// gitNotesLine generates a git log, show or whatchanged line from the
// grammar of the options that choose what is printed.
func gitNotesLine(r *rand.Rand) string {
	sub := []string{"log", "show", "whatchanged"}[r.IntN(3)]
	words := []string{"git", sub}
	if sub != "show" {
		words = append(words, "-1")
	}
	for range r.IntN(4) {
		words = append(words, gitNotesOption(r))
	}
	return strings.Join(words, " ")
}

func gitNotesOption(r *rand.Rand) string {
	builtins := []string{"oneline", "short", "medium", "full", "fuller", "reference", "email", "raw"}
	refs := []string{"commits", "other", "refs/notes/other", "'*'", "notes/commits"}
	switch r.IntN(12) {
	case 0:
		return "--oneline"
	case 1:
		return "--pretty"
	case 2:
		return "--pretty=" + builtins[r.IntN(len(builtins))]
	case 3:
		return "--format=" + gitNotesFormat(r)
	case 4:
		return "--pretty=" + []string{"format:", "tformat:"}[r.IntN(2)] + gitNotesFormat(r)
	case 5:
		return []string{"--notes", "--show-notes", "--standard-notes"}[r.IntN(3)]
	case 6:
		return []string{"--notes=", "--show-notes="}[r.IntN(2)] + refs[r.IntN(len(refs))]
	case 7:
		return []string{"--no-notes", "--no-standard-notes"}[r.IntN(2)]
	default:
		return []string{"--stat", "-s", "--abbrev-commit", "--expand-tabs", "--decorate", "--no-patch", "-p"}[r.IntN(7)]
	}
}

// gitNotesFormat generates a pretty format: placeholders with and without a
// modifier, percent signs, escapes and text, single-quoted for bash.
func gitNotesFormat(r *rand.Rand) string {
	places := []string{"N", "s", "h", "n", "B", "%", "x25", "x00", "<(5)", "w(0)", "Cred", "C(auto)", "(trailers)", "+", "-", " "}
	var b strings.Builder
	for range 1 + r.IntN(4) {
		switch r.IntN(4) {
		case 0:
			b.WriteString([]string{"N", "a", ":", " ", "%"}[r.IntN(5)])
		default:
			b.WriteByte('%')
			if r.IntN(3) == 0 {
				b.WriteByte("+- "[r.IntN(3)])
			}
			b.WriteString(places[r.IntN(len(places))])
		}
	}
	return "'" + b.String() + "'"
}
