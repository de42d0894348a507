package runtime

import (
	"fmt"
	_ "hookc.dev/hookc/runtime/stackfirst" // first, before the other packages initialise
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// Version is hookc's version, set with -ldflags -X when the hook is built.
var Version = "devel"

// Main runs a hook binary: it reads one payload from stdin, decides it with
// t, prints the answer and exits 0. With -compat, a deny on PreToolUse exits
// 2 with the reason on stderr instead. --version prints hookc's version and
// the policy's SHA-256. Whatever goes wrong, it prints a valid answer.
func Main(t *Table) {
	os.Exit(Run(t, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, OSEnv()))
}

// Run is Main with its inputs and outputs given; it returns the exit code.
func Run(t *Table, args []string, stdin io.Reader, stdout, stderr io.Writer, env *Env) (code int) {
	event := ""
	compat := false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--version" || a == "-version":
			fmt.Fprintf(stdout, "hookc %s policy %s sha256:%s\n", Version, t.Policy, t.SHA256)
			return 0
		case a == "-compat" || a == "--compat":
			compat = true
		case a == "-event" || a == "--event":
			if i+1 < len(args) {
				i++
				event = args[i]
			}
		case strings.HasPrefix(a, "-event=") || strings.HasPrefix(a, "--event="):
			event = a[strings.Index(a, "=")+1:]
		}
	}
	var res *Result
	a := &answerer{t: t, event: event, compat: compat, stdout: stdout, stderr: stderr, env: env}
	func() {
		defer func() {
			if r := recover(); r != nil {
				res = errorResult(t, event, fmt.Sprintf("internal error: %v", r))
			}
		}()
		lim := t.limits()
		data, err := io.ReadAll(io.LimitReader(stdin, int64(lim.InputBytes)+1))
		a.start = time.Now()
		switch {
		case err != nil:
			res = errorResult(t, event, "cannot read stdin: "+err.Error())
		case len(data) > lim.InputBytes:
			res = errorResult(t, event, fmt.Sprintf("input is larger than the limit of %d bytes", lim.InputBytes))
		default:
			stop := a.watch(watchdog(lim))
			res = decide(t, data, env, false, event)
			stop()
		}
	}()
	code, ok := a.answer(res)
	if !ok {
		// The watchdog answered, and ends the hook: wait for it.
		select {}
	}
	for _, n := range res.notes {
		fmt.Fprintln(stderr, "hookc:", n)
	}
	if env.get(StateEnv) == "off" {
		res.State = nil
	}
	if err := applyState(res.State); err != nil {
		fmt.Fprintln(stderr, "hookc: state file:", err)
	}
	a.log(res)
	return code
}

// An answerer gives a hook's one answer: the decision's, or the
// watchdog's if the decision is late.
type answerer struct {
	t              *Table
	event          string
	compat         bool
	stdout, stderr io.Writer
	env            *Env
	start          time.Time   // when the payload was read
	done           atomic.Bool // the answer is out
}

// answer prints res unless an answer is out, and returns the hook's exit
// code: with -compat, a deny on PreToolUse exits 2 with the reason on
// stderr.
func (a *answerer) answer(res *Result) (code int, ok bool) {
	if !a.done.CompareAndSwap(false, true) {
		return 0, false
	}
	if a.compat && res.Event == "PreToolUse" && res.Decision == Deny {
		fmt.Fprintln(a.stderr, res.Reason)
		return 2, true
	}
	a.stdout.Write(res.Output())
	return 0, true
}

// log writes res to the audit log; the answer is out, and the log only
// delays the exit, by at most auditWait (design.md 43).
func (a *answerer) log(res *Result) {
	if err := audit(a.t, res, a.env, a.start); err != nil {
		fmt.Fprintln(a.stderr, "hookc: audit log:", err)
	}
}

// watchdog returns how long the hook waits for its decision before it
// answers onError: four time budgets, at most maxWatchdog. The
// evaluation checks its budget between units; work inside one unit (a
// FIFO opened, a directory of 500,000 names listed through 150 links, a
// brace expansion) is not stopped by it, and a hook that answers after
// Claude Code's timeout lets the call run unless it was registered with
// onFailure: block (round 22, design.md 405).
func watchdog(lim Limits) time.Duration {
	return min(4*time.Duration(lim.Millis)*time.Millisecond, maxWatchdog)
}

// maxWatchdog keeps the watchdog below the 10 s timeout hookc install
// registers the hook with.
const maxWatchdog = 8 * time.Second

// watch starts the watchdog: once d has passed, unless the answer is
// out, it answers the policy's onError, logs it and ends the hook with
// env.Exit. The decision goes on in the hook's own goroutine, so a call
// decided in time costs a timer only. stop stops it.
func (a *answerer) watch(d time.Duration) (stop func() bool) {
	timer := time.AfterFunc(d, func() {
		res := errorResult(a.t, a.event, fmt.Sprintf("the evaluation took longer than %v: the watchdog answers (design.md 405)", d))
		code, ok := a.answer(res)
		if !ok {
			return
		}
		a.log(res)
		exit := os.Exit
		if a.env.Exit != nil {
			exit = a.env.Exit
		}
		exit(code)
	})
	return timer.Stop
}
