package runtime

import (
	"encoding/json"
	"testing"
)

var jsonStrings = []string{"", "plain", "a\"b\\c", "<script>&amp;</script>", "\x00\x01\x1f\x7f", "\b\f\n\r\t",
	"é ü 日本", "\u2028\u2029", "\xff\xfe", "a\xc3", "\U0001F600", "\ufffd", "tab\there", "{path} is a secret"}

func checkAppendJSON(t *testing.T, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendJSON(nil, v); string(got) != string(want) {
		t.Fatalf("appendJSON(%#v) = %s, json.Marshal gives %s", v, got, want)
	}
}

func TestAppendJSON(t *testing.T) {
	for _, s := range jsonStrings {
		checkAppendJSON(t, s)
		checkAppendJSON(t, map[string]any{s: s, "hookSpecificOutput": map[string]any{"z": s, "a": "x", s + "k": map[string]any{}}})
		checkAppendJSON(t, []any{s, nil, true, false, map[string]any{s: []any{}}})
	}
}

func FuzzAppendJSON(f *testing.F) {
	for _, s := range jsonStrings {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, k, v string) {
		checkAppendJSON(t, v)
		checkAppendJSON(t, map[string]any{k: v, v: map[string]any{k: k}})
	})
}
