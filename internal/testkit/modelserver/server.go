package modelserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// EndText is what the model says when its conversation's script has no
// turn left.
const EndText = "(end of script)"

// A Server answers Messages API requests from a Script.
type Server struct {
	URL string // http://127.0.0.1:PORT, for ANTHROPIC_BASE_URL

	script *Script
	srv    *http.Server
	ln     net.Listener

	mu   sync.Mutex
	reqs []*Request
}

// A Request is one request the server received.
type Request struct {
	N      int    // from 1, in order of arrival
	Method string // POST
	Path   string // /v1/messages, /v1/messages/count_tokens, ...
	Conv   string // "main", "agent N", "side" (a request without tools), or "" (not a model turn)
	Turn   int    // the turn answered, from 0
	Stream bool
	Body   []byte
	Time   time.Time // when it arrived
}

// Start starts a server for script on a free port of 127.0.0.1.
func Start(script *Script) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{URL: "http://" + ln.Addr().String(), script: script, ln: ln}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Requests returns the requests received so far.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.reqs...)
}

// messagesRequest is the part of a Messages API request the server reads.
type messagesRequest struct {
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req := &Request{Method: r.Method, Path: r.URL.Path, Body: body, Time: arrived}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	req.N = len(s.reqs)
	s.mu.Unlock()

	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"input_tokens":%d}`, len(body)/4+1)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		var m messagesRequest
		if err := json.Unmarshal(body, &m); err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
		turn, conv, n := s.answer(&m)
		req.Conv, req.Turn, req.Stream = conv, n, m.Stream
		model := m.Model
		if model == "" {
			model = "claude-scripted"
		}
		id := fmt.Sprintf("msg_%03d", req.N)
		if m.Stream {
			stream(w, id, model, turn)
		} else {
			whole(w, id, model, turn)
		}
	default:
		apiError(w, http.StatusNotFound, "not_found_error", "the scripted model server does not serve "+r.Method+" "+r.URL.Path)
	}
}

// answer picks the turn that answers a request.
func (s *Server) answer(m *messagesRequest) (turn []block, conv string, n int) {
	if len(m.Tools) == 0 {
		return []block{{Type: "text", Text: "ok"}}, "side", 0
	}
	first := ""
	if len(m.Messages) > 0 {
		first = contentText(m.Messages[0].Content)
	}
	c, conv := s.script.conv(first)
	for _, msg := range m.Messages {
		if msg.Role == "assistant" {
			n++
		}
	}
	if n >= len(c.Turns) {
		return []block{{Type: "text", Text: EndText}}, conv, n
	}
	prefix := "m"
	if conv != "main" {
		prefix = "a" + strings.TrimPrefix(conv, "agent ")
	}
	for i, b := range c.Turns[n] {
		if b.Tool == "" {
			turn = append(turn, block{Type: "text", Text: b.Text})
			continue
		}
		id := fmt.Sprintf("toolu_%s_%d_%d", prefix, n, i)
		turn = append(turn, block{Type: "tool_use", ID: id, Name: b.Tool, Input: b.Input})
	}
	return turn, conv, n
}

// contentText returns the text blocks of a message's content, a string or
// a list of blocks, joined by newlines.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &blocks)
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// block is a content block of an answer as the API sends it.
type block struct {
	Type  string          `json:"type"`
	Text  string          `json:"text,omitempty"`
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
}

func stopReason(turn []block) string {
	for _, b := range turn {
		if b.Type == "tool_use" {
			return "tool_use"
		}
	}
	return "end_turn"
}

func usage(out int) map[string]any {
	return map[string]any{"input_tokens": 100, "output_tokens": out,
		"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
}

// whole answers a request without streaming.
func whole(w http.ResponseWriter, id, model string, turn []block) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model,
		"content": turn, "stop_reason": stopReason(turn), "stop_sequence": nil,
		"usage": usage(10),
	})
}

// stream answers a request with server-sent events, as the API streams a
// message: tool inputs arrive as input_json_delta in two parts.
func stream(w http.ResponseWriter, id, model string, turn []block) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	flusher, _ := w.(http.Flusher)
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": usage(1)}})
	for i, b := range turn {
		switch b.Type {
		case "text":
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": b.Text}})
		case "tool_use":
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}}})
			in := compact(b.Input)
			half := len(in) / 2
			for _, part := range []string{in[:half], in[half:]} {
				event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
					"delta": map[string]any{"type": "input_json_delta", "partial_json": part}})
			}
		}
		event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stopReason(turn), "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 10}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func apiError(w http.ResponseWriter, code int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

// Shown returns the text a request showed the model: every string in its
// JSON body (system prompt, messages, tool results, tool definitions), one
// per line, with JSON escapes decoded.
func Shown(body []byte) string {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return string(body)
	}
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
			b.WriteByte('\n')
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		}
	}
	walk(v)
	return b.String()
}
