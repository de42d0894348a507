package vet

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

func TestNearMiss(t *testing.T) {
	t.Parallel()
	names := knownToolNames()
	tests := []struct {
		name, want string
		ok         bool
	}{
		{"Raed", "Read", true},
		{"bash", "Bash", true},
		{"Wirte", "Write", true},
		{"WebFetc", "WebFetch", true},
		{"Read", "", false}, // known
		{"Deploy", "", false},
		{"X", "", false},
	}
	for _, tt := range tests {
		got, ok := nearMiss(tt.name, names)
		if got != tt.want || ok != tt.ok {
			t.Errorf("nearMiss(%q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if !isKnownTool("mcp__github__create_issue") || !isKnownTool("Task") || isKnownTool("task") {
		t.Error("isKnownTool")
	}
	// An MCP tool is mcp__<server>__<tool>, both parts non-empty; the
	// server may hold single underscores (design.md 146).
	re := regexp.MustCompile(mcpPattern)
	for name, want := range map[string]bool{
		"mcp__github__create_issue": true, "mcp__my_server__t": true, "mcp__a__b__c": true, "mcp__a___b": true,
		"mcp__github_create_issue": false, "mcp____t": false, "mcp__s__": false, "mcp__": false, "mcp__s": false, "mcp_s__t": false,
	} {
		if isMCPTool(name) != want || re.MatchString(name) != want {
			t.Errorf("isMCPTool(%q) = %v, pattern %v; want %v", name, isMCPTool(name), re.MatchString(name), want)
		}
	}
}

func TestEmptyAlternative(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"rm|": true, "|rm": true, "(rm|)": true, "a|b|": true, "(?:x|)": true,
		"^(rm|)$": false, "rm": false, "x(a|)": false, "a|b": false, "a(": false,
	} {
		if got := emptyAlternative(p); got != want {
			t.Errorf("emptyAlternative(%q) = %v", p, got)
		}
	}
}

func TestAnchor(t *testing.T) {
	t.Parallel()
	for pat, want := range map[string]string{
		"/etc/**":   "/etc/**",
		"**/.env":   "**/.env",
		"~":         "/home/user",
		"~/.ssh/**": "/home/user/.ssh/**",
		".":         "/project",
		"./src/**":  "/project/src/**",
		"src/*.go":  "/project/src/*.go",
	} {
		if got := anchor(pat); got != want {
			t.Errorf("anchor(%q) = %q, want %q", pat, got, want)
		}
	}
}

func TestCheckDocs(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range Checks {
		first, _, _ := strings.Cut(c.Doc, "\n")
		if !strings.HasPrefix(first, c.Name+": ") {
			t.Errorf("the doc of %s starts %q", c.Name, first)
		}
		if seen[c.Name] {
			t.Errorf("two checks named %s", c.Name)
		}
		seen[c.Name] = true
	}
	for _, kind := range []string{"dead", "shadowed", "redundant", "conflict", "invalid", "unknown-tool", "unknown-field", "broad-allow"} {
		if !seen[kind] {
			t.Errorf("no check %s (design.md 23)", kind)
		}
	}
}

// policyOf returns a policy of the rules, with the base command knowledge.
func policyOf(def runtime.Decision, rules ...runtime.Rule) *load.Policy {
	t := &runtime.Table{Default: def, OnError: runtime.Ask, Floors: runtime.Floors{Dynamic: runtime.Ask, ParseError: runtime.Ask, Depth: runtime.Ask, Code: runtime.Ask, Write: runtime.Ask, Loss: runtime.Ask, Secret: runtime.Ask}, Commands: load.BaseCommands(), Tools: load.BaseTools()}
	p := &load.Policy{Dir: "p", Table: t}
	for i, r := range rules {
		r.Pos = "p/policy.cue:" + string(rune('1'+i)) + ":2"
		t.Rules = append(t.Rules, r)
		p.Rules = append(p.Rules, load.RuleInfo{Pos: r.Pos})
	}
	return p
}

func exact(s string) runtime.Str { return runtime.Str{Op: runtime.StrExact, S: s} }

// TestPessimism checks that uncertain values are modelled: an allow does
// not decide ./git, GIT or git $X, so a later deny is reached by them and
// is shadowed only for calls with certain values (definitely: its witness
// git push replays as claimed); an ask covers them, so a later deny is
// shadowed for every call.
func TestPessimism(t *testing.T) {
	t.Parallel()
	git := &runtime.CmdCond{Name: exact("git")}
	push := &runtime.CmdCond{Name: exact("git"), Args: runtime.List{Conds: []runtime.ListCond{{Q: runtime.QPrefix, Prefix: []runtime.Str{exact("push")}}}}}
	for _, tt := range []struct {
		first runtime.Decision
		want  string
	}{
		{runtime.Allow, "p/policy.cue:2:2 shadowed definitely certain-only"},
		{runtime.Ask, "p/policy.cue:2:2 shadowed definitely all"},
	} {
		p := policyOf(runtime.Ask,
			runtime.Rule{Name: "git", Decision: tt.first, Reason: "x", Cmd: git},
			runtime.Rule{Name: "push", Decision: runtime.Deny, Reason: "y", Cmd: push})
		fs, err := Run(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range fs {
			scope := "all"
			if strings.Contains(d.Message, "for calls with certain values") {
				scope = "certain-only"
			}
			got = append(got, d.Pos.String()+" "+d.Check+" "+d.Certainty+" "+scope)
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s first: %q, want [%q]", tt.first, got, tt.want)
		}
	}
}

// TestDecider checks the examples of issue 13: a finding names the rule
// that decides its witness, the earliest that matches it, and is definite
// when the witness replays so (design.md 64, 65).
func TestDecider(t *testing.T) {
	t.Parallel()
	any := func(s string) runtime.List {
		return runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: exact(s)}}}
	}
	prefix := func(s string) runtime.List {
		return runtime.List{Conds: []runtime.ListCond{{Q: runtime.QPrefix, Prefix: []runtime.Str{exact(s)}}}}
	}
	rule := func(name string, d runtime.Decision, c runtime.CmdCond) runtime.Rule {
		return runtime.Rule{Name: name, Decision: d, Cmd: &c}
	}
	for _, tt := range []struct {
		name  string
		rules []runtime.Rule
		want  string // the finding about the last rule: check, certainty, related rules (the decider first)
	}{
		{"yarn", []runtime.Rule{
			rule("yarn", runtime.Allow, runtime.CmdCond{Name: exact("yarn")}),
			rule("yarn -g", runtime.Deny, runtime.CmdCond{Name: exact("yarn"), Flags: any("-g")}),
			rule("yarn add -g", runtime.Deny, runtime.CmdCond{Name: exact("yarn"), Args: prefix("add"), Flags: any("-g")}),
		}, `shadowed definitely "yarn" "yarn -g"`},
		{"make", []runtime.Rule{
			rule("make", runtime.Allow, runtime.CmdCond{Name: exact("make")}),
			rule("make -n", runtime.Ask, runtime.CmdCond{Name: exact("make"), Flags: any("-n")}),
			rule("make pass", runtime.Pass, runtime.CmdCond{Name: exact("make")}),
		}, `shadowed definitely "make"`},
		{"git", []runtime.Rule{
			rule("git", runtime.Allow, runtime.CmdCond{Name: exact("git")}),
			rule("git push", runtime.Deny, runtime.CmdCond{Name: exact("git"), Args: prefix("push")}),
		}, `shadowed definitely "git"`},
	} {
		p := policyOf(runtime.Ask, tt.rules...)
		fs, err := Run(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		last := p.Table.Rules[len(p.Table.Rules)-1].Pos
		var got []string
		for _, d := range fs {
			if d.Pos.String() != last {
				continue
			}
			s := d.Check + " " + d.Certainty
			for _, r := range d.Related {
				if k := ruleAt(p.Table, r.Pos); k >= 0 {
					s += fmt.Sprintf(" %q", p.Table.Rules[k].Name)
				}
			}
			got = append(got, s)
			if d.Severity != "error" {
				t.Errorf("%s: severity %q, want error", tt.name, d.Severity)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %q, want [%s]", tt.name, got, tt.want)
		}
	}
}

// TestDeadWithoutToolCall checks that a rule that needs a tool_input on
// events that have none is dead, and that a stale accept is reported.
func TestDeadWithoutToolCall(t *testing.T) {
	t.Parallel()
	p := policyOf(runtime.Ask,
		runtime.Rule{Name: "stop", Decision: runtime.Deny, Event: runtime.Str{Op: runtime.StrRe, Re: 0},
			Input: []runtime.Field{{Path: "command", Kind: runtime.FieldString, Str: exact("x")}}},
		runtime.Rule{Name: "ls", Decision: runtime.Allow, Cmd: &runtime.CmdCond{Name: exact("ls")}})
	p.Table.Patterns = []string{"^(Stop|SessionStart)$"}
	p.Rules[1].Accept = map[string]string{"shadowed": "nothing hides it"}
	fs, err := Run(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range fs {
		got = append(got, d.Pos.String()+" "+d.Check+" "+d.Certainty+" "+d.Severity)
	}
	want := []string{"p/policy.cue:1:2 dead definitely error", "p/policy.cue:2:2 stale-accept definitely warning"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
