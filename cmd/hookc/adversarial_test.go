package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/runtime"
)

// An advCase is one row of testdata/adversarial/*.tsv (see the header of
// those files for the format).
type advCase struct {
	pos      string // file:line
	category string
	want     string // deny, ask, allow, pass, or deny>ask
	input    string // the row's input column as written
	note     string
	payload  []byte // the hook's stdin
}

// decision is the exact decision the case must get.
func (c *advCase) decision() string {
	if c.want == "deny>ask" {
		return "ask"
	}
	return c.want
}

// denyCase reports whether the case destroys or leaks what the guard
// protects: it must never be allowed.
func (c *advCase) denyCase() bool { return c.want == "deny" || c.want == "deny>ask" }

const advDir = "../../testdata/adversarial"

// Test context of the adversarial suite: the same for the binary and the
// in-process evaluator.
const (
	advHome = "/home/user"
	advCwd  = "/project"
)

func loadAdversarial(t *testing.T) []*advCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(advDir, "*.tsv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in %s: %v", advDir, err)
	}
	var cases []*advCase
	for _, f := range files {
		rows, err := suites.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			pos := fmt.Sprintf("%s:%d", filepath.Base(f), r.Line)
			cols := r.Cols
			if len(cols) != 4 {
				t.Fatalf("%s: %d columns, want 4 (category, want, input, note)", pos, len(cols))
			}
			c := &advCase{pos: pos, category: cols[0], want: cols[1], input: cols[2], note: cols[3]}
			switch c.want {
			case "deny", "ask", "allow", "deny>ask", "pass":
			default:
				t.Fatalf("%s: want %q, not deny, ask, allow, pass or deny>ask", pos, c.want)
			}
			if c.payload, err = advPayload(c.input); err != nil {
				t.Fatalf("%s: %v", pos, err)
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// advPayload makes the hook's stdin for an input column.
func advPayload(in string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(in, "raw:"); ok {
		s, err := strconv.Unquote(rest)
		return []byte(s), err
	}
	if rest, ok := strings.CutPrefix(in, "go:"); ok {
		s, err := strconv.Unquote(rest)
		if err != nil {
			return nil, err
		}
		in = s
	}
	if strings.HasPrefix(in, `{"`) && json.Valid([]byte(in)) {
		// Keep the payload's bytes (duplicate keys, escapes) and add what
		// it lacks.
		var p struct {
			Event *string `json:"hook_event_name"`
			Cwd   *string `json:"cwd"`
		}
		if err := json.Unmarshal([]byte(in), &p); err != nil {
			return nil, err
		}
		var add []string
		if p.Event == nil {
			add = append(add, `"hook_event_name":"PreToolUse"`)
		}
		if p.Cwd == nil {
			add = append(add, `"cwd":"`+advCwd+`"`)
		}
		if len(add) == 0 {
			return []byte(in), nil
		}
		return []byte("{" + strings.Join(add, ",") + "," + in[1:]), nil
	}
	return json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse",
		"cwd":             advCwd,
		"tool_name":       "Bash",
		"tool_input":      map[string]any{"command": in},
	})
}

// advEnv is the hook's environment for the in-process evaluator: what the
// binary sees when run with HOME=advHome and nothing else, on this
// machine's file system, where advCwd and advHome do not exist.
func advEnv() *runtime.Env {
	env := advFixtureEnv()
	env.FS = runtime.OSEnv().FS
	return env
}

// advFixtureEnv is the environment the suite's decisions are judged in:
// the suites' world (suites.AdversarialWorld). The binary runs on the real
// file system instead, where it does not exist; TestAdversarial checks
// that it gives what the in-process evaluator gives there.
func advFixtureEnv() *runtime.Env {
	w := suites.AdversarialWorld()
	fs := runtime.MapFS{Files: map[string]bool{}, Contents: w.Files, Links: w.Links, Names: w.Names}
	for f := range w.Files {
		fs.Files[f] = true
	}
	return &runtime.Env{
		Getenv: func(name string) string {
			if name == "HOME" {
				return advHome
			}
			return ""
		},
		Home: advHome,
		FS:   fs,
	}
}

