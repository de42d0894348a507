package testrun

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// A test that says what its command hooks do or what files it leaves
// runs in a project of its own (design.md 270): a temporary directory
// stands for the test's project (its CLAUDE_PROJECT_DIR, else its cwd)
// and another for its home; the test's files, directories and links
// under them are made there; the hook's state changes (saves,
// removeContextFiles) are made, then the command hooks the test runs
// run, each with the payload on its standard input and its timeout.

// project maps the test's paths to the temporary directories.
type project struct {
	tmp   string      // the temporary directory that holds both
	cwd   string      // the payload's cwd, as the test gives it
	roots [][2]string // test path, temporary directory; longest first
	dir   string      // the temporary project
	home  string      // the temporary home
}

// path returns the temporary path of the test's path p, or "" if p is
// under neither root.
func (pr *project) path(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		return filepath.Join(pr.home, p[1:])
	}
	p = filepath.Clean(p)
	for _, r := range pr.roots {
		if p == r[0] {
			return r[1]
		}
		if rest, ok := strings.CutPrefix(p, r[0]+"/"); ok {
			return filepath.Join(r[1], rest)
		}
	}
	return ""
}

// mapText replaces the test's roots in s with the temporary ones.
func (pr *project) mapText(s string) string {
	for _, r := range pr.roots {
		s = replaceRoot(s, r[0], r[1])
	}
	return s
}

// effects runs what test tc says about side effects, with got the
// hook's answer, and returns what did not hold.
func effects(p *load.Policy, tc *load.Test, got *runtime.Result) []string {
	if tc.Run == nil && len(tc.Leaves) == 0 {
		return nil
	}
	pr, payload, err := newProject(tc)
	if err != nil {
		return []string{err.Error()}
	}
	defer pr.remove()
	var failed []string
	ops := make([]runtime.StateOp, 0, len(got.State))
	for _, op := range got.State {
		q := pr.path(op.Path)
		if q == "" {
			failed = append(failed, fmt.Sprintf("the hook changes %s, outside the test's project and home", op.Path))
			continue
		}
		op.Path = q
		ops = append(ops, op)
	}
	if err := runtime.ApplyState(ops); err != nil {
		failed = append(failed, "state file: "+err.Error())
	}
	return append(failed, pr.after(p, tc, payload)...)
}

// newProject makes the temporary project of test tc, with its files,
// directories and links, and returns it with the test's payload decoded
// (nil if it is not a JSON object).
func newProject(tc *load.Test) (*project, map[string]any, error) {
	tmp, err := os.MkdirTemp("", "hookc-test-")
	if err != nil {
		return nil, nil, err
	}
	var payload map[string]any
	_ = json.Unmarshal(tc.Payload, &payload)
	cwd, _ := payload["cwd"].(string)
	root := tc.Env["CLAUDE_PROJECT_DIR"]
	if root == "" {
		root = cwd
	}
	home := tc.HookEnv().Home
	pr := &project{tmp: tmp, cwd: cwd, dir: filepath.Join(tmp, "project"), home: filepath.Join(tmp, "home")}
	pr.roots = [][2]string{{filepath.Clean(root), pr.dir}, {filepath.Clean(home), pr.home}}
	if len(home) > len(root) {
		pr.roots[0], pr.roots[1] = pr.roots[1], pr.roots[0]
	}
	if err := pr.make(tc); err != nil {
		pr.remove()
		return nil, nil, err
	}
	return pr, payload, nil
}

// remove removes the temporary project.
func (pr *project) remove() { os.RemoveAll(pr.tmp) }

// after runs the command hooks test tc runs and checks the files it
// leaves, once the hook's state changes are made.
func (pr *project) after(p *load.Policy, tc *load.Test, payload map[string]any) []string {
	var failed []string
	if tc.Run != nil {
		failed = append(failed, pr.runHooks(p, tc, payload)...)
	}
	for _, l := range tc.Leaves {
		if msg := pr.check(l, pr.cwd); msg != "" {
			failed = append(failed, l.Pos+": "+msg)
		}
	}
	return failed
}

