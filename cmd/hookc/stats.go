package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"hookc.dev/hookc/internal/stats"
)

func init() {
	docs["stats"] = doc{
		short: "summarise the hook's audit log",
		long: `
Stats reads audit logs, the JSON Lines a hook writes with one record per
decided call (design.md 43), and prints the calls, their decisions by
tool, by rule, by program and by agent, the rules that denied or asked
most, and the latency of the decisions (p50, p90, p99 and max, by the
nearest-rank method).

-json prints the same as one JSON object. -html file writes one
self-contained page with charts (inline SVG and style; no script, nothing
fetched from elsewhere). Lines that are not records (not JSON, another
format version, a last line cut short) are reported on stderr and skipped.

Exit status: 0, 1 a log cannot be read or the page cannot be written,
2 bad usage.
`,
	}
}

func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("stats", "[-json] [-html file] log ...", stderr)
	jsonOut := flags.Bool("json", false, "print the summary as JSON on stdout")
	htmlOut := flags.String("html", "", "write the summary as a self-contained HTML page with charts to `file`")
	logs, code, ok := parseFiles(flags, args, "audit logs to read", stderr)
	if !ok {
		return code
	}
	rd := stats.NewReader()
	for _, name := range logs {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "hookc stats: %v\n", err)
			return exitFailed
		}
		err = rd.Read(f, name)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "hookc stats: %s: %v\n", name, err)
			return exitFailed
		}
	}
	s := rd.Stats()
	for _, p := range s.Skipped {
		fmt.Fprintln(stderr, p)
	}
	if *htmlOut != "" {
		f, err := os.Create(*htmlOut)
		if err != nil {
			fmt.Fprintf(stderr, "hookc stats: %v\n", err)
			return exitFailed
		}
		werr := s.WriteHTML(f, "hookc audit")
		if err := f.Close(); werr == nil {
			werr = err
		}
		if werr != nil {
			fmt.Fprintf(stderr, "hookc stats: %v\n", werr)
			return exitFailed
		}
	}
	switch {
	case *jsonOut:
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "\t")
		enc.Encode(s)
	case *htmlOut == "":
		s.WriteText(stdout)
	}
	return exitOK
}
