package runtime

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"hookc.dev/hookc/runtime/payload"
)

// auditTable is a small policy with an audit log; the path is set per
// test.
func auditTable(path string, maxBytes int64, keep int) *Table {
	t := *evalTable
	t.Audit = Audit{Path: path, MaxBytes: maxBytes, Keep: keep}
	t.SHA256 = "abc"
	return &t
}

func TestAppendAuditRecord(t *testing.T) {
	t.Parallel()
	recs := []AuditRecord{
		{V: AuditFormat, Time: "2026-01-02T03:04:05.000006Z", Session: "s", Event: "PreToolUse", Tool: "Bash", Agent: "main",
			Cwd: "/p", Decision: "deny", Rule: "r", Reason: "<no> & \"x\"\n", Programs: []string{"rm", "sudo"}, Summary: "sudo rm -rf /", Micros: 12, Policy: "sha256:abc"},
		{V: AuditFormat, Decision: "ask", Error: "payload is not a JSON object", Micros: 0},
		{V: AuditFormat, Reason: "\u2028\xff日本"},
		{V: AuditFormat, Event: "PostToolUse", Tool: "Read", ToolMillis: 277, Micros: 3},
	}
	for _, rec := range recs {
		want, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendAuditRecord(nil, rec); string(got) != string(want)+"\n" {
			t.Errorf("AppendAuditRecord:\n got %s\nwant %s", got, want)
		}
	}
}

// TestAuditToolMillis checks that a PostToolUse record has the tool's
// duration_ms (design.md 224), and nothing where it is not a count.
func TestAuditToolMillis(t *testing.T) {
	for in, want := range map[string]int64{`277`: 277, `0`: 0, `1.5`: 0, `-3`: 0, `"9"`: 0} {
		p, err := payload.Parse([]byte(`{"hook_event_name":"PostToolUse","tool_name":"Read","duration_ms":` + in + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if got := AuditRecordOf(evalTable, &Result{call: p}, time.Now(), 0).ToolMillis; got != want {
			t.Errorf("duration_ms %s: tool_ms %d, want %d", in, got, want)
		}
	}
}

// TestAuditLineBound checks that a line stays within AuditLineBytes
// whatever its fields hold, and still decodes.
func TestAuditLineBound(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("\x01<é>", 50000)
	rec := AuditRecord{V: AuditFormat, Time: big, Session: big, Event: big, Tool: big, Agent: big, Cwd: big, Decision: big,
		Rule: big, Reason: big, Summary: big, Error: big, Policy: big}
	for range 100 {
		rec.Programs = append(rec.Programs, big)
	}
	line := AppendAuditRecord(nil, rec)
	if len(line) > AuditLineBytes {
		t.Fatalf("line of %d bytes, more than AuditLineBytes (%d)", len(line), AuditLineBytes)
	}
	var back AuditRecord
	if err := json.Unmarshal(line, &back); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	if !strings.HasSuffix(back.Reason, "…") || !strings.HasPrefix(big, strings.TrimSuffix(back.Reason, "…")) {
		t.Errorf("reason cut to %q", back.Reason)
	}
}

func TestAuditRecordOf(t *testing.T) {
	t.Parallel()
	tab := auditTable("", 0, 0)
	res := Decide(tab, []byte(`{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/project","agent_id":"a","agent_type":"Explore","tool_name":"Bash","tool_input":{"command":"sudo rm -rf / && ls && ls"}}`), testEnv())
	rec := AuditRecordOf(tab, res, time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC), 7*time.Microsecond)
	want := AuditRecord{V: AuditFormat, Time: "2026-01-02T03:04:05.000006Z", Session: "s1", Event: "PreToolUse", Tool: "Bash",
		Agent: "Explore", Cwd: "/project", Decision: "deny", Rule: "rm -r outside", Reason: `hookc: rule "rm -r outside"`,
		Programs: []string{"sudo", "rm", "ls"}, Summary: "sudo rm -rf / && ls && ls", Micros: 7, Policy: "sha256:abc"}
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("got  %+v\nwant %+v", rec, want)
	}
	res = Decide(tab, toolPayload("Read", map[string]any{"file_path": "/project/a"}), testEnv())
	if rec := AuditRecordOf(tab, res, time.Now(), 0); rec.Summary != "/project/a" || rec.Agent != "main" {
		t.Errorf("Read: summary %q, agent %q", rec.Summary, rec.Agent)
	}
	res = Decide(tab, []byte("nope"), testEnv())
	if rec := AuditRecordOf(tab, res, time.Now(), 0); rec.Error == "" || rec.Decision != "deny" {
		t.Errorf("unreadable: %+v", rec)
	}
}

