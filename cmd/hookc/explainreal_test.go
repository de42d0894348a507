package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// TestExplainRealAgrees holds explain -real, hookc test and the built hook
// to one answer on a real file system (design.md 205): a project with a
// harmless link (.venv/bin/python), a link to a secret outside it, and a
// link to a directory, searched by rg, grep -r, grep -R and the Grep tool.
// The test's virtual file system is the tree, listed.
func TestExplainRealAgrees(t *testing.T) {
	bin := needHook(t)
	top, _ := filepath.EvalSymlinks(t.TempDir())
	project, ext := filepath.Join(top, "p"), filepath.Join(top, "ext")
	for _, f := range []string{"p/src/a.go", "p/docs/r.md", "p/.venv/bin/python3.12", "ext/.env", "ext/kit/id_ed25519", "ext/kit/.token"} {
		p := filepath.Join(top, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("TODO\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"p/.venv/bin/python": "python3.12",
		"p/vendor/keys":      ext + "/.env",
		"p/vendor/kit":       "../../ext/kit",
	}
	for l, target := range links {
		p := filepath.Join(top, l)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	// hookc test's view of the same tree.
	var tc load.Test
	tc.Env = map[string]string{"HOME": "/home/user"}
	tc.Symlinks = map[string]string{}
	filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			tc.Symlinks[p] = target
		case d.IsDir():
			tc.Dirs = append(tc.Dirs, p)
		default:
			tc.Files = append(tc.Files, p)
		}
		return nil
	})
	p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	hook := hookOf(t, p)
	calls := []struct {
		tool  string
		input map[string]any
		want  string // the decision, and a word its reason must hold
	}{
		{"Bash", map[string]any{"command": "rg TODO"}, "allow"},
		{"Bash", map[string]any{"command": "rg -n TODO -t go"}, "allow"},
		{"Bash", map[string]any{"command": "rg --files src"}, "allow"},
		{"Bash", map[string]any{"command": "grep -rn TODO --include='*.go' ."}, "allow"},
		{"Bash", map[string]any{"command": "grep -r TODO src docs vendor"}, "allow"},
		{"Bash", map[string]any{"command": "rg -L TODO vendor/kit"}, "deny id_ed25519"},
		{"Bash", map[string]any{"command": "rg -L TODO src vendor"}, "deny vendor/keys"},
		{"Bash", map[string]any{"command": "grep -R TODO vendor"}, "deny"},
		// vendor/keys is a file to the filter; vendor/kit's tree is
		// outside the project and systemOpen, a closed place (design.md
		// 414)
		{"Bash", map[string]any{"command": "rg -L -g '*.go' TODO vendor"}, "ask vendor/kit"},
		{"Bash", map[string]any{"command": "rg -L -g '*.go' -g 'k*' TODO vendor"}, "deny vendor/keys"},
		{"Bash", map[string]any{"command": "diff <(ls src) <(ls docs)"}, "allow"},
		{"Grep", map[string]any{"pattern": "TODO"}, "allow"},
		{"Grep", map[string]any{"pattern": "TODO", "glob": "*.go"}, "allow"},
	}
	for _, c := range calls {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": project, "tool_name": c.tool, "tool_input": c.input})
		// the hook
		out := runHook(t, bin, payload)
		hso, _ := out["hookSpecificOutput"].(map[string]any)
		hookDec, _ := hso["permissionDecision"].(string)
		hookWhy, _ := hso["permissionDecisionReason"].(string)
		if hookDec == "" {
			hookDec = "pass"
		}
		// explain -real
		var stdout, stderr bytes.Buffer
		if code := runExplain([]string{"-real", "-env", "HOME=/home/user", "-payload", string(payload), filepath.Join("..", "..", "examples", "guard")}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("explain -real: exit %d: %s", code, stderr.String())
		}
		explainDec, explainWhy := "", ""
		for _, l := range strings.Split(stdout.String(), "\n") {
			if v, ok := strings.CutPrefix(l, "decision: "); ok {
				explainDec = v
			}
			if v, ok := strings.CutPrefix(l, "reason:   "); ok {
				explainWhy = v
			}
		}
		// hookc test
		got := runtime.Explain(hook, payload, testrun.Env(&tc))
		testDec := string(got.Verdict())
		want, word, _ := strings.Cut(c.want, " ")
		if hookDec != want || explainDec != want || testDec != want || hookWhy != explainWhy || hookWhy != got.Reason {
			t.Errorf("%s %v: hook %s (%s), explain -real %s (%s), test %s (%s); want %s",
				c.tool, c.input, hookDec, hookWhy, explainDec, explainWhy, testDec, got.Reason, want)
		}
		if word != "" && !strings.Contains(hookWhy, word) {
			t.Errorf("%s %v: the reason %q does not name %s, the file that decided", c.tool, c.input, hookWhy, word)
		}
	}
}

// TestExplainReal checks explain -real in process: it reads the real file
// system of the current directory, and refuses a virtual one beside it.
func TestExplainReal(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("K=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	guard, _ := filepath.Abs(filepath.Join("..", "..", "examples", "guard"))
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := runExplain([]string{"-real", "-env", "HOME=/home/user", "-c", "grep -rn KEY .", guard}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("explain -real: exit %d: %s", code, stderr.String())
	}
	if want := "reason:   " + dir + "/.env"; !strings.Contains(stdout.String(), "decision: deny") || !strings.Contains(stdout.String(), want) {
		t.Errorf("explain -real -c 'grep -rn KEY .' in a directory with .env: want a deny naming it, got\n%s", stdout.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := runExplain([]string{"-real", "-file", "/project/.env", "-c", "true", guard}, nil, &stdout, &stderr); code != exitUsage {
		t.Errorf("explain -real -file: exit %d, want %d (usage)", code, exitUsage)
	}
}