// make makes the test's files, directories and links in the project.
func (pr *project) make(tc *load.Test) error {
	place := func(p string) (string, error) {
		q := pr.path(p)
		if q == "" {
			return "", fmt.Errorf("%s is outside the test's project and home: a test that runs its side effects cannot make it", p)
		}
		return q, os.MkdirAll(filepath.Dir(q), 0o755)
	}
	for _, d := range append([]string{pr.dir, pr.home}, tc.Dirs...) {
		q := d
		if d != pr.dir && d != pr.home {
			var err error
			if q, err = place(d); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(q, 0o755); err != nil {
			return err
		}
	}
	for _, f := range tc.Files {
		q, err := place(f)
		if err != nil {
			return err
		}
		data := tc.Contents[f]
		mode := os.FileMode(0o644)
		if strings.HasPrefix(data, "#!") {
			mode = 0o755 // a script a command hook may run
		}
		if err := os.WriteFile(q, []byte(data), mode); err != nil {
			return err
		}
	}
	for l, target := range tc.Symlinks {
		q, err := place(l)
		if err != nil {
			return err
		}
		if t := pr.path(target); filepath.IsAbs(target) && t != "" {
			target = t
		}
		if err := os.Symlink(target, q); err != nil {
			return err
		}
	}
	return nil
}

// runHooks runs the policy's command hooks that take the payload, in
// order, and returns what did not hold of tc.Run.
func (pr *project) runHooks(p *load.Policy, tc *load.Test, payload map[string]any) []string {
	event, _ := payload["hook_event_name"].(string)
	field := matchedField(event)
	tool, _ := payload[field].(string)
	for _, k := range []string{"cwd", "transcript_path"} {
		if s, ok := payload[k].(string); ok {
			payload[k] = pr.mapText(s)
		}
	}
	stdin, _ := json.Marshal(payload)
	var failed []string
	var output strings.Builder
	ran := 0
	for _, h := range p.CommandHooks {
		if h.Event != event || field != "" && !matcherTakes(h.Matcher, tool) {
			continue
		}
		ran++
		out, msg := pr.runHook(p, tc, h, stdin)
		output.WriteString(out)
		if msg != "" {
			failed = append(failed, fmt.Sprintf("%s: command hook %s: %s", tc.Run.Pos, cmp.Or(h.Command, h.Source), msg))
		}
	}
	switch {
	case ran == 0:
		failed = append(failed, fmt.Sprintf("%s: no command hook of the policy runs on %s", tc.Run.Pos, eventTool(event, tool)))
	case tc.Run.Output == nil:
	case *tc.Run.Output == "" && output.Len() > 0:
		failed = append(failed, fmt.Sprintf("%s: the command hooks' output is %q, want none", tc.Run.Pos, clip(output.String())))
	case !strings.Contains(output.String(), *tc.Run.Output):
		failed = append(failed, fmt.Sprintf("%s: the command hooks' output %q does not contain %q", tc.Run.Pos, clip(output.String()), *tc.Run.Output))
	}
	return failed
}

// runHook runs the command hook h and returns its output and what did
// not hold.
func (pr *project) runHook(p *load.Policy, tc *load.Test, h load.CommandHook, stdin []byte) (string, string) {
	prog := pr.program(h.Command)
	if h.Source != "" {
		// The file install registers (design.md 305).
		abs, err := p.SourcePath(h)
		if err != nil {
			return "", err.Error()
		}
		prog = abs
	} else if _, err := os.Stat(prog); err != nil && strings.HasPrefix(prog, filepath.Dir(pr.dir)+"/") {
		return "", "it is not in the test's project (give it in files, or its source in the policy's commandHooks)"
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(h.Timeout)*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, h.Args...)
	cmd.Dir = pr.dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + pr.home, "CLAUDE_PROJECT_DIR=" + pr.dir}
	for k, v := range tc.Env {
		cmd.Env = append(cmd.Env, k+"="+pr.mapText(v))
	}
	ownGroup(cmd)
	err := cmd.Run()
	killGroup(cmd)
	code := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return out.String(), fmt.Sprintf("timed out after %ds", h.Timeout)
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		return out.String(), err.Error()
	}
	if code != tc.Run.Exit {
		return out.String(), fmt.Sprintf("exit status %d, want %d; output %q", code, tc.Run.Exit, clip(out.String()))
	}
	return out.String(), ""
}

