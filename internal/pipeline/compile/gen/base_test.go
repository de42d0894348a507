package gen_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/commands"
)

// TestOverBase: a table that knows every built-in command keeps only the
// entries it changes or adds, and knows each command as before
// (design.md 195); one that lacks a built-in command keeps its list.
func TestOverBase(t *testing.T) {
	full := slices.Clone(commands.BaseCommands)
	i := slices.IndexFunc(full, func(c runtime.Command) bool { return c.Name == "cat" })
	full[i].Strict = !full[i].Strict
	full = append(full, runtime.Command{Name: "zz-own", Reads: runtime.OpAll})
	slices.SortFunc(full, func(a, b runtime.Command) int { return strings.Compare(a.Name, b.Name) })
	tb := &runtime.Table{Commands: full}
	tt, err := hooktable.Generated(tb)
	if err != nil {
		t.Fatal(err)
	}
	if !tt.OverBase || len(tt.Commands) != 2 || tt.Commands[0].Name != "cat" || tt.Commands[1].Name != "zz-own" {
		t.Fatalf("OverBase %v, own commands %v; want cat and zz-own", tt.OverBase, tt.Commands)
	}
	for _, c := range full {
		if got := tt.Command(c.Name); got == nil || !reflect.DeepEqual(got.Expanded(), c) {
			t.Errorf("%s: the generated table knows %v, want %v", c.Name, got, c)
		}
	}
	if tt.Command("zz-none") != nil {
		t.Error("the generated table knows zz-none")
	}
	if !reflect.DeepEqual(tt.AllCommands(), full) {
		t.Error("AllCommands differs from the table's commands")
	}
	src, err := gen.Source(tb, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "commands.Command{Name:"); n != 2 {
		t.Errorf("the source writes %d commands, want 2", n)
	}

	short := &runtime.Table{Commands: []runtime.Command{{Name: "cat"}}}
	if tt, err := hooktable.Generated(short); err != nil || tt.OverBase || len(tt.Commands) != 1 {
		t.Errorf("a table without the built-in commands: OverBase %v, %d commands, err %v", tt.OverBase, len(tt.Commands), err)
	}
}
