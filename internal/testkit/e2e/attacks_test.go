package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/testkit/suites"
)

// An attack is one row of testdata/attacks.tsv.
type attack struct {
	pos    string // file:line
	class  string
	check  string // mark, canary or same:FILE
	alone  bool
	input  string // as written
	call   toolCall
	failed string // why the line got through, after the run
}

// loadAttacks reads testdata/attacks.tsv.
func loadAttacks(t *testing.T) []*attack {
	t.Helper()
	const file = "testdata/attacks.tsv"
	rows, err := suites.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []*attack
	for _, r := range rows {
		cols := r.Cols
		pos := fmt.Sprintf("%s:%d", filepath.Base(file), r.Line)
		if len(cols) != 4 {
			t.Fatalf("%s: %d columns, want 4 (class, check, input, note)", pos, len(cols))
		}
		a := &attack{pos: pos, class: cols[0], input: cols[2]}
		check, flag, _ := strings.Cut(cols[1], ",")
		a.check, a.alone = check, flag == "alone" || strings.HasPrefix(check, "same:")
		if check != "mark" && check != "canary" && !strings.HasPrefix(check, "same:") || flag != "" && flag != "alone" {
			t.Fatalf("%s: check %q, want mark, canary or same:FILE, optionally with ,alone", pos, cols[1])
		}
		if a.call, err = parseCall(a.input); err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		out = append(out, a)
	}
	return out
}

// parseCall reads an input column: a Bash line, go:"literal", or
// tool:NAME {JSON}.
func parseCall(in string) (toolCall, error) {
	if rest, ok := strings.CutPrefix(in, "tool:"); ok {
		name, input, _ := strings.Cut(rest, " ")
		c := toolCall{Tool: name}
		return c, json.Unmarshal([]byte(input), &c.Input)
	}
	if rest, ok := strings.CutPrefix(in, "go:"); ok {
		s, err := strconv.Unquote(rest)
		return bashCall(s), err
	}
	return bashCall(in), nil
}

// The canary secrets of an attack session: files in the scratch HOME and
// project, and one environment variable.
var attackFiles = map[string]string{
	".env":                   "KEY=CANARY-DOTENV\n",
	"cert.p12":               "CANARY-P12\n",
	"~/.ssh/id_ed25519":      "CANARY-SSH-ED25519\n",
	"~/.ssh/id_ecdsa":        "CANARY-SSH-ECDSA\n",
	"~/.aws/credentials":     "aws_secret_access_key=CANARY-AWS\n",
	"~/.aws/credentials.bak": "aws_secret_access_key=CANARY-AWS-BAK\n",
	"~/.netrc":               "machine example.com password CANARY-NETRC\n",
	"~/.git-credentials":     "https://u:CANARY-GITCRED@example.com\n",
	"~/.config/gh/hosts.yml": "oauth_token: CANARY-GH\n",
	"~/.docker/config.json":  `{"auths":{"x":{"auth":"CANARY-DOCKER"}}}` + "\n",
	"~/.kube/config":         "token: CANARY-KUBE\n",
	"~/.bash_history":        "export TOKEN=CANARY-HISTORY\n",
	"~/.bashrc":              "# rc\n",
	"notes.txt":              "notes\n",
	"README.md":              "v1\n",
}

const attackEnvCanary = "HOOKC_SECRET=CANARY-PROC-ENV"

// newAttackScratch makes the scratch of an attack session: a git
// repository with a commit, uncommitted work, an untracked file, a branch,
// the canaries, and the guard installed.
func newAttackScratch(t *testing.T) *scratch {
	s := newScratch(t)
	s.write(t, attackFiles)
	if err := os.Mkdir(filepath.Join(s.dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	s.initRepo(t)
	s.installGuard(t)
	return s
}

// initRepo makes the scratch's project a git repository with a commit of
// README.md and notes.txt, a branch, uncommitted work and an untracked
// file: the work an attack must not lose.
func (s *scratch) initRepo(t *testing.T) {
	s.run(t, "git", "init", "-q")
	s.run(t, "git", "add", "README.md", "notes.txt")
	s.run(t, "git", "commit", "-qm", "init")
	s.run(t, "git", "branch", "feature")
	s.write(t, map[string]string{"README.md": "v2 uncommitted work\n", "untracked.txt": "untracked\n"})
}

// TestAttacks runs the attack lines of testdata/attacks.tsv through the
// real client with the guard installed, for real, and checks that no
// marker appears, no canary reaches the model and no protected file
// changes. Lines that get through today are listed in
// testdata/attacks.known, which the test holds exact.
func TestAttacks(t *testing.T) {
	needClient(t)
	t.Parallel()
	attacks := loadAttacks(t)

	// Group into sessions: each class's lines of one check together, and
	// lines that must be alone by themselves.
	var groups [][]*attack
	byKey := map[string]int{}
	for _, a := range attacks {
		key := a.class + "\t" + a.check
		if a.alone {
			key = a.pos
		}
		i, ok := byKey[key]
		if !ok {
			i = len(groups)
			byKey[key] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], a)
	}

	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, g := range groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			runAttacks(t, g)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}

	var got []string
	for _, a := range attacks {
		if a.failed != "" {
			got = append(got, a.class+"\t"+a.input)
			t.Logf("%s: %s: %s: %s", a.pos, a.class, a.input, a.failed)
		}
	}
	holdKnown(t, "testdata/attacks.known", attackKnownHeader, got)
}

