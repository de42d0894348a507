package runtime

import (
	"reflect"
	"testing"
)

var payloadSeeds = []string{
	`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la \"x\"\n","n":1.5e3,"b":true,"z":null,"a":[1,"x",{"k":[]}],"o":{}},"cwd":"/p"}`,
	`{}`, ` { } `, `null`, `[]`, `"x"`, `{"tool_name":1}`, `{"tool_name":null}`, `{"tool_name":"A","tool_name":"B"}`,
	`{"Tool_Name":"A"}`, `{"tool_name":"A","TOOL_NAME":"B"}`, `{"ſession_id":"x"}`, `{"tool_input":{"a":1},"tool_input":{"b":2}}`,
	`{"tool_input":null}`, `{"tool_input":[1]}`, `{"tool_input":{"a":1,"a":2}}`, `{"x":1}]`, `{"x":1}x`, `{"x":1} {}`,
	`{"x":"\ud800"}`, `{"tool_input":{"x":"\ud83d\ude00\ud800\u0041\udc00"}}`, `{"tool_input":{"x":"\u00e9\/\b\f\t\r\\"}}`,
	`{"tool_input":{"x":"a` + "\xff" + `"}}`, `{"tool_input":{"x":"\'"}}`, `{"tool_input":{"x":01}}`, `{"tool_input":{"x":-0.0e+1}}`,
	`{"tool_input":{"x":1.}}`, `{"tool_input":{"x":tru}}`, `{"tool_input":{"x":truex}}`, `{"cwd":"a",}`, `{"cwd" : "a" , "agent_id":"b"}`,
	"{\"cwd\":\"a\tb\"}", `{"tool_input":{"` + "\xff" + `":1}}`, `{"unknown":{"deep":[[[[{}]]]]}}`, ``, `   `, `{`, `{"a"`, `{"a":`,
	`{"tool_input":{"x":"\u0000"}}`, `{"hook_event_name":"\u0050reToolUse"}`,
}

func TestParsePayloadFast(t *testing.T) {
	for _, s := range payloadSeeds {
		checkPayloadFast(t, []byte(s))
	}
}

func checkPayloadFast(t *testing.T, data []byte) {
	t.Helper()
	fast, ok := parsePayloadFast(data)
	want, err := parsePayloadJSON(data)
	if !ok {
		return
	}
	if err != nil {
		t.Fatalf("%q: fast decoder accepted what encoding/json rejects: %v", data, err)
	}
	if !reflect.DeepEqual(fast, want) {
		t.Fatalf("%q: fast decoder gives\n%#v\nencoding/json gives\n%#v", data, fast, want)
	}
}

func FuzzParsePayload(f *testing.F) {
	for _, s := range payloadSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkPayloadFast)
}

// TestParsePayloadFastAccepts checks that ordinary payloads take the fast
// path.
func TestParsePayloadFastAccepts(t *testing.T) {
	for _, s := range []string{
		payloadSeeds[0], `{}`, ` { } `, `{"tool_name":"A","tool_name":"B"}`, `{"tool_input":{"a":1,"a":2}}`,
		`{"x":"\ud800"}`, `{"tool_input":{"x":"\u00e9\/\b\f\t\r\\"}}`, `{"tool_input":{"x":-0.0e+1}}`,
		`{"cwd" : "a" , "agent_id":"b"}`, `{"unknown":{"deep":[[[[{}]]]]}}`, `{"hook_event_name":"\u0050reToolUse"}`,
	} {
		if _, ok := parsePayloadFast([]byte(s)); !ok {
			t.Errorf("%q: not decoded by the fast path", s)
		}
	}
}
