package runtime

import (
	"fmt"
	_ "hookc.dev/hookc/runtime/stackfirst" // first, before the other packages initialise
	"io"
	"os"
	"strings"
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
			res = decide(t, data, env, false, event)
		}
	}()
	code = 0
	if compat && res.Event == "PreToolUse" && res.Decision == Deny {
		fmt.Fprintln(stderr, res.Reason)
		code = 2
	} else {
		stdout.Write(res.Output())
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
	// The answer is out; the log only delays the exit, by at most
	// auditWait (design.md 43).
	if err := audit(t, res, env, start); err != nil {
		fmt.Fprintln(stderr, "hookc: audit log:", err)
	}
	return code
}
