package stats

import (
	"fmt"
	"html/template"
	"io"
	"sync"
)

// The colours of the decisions in the charts.
var colours = map[string]string{"allow": "#3f8f4f", "ask": "#d9a21b", "deny": "#c8412f", "pass": "#8a8f98"}

// A bar is one segment of a chart.
type bar struct {
	X, Y, W, H float64
	Fill       string
	Title      string // the tooltip
}

type label struct {
	X, Y   float64
	Text   string
	Anchor string // text-anchor
}

// A chart is an SVG drawing.
type chart struct {
	Title  string
	Desc   string // what it shows, for screen readers
	W, H   float64
	Bars   []bar
	Labels []label
}

// barsChart draws rows as horizontal bars, one per row, each split by
// decision (stacked) or, with only, one decision's count.
func barsChart(title string, rows []Row, decisions []string, limit int) chart {
	if len(rows) > limit {
		rows = rows[:limit]
	}
	const (
		left  = 250.0
		width = 420.0
		rowH  = 22.0
		top   = 8.0
	)
	c := chart{Title: title, W: left + width + 70, H: top + rowH*float64(len(rows)) + 8}
	c.Desc = fmt.Sprintf("%s: %d rows", title, len(rows))
	most := 1
	for _, r := range rows {
		n := 0
		for _, d := range decisions {
			n += r.Count(d)
		}
		most = max(most, n)
	}
	for i, r := range rows {
		y := top + rowH*float64(i)
		c.Labels = append(c.Labels, label{X: left - 8, Y: y + 15, Text: short(r.Name, 36), Anchor: "end"})
		x, total := left, 0
		for _, d := range decisions {
			n := r.Count(d)
			if n == 0 {
				continue
			}
			w := width * float64(n) / float64(most)
			c.Bars = append(c.Bars, bar{X: x, Y: y + 3, W: w, H: rowH - 6, Fill: colours[d], Title: fmt.Sprintf("%s: %s %d", r.Name, d, n)})
			x += w
			total += n
		}
		c.Labels = append(c.Labels, label{X: x + 6, Y: y + 15, Text: fmt.Sprint(total), Anchor: "start"})
	}
	return c
}

// latencyChart draws the latency buckets as vertical bars.
func latencyChart(l Latency) chart {
	const (
		left   = 40.0
		barW   = 64.0
		gap    = 12.0
		height = 150.0
		top    = 20.0
	)
	n := len(l.Buckets)
	c := chart{Title: "calls by decision time", Desc: "calls by the time the decision took", W: left + (barW+gap)*float64(n), H: top + height + 40}
	most := 1
	for _, b := range l.Buckets {
		most = max(most, b)
	}
	for i, b := range l.Buckets {
		x := left + (barW+gap)*float64(i)
		h := height * float64(b) / float64(most)
		name := "≥ " + Duration(BucketBounds[len(BucketBounds)-1])
		if i < len(BucketBounds) {
			name = "< " + Duration(BucketBounds[i])
		}
		c.Bars = append(c.Bars, bar{X: x, Y: top + height - h, W: barW, H: h, Fill: "#4a6fa5", Title: fmt.Sprintf("%s: %d calls", name, b)})
		c.Labels = append(c.Labels,
			label{X: x + barW/2, Y: top + height + 16, Text: name, Anchor: "middle"},
			label{X: x + barW/2, Y: top + height - h - 4, Text: fmt.Sprint(b), Anchor: "middle"})
	}
	return c
}

// WriteHTML writes the summary as one self-contained HTML page: inline
// style and SVG charts, no script, nothing fetched from elsewhere.
func (s *Stats) WriteHTML(w io.Writer, title string) error {
	decisionRow := Row{Name: "all calls", Calls: s.Calls, Allow: s.Decisions["allow"], Ask: s.Decisions["ask"], Deny: s.Decisions["deny"], Pass: s.Decisions["pass"]}
	data := struct {
		Title     string
		S         *Stats
		Decisions []string
		Colours   map[string]string
		Charts    []chart
		Tables    []table
		Dur       func(int64) string
		Pct       func(int, int) string
	}{
		Title:     title,
		S:         s,
		Decisions: Decisions,
		Colours:   colours,
		Charts: []chart{
			barsChart("decisions", []Row{decisionRow}, Decisions, 1),
			barsChart("calls by tool", s.Tools, Decisions, 12),
			barsChart("rules that blocked most", s.Blocking, []string{"deny", "ask"}, 10),
			barsChart("calls by program", s.Programs, Decisions, 12),
			latencyChart(s.Latency),
		},
		Tables: []table{{"by tool", s.Tools}, {"by rule", s.Rules}, {"by program", s.Programs}, {"by agent", s.Agents}, {"by event", s.Events}},
		Dur:    Duration,
		Pct:    Percent,
	}
	return page().Execute(w, data)
}

