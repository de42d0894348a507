package runtime

import "testing"

// TestOperandKnowledge checks the knowledge of operands and option values
// (design.md 261): unsafe and loss operands, options whose value outside
// the project runs code from elsewhere, unsafe values, and a one-letter
// option with its value attached to a program whose options are not
// split.
func TestOperandKnowledge(t *testing.T) {
	know := func(name string) *Command {
		switch name {
		case "make":
			return &Command{Name: "make", Opts: opts(map[OptKind][]string{OptValue: {"-C", "-j"}}), OutsideOpts: []string{"-C"}, UnsafeOperands: []string{"NAME=*"}}
		case "less":
			return &Command{Name: "less", Reads: OpAll, UnsafeOperands: []string{"+*"}}
		case "fetch":
			return &Command{Name: "fetch", LossOperands: []string{"+*"}, UnsafeOperands: []string{"*::*"}}
		case "cmake":
			return &Command{Name: "cmake", Opts: opts(map[OptKind][]string{OptValue: {"-D", "-S"}}), UnsafeValues: []string{"-D CMAKE_*"}}
		case "cc":
			return &Command{Name: "cc", NoSplit: true, Opts: opts(map[OptKind][]string{OptUnsafeValue: {"-B"}, OptWrite: {"-o"}})}
		}
		return nil
	}
	for _, tt := range []struct {
		line          string
		unknown, loss bool
	}{
		{"make -j8", false, false},
		{"make -C docs", false, false},
		{"make -C /tmp/x", true, false},
		{"make -C ../x", true, false},
		{"make -C sub/../..", true, false},
		{"make -C $d", true, false},
		{"make CC=./x all", true, false},
		{"make all", false, false},
		{"less README.md", false, false},
		{"less '+!sh' README.md", true, false},
		{"less $f", true, false},
		{"fetch origin main:main", false, false},
		{"fetch origin +main:main", false, true},
		{"fetch 'ext::sh -c x'", true, false},
		{"cmake -DBUILD=ON -S .", false, false},
		{"cmake -DCMAKE_C_COMPILER=./x -S .", true, false},
		{"cmake -D CMAKE_C_COMPILER=./x", true, false},
		{"cc -B./x a.c", true, false},
		{"cc -c a.c", false, false},
		{"cc -time=/tmp/t a.c", true, false},
		{"cc -time=t a.c", false, false},
		{"cc -fopt-info-all=../x a.c", true, false},
	} {
		x := Extract(tt.line, know, Limits{})
		if len(x.Cmds) != 1 {
			t.Fatalf("%s: %d commands", tt.line, len(x.Cmds))
		}
		c := x.Cmds[0]
		if (c.Unknown != "") != tt.unknown || (c.Loss != "") != tt.loss {
			t.Errorf("%s: unknown %q, loss %q; want unknown %v, loss %v", tt.line, c.Unknown, c.Loss, tt.unknown, tt.loss)
		}
	}
	for _, tt := range []struct {
		p, s string
		want bool
	}{
		{"NAME=*", "CC=x", true}, {"NAME=*", "=x", false}, {"NAME=*", "1A=x", false},
		{"+*", "+!sh", true}, {"+*", "x+", false}, {"*::*", "ext::sh", true}, {"*@*", "a@b", true},
		{"env", "env", true}, {"env", "envx", false},
	} {
		if got := OperandMatches(tt.p, tt.s); got != tt.want {
			t.Errorf("OperandMatches(%q, %q) = %v, want %v", tt.p, tt.s, got, tt.want)
		}
	}
}
