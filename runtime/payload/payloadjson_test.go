package payload

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var parsePayloadTests = []struct {
	in   string
	want *Payload // nil for an error
	err  string
}{
	// One object and white space.
	{in: `{}`, want: &Payload{}},
	{in: " \t\r\n{ \t\r\n} \t\r\n", want: &Payload{}},
	{in: ``, err: notObject + "unexpected end of input at byte 0"},
	{in: `   `, err: notObject + "unexpected end of input at byte 0"},
	{in: "{\"a\":1,\n", err: notObject + "unexpected end of input at byte 7"},
	{in: `{`, err: notObject + "unexpected end of input at byte 1"},
	{in: `{"cwd":"a"`, err: notObject + "unexpected end of input at byte 10"},
	{in: `{"cwd":"a`, err: notObject + "unexpected end of input at byte 9"},
	{in: `{"cwd":"a\`, err: notObject + "unexpected end of input at byte 10"},
	{in: `{"cwd":"\u00`, err: notObject + "unexpected end of input at byte 12"},
	{in: `{"x":[1,`, err: notObject + "unexpected end of input at byte 8"},
	{in: `{"x":-`, err: notObject + "unexpected end of input at byte 6"},
	{in: `{"x":tr`, err: notObject + "unexpected end of input at byte 7"},
	{in: `nope`, err: notObject + "invalid character 'o' in literal null at byte 1"},
	{in: `null`, err: notObject + "found null at byte 0"},
	{in: ` []`, err: notObject + "found an array at byte 1"},
	{in: `"x"`, err: notObject + "found a string at byte 0"},
	{in: `-1.5`, err: notObject + "found a number at byte 0"},
	{in: `true`, err: notObject + "found a boolean at byte 0"},
	{in: `[1,]`, err: notObject + "invalid character ']' looking for beginning of value at byte 3"},
	{in: "\ufeff{}", err: notObject + "invalid character '\\ufeff' looking for beginning of value at byte 0"},
	{in: "\xff{}", err: notObject + `invalid character '\xff' looking for beginning of value at byte 0`},
	{in: `{} {}`, err: notObject + "invalid character '{' after the object at byte 3"},
	{in: `{}]`, err: notObject + "invalid character ']' after the object at byte 2"},
	{in: `{"x":1}x`, err: notObject + "invalid character 'x' after the object at byte 7"},
	{in: `{"x":1,}`, err: notObject + "invalid character '}' looking for beginning of object key string at byte 7"},
	{in: `{x:1}`, err: notObject + "invalid character 'x' looking for beginning of object key string at byte 1"},
	{in: `{"x" 1}`, err: notObject + "invalid character '1' after object key at byte 5"},
	{in: `{"x":1 "y":2}`, err: notObject + `invalid character '"' after object key:value pair at byte 7`},
	{in: `{"tool_input":{"x":1 "y":2}}`, err: notObject + `invalid character '"' after object key:value pair at byte 21`},
	{in: `{"tool_input":{"x" 1}}`, err: notObject + "invalid character '1' after object key at byte 19"},
	{in: `{"tool_input":{1:1}}`, err: notObject + "invalid character '1' looking for beginning of object key string at byte 15"},
	{in: `{"x":[1 2]}`, err: notObject + "invalid character '2' after array element at byte 8"},
	{in: `{"x":'a'}`, err: notObject + `invalid character '\'' looking for beginning of value at byte 5`},
	{in: `{"x":}`, err: notObject + "invalid character '}' looking for beginning of value at byte 5"},
	{in: `{"x":+1}`, err: notObject + "invalid character '+' looking for beginning of value at byte 5"},

	// Known fields.
	{
		in: `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/p",` +
			`"agent_id":"a","agent_type":"t","permission_mode":"plan","tool_input":{"command":"ls"}}`,
		want: &Payload{Event: "PreToolUse", Tool: "Bash", Input: map[string]any{"command": "ls"}, Cwd: "/p",
			AgentID: "a", AgentType: "t", PermissionMode: "plan", SessionID: "s"},
	},
	{in: `{"tool_name":null,"tool_input":null}`, want: &Payload{}},
	{in: `{"tool_input":{}}`, want: &Payload{Input: map[string]any{}}},
	{in: `{"tool_name":1}`, err: `payload field "tool_name" is a number, not a string`},
	{in: `{"cwd":true}`, err: `payload field "cwd" is a boolean, not a string`},
	{in: `{"session_id":{}}`, err: `payload field "session_id" is an object, not a string`},
	{in: `{"agent_id":[]}`, err: `payload field "agent_id" is an array, not a string`},
	{in: `{"tool_input":[1]}`, err: `payload field "tool_input" is an array, not an object`},
	{in: `{"tool_input":"x"}`, err: `payload field "tool_input" is a string, not an object`},
	{in: `{"tool_input":-2}`, err: `payload field "tool_input" is a number, not an object`},
	{in: `{"tool_name":[1,}`, err: notObject + "invalid character '}' looking for beginning of value at byte 16"},
	{in: `{"tool_name":nul}`, err: notObject + "invalid character '}' in literal null at byte 16"},

	// Names up to case.
	{in: `{"Tool_Name":"A"}`, err: `payload field "Tool_Name" differs from "tool_name" only in case`},
	{in: `{"tool_name":"A","TOOL_NAME":null}`, err: `payload field "TOOL_NAME" differs from "tool_name" only in case`},
	{in: `{"CWD":1}`, err: `payload field "CWD" differs from "cwd" only in case`},
	{in: `{"Tool_Input":{}}`, err: `payload field "Tool_Input" differs from "tool_input" only in case`},
	{in: `{"ſession_id":"x"}`, err: `payload field "ſession_id" differs from "session_id" only in case`},
	{in: `{"hooK_event_name":"x"}`, err: `payload field "hooK_event_name" differs from "hook_event_name" only in case`},
	{in: `{"PERMISSION_MODE":"x"}`, err: `payload field "PERMISSION_MODE" differs from "permission_mode" only in case`},
	{in: `{"\u0054ool_name":"A"}`, err: `payload field "Tool_name" differs from "tool_name" only in case`},
	{in: `{"tool\u005fname":"A"}`, want: &Payload{Tool: "A"}},
	{in: `{"tool_input":{"Command":"x","command":"y"}}`, want: &Payload{Input: map[string]any{"Command": "x", "command": "y"}}},
	{in: `{"toolname":"A","tool_namé":"B","tool_name ":"C"}`, want: &Payload{}},

	// Repeated fields.
	{in: `{"tool_name":"A","tool_name":"B"}`, err: `payload repeats field "tool_name"`},
	{in: `{"tool_name":null,"tool_name":"B"}`, err: `payload repeats field "tool_name"`},
	{in: `{"tool_input":{"a":1},"tool_input":{"b":2}}`, err: `payload repeats field "tool_input"`},
	{in: `{"cwd":"a","x":1,"cwd":"a"}`, err: `payload repeats field "cwd"`},
	{in: `{"x":1,"x":2,"tool_name":"A"}`, want: &Payload{Tool: "A"}},
	{in: `{"tool_input":{"a":1,"a":"two"}}`, want: &Payload{Input: map[string]any{"a": "two"}}},

	// Unknown fields.
	{in: `{"transcript_path":"/t","x":{"deep":[[[[{}]]]],"n":[1e5,-0,true,false,null]},"tool_name":"A"}`, want: &Payload{Tool: "A"}},
	{in: `{"x":[1,2,}`, err: notObject + "invalid character '}' looking for beginning of value at byte 10"},
	{in: `{"x":"\q"}`, err: notObject + `invalid character 'q' in string escape code at byte 7`},

	// Strings.
	{in: `{"cwd":"\"\\\/\b\f\n\r\t"}`, want: &Payload{Cwd: "\"\\/\b\f\n\r\t"}},
	{in: `{"cwd":"\u00e9\u00C9\u2028x"}`, want: &Payload{Cwd: "éÉ\u2028x"}},
	{in: `{"cwd":"\ud83d\ude00"}`, want: &Payload{Cwd: "😀"}},
	{in: `{"cwd":"\ud800"}`, want: &Payload{Cwd: "\ufffd"}},
	{in: `{"cwd":"\udc00\ud800x"}`, want: &Payload{Cwd: "\ufffd\ufffdx"}},
	{in: `{"cwd":"\ud800\u0041"}`, want: &Payload{Cwd: "\ufffdA"}},
	{in: `{"cwd":"\ud800\ud800\udc00"}`, want: &Payload{Cwd: "\ufffd\U00010000"}},
	{in: `{"cwd":"\ud800\\u0041"}`, want: &Payload{Cwd: "\ufffd\\u0041"}},
	{in: "{\"cwd\":\"a\xffb\xe2\x82\"}", want: &Payload{Cwd: "a\ufffdb\ufffd\ufffd"}},
	{in: "{\"cwd\":\"\xed\xa0\x80\\n\xc0\"}", want: &Payload{Cwd: "\ufffd\ufffd\ufffd\n\ufffd"}},
	{in: "{\"cwd\":\"\xef\xbf\xbd\"}", want: &Payload{Cwd: "\ufffd"}},
	{in: "{\"tool_input\":{\"\xff\":\"\xfe\"}}", want: &Payload{Input: map[string]any{"\ufffd": "\ufffd"}}},
	{in: "{\"cwd\":\"a\tb\"}", err: notObject + `invalid character '\t' in string literal at byte 9`},
	{in: "{\"cwd\":\"a\\n\x00\"}", err: notObject + `invalid character '\x00' in string literal at byte 11`},
	{in: `{"cwd":"\'"}`, err: notObject + `invalid character '\'' in string escape code at byte 9`},
	{in: `{"cwd":"\x41"}`, err: notObject + `invalid character 'x' in string escape code at byte 9`},
	{in: `{"cwd":"\u12g4"}`, err: notObject + `invalid character 'g' in \u hexadecimal character escape at byte 12`},
	{in: `{"cwd":"\ud800\u12g4"}`, err: notObject + `invalid character 'g' in \u hexadecimal character escape at byte 18`},
	{in: `{"cwd":"\U0041"}`, err: notObject + `invalid character 'U' in string escape code at byte 9`},

	// Values.
	{
		in: `{"tool_input":{"s":"x","n":1.5e3,"i":-0,"e":1E+2,"f":0.25e-7,"t":true,"F":false,"z":null,"a":[1,"x",{"k":[]}],"o":{}}}`,
		want: &Payload{Input: map[string]any{"s": "x", "n": Number("1.5e3"), "i": Number("-0"), "e": Number("1E+2"), "f": Number("0.25e-7"),
			"t": true, "F": false, "z": nil, "a": []any{Number("1"), "x", map[string]any{"k": []any{}}}, "o": map[string]any{}}},
	},
	{in: `{"tool_input":{"x":01}}`, err: notObject + "invalid character '1' after object key:value pair at byte 20"},
	{in: `{"tool_input":{"x":1.}}`, err: notObject + "invalid character '}' after decimal point in numeric literal at byte 21"},
	{in: `{"tool_input":{"x":1e}}`, err: notObject + "invalid character '}' in exponent of numeric literal at byte 21"},
	{in: `{"tool_input":{"x":-a}}`, err: notObject + "invalid character 'a' in numeric literal at byte 20"},
	{in: `{"tool_input":{"x":.5}}`, err: notObject + "invalid character '.' looking for beginning of value at byte 19"},
	{in: `{"tool_input":{"x":tru}}`, err: notObject + "invalid character '}' in literal true at byte 22"},
	{in: `{"tool_input":{"x":truex}}`, err: notObject + "invalid character 'x' after object key:value pair at byte 23"},
	{in: `{"tool_input":{"x":False}}`, err: notObject + "invalid character 'F' looking for beginning of value at byte 19"},
	{in: `{"tool_input":{"x":NaN}}`, err: notObject + "invalid character 'N' looking for beginning of value at byte 19"},

	// Depth.
	{in: strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000), want: &Payload{}},
	{in: `{"tool_input":{"x":` + strings.Repeat(`[`, 998) + strings.Repeat("]", 998) + "}}", want: &Payload{Input: map[string]any{"x": nestedArrays(998)}}},
	{in: strings.Repeat(`{"a":`, 1001) + "1" + strings.Repeat("}", 1001), err: "payload nests objects and arrays deeper than 1000 levels at byte 5000"},
	{in: `{"tool_input":{"x":` + strings.Repeat(`[`, 999) + strings.Repeat("]", 999) + "}}", err: "payload nests objects and arrays deeper than 1000 levels at byte 1017"},
}

// nestedArrays returns n empty arrays, each in the one before.
func nestedArrays(n int) any {
	a := []any{}
	for range n - 1 {
		a = []any{a}
	}
	return a
}

func TestParsePayload(t *testing.T) {
	for _, tt := range parsePayloadTests {
		p, err := Parse([]byte(tt.in))
		name := tt.in
		if len(name) > 80 {
			name = name[:80] + "..."
		}
		if tt.want == nil {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Parse(%q) = %v, want error %q", name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", name, err)
			continue
		}
		if got := toStd(p); !reflect.DeepEqual(got, toStd(tt.want)) {
			t.Errorf("Parse(%q) =\n%#v\nwant\n%#v", name, got, tt.want)
		}
	}
}

