package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestRgIgnoreFiles builds scratch trees with the files that change which
// names rg reads (ignore files of the tree and above it, git's excludes,
// the user's global excludes) and checks that every file real rg would
// search (rg --files) is among the paths the hook reads for rg's tree
// (design.md 131), and that a tree with none of them still skips hidden
// names.
func TestRgIgnoreFiles(t *testing.T) {
	rg, err := exec.LookPath("rg")
	if err != nil {
		testenv.Missing(t, "no rg: install ripgrep")
	}
	git, _ := exec.LookPath("git")
	type file struct{ path, content string }
	cases := []struct {
		name  string
		files []file
		git   bool   // git init in the tree
		root  string // the tree rg searches, below the scratch directory
		skips string // a hidden file the hook must still skip
	}{
		{name: "none", files: []file{{"p/.env", "K=1"}, {"p/a.txt", "x"}}, root: "p", skips: "p/.env"},
		{name: "git, no negation", git: true, files: []file{{"p/.env", "K=1"}, {"p/.gitignore", "*.o\n# !x\n"}}, root: "p", skips: "p/.env"},
		{name: ".rgignore", files: []file{{"p/.env", "K=1"}, {"p/.rgignore", "!.env*\n"}}, root: "p"},
		{name: ".ignore", files: []file{{"p/.env", "K=1"}, {"p/.ignore", "  !.env\n"}}, root: "p"},
		{name: ".gitignore", git: true, files: []file{{"p/.env", "K=1"}, {"p/.gitignore", "!.env\n"}}, root: "p"},
		{name: "info/exclude", git: true, files: []file{{"p/.env", "K=1"}, {"p/.git/info/exclude", "!.env\n"}}, root: "p"},
		{name: "above the tree", files: []file{{"p/s/.env", "K=1"}, {"p/.ignore", "!.env\n"}}, root: "p/s"},
		{name: "below the root", files: []file{{"p/.env", "K=1"}, {"p/s/.env", "K=1"}, {"p/s/.rgignore", "!.env\n"}}, root: "p", skips: "p/.env"},
		{name: "global excludes", git: true, files: []file{{"p/.env", "K=1"}, {"home/.config/git/ignore", "!.env\n"}}, root: "p"},
		{name: "core.excludesFile", git: true, files: []file{{"p/.env", "K=1"}, {"home/.gitconfig", "[core]\n\texcludesFile = ~/ex\n"}, {"home/ex", "!.env\n"}}, root: "p"},
		{name: "hidden directory", files: []file{{"p/.cfg/k.txt", "K=1"}, {"p/.ignore", "!.cfg/\n"}}, root: "p"},
		// a negation that may select .git makes rg read it (design.md 203)
		{name: "negation of .git", git: true, files: []file{{"p/a.txt", "x"}, {"p/.ignore", "!.*\n"}}, root: "p"},
		{name: "negation of .git by name", git: true, files: []file{{"p/a.txt", "x"}, {"p/.rgignore", "!/.git/\n"}}, root: "p"},
		{name: "negation of another name", git: true, files: []file{{"p/.env", "K=1"}, {"p/.gitignore", "!.gitkeep\n!.env\n"}}, root: "p", skips: "p/.git/HEAD"},
		// RIPGREP_CONFIG_PATH names home/rgrc in every case: missing in
		// the others, which gives no options
		{name: "config with --hidden", files: []file{{"p/.env", "K=1"}, {"home/rgrc", "--smart-case\n--hidden\n"}}, root: "p"},
		{name: "config without --hidden", files: []file{{"p/.env", "K=1"}, {"home/rgrc", "--smart-case\n"}}, root: "p", skips: "p/.env"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			home := filepath.Join(dir, "home")
			if err := os.MkdirAll(home, 0o755); err != nil {
				t.Fatal(err)
			}
			root := filepath.Join(dir, c.root)
			if c.git {
				if git == "" {
					testenv.Missing(t, "no git")
				}
				if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(git, "init", "-q", filepath.Join(dir, "p"))
				cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git init: %v: %s", err, out)
				}
			}
			for _, f := range c.files {
				p := filepath.Join(dir, f.path)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(f.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			rgrc := filepath.Join(home, "rgrc")
			cmd := exec.Command(rg, "--files")
			cmd.Dir = root
			cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "RIPGREP_CONFIG_PATH=" + rgrc}
			out, _ := cmd.Output()
			env := &Env{Home: home, FS: osFS{}, Getenv: func(n string) string {
				switch n {
				case "HOME":
					return home
				case "RIPGREP_CONFIG_PATH":
					return rgrc
				}
				return ""
			}}
			e := &evaluator{env: env}
			e.lister.fs = env.FS
			shown := wider(e.rgShowsHidden(), ignoredAbove(env.FS, filepath.Dir(root)))
			ws, ok := e.lister.tree(root, treeRead{names: namesVisible}, shown)
			if !ok {
				t.Fatal("the tree ran past its bounds")
			}
			var hook []string
			for _, w := range ws {
				hook = append(hook, w.Text)
			}
			for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				if l == "" {
					continue
				}
				if p := filepath.Join(root, l); !slices.Contains(hook, p) {
					t.Errorf("rg reads %s; the hook's tree has not: %q", p, hook)
				}
			}
			if c.skips != "" {
				if p := filepath.Join(dir, c.skips); slices.Contains(hook, p) {
					t.Errorf("the hook reads %s, which no ignore file shows", p)
				}
			}
		})
	}
}
