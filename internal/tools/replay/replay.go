// Package replay decides the tool calls of recorded Claude Code sessions
// with a policy, as its hook would have (hookc replay).
package replay

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/tools/stats"
	"hookc.dev/hookc/internal/tools/transcript"
	"hookc.dev/hookc/runtime"
)

// A Report is what hookc replay prints: the decisions of recorded tool
// calls by one or two policies.
type Report struct {
	Transcripts int            `json:"transcripts"`
	Sessions    int            `json:"sessions"`
	Calls       int            `json:"calls"`
	Skipped     int            `json:"skippedLines"`
	Policies    []PolicyReport `json:"policies"`
	Differ      []Differs      `json:"differ,omitempty"`
}

// A PolicyReport is one policy's decisions.
type PolicyReport struct {
	Dir       string                    `json:"dir"`
	Decisions map[string]int            `json:"decisions"`
	Tools     map[string]map[string]int `json:"tools"` // tool -> decision -> calls
	Rules     []RuleCount               `json:"rules"`
	Asked     []Call                    `json:"asked"`
	Denied    []Call                    `json:"denied"`
}

// A RuleCount is how many calls a rule decided.
type RuleCount struct {
	Rule     string `json:"rule"`
	Decision string `json:"decision"`
	Calls    int    `json:"calls"`
}

// A Call is a call a policy asked about or denied.
type Call struct {
	Pos     string `json:"pos"`
	Session string `json:"session"`
	Agent   string `json:"agent"`
	Tool    string `json:"tool"`
	Summary string `json:"summary"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason,omitempty"`
	// Outcome is what became of the call in the session: "ran",
	// "refused", "error" or "no result".
	Outcome string `json:"outcome"`
}

// Differs is a call two policies decide differently.
type Differs struct {
	Pos       string   `json:"pos"`
	Tool      string   `json:"tool"`
	Summary   string   `json:"summary"`
	Decisions []string `json:"decisions"` // one per policy
	Rules     []string `json:"rules"`
}

// Decide decides every call with every policy, with the table its hook
// runs (each policy's Hook must succeed), dirs naming the policies: with
// the call's cwd, session, permission mode and sub-agent, the project root
// the session's first cwd, and this machine's environment and files as
// they are now. Transcripts and Skipped are the caller's to fill in.
func Decide(ps []*load.Policy, dirs []string, calls []transcript.Call) *Report {
	rep := &Report{Calls: len(calls)}
	roots := map[string]string{} // session -> its first cwd
	for _, c := range calls {
		if _, ok := roots[c.Session]; !ok {
			roots[c.Session] = c.Cwd
		}
	}
	rep.Sessions = len(roots)
	home, _ := os.UserHomeDir()
	fs := runtime.OSEnv().FS
	results := make([][]*runtime.Result, len(ps))
	for pi, p := range ps {
		pr := PolicyReport{Dir: dirs[pi], Decisions: map[string]int{}, Tools: map[string]map[string]int{}}
		hook, _ := p.Hook()
		rules := map[[2]string]int{}
		for _, c := range calls {
			root := roots[c.Session]
			env := &runtime.Env{Home: home, FS: fs, Environ: os.Environ, Getenv: func(name string) string {
				if name == "CLAUDE_PROJECT_DIR" {
					return root
				}
				return os.Getenv(name)
			}}
			res := runtime.Explain(hook, payloadOf(c), env)
			results[pi] = append(results[pi], res)
			d := res.Decision.String()
			pr.Decisions[d]++
			if pr.Tools[c.Tool] == nil {
				pr.Tools[c.Tool] = map[string]int{}
			}
			pr.Tools[c.Tool][d]++
			rule := decidedBy(res)
			rules[[2]string{rule, d}]++
			rc := Call{Pos: fmt.Sprintf("%s:%d", c.File, c.Line), Session: c.Session, Agent: agentOf(c),
				Tool: c.Tool, Summary: summary(c.Tool, c.Input), Rule: rule, Reason: res.Reason, Outcome: c.Result.Outcome()}
			switch res.Decision {
			case runtime.Ask:
				pr.Asked = append(pr.Asked, rc)
			case runtime.Deny:
				pr.Denied = append(pr.Denied, rc)
			}
		}
		for k, n := range rules {
			pr.Rules = append(pr.Rules, RuleCount{Rule: k[0], Decision: k[1], Calls: n})
		}
		sort.Slice(pr.Rules, func(i, j int) bool {
			a, b := pr.Rules[i], pr.Rules[j]
			if a.Calls != b.Calls {
				return a.Calls > b.Calls
			}
			return a.Rule+a.Decision < b.Rule+b.Decision
		})
		rep.Policies = append(rep.Policies, pr)
	}
	if len(ps) == 2 {
		for i, c := range calls {
			a, b := results[0][i], results[1][i]
			if a.Decision == b.Decision {
				continue
			}
			rep.Differ = append(rep.Differ, Differs{
				Pos: fmt.Sprintf("%s:%d", c.File, c.Line), Tool: c.Tool, Summary: summary(c.Tool, c.Input),
				Decisions: []string{a.Decision.String(), b.Decision.String()},
				Rules:     []string{decidedBy(a), decidedBy(b)},
			})
		}
	}
	return rep
}

