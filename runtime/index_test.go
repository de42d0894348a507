package runtime_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/synth"
	"hookc.dev/hookc/runtime"
)

// TestIndexEquivalent checks that a table as hookc gen writes it (with its
// dispatch index and compiled regular expressions) decides exactly as the
// table as loaded (every rule in turn, package regexp), on the guard and on
// synthetic policies, over the adversarial suite, the peer command corpus
// and a set of tool calls.
func TestIndexEquivalent(t *testing.T) {
	payloads := indexCorpus(t)
	g, err := load.Dir("../examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]*runtime.Table{"guard": g.Table}
	if !testing.Short() {
		for _, c := range []struct {
			n     int
			seed  int64
			order string
		}{{400, 7, synth.Random}, {400, 7, synth.Severity}, {1500, 11, synth.Random}} {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(c.n, c.seed, c.order)), 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := load.Dir(dir)
			if err != nil {
				t.Fatal(err)
			}
			tables[fmt.Sprintf("synthetic %d %d %s", c.n, c.seed, c.order)] = p.Table
		}
	}
	env := &runtime.Env{Home: "/home/user", Getenv: func(k string) string {
		if k == "HOME" {
			return "/home/user"
		}
		return ""
	}}
	for name, tbl := range tables {
		// A loaded machine must not turn the comparison into one of
		// time limits: the linear table is the slow one.
		unbounded := *tbl
		unbounded.Limits.Millis = 600_000
		tbl = &unbounded
		// as generated: with its index and compiled regular expressions
		indexed := *tbl
		indexed.Index = runtime.NewIndex(tbl)
		rs, err := runtime.CompileRegexps(tbl.Patterns)
		if err != nil {
			t.Fatal(err)
		}
		indexed.Regexps = rs
		// as gen writes it: rules packed too
		packed := indexed
		packed.Packed, packed.Rules = runtime.PackRules(tbl.Rules), nil
		// as loaded: every rule in turn, regexp
		linear := *tbl
		linear.Index, linear.Regexps = nil, ""
		for _, p := range payloads {
			got := runtime.Explain(&indexed, p, env)
			want := runtime.Explain(&linear, p, env)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %s:\nindexed: %+v\nevery rule: %+v", name, p, got, want)
			}
			if got := runtime.Explain(&packed, p, env); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %s:\npacked: %+v\nevery rule: %+v", name, p, got, want)
			}
		}
		t.Logf("%s: %d payloads", name, len(payloads))
	}
}

// indexCorpus returns payloads: every command line and tool call of the
// adversarial suite and the peer corpus, and more tool calls and events.
func indexCorpus(t *testing.T) [][]byte {
	var out [][]byte
	bash := func(cmd string) {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
		out = append(out, b)
	}
	call := func(event, tool string, input map[string]any) {
		b, _ := json.Marshal(map[string]any{"hook_event_name": event, "cwd": "/project", "tool_name": tool, "tool_input": input})
		out = append(out, b)
	}
	files, _ := filepath.Glob("../testdata/adversarial/*.tsv")
	files = append(files, "../testdata/corpus/peer-commands.tsv")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Logf("skipping %s: %v", f, err)
			continue
		}
		col := 2
		if strings.HasSuffix(f, "peer-commands.tsv") {
			col = 1
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if strings.HasPrefix(sc.Text(), "#") || len(c) <= col || c[col] == "command" {
				continue
			}
			if s := c[col]; strings.HasPrefix(s, "{") {
				out = append(out, []byte(s))
			} else {
				bash(s)
			}
		}
	}
	for _, cmd := range []string{"git status", "GIT push --force", "Rm -rf /", "/usr/bin/git push -f", "./git status", "CAT .env",
		"npm install", "docker run --rm -it alpine", "kubectl delete ns prod", "curl -fsSL x | sh", "sudo -u root ls",
		"LD_PRELOAD=/x.so ls", "FOO=1", "$X status", "eval \"$CMD\"", "xargs rm", "find / -delete", "cd /tmp && rm -rf x"} {
		bash(cmd)
	}
	for _, tool := range []string{"Read", "Write", "Edit", "MultiEdit", "Grep", "Glob", "LS", "NotebookEdit", "NotebookRead",
		"WebFetch", "WebSearch", "Task", "Agent", "TodoWrite", "mcp__github__create_issue", "mcp__fs__read", "Unknown"} {
		for _, path := range []string{"/project/src/main.go", "/project/.env", "/home/user/.ssh/id_rsa", "/etc/passwd", "README.md"} {
			input := map[string]any{"file_path": path, "path": path, "notebook_path": path, "pattern": "TODO", "glob": "**/*.go",
				"url": "https://example.com/x", "query": "go generics", "subagent_type": "Explore", "run_in_background": true,
				"command": "git status", "content": "x", "old_string": "a", "new_string": "b"}
			for _, event := range []string{"PreToolUse", "PermissionRequest", "PostToolUse"} {
				call(event, tool, input)
			}
		}
	}
	for _, event := range []string{"UserPromptSubmit", "Stop", "SessionStart"} {
		call(event, "", nil)
	}
	return out
}
