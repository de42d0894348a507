package vet

import (
	"strings"
	"testing"

	"hookc.dev/hookc/internal/load"
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
	t := &runtime.Table{Default: def, OnError: runtime.Ask, Floors: runtime.Floors{Dynamic: runtime.Ask, ParseError: runtime.Ask, Depth: runtime.Ask}, Commands: load.BaseCommands(), Tools: load.BaseTools()}
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
