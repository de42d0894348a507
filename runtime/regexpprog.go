package runtime

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Table.Regexps holds the Patterns compiled ahead of time by hookc gen
// into the programs regexp/syntax compiles them to, encoded by
// CompileRegexps as one string: constant data without pointers, which the
// linker places in read-only memory and which costs nothing at start-up.
// A hook runs a program in place, without compiling or decoding it, by a
// backtracker with the semantics of regexp's (MatchString: a match
// anywhere), within the same bounds; beyond them the runtime compiles the
// pattern with regexp. TestRegexpProg checks the two against each other.
//
// The encoding, every number a little-endian uint32: first the offset of
// each pattern's program; then the programs, each its start instruction,
// its number of instructions, 1 if anchored at the start of the text, the
// length and bytes of the literal every match starts with, then its
// instructions, reInstSize bytes each (op, out, arg, the number of runes
// and the offset of the first), then the runes of all of them.

// reInstSize is the size of one encoded instruction.
const reInstSize = 17

// A regexpProg is one program of Table.Regexps, read in place.
type regexpProg struct {
	code   string // Table.Regexps
	at     int    // where instruction 0 starts in code
	n      int    // the number of instructions
	start  int
	anchor bool   // every match starts at the beginning of the text
	prefix string // a literal every match starts with (at the start of the text if anchor)
}

// le32 reads the little-endian uint32 at s[i:].
func le32(s string, i int) int {
	s = s[i : i+4] // one bounds check
	return int(uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24)
}

// regexpProg returns the program of Patterns[i]; ok is false when the
// table has none.
func (t *Table) regexpProg(i int) (p regexpProg, ok bool) {
	if t.Regexps == "" || i >= len(t.Patterns) {
		return regexpProg{}, false
	}
	c := t.Regexps
	o := le32(c, 4*i)
	p = regexpProg{code: c, start: le32(c, o), n: le32(c, o+4), anchor: c[o+8] == 1}
	pl := le32(c, o+9)
	p.prefix = c[o+13 : o+13+pl]
	p.at = o + 13 + pl
	return p, true
}

// inst returns instruction pc.
func (p *regexpProg) inst(pc int) (op syntax.InstOp, out, arg int, runes string) {
	o := p.at + pc*reInstSize
	c := p.code
	n, r := le32(c, o+9), le32(c, o+13)
	return syntax.InstOp(c[o]), le32(c, o+1), le32(c, o+5), c[r : r+4*n]
}

