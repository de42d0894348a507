package runtime

import (
	"bytes"
	"slices"
	"strings"

	"hookc.dev/hookc/runtime/shell"
)

// GNU grep prints a line of a file only where one of its patterns
// matches it (without -v). A git directory's loose object is compressed,
// and one without a NUL near its head is read as text (binaryQuiet): grep
// -r prints its compressed bytes where a pattern happens to match them.
// A pattern that needs a run of bytes the file does not hold prints
// nothing of it, whatever the locale: so a file of the git directory that
// may hold a copy of another's content, and holds none of the runs every
// pattern needs, shows grep nothing (design.md 436).

// grepMissBytes bounds the file grepMisses reads whole; grepMissFiles the
// files it reads in one call.
const (
	grepMissBytes = 1 << 20
	grepMissFiles = 4096
)

// grepNeeds returns, for the GNU grep command c, the runs of bytes each
// of its patterns needs: a line it matches holds every run of one of
// them, ASCII letters lowered where fold is set. ok is false where that
// is not known: -v, patterns from a file, a pattern with an operator
// other than . ^ $ (a bracket, a repetition, an alternation, a
// backslash), one that needs no run, or a matcher the command does not
// settle. Under -i, i, k and s need no byte of their own (they match ı,
// K and ſ in a UTF-8 locale).
func grepNeeds(c *SimpleCommand, cmd *Command) (needs [][]string, fold, ok bool) {
	if !binaryQuiet(c) || cmd == nil {
		return nil, false, false
	}
	matcher := map[string]string{"egrep": "E", "fgrep": "F"}[c.Program.Text]
	for _, f := range c.Flags {
		m := ""
		switch f.Text {
		case "-v", "--invert-match", "-f", "--file":
			return nil, false, false
		case "-i", "-y", "--ignore-case":
			fold = true
		case "-E", "--extended-regexp":
			m = "E"
		case "-F", "--fixed-strings":
			m = "F"
		case "-G", "--basic-regexp":
			m = "G"
		case "-P", "--perl-regexp":
			m = "E" // no operator of ERE's is taken below, nor \ (?
		}
		if m != "" && matcher != "" && m != matcher {
			return nil, false, false
		}
		if m != "" {
			matcher = m
		}
	}
	values, operands, ok := shell.OptionValues(c.Words, cmd, "-e", "--regexp")
	if !ok {
		return nil, false, false
	}
	if len(values) == 0 {
		if len(operands) == 0 {
			return nil, false, false
		}
		values = operands[:1]
	}
	for _, v := range values {
		if v.Uncertain() {
			return nil, false, false
		}
		for p := range strings.SplitSeq(v.Text, "\n") {
			runs := patternRuns(p, matcher, fold)
			if len(runs) == 0 {
				return nil, false, false
			}
			needs = append(needs, runs)
		}
	}
	return needs, fold, true
}

// patternRuns returns the runs of bytes a line that the pattern p (of
// the matcher "F", "E" or basic) matches holds, none where that is not
// known.
func patternRuns(p, matcher string, fold bool) []string {
	specials := ".[\\*^$"
	switch matcher {
	case "F":
		specials = ""
	case "E":
		specials = ".[\\*^$()+?{}|"
	}
	if specials != "" {
		// An anchor at either end needs nothing.
		p = strings.TrimPrefix(p, "^")
		if strings.HasSuffix(p, "$") && !strings.HasSuffix(p, "\\$") {
			p = p[:len(p)-1]
		}
		for _, c := range []byte(p) {
			if c != '.' && strings.IndexByte(specials, c) >= 0 {
				return nil
			}
		}
	}
	wild := func(r rune) bool { return specials != "" && r == '.' }
	if fold {
		p = strings.ToLower(p)
		wild = func(r rune) bool { return specials != "" && r == '.' || r == 'i' || r == 'k' || r == 's' || r >= 0x80 }
	}
	return strings.FieldsFunc(p, wild)
}

