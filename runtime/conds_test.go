package runtime_test

import (
	"reflect"
	"testing"

	"hookc.dev/hookc/runtime"
)

// TestCondsDeclareEveryCondition checks that runtime.Conds names every
// field of Rule and CmdCond that is a condition, once (design.md 210).
func TestCondsDeclareEveryCondition(t *testing.T) {
	notConds := map[string]bool{"Name": true, "Pos": true, "Decision": true, "Reason": true, "Message": true, "Context": true,
		"ContextFiles": true, "Stop": true, "StopReason": true, "Floor": true, "Effects": true,
		"RemoveContextFiles": true, "SaveFile": true, "SaveFields": true}
	r := &runtime.Rule{Cmd: &runtime.CmdCond{}}
	declared := map[uintptr]string{}
	for i := range runtime.Conds {
		c := &runtime.Conds[i]
		p := reflect.ValueOf(c.Value(r)).Pointer()
		if other, ok := declared[p]; ok {
			t.Errorf("%s and %s are the same field", c.Name, other)
		}
		declared[p] = c.Name
		if runtime.CondNamed(c.Name) != c {
			t.Errorf("CondNamed(%q) is not its entry", c.Name)
		}
	}
	check := func(v reflect.Value) {
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if notConds[f.Name] && v.Type() == reflect.TypeFor[runtime.Rule]() {
				continue
			}
			if _, ok := declared[v.Field(i).Addr().Pointer()]; !ok {
				t.Errorf("%s.%s is not in runtime.Conds", v.Type().Name(), f.Name)
			}
		}
	}
	check(reflect.ValueOf(r).Elem())
	check(reflect.ValueOf(r.Cmd).Elem())
}

// TestWalkConds checks that the walks visit only the conditions a rule
// has, in the order of Conds, and that CloneConds shares nothing the
// walks give.
func TestWalkConds(t *testing.T) {
	r := runtime.Rule{
		Tool:  runtime.Str{Op: runtime.StrExact, S: "Bash"},
		Input: []runtime.Field{{Path: "command", Str: runtime.Str{Op: runtime.StrExact, S: "ls"}}},
		Cmd: &runtime.CmdCond{Args: runtime.List{Conds: []runtime.ListCond{
			{Q: runtime.QAny, Elem: runtime.Str{Op: runtime.StrExact, S: "a"}},
			{Q: runtime.QPrefix, Prefix: []runtime.Str{{Op: runtime.StrExact, S: "b"}}},
		}}},
		Env:    []runtime.EnvCond{{Name: "X", Unset: true}},
		OnDisk: runtime.OnDiskExist,
	}
	var names []string
	runtime.WalkConds(&r, func(c *runtime.Cond, _ any) { names = append(names, c.Name) })
	want := []string{"tool", "input", "when.paths", "when.env", "command", "command.args"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("WalkConds: %q, want %q", names, want)
	}
	var keys []string
	runtime.WalkMatchers(&r, func(c *runtime.Cond, key string, s *runtime.Str) { keys = append(keys, c.Name+" "+key+" "+s.S) })
	wantKeys := []string{"tool  Bash", "input command ls", "when.env X ", "command.args any a", "command.args prefix[0] b"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Errorf("WalkMatchers: %q, want %q", keys, wantKeys)
	}
	c := r
	runtime.CloneConds(&c)
	runtime.WalkMatchers(&c, func(_ *runtime.Cond, _ string, s *runtime.Str) { s.S = "changed" })
	if r.Input[0].Str.S != "ls" || r.Cmd.Args.Conds[1].Prefix[0].S != "b" || r.Env[0].Value.S != "" {
		t.Errorf("CloneConds shares the original's matchers: %+v", r)
	}
}
