package commands

import (
	"reflect"
	"testing"
)

// TestBasePacked checks that the packed built-in knowledge a hook reads
// decodes to BaseCommands, and that names it lacks find nothing
// (design.md 336).
func TestBasePacked(t *testing.T) {
	if len(baseCommandOffs) != len(BaseCommands) {
		t.Fatalf("%d packed commands, %d in BaseCommands", len(baseCommandOffs), len(BaseCommands))
	}
	for i := range BaseCommands {
		want := &BaseCommands[i]
		got := Base(want.Name)
		if got == nil {
			t.Errorf("%s: not found", want.Name)
			continue
		}
		if got != Base(want.Name) {
			t.Errorf("%s: decoded twice", want.Name)
		}
		if u := got.Expanded(); !reflect.DeepEqual(u, *want) {
			t.Errorf("%s: decoded\n%#v\nwant\n%#v", want.Name, u, *want)
		}
		if want.Subs != nil && (got.HasSubs() != (len(want.Subs) > 0)) {
			t.Errorf("%s: HasSubs %v", want.Name, got.HasSubs())
		}
	}
	for _, name := range []string{"", "!", "zzzz", "gitx", "gi", "~"} {
		if c := Base(name); c != nil {
			t.Errorf("%q: found %s", name, c.Name)
		}
	}
	if git := Base("git"); git.Sub("") != nil || git.Sub("zzz") != nil || git.Sub("status") == nil {
		t.Error("git's subcommands: wrong lookups")
	}
	data, offs, subOffs := Pack(BaseCommands)
	if data != baseCommandsData || !reflect.DeepEqual(offs, baseCommandOffs[:]) || !reflect.DeepEqual(subOffs, baseSubOffs[:]) {
		t.Error("baseCommandsData is not BaseCommands packed: run HOOKC_UPDATE=1 go test -run TestBaseCommands . and commit the result")
	}
}
