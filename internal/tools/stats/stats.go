// Package stats summarises hook audit logs: the JSON Lines files of
// runtime.AuditRecord a hook writes, one line per decided call
// (design.md 43).
package stats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"hookc.dev/hookc/runtime"
)

// Decisions are the decisions in the order reports show them.
var Decisions = []string{"allow", "ask", "deny", "pass"}

// Stats is the summary of one or more audit logs.
type Stats struct {
	Files    int       `json:"files"`
	Calls    int       `json:"calls"`
	Sessions int       `json:"sessions"`
	From     string    `json:"from,omitempty"` // the first record's time
	To       string    `json:"to,omitempty"`   // the last record's time
	Skipped  []Problem `json:"skipped"`        // lines that are not records
	// Decisions counts the calls by decision.
	Decisions map[string]int `json:"decisions"`
	// OnError counts the calls decided by onError (Error set).
	OnError  int      `json:"onError"`
	Policies []string `json:"policies"` // the policy hashes seen, sorted
	Tools    []Row    `json:"tools"`
	Rules    []Row    `json:"rules"`
	Programs []Row    `json:"programs"`
	Agents   []Row    `json:"agents"`
	Events   []Row    `json:"events"`
	// Blocking are the rules that denied or asked the most calls, most
	// first, at most ten.
	Blocking []Row   `json:"blocking"`
	Latency  Latency `json:"latency"`
}

// A Row counts the calls of one tool, rule, program, agent or event by
// decision.
type Row struct {
	Name  string `json:"name"`
	Calls int    `json:"calls"`
	Allow int    `json:"allow"`
	Ask   int    `json:"ask"`
	Deny  int    `json:"deny"`
	Pass  int    `json:"pass"`
}

// Count returns the row's count of decision d.
func (r Row) Count(d string) int {
	switch d {
	case "allow":
		return r.Allow
	case "ask":
		return r.Ask
	case "deny":
		return r.Deny
	case "pass":
		return r.Pass
	}
	return 0
}

func (r *Row) add(d string) {
	r.Calls++
	switch d {
	case "allow":
		r.Allow++
	case "ask":
		r.Ask++
	case "deny":
		r.Deny++
	case "pass":
		r.Pass++
	}
}

// Latency holds percentiles of the time from the start of a decision to the
// answer, in microseconds (AuditRecord.Micros), by the nearest-rank method.
type Latency struct {
	Count int     `json:"count"`
	Mean  float64 `json:"mean"`
	P50   int64   `json:"p50"`
	P90   int64   `json:"p90"`
	P99   int64   `json:"p99"`
	Max   int64   `json:"max"`
	// Buckets count the calls by latency: Buckets[i] those below
	// BucketBounds[i] microseconds and at or above the bound before.
	Buckets []int `json:"buckets"`
}

// BucketBounds are the upper bounds of Latency.Buckets, in microseconds;
// the last bucket has none.
var BucketBounds = []int64{10, 20, 50, 100, 200, 500, 1000, 5000}

// A Problem is a line of a log that is not a record hookc can read.
type Problem struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Msg  string `json:"message"`
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// A Reader accumulates the records of audit logs.
type Reader struct {
	s        Stats
	sessions map[string]bool
	policies map[string]bool
	tools    map[string]*Row
	rules    map[string]*Row
	programs map[string]*Row
	agents   map[string]*Row
	events   map[string]*Row
	micros   []int64
	from, to time.Time
}

// NewReader returns an empty Reader.
func NewReader() *Reader {
	return &Reader{
		s:        Stats{Decisions: map[string]int{}},
		sessions: map[string]bool{}, policies: map[string]bool{},
		tools: map[string]*Row{}, rules: map[string]*Row{}, programs: map[string]*Row{},
		agents: map[string]*Row{}, events: map[string]*Row{},
	}
}

// Read reads one log; name is its file name, for positions. Only a failure
// to read r is an error: a line that is not a record is a Problem.
func (rd *Reader) Read(r io.Reader, name string) error {
	rd.s.Files++
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		b, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return err
		}
		if text := bytes.TrimSpace(b); len(text) > 0 {
			rd.line(text, name, n, err == io.EOF && !bytes.HasSuffix(b, []byte("\n")))
		}
		if err == io.EOF {
			return nil
		}
	}
}

func (rd *Reader) problem(name string, n int, format string, args ...any) {
	rd.s.Skipped = append(rd.s.Skipped, Problem{name, n, fmt.Sprintf(format, args...)})
}