// program returns the temporary path of a command hook's program: a path
// relative to the project, with ~ or $CLAUDE_PROJECT_DIR, or absolute.
func (pr *project) program(c string) string {
	for _, v := range []string{"${CLAUDE_PROJECT_DIR}", "$CLAUDE_PROJECT_DIR"} {
		if rest, ok := strings.CutPrefix(c, v); ok {
			return filepath.Join(pr.dir, rest)
		}
	}
	switch {
	case c == "~" || strings.HasPrefix(c, "~/"):
		return filepath.Join(pr.home, c[1:])
	case !filepath.IsAbs(c):
		return filepath.Join(pr.dir, c)
	}
	return c
}

// check returns what does not hold of l in the project, or "".
func (pr *project) check(l load.Leave, cwd string) string {
	p := l.Path
	switch {
	case filepath.IsAbs(p) || p == "~" || strings.HasPrefix(p, "~/"):
		if p = pr.path(p); p == "" {
			return fmt.Sprintf("%s is outside the test's project and home", l.Path)
		}
	default:
		p = filepath.Join(pr.path(cwd), p)
	}
	b, err := os.ReadFile(p)
	switch {
	case l.Absent && err == nil:
		return fmt.Sprintf("%s exists, want none: %q", l.Path, clip(string(b)))
	case l.Absent:
		return ""
	case err != nil:
		return fmt.Sprintf("%s: %v", l.Path, strings.TrimPrefix(err.Error(), "open "+p+": "))
	case l.Text != nil && !strings.Contains(string(b), *l.Text):
		return fmt.Sprintf("%s holds %q, which does not contain %q", l.Path, clip(string(b)), *l.Text)
	case l.JSON != nil:
		return jsonHolds(l.Path, b, l.JSON)
	}
	return ""
}

// jsonHolds returns what does not hold of want in the JSON object b, or "".
func jsonHolds(name string, b []byte, want map[string]any) string {
	var got map[string]any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&got); err != nil {
		return fmt.Sprintf("%s is not a JSON object: %v", name, err)
	}
	for _, k := range sortedKeys(mapKeys(want)) {
		g, ok := got[k]
		if !ok {
			return fmt.Sprintf("%s has no field %q: %s", name, k, clip(string(b)))
		}
		if !reflect.DeepEqual(g, want[k]) {
			gj, _ := json.Marshal(g)
			wj, _ := json.Marshal(want[k])
			return fmt.Sprintf("%s: field %q is %s, want %s", name, k, gj, wj)
		}
	}
	return ""
}

func mapKeys(m map[string]any) map[string]string {
	out := make(map[string]string, len(m))
	for k := range m {
		out[k] = ""
	}
	return out
}

// matchedField returns the payload field Claude Code's matcher is matched
// against on event: the tool on the tool events, the source of a session
// start, the trigger of a compaction, the agent's type on sub-agent
// events; "" where the matcher is not used.
func matchedField(event string) string {
	switch event {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest":
		return "tool_name"
	case "SessionStart":
		return "source"
	case "PreCompact":
		return "trigger"
	case "SubagentStart", "SubagentStop":
		return "agent_type"
	case "Notification":
		return "notification_type"
	case "SessionEnd":
		return "reason"
	}
	return ""
}

// matcherTakes reports whether Claude Code's matcher m takes the value
// (matchedField): unset or "*" every call, else a regular expression over
// the whole value. An event without a matched field takes every matcher.
func matcherTakes(m, tool string) bool {
	if m == "" || m == "*" {
		return true
	}
	re, err := regexp.Compile("^(?:" + m + ")$")
	return err == nil && re.MatchString(tool)
}

func eventTool(event, value string) string {
	if value == "" {
		return event
	}
	return event + " of " + value
}

// clip cuts s for a message.
func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "..."
	}
	return s
}
