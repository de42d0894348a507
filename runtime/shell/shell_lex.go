package shell

import (
	"errors"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The parser (mvdan.cc/sh) and bash read a few lines differently. Where
// bash would run what the parser reads as text, the line takes the
// parse-error floor instead of being read the parser's way (design.md 70).
var (
	errCarriageReturn = errors.New("a carriage return: bash reads it as part of a word, where the parser may read a line break or a blank")
	errCommentEscape  = errors.New("a comment that ends in a backslash: bash ends it at the line break, the parser joins the next line to it")
	errDollarJoin     = errors.New("a $ followed by a line continuation: bash joins it to what follows ($( ), ${ }), the parser may not")
	errParenJoin      = errors.New("a ( followed by a line continuation and (: bash joins them into (( or $(( (arithmetic), the parser reads two parentheses")
	errBackquoteJoin  = errors.New("a line continuation inside backquotes: bash removes it before it reads the text, quotes or not, the parser does not")
	errMultibyte      = errors.New("a non-ASCII byte followed by one of @[\\]^`{|}~: where characters take several bytes (Shift_JIS, Big5, GBK locales), bash reads the two as one character, the parser reads the second as syntax")
	errHeredocEnd     = errors.New("a here-document whose body bash reads elsewhere: it ends at a delimiter line inside $( ), quotes or backquotes, at a delimiter joined by a line continuation, or at the delimiter followed by ')', and starts on the next line even after [[ ]] or, inside a substitution that closes on its line, before the others")
)

// lexDiffers reports the first construct of src that bash and the parser
// read differently, or nil. It is a scan of the source, not of the syntax
// tree, and errs on the side of reporting: a # or a carriage return
// inside quotes counts too.
func lexDiffers(src string) error {
	if strings.IndexByte(src, '\r') >= 0 {
		return errCarriageReturn
	}
	if multibyteJoin(src) {
		return errMultibyte
	}
	if strings.Contains(src, "$\\\n") {
		return errDollarJoin
	}
	if parenJoin(src) {
		return errParenJoin
	}
	if backquoteJoin(src) {
		return errBackquoteJoin
	}
	for i := strings.IndexByte(src, '#'); i >= 0; {
		if commentStart(src, i) {
			line := src[i:]
			if j := strings.IndexByte(line, '\n'); j >= 0 {
				line = line[:j]
			}
			if trailingBackslashes(line)%2 == 1 {
				return errCommentEscape
			}
		}
		j := strings.IndexByte(src[i+1:], '#')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return nil
}

// multibyteJoin reports whether a byte of src at or above 0x80 is followed
// by an ASCII byte the shell reads as syntax that a multibyte locale's
// characters can end in (0x40 to 0x7E: @[\]^`{|}~). In Shift_JIS, Big5 and
// GBK a lead byte takes the next byte into its character, so bash in such
// a locale reads `echo Ã\' '; cat .env #'` as echo, then cat .env, where
// the parser reads one echo (design.md 373). The guard cannot know the
// locale the client's shell runs in, so it reports the pair whatever the
// locale: such a pair is rare in an agent's lines.
func multibyteJoin(src string) bool {
	for i := 0; i+1 < len(src); i++ {
		if src[i] < 0x80 {
			continue
		}
		switch src[i+1] {
		case '@', '[', '\\', ']', '^', '`', '{', '|', '}', '~':
			return true
		}
	}
	return false
}

// backquoteJoin reports whether a line continuation may be inside
// backquotes in src: bash removes it there even between single quotes
// (echo `cat '.en\<newline>v'` reads .env). Any backquote not after a
// backslash opens or closes, whatever the quoting: it errs on reporting.
func backquoteJoin(src string) bool {
	if strings.IndexByte(src, '`') < 0 {
		return false
	}
	in := false
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if in && i+1 < len(src) && src[i+1] == '\n' {
				return true
			}
			i++
		case '`':
			in = !in
		}
	}
	return false
}

// commentStart reports whether the # at src[i] may start a comment: it
// starts a word.
func commentStart(src string, i int) bool {
	if i == 0 {
		return true
	}
	switch src[i-1] {
	case ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '`':
		return true
	}
	return false
}

// trailingBackslashes returns the number of backslashes that end s.
func trailingBackslashes(s string) int {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n
}

