package hookc_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/internal/tools/importer"
	"hookc.dev/hookc/internal/tools/settings"
	"hookc.dev/hookc/runtime"
)

// A shippedPolicy is a policy hookc ships, by the name base.tsv gives it.
type shippedPolicy struct{ name, dir string }

// shippedPolicies returns every policy hookc ships: each example, the
// starter policy hookc init writes (with the presets it imports), each
// preset with allow rules on its own, and the policies hookc import writes
// for the sample settings of testdata/protocol (import) and for the typical
// settings the red team wrote (import-typical: npm, pytest, python -m
// pytest, git, go, make, cargo, ...).
func shippedPolicies(t *testing.T) []shippedPolicy {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("examples", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	var out []shippedPolicy
	for _, d := range dirs {
		out = append(out, shippedPolicy{filepath.Base(d), d})
	}
	src, err := os.ReadFile(filepath.Join("cmd", "hookc", "initdata", "policy.cue"))
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, shippedPolicy{"starter", writePolicy(t, src)})
	for _, preset := range []string{"readonly", "destructive", "secrets", "self"} {
		src := fmt.Sprintf("package policy\n\nimport %q\n\ndefault: \"ask\"\nrules: %s.rules\n", "hookc.dev/presets/"+preset, preset)
		out = append(out, shippedPolicy{"preset-" + preset, writePolicy(t, []byte(src))})
	}
	return append(out,
		shippedPolicy{"import", importedPolicy(t, filepath.Join("testdata", "protocol", "settings.permissions.example.json"))},
		shippedPolicy{"import-typical", importedPolicy(t, filepath.Join("testdata", "redteam", "policies2", "settings.typical.json"))})
}

// writePolicy writes src as policy.cue of a new directory.
func writePolicy(t *testing.T, src []byte) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// importedPolicy writes the policy hookc import writes for the settings
// file, read as project settings.
func importedPolicy(t *testing.T, file string) string {
	t.Helper()
	src, err := importer.Read(file, settings.Project, importer.Anchor(settings.Project, ""))
	if err != nil {
		t.Fatal(err)
	}
	res, err := importer.Import([]*importer.Source{src})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := importer.AcceptNative(res, "policy.cue"); err != nil {
		t.Fatal(err)
	}
	return writePolicy(t, res.CUE)
}

// TestShippedPoliciesBoundAllows decides every attack variant of
// testdata/effects/attacks.tsv, of the held-out set heldout.tsv and of
// the red teams' policyred.tsv to policyred4.tsv, policyred7.tsv,
// policyred8.tsv to policyred11.tsv (design.md 320, 343, 417-419, 427, 428, 430) with
// every shipped policy's hook table: none may be allowed (issue 28,
// design.md 115, 260). The base commands of testdata/effects/base.tsv
// must stay allowed by the policies they name. A line that starts with {
// is a tool call: the payload's tool_name and tool_input.
func TestShippedPoliciesBoundAllows(t *testing.T) {
	attacks := append(readEffectLines(t, "attacks.tsv"), readEffectLines(t, "heldout.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred2.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred3.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred4.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred7.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred8.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred9.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred10.tsv")...)
	attacks = append(attacks, readEffectLines(t, "policyred11.tsv")...)
	base := append(readEffectLines(t, "base.tsv"), readEffectLines(t, "policyred3.base.tsv")...)
	base = append(base, readEffectLines(t, "policyred4.base.tsv")...)
	for _, sp := range shippedPolicies(t) {
		name := sp.name
		p, err := load.Dir(sp.dir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		hook, err := p.Hook()
		if err != nil {
			t.Fatal(err)
		}
		env := &runtime.Env{Home: "/home/user", Getenv: func(name string) string { return effectEnv[name] }, FS: effectFS}
		decide := func(line string) *runtime.Result {
			return runtime.Decide(hook, effectPayload(t, line), env)
		}
		allowed := 0
		for _, l := range attacks {
			if len(l) == 3 && slices.Contains(strings.Split(l[2], ","), name) {
				continue // the policy's own rules name what it does
			}
			if res := decide(l[0]); res.Decision == runtime.Allow {
				allowed++
				t.Errorf("%s allows %q (%s), by rule %q", name, l[0], l[1], res.Rule)
			}
		}
		t.Logf("%s: %d of %d attack variants allowed", name, allowed, len(attacks))
		// The base commands run in the same project without its link
		// out, which makes every build tool not known (design.md 423).
		noLink := *env
		noLink.FS = runtime.MapFS{Files: effectFS.Files, Contents: effectFS.Contents}
		for _, l := range base {
			if !strings.Contains(","+l[1]+",", ","+name+",") {
				continue
			}
			if res := runtime.Decide(hook, effectPayload(t, l[0]), &noLink); res.Decision != runtime.Allow {
				t.Errorf("%s: %s %q, want allow: %s", name, res.Decision, l[0], res.Reason)
			}
		}
	}
}

// effectFS is the project and home the lines of testdata/effects run in:
// a secret in each, which tree reads of their directories find, a
// link ext out of the project to a directory with a Makefile, and links
// to ~/.bashrc where a compiler writes its outputs (x.s, x.o, a.out, h.s,
// and what gcc's options add: x.gcno, x.dwo, x.su, an RTL dump).
var effectFS = runtime.MapFS{Files: map[string]bool{
	"/project/README.md": true, "/project/src/main.go": true, "/project/.env": true,
	"/home/user/.config/gh/hosts.yml": true, "/home/user/.ssh/id_rsa": true,
	"/tmp/outside/Makefile": true, "/tmp/outside/test_x.py": true,
	"/project/.git/config": true, "/project/.git/COMMIT_EDITMSG": true, "/project/.git/index": true,
}, Contents: map[string]string{
	"/project/.git/index": suites.GitIndex("README.md", "src/main.go"),
	// A CI checkout's settings and a message of git commit -v: they
	// are secrets by what they hold (design.md 431).
	"/project/.git/config":         "[core]\n\tbare = false\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Q0FOQVJZ\n",
	"/project/.git/COMMIT_EDITMSG": "x\n# ------------------------ >8 ------------------------\ndiff --git a/.env b/.env\n+KEY=CANARY_EDITMSG_1\n",
}, Links: map[string]string{"/project/ext": "/tmp/outside", "/project/x.s": "/home/user/.bashrc", "/project/x.o": "/home/user/.bashrc",
	"/project/a.out": "/home/user/.bashrc", "/project/h.s": "/home/user/.bashrc", "/project/x.gcno": "/home/user/.bashrc",
	"/project/x.dwo": "/home/user/.bashrc", "/project/x.su": "/home/user/.bashrc", "/project/x.c.253r.expand": "/home/user/.bashrc"}}

// effectEnv is the environment the hook and the lines run with.
var effectEnv = map[string]string{"PATH": "/usr/bin:/bin", "HOME": "/home/user", "USER": "user", "SHELL": "/bin/bash", "LANG": "C.UTF-8", "PAGER": "less"}

// effectPayload is the PreToolUse payload of a line of testdata/effects:
// a Bash command line, or a tool call written as JSON.
func effectPayload(t *testing.T, line string) []byte {
	t.Helper()
	m := map[string]any{"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash", "tool_input": map[string]any{"command": line}}
	if strings.HasPrefix(line, "{") {
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// readEffectLines reads testdata/effects/NAME: tab-separated lines, # comments.
func readEffectLines(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "effects", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 2 && len(c) != 3 {
			t.Fatalf("%s:%d: want two or three tab-separated columns", name, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
