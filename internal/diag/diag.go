// Package diag holds the diagnostics hookc reports about a policy, and prints
// them as go vet does: one "file:line:col: message" line each, or a stable
// JSON array.
package diag

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A Pos is a position in a policy file. File uses forward slashes and is
// relative to the working directory when the policy directory was given
// relative. Line and Col count from 1; a Pos with Line 0 names only a file
// or a directory.
type Pos struct {
	File      string
	Line, Col int
}

// ParsePos parses "file:line:col" (or "file:line", or "file"). A string
// that does not end in numbers is taken whole as the file name.
func ParsePos(s string) Pos {
	p := Pos{File: s}
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return p
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n < 0 {
		return p
	}
	j := strings.LastIndexByte(s[:i], ':')
	if j >= 0 {
		if m, err := strconv.Atoi(s[j+1 : i]); err == nil && m >= 0 {
			return Pos{File: s[:j], Line: m, Col: n}
		}
	}
	return Pos{File: s[:i], Line: n}
}

// IsValid reports whether p names a file.
func (p Pos) IsValid() bool { return p.File != "" }

// String returns "file:line:col", "file:line" without a column, and "file"
// without a line.
func (p Pos) String() string {
	switch {
	case p.Line <= 0:
		return p.File
	case p.Col <= 0:
		return p.File + ":" + strconv.Itoa(p.Line)
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Compare orders positions by file, then line, then column.
func (p Pos) Compare(q Pos) int {
	return cmp.Or(
		strings.Compare(p.File, q.File),
		cmp.Compare(p.Line, q.Line),
		cmp.Compare(p.Col, q.Col),
	)
}

// jsonPos is a position in -json output: the file, and the line and
// column counted from 1 (0 when the position names only a file), so that
// tools need not split "file:line:col", which is ambiguous when a file
// name holds a colon.
type jsonPos struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// MarshalJSON writes the position as {"file", "line", "column"}.
func (p Pos) MarshalJSON() ([]byte, error) {
	return json.Marshal(jsonPos{p.File, p.Line, p.Col})
}

// UnmarshalJSON reads a position written by MarshalJSON, or a
// "file:line:col" string.
func (p *Pos) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*p = ParsePos(s)
		return nil
	}
	var jp jsonPos
	if err := json.Unmarshal(b, &jp); err != nil {
		return err
	}
	*p = Pos{File: jp.File, Line: jp.Line, Col: jp.Column}
	return nil
}

// Checks reported by the loader. Vet's own checks use the finding kinds of
// design.md 23 ("dead", "shadowed", ...).
const (
	Syntax  = "syntax"  // a file does not parse
	Load    = "load"    // no files, mixed packages, an import that cannot be found
	Type    = "type"    // the policy does not fit the schema
	Invalid = "invalid" // an invalid regexp, glob, placeholder or empty matcher
)

// A Diagnostic is a message about a position in a policy.
type Diagnostic struct {
	Pos     Pos
	Check   string // "type", "invalid", "dead", "shadowed", ...; shown only in -json
	Message string
	Related []Related
	// Witness is a call that shows the finding (a hook payload as JSON), or
	// nil.
	Witness json.RawMessage
	// Env, Files and Links are the context the witness needs: environment
	// variables, files that exist and symlinks (link to target), absolute
	// paths of the test context.
	Env   map[string]string
	Files []string
	Links map[string]string
	// Replay is a command that replays the witness with its context
	// (hookc explain with flags), printed as text only.
	Replay string
	// Severity is "error" or "warning" for vet findings, "" otherwise: an
	// error stops hookc build unless it is accepted.
	Severity string
	// Certainty is "definitely", "possibly" or "not-analysed" for vet
	// findings, "" for load errors.
	Certainty string
	// Accepted is the written reason when the policy accepts the finding.
	Accepted string
}

// Related is a further position that explains a diagnostic.
type Related struct {
	Pos     Pos
	Message string
}

type jsonRelated struct {
	Pos     Pos    `json:"pos"`
	Message string `json:"message"`
}

type jsonDiagnostic struct {
	Check     string            `json:"check"`
	Pos       Pos               `json:"pos"`
	Message   string            `json:"message"`
	Related   []jsonRelated     `json:"related"`
	Witness   json.RawMessage   `json:"witness"`
	Env       map[string]string `json:"env,omitempty"`
	Files     []string          `json:"files,omitempty"`
	Links     map[string]string `json:"links,omitempty"`
	Severity  string            `json:"severity,omitempty"`
	Certainty string            `json:"certainty,omitempty"`
	Accepted  string            `json:"accepted,omitempty"`
}

// String returns the diagnostic as Print writes it, without the final
// newline.
func (d Diagnostic) String() string {
	var b strings.Builder
	writeText(&b, d)
	return strings.TrimSuffix(b.String(), "\n")
}

// Compare orders diagnostics by position, then check, then message.
func (d Diagnostic) Compare(e Diagnostic) int {
	return cmp.Or(
		d.Pos.Compare(e.Pos),
		strings.Compare(d.Check, e.Check),
		strings.Compare(d.Message, e.Message),
		cmp.Compare(len(d.Related), len(e.Related)),
	)
}