// outputDecision returns the decision a hook's output gives, as deny, ask,
// allow or pass.
func outputDecision(out []byte) (string, error) {
	var o struct {
		Decision string `json:"decision"`
		HSO      struct {
			Event      string `json:"hookEventName"`
			Permission string `json:"permissionDecision"`
			Decision   *struct {
				Behavior string `json:"behavior"`
			} `json:"decision"`
		} `json:"hookSpecificOutput"`
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	if err := dec.Decode(&o); err != nil {
		return "", fmt.Errorf("invalid JSON %q: %v", out, err)
	}
	if dec.More() {
		return "", fmt.Errorf("more than one JSON value: %q", out)
	}
	switch {
	case o.HSO.Permission != "":
		return o.HSO.Permission, nil
	case o.HSO.Decision != nil:
		return o.HSO.Decision.Behavior, nil
	case o.Decision == "block":
		return "deny", nil
	}
	return "pass", nil
}

// advDecide decides a case in-process, as the binary does in Run.
func advDecide(tb *runtime.Table, c *advCase) (*runtime.Result, []byte) {
	var stdout, stderr bytes.Buffer
	runtime.Run(tb, nil, bytes.NewReader(c.payload), &stdout, &stderr, advEnv())
	return runtime.Decide(tb, c.payload, advEnv()), stdout.Bytes()
}

// TestAdversarial runs the adversarial suite through the guard in process,
// with the table its hook runs, and checks that each case gets its
// decision. TestOneTruth checks that the real guard binary gives each case
// the same output byte for byte.
func TestAdversarial(t *testing.T) {
	t.Parallel()
	cases := loadAdversarial(t)
	p, err := load.Dir(filepath.Join("..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	tb := hookOf(t, p)

	// In process, in the suite's world.
	judged := make([][]byte, len(cases))
	for i, c := range cases {
		var stdout bytes.Buffer
		runtime.Run(tb, nil, bytes.NewReader(c.payload), &stdout, io.Discard, advFixtureEnv())
		res := runtime.Decide(tb, c.payload, advFixtureEnv())
		judged[i] = stdout.Bytes()
		got, err := outputDecision(judged[i])
		if err != nil {
			t.Errorf("%s: %v", c.pos, err)
			continue
		}
		if got != res.Decision.String() && !(got == "pass" && res.Decision == runtime.Pass) {
			t.Errorf("%s: output says %s, result %s", c.pos, got, res.Decision)
		}
		checkAdv(t, c, got, res.Reason)
	}
	reportAdversarial(t, cases, judged)

}

// checkAdv checks the decision a case got.
func checkAdv(t *testing.T, c *advCase, got, reason string) {
	t.Helper()
	if c.denyCase() && got == "allow" {
		t.Errorf("%s: %s case %q ALLOWED (%s)", c.pos, c.category, c.input, c.note)
		return
	}
	if got != c.decision() {
		t.Errorf("%s: %s %q: got %s, want %s (%s); reason: %s", c.pos, c.category, c.input, got, c.want, c.note, reason)
	}
}

// runAdvBinary runs the guard binary on a case and compares its output with
// the in-process output want.
//
// A hook that ran out of wall-clock time (limits.millis) answers onError,
// as it should; on a loaded machine (many hooks at once, other tests) that
// says nothing about the answer, so the case is run again, up to three
// times in all.
func runAdvBinary(bin string, c *advCase, want []byte) string {
	for try := 1; ; try++ {
		out, code, err := runBinary(bin, nil, c.payload, []string{"HOME=" + advHome})
		switch {
		case err != nil:
			return err.Error()
		case code != 0:
			return fmt.Sprintf("exit %d", code)
		case bytes.Equal(out, want):
			return ""
		case try < 3 && bytes.Contains(out, []byte("(limits.millis)")) && !bytes.Contains(want, []byte("(limits.millis)")):
			continue
		}
		return fmt.Sprintf("output differs from the in-process evaluator:\n binary:     %s in-process: %s", out, want)
	}
}

// reportAdversarial logs the counts of the suite: cases per category, deny
// cases by the decision they got, and the other decisions.
func reportAdversarial(t *testing.T, cases []*advCase, outs [][]byte) {
	perCat := map[string]int{}
	got := map[string]int{}
	for i, c := range cases {
		perCat[c.category]++
		d, _ := outputDecision(outs[i])
		if c.denyCase() {
			got["deny case → "+d]++
		} else {
			got[c.want+" case → "+d]++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d cases\n", len(cases))
	var cats []string
	for k := range perCat {
		cats = append(cats, k)
	}
	sort.Strings(cats)
	for _, k := range cats {
		fmt.Fprintf(&b, "  %-18s %4d\n", k, perCat[k])
	}
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-22s %4d\n", k, got[k])
	}
	t.Log(b.String())
}