// CompileRegexps compiles each pattern as regexp.Compile does and encodes
// the programs for Table.Regexps.
func CompileRegexps(patterns []string) (string, error) {
	type compiled struct {
		prog   *syntax.Prog
		anchor bool
		prefix string
	}
	var progs []compiled
	for _, expr := range patterns {
		re, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			return "", err
		}
		sre := re.Simplify()
		prog, err := syntax.Compile(sre)
		if err != nil {
			return "", err
		}
		c := compiled{prog: prog, anchor: prog.StartCond()&syntax.EmptyBeginText != 0}
		c.prefix, _ = prog.Prefix()
		if c.prefix == "" && c.anchor {
			// ^literal...: every match starts the text with the literal
			if sre.Op == syntax.OpConcat && len(sre.Sub) >= 2 && sre.Sub[0].Op == syntax.OpBeginText &&
				sre.Sub[1].Op == syntax.OpLiteral && sre.Sub[1].Flags&syntax.FoldCase == 0 {
				if lit := string(sre.Sub[1].Rune); !strings.ContainsRune(lit, utf8.RuneError) {
					c.prefix = lit
				}
			}
		}
		progs = append(progs, c)
	}
	b := make([]byte, 4*len(progs))
	u32 := func(v int) { b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
	for i, c := range progs {
		o := len(b)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(o), byte(o>>8), byte(o>>16), byte(o>>24)
		u32(c.prog.Start)
		u32(len(c.prog.Inst))
		if c.anchor {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		u32(len(c.prefix))
		b = append(b, c.prefix...)
		runes := len(b) + len(c.prog.Inst)*reInstSize
		for _, in := range c.prog.Inst {
			b = append(b, byte(in.Op))
			u32(int(in.Out))
			u32(int(in.Arg))
			u32(len(in.Rune))
			u32(runes)
			runes += 4 * len(in.Rune)
		}
		for _, in := range c.prog.Inst {
			for _, r := range in.Rune {
				u32(int(r))
			}
		}
	}
	return string(b), nil
}

// The bounds of regexp's backtracker: a larger program or a longer text is
// matched by regexp itself.
const (
	maxBacktrackProg   = 500
	maxBacktrackVector = 256 * 1024
)

// match reports whether the program matches somewhere in s; ok is false
// when s is too long for the backtracker.
func (p *regexpProg) match(s string) (matched, ok bool) {
	if p.n > maxBacktrackProg || p.n*(len(s)+1) > maxBacktrackVector {
		return false, false
	}
	if p.prefix != "" && !(p.anchor && strings.HasPrefix(s, p.prefix) || !p.anchor && strings.Contains(s, p.prefix)) {
		return false, true
	}
	n := len(s) + 1
	var small [32]uint64
	var seen []uint64 // visited (instruction, position) pairs
	if words := (p.n*n + 63) / 64; words <= len(small) {
		seen = small[:words]
	} else {
		seen = make([]uint64, words)
	}
	var jobBuf [32]globJob
	jobs := jobBuf[:0]
	// Try a match from every position in turn (only the first for an
	// anchored program). A pair visited in an earlier try failed there and
	// fails again, so the tries share seen.
	for start := 0; start <= len(s); {
		jobs = append(jobs[:0], globJob{int32(p.start), int32(start)})
		for len(jobs) > 0 {
			j := jobs[len(jobs)-1]
			jobs = jobs[:len(jobs)-1]
			pc, pos := int(j.pc), int(j.pos)
		thread:
			for {
				k := pc*n + pos
				if seen[k>>6]&(1<<(k&63)) != 0 {
					break
				}
				seen[k>>6] |= 1 << (k & 63)
				op, out, arg, runes := p.inst(pc)
				switch op {
				case syntax.InstAlt, syntax.InstAltMatch:
					jobs = append(jobs, globJob{int32(arg), int32(pos)})
					pc = out
				case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAnyNotNL, syntax.InstRuneAny:
					r, w := reStep(s, pos)
					if !matchRune(op, arg, runes, r) {
						break thread
					}
					pc, pos = out, pos+w
				case syntax.InstCapture, syntax.InstNop:
					pc = out
				case syntax.InstEmptyWidth:
					if syntax.EmptyOp(arg)&^reContext(s, pos) != 0 {
						break thread
					}
					pc = out
				case syntax.InstMatch:
					return true, true
				default: // InstFail
					break thread
				}
			}
		}
		if p.anchor || start == len(s) {
			break
		}
		_, w := reStep(s, start)
		start += w
	}
	return false, true
}

// matchRune is the rune step of regexp's backtracker, syntax.Inst.MatchRune
// on an encoded instruction: runes holds its runes, four bytes each. r is
// -1 at the end of the text.
func matchRune(op syntax.InstOp, arg int, runes string, r rune) bool {
	switch op {
	case syntax.InstRune1:
		return r == rune(le32(runes, 0))
	case syntax.InstRuneAnyNotNL:
		return r != '\n' && r != -1
	case syntax.InstRuneAny:
		return r != -1
	}
	// InstRune
	if r < 0 {
		return false
	}
	if len(runes) == 4 {
		// a literal rune, perhaps folded
		r0 := rune(le32(runes, 0))
		if r == r0 {
			return true
		}
		if syntax.Flags(arg)&syntax.FoldCase != 0 {
			for r1 := unicode.SimpleFold(r0); r1 != r0; r1 = unicode.SimpleFold(r1) {
				if r == r1 {
					return true
				}
			}
		}
		return false
	}
	// sorted, disjoint ranges lo, hi: find the first whose hi >= r
	lo, hi := 0, len(runes)/8
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(le32(runes, 8*m+4)) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(runes)/8 && rune(le32(runes, 8*lo)) <= r
}

// reStep returns the rune at pos and its width, or -1 and 0 at the end,
// as regexp's inputString does.
func reStep(s string, pos int) (rune, int) {
	if pos < len(s) {
		c := s[pos]
		if c < utf8.RuneSelf {
			return rune(c), 1
		}
		return utf8.DecodeRuneInString(s[pos:])
	}
	return -1, 0
}

// reContext is regexp's inputString.context.
func reContext(s string, pos int) syntax.EmptyOp {
	r1, r2 := rune(-1), rune(-1)
	if uint(pos-1) < uint(len(s)) {
		r1 = rune(s[pos-1])
		if r1 >= utf8.RuneSelf {
			r1, _ = utf8.DecodeLastRuneInString(s[:pos])
		}
	}
	if uint(pos) < uint(len(s)) {
		r2 = rune(s[pos])
		if r2 >= utf8.RuneSelf {
			r2, _ = utf8.DecodeRuneInString(s[pos:])
		}
	}
	return syntax.EmptyOpContext(r1, r2)
}

// matchRe reports whether Patterns[i] matches somewhere in s: by its
// generated program when the table has one and s is within the
// backtracker's bounds, else by the pattern compiled with regexp.
func (t *Table) matchRe(i int, s string) bool {
	if p, ok := t.regexpProg(i); ok {
		if m, ok := p.match(s); ok {
			return m
		}
	}
	return t.regexp(i).MatchString(s)
}