// A List is a list of diagnostics. As an error it reads as the text Print
// writes.
type List []Diagnostic

func (l List) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// Sort returns l sorted by position, check and message, with duplicates
// (same position, check, message and related positions) removed.
func Sort(l List) List {
	l = slices.Clone(l)
	slices.SortStableFunc(l, Diagnostic.Compare)
	return slices.CompactFunc(l, func(a, b Diagnostic) bool {
		return a.Compare(b) == 0 && slices.Equal(a.Related, b.Related) &&
			bytes.Equal(a.Witness, b.Witness) && a.Accepted == b.Accepted
	})
}

// Print writes l as text: "file:line:col: message", each related position on
// an indented line below it, and the witness, if any, on an indented line
// of its own.
func Print(w io.Writer, l List) error {
	var b strings.Builder
	for _, d := range l {
		writeText(&b, d)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeText(b *strings.Builder, d Diagnostic) {
	if d.Pos.IsValid() {
		b.WriteString(d.Pos.String())
		b.WriteString(": ")
	}
	if d.Severity != "" {
		b.WriteString(d.Severity + ": ")
	}
	b.WriteString(d.Message)
	b.WriteByte('\n')
	for _, r := range d.Related {
		b.WriteByte('\t')
		if r.Pos.IsValid() {
			b.WriteString(r.Pos.String())
			b.WriteString(": ")
		}
		b.WriteString(r.Message)
		b.WriteByte('\n')
	}
	if len(d.Witness) > 0 {
		var c bytes.Buffer
		if json.Compact(&c, d.Witness) != nil {
			c.Reset()
			c.Write(d.Witness)
		}
		b.WriteString("\twitness: ")
		b.Write(c.Bytes())
		b.WriteByte('\n')
	}
	if len(d.Env) > 0 {
		keys := slices.Sorted(maps.Keys(d.Env))
		var kv []string
		for _, k := range keys {
			kv = append(kv, k+"="+strconv.Quote(d.Env[k]))
		}
		b.WriteString("\twith environment: " + strings.Join(kv, " ") + "\n")
	}
	if len(d.Files) > 0 {
		b.WriteString("\twith files: " + strings.Join(d.Files, " ") + "\n")
	}
	if len(d.Links) > 0 {
		var l []string
		for _, k := range slices.Sorted(maps.Keys(d.Links)) {
			l = append(l, k+" -> "+d.Links[k])
		}
		b.WriteString("\twith symlinks: " + strings.Join(l, " ") + "\n")
	}
	if d.Replay != "" {
		b.WriteString("\treplay: " + d.Replay + "\n")
	}
}

// PrintJSON writes l as a JSON array, one object per diagnostic with the
// fields check, pos, message, related (an array of {pos, message}) and
// witness (null when there is none), plus certainty and accepted when set.
// An empty list is written as [].
func PrintJSON(w io.Writer, l List) error {
	out := make([]jsonDiagnostic, 0, len(l))
	for _, d := range l {
		jd := jsonDiagnostic{
			Check:     d.Check,
			Pos:       d.Pos,
			Message:   d.Message,
			Related:   make([]jsonRelated, 0, len(d.Related)),
			Witness:   d.Witness,
			Env:       d.Env,
			Files:     d.Files,
			Links:     d.Links,
			Severity:  d.Severity,
			Certainty: d.Certainty,
			Accepted:  d.Accepted,
		}
		if len(jd.Witness) == 0 {
			jd.Witness = json.RawMessage("null")
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated(r))
		}
		out = append(out, jd)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("diag: %v", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// PrintGitHub writes l as GitHub Actions workflow commands, one "::error"
// line per diagnostic, which annotate the lines they name in a pull
// request. title names the tool; the check follows it in parentheses.
// Related positions and the witness follow the message on lines of their
// own.
func PrintGitHub(w io.Writer, title string, l List) error {
	var b strings.Builder
	for _, d := range l {
		var props []string
		if d.Pos.IsValid() {
			props = append(props, "file="+ghProp(d.Pos.File))
			if d.Pos.Line > 0 {
				props = append(props, "line="+strconv.Itoa(d.Pos.Line))
			}
			if d.Pos.Col > 0 {
				props = append(props, "col="+strconv.Itoa(d.Pos.Col))
			}
		}
		t := title
		if d.Check != "" {
			t += " (" + d.Check + ")"
		}
		props = append(props, "title="+ghProp(t))
		var text strings.Builder
		writeText(&text, Diagnostic{Message: d.Message, Related: d.Related, Witness: d.Witness, Env: d.Env, Files: d.Files, Links: d.Links, Replay: d.Replay})
		cmd := "error"
		if d.Severity == "warning" {
			cmd = "warning"
		}
		b.WriteString("::" + cmd + " " + strings.Join(props, ",") + "::")
		b.WriteString(ghData(strings.TrimSuffix(text.String(), "\n")))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProp escapes a property value of a workflow command.
func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
