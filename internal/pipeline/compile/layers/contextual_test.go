package layers

import (
	"testing"

	"hookc.dev/hookc/runtime"
)

// TestContextual checks that every condition of the language is either
// compiled by the layers or makes the rule hold in a context they cannot
// see, so that a condition added to runtime.Conds is never read as
// holding everywhere.
func TestContextual(t *testing.T) {
	for i := range runtime.Conds {
		cd := &runtime.Conds[i]
		if cd.Cmd || compiledConds[cd.Name] {
			continue
		}
		r := &runtime.Rule{}
		switch v := cd.Value(r).(type) {
		case *runtime.Str:
			*v = runtime.Str{Op: runtime.StrExact, S: "x"}
		case *[]runtime.Field:
			*v = []runtime.Field{{Path: "x"}}
		case *[]runtime.EnvCond:
			*v = []runtime.EnvCond{{Name: "X"}}
		case *runtime.AgentKind:
			*v = runtime.SubAgent
		case *[]runtime.PathCheck:
			*v = []runtime.PathCheck{{Path: "x"}}
		case *runtime.OnDisk:
			*v = runtime.OnDisk(1)
		case *runtime.List:
			*v = runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: runtime.Str{Op: runtime.StrExact, S: "x"}}}}
		default:
			t.Fatalf("condition %s: value of type %T not set by this test", cd.Name, v)
		}
		if !cd.Has(r) {
			t.Fatalf("condition %s: the test's value is not a condition", cd.Name)
		}
		c := &ruleCompiler{r: r}
		if c.contextual() == "" {
			t.Errorf("a rule with %s holds everywhere for the layers; add it to contextPhrases or compiledConds", cd.Name)
		}
	}
	c := &ruleCompiler{r: &runtime.Rule{Tool: runtime.Str{Op: runtime.StrExact, S: "Read"}}}
	if why := c.contextual(); why != "" {
		t.Errorf("a rule on the tool alone: %q, want none", why)
	}
}
