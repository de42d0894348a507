package stats

import (
	"fmt"
	"io"
	"strings"
)

// Duration formats microseconds for people: "312 µs", "2.4 ms", "1.20 s".
func Duration(us int64) string {
	switch {
	case us < 1000:
		return fmt.Sprintf("%d µs", us)
	case us < 1000_000:
		return fmt.Sprintf("%.1f ms", float64(us)/1000)
	}
	return fmt.Sprintf("%.2f s", float64(us)/1e6)
}

// Percent formats n of total as a whole percentage.
func Percent(n, total int) string {
	if total == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(total))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// WriteText writes the summary as text.
func (s *Stats) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s, %s in %s", plural(s.Files, "log"), plural(s.Calls, "call"), plural(s.Sessions, "session"))
	if s.From != "" {
		fmt.Fprintf(w, ", %s to %s", s.From, s.To)
	}
	if len(s.Skipped) > 0 {
		fmt.Fprintf(w, " (%s skipped)", plural(len(s.Skipped), "line"))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "decisions:")
	for i, d := range Decisions {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(w, "%s %s %d (%s)", sep, d, s.Decisions[d], Percent(s.Decisions[d], s.Calls))
	}
	if s.OnError > 0 {
		fmt.Fprintf(w, "; %d by onError", s.OnError)
	}
	fmt.Fprintln(w)
	if l := s.Latency; l.Count > 0 {
		fmt.Fprintf(w, "latency: p50 %s, p90 %s, p99 %s, max %s (mean %s)\n",
			Duration(l.P50), Duration(l.P90), Duration(l.P99), Duration(l.Max), Duration(int64(l.Mean+0.5)))
	}
	if len(s.Blocking) > 0 {
		fmt.Fprintf(w, "\n%-44s %6s %6s\n", "rules that blocked most", "deny", "ask")
		for _, r := range s.Blocking {
			fmt.Fprintf(w, "  %-42s %6d %6d\n", short(r.Name, 42), r.Deny, r.Ask)
		}
	}
	for _, t := range []struct {
		title string
		rows  []Row
	}{{"by tool", s.Tools}, {"by rule", s.Rules}, {"by program", s.Programs}, {"by agent", s.Agents}} {
		if len(t.rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%-44s %6s %6s %6s %6s %6s\n", t.title, "calls", "allow", "ask", "deny", "pass")
		for _, r := range t.rows {
			fmt.Fprintf(w, "  %-42s %6d %6d %6d %6d %6d\n", short(r.Name, 42), r.Calls, r.Allow, r.Ask, r.Deny, r.Pass)
		}
	}
}

// short cuts s to n bytes at most.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimRight(s[:n-3], " ") + "..."
}
