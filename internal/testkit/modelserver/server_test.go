package modelserver

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const testScript = `
# the main session
tool Bash {"command": "ls"}
tool Read {"file_path": "a.txt"}
turn
tool Agent {"prompt": "SUB do it"}
turn
text done

agent SUB do it
text working
tool Bash {"command": "touch x"}
`

func TestParse(t *testing.T) {
	s, err := Parse([]byte(testScript))
	if err != nil {
		t.Fatal(err)
	}
	want := &Script{
		Main: Conv{Turns: []Turn{
			{{Tool: "Bash", Input: json.RawMessage(`{"command": "ls"}`)}, {Tool: "Read", Input: json.RawMessage(`{"file_path": "a.txt"}`)}},
			{{Tool: "Agent", Input: json.RawMessage(`{"prompt": "SUB do it"}`)}},
			{{Text: "done"}},
		}},
		Agents: []*Conv{{Match: "SUB do it", Turns: []Turn{
			{{Text: "working"}, {Tool: "Bash", Input: json.RawMessage(`{"command": "touch x"}`)}},
		}}},
	}
	if !reflect.DeepEqual(want, s) {
		t.Errorf("Parse = %+v, want %+v", s, want)
	}
	for _, bad := range []string{"tool Bash [1]", "agent", "say hi", `tool Bash {"a":`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", bad)
		}
	}
}

// post sends a Messages API request whose first user message is first and
// which holds n earlier answers of the model.
func post(t *testing.T, s *Server, path string, stream bool, first string, n int) *http.Response {
	t.Helper()
	msgs := []map[string]any{{"role": "user", "content": []map[string]any{{"type": "text", "text": first}}}}
	for range n {
		msgs = append(msgs, map[string]any{"role": "assistant", "content": "x"}, map[string]any{"role": "user", "content": "y"})
	}
	body, _ := json.Marshal(map[string]any{"model": "m", "stream": stream, "messages": msgs, "tools": []any{map[string]any{"name": "Bash"}}})
	resp, err := http.Post(s.URL+path, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestServer(t *testing.T) {
	sc, err := Parse([]byte(testScript))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(sc)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	// Not streamed: the main session's first turn, two tool calls.
	var msg struct {
		Content    []block `json:"content"`
		StopReason string  `json:"stop_reason"`
	}
	if err := json.NewDecoder(post(t, s, "/v1/messages", false, "hello", 0).Body).Decode(&msg); err != nil {
		t.Fatal(err)
	}
	if msg.StopReason != "tool_use" || len(msg.Content) != 2 || msg.Content[1].Name != "Read" || msg.Content[1].ID != "toolu_m_0_1" {
		t.Errorf("first turn: %+v", msg)
	}

	// Streamed: the sub-agent's first turn, text and a tool call whose input
	// arrives in parts.
	resp := post(t, s, "/v1/messages", true, "please SUB do it now", 0)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	var events []string
	var input, text string
	sc2 := bufio.NewScanner(resp.Body)
	for sc2.Scan() {
		line := sc2.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			events = append(events, name)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var ev struct {
				Delta struct {
					Text        string `json:"text"`
					PartialJSON string `json:"partial_json"`
				} `json:"delta"`
			}
			json.Unmarshal([]byte(data), &ev)
			input += ev.Delta.PartialJSON
			text += ev.Delta.Text
		}
	}
	wantEvents := []string{"message_start",
		"content_block_start", "content_block_delta", "content_block_stop",
		"content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
		"message_delta", "message_stop"}
	if !slices.Equal(wantEvents, events) {
		t.Errorf("events %q, want %q", events, wantEvents)
	}
	if input != `{"command":"touch x"}` || text != "working" {
		t.Errorf("input %q, text %q", input, text)
	}

	// Past the end of the script, and a side request without tools.
	if err := json.NewDecoder(post(t, s, "/v1/messages", false, "hello", 3).Body).Decode(&msg); err != nil {
		t.Fatal(err)
	}
	if msg.StopReason != "end_turn" || len(msg.Content) != 1 || msg.Content[0].Text != EndText {
		t.Errorf("after the script: %+v", msg)
	}
	side, _ := http.Post(s.URL+"/v1/messages", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"title?"}]}`))
	side.Body.Close()

	// count_tokens and an unknown path.
	ct := post(t, s, "/v1/messages/count_tokens", false, "hello", 0)
	b, _ := io.ReadAll(ct.Body)
	if !strings.Contains(string(b), `"input_tokens"`) {
		t.Errorf("count_tokens: %s", b)
	}
	if resp := post(t, s, "/v1/other", false, "hello", 0); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown path: %s", resp.Status)
	}

	var got []string
	for _, r := range s.Requests() {
		got = append(got, r.Path+" "+r.Conv)
	}
	want := []string{"/v1/messages main", "/v1/messages agent 1", "/v1/messages main", "/v1/messages side",
		"/v1/messages/count_tokens ", "/v1/other "}
	if !slices.Equal(want, got) {
		t.Errorf("requests %q, want %q", got, want)
	}
}

func TestShown(t *testing.T) {
	got := Shown([]byte(`{"b":["x\u0041",{"c":"y"}],"a":1,"s":"z\n"}`))
	if want := "xA\ny\nz\n\n"; got != want {
		t.Errorf("Shown = %q, want %q", got, want)
	}
}
