package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/replay"
	"hookc.dev/hookc/internal/tools/settings"
	"hookc.dev/hookc/internal/tools/transcript"
)

// policyFlags collects -policy flags.
type policyFlags []string

func (p *policyFlags) String() string { return strings.Join(*p, ",") }
func (p *policyFlags) Set(s string) error {
	if len(*p) == 2 {
		return fmt.Errorf("at most two policies")
	}
	*p = append(*p, s)
	return nil
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("replay", "[-policy dir [-policy dir]] [-json] transcript.jsonl|dir ...", stderr)
	var policies policyFlags
	flags.Var(&policies, "policy", "the policy `dir` to decide with (default \".\"); give two to compare")
	jsonOut := flags.Bool("json", false, "print the report as JSON on stdout")
	paths, code, ok := parseFiles(flags, args, "transcripts (.jsonl files, or directories such as ~/.claude/projects)", stderr)
	if !ok {
		return code
	}
	if len(policies) == 0 {
		policies = policyFlags{"."}
	}
	var ps []*load.Policy
	for _, dir := range policies {
		p, ok := loadPolicy(dir, stderr)
		if !ok {
			return exitFailed
		}
		if _, ok := hookTable(p, "replay", stderr); !ok {
			return exitFailed
		}
		ps = append(ps, p)
	}
	files, err := transcript.Files(paths)
	if err != nil {
		fmt.Fprintf(stderr, "hookc replay: %v\n", err)
		return exitFailed
	}
	cwd, _ := os.Getwd()
	var calls []transcript.Call
	var probs []transcript.Problem
	for _, f := range files {
		cs, pr, err := transcript.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "hookc replay: %v\n", err)
			return exitFailed
		}
		for i := range cs {
			cs[i].File = settings.RelToCwd(cs[i].File, cwd)
		}
		for i := range pr {
			pr[i].File = settings.RelToCwd(pr[i].File, cwd)
		}
		calls = append(calls, cs...)
		probs = append(probs, pr...)
	}
	for _, p := range probs {
		fmt.Fprintln(stderr, p)
	}
	rep := replay.Decide(ps, policies, calls)
	rep.Transcripts = len(files)
	rep.Skipped = len(probs)
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "\t")
		enc.Encode(rep)
		return exitOK
	}
	rep.Print(stdout)
	return exitOK
}

var _ flag.Value = (*policyFlags)(nil)
