package settings

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type op struct {
	kind string // set, append, delete
	path Path
	val  any
}

func apply(t *testing.T, d *Doc, o op) {
	t.Helper()
	var err error
	switch o.kind {
	case "set":
		err = d.Set(o.path, o.val)
	case "append":
		err = d.Append(o.path, o.val)
	case "delete":
		err = d.Delete(o.path)
	}
	if err != nil {
		t.Fatalf("%s %v: %v", o.kind, o.path, err)
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	handler := json.RawMessage(`{"type":"command","command":"/h","args":["-event","PreToolUse"],"timeout":10}`)
	tests := []struct {
		name string
		src  string
		ops  []op
		want string
	}{
		{
			name: "new member in an object over lines",
			src:  "{\n  \"model\": \"opus\"\n}\n",
			ops:  []op{{"set", Path{"hooks", "Stop"}, []int{}}},
			want: "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
		},
		{
			name: "four spaces and no final newline",
			src:  "{\n    \"a\": 1,\n    \"b\": {\n        \"c\": true\n    }\n}",
			ops:  []op{{"set", Path{"b", "d"}, map[string]int{"x": 1}}},
			want: "{\n    \"a\": 1,\n    \"b\": {\n        \"c\": true,\n        \"d\": {\n            \"x\": 1\n        }\n    }\n}",
		},
		{
			name: "tabs",
			src:  "{\n\t\"a\": [\n\t\t1\n\t]\n}\n",
			ops:  []op{{"append", Path{"a"}, map[string]int{"b": 2}}},
			want: "{\n\t\"a\": [\n\t\t1,\n\t\t{\n\t\t\t\"b\": 2\n\t\t}\n\t]\n}\n",
		},
		{
			name: "one line stays one line",
			src:  `{"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": []}]}}`,
			ops:  []op{{"append", Path{"hooks", "PreToolUse"}, json.RawMessage(`{"matcher":"*","hooks":[` + string(handler) + `]}`)}},
			want: `{"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": []}, {"matcher": "*", "hooks": [{"type": "command", "command": "/h", "args": ["-event", "PreToolUse"], "timeout": 10}]}]}}`,
		},
		{
			name: "compact stays compact",
			src:  `{"a":1,"b":[]}`,
			ops:  []op{{"append", Path{"b"}, map[string]int{"c": 1}}, {"set", Path{"d"}, "x"}},
			want: `{"a":1,"b":[{"c":1}],"d":"x"}`,
		},
		{
			name: "escapes and HTML characters are kept as written",
			src:  "{\n  \"a\": \"<b>&</b> \\u00e9\\/\"\n}\n",
			ops:  []op{{"set", Path{"b"}, "<i>&</i>"}},
			want: "{\n  \"a\": \"<b>&</b> \\u00e9\\/\",\n  \"b\": \"<i>&</i>\"\n}\n",
		},
		{
			name: "replace a number in place",
			src:  "{\n  \"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"command\": \"/h\", \"timeout\": 10}]}]},\n  \"z\": 1\n}\n",
			ops:  []op{{"set", Path{"hooks", "PreToolUse", 0, "hooks", 0, "timeout"}, 20}},
			want: "{\n  \"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"command\": \"/h\", \"timeout\": 20}]}]},\n  \"z\": 1\n}\n",
		},
		{
			name: "replace a list written on one line keeps one line",
			src:  "{\n  \"args\": [\"-event\", \"Stop\"],\n  \"z\": 1\n}\n",
			ops:  []op{{"set", Path{"args"}, []string{"-event", "PreToolUse"}}},
			want: "{\n  \"args\": [\"-event\", \"PreToolUse\"],\n  \"z\": 1\n}\n",
		},
		{
			name: "an empty object in a document over lines",
			src:  "{\n  \"hooks\": {}\n}\n",
			ops:  []op{{"set", Path{"hooks", "Stop"}, 1}},
			want: "{\n  \"hooks\": {\n    \"Stop\": 1\n  }\n}\n",
		},
		{
			name: "an empty document",
			src:  "  \n",
			ops:  []op{{"set", Path{"hooks", "Stop"}, []int{1}}},
			want: "{\n  \"hooks\": {\n    \"Stop\": [\n      1\n    ]\n  }\n}\n",
		},
		{
			name: "delete the first, a middle and the last member",
			src:  "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4\n}\n",
			ops:  []op{{"delete", Path{"a"}, nil}, {"delete", Path{"c"}, nil}, {"delete", Path{"d"}, nil}},
			want: "{\n  \"b\": 2\n}\n",
		},
		{
			name: "delete the only member and list elements",
			src:  `{"a": [1, 2, 3], "b": {"c": 1}}`,
			ops:  []op{{"delete", Path{"a", 1}, nil}, {"delete", Path{"b", "c"}, nil}, {"delete", Path{"a", 0}, nil}},
			want: `{"a": [3], "b": {}}`,
		},
		{
			name: "delete of a missing value does nothing",
			src:  `{"a": 1}`,
			ops:  []op{{"delete", Path{"b", "c"}, nil}, {"delete", Path{"a", 0}, nil}},
			want: `{"a": 1}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse("s.json", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range tt.ops {
				apply(t, d, o)
			}
			if got := string(d.Bytes()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestRoundTrip adds a member and a list element to real settings files
// and removes them again: the file must come back byte for byte, and in
// between it must mean what encoding/json says it should.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "protocol", "*.json"))
	files = append(files, filepath.Join("testdata", "styles.json"))
	if len(files) < 10 {
		t.Fatalf("found %d files", len(files))
	}
	extra := map[string]any{"type": "command", "command": "/x/<hook>&", "args": []string{"-event", "Stop"}, "timeout": 5}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if json.Unmarshal(src, &want) != nil {
			continue // not an object
		}
		d, err := Parse(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// A new top-level member.
		apply(t, d, op{"set", Path{"hookcTest", "inner"}, extra})
		var got map[string]any
		if err := json.Unmarshal(d.Bytes(), &got); err != nil {
			t.Fatalf("%s: invalid after set: %v\n%s", name, err, d.Bytes())
		}
		want["hookcTest"] = map[string]any{"inner": roundJSON(t, extra)}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: after set:\n%s", name, d.Bytes())
		}
		delete(want, "hookcTest")
		apply(t, d, op{"delete", Path{"hookcTest"}, nil})
		if !bytes.Equal(d.Bytes(), src) {
			t.Errorf("%s: not restored:\n%s", name, d.Bytes())
		}
		// An element at the end of every list in the file.
		for _, p := range lists(d, d.Root, nil) {
			n := len(d.Lookup(p).Elems)
			apply(t, d, op{"append", p, extra})
			if !json.Valid(d.Bytes()) {
				t.Fatalf("%s: invalid after append to %v:\n%s", name, p, d.Bytes())
			}
			apply(t, d, op{"delete", append(p, n), nil})
			if !bytes.Equal(d.Bytes(), src) {
				t.Errorf("%s: append to %v not undone:\n%s", name, p, d.Bytes())
			}
		}
	}
}

// lists returns the paths of the non-empty lists in v.
func lists(d *Doc, v *Value, at Path) []Path {
	var out []Path
	switch v.Kind {
	case Array:
		if len(v.Elems) > 0 {
			out = append(out, append(Path(nil), at...))
		}
		for i, e := range v.Elems {
			out = append(out, lists(d, e, append(append(Path(nil), at...), i))...)
		}
	case Object:
		for _, m := range v.Members {
			out = append(out, lists(d, m.Value, append(append(Path(nil), at...), m.Key))...)
		}
	}
	return out
}

func roundJSON(t *testing.T, x any) any {
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var y any
	json.Unmarshal(b, &y)
	return y
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ src, want string }{
		{`{"a": 1,}`, "s.json:1:9: a comma before } is not JSON"},
		{"{\n  \"a\": 1\n  \"b\": 2\n}", `s.json:3:3: unexpected character '"' in an object, want ',' or '}'`},
		{"{\n  // note\n  \"a\": 1\n}", `s.json:2:3: unexpected character '/', want a key in double quotes`},
		{`{"a": // x` + "\n1}", "s.json:1:7: comments are not JSON"},
		{`{"hooks": 1, "hooks": 2}`, `s.json:1:14: key "hooks" is given twice in one object; remove one of them`},
		{`{"a": [1, 2,]}`, "s.json:1:13: a comma before ] is not JSON"},
		{`{"a": "x`, "s.json:1:7: unterminated string"},
		{`{"a": tru}`, "s.json:1:7: unexpected character 't', want a value"},
		{`{"a": 01}`, "s.json:1:8: unexpected character '1' in an object, want ',' or '}'"},
		{`{"a": 1} x`, "s.json:1:10: unexpected character 'x' after the top-level value"},
		{`{"a": "\x"}`, `s.json:1:8: invalid escape \x in a string`},
		{"{\"a\": \"\t\"}", `s.json:1:8: control character '\t' in a string; write it as an escape`},
		{`{`, "s.json:1:2: unexpected end of file, want a key in double quotes"},
		{strings.Repeat("[", 1001), "s.json:1:1001: nested more than 1000 deep"},
	}
	for _, tt := range tests {
		_, err := Parse("s.json", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) = %v, want %s", tt.src, err, tt.want)
		}
	}
}

// TestParseAgreesWithEncodingJSON checks that what the parser accepts is
// JSON and decodes as encoding/json decodes it.
func TestParseAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`{"a": "\ud83d\ude00 \ud800 x", "b": [1.5e3, -0, true, false, null], "c": {}}`,
		`[]`, `"x"`, `-1.25E-3`, `{"\u0041": 1}`,
	} {
		d, err := Parse("s.json", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		var want any
		json.Unmarshal([]byte(src), &want)
		var got any
		if err := d.Decode(d.Root, &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decoded %v, want %v", src, got, want)
		}
		if d.Root.Kind == Object {
			for _, m := range d.Root.Members {
				if _, ok := want.(map[string]any)[m.Key]; !ok {
					t.Errorf("%s: key %q not decoded by encoding/json", src, m.Key)
				}
			}
		}
	}
}

func TestSetThroughAWrongKind(t *testing.T) {
	t.Parallel()
	d, err := Parse("s.json", []byte("{\n  \"hooks\": \"off\"\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = d.Set(Path{"hooks", "PreToolUse"}, 1)
	if err == nil || err.Error() != "s.json:2:12: hooks is a string, not an object" {
		t.Errorf("got %v", err)
	}
	err = d.Append(Path{"hooks"}, 1)
	if err == nil || err.Error() != "s.json:2:12: hooks is a string, not a list" {
		t.Errorf("got %v", err)
	}
}