func (rd *Reader) line(text []byte, name string, n int, unterminated bool) {
	var rec runtime.AuditRecord
	if err := json.Unmarshal(text, &rec); err != nil {
		if unterminated {
			rd.problem(name, n, "the last line is cut short (a hook was writing it?); skipped")
		} else {
			rd.problem(name, n, "not an audit record: %v; skipped", err)
		}
		return
	}
	if rec.V != runtime.AuditFormat {
		rd.problem(name, n, "audit format %d, this hookc reads format %d; skipped", rec.V, runtime.AuditFormat)
		return
	}
	if !slices.Contains(Decisions, rec.Decision) {
		rd.problem(name, n, "decision %q is not allow, ask, deny or pass; skipped", rec.Decision)
		return
	}
	s := &rd.s
	s.Calls++
	s.Decisions[rec.Decision]++
	if rec.Error != "" {
		s.OnError++
	}
	rd.sessions[rec.Session] = true
	if rec.Policy != "" {
		rd.policies[rec.Policy] = true
	}
	count(rd.tools, orNone(rec.Tool, "(no tool)"), rec.Decision)
	count(rd.rules, ruleName(rec), rec.Decision)
	count(rd.agents, orNone(rec.Agent, "main"), rec.Decision)
	count(rd.events, orNone(rec.Event, "(none)"), rec.Decision)
	for _, p := range rec.Programs {
		count(rd.programs, p, rec.Decision)
	}
	rd.micros = append(rd.micros, rec.Micros)
	if t, err := time.Parse(time.RFC3339Nano, rec.Time); err == nil {
		if rd.from.IsZero() || t.Before(rd.from) {
			rd.from = t
		}
		if t.After(rd.to) {
			rd.to = t
		}
	}
}

// ruleName names what decided a record: its rule, onError, or the default
// (or a floor) when neither is given.
func ruleName(rec runtime.AuditRecord) string {
	switch {
	case rec.Rule != "":
		return fmt.Sprintf("%q", rec.Rule)
	case rec.Error != "":
		return "(onError)"
	}
	return "(default or floor)"
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

func count(m map[string]*Row, name, d string) {
	r := m[name]
	if r == nil {
		r = &Row{Name: name}
		m[name] = r
	}
	r.add(d)
}

// Stats returns the summary of what was read.
func (rd *Reader) Stats() *Stats {
	s := rd.s
	s.Sessions = len(rd.sessions)
	for p := range rd.policies {
		s.Policies = append(s.Policies, p)
	}
	sort.Strings(s.Policies)
	s.Tools = rows(rd.tools)
	s.Rules = rows(rd.rules)
	s.Programs = rows(rd.programs)
	s.Agents = rows(rd.agents)
	s.Events = rows(rd.events)
	for _, r := range s.Rules {
		if r.Deny+r.Ask > 0 && strings.HasPrefix(r.Name, `"`) {
			s.Blocking = append(s.Blocking, r)
		}
	}
	sort.SliceStable(s.Blocking, func(i, j int) bool {
		a, b := s.Blocking[i], s.Blocking[j]
		if a.Deny+a.Ask != b.Deny+b.Ask {
			return a.Deny+a.Ask > b.Deny+b.Ask
		}
		return a.Deny > b.Deny
	})
	if len(s.Blocking) > 10 {
		s.Blocking = s.Blocking[:10]
	}
	s.Latency = latency(rd.micros)
	if !rd.from.IsZero() {
		s.From = rd.from.Format(time.RFC3339)
		s.To = rd.to.Format(time.RFC3339)
	}
	if s.Skipped == nil {
		s.Skipped = []Problem{}
	}
	return &s
}

// rows returns the rows of m, most calls first, then by name.
func rows(m map[string]*Row) []Row {
	out := make([]Row, 0, len(m))
	for _, r := range m {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Calls != out[j].Calls {
			return out[i].Calls > out[j].Calls
		}
		return out[i].Name < out[j].Name
	})
	return out
}

func latency(micros []int64) Latency {
	l := Latency{Count: len(micros), Buckets: make([]int, len(BucketBounds)+1)}
	if len(micros) == 0 {
		return l
	}
	sorted := slices.Clone(micros)
	slices.Sort(sorted)
	var sum float64
	for _, m := range sorted {
		sum += float64(m)
		i, _ := slices.BinarySearchFunc(BucketBounds, m, func(b, m int64) int {
			if b <= m {
				return -1
			}
			return 1
		})
		l.Buckets[i]++
	}
	l.Mean = sum / float64(len(sorted))
	rank := func(p float64) int64 {
		k := int(math.Ceil(p*float64(len(sorted)))) - 1 // the nearest rank
		return sorted[min(max(k, 0), len(sorted)-1)]
	}
	l.P50, l.P90, l.P99 = rank(0.50), rank(0.90), rank(0.99)
	l.Max = sorted[len(sorted)-1]
	return l
}
