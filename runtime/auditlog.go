package runtime

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/payload"
)

// The audit log's writer (design.md 43): one AuditRecord per answered call,
// appended as one line with one write(2) to a file opened O_APPEND, so
// that concurrent hooks never interleave or lose a line.

// AuditEnv is the environment variable that names the audit log file,
// overriding the policy's audit.path, or turns logging off ("off").
const AuditEnv = "HOOKC_AUDIT_LOG"

// Defaults of Table.Audit.
const (
	AuditMaxBytes = 10 << 20 // rotate the log when it reaches this size
	AuditKeep     = 3        // rotated files kept
)

// AuditLineBytes bounds one line of the log, newline included: every
// string field is cut to its share of it.
const AuditLineBytes = 8 << 10

// auditWait bounds how long a hook waits for its line to be written after
// it has answered: a log on a hung file system delays the hook's exit by
// at most this, and never its answer. A line takes microseconds to write;
// the bound is generous because a hook that gives up loses its line, and
// on a loaded machine (16 hooks at once on 2 cores) 50 ms was not always
// enough. It equals the default evaluation budget, limits.millis.
const auditWait = 500 * time.Millisecond

// auditOpen opens the log for appending; tests replace it.
var auditOpen = openLog

// audit logs the answer res if the policy or the environment asks for an
// audit log. start is when the decision started.
func audit(t *Table, res *Result, env *Env, start time.Time) error {
	path := t.Audit.Path
	if v := env.get(AuditEnv); v == "off" {
		return nil
	} else if v != "" {
		path = v
	}
	if path == "" {
		return nil
	}
	root := env.get("CLAUDE_PROJECT_DIR")
	if root == "" && res.call != nil {
		root = res.call.Cwd
	}
	home := env.Home
	if home == "" {
		home = env.get("HOME")
	}
	if root == "" && !filepath.IsAbs(path) && !strings.HasPrefix(path, "~") {
		return fmt.Errorf("%s: the project root is not known (no CLAUDE_PROJECT_DIR, no cwd)", path)
	}
	file := expandPath(path, root, home)
	if file == "" {
		return fmt.Errorf("%s: the home directory is not known", path)
	}
	line := auditLine(t, res, time.Now(), time.Since(start))
	maxBytes, keep := t.Audit.MaxBytes, t.Audit.Keep
	if maxBytes <= 0 {
		maxBytes = AuditMaxBytes
	}
	if keep == 0 {
		keep = AuditKeep
	}
	return withinWait(file, func() error { return appendLine(file, line, maxBytes, keep) })
}

// withinWait runs write, and returns its error, or one that names what
// was not written if it takes longer than auditWait: the hook then exits
// without waiting for it.
func withinWait(what string, write func() error) error {
	done := make(chan error, 1)
	go func() { done <- write() }()
	timer := time.NewTimer(auditWait)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return fmt.Errorf("%s: not written within %v", what, auditWait)
	}
}

// AuditRecordOf returns the audit record of an answer: at, when it was
// given, and took, how long deciding took.
func AuditRecordOf(t *Table, res *Result, at time.Time, took time.Duration) AuditRecord {
	rec := AuditRecord{
		V:        AuditFormat,
		Time:     at.UTC().Format("2006-01-02T15:04:05.000000Z07:00"),
		Event:    res.Event,
		Decision: res.Decision.String(),
		Rule:     res.Rule,
		Reason:   res.Reason,
		Error:    res.Err,
		Micros:   took.Microseconds(),
		Policy:   "sha256:" + t.SHA256,
	}
	if p := res.call; p != nil {
		rec.Session, rec.Tool, rec.Cwd = p.SessionID, p.Tool, p.Cwd
		switch {
		case p.AgentID == "":
			rec.Agent = "main"
		case p.AgentType != "":
			rec.Agent = p.AgentType
		default:
			rec.Agent = "subagent"
		}
		if s, ok := p.Get("tool_input.command"); ok && p.Tool == "Bash" {
			rec.Summary, _ = s.(string)
		}
		rec.ToolMillis = toolMillis(p)
	}
	if rec.Summary == "" {
		rec.Summary = res.path
	}
	if len(rec.Summary) > AuditSummaryBytes {
		rec.Summary = cutUTF8(rec.Summary, AuditSummaryBytes)
	}
	for i := range res.cmds {
		if n := res.cmds[i].Program.Text; n != "" && !slices.Contains(rec.Programs, n) && len(rec.Programs) < auditPrograms {
			rec.Programs = append(rec.Programs, n)
		}
	}
	return rec
}