// heredocDiffers reports whether bash may end the body of the
// here-document of r somewhere else than the parser did (design.md 70,
// 126). It reads the body from the source as bash does: line by line, with
// line continuations joined when the delimiter is not quoted, up to the
// first line that is the delimiter. Where that is not the body the parser
// read (the parser went on across a delimiter line inside $( ), quotes or
// backquotes, or did not join a continuation), the line is read
// differently. A line that is the delimiter followed by ) counts too:
// inside $( ), bash ends the body at "EOF)" and "EOF )"; and, erring on
// reporting, the delimiter followed by blanks.
func heredocDiffers(r *syntax.Redirect, delim, src string) bool {
	if r.Word != nil && strings.Contains(nodeText(r.Word, src), "\\\n") {
		// bash joins the delimiter's lines; the parser may not.
		return true
	}
	if r.Word == nil {
		return true
	}
	if end := int(r.Word.End().Offset()); end <= len(src) {
		rest, _, _ := strings.Cut(src[end:], "\n")
		if strings.Contains(rest, "[[") {
			// The parser reads the body of a here-document one line
			// late when [[ follows it on its line.
			return true
		}
	}
	if r.Hdoc == nil || len(r.Hdoc.Parts) == 0 {
		return false
	}
	body := hdocBody(r, src)
	start := int(r.Hdoc.Parts[0].Pos().Offset())
	if body == "" {
		return true // positions the parser got wrong: err on reporting
	}
	dash := r.Op == syntax.DashHdoc
	join := !quotedHeredoc(r)
	for _, line := range strings.SplitAfter(body, "\n") {
		if dash {
			line = strings.TrimLeft(line, "\t")
		}
		if l, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), delim); ok && l != "" {
			if l = strings.TrimLeft(l, " \t"); l == "" || l[0] == ')' {
				return true
			}
		}
	}
	if join && strings.Contains(body, "\\\n") && strings.Contains(body, "<<") {
		// bash joins the lines of the whole body first, those of a
		// here-document nested in it too.
		return true
	}
	// Where bash ends the body.
	i := start
	for i < len(src) {
		j := i
		var line strings.Builder
		for {
			k := strings.IndexByte(src[j:], '\n')
			if k < 0 {
				line.WriteString(src[j:])
				j = len(src)
				break
			}
			part := src[j : j+k]
			j += k + 1
			if join && trailingBackslashes(part)%2 == 1 {
				line.WriteString(part[:len(part)-1])
				continue
			}
			line.WriteString(part)
			break
		}
		l := line.String()
		if dash {
			l = strings.TrimLeft(l, "\t")
		}
		if l == delim {
			break
		}
		i = j
	}
	return src[start:min(i, len(src))] != body
}

// substHeredoc reports whether the here-document of r is in a
// substitution that closes on its line: bash reads its body before those
// of the here-documents earlier on the line, the parser after them
// (design.md 126).
func substHeredoc(r *syntax.Redirect, c ctx) bool {
	if r.Word == nil {
		return false
	}
	end := int(r.Word.End().Offset())
	return c.substEnd > 0 && end <= c.substEnd && c.substEnd <= len(c.src) &&
		strings.IndexByte(c.src[end:c.substEnd], '\n') < 0
}

// hdocBody returns the source text of the body of the here-document of
// r, as the parser read it. (The parser's end positions of a body's text
// may run past it, and its values leave out line continuations; the start
// positions and value lengths hold.)
func hdocBody(r *syntax.Redirect, src string) string {
	parts := r.Hdoc.Parts
	start := int(parts[0].Pos().Offset())
	end := int(parts[len(parts)-1].End().Offset())
	if lit, ok := parts[len(parts)-1].(*syntax.Lit); ok {
		end = int(lit.Pos().Offset()) + len(lit.Value)
	}
	if start < 0 || end < start || end > len(src) {
		return ""
	}
	body := src[start:end]
	if r.Op == syntax.DashHdoc {
		// The tabs before the delimiter line end the last value.
		if i := strings.LastIndexByte(body, '\n'); strings.Trim(body[i+1:], "\t") == "" {
			body = body[:i+1]
		}
	}
	return body
}

// netRedir reports whether a redirection to w opens a network connection:
// bash itself opens /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT as sockets.
func netRedir(w Word) bool {
	if w.Dynamic {
		return false // a path only known when it runs: not allowed anyway
	}
	p := path.Clean(w.Text)
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}
