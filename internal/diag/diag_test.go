package diag

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParsePos(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Pos
	}{
		{"a/b.cue:12:3", Pos{"a/b.cue", 12, 3}},
		{"a/b.cue:12", Pos{"a/b.cue", 12, 0}},
		{"a/b.cue", Pos{"a/b.cue", 0, 0}},
		{"c:/x.cue:1:2", Pos{"c:/x.cue", 1, 2}},
		{"weird:name", Pos{"weird:name", 0, 0}},
		{"", Pos{}},
	} {
		if got := ParsePos(tc.in); got != tc.want {
			t.Errorf("ParsePos(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if tc.in != "" && !strings.Contains(tc.in, "weird") {
			if got := tc.want.String(); got != tc.in {
				t.Errorf("%+v.String() = %q, want %q", tc.want, got, tc.in)
			}
		}
	}
}

func TestSortPrint(t *testing.T) {
	t.Parallel()
	l := List{
		{Pos: Pos{"p/b.cue", 2, 1}, Check: Type, Message: "second file"},
		{Pos: Pos{"p/a.cue", 10, 3}, Check: Type, Message: "line ten"},
		{Pos: Pos{"p/a.cue", 9, 3}, Check: Invalid, Message: "line nine",
			Related: []Related{{Pos{"p/a.cue", 2, 3}, "first defined here"}}},
		{Pos: Pos{"p/a.cue", 10, 3}, Check: Type, Message: "line ten"},
		{Pos: Pos{"p/a.cue", 10, 3}, Check: Type, Message: "also line ten"},
		{Pos: Pos{"p", 0, 0}, Check: Load, Message: "no files"},
		{Pos: Pos{"p/a.cue", 20, 1}, Check: "shadowed", Message: `rule "x" is shadowed`,
			Witness: json.RawMessage(`{"tool_name": "Bash",  "tool_input": {"command": "a && b"}}`)},
	}
	l = Sort(l)
	var b strings.Builder
	if err := Print(&b, l); err != nil {
		t.Fatal(err)
	}
	want := `p: no files
p/a.cue:9:3: line nine
	p/a.cue:2:3: first defined here
p/a.cue:10:3: also line ten
p/a.cue:10:3: line ten
p/a.cue:20:1: rule "x" is shadowed
	witness: {"tool_name":"Bash","tool_input":{"command":"a && b"}}
p/b.cue:2:1: second file
`
	if got := b.String(); got != want {
		t.Errorf("Print:\n%s\nwant:\n%s", got, want)
	}
	if got := l.Error(); got != strings.TrimSuffix(want, "\n") {
		t.Errorf("Error:\n%s\nwant:\n%s", got, want)
	}

	b.Reset()
	if err := PrintJSON(&b, l[:3]); err != nil {
		t.Fatal(err)
	}
	wantJSON := `[
	{
		"check": "load",
		"pos": "p",
		"message": "no files",
		"related": [],
		"witness": null
	},
	{
		"check": "invalid",
		"pos": "p/a.cue:9:3",
		"message": "line nine",
		"related": [
			{
				"pos": "p/a.cue:2:3",
				"message": "first defined here"
			}
		],
		"witness": null
	},
	{
		"check": "type",
		"pos": "p/a.cue:10:3",
		"message": "also line ten",
		"related": [],
		"witness": null
	}
]
`
	if got := b.String(); got != wantJSON {
		t.Errorf("PrintJSON:\n%s\nwant:\n%s", got, wantJSON)
	}

	b.Reset()
	if err := PrintJSON(&b, nil); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "[]\n" {
		t.Errorf("PrintJSON(nil) = %q, want %q", got, "[]\n")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	t.Parallel()
	var p Pos
	if err := json.Unmarshal([]byte(`"x/y.cue:3:4"`), &p); err != nil {
		t.Fatal(err)
	}
	if p != (Pos{"x/y.cue", 3, 4}) {
		t.Errorf("got %+v", p)
	}
}
