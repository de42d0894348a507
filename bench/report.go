package main

import (
	"fmt"
	"html"
	"math"
	goruntime "runtime"
	"slices"
	"strings"
	"time"
)

// median returns the median of xs (the mean of the middle two for an even
// count), or NaN for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// samples returns b's measurements of one kind ("wall" and "cpu" in ms,
// "rss" in bytes) for payload pi, or all payloads if pi is -1.
func (b *Binary) samples(pi int, what string) []float64 {
	var out []float64
	for i := range b.wall {
		if pi >= 0 && i != pi {
			continue
		}
		switch what {
		case "wall":
			for _, d := range b.wall[i] {
				out = append(out, ms(d))
			}
		case "cpu":
			for _, d := range b.cpu[i] {
				out = append(out, ms(d))
			}
		case "rss":
			for _, n := range b.rss[i] {
				out = append(out, float64(n))
			}
		}
	}
	return out
}

// ratios returns b's paired ratios to base: each round's time of b over
// the same round's time of base on the same payload.
func (b *Binary) ratios(base *Binary, pi int) []float64 {
	var out []float64
	for i := range b.wall {
		if pi >= 0 && i != pi {
			continue
		}
		for r := range b.wall[i] {
			out = append(out, float64(b.wall[i][r])/float64(base.wall[i][r]))
		}
	}
	return out
}

func (r *Report) floor() *Binary {
	for _, b := range r.Binaries {
		if b.Floor {
			return b
		}
	}
	return nil
}

func (r *Report) synthetic() []*Binary {
	var out []*Binary
	for _, b := range r.Binaries {
		if b.Synthetic {
			out = append(out, b)
		}
	}
	return out
}

func mib(n float64) string { return fmt.Sprintf("%.2f MiB", n/(1<<20)) }

// Markdown renders the report as a Markdown document.
func (r *Report) Markdown() string {
	var b strings.Builder
	r.intro(&b)
	r.wholeProcess(&b)
	r.perPayload(&b)
	r.building(&b)
	return b.String()
}

// intro writes the title and how the figures were made.
func (r *Report) intro(b *strings.Builder) {
	c := r.Config
	runs := 0
	for _, x := range r.Binaries {
		runs += len(x.samples(-1, "wall"))
	}
	b.WriteString("# Hook benchmark results\n\n")
	fmt.Fprintf(b, "Made by `go run ./bench` on %s, %s/%s, %d CPUs, %s. %d timed rounds after %d warm-up rounds; "+
		"each round runs every binary once on every payload, in a shuffled order, by fork/exec with the payload on stdin: "+
		"%d timed processes in %.0f s. Load average (1 min) %.2f before timing, %.2f after.\n\n",
		r.Start.UTC().Format("2006-01-02 15:04 UTC"), goruntime.GOOS, goruntime.GOARCH, goruntime.NumCPU(), r.Go,
		c.Rounds, c.Warmup, runs, r.Elapsed.Seconds(), r.Load[0][0], r.Load[1][0])
	fmt.Fprintf(b, "The floor is a static Go binary (`CGO_ENABLED=0 -trimpath -ldflags=-s -w`) that reads stdin and prints a fixed decision. "+
		"The paired ratio is the median over rounds and payloads of a binary's time over the floor's time in the same round on the same payload. "+
		"Every binary is rewritten after linking, and copied over itself every %d rounds, between rounds: the Go linker writes through mmap, which leaves the file cached in 4 KiB pages, a file written with write(2) or copied is cached in large folios, and the kernel splits those over time at its own pace; an exec of a file in 4 KiB pages is about 10%% slower, so without the copies a binary's time would depend on its history. "+
		"`floor + sh` is the floor with `mvdan.cc/sh/v3/syntax` imported and unused: the least any hook that parses shell with it pays, since the package's initialisation (its `fileutil` compiles two regular expressions) runs in every process. "+
		"Peak RSS is the process's `ru_maxrss`, from a separate pass of %d rounds in which each run is started with a real fork (see `bench/timer`).\n\n", refreshRounds, c.RSSRounds)
	if c.Nice != 0 {
		fmt.Fprintf(b, "The timer and the timed processes ran at nice %d.\n\n", c.Nice)
	}
	if r.VforkRSS {
		fmt.Fprintf(b, "**User namespaces are not available here, so the RSS pass used vfork: Linux then charges each process with the timer's own RSS (%s), and smaller peaks read as that.**\n\n", mib(float64(r.TimerRSS)))
	}
}

