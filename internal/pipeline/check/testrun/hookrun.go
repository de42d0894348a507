package testrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A test run with a built hook binary (hookc test -hook, design.md 333)
// is decided by the binary, not by the in-process evaluator: the binary
// runs in the test's project (newProject) on the test's payload, whose
// paths under the test's project and home name the temporary ones, and
// makes its state changes there itself; its answer is read from its
// output and its audit record (the decision and the rule), with the
// temporary paths named as the test names them. The command hooks the
// test runs and the files it leaves are checked after it, as effects
// does.

// hookTimeout bounds one run of the hook binary.
const hookTimeout = 30 * time.Second

// byHook runs test tc with the hook binary hook and returns its answer
// and what did not hold of the test's side effects; err is set when the
// binary gave no answer.
func byHook(p *load.Policy, tc *load.Test, hook string) (got *runtime.Result, failed []string, err error) {
	pr, payload, err := newProject(tc)
	if err != nil {
		return nil, nil, err
	}
	defer pr.remove()
	if got, err = pr.runBinary(hook, tc); err != nil {
		return nil, nil, err
	}
	if tc.Run != nil || len(tc.Leaves) > 0 {
		failed = pr.after(p, tc, payload)
	}
	return got, failed, nil
}

// runBinary runs the hook binary on tc's payload in the project and
// returns its answer.
func (pr *project) runBinary(hook string, tc *load.Test) (*runtime.Result, error) {
	in := tc.Payload
	var v any
	d := json.NewDecoder(bytes.NewReader(in))
	d.UseNumber()
	if d.Decode(&v) == nil {
		if b, err := json.Marshal(mapStrings(v, pr.mapText)); err == nil {
			in = b
		}
	}
	audit := filepath.Join(pr.tmp, "audit.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), hookTimeout)
	defer cancel()
	var args []string
	if tc.Event != "" {
		args = []string{"-event", tc.Event}
	}
	cmd := exec.CommandContext(ctx, hook, args...)
	cmd.Dir = pr.tmp
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + pr.home, runtime.AuditEnv + "=" + audit}
	for k, v := range tc.Env {
		if k != "HOME" && k != runtime.AuditEnv && k != runtime.StateEnv {
			cmd.Env = append(cmd.Env, k+"="+pr.mapText(v))
		}
	}
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("the hook %s: %v; stderr %q", hook, err, clip(stderr.String()))
	}
	var rec runtime.AuditRecord
	b, err := os.ReadFile(audit)
	if err == nil {
		err = json.Unmarshal(b, &rec)
	}
	if err != nil {
		return nil, fmt.Errorf("the hook %s wrote no audit record: %v; stderr %q", hook, err, clip(stderr.String()))
	}
	return pr.answer(stdout.Bytes(), &rec)
}

// hookOutput is the hook's stdout, as the client reads it.
type hookOutput struct {
	Reason        string `json:"reason"`
	SystemMessage string `json:"systemMessage"`
	Continue      *bool  `json:"continue"`
	StopReason    string `json:"stopReason"`
	Specific      struct {
		Reason   string `json:"permissionDecisionReason"`
		Context  string `json:"additionalContext"`
		Decision *struct {
			Message string `json:"message"`
		} `json:"decision"`
	} `json:"hookSpecificOutput"`
}

// answer returns the answer the hook's output out and audit record rec
// give, with the project's paths named as the test names them.
func (pr *project) answer(out []byte, rec *runtime.AuditRecord) (*runtime.Result, error) {
	var o hookOutput
	if err := json.Unmarshal(out, &o); err != nil {
		return nil, fmt.Errorf("the hook's output is not a JSON object: %v: %q", err, clip(string(out)))
	}
	dec, ok := runtime.ParseDecision(rec.Decision)
	if !ok {
		return nil, fmt.Errorf("the hook's audit record has decision %q", rec.Decision)
	}
	// The audit record keeps the reason the rule gave; the output may
	// put another in its place (a block's "blocked by policy").
	reason := rec.Reason
	if shown := o.Specific.Reason + o.Reason; shown != "" && reason != "" {
		reason = shown
	}
	if m := o.Specific.Decision; m != nil && m.Message != "" && reason != "" {
		reason = m.Message
	}
	return &runtime.Result{
		Event:      rec.Event,
		Decision:   dec,
		Rule:       rec.Rule,
		Reason:     pr.unmapText(reason),
		Message:    pr.unmapText(o.SystemMessage),
		Context:    pr.unmapText(o.Specific.Context),
		Stop:       o.Continue != nil && !*o.Continue,
		StopReason: pr.unmapText(o.StopReason),
	}, nil
}

// unmapText replaces the temporary roots in s with the test's.
func (pr *project) unmapText(s string) string {
	for _, r := range pr.roots {
		s = replaceRoot(s, r[1], r[0])
	}
	return s
}

// replaceRoot replaces in s each from that is a whole path or the start
// of one (the character before it starts no path's part, the next ends
// a name: a slash, a space, a quote) with to. A from that is not an absolute path other than / is left.
func replaceRoot(s, from, to string) string {
	if !strings.HasPrefix(from, "/") || from == "/" {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, from)
		if i < 0 {
			break
		}
		j := i + len(from)
		b.WriteString(s[:i])
		starts := i == 0 && b.Len() == 0 || i > 0 && !nameByte(s[i-1]) && s[i-1] != '/'
		if starts && (j == len(s) || !nameByte(s[j])) {
			b.WriteString(to)
		} else {
			b.WriteString(from)
		}
		s = s[j:]
	}
	b.WriteString(s)
	return b.String()
}

// nameByte reports whether c may go on a file name's part.
func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c >= 0x80
}

// mapStrings returns v, a decoded JSON value, with f applied to every
// string in it that is a value, not a key.
func mapStrings(v any, f func(string) string) any {
	switch v := v.(type) {
	case string:
		return f(v)
	case []any:
		for i := range v {
			v[i] = mapStrings(v[i], f)
		}
	case map[string]any:
		for k := range v {
			v[k] = mapStrings(v[k], f)
		}
	}
	return v
}
