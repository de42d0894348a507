package stats

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func readLog(t *testing.T) *Stats {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "audit.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := NewReader()
	if err := rd.Read(f, "audit.log"); err != nil {
		t.Fatal(err)
	}
	return rd.Stats()
}

func TestStats(t *testing.T) {
	t.Parallel()
	s := readLog(t)
	if s.Calls != 63 || s.Sessions != 2 || s.Files != 1 {
		t.Errorf("calls %d, sessions %d, files %d", s.Calls, s.Sessions, s.Files)
	}
	total := 0
	for _, d := range Decisions {
		total += s.Decisions[d]
	}
	if total != s.Calls {
		t.Errorf("decisions add up to %d, want %d", total, s.Calls)
	}
	var skipped []string
	for _, p := range s.Skipped {
		skipped = append(skipped, p.String())
	}
	want := []string{
		"audit.log:13: not an audit record: invalid character 'h' looking for beginning of value; skipped",
		"audit.log:51: audit format 2, this hookc reads format 1; skipped",
		"audit.log:66: the last line is cut short (a hook was writing it?); skipped",
	}
	if strings.Join(skipped, "\n") != strings.Join(want, "\n") {
		t.Errorf("skipped:\n%s\nwant:\n%s", strings.Join(skipped, "\n"), strings.Join(want, "\n"))
	}
	if s.OnError != 1 {
		t.Errorf("onError %d, want 1", s.OnError)
	}
	if len(s.Blocking) == 0 || s.Blocking[0].Name != `"file writes"` {
		t.Errorf("blocking: %+v", s.Blocking)
	}
	l := s.Latency
	if l.Count != s.Calls || !(l.P50 <= l.P90 && l.P90 <= l.P99 && l.P99 <= l.Max) || l.Max != 4105 {
		t.Errorf("latency %+v", l)
	}
	n := 0
	for _, b := range l.Buckets {
		n += b
	}
	if n != l.Count {
		t.Errorf("buckets hold %d calls, want %d", n, l.Count)
	}
	// Per tool, rule, agent and event rows add up to the calls.
	for name, rows := range map[string][]Row{"tools": s.Tools, "rules": s.Rules, "agents": s.Agents, "events": s.Events} {
		sum := 0
		for _, r := range rows {
			sum += r.Calls
			if r.Allow+r.Ask+r.Deny+r.Pass != r.Calls {
				t.Errorf("%s row %q does not add up", name, r.Name)
			}
		}
		if sum != s.Calls {
			t.Errorf("%s add up to %d calls, want %d", name, sum, s.Calls)
		}
	}
}

func TestLatency(t *testing.T) {
	t.Parallel()
	var micros []int64
	for i := int64(1); i <= 100; i++ {
		micros = append(micros, i)
	}
	l := latency(micros)
	if l.P50 != 50 || l.P90 != 90 || l.P99 != 99 || l.Max != 100 || l.Mean != 50.5 {
		t.Errorf("%+v", l)
	}
	// 1..9 below 10, 10..19 below 20, 20..49, 50..99, 100
	if want := []int{9, 10, 30, 50, 1, 0, 0, 0, 0}; !equal(l.Buckets, want) {
		t.Errorf("buckets %v, want %v", l.Buckets, want)
	}
	if one := latency([]int64{7}); one.P50 != 7 || one.P99 != 7 {
		t.Errorf("one call: %+v", one)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestJSON(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(readLog(t))
	if err != nil {
		t.Fatal(err)
	}
	var back Stats
	if err := json.Unmarshal(b, &back); err != nil || back.Calls != 63 || back.Latency.Max != 4105 {
		t.Errorf("round trip: %v %+v", err, back)
	}
}

// checkPage parses the page and checks that it is self-contained: no
// script, nothing loaded from elsewhere; and that it holds its charts and
// numbers.
func checkPage(t *testing.T, page []byte, s *Stats) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	svgs, rects, tables := 0, 0, 0
	var text strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "iframe", "object", "embed", "link", "img", "image", "use", "foreignObject":
				t.Errorf("the page has a <%s> element", n.Data)
			case "svg":
				svgs++
			case "rect":
				rects++
			case "table":
				tables++
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				if k == "src" || k == "href" || strings.HasPrefix(k, "on") || strings.Contains(strings.ToLower(a.Val), "url(") {
					t.Errorf("<%s %s=%q> refers elsewhere or runs code", n.Data, a.Key, a.Val)
				}
			}
		}
		if n.Type == html.TextNode {
			if n.Parent != nil && n.Parent.Data == "style" && strings.Contains(n.Data, "url(") {
				t.Errorf("the style loads a url")
			}
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if svgs != 5 || rects < 20 || tables < 4 {
		t.Errorf("%d charts with %d bars, %d tables", svgs, rects, tables)
	}
	for _, want := range []string{"hookc audit", "63 calls in 2 session(s)", `"file writes"`, "p50 latency", "secret files", "audit.log:13:"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the page does not say %q", want)
		}
	}
}

func TestHTML(t *testing.T) {
	t.Parallel()
	s := readLog(t)
	var b bytes.Buffer
	if err := s.WriteHTML(&b, "hookc audit"); err != nil {
		t.Fatal(err)
	}
	checkPage(t, b.Bytes(), s)
}

// TestHTMLChromium renders the page in headless Chromium, when it is
// installed as /usr/bin/chromium, with the network off, and checks what the
// browser built from it.
func TestHTMLChromium(t *testing.T) {
	t.Parallel()
	const chromium = "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("no " + chromium + ": the page is checked by the HTML parser only (TestHTML)")
	}
	if testing.Short() {
		t.Skip("starts a browser")
	}
	s := readLog(t)
	var b bytes.Buffer
	if err := s.WriteHTML(&b, "hookc audit"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "stats.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
		"--dump-dom", "file://"+page)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	checkPage(t, out, s)
}
