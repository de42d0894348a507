package load

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"hookc.dev/hookc/cue/presets"
	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/runtime"
)

func exact(s string) runtime.Str { return runtime.Str{Op: runtime.StrExact, S: s} }
func or(subs ...runtime.Str) runtime.Str {
	return runtime.Str{Op: runtime.StrOr, Subs: subs}
}
func glob(s string, fold bool) runtime.Str { return runtime.Str{Op: runtime.StrGlob, S: s, Fold: fold} }
func re(i int32) runtime.Str               { return runtime.Str{Op: runtime.StrRe, Re: i} }
func anyOf(s runtime.Str) runtime.List {
	return runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: s}}}
}

func TestGood(t *testing.T) {
	t.Parallel()
	const dir = "testdata/good"
	p, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	tb := p.Table
	if p.Dir != dir || tb.Policy != dir {
		t.Errorf("Dir %q, Table.Policy %q, want %q", p.Dir, tb.Policy, dir)
	}
	if want := shaOf(t, dir, "policy.cue", "tests.cue"); tb.SHA256 != want {
		t.Errorf("SHA256 = %s, want %s", tb.SHA256, want)
	}
	if tb.Default != runtime.Deny || tb.OnError != runtime.Pass {
		t.Errorf("Default %v, OnError %v", tb.Default, tb.OnError)
	}
	if want := (runtime.Floors{Dynamic: runtime.Deny, ParseError: runtime.Ask, Depth: runtime.Allow, Code: runtime.Ask, Write: runtime.Ask, Loss: runtime.Ask, Secret: runtime.Ask}); tb.Floors != want {
		t.Errorf("Floors = %+v, want %+v", tb.Floors, want)
	}
	if !tb.FoldCase {
		t.Error("FoldCase not set")
	}
	if want := (runtime.Limits{InputBytes: 1000, Millis: 50}); tb.Limits != want {
		t.Errorf("Limits = %+v, want %+v", tb.Limits, want)
	}
	// The policy's patterns only: the secrets preset's are in
	// runtime.SecretTable (design.md 231).
	if want := []string{"^b", "^x", "^LD_"}; !slices.Equal(tb.Patterns, want) || len(tb.Secrets.Conds) > 0 {
		t.Errorf("Patterns = %q, want %q", tb.Patterns, want)
	}

	var names, poss []string
	for i, r := range tb.Rules {
		names = append(names, r.Name)
		poss = append(poss, r.Pos)
		if p.Rules[i].Pos != r.Pos {
			t.Errorf("Rules[%d].Pos = %q, Table.Rules[%d].Pos = %q", i, p.Rules[i].Pos, i, r.Pos)
		}
	}
	if want := []string{"rm -r", "agents", "env one", "env two", "paths"}; !slices.Equal(names, want) {
		t.Errorf("rule names = %q, want %q", names, want)
	}
	wantPos := []string{
		"testdata/good/policy.cue:27:10", // #Deny & {: the rule's own literal
		"testdata/good/policy.cue:32:2",
		"testdata/good/policy.cue:44:18", // both from one comprehension
		"testdata/good/policy.cue:44:18",
		"testdata/good/policy.cue:49:2",
	}
	if !slices.Equal(poss, wantPos) {
		t.Errorf("rule positions = %q, want %q", poss, wantPos)
	}

	wantRules := []runtime.Rule{{
		Name:     "rm -r",
		Pos:      wantPos[0],
		Decision: runtime.Deny,
		Reason:   "{program} -r in {command} ({rule})",
		Cmd:      &runtime.CmdCond{Name: exact("rm"), Flags: anyOf(or(exact("-r"), exact("-R"), exact("--recursive")))},
	}, {
		Name:     "agents",
		Pos:      wantPos[1],
		Decision: runtime.Allow,
		Tool:     or(exact("Agent"), exact("Task"), exact("Read")),
		Input: []runtime.Field{
			{Path: "edits.0.n", Kind: runtime.FieldNumber, Str: exact("1.5")},
			{Path: "gone", Kind: runtime.FieldAbsent},
			{Path: "mode", Kind: runtime.FieldString, Str: or(exact("a"), re(0))},
			{Path: "run_in_background", Kind: runtime.FieldBool, Str: exact("true")},
			{Path: "there", Kind: runtime.FieldPresent, Not: true},
		},
	}, {
		Name:           "env one",
		Pos:            wantPos[2],
		Decision:       runtime.Ask,
		Env:            []runtime.EnvCond{{Name: "BYPASS", Unset: true}, {Name: "MODE", Value: re(1)}},
		Agent:          runtime.SubAgent,
		AgentType:      exact("Explore"),
		PermissionMode: exact("plan"),
		Exists:         []runtime.PathCheck{{Path: "~/.x"}, {Path: "/y", Missing: true}},
	}}
	for i, want := range wantRules {
		if got := tb.Rules[i]; !reflect.DeepEqual(got, want) {
			t.Errorf("rule %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
	paths := tb.Rules[4]
	if want := (runtime.Str{Op: runtime.StrOr, Subs: []runtime.Str{exact("PreToolUse"), re(1)}}); !reflect.DeepEqual(paths.Event, want) {
		t.Errorf("event = %+v, want %+v", paths.Event, want)
	}
	if want := anyOf(glob("~/.ssh/**", true)); !reflect.DeepEqual(paths.Path, want) {
		t.Errorf("path = %+v, want %+v", paths.Path, want)
	}
	wantReads := runtime.List{Conds: []runtime.ListCond{
		{Q: runtime.QAll, Elem: glob("/project/**", true)},
		{Q: runtime.QNone, Elem: or(runtime.Str{Op: runtime.StrDynamic}, glob("**/*.pub", true))},
		{Q: runtime.QPrefix, Prefix: []runtime.Str{{Op: runtime.StrNot, Subs: []runtime.Str{glob("/tmp/**", true)}}}},
	}}
	if !reflect.DeepEqual(paths.Reads, wantReads) {
		t.Errorf("reads = %+v, want %+v", paths.Reads, wantReads)
	}
	wantCmd := &runtime.CmdCond{
		Args:      runtime.List{Conds: []runtime.ListCond{{Q: runtime.QPrefix, Prefix: []runtime.Str{or(exact("push"), exact("pull"))}}}},
		Words:     anyOf(runtime.Str{Op: runtime.StrDynamic}),
		Line:      glob("git *", false), // foldCase is for paths only
		Wrappers:  runtime.List{Conds: []runtime.ListCond{{Q: runtime.QNone, Elem: exact("sudo")}}},
		Assigns:   anyOf(re(2)),
		Producers: anyOf(exact("curl")),
	}
	if !reflect.DeepEqual(paths.Cmd, wantCmd) {
		t.Errorf("command = %+v, want %+v", paths.Cmd, wantCmd)
	}

	if want := map[string]string{"broad-allow": "the default is deny"}; !reflect.DeepEqual(p.Accept, want) {
		t.Errorf("Accept = %v, want %v", p.Accept, want)
	}
	if want := map[string]string{"broad-allow": "background agents only", "dead": "kept for later"}; !reflect.DeepEqual(p.Rules[1].Accept, want) {
		t.Errorf("Rules[1].Accept = %v, want %v", p.Rules[1].Accept, want)
	}
	if p.Rules[0].Accept != nil {
		t.Errorf("Rules[0].Accept = %v, want nil", p.Rules[0].Accept)
	}

	// Command knowledge: the base set, a field-by-field override, an addition.
	cmd := func(name string) *runtime.Command {
		i, ok := slices.BinarySearchFunc(tb.Commands, name, func(c runtime.Command, n string) int { return strings.Compare(c.Name, n) })
		if !ok {
			t.Fatalf("no command %q", name)
		}
		return &tb.Commands[i]
	}
	if !slices.IsSortedFunc(tb.Commands, func(a, b runtime.Command) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("Commands not sorted")
	}
	if c := cmd("sudo"); c.Wrapper != runtime.WrapExec || c.Opt("-u") != runtime.OptValue || c.Opt("--user") != runtime.OptValue {
		t.Errorf("sudo = %+v", c)
	}
	if c := cmd("mywrap"); c.Wrapper != runtime.WrapExec || c.SkipOperands != 2 {
		t.Errorf("mywrap = %+v", c)
	}
	if c := cmd("rm"); c.Writes != runtime.OpAll || !c.Abbrev {
		t.Errorf("rm = %+v", c)
	}
	if len(tb.Commands) != len(BaseCommands())+1 {
		t.Errorf("%d commands, want %d", len(tb.Commands), len(BaseCommands())+1)
	}
	wantTools := map[string]runtime.ToolPaths{
		"Read":          {Tool: "Read", Reads: []string{"file_path"}, Globs: []string{"pattern"}},
		"mcp__fs__read": {Tool: "mcp__fs__read", Reads: []string{"path"}},
		"Edit":          {Tool: "Edit", Reads: []string{"file_path"}, Writes: []string{"file_path"}},
	}
	for _, tp := range tb.Tools {
		if w, ok := wantTools[tp.Tool]; ok && !reflect.DeepEqual(tp, w) {
			t.Errorf("tool %+v, want %+v", tp, w)
		}
		delete(wantTools, tp.Tool)
	}
	if len(wantTools) > 0 {
		t.Errorf("tools missing: %v", wantTools)
	}

	// Tests: sorted by name, payloads canonical.
	wantTests := []Test{{
		Name:     "explicit",
		Pos:      "testdata/good/tests.cue:11:2",
		Payload:  []byte(`{"agent_type":"Explore","cwd":"/elsewhere","hook_event_name":"PostToolUse","permission_mode":"plan","session_id":"test","tool_input":{"command":"ls"},"tool_name":"Bash"}`),
		Env:      map[string]string{"CI": "1"},
		Want:     "pass",
		Files:    []string{"/project/a"},
		Dirs:     []string{"/project/d"},
		Symlinks: map[string]string{"/project/l": "/etc/passwd"},
	}, {
		Name:    "payload",
		Pos:     "testdata/good/tests.cue:6:2",
		Payload: []byte(`{"agent_id":"test-agent","cwd":"/w","hook_event_name":"PermissionRequest","session_id":"test","tool_input":{"file_path":"x"},"tool_name":"Write"}`),
		Want:    "ask",
	}, {
		Name:    "read",
		Pos:     "testdata/good/tests.cue:5:2",
		Payload: []byte(`{"cwd":"/project","hook_event_name":"PreToolUse","session_id":"test","tool_input":{"file_path":"/project/a","limit":10,"offset":1.5},"tool_name":"Read"}`),
		Want:    "allow",
	}, {
		Name:    "sudo rm",
		Pos:     "testdata/good/tests.cue:4:2",
		Payload: []byte(`{"cwd":"/project","hook_event_name":"PreToolUse","session_id":"test","tool_input":{"command":"sudo rm -rf / && echo <done>"},"tool_name":"Bash"}`),
		Want:    "deny",
		Rule:    "rm -r",
		Texts:   map[string]string{"reason": "rm -r"},
	}}
	if len(p.Tests) != len(wantTests) {
		t.Fatalf("%d tests, want %d", len(p.Tests), len(wantTests))
	}
	for i, want := range wantTests {
		got := p.Tests[i]
		if !bytes.Equal(got.Payload, want.Payload) {
			t.Errorf("test %q payload:\n got %s\nwant %s", want.Name, got.Payload, want.Payload)
		}
		got.Payload, want.Payload = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("test %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
}

func shaOf(t *testing.T, dir string, names ...string) string {
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s\x00%s\x00", n, b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestDeterministic loads a policy twice and compares the results.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	a, err := Dir("testdata/good")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Dir("./testdata/../testdata/good/")
	if err != nil {
		t.Fatal(err)
	}
	b.Dir, b.Table.Policy = a.Dir, a.Table.Policy
	if !reflect.DeepEqual(a, b) {
		t.Error("two loads of the same policy differ")
	}
}

// TestErrors loads the policies in testdata/errors/*.txtar and compares the
// diagnostics with the archive's "want" file (positions relative to the
// archive's root). HOOKC_UPDATE=1 rewrites them.
func TestErrors(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/errors/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test archives: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			want, hasWant := "", false
			for _, f := range ar.Files {
				if f.Name == "want" {
					want, hasWant = string(f.Data), true
					continue
				}
				name := filepath.Join(dir, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			policy := dir
			if b, err := os.ReadFile(filepath.Join(dir, "dir")); err == nil {
				policy = filepath.Join(dir, strings.TrimSpace(string(b)))
			}
			_, err = Dir(policy)
			var got string
			if err != nil {
				var l diag.List
				if !errors.As(err, &l) {
					t.Fatalf("error %T is not a diag.List: %v", err, err)
				}
				got = strings.ReplaceAll(l.Error(), filepath.ToSlash(dir)+"/", "") + "\n"
				got = strings.ReplaceAll(got, filepath.ToSlash(dir), ".")
			}
			if os.Getenv("HOOKC_UPDATE") == "1" {
				updateWant(t, file, ar, got)
				return
			}
			if !hasWant {
				t.Fatalf("no want file in %s; HOOKC_UPDATE=1 adds it", file)
			}
			if got != want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func updateWant(t *testing.T, file string, ar *txtar.Archive, got string) {
	found := false
	for i := range ar.Files {
		if ar.Files[i].Name == "want" {
			ar.Files[i].Data = []byte(got)
			found = true
		}
	}
	if !found {
		ar.Files = append(ar.Files, txtar.File{Name: "want", Data: []byte(got)})
	}
	if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPresetsOffline imports every preset with no registry and no network.
// It sets the environment, so it does not run in parallel.
func TestPresetsOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every preset from a fresh module cache")
	}
	tmp := t.TempDir()
	t.Setenv("CUE_REGISTRY", "none")
	t.Setenv("GOPROXY", "off")
	t.Setenv("CUE_CACHE_DIR", filepath.Join(tmp, "cache"))
	t.Setenv("HOME", filepath.Join(tmp, "home"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(tmp, "config"))

	ruleCount := map[string]int{}
	for _, name := range presets.Names() {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(tmp, name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			src := fmt.Sprintf("package p\n\nimport %q\n\n_use: %s\nrules: []\n", presets.ImportPrefix+"/"+name, name)
			if name != "files" {
				src = fmt.Sprintf("package p\n\nimport %q\n\nrules: %s.rules\n", presets.ImportPrefix+"/"+name, name)
			}
			if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := Dir(dir)
			if err != nil {
				t.Fatal(err)
			}
			ruleCount[name] = len(p.Table.Rules)
			for _, r := range p.Table.Rules {
				if !strings.HasPrefix(r.Pos, presets.ImportPrefix+"/"+name+"/") {
					t.Errorf("rule %q at %q, want a position in the preset", r.Name, r.Pos)
				}
			}
		})
	}
	for name, min := range map[string]int{"secrets": 2, "destructive": 8, "readonly": 2} {
		if ruleCount[name] < min {
			t.Errorf("preset %s has %d rules, want at least %d", name, ruleCount[name], min)
		}
	}
	// And all of them together, in a policy inside a module of its own.
	p, err := Dir("testdata/presets")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Table.Rules[len(p.Table.Rules)-1].Pos, "testdata/presets/policy.cue:14:9"; got != want {
		t.Errorf("last rule at %s, want %s", got, want)
	}
	if _, err := Dir("testdata/withmod/policy"); err != nil {
		t.Fatal(err)
	}
}

// TestModule loads a policy inside its own CUE module that imports a
// package of the module and a preset.
func TestModule(t *testing.T) {
	t.Parallel()
	p, err := Dir("testdata/withmod/policy")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range p.Table.Rules {
		got = append(got, r.Name+" @ "+r.Pos)
	}
	want := []string{
		"secrets: read @ hookc.dev/presets/secrets/secrets.cue:149:2",
		"secrets: write @ hookc.dev/presets/secrets/secrets.cue:158:2",
		"lib: git push @ testdata/withmod/lib/lib.cue:4:15",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestEmbed embeds a file into a rule's context with CUE's @embed, which
// needs a module: hookc's overlay provides one.
func TestEmbed(t *testing.T) {
	t.Parallel()
	p, err := Dir("testdata/embed")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Table.Rules[0].Context; got != "Be careful.\n" {
		t.Errorf("context = %q", got)
	}
}

// TestPresetFiles checks that the files preset lists exactly the programs
// the base command knowledge says read or write operands.
func TestPresetFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `package p

import "hookc.dev/presets/files"

rules: [{name: "r", command: name: files.readers, decision: "ask"}, {name: "w", command: name: files.writers, decision: "ask"}]
`
	if err := os.WriteFile(filepath.Join(dir, "p.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := func(s runtime.Str) []string {
		var out []string
		for _, sub := range s.Subs {
			out = append(out, sub.S)
		}
		slices.Sort(out)
		return out
	}
	var readers, writers []string
	for _, c := range BaseCommands() {
		if c.Reads != runtime.OpNone || len(c.KeyReads) > 0 {
			readers = append(readers, c.Name)
		}
		if c.Writes != runtime.OpNone || len(c.KeyWrites) > 0 {
			writers = append(writers, c.Name)
		}
	}
	if got := names(p.Table.Rules[0].Cmd.Name); !slices.Equal(got, readers) {
		t.Errorf("files.readers = %q\nbase readers = %q", got, readers)
	}
	if got := names(p.Table.Rules[1].Cmd.Name); !slices.Equal(got, writers) {
		t.Errorf("files.writers = %q\nbase writers = %q", got, writers)
	}
}

func TestBaseCommands(t *testing.T) {
	t.Parallel()
	cmds := BaseCommands()
	if !slices.IsSortedFunc(cmds, func(a, b runtime.Command) int { return strings.Compare(a.Name, b.Name) }) {
		t.Fatal("not sorted")
	}
	byName := map[string]runtime.Command{}
	for _, c := range cmds {
		if _, dup := byName[c.Name]; dup {
			t.Errorf("duplicate %q", c.Name)
		}
		byName[c.Name] = c
		for _, o := range runtime.DecodeOpts(c.Opts) {
			if !strings.HasPrefix(o.Name, "-") && !strings.HasPrefix(o.Name, "+") {
				t.Errorf("%s: option %q does not start with - or +", c.Name, o.Name)
			}
		}
	}
	for _, tc := range []struct {
		name string
		ok   func(c runtime.Command) bool
	}{
		{"sudo", func(c runtime.Command) bool {
			return c.Wrapper == runtime.WrapExec && c.Opt("-u") == runtime.OptValue
		}},
		{"env", func(c runtime.Command) bool {
			return c.Opt("-S") == runtime.OptSplit && c.Opt("--split-string") == runtime.OptSplit
		}},
		{"command", func(c runtime.Command) bool {
			return c.Opt("-v") == runtime.OptNoExec && c.Opt("-V") == runtime.OptNoExec
		}},
		{"su", func(c runtime.Command) bool {
			return c.Wrapper == runtime.WrapExec && c.SkipOperands == 1 && c.Opt("-c") == runtime.OptScript
		}},
		{"timeout", func(c runtime.Command) bool { return c.SkipOperands == 1 }},
		{"xargs", func(c runtime.Command) bool {
			return c.Wrapper == runtime.WrapXargs && c.Opt("-i") != runtime.OptValue
		}},
		{"bash", func(c runtime.Command) bool {
			return c.Wrapper == runtime.WrapShell && c.Opt("-c") == runtime.OptScript
		}},
		{"find", func(c runtime.Command) bool { return c.Wrapper == runtime.WrapFind && c.NoSplit }},
		{"eval", func(c runtime.Command) bool { return c.Wrapper == runtime.WrapEval }},
		{"watch", func(c runtime.Command) bool { return c.Wrapper == runtime.WrapScript }},
		{"grep", func(c runtime.Command) bool {
			return c.Reads == runtime.OpAfterPattern && c.Opt("-e") == runtime.OptValue
		}},
		{"cp", func(c runtime.Command) bool { return c.Reads == runtime.OpAllButLast && c.Writes == runtime.OpLast }},
		{"rm", func(c runtime.Command) bool { return c.Abbrev && c.Opt("--recursive") != runtime.OptUnknown }},
		{"chmod", func(c runtime.Command) bool { return c.Writes == runtime.OpAllButFirst }},
		{"dd", func(c runtime.Command) bool {
			return c.NoSplit && slices.Equal(c.KeyReads, []string{"if"}) && slices.Equal(c.KeyWrites, []string{"of"})
		}},
		{"git", func(c runtime.Command) bool {
			return c.Opt("-C") == runtime.OptDir && c.Opt("-c") == runtime.OptUnsafeValue && c.Sub("push").Abbrev && c.Sub("push").Opt("--force-with-lease") != runtime.OptUnknown
		}},
		{".", func(c runtime.Command) bool { return c.Reads == runtime.OpFirst }},
	} {
		c, ok := byName[tc.name]
		if !ok || !tc.ok(c) {
			t.Errorf("%s: %+v", tc.name, c)
		}
	}
	tools := BaseTools()
	if len(tools) == 0 || tools[0].Tool != "Edit" {
		t.Errorf("tools = %+v", tools)
	}
	// The result is the caller's.
	i := slices.IndexFunc(cmds, func(c runtime.Command) bool { return len(c.KeyReads) > 0 })
	cmds[i].KeyReads[0] = "changed"
	if again := BaseCommands(); reflect.DeepEqual(again[i], cmds[i]) {
		t.Error("BaseCommands shares its slices")
	}
}

// BenchmarkLoad200 loads a generated policy of 200 rules.
func BenchmarkLoad200(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(bigPolicy(200)), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Dir(dir); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoad200 checks that a generated 200-rule policy loads.
func TestLoad200(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(bigPolicy(200)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Table.Rules) != 200 {
		t.Errorf("%d rules", len(p.Table.Rules))
	}
}

func bigPolicy(n int) string {
	var b strings.Builder
	b.WriteString("package big\n\nimport \"list\"\n\nrules: list.Concat([_a, _b])\n\n_a: [\n")
	for i := range n / 2 {
		fmt.Fprintf(&b, "\t{name: \"cmd %d\", command: {name: [\"prog%d\", \"alt%d\"], args: {prefix: [\"sub%d\"]}, flags: {none: [\"-f\", \"--force\"]}}, decision: \"allow\", reason: \"{program} is fine\"},\n", i, i, i, i)
	}
	b.WriteString("]\n\n_b: [\n")
	for i := range n - n/2 {
		fmt.Fprintf(&b, "\t{name: \"path %d\", tool: [\"Read\", \"Edit\"], path: {any: [\"/srv/%d/**\", {re: \"^/data/%d/\"}]}, input: {limit: %d}, when: {env: {CI: {unset: true}}}, decision: \"deny\"},\n", i, i, i, i)
	}
	b.WriteString("]\n\ntests: {\n")
	for i := range 20 {
		fmt.Fprintf(&b, "\t\"t%d\": {bash: \"prog%d sub%d\", want: \"allow\", rule: \"cmd %d\"}\n", i, i, i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestPresetBehaviour runs the tests of testdata/presets, a policy made of
// every preset, through the runtime's evaluator.
func TestPresetBehaviour(t *testing.T) {
	t.Parallel()
	p, err := Dir("testdata/presets")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tests) == 0 {
		t.Fatal("no tests")
	}
	for _, tc := range p.Tests {
		env := &runtime.Env{
			Getenv: func(k string) string { return tc.Env[k] },
			Home:   TestHome,
			FS:     runtime.MapFS{},
		}
		res := runtime.Decide(p.Table, tc.Payload, env)
		if res.Verdict() != tc.Want || (tc.Rule != "" && res.Rule != tc.Rule) {
			t.Errorf("%s (%s): got %v by %q (%s), want %v by %q", tc.Name, tc.Pos, res.Decision, res.Rule, res.Reason, tc.Want, tc.Rule)
		}
	}
}