// toolMillis returns the payload's duration_ms, how long the tool of a
// PostToolUse ran, if it is a whole number of milliseconds.
func toolMillis(p *payload.Payload) int64 {
	v, ok := p.Get("duration_ms")
	if !ok {
		return 0
	}
	var s string
	switch v := v.(type) {
	case payload.Number:
		s = string(v)
	case float64:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// auditPrograms bounds AuditRecord.Programs.
const auditPrograms = 32

// auditLine returns the log line of an answer.
func auditLine(t *Table, res *Result, at time.Time, took time.Duration) []byte {
	return AppendAuditRecord(make([]byte, 0, 512), AuditRecordOf(t, res, at, took))
}

// AppendAuditRecord appends rec as one line of JSON, as encoding/json
// writes it, with each string cut (at a character, marked …) to at most
// its share of AuditLineBytes once escaped.
func AppendAuditRecord(b []byte, rec AuditRecord) []byte {
	str := func(key, s string, max int) {
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, '"', ':')
		b = appendJSONStringMax(b, s, max)
	}
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(rec.V), 10)
	str("time", rec.Time, 40)
	str("session", rec.Session, 128)
	str("event", rec.Event, 64)
	str("tool", rec.Tool, 128)
	str("agent", rec.Agent, 128)
	str("cwd", rec.Cwd, 512)
	str("decision", rec.Decision, 16)
	str("rule", rec.Rule, 256)
	str("reason", rec.Reason, 2048)
	if len(rec.Programs) > 0 {
		b = append(b, `,"programs":[`...)
		for i, p := range rec.Programs[:min(len(rec.Programs), auditPrograms)] {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONStringMax(b, p, 64)
		}
		b = append(b, ']')
	}
	if rec.Summary != "" {
		str("summary", rec.Summary, 2*AuditSummaryBytes)
	}
	if rec.Error != "" {
		str("error", rec.Error, 512)
	}
	if rec.ToolMillis > 0 {
		b = append(b, `,"tool_ms":`...)
		b = strconv.AppendInt(b, rec.ToolMillis, 10)
	}
	b = append(b, `,"us":`...)
	b = strconv.AppendInt(b, rec.Micros, 10)
	str("policy", rec.Policy, 80)
	return append(b, '}', '\n')
}

// appendJSONStringMax appends s as a JSON string of at most max bytes,
// quotes included: cut at a character boundary and ended with … when it
// does not fit.
func appendJSONStringMax(b []byte, s string, max int) []byte {
	start := len(b)
	b = appendJSONString(b, s)
	if len(b)-start <= max {
		return b
	}
	budget := max - len(`""…`)
	n, i := 0, 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if n += jsonRuneLen(r, size); n > budget {
			break
		}
		i += size
	}
	return appendJSONString(b[:start], s[:i]+"…")
}

// jsonRuneLen is how many bytes appendJSONString writes for the rune r,
// decoded from size bytes.
func jsonRuneLen(r rune, size int) int {
	switch {
	case r == utf8.RuneError && size == 1, r == '\u2028', r == '\u2029':
		return 6
	case r >= utf8.RuneSelf:
		return size
	case r == '\\', r == '"', r == '\b', r == '\f', r == '\n', r == '\r', r == '\t':
		return 2
	case r < ' ', r == '<', r == '>', r == '&':
		return 6
	}
	return 1
}

// cutUTF8 returns s cut to at most n bytes, at a character boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// appendLine appends line to the log file at path with one write, first
// rotating the file when it has reached maxBytes; keep rotated files are
// kept (none if keep < 0).
func appendLine(path string, line []byte, maxBytes int64, keep int) error {
	f, err := auditOpen(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	if fi.Size() > 0 && fi.Size()+int64(len(line)) > maxBytes {
		rotate(path, fi, keep)
	}
	// The line goes to the file this hook opened, rotated or not: a few
	// lines of concurrent hooks may pass maxBytes, none is lost.
	_, err = f.Write(line)
	return err
}

// openLog opens the log at path for appending, creating it and its
// directory if need be. O_NONBLOCK: a FIFO put in its place must not block
// the hook.
func openLog(path string) (*os.File, error) {
	const flags = os.O_WRONLY | os.O_APPEND | os.O_CREATE | syscall.O_NONBLOCK
	f, err := os.OpenFile(path, flags, 0o600)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		f, err = os.OpenFile(path, flags, 0o600)
	}
	return f, err
}

// rotateLayout names a rotated log: PATH.TIME, which sorts by age and
// never names the file of another rotation, so that hooks rotating at once
// never rename one another's files over each other.
const rotateLayout = "20060102T150405.000000000Z"

// rotated reports whether s is a time written in rotateLayout: digits
// where the layout has them, and its letters and dot. A shape check, not
// time.Parse, which would add 20 kB to every hook.
func rotated(s string) bool {
	if len(s) != len(rotateLayout) {
		return false
	}
	for i := range len(s) {
		l := rotateLayout[i]
		if l >= '0' && l <= '9' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != l {
			return false
		}
	}
	return true
}

// rotate renames the log at path, which this hook opened as fi, to a
// rotated name, unless another hook has rotated it already, and removes
// the oldest rotated files beyond keep.
func rotate(path string, fi os.FileInfo, keep int) {
	if cur, err := os.Stat(path); err != nil || !os.SameFile(cur, fi) {
		return
	}
	if os.Rename(path, path+"."+time.Now().UTC().Format(rotateLayout)) != nil {
		return
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, ok := listDir(dir)
	if !ok {
		return
	}
	var old []string
	for _, e := range ents {
		if rest, ok := strings.CutPrefix(e.Name, base+"."); ok {
			if rotated(rest) {
				old = append(old, e.Name)
			}
		}
	}
	slices.Sort(old)
	if keep < 0 {
		keep = 0
	}
	for _, n := range old[:max(0, len(old)-keep)] {
		os.Remove(filepath.Join(dir, n))
	}
}
