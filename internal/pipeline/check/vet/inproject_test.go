package vet

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime"
)

// TestInProjectWords checks outsideWord against the runtime: every word
// the runtime judges outside the project, as a word of a program it has
// no knowledge of, is outside in vet's language too (design.md 404).
// The words are built from the pieces of the spellings both read.
func TestInProjectWords(t *testing.T) {
	t.Parallel()
	p := policyOf(runtime.Ask, runtime.Rule{Name: "kubectl", Decision: runtime.Allow, Cmd: &runtime.CmdCond{Name: exact("kubectl")}})
	r := newReplayer(p.Table)
	out := regexp.MustCompile(outsideWord)
	pieces := []string{"", "~", "/", "/project", "project", "x", ".", "..", "-", "--f=", "-o", "=", "*", "proc/self/cwd", "src", "~u", "s://", "+"}
	var words []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		if prefix != "" {
			words = append(words, prefix)
		}
		if n == 0 {
			return
		}
		for _, s := range pieces[1:] {
			grow(prefix+s, n-1)
		}
	}
	grow("", 3)
	runtimeOut, vetOnly := 0, 0
	for _, w := range words {
		line := "kubectl " + w
		if !plainWord.MatchString(w) {
			line = "kubectl '" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		in, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash", "tool_input": map[string]any{"command": line}})
		res := r.explain(r.run, call{payload: in})
		if len(res.Units) != 1 {
			t.Fatalf("%s: %d units", line, len(res.Units))
		}
		judged := strings.Contains(res.Units[0].Why, "has no knowledge of what kubectl ")
		inVet := out.MatchString(w)
		switch {
		case judged && !inVet:
			t.Errorf("%s: the runtime judges %q outside the project, vet's outsideWord does not", line, w)
		case judged:
			runtimeOut++
		case inVet:
			if testing.Verbose() && vetOnly < 40 {
				t.Logf("outside for vet only: %q", w)
			}
			vetOnly++
		}
	}
	t.Logf("%d words: %d outside for both, %d outside for vet only (.. back into the project, /proc)", len(words), runtimeOut, vetOnly)
	if runtimeOut == 0 {
		t.Error("no word was judged outside: the runtime's judgement did not run")
	}
}

// plainWord matches a word bash reads as it is written but for its
// tilde and glob.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9/._~+=:*-]+$`)

// TestJudgedAllowBox checks that an allow rule about a program hookc has
// no knowledge of does not take a later rule's calls with words outside
// the project: a deny of kubectl /etc/x after an allow of kubectl is
// neither shadowed nor bypassed (the runtime's allow does not decide
// it), and one of kubectl /project/x is bypassed, with a witness that
// replays (design.md 404).
func TestJudgedAllowBox(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ word, want string }{
		{"/etc/x", ""},
		{"/project/x", `conflict definitely {"hook_event_name":"PreToolUse","cwd":"/project","tool_name":"Bash","tool_input":{"command":"kubectl /project/x"}}`},
	} {
		any := runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: exact(tt.word)}}}
		p := policyOf(runtime.Ask,
			runtime.Rule{Name: "kubectl", Decision: runtime.Allow, Cmd: &runtime.CmdCond{Name: exact("kubectl")}},
			runtime.Rule{Name: "word", Decision: runtime.Deny, Reason: "y", Cmd: &runtime.CmdCond{Name: exact("kubectl"), Args: any}})
		fs, err := Run(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, d := range fs {
			got += d.Check + " " + d.Certainty + " " + string(d.Witness)
		}
		if got != tt.want {
			t.Errorf("kubectl %s: findings %q, want %q", tt.word, got, tt.want)
		}
	}
}
