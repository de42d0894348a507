package shell

import (
	"bytes"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceFields bounds the words one brace expansion may give; a word
// that gives more stays one only known when it runs ({a,b} twenty times
// over is a million words).
const maxBraceFields = 64

// maxBraceOpen bounds the { of a word that braceOpening reads: a word with
// more stays only known when it runs.
const maxBraceOpen = 64

// A field is one word a brace expansion gives: its value and, byte for
// byte, whether each byte is quoted (and so never special).
type field struct{ buf, quo []byte }

// fields appends to dst the words w gives as an argument of a command or
// a loop: one, or for a brace expansion each word bash expands it to,
// in bash's order (design.md 434). Brace expansion comes before every
// other expansion, so each field is then globbed on its own.
func (e *extractor) fields(dst []Word, w *syntax.Word, src string) []Word {
	v := e.word(w, src, argWord)
	if !e.braced {
		return append(dst, v)
	}
	e.braced = false
	if emptyQuotes(w) {
		return append(dst, v) // see hasBraceExp
	}
	fs, ok := braceFields(e.buf, e.quo)
	if !ok {
		return append(dst, v)
	}
	for _, f := range fs {
		dst = append(dst, fieldWord(f))
	}
	return dst
}

// emptyQuotes reports whether w holds an empty quoted string.
func emptyQuotes(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Value == "" {
				return true
			}
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				return true
			}
		}
	}
	return false
}

// fieldWord returns the word of one field of a brace expansion.
func fieldWord(f field) Word {
	pat := make([]byte, len(f.buf))
	for i, c := range f.buf {
		if f.quo[i] == 0 {
			pat[i] = c
		}
	}
	v := Word{Text: string(f.buf), Glob: hasGlob(pat), Braced: true}
	if v.Glob {
		v.Pat = globPat(f.buf, f.quo)
	}
	if f.buf[0] == '~' && f.quo[0] != 0 {
		// A quoted ~ is a file named so, as in word.
		v.Text = "./" + v.Text
	}
	return v
}

// braceFields returns the fields bash's brace expansion makes of the word
// whose value is buf and whose quoted bytes quo marks, and reports whether
// the model covers it: every field not empty (bash drops an empty one
// unless quoted, which buf cannot tell), no unquoted tilde but the
// word's own first one (~/x, $HOME/x: an unquoted ~ first in buf is only
// ever that; bash would expand ~ at the start of a field, and after = in
// some), a sequence of plain numbers or letters only, at most
// maxBraceFields fields.
func braceFields(buf, quo []byte) ([]field, bool) {
	if len(quo) != len(buf) {
		return nil, false
	}
	for i, c := range buf {
		// An unquoted ~ first is the word's own (~/x, $HOME/x).
		if c == '~' && quo[i] == 0 && i > 0 || c == '$' {
			return nil, false
		}
	}
	out, ok := braceExpand(field{buf, quo})
	if !ok {
		return nil, false
	}
	for _, f := range out {
		if len(f.buf) == 0 {
			return nil, false
		}
	}
	return out, true
}

// braceExpand returns the fields of the text f as bash's brace_expand
// makes them: the first unquoted { that opens an expansion splits f into
// what comes before it, its alternatives (each expanded in turn, or the
// terms of a sequence) and what comes after it (expanded in turn), and
// the fields are every choice of the three, in order.
func braceExpand(f field) ([]field, bool) {
	i, end, seq, ok := braceOpening(f)
	if !ok {
		return nil, false
	}
	if i < 0 {
		return []field{f}, true
	}
	var alts []field
	if seq {
		alts, ok = braceSequence(f.buf[i+1 : end])
		if !ok {
			return nil, false
		}
	} else {
		for _, p := range braceSplit(field{f.buf[i+1 : end], f.quo[i+1 : end]}) {
			fs, ok := braceExpand(p)
			if !ok {
				return nil, false
			}
			alts = append(alts, fs...)
		}
	}
	post, ok := braceExpand(field{f.buf[end+1:], f.quo[end+1:]})
	if !ok || len(alts)*len(post) > maxBraceFields {
		return nil, false
	}
	out := make([]field, 0, len(alts)*len(post))
	for _, a := range alts {
		for _, p := range post {
			out = append(out, field{
				buf: concat(f.buf[:i], a.buf, p.buf),
				quo: concat(f.quo[:i], a.quo, p.quo),
			})
		}
	}
	return out, true
}

