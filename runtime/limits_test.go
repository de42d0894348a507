package runtime

import (
	"bytes"
	"encoding/json"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
)

// limitTable allows what no limit stops; a limit that gives onError denies
// and the depth floor asks, so that each outcome tells which way it came.
func limitTable(lim Limits) *Table {
	t := testTable(testCommands)
	t.Default, t.Floors.Depth, t.Limits = Allow, Ask, lim
	return t
}

func bashPayload(cmd string) []byte {
	b, _ := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse", "cwd": "/project", "tool_name": "Bash",
		"tool_input": map[string]any{"command": cmd},
	})
	return b
}

// checkLimit checks that res is want, with a reason holding reason.
func checkLimit(t *testing.T, what string, res *Result, want Decision, reason string) {
	t.Helper()
	if res.Decision != want || !strings.Contains(res.Reason, reason) {
		t.Errorf("%s: %s %q, want %s with %q", what, res.Decision, res.Reason, want, reason)
	}
	if want == Deny && res.Err == "" {
		t.Errorf("%s: no Err on onError", what)
	}
}

func TestLimitInputBytes(t *testing.T) {
	t.Parallel()
	const n = 1000
	tb := limitTable(Limits{InputBytes: n})
	base := bashPayload("ls")
	// Pad the payload with spaces, which JSON ignores, to the limit.
	at := append(bytes.Clone(base), bytes.Repeat([]byte(" "), n-len(base))...)
	over := append(bytes.Clone(at), ' ')
	checkLimit(t, "at the limit", Decide(tb, at, nil), Allow, "")
	checkLimit(t, "beyond", Decide(tb, over, nil), Deny, "larger than the limit of 1000 bytes")

	// Run reads at most one byte more than the limit.
	for _, c := range []struct {
		in   []byte
		want string
	}{{at, `"permissionDecision":"allow"`}, {over, "larger than the limit of 1000 bytes"}} {
		var out, errOut bytes.Buffer
		if code := Run(tb, nil, bytes.NewReader(c.in), &out, &errOut, &Env{}); code != 0 {
			t.Errorf("Run exit %d", code)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("Run on %d bytes: %s, want %s", len(c.in), out.String(), c.want)
		}
	}
}

func TestLimitDepth(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{Depth: 3})
	for _, c := range []struct {
		cmd  string
		want Decision
	}{
		{"nice nice nice ls", Allow}, // three wrappers: at the limit
		{"nice nice nice nice ls", Ask},
		{`bash -c 'bash -c "bash -c ls"'`, Allow}, // three re-parses
		{`bash -c 'bash -c "bash -c \"bash -c ls\""'`, Ask},
		{"eval eval eval ls", Allow},
		{"eval eval eval eval ls", Ask},
		{`env -S "env -S 'env -S ls'"`, Allow},
		{`env -S "env -S 'env -S \"env -S ls\"'"`, Ask},
	} {
		res := Decide(tb, bashPayload(c.cmd), nil)
		reason := ""
		if c.want == Ask {
			reason = "deeper than 3 levels (limits.depth)"
		}
		checkLimit(t, c.cmd, res, c.want, reason)
	}
}

func TestLimitNesting(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{})
	// The smallest nesting of subshells that Extract refuses to follow.
	nested := func(n int) string { return strings.Repeat("( ", n) + "ls" + strings.Repeat(" )", n) }
	refused := func(n int) bool { return Extract(nested(n), testKnowledge, Limits{}).TooNested }
	lo, hi := 1, 2*MaxNest
	if refused(lo) || !refused(hi) {
		t.Fatalf("nesting of %d refused %v, of %d %v", lo, refused(lo), hi, refused(hi))
	}
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if refused(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if hi < MaxNest-2 || hi > MaxNest+2 {
		t.Errorf("nesting refused from %d subshells, want about MaxNest (%d)", hi, MaxNest)
	}
	checkLimit(t, "at the limit", Decide(tb, bashPayload(nested(lo)), nil), Allow, "")
	checkLimit(t, "beyond", Decide(tb, bashPayload(nested(hi)), nil), Ask, "constructs deeper than 1000 levels")
	// Substitutions nest too.
	subst := strings.Repeat("$(", MaxNest+10) + "ls" + strings.Repeat(")", MaxNest+10)
	checkLimit(t, "substitutions", Decide(tb, bashPayload("echo "+subst), nil), Ask, "deeper than")
}

// TestLimitBrackets checks the bound on brackets, which keeps the parser's
// recursion off the end of the stack: a line, nested scripts included, with
// more than MaxBrackets is not parsed and gets the depth floor.
func TestLimitBrackets(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{})
	// Quoted brackets count too: the count is no parse.
	at := "echo " + strings.Repeat("'(' ", MaxBrackets)
	checkLimit(t, "at the limit", Decide(tb, bashPayload(at), nil), Allow, "")
	checkLimit(t, "beyond", Decide(tb, bashPayload(at+"'('"), nil), Ask, "more than 5000 brackets")
	// Brackets a nested script decodes count too: $'\x28' is (.
	deep := "bash -c $'" + strings.Repeat(`\x28`, MaxBrackets+1) + "'"
	if strings.Count(deep, "(") != 0 {
		t.Fatal("the test line holds a bracket")
	}
	checkLimit(t, "decoded", Decide(tb, bashPayload(deep), nil), Ask, "more than 5000 brackets")
	// Brace expansions do not count.
	braces := "echo " + strings.Repeat("{a,", MaxBrackets+1) + strings.Repeat("}", MaxBrackets+1)
	checkLimit(t, "brace expansions", Decide(tb, bashPayload(braces), nil), Allow, "")
}

