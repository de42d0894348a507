// Package modelserver is a scripted Anthropic Messages API server for
// tests: it lets the real Claude Code client run against a model whose
// every turn is written down in advance.
//
// A Script holds conversations: the main session's and one for each
// sub-agent, told apart by the prompt that starts it. Each conversation is
// a list of turns, and each turn is the model's whole answer to one
// request: text and tool calls, several calls in one turn if wanted. The
// server answers a request with the turn whose number is the count of the
// model's earlier answers in that request, so retries and repeated
// requests get the same answer; when a conversation's turns run out the
// model ends the turn with a short text.
//
// The server listens on 127.0.0.1 only and records every request, so that
// a test can assert on what the model was shown.
package modelserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A Script is the model's side of a session.
type Script struct {
	Main   Conv    // the main session
	Agents []*Conv // sub-agents, in the order they are matched
}

// A Conv is one conversation: the main session or a sub-agent.
type Conv struct {
	// Match is a text in the first user message of the sub-agent's
	// conversation (the Agent tool's prompt); empty for the main session.
	Match string
	Turns []Turn
}

// A Turn is the model's answer to one request.
type Turn []Block

// A Block is one content block of an answer: text, or a tool call when
// Tool is set.
type Block struct {
	Text  string
	Tool  string
	Input json.RawMessage // the tool call's input, a JSON object
}

// Parse reads a script. It is line-based; blank lines and lines starting
// with # are ignored, and each other line is one of
//
//	main              the main session's turns follow (the default)
//	agent TEXT        the turns of the sub-agent whose prompt contains TEXT follow
//	turn              a new turn starts (a conversation's first turn starts by itself)
//	text TEXT         the model says TEXT
//	tool NAME {JSON}  the model calls tool NAME with the JSON object as input
//
// For example, a session that runs one command, starts a sub-agent and
// ends:
//
//	tool Bash {"command": "touch marker"}
//	turn
//	tool Agent {"description": "sub", "prompt": "SUB do it", "subagent_type": "general-purpose"}
//	turn
//	text done
//
//	agent SUB do it
//	tool Bash {"command": "touch sub-marker"}
func Parse(data []byte) (*Script, error) {
	s := &Script{}
	conv := &s.Main
	newTurn := true // the next block starts a turn
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "main":
			conv, newTurn = &s.Main, true
		case "agent":
			if rest == "" {
				return nil, fmt.Errorf("line %d: agent needs a text of its prompt to match", n)
			}
			conv = &Conv{Match: rest}
			s.Agents = append(s.Agents, conv)
			newTurn = true
		case "turn":
			conv.Turns = append(conv.Turns, nil)
			newTurn = false
		case "text", "tool":
			b := Block{Text: rest}
			if word == "tool" {
				name, input, _ := strings.Cut(rest, " ")
				b = Block{Tool: name, Input: json.RawMessage(strings.TrimSpace(input))}
				if len(b.Input) == 0 {
					b.Input = json.RawMessage("{}")
				}
				var obj map[string]any
				if err := json.Unmarshal(b.Input, &obj); err != nil {
					return nil, fmt.Errorf("line %d: tool %s: input is not a JSON object: %v", n, name, err)
				}
			}
			if newTurn {
				conv.Turns = append(conv.Turns, nil)
				newTurn = false
			}
			t := &conv.Turns[len(conv.Turns)-1]
			*t = append(*t, b)
		default:
			return nil, fmt.Errorf("line %d: unknown word %q; want main, agent, turn, text or tool", n, word)
		}
	}
	return s, sc.Err()
}

// conv returns the conversation a request belongs to, given the text of
// its first user message, and its name: "main" or "agent N" (from 1).
func (s *Script) conv(first string) (*Conv, string) {
	for i, c := range s.Agents {
		if strings.Contains(first, c.Match) {
			return c, fmt.Sprintf("agent %d", i+1)
		}
	}
	return &s.Main, "main"
}