// wholeProcess writes the table of every binary over all payloads.
func (r *Report) wholeProcess(b *strings.Builder) {
	floor := r.floor()
	b.WriteString("## Whole process, all payloads\n\n")
	b.WriteString("| binary | rules | size | median wall | paired ratio to floor | median CPU | peak RSS (median / max) | RSS over floor |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	floorRSS := median(floor.samples(-1, "rss"))
	for _, x := range r.Binaries {
		rules := "–"
		if !x.Floor && !x.Reference {
			rules = fmt.Sprintf("%d", x.Rules)
		}
		ratio := median(x.ratios(floor, -1))
		rss := x.samples(-1, "rss")
		fmt.Fprintf(b, "| %s | %s | %s | %.3f ms | %.3f | %.3f ms | %s / %s | %+.2f MiB |\n",
			x.Name, rules, mib(float64(x.Size)), median(x.samples(-1, "wall")), ratio,
			median(x.samples(-1, "cpu")), mib(median(rss)), mib(slices.Max(rss)), (median(rss)-floorRSS)/(1<<20))
	}
	if syn := r.synthetic(); len(syn) >= 2 {
		small, large := syn[0], syn[len(syn)-1]
		fmt.Fprintf(b, "\n%s against %s, paired per round and payload: median ratio %.3f.\n",
			large.Name, small.Name, median(large.ratios(small, -1)))
	}
}

// perPayload writes the tables of times and decisions per payload, and the
// payloads.
func (r *Report) perPayload(b *strings.Builder) {
	floor := r.floor()
	b.WriteString("\n## Per payload: median wall time (paired ratio to floor)\n\n")
	b.WriteString("| binary |")
	for _, p := range r.Payloads {
		fmt.Fprintf(b, " %s |", p.Name)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(r.Payloads)) + "\n")
	for _, x := range r.Binaries {
		fmt.Fprintf(b, "| %s |", x.Name)
		for pi := range r.Payloads {
			fmt.Fprintf(b, " %.3f ms (%.3f) |", median(x.samples(pi, "wall")), median(x.ratios(floor, pi)))
		}
		b.WriteString("\n")
	}

	b.WriteString("\nDecisions printed:\n\n| binary |")
	for _, p := range r.Payloads {
		fmt.Fprintf(b, " %s |", p.Name)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(r.Payloads)) + "\n")
	for _, x := range r.Binaries {
		fmt.Fprintf(b, "| %s |", x.Name)
		for _, o := range x.out {
			fmt.Fprintf(b, " %s |", o)
		}
		b.WriteString("\n")
	}

	b.WriteString("\nPayloads (PreToolUse, `cwd` and `CLAUDE_PROJECT_DIR` a small project that exists):\n\n")
	for _, p := range r.Payloads {
		fmt.Fprintf(b, "- `%s`: %s (%d bytes of JSON)\n", p.Name, p.Desc, len(p.Data))
	}
}

// building writes the times of loading, linking and hookc itself.
func (r *Report) building(b *strings.Builder) {
	c := r.Config
	b.WriteString("\n## Building and testing\n\n")
	b.WriteString("| policy | rules | load (CUE) | link (`go build`, warm cache) |\n| --- | ---: | ---: | ---: |\n")
	for _, x := range r.Binaries {
		if x.Floor || x.Reference {
			continue
		}
		fmt.Fprintf(b, "| %s | %d | %.2f s | %.2f s |\n", x.Name, x.Rules, x.Load.Seconds(), x.Build.Seconds())
	}
	if r.HookcBuild > 0 {
		fmt.Fprintf(b, "\n`hookc build %s` (the built hookc binary, warm Go build cache, median of 3): %.2f s.\n", c.Guard, r.HookcBuild.Seconds())
	}
	if r.HookcTest > 0 {
		fmt.Fprintf(b, "\n`hookc test` of a synthetic policy with %d rules and %d tests (the built hookc binary, median of 3): %.2f s.\n",
			c.Tests, r.TestCount, r.HookcTest.Seconds())
	}
}

