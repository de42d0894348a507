package vet

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// The vocabulary of random policies and calls: small, so that rules and
// calls meet often.
var (
	pTools    = []string{"Bash", "Read", "Write", "Edit", "Grep", "WebFetch", "mcp__s__t", "Foo"}
	pPrograms = []string{"git", "rm", "ls", "cat", "sudo", "bash", "curl", "find"}
	pWords    = []string{"push", "-r", "-f", "--force", "/etc/x", "x", "y", "-rf", "src/a.go", ".env", "~/.ssh/id", "lnk"}
	pGlobs    = []string{"**/.env", "/etc/**", "./src/**", "~/.ssh/**", "**", "*.go", "x*"}
	pRes      = []string{"^git", "push", "^-", "x$", "^/etc", `\.env$`, "^(ls|cat)$", "f"}
	pFields   = []string{"file_path", "url", "command", "run_in_background", "timeout"}
	pWrappers = []string{"sudo", "env", "xargs", "bash"}
)

type policyGen struct {
	rng *rand.Rand
	t   *runtime.Table
}

func (g *policyGen) pick(l []string) string { return l[g.rng.IntN(len(l))] }

func (g *policyGen) re(p string) runtime.Str {
	for i, q := range g.t.Patterns {
		if q == p {
			return runtime.Str{Op: runtime.StrRe, Re: int32(i)}
		}
	}
	g.t.Patterns = append(g.t.Patterns, p)
	return runtime.Str{Op: runtime.StrRe, Re: int32(len(g.t.Patterns) - 1)}
}

// str returns a random matcher over the values of vocab.
func (g *policyGen) str(vocab []string, glob bool, depth int) runtime.Str {
	switch x := g.rng.IntN(10); {
	case x < 4:
		if glob {
			return runtime.Str{Op: runtime.StrGlob, S: g.pick(pGlobs)}
		}
		return runtime.Str{Op: runtime.StrExact, S: g.pick(vocab)}
	case x < 6:
		return g.re(g.pick(pRes))
	case x < 7:
		return runtime.Str{Op: runtime.StrGlob, S: g.pick(pGlobs)}
	case x < 8 && depth < 2:
		return runtime.Str{Op: runtime.StrNot, Subs: []runtime.Str{g.str(vocab, glob, depth+1)}}
	case x < 9 && depth < 2:
		return runtime.Str{Op: runtime.StrOr, Subs: []runtime.Str{g.str(vocab, glob, depth+1), g.str(vocab, glob, depth+1)}}
	}
	return runtime.Str{Op: runtime.StrDynamic}
}

func (g *policyGen) list(vocab []string, glob bool) runtime.List {
	var l runtime.List
	for range 1 + g.rng.IntN(2) {
		switch g.rng.IntN(4) {
		case 0:
			l.Conds = append(l.Conds, runtime.ListCond{Q: runtime.QAny, Elem: g.str(vocab, glob, 0)})
		case 1:
			l.Conds = append(l.Conds, runtime.ListCond{Q: runtime.QAll, Elem: g.str(vocab, glob, 0)})
		case 2:
			l.Conds = append(l.Conds, runtime.ListCond{Q: runtime.QNone, Elem: g.str(vocab, glob, 0)})
		default:
			c := runtime.ListCond{Q: runtime.QPrefix}
			for range 1 + g.rng.IntN(2) {
				c.Prefix = append(c.Prefix, g.str(vocab, glob, 0))
			}
			l.Conds = append(l.Conds, c)
		}
	}
	return l
}