// runHook runs the hook in process with the environment vars.
func runHook(t *testing.T, tab *Table, payload string, vars ...string) (stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := testEnv(vars...)
	if code := Run(tab, nil, strings.NewReader(payload), &out, &errb, env); code != 0 {
		t.Fatalf("exit %d", code)
	}
	return out.String(), errb.String()
}

func readLog(t *testing.T, path string) []AuditRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []AuditRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 2*AuditLineBytes)
	for sc.Scan() {
		var rec AuditRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("%s: torn line %q: %v", path, sc.Bytes(), err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAuditRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	// ~ and $CLAUDE_PROJECT_DIR, and directories created
	for _, c := range []struct{ path, file string }{
		{"~/.claude/logs/hookc.jsonl", filepath.Join(home, ".claude/logs/hookc.jsonl")},
		{"$CLAUDE_PROJECT_DIR/.claude/audit.jsonl", filepath.Join(dir, "proj/.claude/audit.jsonl")},
		{"logs/x.jsonl", filepath.Join(dir, "proj/logs/x.jsonl")},
	} {
		tab := auditTable(c.path, 0, 0)
		env := &Env{Home: home, FS: MapFS{}, Getenv: func(k string) string {
			if k == "CLAUDE_PROJECT_DIR" {
				return filepath.Join(dir, "proj")
			}
			return ""
		}}
		var out, errb bytes.Buffer
		Run(tab, nil, strings.NewReader(string(bash("rm -rf /"))), &out, &errb, env)
		if errb.Len() > 0 {
			t.Fatalf("%s: stderr %s", c.path, errb.String())
		}
		recs := readLog(t, c.file)
		if len(recs) != 1 || recs[0].Decision != "deny" || recs[0].Summary != "rm -rf /" || recs[0].Policy != "sha256:abc" {
			t.Errorf("%s: %+v", c.path, recs)
		}
	}

	// the environment variable overrides the policy, or turns it off
	tab := auditTable(filepath.Join(dir, "policy.jsonl"), 0, 0)
	runHook(t, tab, `{}`, AuditEnv, filepath.Join(dir, "env.jsonl"))
	if _, err := os.Stat(filepath.Join(dir, "policy.jsonl")); err == nil {
		t.Error("the policy's log was written despite " + AuditEnv)
	}
	if recs := readLog(t, filepath.Join(dir, "env.jsonl")); len(recs) != 1 {
		t.Errorf("env log: %d lines", len(recs))
	}
	runHook(t, tab, `{}`, AuditEnv, "off")
	if _, err := os.Stat(filepath.Join(dir, "policy.jsonl")); err == nil {
		t.Error("the log was written with " + AuditEnv + "=off")
	}
	runHook(t, auditTable("", 0, 0), `{}`)
}

// TestAuditFailure checks that a log that cannot be written changes
// nothing in the answer, and says why on stderr.
func TestAuditFailure(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	want, _ := runHook(t, auditTable("", 0, 0), string(bash("rm -rf /")))
	for _, path := range []string{filepath.Join(file, "log.jsonl"), dir} {
		out, errb := runHook(t, auditTable(path, 0, 0), string(bash("rm -rf /")))
		if out != want {
			t.Errorf("%s: answer %s, want %s", path, out, want)
		}
		if !strings.HasPrefix(errb, "hookc: audit log: ") {
			t.Errorf("%s: stderr %q", path, errb)
		}
	}
}

// TestAuditWait checks that a log whose file system hangs delays the hook
// by at most auditWait, and never its answer.
func TestAuditWait(t *testing.T) {
	// not parallel: it replaces auditOpen
	release := make(chan struct{})
	defer close(release)
	auditOpen = func(string) (*os.File, error) {
		<-release
		return nil, os.ErrDeadlineExceeded
	}
	defer func() { auditOpen = openLog }()
	tab := auditTable(filepath.Join(t.TempDir(), "log"), 0, 0)
	start := time.Now()
	out, errb := runHook(t, tab, string(bash("ls")))
	took := time.Since(start)
	if !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("answer %s", out)
	}
	if !strings.Contains(errb, "not written within") {
		t.Errorf("stderr %q", errb)
	}
	if took > auditWait+100*time.Millisecond {
		t.Errorf("the hook took %v with a hung log, more than auditWait (%v) and a margin", took, auditWait)
	}
	t.Logf("a hung log delayed the hook's exit by %v (auditWait %v)", took, auditWait)
}