// SVG draws median wall time against policy size: one line per payload
// over the synthetic policies, with the floor and the guard as horizontal
// references.
func (r *Report) SVG() []byte {
	const (
		W, H                   = 760, 440
		left, right, top, bott = 70, 190, 40, 60
	)
	floor := r.floor()
	syn := r.synthetic()
	var guard *Binary
	for _, x := range r.Binaries {
		if !x.Floor && !x.Reference && !x.Synthetic {
			guard = x
		}
	}
	ytop, step := r.yScale()
	xmin, xmax := xRange(syn)
	px := func(n float64) float64 {
		return left + (math.Log10(n)-math.Log10(xmin))/(math.Log10(xmax)-math.Log10(xmin))*(W-left-right)
	}
	py := func(v float64) float64 { return top + (1-v/ytop)*(H-top-bott) }

	colors := []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", W, H, W, H)
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="white"/>`+"\n", W, H)
	fmt.Fprintf(&s, `<text x="%d" y="22" font-size="15" font-weight="bold">Hook latency against policy size (median wall time per call, whole process)</text>`+"\n", left)
	// grid and axes
	for v := 0.0; v <= ytop+1e-9; v += step {
		y := py(v)
		fmt.Fprintf(&s, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, W-right, y)
		fmt.Fprintf(&s, `<text x="%d" y="%.1f" text-anchor="end">%.1f ms</text>`+"\n", left-6, y+4, v)
	}
	for n := xmin; n <= xmax*1.0001; n *= 10 {
		x := px(n)
		fmt.Fprintf(&s, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x, top, x, H-bott)
		fmt.Fprintf(&s, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x, H-bott+18, commas(int(n)))
	}
	fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle">rules in the synthetic policy (log scale)</text>`+"\n", (left+W-right)/2, H-bott+40)
	fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, H-bott, W-right, H-bott)
	fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, H-bott)

	legend := 0
	addLegend := func(color, dash, label string) {
		y := top + 10 + legend*20
		fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>`+"\n", W-right+12, y, W-right+40, y, color, dash)
		fmt.Fprintf(&s, `<text x="%d" y="%d">%s</text>`+"\n", W-right+46, y+4, html.EscapeString(label))
		legend++
	}
	hline := func(v float64, color, dash, label string) {
		y := py(v)
		fmt.Fprintf(&s, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>`+"\n", left, y, W-right, y, color, dash)
		addLegend(color, dash, label)
	}
	hline(median(floor.samples(-1, "wall")), "black", "6 4", fmt.Sprintf("floor %.2f ms", median(floor.samples(-1, "wall"))))
	if guard != nil {
		hline(median(guard.samples(-1, "wall")), "#7f7f7f", "2 3", fmt.Sprintf("guard %.2f ms", median(guard.samples(-1, "wall"))))
	}
	for pi, p := range r.Payloads {
		color := colors[pi%len(colors)]
		var pts []string
		for _, x := range syn {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(float64(x.Rules)), py(median(x.samples(pi, "wall")))))
		}
		if len(pts) > 0 {
			fmt.Fprintf(&s, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", color, strings.Join(pts, " "))
			for _, pt := range pts {
				xy := strings.Split(pt, ",")
				fmt.Fprintf(&s, `<circle cx="%s" cy="%s" r="3" fill="%s"/>`+"\n", xy[0], xy[1], color)
			}
		}
		addLegend(color, "none", p.Name)
	}
	s.WriteString("</svg>\n")
	return []byte(s.String())
}

// yScale returns the top of the SVG's time axis, above every median, and
// the step of its grid.
func (r *Report) yScale() (ytop, step float64) {
	ymax := median(r.floor().samples(-1, "wall"))
	for _, x := range r.Binaries {
		for pi := range r.Payloads {
			ymax = max(ymax, median(x.samples(pi, "wall")))
		}
	}
	step = 0.5
	for ymax*1.1/step > 8 {
		step *= 2
	}
	return math.Ceil(ymax*1.1/step) * step, step
}

// xRange returns the powers of ten around the sizes of the synthetic
// policies syn, sorted by size.
func xRange(syn []*Binary) (xmin, xmax float64) {
	xmin, xmax = 10.0, 10000.0
	if len(syn) > 0 {
		xmin = math.Pow(10, math.Floor(math.Log10(float64(syn[0].Rules))))
		xmax = math.Pow(10, math.Ceil(math.Log10(float64(syn[len(syn)-1].Rules))))
		if xmax <= xmin {
			xmax = xmin * 10
		}
	}
	return xmin, xmax
}

// commas writes n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
