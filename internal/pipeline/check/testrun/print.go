package testrun

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// PrintResult writes the decision and its trace, as hookc explain
// prints it.
func PrintResult(w io.Writer, res *runtime.Result) {
	fmt.Fprintf(w, "decision: %s\n", res.Decision)
	if res.Rule != "" {
		fmt.Fprintf(w, "rule:     %q at %s\n", res.Rule, res.Pos)
	}
	if res.Reason != "" {
		fmt.Fprintf(w, "reason:   %s\n", res.Reason)
	}
	if res.Message != "" {
		fmt.Fprintf(w, "message:  %s\n", res.Message)
	}
	if res.Context != "" {
		fmt.Fprintf(w, "context:  %s\n", strings.ReplaceAll(res.Context, "\n", "\n          "))
	}
	for _, r := range res.Contexts {
		fmt.Fprintf(w, "          (context added by rule %q)\n", r)
	}
	if res.Stop {
		fmt.Fprintf(w, "stop:     %s\n", res.StopReason)
	}
	if res.Err != "" {
		fmt.Fprintf(w, "error:    %s\n", res.Err)
	}
	for _, u := range res.Units {
		fmt.Fprintf(w, "  %-5s ", u.Decision)
		if u.Cmd != nil {
			fmt.Fprintf(w, "%s", describeCommand(u.Cmd))
		} else if u.By == runtime.ByFloor {
			fmt.Fprintf(w, "(command line)")
		} else {
			fmt.Fprintf(w, "(the call)")
		}
		switch {
		case u.Rule != "":
			fmt.Fprintf(w, "\n        by rule %q at %s\n", u.Rule, u.Pos)
		default:
			fmt.Fprintf(w, "\n        by the %s\n", u.Why)
		}
		for _, p := range u.Paths {
			fmt.Fprintf(w, "        path %s\n", p)
		}
	}
}

// describeCommand writes a simple command as the trace shows it: a
// word that is not known until the command runs has a ? in front.
func describeCommand(c *runtime.SimpleCommand) string {
	var b strings.Builder
	if len(c.Wrappers) > 0 {
		fmt.Fprintf(&b, "[%s] ", strings.Join(c.Wrappers, " "))
	}
	for _, a := range c.Assigns {
		b.WriteString(a.Text + " ")
	}
	name := c.Program.Text
	if name == "" {
		name = "(no program)"
	}
	b.WriteString(name)
	for _, wd := range c.Words {
		b.WriteString(" ")
		if wd.Dynamic {
			b.WriteString("?" + wd.Text)
		} else {
			b.WriteString(wd.Text)
		}
	}
	for _, r := range c.Redirs {
		fmt.Fprintf(&b, " %s%s", r.Op, r.Target.Text)
	}
	if len(c.Producers) > 0 {
		fmt.Fprintf(&b, "  (input from %s)", strings.Join(c.Producers, ", "))
	}
	return b.String()
}

// ExplainEnv is what hookc explain decides with: the virtual file system of t,
// or with real the hook's own view, as the built hook sees it on this
// machine (design.md 205): one file system, one answer.
func ExplainEnv(t load.Test, env map[string]string, real bool, policy string) *runtime.Env {
	if !real {
		t.Env = env
		return Env(&t)
	}
	e := runtime.OSEnv()
	if abs, err := filepath.Abs(policy); err == nil {
		e.Policy = abs
	}
	e.Hook = nil // explain is not the hook binary: @hook names nothing
	if len(env) > 0 {
		e.Getenv = func(name string) string {
			if v, ok := env[name]; ok {
				return v
			}
			return os.Getenv(name)
		}
		if h, ok := env["HOME"]; ok {
			e.Home = h
		}
	}
	return e
}