func TestLimitCommands(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{Commands: 5})
	checkLimit(t, "at the limit", Decide(tb, bashPayload("ls; ls; ls; ls; ls"), nil), Allow, "")
	checkLimit(t, "beyond", Decide(tb, bashPayload("ls; ls; ls; ls; ls; ls"), nil), Deny, "more than 5 simple commands (limits.commands)")
	// Commands found through wrappers and substitutions count.
	checkLimit(t, "nested", Decide(tb, bashPayload("echo $(ls) $(ls) | sudo ls; ls"), nil), Deny, "more than 5 simple commands")
}

// TestLimitMillis checks that the time budget bounds the whole decision,
// parsing included: parsing deeply nested input takes far longer than the
// budget, and is stopped.
func TestLimitMillis(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{Millis: 50})
	checkLimit(t, "a quick call", Decide(tb, bashPayload("ls && git status"), nil), Allow, "")

	// Keywords nest without brackets; this takes about a second to parse.
	slow := strings.Repeat("if :;then ", 50000) + "ls" + strings.Repeat(";fi", 50000)
	start := time.Now()
	res := Decide(tb, bashPayload(slow), nil)
	took := time.Since(start)
	checkLimit(t, "slow to parse", res, Deny, "longer than the limit of 50 ms (limits.millis)")
	if took > time.Second {
		t.Errorf("deciding took %v with a budget of 50 ms", took)
	}
	// A nested script is parsed under the same budget.
	start = time.Now()
	res = Decide(tb, bashPayload("bash -c '"+slow+"'"), nil)
	checkLimit(t, "slow nested script", res, Deny, "limits.millis")
	if took := time.Since(start); took > time.Second {
		t.Errorf("deciding a nested script took %v with a budget of 50 ms", took)
	}
}

// TestLimitDefaults checks the default limits on the largest payload they
// admit: a 4 MiB command line is decided, or given onError for time,
// within the default budget.
func TestLimitDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	t.Parallel()
	tb := limitTable(Limits{})
	n := DefaultLimits.InputBytes - 200
	for _, c := range []struct {
		name, cmd string
		want      Decision
	}{
		// Allowed, or, on a slow or loaded machine, onError for time.
		{"4 MiB word", "echo " + strings.Repeat("a", n), Allow},
		{"4 MiB of nesting", strings.Repeat("while :;do ", n/14) + strings.Repeat(";done", n/14), Deny},
		{"4 MiB of parentheses", strings.Repeat("(", n/2) + strings.Repeat(")", n/2), Ask}, // not parsed: MaxBrackets
	} {
		start := time.Now()
		res := Decide(tb, bashPayload(c.cmd), nil)
		took := time.Since(start)
		timedOut := res.Decision == Deny && strings.Contains(res.Reason, "(limits.millis)")
		if res.Decision != c.want && !timedOut {
			t.Errorf("%s: %s %q, want %s", c.name, res.Decision, res.Reason, c.want)
		}
		if took > time.Duration(DefaultLimits.Millis)*time.Millisecond+time.Second {
			t.Errorf("%s: took %v, budget %d ms", c.name, took, DefaultLimits.Millis)
		}
	}
}

// TestDecidePanic checks that a panic while deciding gives onError: a
// malformed table (a negation with nothing to negate) makes the matcher
// index out of range.
func TestDecidePanic(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{})
	tb.Rules = []Rule{{Name: "broken", Decision: Allow, Cmd: &CmdCond{Name: Str{Op: StrNot}}}}
	res := Decide(tb, bashPayload("ls"), nil)
	checkLimit(t, "panic", res, Deny, "internal error")
	var out, errOut bytes.Buffer
	if code := Run(tb, nil, bytes.NewReader(bashPayload("ls")), &out, &errOut, &Env{}); code != 0 {
		t.Errorf("Run exit %d", code)
	}
	if !json.Valid(out.Bytes()) || !strings.Contains(out.String(), `"permissionDecision":"deny"`) {
		t.Errorf("Run after a panic printed %s", out.String())
	}
}

// slowFS is a MapFS whose listings take delay: work inside one unit,
// which the evaluation's budget does not stop.
type slowFS struct {
	MapFS
	delay time.Duration
}

func (s slowFS) List(dir string) ([]DirEntry, bool) {
	time.Sleep(s.delay)
	return s.MapFS.List(dir)
}

// TestWatchdog checks that a unit that outlasts four time budgets gets
// onError from the watchdog, in time, which then ends the hook (round
// 22, design.md 405).
func TestWatchdog(t *testing.T) {
	t.Parallel()
	tb := limitTable(Limits{Millis: 25})
	env := testEnv()
	env.FS = slowFS{MapFS{Files: map[string]bool{"/project/src/a.go": true}}, 3 * time.Second}
	exited := make(chan int, 1)
	env.Exit = func(code int) {
		exited <- code
		goruntime.Goexit()
	}
	var out, errOut bytes.Buffer
	start := time.Now()
	go Run(tb, nil, bytes.NewReader(bashPayload("cat src/*")), &out, &errOut, env)
	select {
	case code := <-exited:
		if code != 0 {
			t.Errorf("the watchdog exits %d", code)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no answer from the watchdog after 2 s")
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("the watchdog answered after %v", took)
	}
	if want := `"permissionDecision":"deny"`; !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "watchdog") {
		t.Errorf("answer %s, want onError (%s) from the watchdog", out.String(), want)
	}
	if d := watchdog(DefaultLimits); d != 2*time.Second {
		t.Errorf("watchdog of the default limits: %v, want 2s", d)
	}
	if d := watchdog(Limits{Millis: 60000}); d != maxWatchdog {
		t.Errorf("watchdog of a one-minute budget: %v, want %v", d, maxWatchdog)
	}
}