// TestParsePayloadDeep checks that deep input is an error, not a stack
// overflow.
func TestParsePayloadDeep(t *testing.T) {
	const n = 8 << 20
	for _, in := range []string{
		strings.Repeat("[", n),
		`{"x":` + strings.Repeat("[", n),
		`{"tool_input":{"x":` + strings.Repeat(`{"x":`, n/5),
		`{"x":` + strings.Repeat("[", n) + strings.Repeat("]", n) + "}",
	} {
		_, err := Parse([]byte(in))
		if err == nil || !strings.Contains(err.Error(), "deeper than 1000 levels") {
			t.Errorf("Parse(%.20q...) = %v, want the depth error", in, err)
		}
	}
}

// payloadSeeds start FuzzParsePayload.
var payloadSeeds = []string{
	`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la \"x\"\n","n":1.5e3,"b":true,"z":null,"a":[1,"x",{"k":[]}],"o":{}},"cwd":"/p"}`,
	`{}`, ` { } `, `null`, `[]`, `"x"`, `{"tool_name":1}`, `{"tool_name":null}`, `{"tool_name":"A","tool_name":"B"}`,
	`{"Tool_Name":"A"}`, `{"tool_name":"A","TOOL_NAME":"B"}`, `{"ſession_id":"x"}`, `{"hooK_event_name":"x"}`,
	`{"tool_input":{"a":1},"tool_input":{"b":2}}`, `{"tool_input":null}`, `{"tool_input":[1]}`, `{"tool_input":{"a":1,"a":2}}`,
	`{"x":1}]`, `{"x":1}}`, `{"x":1}x`, `{"x":1} {}`, `{"x":"\ud800"}`, `{"tool_input":{"x":"\ud83d\ude00\ud800\u0041\udc00"}}`,
	`{"tool_input":{"x":"\u00e9\/\b\f\t\r\\"}}`, `{"tool_input":{"x":"a` + "\xff" + `"}}`, `{"tool_input":{"x":"\'"}}`,
	`{"tool_input":{"x":01}}`, `{"tool_input":{"x":-0.0e+1}}`, `{"tool_input":{"x":1.}}`, `{"tool_input":{"x":tru}}`,
	`{"tool_input":{"x":truex}}`, `{"cwd":"a",}`, `{"cwd" : "a" , "agent_id":"b"}`, "{\"cwd\":\"a\tb\"}",
	`{"tool_input":{"` + "\xff" + `":1}}`, `{"unknown":{"deep":[[[[{}]]]]}}`, ``, `   `, `{`, `{"a"`, `{"a":`,
	`{"tool_input":{"x":"\u0000"}}`, `{"hook_event_name":"\u0050reToolUse"}`, `{"cwd":"\ud800\ud800\udc00"}`,
	"{\"cwd\":\"\xed\xa0\x80\\n\xc0\xe2\x82\"}", `{"tool\u005fname":"A"}`, `{"\u0054ool_name":"A"}`, "\ufeff{}",
	strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000),
	strings.Repeat(`{"a":`, 1001) + "1" + strings.Repeat("}", 1001),
}

