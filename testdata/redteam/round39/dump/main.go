package main

import (
	"fmt"
	"hookc.dev/hookc/runtime/commands"
	"os"
)

func pr(prefix string, c *commands.Command) {
	e := c.Expanded()
	for _, o := range commands.DecodeOpts(e.Opts) {
		fmt.Printf("%s\t%s\t%c\tabbrev=%v nosplit=%v fold=%v sg=%q strict=%v\n", prefix, o.Name, o.Kind, e.Abbrev, e.NoSplit, e.FoldOpts, e.ShortGroups, e.Strict)
	}
	for i := range e.Subs {
		s := e.Subs[i]
		pr(prefix+" "+s.Name, &s)
	}
}

func main() {
	for _, n := range os.Args[1:] {
		c := commands.Base(n)
		if c == nil {
			fmt.Fprintln(os.Stderr, "none", n)
			continue
		}
		pr(n, c)
	}
}
