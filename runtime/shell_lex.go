package runtime

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
	errHeredocEnd     = errors.New("a here-document line that starts with its delimiter: bash may end the here-document there (in $( ), at the delimiter followed by ')'), the parser does not")
)

// lexDiffers reports the first construct of src that bash and the parser
// read differently, or nil. It is a scan of the source, not of the syntax
// tree, and errs on the side of reporting: a # or a carriage return
// inside quotes counts too.
func lexDiffers(src string) error {
	if strings.IndexByte(src, '\r') >= 0 {
		return errCarriageReturn
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

// heredocDiffers reports whether a line of the body of the here-document
// of r starts with its delimiter and goes on with more: bash ends a
// here-document inside $( ) at "EOF)", which the parser reads as a line of
// the body, and then runs what follows.
func heredocDiffers(r *syntax.Redirect, delim, src string) bool {
	if delim == "" || r.Hdoc == nil {
		return false
	}
	body := nodeText(r.Hdoc, src)
	for body != "" {
		line, rest, _ := strings.Cut(body, "\n")
		body = rest
		if r.Op == syntax.DashHdoc {
			line = strings.TrimLeft(line, "\t")
		}
		if len(line) > len(delim) && strings.HasPrefix(line, delim) {
			return true
		}
	}
	return false
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
