package vet

import (
	"fmt"
	"io"
	"maps"
	"slices"
)

// PrintChanges prints, as hookc diff does, the changes grouped by tool and program, one
// heading per group.
func PrintChanges(w io.Writer, changes []Change) {
	group := "\x00"
	for _, c := range changes {
		g := c.Tool
		if g == "" {
			g = "other tools"
		}
		if c.Program != "" {
			g += " " + c.Program
		}
		if g != group {
			fmt.Fprintf(w, "%s:\n", g)
			group = g
		}
		how := ""
		if c.Certainty != Definitely {
			how = " (" + c.Certainty + ")"
		}
		fmt.Fprintf(w, "\t%s -> %s%s\n", c.Before.Decision, c.After.Decision, how)
		fmt.Fprintf(w, "\t\tbefore: %s\n", deciderText(c.Before))
		fmt.Fprintf(w, "\t\tafter:  %s\n", deciderText(c.After))
		if len(c.Witness) > 0 {
			fmt.Fprintf(w, "\t\twitness: %s\n", c.Witness)
		} else {
			fmt.Fprintf(w, "\t\twitness: none could be built\n")
		}
		for _, k := range slices.Sorted(maps.Keys(c.Env)) {
			fmt.Fprintf(w, "\t\tenv: %s=%s\n", k, c.Env[k])
		}
		for _, f := range c.Files {
			fmt.Fprintf(w, "\t\tfile: %s\n", f)
		}
		if c.Note != "" {
			fmt.Fprintf(w, "\t\tnote: %s\n", c.Note)
		}
	}
}

// deciderText names the rule that decides, or the default.
func deciderText(d Decider) string {
	if d.Rule == "" && d.Pos == "" {
		return "default"
	}
	return fmt.Sprintf("%s: rule %q", d.Pos, d.Rule)
}
