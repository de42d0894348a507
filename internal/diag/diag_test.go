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
		"pos": {
			"file": "p",
			"line": 0,
			"column": 0
		},
		"message": "no files",
		"related": [],
		"witness": null
	},
	{
		"check": "invalid",
		"pos": {
			"file": "p/a.cue",
			"line": 9,
			"column": 3
		},
		"message": "line nine",
		"related": [
			{
				"pos": {
					"file": "p/a.cue",
					"line": 2,
					"column": 3
				},
				"message": "first defined here"
			}
		],
		"witness": null
	},
	{
		"check": "type",
		"pos": {
			"file": "p/a.cue",
			"line": 10,
			"column": 3
		},
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

func TestJSONPositions(t *testing.T) {
	t.Parallel()
	for _, want := range []Pos{{"c:/a b.cue", 3, 4}, {"dir", 0, 0}} {
		b, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var got Pos
		if err := json.Unmarshal(b, &got); err != nil || got != want {
			t.Errorf("%s read back as %+v, %v", b, got, err)
		}
	}
}

func TestPrintGitHub(t *testing.T) {
	t.Parallel()
	l := List{
		{Pos: Pos{"p/a.cue", 9, 3}, Check: "shadowed", Message: `rule "x" is shadowed: 100% hidden`,
			Related: []Related{{Pos{"p/a.cue", 2, 3}, `rule "y" defined here`}},
			Witness: []byte(`{"tool_name": "Bash"}`)},
		{Pos: Pos{File: "p,q:r"}, Message: "no files"},
	}
	var b strings.Builder
	if err := PrintGitHub(&b, "hookc vet", l); err != nil {
		t.Fatal(err)
	}
	want := "::error file=p/a.cue,line=9,col=3,title=hookc vet (shadowed)::rule \"x\" is shadowed: 100%25 hidden%0A\tp/a.cue:2:3: rule \"y\" defined here%0A\twitness: {\"tool_name\":\"Bash\"}\n" +
		"::error file=p%2Cq%3Ar,title=hookc vet::no files\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
