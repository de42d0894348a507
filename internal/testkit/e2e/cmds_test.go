package e2e

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/testkit/claude"
	"hookc.dev/hookc/internal/testkit/modelserver"
)

// scenarioCmds are the testscript commands that make a scenario read like
// a user's session:
//
//	claude SCRIPT PROMPT [ARGS...]
//		run the client headless in the current directory (the project) with
//		PROMPT, against a model that follows SCRIPT (modelserver.Parse);
//		stdout is the client's JSON result. Sets $SESSION and, if the client
//		wrote one, $TRANSCRIPT. Fails if the client exits non-zero (! expects
//		that).
//	shown [-in main|agent|side] REGEXP
//		some request of the last session (of the main session, of any
//		sub-agent, of side requests without tools) showed the model a text
//		matching REGEXP; with !, none did. The text is every string of the
//		requests, the model's own earlier answers included.
//	denied [TOOL...]
//		the last session's permission_denials name exactly these tools, in
//		any order (calls of one turn may be decided concurrently).
//	replayed POLICY
//		hookc replay with POLICY on the transcripts the client wrote
//		decides as the client did (cmdReplayed).
var scenarioCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"claude":   cmdClaude,
	"shown":    cmdShown,
	"denied":   cmdDenied,
	"replayed": cmdReplayed,
}

// runDir returns the directory of the last session's records.
func runDir(ts *testscript.TestScript) string {
	n := ts.Getenv("CLAUDE_RUN")
	if n == "" {
		ts.Fatalf("no claude session has run")
	}
	return filepath.Join(ts.Getenv("WORK"), ".model", "run"+n)
}

func cmdClaude(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: claude SCRIPT PROMPT [ARGS...]")
	}
	script, err := modelserver.Parse([]byte(ts.ReadFile(args[0])))
	if err != nil {
		ts.Fatalf("%s: %v", args[0], err)
	}
	srv, err := modelserver.Start(script)
	if err != nil {
		ts.Fatalf("%v", err)
	}
	for _, kv := range claude.ServerEnv(srv.URL) {
		k, v, _ := strings.Cut(kv, "=")
		ts.Setenv(k, v)
	}
	runErr := ts.Exec(clientBin, claude.Args(args[1], args[2:]...)...)
	srv.Close()

	n := 1
	if prev, err := strconv.Atoi(ts.Getenv("CLAUDE_RUN")); err == nil {
		n = prev + 1
	}
	ts.Setenv("CLAUDE_RUN", strconv.Itoa(n))
	dir := runDir(ts)
	ts.Check(os.MkdirAll(dir, 0o755))
	stdout := ts.ReadFile("stdout")
	ts.Check(os.WriteFile(filepath.Join(dir, "result.json"), []byte(stdout), 0o644))
	for _, r := range srv.Requests() {
		name := fmt.Sprintf("%03d-%s", r.N, strings.ReplaceAll(orNone(r.Conv), " ", ""))
		ts.Check(os.WriteFile(filepath.Join(dir, name+".json"), r.Body, 0o644))
		ts.Check(os.WriteFile(filepath.Join(dir, name+".txt"), []byte(modelserver.Shown(r.Body)), 0o644))
		ts.Logf("request %d: %s %s %s turn %d", r.N, r.Method, r.Path, r.Conv, r.Turn)
	}
	ts.Setenv("SESSION", "")
	ts.Setenv("TRANSCRIPT", "")
	if res, err := claude.ParseResult([]byte(stdout)); err == nil {
		ts.Setenv("SESSION", res.SessionID)
		ts.Setenv("TRANSCRIPT", claude.Transcript(ts.Getenv("HOME"), res.SessionID))
	}
	switch {
	case runErr != nil && !neg:
		ts.Fatalf("claude: %v", runErr)
	case runErr == nil && neg:
		ts.Fatalf("claude succeeded unexpectedly")
	}
}

// orNone names the conversation of a request that is not a model turn.
func orNone(conv string) string {
	if conv == "" {
		return "none"
	}
	return conv
}

func cmdShown(ts *testscript.TestScript, neg bool, args []string) {
	fs := flag.NewFlagSet("shown", flag.ContinueOnError)
	in := fs.String("in", "", "main, agent or side")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		ts.Fatalf("usage: shown [-in main|agent|side] REGEXP")
	}
	re, err := regexp.Compile(fs.Arg(0))
	ts.Check(err)
	files, err := filepath.Glob(filepath.Join(runDir(ts), "*.txt"))
	ts.Check(err)
	var hits []string
	seen := 0
	for _, f := range files {
		conv := strings.TrimSuffix(filepath.Base(f), ".txt")[4:]
		if *in != "" && !strings.HasPrefix(conv, *in) {
			continue
		}
		seen++
		data, err := os.ReadFile(f)
		ts.Check(err)
		if loc := re.FindIndex(data); loc != nil {
			hits = append(hits, fmt.Sprintf("%s: %q", filepath.Base(f), excerpt(data, loc)))
		}
	}
	if seen == 0 && *in != "" {
		ts.Fatalf("no request of %s in the last session", *in)
	}
	switch {
	case neg && len(hits) > 0:
		ts.Fatalf("the model was shown %q:\n%s", fs.Arg(0), strings.Join(hits, "\n"))
	case !neg && len(hits) == 0:
		ts.Fatalf("no request showed the model %q", fs.Arg(0))
	case !neg:
		ts.Logf("shown: %s", hits[0])
	}
}

// excerpt returns the match at loc with some text around it.
func excerpt(data []byte, loc []int) string {
	from, to := max(loc[0]-60, 0), min(loc[1]+60, len(data))
	return string(data[from:to])
}

func cmdDenied(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: denied [TOOL...] (no !)")
	}
	data, err := os.ReadFile(filepath.Join(runDir(ts), "result.json"))
	ts.Check(err)
	res, err := claude.ParseResult(data)
	ts.Check(err)
	var got []string
	for _, d := range res.PermissionDenials {
		got = append(got, d.ToolName)
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(args))
	if !slices.Equal(got, want) {
		b, _ := json.Marshal(res.PermissionDenials)
		ts.Fatalf("permission_denials name %q, want %q: %s", got, want, b)
	}
}