// braceOpening returns the index of the { that opens f's first brace
// expansion (-1 if none) and of the } that closes it, and whether it is a
// sequence. bash takes the first unquoted { whose closing } it finds: the
// first unquoted } at its own level once an unquoted comma or .. has come
// at that level (checked against bash 5.2, and bash 5.3's braces.c). A {
// that has none is a character, and the search goes on after it. ok is
// false where the model does not cover the word: {} after a blank, which
// bash skips if the blank is escaped but not if it is quoted, or a
// sequence other than a plain one (plainSeq), which bash versions read
// differently.
func braceOpening(f field) (open, end int, seq, ok bool) {
	if bytes.Count(f.buf, []byte{'{'}) > maxBraceOpen {
		return 0, 0, false, false // each { scans on: bounded work
	}
	for i := range f.buf {
		if f.buf[i] != '{' || f.quo[i] != 0 {
			continue
		}
		if i+1 < len(f.buf) && f.buf[i+1] == '}' && f.quo[i+1] == 0 {
			// bash skips {} at the start of its text or after a blank
			// (as find's {}): a blank in buf may have been quoted
			// (no blank before it in the raw text) or escaped (one).
			if i == 0 {
				continue
			}
			if isBlank(f.buf[i-1]) {
				return 0, 0, false, false
			}
		}
		end, seq := braceClose(f, i)
		if end < 0 {
			continue
		}
		if !seq {
			return i, end, false, true
		}
		if !plainSeq(f.buf[i+1:end], f.quo[i+1:end]) {
			// bash 5.2 keeps the whole text as it is, or expands
			// braces inside it without the outer ones; 5.3 skips the
			// { and goes on: which is not known.
			return 0, 0, false, false
		}
		return i, end, true, true
	}
	return -1, 0, false, true
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// braceClose returns the index of the } that closes the { at f.buf[i],
// or -1, and whether the group is a sequence (a .. and no comma at its
// level).
func braceClose(f field, i int) (end int, seq bool) {
	level, seps, comma := 0, 0, false
	for j := i + 1; j < len(f.buf); j++ {
		if f.quo[j] != 0 {
			continue
		}
		c := f.buf[j]
		switch {
		case c == '}' && level == 0 && seps > 0:
			return j, !comma
		case c == '{':
			level++
		case c == '}' && level > 0:
			level--
		case c == ',' && level == 0:
			comma = true
			seps++
		case c == '.' && level == 0 && !comma && seps == 0 && j+1 < len(f.buf) && f.buf[j+1] == '.' && f.quo[j+1] == 0 &&
			!(j+2 < len(f.buf) && f.buf[j+2] == '}' && f.quo[j+2] == 0):
			seps++
		}
	}
	return -1, false
}

// braceSplit splits the inside of braces at the unquoted commas at its
// own level.
func braceSplit(f field) []field {
	var out []field
	level, start := 0, 0
	for j := range f.buf {
		if f.quo[j] != 0 {
			continue
		}
		switch c := f.buf[j]; {
		case c == ',' && level == 0:
			out = append(out, field{f.buf[start:j], f.quo[start:j]})
			start = j + 1
		case c == '{':
			level++
		case c == '}' && level > 0:
			level--
		}
	}
	return append(out, field{f.buf[start:], f.quo[start:]})
}

// plainSeq reports whether b, the inside of braces, whose quoted bytes q
// marks, is a sequence every bash expands alike: two integers without
// sign or leading zero (bash pads to the widest) or two letters of one
// case (bash walks the characters between two cases), and an optional
// increment, a positive integer without sign or leading zero.
func plainSeq(b, q []byte) bool {
	for _, c := range q {
		if c != 0 {
			return false
		}
	}
	x, rest, _ := strings.Cut(string(b), "..")
	y, incr, hasIncr := strings.Cut(rest, "..")
	if hasIncr && (!plainInt(incr) || incr == "0") {
		return false
	}
	return plainInt(x) && plainInt(y) ||
		len(x) == 1 && len(y) == 1 && (isLower(x[0]) && isLower(y[0]) || isUpper(x[0]) && isUpper(y[0]))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// braceSequence returns the terms of the plain sequence b (plainSeq).
func braceSequence(b []byte) ([]field, bool) {
	x, rest, _ := strings.Cut(string(b), "..")
	y, incr, hasIncr := strings.Cut(rest, "..")
	step := 1
	if hasIncr {
		step, _ = strconv.Atoi(incr)
	}
	letters := !isDigit(x[0])
	lo, hi := int(x[0]), int(y[0])
	if !letters {
		lo, _ = strconv.Atoi(x)
		hi, _ = strconv.Atoi(y)
	}
	dir := 1
	if hi < lo {
		dir = -1
	}
	var fs []field
	for v := lo; (v-hi)*dir <= 0; v += dir * step {
		if len(fs) >= maxBraceFields {
			return nil, false
		}
		s := strconv.Itoa(v)
		if letters {
			s = string(rune(v))
		}
		fs = append(fs, field{[]byte(s), make([]byte, len(s))})
	}
	return fs, true
}

// plainInt reports whether s is a decimal integer without sign or leading
// zero, small enough to count with.
func plainInt(s string) bool {
	if len(s) == 0 || len(s) > 6 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// concat returns a new slice holding a, b and c.
func concat(a, b, c []byte) []byte {
	out := make([]byte, 0, len(a)+len(b)+len(c))
	return append(append(append(out, a...), b...), c...)
}
