package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/transcript"
)

func policy(t *testing.T, src string) *load.Policy {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func call(line int, tool, input string) transcript.Call {
	return transcript.Call{File: "s.jsonl", Line: line, Session: "s1", Cwd: "/tmp", Tool: tool, Input: json.RawMessage(input)}
}

// TestDecide decides calls with two policies and checks the counts, the
// asked and denied lists, the calls that differ and the text report.
func TestDecide(t *testing.T) {
	a := policy(t, `package p
default: "ask"
rules: [
	{name: "reads", tool: "Read", decision: "allow"},
	{name: "no rm", command: {name: "rm"}, decision: "deny"},
]
`)
	b := policy(t, `package p
default: "allow"
rules: [{name: "nothing", tool: "NoSuchTool", decision: "deny"}]
`)
	calls := []transcript.Call{
		call(1, "Read", `{"file_path": "/tmp/a.txt"}`),
		call(2, "Bash", `{"command": "rm -rf build"}`),
		call(3, "Write", `{"file_path": "/tmp/b.txt", "content": "x"}`),
	}
	rep := Decide([]*load.Policy{a, b}, []string{"a", "b"}, calls)
	if rep.Calls != 3 || rep.Sessions != 1 || len(rep.Policies) != 2 {
		t.Fatalf("report = %+v", rep)
	}
	pa := rep.Policies[0]
	if pa.Decisions["allow"] != 1 || pa.Decisions["deny"] != 1 || pa.Decisions["ask"] != 1 {
		t.Errorf("policy a decisions = %v, want allow 1 deny 1 ask 1", pa.Decisions)
	}
	if len(pa.Denied) != 1 || pa.Denied[0].Rule != "no rm" || pa.Denied[0].Pos != "s.jsonl:2" || pa.Denied[0].Summary != "rm -rf build" {
		t.Errorf("policy a denied = %+v", pa.Denied)
	}
	if len(pa.Asked) != 1 || pa.Asked[0].Rule != "(default)" || pa.Asked[0].Agent != "main" {
		t.Errorf("policy a asked = %+v", pa.Asked)
	}
	if len(rep.Differ) != 2 {
		t.Errorf("differ = %+v, want the Bash and Write calls", rep.Differ)
	}
	var out bytes.Buffer
	rep.Transcripts = 1
	rep.Print(&out)
	for _, want := range []string{
		"1 transcript, 1 session, 3 tool calls\n",
		"policy a: allow 1 (33%) ask 1 (33%) deny 1 (33%)\n",
		`  "no rm"`,
		"decided differently (2):\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestCut(t *testing.T) {
	for in, want := range map[string]string{
		"ls":                     "ls",
		"a\nb":                   "a …",
		strings.Repeat("x", 100): strings.Repeat("x", 69) + "...",
	} {
		if got := cut(in); got != want {
			t.Errorf("cut(%q) = %q, want %q", in, got, want)
		}
	}
}