// payloadOf is the PreToolUse payload the hook would have got for c.
func payloadOf(c transcript.Call) []byte {
	p := map[string]any{
		"hook_event_name": "PreToolUse",
		"session_id":      c.Session,
		"cwd":             c.Cwd,
		"tool_name":       c.Tool,
		"tool_input":      c.Input,
		"tool_use_id":     c.ID,
	}
	if c.Mode != "" {
		p["permission_mode"] = c.Mode
	}
	if c.AgentID != "" {
		p["agent_id"] = c.AgentID
	}
	if c.AgentType != "" {
		p["agent_type"] = c.AgentType
	}
	b, _ := json.Marshal(p)
	return b
}

// decidedBy names what decided a call: its rule's name, or the default, a
// floor or onError in parentheses. The text report quotes rule names
// (showRule); -json gives them as they are (design.md 191).
func decidedBy(res *runtime.Result) string {
	switch {
	case res.Rule != "":
		return res.Rule
	case res.Err != "":
		return "(onError)"
	}
	for _, u := range res.Units {
		if u.Decision == res.Decision && u.Rule == "" {
			if u.By == runtime.ByFloor {
				return "(floor " + u.Floor.String() + ")"
			}
			why, _, _ := strings.Cut(u.Why, ":")
			return "(" + why + ")"
		}
	}
	return "(default)"
}

// showRule quotes a rule's name for the text report; what no rule decided
// is in parentheses already.
func showRule(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s
	}
	return strconv.Quote(s)
}

func agentOf(c transcript.Call) string {
	switch {
	case c.AgentID == "":
		return "main"
	case c.AgentType != "":
		return c.AgentType
	}
	return "subagent"
}

// summary is a call in brief: the command, the path, the URL.
func summary(tool string, input json.RawMessage) string {
	var in map[string]any
	json.Unmarshal(input, &in)
	for _, k := range []string{"command", "file_path", "notebook_path", "url", "pattern", "subagent_type", "skill", "query"} {
		if s, ok := in[k].(string); ok && s != "" {
			return cut(s)
		}
	}
	return cut(string(input))
}

// cut shortens s to one line of at most 72 bytes.
func cut(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 72 {
		s = s[:69] + "..."
	}
	return s
}

var decisionOrder = []string{"allow", "ask", "deny", "pass"}

// Print writes the report as text.
func (r *Report) Print(w io.Writer) {
	fmt.Fprintf(w, "%s, %s, %s", plural(r.Transcripts, "transcript"), plural(r.Sessions, "session"), plural(r.Calls, "tool call"))
	if r.Skipped > 0 {
		fmt.Fprintf(w, " (%s skipped)", plural(r.Skipped, "unreadable line"))
	}
	fmt.Fprintln(w)
	for _, p := range r.Policies {
		fmt.Fprintf(w, "\npolicy %s:", p.Dir)
		for _, d := range decisionOrder {
			if n := p.Decisions[d]; n > 0 {
				fmt.Fprintf(w, " %s %d (%s)", d, n, stats.Percent(n, r.Calls))
			}
		}
		fmt.Fprintf(w, "\n\n  %-36s %5s %6s %6s %6s %6s\n", "by tool", "calls", "allow", "ask", "deny", "pass")
		var tools []string
		for t := range p.Tools {
			tools = append(tools, t)
		}
		sort.Strings(tools)
		for _, t := range tools {
			m := p.Tools[t]
			fmt.Fprintf(w, "  %-36s %5d %6d %6d %6d %6d\n", cut(t), m["allow"]+m["ask"]+m["deny"]+m["pass"], m["allow"], m["ask"], m["deny"], m["pass"])
		}
		fmt.Fprintf(w, "\n  %-48s %5s  %s\n", "by rule", "calls", "decision")
		for _, rc := range p.Rules {
			fmt.Fprintf(w, "  %-48s %5d  %s\n", cut(showRule(rc.Rule)), rc.Calls, rc.Decision)
		}
		for _, l := range []struct {
			name  string
			calls []Call
		}{{"asked", p.Asked}, {"denied", p.Denied}} {
			if len(l.calls) == 0 {
				continue
			}
			fmt.Fprintf(w, "\n  %s (%d):\n", l.name, len(l.calls))
			for _, c := range l.calls {
				fmt.Fprintf(w, "    %s  %s  %s\n", c.Pos, c.Tool, c.Summary)
				fmt.Fprintf(w, "        by %s, %s; in the session: %s\n", showRule(c.Rule), c.Agent, c.Outcome)
			}
		}
	}
	if len(r.Policies) == 2 {
		fmt.Fprintf(w, "\ndecided differently (%d):\n", len(r.Differ))
		for _, d := range r.Differ {
			fmt.Fprintf(w, "  %s  %s  %s\n", d.Pos, d.Tool, d.Summary)
			fmt.Fprintf(w, "      %s: %s by %s; %s: %s by %s\n", r.Policies[0].Dir, d.Decisions[0], showRule(d.Rules[0]), r.Policies[1].Dir, d.Decisions[1], showRule(d.Rules[1]))
		}
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
