package vet

import (
	"fmt"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/load"
	"hookc.dev/hookc/internal/testrun"
	"hookc.dev/hookc/runtime"
)

// diffOf compares two policies and returns each change as
// "before -> after certainty", after checking that every definite
// witness replays as claimed.
func diffOf(t *testing.T, old, new *load.Policy) []string {
	t.Helper()
	res, err := Diff(old.Table, new.Table, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range res.Changes {
		if c.Certainty == Definitely {
			env := testrun.Env(&load.Test{Env: c.Env, Files: c.Files})
			ro := runtime.Explain(old.Table, c.Witness, env)
			rn := runtime.Explain(new.Table, c.Witness, env)
			if ro.Decision.String() != c.Before.Decision || rn.Decision.String() != c.After.Decision {
				t.Errorf("witness %s: %s -> %s, claimed %s -> %s", c.Witness, ro.Decision, rn.Decision, c.Before.Decision, c.After.Decision)
			}
		}
		out = append(out, fmt.Sprintf("%s %s: %s -> %s %s", c.Tool, c.Program, c.Before, c.After, c.Certainty))
	}
	if len(res.NotCompared) > 0 {
		out = append(out, "not compared: "+strings.Join(res.NotCompared, "; "))
	}
	return out
}

func TestDiffSmoke(t *testing.T) {
	git := &runtime.CmdCond{Name: exact("git")}
	push := &runtime.CmdCond{Name: exact("git"), Args: runtime.List{Conds: []runtime.ListCond{{Q: runtime.QPrefix, Prefix: []runtime.Str{exact("push")}}}}}
	old := policyOf(runtime.Ask,
		runtime.Rule{Name: "git", Decision: runtime.Allow, Cmd: git})
	new := policyOf(runtime.Ask,
		runtime.Rule{Name: "push", Decision: runtime.Deny, Cmd: push},
		runtime.Rule{Name: "git", Decision: runtime.Allow, Cmd: git})
	t.Log(diffOf(t, old, old))
	t.Log(diffOf(t, old, new))
	t.Log(diffOf(t, new, old))
}