func (g *policyGen) rule(i int) runtime.Rule {
	r := runtime.Rule{
		Name:     fmt.Sprintf("r%d", i),
		Pos:      fmt.Sprintf("p/policy.cue:%d:2", i+1),
		Decision: runtime.Decision(g.rng.IntN(4)),
	}
	if g.rng.IntN(3) == 0 {
		r.Reason = "because " + r.Name
	}
	if g.rng.IntN(2) == 0 {
		r.Tool = g.str(pTools, false, 1)
	}
	if g.rng.IntN(2) == 0 {
		c := &runtime.CmdCond{}
		if g.rng.IntN(4) > 0 {
			c.Name = g.str(pPrograms, false, 1)
		}
		switch g.rng.IntN(8) {
		case 0, 1:
			c.Args = g.list(pWords, false)
		case 2, 3:
			c.Flags = g.list(pWords, false)
		case 4:
			c.Words = g.list(pWords, false)
		case 5:
			c.Wrappers = g.list(pWrappers, false)
		case 6:
			c.Producers = g.list(pPrograms, false)
		case 7:
			c.Line = g.re(g.pick([]string{"^git push", "^rm -r", "x$", "^ls"}))
		}
		r.Cmd = c
	}
	if g.rng.IntN(3) == 0 {
		switch g.rng.IntN(3) {
		case 0:
			r.Path = g.list(nil, true)
		case 1:
			r.Reads = g.list(nil, true)
		default:
			r.Writes = g.list(nil, true)
		}
	}
	if g.rng.IntN(4) == 0 {
		f := runtime.Field{Path: g.pick(pFields)}
		switch f.Path {
		case "run_in_background":
			f.Kind, f.Str = runtime.FieldBool, runtime.Str{Op: runtime.StrExact, S: "true"}
		case "timeout":
			f.Kind, f.Str = runtime.FieldNumber, runtime.Str{Op: runtime.StrExact, S: "100"}
		default:
			f.Kind, f.Str = runtime.FieldString, g.str(append(pWords, pGlobs...), false, 1)
			if g.rng.IntN(5) == 0 {
				f.Kind = runtime.FieldAbsent
			}
		}
		f.Not = g.rng.IntN(4) == 0
		r.Input = append(r.Input, f)
	}
	if g.rng.IntN(8) == 0 {
		r.Agent = runtime.AgentKind(1 + g.rng.IntN(2))
	}
	if g.rng.IntN(10) == 0 {
		r.Env = append(r.Env, runtime.EnvCond{Name: "FOO", Value: runtime.Str{Op: runtime.StrExact, S: "1"}})
	}
	if g.rng.IntN(12) == 0 {
		r.Event = runtime.Str{Op: runtime.StrExact, S: "PostToolUse"}
	}
	return r
}

func (g *policyGen) policy(n int) *load.Policy {
	g.t = &runtime.Table{
		Default:  runtime.Decision(g.rng.IntN(3)),
		OnError:  runtime.Ask,
		Floors:   runtime.Floors{Dynamic: runtime.Ask, ParseError: runtime.Ask, Depth: runtime.Ask, Code: runtime.Ask, Write: runtime.Ask, Loss: runtime.Ask, Secret: runtime.Ask},
		Commands: load.BaseCommands(),
		Tools:    load.BaseTools(),
	}
	p := &load.Policy{Dir: "p", Table: g.t}
	for i := range n {
		r := g.rule(i)
		g.t.Rules = append(g.t.Rules, r)
		p.Rules = append(p.Rules, load.RuleInfo{Pos: r.Pos})
	}
	return p
}

// word returns a random shell word.
func (g *policyGen) word() string {
	switch g.rng.IntN(12) {
	case 0:
		return `"$X"`
	case 1:
		return "*.go"
	case 2:
		return "'" + g.pick(pWords) + "'"
	}
	return g.pick(pWords)
}

func (g *policyGen) simple() string {
	var parts []string
	if g.rng.IntN(8) == 0 {
		parts = append(parts, g.pick([]string{"FOO=1", "LD_PRELOAD=x"}))
	}
	if g.rng.IntN(6) == 0 {
		parts = append(parts, g.pick([]string{"sudo", "env", "xargs"}))
	}
	prog := g.pick(pPrograms)
	switch g.rng.IntN(10) {
	case 0:
		prog = "./" + prog // run by a path: an uncertain program
	case 1:
		prog = strings.ToUpper(prog[:1]) + prog[1:] // its lower case is a second value
	case 2:
		prog = "/usr/bin/" + prog
	case 3:
		prog = "PATH=/x " + prog
	}
	parts = append(parts, prog)
	for range g.rng.IntN(4) {
		parts = append(parts, g.word())
	}
	if g.rng.IntN(5) == 0 {
		parts = append(parts, g.pick([]string{">", "<", ">>"}), g.pick(pWords))
	}
	return strings.Join(parts, " ")
}