type table struct {
	Title string
	Rows  []Row
}

// page is the report's template, parsed on first use: every hookc
// command would pay for parsing it at start-up otherwise.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{{.Title}}</title>
<style>
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2126; margin: 2em auto; max-width: 62em; padding: 0 1em; }
h1 { font-size: 1.4em; margin-bottom: .2em; }
h2 { font-size: 1.1em; margin-top: 1.8em; }
.meta { color: #5b6169; }
.cards { display: flex; flex-wrap: wrap; gap: .8em; margin: 1.2em 0; }
.card { border: 1px solid #d8dce1; border-radius: 6px; padding: .6em 1em; min-width: 7em; }
.card b { display: block; font-size: 1.5em; }
.legend span { display: inline-block; margin-right: 1.2em; }
.legend i { display: inline-block; width: .9em; height: .9em; border-radius: 2px; margin-right: .35em; vertical-align: -1px; }
svg text { font: 12px system-ui, sans-serif; fill: #1d2126; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { padding: .2em .8em; text-align: right; border-bottom: 1px solid #eceff2; }
th:first-child, td:first-child { text-align: left; font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="meta">{{.S.Files}} log(s), {{.S.Calls}} calls in {{.S.Sessions}} session(s){{if .S.From}}, {{.S.From}} to {{.S.To}}{{end}}{{with .S.Skipped}}; {{len .}} line(s) skipped{{end}}.</p>
<div class="cards">
{{- range .Decisions}}
<div class="card" id="card-{{.}}"><span>{{.}}</span><b>{{index $.S.Decisions .}}</b>{{call $.Pct (index $.S.Decisions .) $.S.Calls}}</div>
{{- end}}
<div class="card" id="card-p50"><span>p50 latency</span><b>{{call .Dur .S.Latency.P50}}</b>p99 {{call .Dur .S.Latency.P99}}</div>
</div>
<p class="legend">{{range .Decisions}}<span><i style="background: {{index $.Colours .}}"></i>{{.}}</span>{{end}}</p>
{{- range .Charts}}
<h2>{{.Title}}</h2>
<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{{.W}}" height="{{.H}}" viewBox="0 0 {{.W}} {{.H}}" aria-label="{{.Desc}}">
{{- range .Bars}}
<rect x="{{printf "%.1f" .X}}" y="{{printf "%.1f" .Y}}" width="{{printf "%.1f" .W}}" height="{{printf "%.1f" .H}}" fill="{{.Fill}}"><title>{{.Title}}</title></rect>
{{- end}}
{{- range .Labels}}
<text x="{{printf "%.1f" .X}}" y="{{printf "%.1f" .Y}}" text-anchor="{{.Anchor}}">{{.Text}}</text>
{{- end}}
</svg>
{{- end}}
<h2>latency</h2>
<p>p50 {{call .Dur .S.Latency.P50}}, p90 {{call .Dur .S.Latency.P90}}, p99 {{call .Dur .S.Latency.P99}}, max {{call .Dur .S.Latency.Max}} over {{.S.Latency.Count}} calls.</p>
{{- range .Tables}}{{if .Rows}}
<h2>{{.Title}}</h2>
<table>
<tr><th>{{.Title}}</th><th>calls</th><th>allow</th><th>ask</th><th>deny</th><th>pass</th></tr>
{{- range .Rows}}
<tr><td>{{.Name}}</td><td>{{.Calls}}</td><td>{{.Allow}}</td><td>{{.Ask}}</td><td>{{.Deny}}</td><td>{{.Pass}}</td></tr>
{{- end}}
</table>
{{- end}}{{end}}
{{- with .S.Skipped}}
<h2>skipped lines</h2>
<ul>
{{- range .}}
<li>{{.File}}:{{.Line}}: {{.Msg}}</li>
{{- end}}
</ul>
{{- end}}
</body>
</html>
`))
})
