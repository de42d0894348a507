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
	var start time.Time
	answered := new(atomic.Bool) // the answer is out: by the watchdog, or below
	func() {
		defer func() {
			if r := recover(); r != nil {
				res = errorResult(t, event, fmt.Sprintf("internal error: %v", r))
			}
		}()
		lim := t.limits()
		data, err := io.ReadAll(io.LimitReader(stdin, int64(lim.InputBytes)+1))
		start = time.Now()
		switch {
		case err != nil:
			res = errorResult(t, event, "cannot read stdin: "+err.Error())
		case len(data) > lim.InputBytes:
			res = errorResult(t, event, fmt.Sprintf("input is larger than the limit of %d bytes", lim.InputBytes))
		default:
			stop := watch(t, event, watchdog(lim), compat, stdout, stderr, env, answered)
			res = decide(t, data, env, false, event)
			stop()
		}
	}()
	if !answered.CompareAndSwap(false, true) {
		// The watchdog answered, and ends the hook: wait for it.
		select {}
	}
	code = answer(res, compat, stdout, stderr)
	for _, n := range res.notes {
		fmt.Fprintln(stderr, "hookc:", n)
	}
	if env.get(StateEnv) == "off" {
		res.State = nil
	}
	if err := applyState(res.State); err != nil {
		fmt.Fprintln(stderr, "hookc: state file:", err)
	}
	// The answer is out; the log only delays the exit, by at most
	// auditWait (design.md 43).
	if err := audit(t, res, env, start); err != nil {
		fmt.Fprintln(stderr, "hookc: audit log:", err)
	}
	return code
}

// answer prints the answer res and returns the hook's exit code: with
// -compat, a deny on PreToolUse exits 2 with the reason on stderr.
func answer(res *Result, compat bool, stdout, stderr io.Writer) int {
	if compat && res.Event == "PreToolUse" && res.Decision == Deny {
		fmt.Fprintln(stderr, res.Reason)
		return 2
	}
	stdout.Write(res.Output())
	return 0
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

// watch starts the watchdog: once d has passed, unless the answer is out
// (answered), it prints the policy's onError answer and ends the hook
// with env.Exit. The decision goes on in the hook's own goroutine, so a
// call that is decided in time costs a timer only. stop stops it.
func watch(t *Table, event string, d time.Duration, compat bool, stdout, stderr io.Writer, env *Env, answered *atomic.Bool) (stop func() bool) {
	timer := time.AfterFunc(d, func() {
		if !answered.CompareAndSwap(false, true) {
			return
		}
		res := errorResult(t, event, fmt.Sprintf("the evaluation took longer than %v: the watchdog answers (design.md 405)", d))
		code := answer(res, compat, stdout, stderr)
		exit := os.Exit
		if env.Exit != nil {
			exit = env.Exit
		}
		exit(code)
	})
	return timer.Stop
}
