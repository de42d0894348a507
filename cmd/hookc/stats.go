package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"hookc.dev/hookc/internal/tools/stats"
)

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
