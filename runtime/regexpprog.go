package runtime

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// A RegexpProg is a regular expression of Table.Patterns compiled ahead of
// time by hookc gen into the program regexp/syntax compiles it to, written
// as constant data: a hook runs it without compiling anything. It is run
// by a backtracker with the semantics of regexp's (MatchString: a match
// anywhere), within the same bounds; beyond them the runtime compiles the
// pattern with regexp. TestRegexpProg checks the two against each other.
type RegexpProg struct {
	Start  uint32
	Inst   []RegexpInst
	Prefix string // a literal every match starts with (at the start of the text if Anchor)
	Anchor bool   // every match starts at the beginning of the text
}

// A RegexpInst is a syntax.Inst.
type RegexpInst struct {
	Op    uint8 // syntax.InstOp
	Out   uint32
	Arg   uint32
	Runes []rune
}

// CompileRegexpProg compiles expr as regexp.Compile does.
func CompileRegexpProg(expr string) (RegexpProg, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return RegexpProg{}, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return RegexpProg{}, err
	}
	p := RegexpProg{Start: uint32(prog.Start), Anchor: prog.StartCond()&syntax.EmptyBeginText != 0}
	p.Prefix, _ = prog.Prefix()
	if p.Prefix == "" && p.Anchor {
		// ^literal...: every match starts the text with the literal
		if sre := re.Simplify(); sre.Op == syntax.OpConcat && len(sre.Sub) >= 2 && sre.Sub[0].Op == syntax.OpBeginText &&
			sre.Sub[1].Op == syntax.OpLiteral && sre.Sub[1].Flags&syntax.FoldCase == 0 {
			if lit := string(sre.Sub[1].Rune); !strings.ContainsRune(lit, utf8.RuneError) {
				p.Prefix = lit
			}
		}
	}
	for _, in := range prog.Inst {
		p.Inst = append(p.Inst, RegexpInst{Op: uint8(in.Op), Out: in.Out, Arg: in.Arg, Runes: in.Rune})
	}
	return p, nil
}

// CompileRegexpProgs compiles every pattern, for Table.Regexps.
func CompileRegexpProgs(patterns []string) ([]RegexpProg, error) {
	var out []RegexpProg
	for _, p := range patterns {
		rp, err := CompileRegexpProg(p)
		if err != nil {
			return nil, err
		}
		out = append(out, rp)
	}
	return out, nil
}

// The bounds of regexp's backtracker: a larger program or a longer text is
// matched by regexp itself.
const (
	maxBacktrackProg   = 500
	maxBacktrackVector = 256 * 1024
)

// match reports whether the program matches somewhere in s; ok is false
// when s is too long for the backtracker.
func (p *RegexpProg) match(s string) (matched, ok bool) {
	if len(p.Inst) > maxBacktrackProg || len(p.Inst)*(len(s)+1) > maxBacktrackVector {
		return false, false
	}
	if p.Prefix != "" && !(p.Anchor && strings.HasPrefix(s, p.Prefix) || !p.Anchor && strings.Contains(s, p.Prefix)) {
		return false, true
	}
	n := len(s) + 1
	var small [32]uint64
	var seen []uint64 // visited (instruction, position) pairs
	if words := (len(p.Inst)*n + 63) / 64; words <= len(small) {
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
		jobs = append(jobs[:0], globJob{int32(p.Start), int32(start)})
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
				in := &p.Inst[pc]
				switch syntax.InstOp(in.Op) {
				case syntax.InstAlt, syntax.InstAltMatch:
					jobs = append(jobs, globJob{int32(in.Arg), int32(pos)})
					pc = int(in.Out)
				case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAnyNotNL, syntax.InstRuneAny:
					r, w := reStep(s, pos)
					if !in.matchRune(r) {
						break thread
					}
					pc, pos = int(in.Out), pos+w
				case syntax.InstCapture, syntax.InstNop:
					pc = int(in.Out)
				case syntax.InstEmptyWidth:
					if syntax.EmptyOp(in.Arg)&^reContext(s, pos) != 0 {
						break thread
					}
					pc = int(in.Out)
				case syntax.InstMatch:
					return true, true
				default: // InstFail
					break thread
				}
			}
		}
		if p.Anchor || start == len(s) {
			break
		}
		_, w := reStep(s, start)
		start += w
	}
	return false, true
}

// matchRune is the rune step of regexp's backtracker; r is -1 at the end
// of the text.
func (in *RegexpInst) matchRune(r rune) bool {
	switch syntax.InstOp(in.Op) {
	case syntax.InstRune:
		si := syntax.Inst{Op: syntax.InstRune, Out: in.Out, Arg: in.Arg, Rune: in.Runes}
		return si.MatchRune(r)
	case syntax.InstRune1:
		return r == in.Runes[0]
	case syntax.InstRuneAnyNotNL:
		return r != '\n' && r != -1
	}
	return r != -1 // InstRuneAny
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
	if len(t.Regexps) == len(t.Patterns) {
		if m, ok := t.Regexps[i].match(s); ok {
			return m
		}
	}
	return t.regexp(i).MatchString(s)
}