// grepQuiet reports whether the command c, GNU grep reading binary files
// as such, prints no line of the file p: p is binary (binaryFile), or
// holds none of what its patterns need.
func (e *evaluator) grepQuiet(c *SimpleCommand, p string) bool {
	if !binaryQuiet(c) || e.grepOptions(c) {
		return false
	}
	if e.binaryFile(p) {
		return true
	}
	needs, fold, ok := grepNeeds(c, e.commandFor(c.Program.Text))
	return ok && e.grepMisses(p, needs, fold)
}

// headerQuiet reports whether the reader c prints nothing of the file p
// but a file header: p is empty, or c is ripgrep reading binary files as
// it does by default (not -a, --text, --binary, --null-data, -z, --pre,
// -E or -uuu) and p holds a NUL in its first 8 bytes (a pack's PACK\0,
// an index's \377tOc\0) and no byte-order mark: rg searches only what
// comes before the first NUL.
func (e *evaluator) headerQuiet(c *SimpleCommand, p string) bool {
	if e.env.FS == nil {
		return false
	}
	b, err := e.env.FS.ReadFile(p, 8)
	if err != nil {
		return false
	}
	if len(b) == 0 {
		return true
	}
	if c == nil || c.Knows != "" || c.Program.Text != "rg" || bytes.IndexByte(b, 0) < 0 {
		return false
	}
	// A byte-order mark makes rg transcode the file before it looks for
	// a NUL (UTF-16's NULs are gone then; round 43b).
	for _, bom := range []string{"\xff\xfe", "\xfe\xff", "\xef\xbb\xbf"} {
		if bytes.HasPrefix(b, []byte(bom)) {
			return false
		}
	}
	us := 0
	for _, f := range c.Flags {
		t := f.Text
		if f.Uncertain() {
			return false
		}
		if name, _, _ := strings.Cut(t, "="); strings.HasPrefix(t, "--") {
			switch name {
			case "--text", "--binary", "--null-data", "--pre", "--pre-glob", "--search-zip", "--encoding":
				return false
			case "--unrestricted":
				us++
			}
			continue
		}
		// A group of short options: -a, -z and -E (an encoding) read the
		// file as text or transcode it, three -u search binaries.
		for _, l := range t[1:] {
			switch l {
			case 'a', 'z', 'E':
				return false
			case 'u':
				us++
			}
		}
	}
	return us < 3
}

// grepOptions reports whether GREP_OPTIONS, on the line or in the
// environment, may give grep options the line does not show (grep before
// 3.6 read it; BSD grep may).
func (e *evaluator) grepOptions(c *SimpleCommand) bool {
	if slices.ContainsFunc(c.Assigns, func(a Word) bool { return a.Uncertain() || strings.HasPrefix(a.Text, "GREP_OPTIONS=") }) {
		return true
	}
	return e.env.Getenv != nil && e.env.Getenv("GREP_OPTIONS") != ""
}

// grepMisses reports whether grep, needing the runs of needs (grepNeeds),
// prints no line of the file p: for every pattern, p lacks one of its
// runs. p is read whole, within grepMissBytes and grepMissFiles.
func (e *evaluator) grepMisses(p string, needs [][]string, fold bool) bool {
	if e.env.FS == nil || e.grepRead >= grepMissFiles {
		return false
	}
	e.grepRead++
	b, err := e.env.FS.ReadFile(p, grepMissBytes+1)
	if err != nil || len(b) > grepMissBytes {
		return false
	}
	if fold {
		b = asciiLower(bytes.Clone(b))
	}
	for _, runs := range needs {
		if !slices.ContainsFunc(runs, func(r string) bool { return !bytes.Contains(b, []byte(r)) }) {
			return false
		}
	}
	return true
}

// asciiLower lowers the ASCII letters of b in place and returns it.
func asciiLower(b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}