// PrintCoverage prints the per-rule table and the decision, default, onError
// and floor coverage; it reports whether a rule is uncovered.
func PrintCoverage(w io.Writer, p *load.Policy, c *Coverage) (uncovered bool) {
	t := p.Table
	fmt.Fprintf(w, "coverage:\n")
	exempted := 0
	for i, r := range t.Rules {
		mark := ""
		switch {
		case c.Rules[i] > 0:
		case Exempt(p.Rules[i].Accept):
			// vet found it decides nothing another rule would not,
			// and the policy accepts that (design.md 190).
			mark = "  (accepted: " + acceptedAs(p.Rules[i].Accept) + ")"
			exempted++
		default:
			mark = "  UNCOVERED"
			uncovered = true
		}
		fmt.Fprintf(w, "  %5d  %-5s %-40q %s%s\n", c.Rules[i], r.Decision, r.Name, r.Pos, mark)
	}
	fmt.Fprintf(w, "  %5d  %-5s %s\n", c.Default, t.Default, "(default)")
	fmt.Fprintf(w, "  %5d  %-5s %s\n", c.OnError, t.OnError, "(onError)")
	for _, ed := range t.OnErrorBy {
		fmt.Fprintf(w, "  %5d  %-5s %s\n", c.OnErrorBy[ed.Event], ed.Decision, "(onError "+ed.Event+")")
	}
	for _, f := range runtime.FloorInfo {
		fmt.Fprintf(w, "  %5d  %-5s %s\n", c.Floors[f.Name], t.Floors.Of(f.Kind), "(floor "+f.Name+")")
	}
	var missing []string
	for d := range c.Possible {
		if !c.Decisions[d] {
			missing = append(missing, d.String())
		}
	}
	sort.Strings(missing)
	covered := len(t.Rules) - len(c.Uncovered())
	fmt.Fprintf(w, "rules: %d of %d covered", covered, len(t.Rules))
	if exempted > 0 {
		fmt.Fprintf(w, " (%d accepted as dead, shadowed or redundant)", exempted)
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "; decisions no test produced: %s", strings.Join(missing, ", "))
	}
	fmt.Fprintln(w)
	return uncovered
}

// acceptedAs names the accept that exempts a rule from coverage.
func acceptedAs(accept map[string]string) string {
	for _, k := range []string{"dead", "shadowed", "redundant"} {
		if accept[k] != "" {
			return k
		}
	}
	return ""
}

// Print prints the failed tests, each with its trace, and with verbose
// the passed ones; it returns the failures as diagnostics, for -format
// github.
func (r *Report) Print(w io.Writer, verbose bool) diag.List {
	var notes diag.List
	for _, r := range r.Results {
		if len(r.Failed) == 0 {
			if verbose {
				fmt.Fprintf(w, "--- PASS: %s (%s)\n", r.Test.Name, r.Test.Pos)
			}
			continue
		}
		notes = append(notes, diag.Diagnostic{Pos: diag.ParsePos(r.Test.Pos), Check: "test",
			Message: fmt.Sprintf("test %q failed: %s", r.Test.Name, strings.Join(r.Failed, "; "))})
		fmt.Fprintf(w, "--- FAIL: %s (%s)\n", r.Test.Name, r.Test.Pos)
		for _, f := range r.Failed {
			fmt.Fprintf(w, "    %s\n", f)
		}
		fmt.Fprintf(w, "    payload: %s\n", r.Test.Payload)
		var tr strings.Builder
		PrintResult(&tr, r.Got)
		for line := range strings.Lines(tr.String()) {
			fmt.Fprintf(w, "    %s", line)
		}
	}
	return notes
}

// CoverNotes returns the rules no test covers and no accept exempts, as
// diagnostics.
func CoverNotes(p *load.Policy, c *Coverage) diag.List {
	var notes diag.List
	for _, i := range c.Uncovered() {
		if Exempt(p.Rules[i].Accept) {
			continue
		}
		r := p.Table.Rules[i]
		notes = append(notes, diag.Diagnostic{Pos: diag.ParsePos(r.Pos), Check: "cover",
			Message: fmt.Sprintf("rule %q decided nothing in any test", r.Name)})
	}
	return notes
}