// call returns a random payload, and the environment it runs in.
func (g *policyGen) call() ([]byte, map[string]string) {
	var env map[string]string
	if g.rng.IntN(10) == 0 {
		env = map[string]string{"FOO": "1"}
	}
	event := "PreToolUse"
	if g.rng.IntN(10) == 0 {
		event = "PostToolUse"
	}
	agent := ""
	if g.rng.IntN(8) == 0 {
		agent = `,"agent_id":"a1"`
	}
	tool := g.pick(pTools)
	var input []string
	if tool == "Bash" {
		line := g.simple()
		for range g.rng.IntN(3) {
			line += g.pick([]string{" && ", " | ", "; ", " || "}) + g.simple()
		}
		if g.rng.IntN(10) == 0 {
			line = "bash -c '" + line + "'"
		}
		input = append(input, fmt.Sprintf("%q:%q", "command", line))
	}
	for _, f := range pFields {
		if g.rng.IntN(4) != 0 || f == "command" && tool == "Bash" {
			continue
		}
		switch f {
		case "run_in_background":
			input = append(input, fmt.Sprintf("%q:%v", f, g.rng.IntN(2) == 0))
		case "timeout":
			input = append(input, fmt.Sprintf("%q:%d", f, 100*g.rng.IntN(2)))
		default:
			v := g.pick(append(append([]string{}, pWords...), "/project/.env", "/etc/passwd", "/home/user/.ssh/id", "/project/src/a.go", "/project/lnk", "lnk"))
			input = append(input, fmt.Sprintf("%q:%q", f, v))
		}
	}
	p := fmt.Sprintf(`{"hook_event_name":%q,"cwd":"/project","tool_name":%q,"tool_input":{%s}%s}`, event, tool, strings.Join(input, ","), agent)
	return []byte(p), env
}

// outcome is what a unit got: its decision and the texts of the rule (or
// default) that gave it.
type outcome struct {
	d               runtime.Decision
	reason, msg, cx string
}

func outcomeOf(t *runtime.Table, u runtime.Trace) outcome {
	o := outcome{d: u.Decision}
	for _, r := range t.AllRules() {
		if u.Rule != "" && r.Name == u.Rule && r.Pos == u.Pos {
			o.reason, o.msg, o.cx = r.Reason, r.Message, r.Context
		}
	}
	return o
}

// TestProperty vets random small policies and checks every definite
// finding against the runtime on sampled calls: a dead rule never matches
// a unit, a shadowed or upward-redundant rule never decides one, removing a
// downward-redundant rule changes no unit's outcome, and every definite
// witness replays as claimed.
func TestProperty(t *testing.T) {
	t.Parallel()
	policies, samples := 40, 300
	rng, deadline := propertyRun(&policies, 15, 11)
	checked := map[string]int{}
	for pi := 0; pi < policies && time.Now().Before(deadline); pi++ {
		g := &policyGen{rng: rng}
		p := g.policy(3 + rng.IntN(6))
		findings, err := Run(p, Options{})
		if err != nil {
			t.Fatalf("policy %d: %v", pi, err)
		}
		calls := make([][]byte, samples)
		envs := make([]map[string]string, samples)
		for i := range calls {
			calls[i], envs[i] = g.call()
		}
		// The file system of the samples: a link in the project to a
		// secret outside it.
		links := map[string]string{"/project/lnk": "/etc/passwd", "/project/src/a.go": "/home/user/.ssh/id"}
		r := newReplayer(p.Table)
		ruleOf := func(d diag.Diagnostic) int {
			for i, ru := range p.Table.Rules {
				if ru.Pos == d.Pos.String() {
					return i
				}
			}
			return -1
		}
		for _, d := range findings {
			j := ruleOf(d)
			fail := func(format string, args ...any) {
				t.Errorf("policy %d: %s: %s\n%s\nrules:\n%s", pi, d.Check, fmt.Sprintf(format, args...), d, dumpRules(p.Table))
			}
			if len(d.Witness) > 0 && j >= 0 {
				c := call{payload: d.Witness, env: d.Env, files: d.Files}
				res := r.explain(p.Table, c)
				if len(res.Units) == 0 {
					fail("witness has no units")
				}
			}
			if msg := replayClaim(r, d); msg != "" {
				fail("%s", msg)
			}
			certainOnly := strings.Contains(d.Message, "only calls with uncertain values")
			switch {
			case j >= 0 && certainOnly:
				checked["uncertain-only"]++
				for i := range calls {
					res := r.explain(p.Table, call{payload: calls[i], env: envs[i], links: links})
					for _, u := range res.Units {
						if r.decidedBy(u, j) && certainUnit(u) {
							fail("rule decides a unit with certain values in %s", calls[i])
							break
						}
					}
				}
			}
			if d.Certainty != Definitely || certainOnly {
				continue
			}
			switch {
			case j < 0:
			case d.Check == "dead" && !strings.Contains(d.Message, "did you mean"):
				checked["dead"]++
				alone := r.alone(j)
				for i := range calls {
					res := r.explain(alone, call{payload: calls[i], env: envs[i], links: links})
					for _, u := range res.Units {
						if r.decidedBy(u, j) {
							fail("rule matches %s", calls[i])
							break
						}
					}
				}
			case d.Check == "shadowed" || d.Check == "redundant" && strings.Contains(d.Message, "decide") && strings.Contains(d.Message, "first"):
				checked["unreachable"]++
				for i := range calls {
					res := r.explain(p.Table, call{payload: calls[i], env: envs[i], links: links})
					for _, u := range res.Units {
						if r.decidedBy(u, j) {
							fail("rule decides %s", calls[i])
							break
						}
					}
				}
			case d.Check == "redundant":
				checked["downward"]++
				without := r.minus(j)
				for i := range calls {
					c := call{payload: calls[i], env: envs[i], links: links}
					a, b := r.explain(p.Table, c), r.explain(without, c)
					if len(a.Units) != len(b.Units) {
						fail("unit counts differ on %s", calls[i])
						break
					}
					for u := range a.Units {
						if outcomeOf(p.Table, a.Units[u]) != outcomeOf(without, b.Units[u]) {
							fail("removing it changes unit %d of %s: %v vs %v", u, calls[i], a.Units[u], b.Units[u])
							break
						}
					}
				}
			case d.Check == "conflict" || d.Check == "broad-allow":
				checked[d.Check]++ // replayed above
			}
		}
	}
	t.Logf("checked: %v", checked)
}