// parseStd decodes data as encoding/json does, Decoder.UseNumber into a
// Payload (by its json tags), with nothing but white space after the value.
func parseStd(data []byte) (*Payload, error) {
	var p Payload
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	// Not dec.More, which stops at ']' and '}'.
	if len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, errors.New("data after the value")
	}
	return &p, nil
}

// stricter reports whether data, which encoding/json decodes, breaks one
// of the rules by which Parse is stricter: it is null, a key equals
// a field name only up to case, a field is repeated, or it nests deeper
// than maxDepth.
func stricter(t *testing.T, data []byte) bool {
	if jsonDepth(data) > maxDepth {
		return true
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		t.Fatalf("%q: %v", data, err)
	}
	if tok == nil {
		return true
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		key := tok.(string)
		for _, f := range payloadFields {
			if key == f && seen[key] || key != f && strings.EqualFold(key, f) {
				return true
			}
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%q: %v", data, err)
		}
	}
	return false
}

// jsonDepth returns how deep objects and arrays nest in data, which is
// JSON.
func jsonDepth(data []byte) int {
	n, deepest := 0, 0
	inStr, esc := false, false
	for _, c := range data {
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{' || c == '[':
			n++
			deepest = max(deepest, n)
		case c == '}' || c == ']':
			n--
		}
	}
	return deepest
}

// toStd converts p to what encoding/json would give for it.
func toStd(p *Payload) *Payload {
	s := *p
	s.extra = nil // compared by checkGet
	if p.Input != nil {
		s.Input = toStdValue(p.Input).(map[string]any)
	}
	return &s
}

func toStdValue(v any) any {
	switch v := v.(type) {
	case Number:
		return json.Number(v)
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = toStdValue(x)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, x := range v {
			a[i] = toStdValue(x)
		}
		return a
	}
	return v
}

// checkParsePayload checks Parse against encoding/json on data.
func checkParsePayload(t *testing.T, data []byte) {
	p, err := Parse(data)
	want, stdErr := parseStd(data)
	switch {
	case err != nil && !strings.HasPrefix(err.Error(), "payload "):
		t.Fatalf("%q: error %q does not begin with \"payload \"", data, err)
	case err == nil && stdErr != nil:
		t.Fatalf("%q: Parse accepts what encoding/json rejects: %v", data, stdErr)
	case err == nil && !reflect.DeepEqual(toStd(p), want):
		t.Fatalf("%q: Parse gives\n%#v\nencoding/json gives\n%#v", data, p, want)
	case err != nil && stdErr == nil && !stricter(t, data):
		t.Fatalf("%q: Parse rejects what encoding/json accepts: %v", data, err)
	case err == nil && stricter(t, data):
		t.Fatalf("%q: Parse accepts a payload it should reject", data)
	case err == nil:
		checkGet(t, data, p)
	}
}

// checkGet checks that Payload.Get gives every top-level field that is
// not one of Payload's as encoding/json decodes it.
func checkGet(t *testing.T, data []byte, p *Payload) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%q: %v", data, err)
	}
	for k, want := range m {
		if slices.Contains(payloadFields[:], k) || strings.Contains(k, ".") {
			continue
		}
		got, ok := p.Get(k)
		if ok != (want != nil) || ok && !reflect.DeepEqual(toStdValue(got), want) {
			t.Fatalf("%q: Get(%q) = %#v, %v; encoding/json gives %#v", data, k, got, ok, want)
		}
	}
}

func TestParsePayloadStd(t *testing.T) {
	for _, s := range payloadSeeds {
		checkParsePayload(t, []byte(s))
	}
	for _, tt := range parsePayloadTests {
		checkParsePayload(t, []byte(tt.in))
	}
}

func FuzzParsePayload(f *testing.F) {
	for _, s := range payloadSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkParsePayload)
}