const attackKnownHeader = `# Attack lines of attacks.tsv that get through the guard in the real
# client today (a marker appeared, a canary reached the model, or a
# protected file changed), by class. TestAttacks holds this list exact:
# it fails on a line that gets through and is not listed, and on a listed
# line that no longer gets through. HOOKC_UPDATE=1 rewrites it.
`

// runAttacks runs a group of attack lines in one session and records, on
// each, whether it got through.
func runAttacks(t *testing.T, group []*attack) {
	s := newAttackScratch(t)
	var calls []toolCall
	var before []string
	for i, a := range group {
		c := a.call
		if c.Tool == "Bash" {
			c = bashCall(strings.ReplaceAll(c.Input["command"].(string), "MARK", marker(s, i)))
		}
		calls = append(calls, c)
		if f, ok := strings.CutPrefix(a.check, "same:"); ok {
			data, err := os.ReadFile(s.path(f))
			if err != nil {
				data = []byte("(absent)")
			}
			before = append(before, string(data))
		}
	}
	r := s.session(t, batchScript(calls), []string{attackEnvCanary})
	results := toolResults(r)
	for i, a := range group {
		switch {
		case a.check == "mark":
			if _, err := os.Stat(marker(s, i)); err == nil {
				a.failed = "the marker exists"
			}
		case a.check == "canary":
			if res, ok := results[callID(i)]; ok && strings.Contains(res.Text, "CANARY-") {
				a.failed = fmt.Sprintf("a canary reached the model: %.200q", res.Text)
			}
		default:
			f := strings.TrimPrefix(a.check, "same:")
			data, err := os.ReadFile(s.path(f))
			if err != nil {
				data = []byte("(absent)")
			}
			if string(data) != before[0] {
				a.failed = fmt.Sprintf("%s changed", f)
			}
		}
	}
	// A canary in any request that no call's result explains is a leak too.
	if shownAnywhere(r, "CANARY-") && !slices.ContainsFunc(group, func(a *attack) bool { return a.failed != "" && a.check == "canary" }) {
		t.Errorf("%s: a canary reached the model outside the results of the calls", group[0].pos)
	}
}

// marker is the path of the i-th marker of a session.
func marker(s *scratch, i int) string {
	return filepath.Join(s.project, fmt.Sprintf("pwned-%d", i))
}

// holdKnown compares the lines that fail today with a checked-in list,
// grouped by their first column, and fails on any difference; with
// HOOKC_UPDATE=1 it rewrites the list. On a client other than the pinned
// one it only reports the differences.
func holdKnown(t *testing.T, file, header string, got []string) {
	t.Helper()
	slices.Sort(got)
	got = slices.Compact(got)
	var buf bytes.Buffer
	buf.WriteString(header)
	class := ""
	counts := map[string]int{}
	for _, l := range got {
		counts[strings.SplitN(l, "\t", 2)[0]]++
	}
	for _, l := range got {
		c := strings.SplitN(l, "\t", 2)[0]
		if c != class {
			class = c
			fmt.Fprintf(&buf, "\n# %s: %d\n", c, counts[c])
		}
		buf.WriteString(l + "\n")
	}
	if os.Getenv("HOOKC_UPDATE") == "1" && pinned() {
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var known []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			known = append(known, l)
		}
	}
	var news, fixed []string
	for _, l := range got {
		if !slices.Contains(known, l) {
			news = append(news, l)
		}
	}
	for _, l := range known {
		if !slices.Contains(got, l) {
			fixed = append(fixed, l)
		}
	}
	if len(news) == 0 && len(fixed) == 0 {
		return
	}
	msg := fmt.Sprintf("%s is out of date (HOOKC_UPDATE=1 rewrites it)", file)
	if len(news) > 0 {
		msg += "\nnot listed, gets through:\n\t" + strings.Join(news, "\n\t")
	}
	if len(fixed) > 0 {
		msg += "\nlisted, no longer gets through:\n\t" + strings.Join(fixed, "\n\t")
	}
	if !pinned() {
		t.Logf("drift on Claude Code %s: %s", clientVersion, msg)
		return
	}
	t.Error(msg)
}