// propertySeed seeds the property tests.
var propertySeed uint64 = 7

// propertyRun starts a property test over random policies: it lowers the
// number of policies to short with -short, and returns the random source
// of the test's stream and a deadline, a safety net for a loaded machine
// that keeps the test well under the package's time budget.
func propertyRun(policies *int, short int, stream uint64) (*rand.Rand, time.Time) {
	if testing.Short() {
		*policies = short
	}
	return rand.New(rand.NewPCG(propertySeed, stream)), time.Now().Add(8 * time.Second)
}

// certainUnit reports whether a unit has only certain values: a tool call,
// or a simple command run by name from a system directory, in lower case,
// with static words and redirections.
func certainUnit(u runtime.Trace) bool {
	c := u.Cmd
	if c == nil {
		return true
	}
	if c.Program.Text != strings.ToLower(c.Program.Text) || strings.Contains(c.Path, "/") && !strings.HasPrefix(c.Path, "/usr/bin/") {
		return false
	}
	for _, a := range c.Assigns {
		if strings.HasPrefix(a.Text, "PATH=") {
			return false
		}
	}
	for _, w := range c.Words {
		if w.Uncertain() {
			return false
		}
	}
	for _, r := range c.Redirs {
		if r.Target.Uncertain() {
			return false
		}
	}
	return true
}

func dumpRules(t *runtime.Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "default %s\n", t.Default)
	for _, r := range t.Rules {
		fmt.Fprintf(&b, "  %s %s reason=%q event=%v tool=%v input=%v cmd=%v path=%v reads=%v writes=%v agent=%v env=%v\n",
			r.Name, r.Decision, r.Reason, r.Event, r.Tool, r.Input, cmdString(r.Cmd), r.Path, r.Reads, r.Writes, r.Agent, r.Env)
	}
	fmt.Fprintf(&b, "patterns %q\n", t.Patterns)
	return b.String()
}

func cmdString(c *runtime.CmdCond) string {
	if c == nil {
		return "nil"
	}
	return fmt.Sprintf("{name=%v args=%v flags=%v words=%v line=%v wrappers=%v producers=%v}", c.Name, c.Args, c.Flags, c.Words, c.Line, c.Wrappers, c.Producers)
}