func TestAuditRotate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "a.jsonl")
	tab := auditTable(path, 2000, 2)
	// A file of another name beside the log is no rotated log: kept.
	other := path + ".20260102T150405.00000000xZ"
	if err := os.WriteFile(other, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for range 40 {
		runHook(t, tab, string(bash("ls")))
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a file that is no rotated log was removed: %v", err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rotated []string
	for _, e := range ents {
		if e.Name() != "a.jsonl" && e.Name() != filepath.Base(other) {
			rotated = append(rotated, e.Name())
		}
		fi, _ := e.Info()
		if fi.Size() > 2000+AuditLineBytes {
			t.Errorf("%s has %d bytes", e.Name(), fi.Size())
		}
	}
	if len(rotated) != 2 {
		t.Errorf("rotated files %v, want 2 kept", rotated)
	}
	// keep 0: a size cap
	tab = auditTable(filepath.Join(dir, "b.jsonl"), 1000, -1)
	for range 20 {
		runHook(t, tab, string(bash("ls")))
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "b.jsonl.*")); len(m) != 0 {
		t.Errorf("rotated files kept: %v", m)
	}
}

// TestAuditConcurrent runs many hook processes at once, writing to one log
// that they rotate as they go, and checks that every line is whole and
// none is lost.
func TestAuditConcurrent(t *testing.T) {
	if os.Getenv("HOOKC_AUDIT_CHILD") != "" {
		return // this process is a hook of the test: see TestAuditChild
	}
	// Not parallel: its hooks load the machine, which the time limits
	// other tests check would feel.
	n := 200
	if testing.Short() {
		n = 50
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.jsonl")
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 16)
	start := time.Now()
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			cmd := exec.Command(os.Args[0], "-test.run=^TestAuditChild$")
			cmd.Env = append(os.Environ(), "HOOKC_AUDIT_CHILD="+path, "HOME="+dir)
			cmd.Stdin = strings.NewReader(fmt.Sprintf(`{"hook_event_name":"PreToolUse","session_id":"s%d","cwd":"/project","tool_name":"Bash","tool_input":{"command":"ls %s"}}`, i, strings.Repeat("x", i%300)))
			if out, err := cmd.CombinedOutput(); err != nil || bytes.Contains(out, []byte("audit log")) {
				errs <- fmt.Errorf("child %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(path + "*")
	seen := map[string]int{}
	for _, f := range files {
		for _, rec := range readLog(t, f) {
			seen[rec.Session]++
		}
	}
	if len(seen) != n {
		t.Errorf("%d sessions logged, want %d", len(seen), n)
	}
	for s, k := range seen {
		if k != 1 {
			t.Errorf("session %s logged %d times", s, k)
		}
	}
	t.Logf("%d hook processes, 16 at a time, in %v: %d files, every line whole, none lost", n, time.Since(start).Round(time.Millisecond), len(files))
}

// TestAuditChild is the hook process of TestAuditConcurrent.
func TestAuditChild(t *testing.T) {
	path := os.Getenv("HOOKC_AUDIT_CHILD")
	if path == "" {
		t.Skip("run by TestAuditConcurrent")
	}
	tab := auditTable(path, 16<<10, 1000)
	// Sixteen processes at once on a loaded machine may take longer than
	// the default budget; this test is about the log, not the budget.
	tab.Limits.Millis = 30000
	var out bytes.Buffer
	env := OSEnv()
	env.FS = MapFS{}
	if code := Run(tab, nil, os.Stdin, &out, os.Stderr, env); code != 0 || !strings.Contains(out.String(), "allow") {
		t.Fatalf("exit %d, answer %s", code, out.String())
	}
}

func BenchmarkAuditLine(b *testing.B) {
	tab := auditTable("", 0, 0)
	res := Decide(tab, bash("git status && ls -la"), testEnv())
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		auditLine(tab, res, now, time.Microsecond)
	}
}

func BenchmarkAuditAppend(b *testing.B) {
	path := filepath.Join(b.TempDir(), "log")
	tab := auditTable("", 0, 0)
	line := auditLine(tab, Decide(tab, bash("git status && ls -la"), testEnv()), time.Now(), time.Microsecond)
	b.ReportAllocs()
	for b.Loop() {
		if err := appendLine(path, line, 1<<40, 1); err != nil {
			b.Fatal(err)
		}
	}
}
