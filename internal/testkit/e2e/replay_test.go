package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/tools/transcript"
)

// cmdReplayed is the scenario command
//
//	replayed POLICY
//
// It runs hookc replay -json with POLICY on every transcript the client
// wrote in the scenario ($HOME/.claude/projects, sub-agents included) and
// holds replay's decisions to what the client recorded: a call replay
// denies or asks about was refused (a headless session refuses an ask),
// and any other call ran (successfully or with an error of its own). The
// policy must be the one installed in the scenario, deciding every call
// itself: a call it passes is held to have run.
func cmdReplayed(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: replayed POLICY (no !)")
	}
	dir := filepath.Join(ts.Getenv("HOME"), ".claude", "projects")
	ts.Check(ts.Exec("hookc", "replay", "-json", "-policy", args[0], dir))
	var rep struct {
		Calls    int `json:"calls"`
		Skipped  int `json:"skippedLines"`
		Policies []struct {
			Decisions map[string]int `json:"decisions"`
			Asked     []replayedCall `json:"asked"`
			Denied    []replayedCall `json:"denied"`
		} `json:"policies"`
	}
	ts.Check(json.Unmarshal([]byte(ts.ReadFile("stdout")), &rep))
	if rep.Skipped > 0 || len(rep.Policies) != 1 {
		ts.Fatalf("replay skipped %d lines, printed %d policies", rep.Skipped, len(rep.Policies))
	}
	refused := map[string]replayedCall{} // by file base:line
	for _, c := range append(rep.Policies[0].Asked, rep.Policies[0].Denied...) {
		refused[posKey(c.Pos)] = c
	}
	files, err := transcript.Files([]string{dir})
	ts.Check(err)
	var calls, bad []string
	for _, f := range files {
		cs, _, err := transcript.ReadFile(f)
		ts.Check(err)
		for _, c := range cs {
			key := posKey(fmt.Sprintf("%s:%d", c.File, c.Line))
			r, decided := refused[key]
			got := c.Result.Outcome()
			want := "ran"
			if decided {
				want = "refused"
				delete(refused, key)
			}
			line := fmt.Sprintf("%s %s %s: replay %s, client %s", key, c.Tool, summaryOf(c.Input), r.Rule, got)
			calls = append(calls, line)
			if got != want && !(want == "ran" && got == "error") {
				bad = append(bad, line)
			}
		}
	}
	for k := range refused {
		bad = append(bad, k+": replay decided a call the transcripts do not hold")
	}
	ts.Logf("replayed %d calls of %d transcripts:\n%s", len(calls), len(files), strings.Join(calls, "\n"))
	if len(calls) != rep.Calls || len(calls) == 0 {
		ts.Fatalf("the transcripts hold %d calls, replay decided %d", len(calls), rep.Calls)
	}
	if len(bad) > 0 {
		ts.Fatalf("replay's decisions differ from what the client did:\n%s", strings.Join(bad, "\n"))
	}
}

type replayedCall struct {
	Pos  string `json:"pos"`
	Rule string `json:"rule"`
}

// posKey is a replay position with the transcript's base name, which does
// not depend on the directory replay ran in.
func posKey(pos string) string {
	i := strings.LastIndexByte(pos, ':')
	if _, err := strconv.Atoi(pos[i+1:]); i < 0 || err != nil {
		return pos
	}
	return filepath.Base(pos[:i]) + pos[i:]
}

func summaryOf(input json.RawMessage) string {
	var in map[string]any
	json.Unmarshal(input, &in)
	for _, k := range []string{"command", "file_path", "prompt"} {
		if s, ok := in[k].(string); ok {
			return strconv.Quote(s)
		}
	}
	return string(input)
}
