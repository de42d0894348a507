package hookc_test

import (
	"strconv"
	"strings"
)

// sed's own parse (design.md 288): GNU sed --debug prints the program it
// parsed, one command a line. A script the guard allows for sed must
// hold only commands of the model (_sedScript in examples/guard): no a,
// i, c, e, r, R, w, W, no s flag e or w, nothing else sed knows.

// sedModelCmds are the commands the model's scripts may hold.
const sedModelCmds = "pPdDnNgGhHxz=lF{}qQ:btTsy"

// sedDebugCheck returns the number of commands in sed's --debug print
// out, and those outside the model.
func sedDebugCheck(out string) (n int, outside []string) {
	_, prog, ok := strings.Cut(out, "SED PROGRAM:\n")
	if !ok {
		return 0, nil
	}
	prog, _, _ = strings.Cut(prog, "\nINPUT:")
	for _, l := range strings.Split(prog, "\n") {
		l = strings.TrimLeft(l, " ")
		if l == "" {
			continue
		}
		n++
		cmd := sedSkipAddress(l)
		switch {
		case cmd == "" || !strings.ContainsRune(sedModelCmds, rune(cmd[0])):
			outside = append(outside, "sed parses the command "+strconv.Quote(l))
		case cmd[0] == 's':
			if f := sedSFlags(cmd); strings.ContainsAny(f, "we") {
				outside = append(outside, "sed parses the s flags "+strconv.Quote(f)+" in "+strconv.Quote(l))
			}
		}
	}
	return n, outside
}

// sedSkipAddress returns the command of a --debug line, after its
// addresses (numbers, $, first~step, /re/ and \cREc with flags, +N, ~N)
// and !.
func sedSkipAddress(l string) string {
	for i := 0; i < len(l); {
		c := l[i]
		switch {
		case c >= '0' && c <= '9' || c == '$' || c == '~' || c == '+' || c == ',' || c == '!' || c == ' ':
			i++
		case c == '/' || c == '\\' && i+1 < len(l):
			d := c
			if c == '\\' {
				i++
				d = l[i]
			}
			i = sedSkipBody(l, i+1, d)
			for i < len(l) && (l[i] == 'I' || l[i] == 'M') {
				i++
			}
		default:
			return l[i:]
		}
	}
	return ""
}

// sedSkipBody returns the index after the delimiter d that ends the body
// starting at i.
func sedSkipBody(l string, i int, d byte) int {
	for ; i < len(l); i++ {
		switch l[i] {
		case '\\':
			i++
		case d:
			return i + 1
		}
	}
	return len(l)
}

// sedSFlags returns the flags of an s command as --debug prints it.
func sedSFlags(cmd string) string {
	if len(cmd) < 2 {
		return ""
	}
	d := cmd[1]
	i := sedSkipBody(cmd, 2, d)
	i = sedSkipBody(cmd, i, d)
	return cmd[min(i, len(cmd)):]
}
