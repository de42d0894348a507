package shell

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"hookc.dev/hookc/runtime/payload"

	"mvdan.cc/sh/v3/syntax"
)

// wordMode says which expansions the shell applies to a word.
type wordMode uint8

const (
	argWord    wordMode = iota // an argument: brace expansion and globbing apply
	quotedWord                 // an assignment value or here-string: neither applies
)

// word returns the value of w, whose source is src, after quote removal.
//
// The value is dynamic if it holds an expansion other than a leading $HOME,
// a tilde prefix other than ~, or a brace expansion giving several words.
// $HOME at the start of a word becomes ~, which the evaluator resolves as
// it does a leading ~.
//
// To find brace expansions and pattern characters, word builds in e.pat a
// copy of the word where every character that is quoted or escaped is a
// zero byte: only the others are special to the shell.
func (e *extractor) word(w *syntax.Word, src string, mode wordMode) Word {
	e.braced = false
	if w == nil || len(w.Parts) == 0 {
		return Word{}
	}
	if v, ok := e.loopWord(w, src); ok {
		return v
	}
	e.wordSrc, e.zshModified = src, len(e.loops) > 0 && zshModifies(w.Parts)
	if len(w.Parts) == 1 {
		// Most words are a plain literal: no buffers, no copies.
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if plainLit(p.Value) {
				return Word{Text: p.Value}
			}
		case *syntax.SglQuoted:
			if !p.Dollar && !strings.HasPrefix(p.Value, "~") {
				return Word{Text: p.Value}
			}
		}
	}
	e.buf, e.pat, e.quo = e.buf[:0], e.pat[:0], e.quo[:0]
	dynamic, home, tilde := false, false, false
	if lit, ok := w.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
		tilde = true
		// The tilde prefix runs to the first slash. Only ~ alone is the
		// hook's home; ~user, ~+ and a prefix that goes on into quoted
		// text (~"x", which stays as written) are not known.
		prefix, _, slash := strings.Cut(lit.Value, "/")
		dynamic = prefix != "~" || (!slash && len(w.Parts) > 1)
	}
	for _, p := range w.Parts {
		if dynamic {
			break
		}
		dynamic = e.part(p, false, &home)
	}
	if !dynamic && home && len(e.buf) > 1 && e.buf[1] != '/' {
		dynamic = true // ${HOME}x is not a path under the home
	}
	if !dynamic && mode == argWord && !tilde && !home && tildeAfterAssign(e.buf, e.quo) {
		// a=~/x: bash expands the ~ (design.md 434).
		return Word{Text: string(e.buf), Dynamic: true, AssignTilde: true}
	}
	if !dynamic && mode == argWord && e.hasBraceExp(w) {
		// One word here; fields expands it where a command's words are
		// read.
		dynamic = true
		e.braced = true
	}
	if dynamic {
		_, pipe := w.Parts[0].(*syntax.ProcSubst)
		return Word{Text: nodeText(w, src), Dynamic: true, Pipe: pipe && len(w.Parts) == 1}
	}
	if !tilde && !home && len(e.buf) > 0 && e.buf[0] == '~' {
		// A quoted or escaped ~ ("~", \~) is a file named ~, not the
		// home directory that a Text starting with ~ stands for.
		v := Word{Text: "./" + string(e.buf), Glob: mode == argWord && hasGlob(e.pat)}
		if v.Glob {
			v.Pat = e.globPat() // starts with \~: not the home
		}
		return v
	}
	v := Word{Text: string(e.buf), Glob: mode == argWord && hasGlob(e.pat)}
	if v.Glob {
		v.Pat = e.globPat()
	}
	return v
}

// globPat returns the pattern the shell matches file names against for the
// word in e.buf: its value with a backslash before each quoted or escaped
// character that is not a letter or digit, as Bash quotes them for
// globbing, so that "*" and \[ match themselves (design.md 120).
func (e *extractor) globPat() string {
	return globPat(e.buf, e.quo)
}

// globPat returns the pattern of the word buf whose quoted bytes quo
// marks: see the method.
func globPat(buf, quo []byte) string {
	var b strings.Builder
	for i, c := range buf {
		if i < len(quo) && quo[i] != 0 && c < utf8.RuneSelf &&
			!('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// quoted marks the bytes of e.buf past those e.quo covers as quoted (q 1)
// or not (q 0).
func (e *extractor) quoted(q byte) {
	for len(e.quo) < len(e.buf) {
		e.quo = append(e.quo, q)
	}
}

// plainLit reports whether v, an unquoted literal, is its own value: no
// escapes, tilde, braces, pattern characters or $.
func plainLit(v string) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\', '~', '{', '*', '?', '[', '$':
			return false
		}
	}
	return true
}

// hasDollar reports whether the literal v holds a $ that no backslash
// escapes. Bash keeps a $ that starts no expansion ($=x, $~x) as it is;
// zsh expands $=x, $~x, $^x and $+x: the value is not known.
func hasDollar(v string) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '$':
			return true
		}
	}
	return false
}

// part appends the value of p to e.buf, and its special characters to e.pat.
// quoted says p is inside double quotes. It reports whether p is dynamic;
// home is set when p is a $HOME that starts the word.
func (e *extractor) part(p syntax.WordPart, quoted bool, home *bool) (dynamic bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		if hasDollar(p.Value) {
			return true
		}
		if quoted {
			e.buf = appendUnescaped(e.buf, p.Value, "$`\"\\\n")
			e.pat = append(e.pat, 0)
			e.quoted(1)
			break
		}
		v := p.Value
		for i := 0; i < len(v); i++ {
			c := v[i]
			if c != '\\' || i+1 == len(v) {
				e.buf = append(e.buf, c)
				e.pat = append(e.pat, c)
				e.quo = append(e.quo, 0)
				continue
			}
			i++
			if v[i] != '\n' { // a line continuation is nothing
				e.buf = append(e.buf, v[i])
				e.pat = append(e.pat, 0)
				e.quo = append(e.quo, 1)
			}
		}
	case *syntax.SglQuoted:
		if p.Dollar {
			if ansiCLocale(p.Value) {
				// Its value depends on the locale (design.md 286).
				return true
			}
			e.buf = appendANSIC(e.buf, p.Value)
		} else {
			e.buf = append(e.buf, p.Value...)
		}
		e.pat = append(e.pat, 0)
		e.quoted(1)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if e.part(q, true, home) {
				return true
			}
		}
		e.pat = append(e.pat, 0)
	case *syntax.ParamExp:
		if v, ok := e.loopPart(p, quoted); ok {
			e.buf = append(e.buf, v...)
			e.pat = append(e.pat, 0)
			e.quoted(1)
			break
		}
		if !isHome(p) || len(e.buf) > 0 {
			return true
		}
		*home = true
		e.buf = append(e.buf, '~')
		e.pat = append(e.pat, 0)
		e.quoted(0)
	default:
		// Command, process and arithmetic substitutions, extended
		// globs, and whatever else a word may hold.
		return true
	}
	return false
}

// isHome reports whether p is $HOME or ${HOME}.
func isHome(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "HOME" && isSimple(p)
}

// appendUnescaped appends v to dst, removing the backslash before each
// character in escapable; a backslash before a newline removes both.
func appendUnescaped(dst []byte, v, escapable string) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) && strings.IndexByte(escapable, v[i+1]) >= 0 {
			i++
			c = v[i]
			if c == '\n' {
				continue
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// ansiCLocale reports whether the body s of a $'...' string holds a \u or
// \U escape of a character outside ASCII: Bash writes it in the locale's
// character set, or as the escape itself (\u00E9) where the locale has
// none (the C locale), so its value is only known when it runs
// (design.md 286).
func ansiCLocale(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		i++
		if s[i] != 'u' && s[i] != 'U' {
			continue
		}
		n := 0
		for j := i + 1; j < len(s) && j <= i+8 && (s[i] == 'U' || j <= i+4) && payload.HexDigit(s[j]) >= 0; j++ {
			n = n*16 + int(payload.HexDigit(s[j]))
		}
		if n >= 0x80 {
			return true
		}
	}
	return false
}

// appendANSIC appends to dst the value of the body s of a $'...' string,
// decoding its backslash escapes as Bash does. A NUL byte ends the value.
func appendANSIC(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			dst = append(dst, c)
			continue
		}
		i++
		c = s[i]
		switch c {
		case 'a':
			c = '\a'
		case 'b':
			c = '\b'
		case 'e', 'E':
			c = 0x1b
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'v':
			c = '\v'
		case '\\', '\'', '"', '?':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// One to three octal digits.
			n := 0
			j := i
			for ; j < len(s) && j < i+3 && '0' <= s[j] && s[j] <= '7'; j++ {
				n = n*8 + int(s[j]-'0')
			}
			i = j - 1
			c = byte(n)
		case 'x', 'u', 'U':
			if c == 'x' && i+1 < len(s) && s[i+1] == '{' {
				// \x{HH...}: every hex digit, the low byte kept, then
				// an optional } (bash 5.2's ansicstr; round 30). No
				// digits is a NUL, which ends the word.
				n, j := 0, i+2
				for ; j < len(s) && payload.HexDigit(s[j]) >= 0; j++ {
					n = (n*16 + int(payload.HexDigit(s[j]))) & 0xff
				}
				if j < len(s) && s[j] == '}' {
					j++
				}
				i = j - 1
				if n == 0 {
					return dst
				}
				dst = append(dst, byte(n))
				continue
			}
			// One or two hex digits, up to four, up to eight.
			digits := 2
			if c == 'u' {
				digits = 4
			} else if c == 'U' {
				digits = 8
			}
			n, j := 0, i+1
			for ; j < len(s) && j <= i+digits && payload.HexDigit(s[j]) >= 0; j++ {
				n = n*16 + int(payload.HexDigit(s[j]))
			}
			if j == i+1 {
				dst = append(dst, '\\', c) // no digits: kept as written
				continue
			}
			i = j - 1
			if c == 'x' {
				c = byte(n)
				break
			}
			if n == 0 {
				return dst
			}
			dst = utf8.AppendRune(dst, rune(n))
			continue
		case 'c':
			// A control character: \cA is 1, \c? is DEL.
			if i+1 == len(s) {
				dst = append(dst, '\\', c)
				continue
			}
			i++
			if s[i] == '?' {
				c = 0x7f
			} else {
				c = s[i] & 0x1f
			}
		default:
			dst = append(dst, '\\', c)
			continue
		}
		if c == 0 {
			return dst
		}
		dst = append(dst, c)
	}
	return dst
}

// tildeAfterAssign reports whether the word buf, whose quoted bytes quo
// marks, looks like an assignment (an unquoted name, then =) with an
// unquoted ~ right after the = or after an unquoted colon in the value:
// bash expands that tilde in an argument too (a=~/x, PATH=x:~/bin),
// unless in POSIX mode.
func tildeAfterAssign(buf, quo []byte) bool {
	if bytes.IndexByte(buf, '~') < 0 {
		return false
	}
	if len(quo) != len(buf) {
		return bytes.IndexByte(buf, '~') >= 0
	}
	eq := assignPrefix(buf, quo)
	if eq < 0 {
		return false
	}
	for j := eq + 1; j < len(buf); j++ {
		if buf[j] == '~' && quo[j] == 0 && (j == eq+1 || buf[j-1] == ':' && quo[j-1] == 0) {
			return true
		}
	}
	return false
}

// assignPrefix returns the index of the = that ends buf's unquoted
// assignment prefix (NAME=, NAME+=, NAME[...]=), or -1.
func assignPrefix(buf, quo []byte) int {
	if len(buf) == 0 || !(isLetter(buf[0]) || buf[0] == '_') {
		return -1
	}
	i := 1
	for i < len(buf) && quo[i] == 0 && (isLetter(buf[i]) || isDigit(buf[i]) || buf[i] == '_') {
		i++
	}
	if i < len(buf) && buf[i] == '[' && quo[i] == 0 {
		k := bytes.IndexByte(buf[i:], ']')
		if k < 0 || bytes.ContainsAny(buf[i:i+k], "=") {
			return -1
		}
		for _, q := range quo[i : i+k+1] {
			if q != 0 {
				return -1
			}
		}
		i += k + 1
	}
	if i < len(buf) && buf[i] == '+' && quo[i] == 0 {
		i++
	}
	if i < len(buf) && buf[i] == '=' && quo[i] == 0 {
		return i
	}
	return -1
}

// hasBraceExp reports whether the word w, whose value and quoted bytes
// are in e.buf and e.quo, holds a brace expansion as bash finds one
// (braceOpening), or one the model cannot rule out: an empty quoted
// string (two single or two double quotes) joins in e.buf what bash's raw
// text keeps apart.
func (e *extractor) hasBraceExp(w *syntax.Word) bool {
	if bytes.IndexByte(e.pat, '{') < 0 {
		return false
	}
	if emptyQuotes(w) || len(e.quo) != len(e.buf) {
		return true
	}
	i, _, _, ok := braceOpening(field{e.buf, e.quo})
	return !ok || i >= 0
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isInt reports whether b is a decimal integer with an optional sign.
func isInt[T string | []byte](b T) bool {
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	if len(b) == 0 {
		return false
	}
	for i := 0; i < len(b); i++ {
		if b[i] < '0' || b[i] > '9' {
			return false
		}
	}
	return true
}

// hasGlob reports whether pat, the special characters of a word, holds a
// pattern: * or ?, or [ with a later ]. An unmatched [ (as in the program
// [) is a literal.
func hasGlob(pat []byte) bool {
	open := false
	for _, c := range pat {
		switch c {
		case '*', '?':
			return true
		case '[':
			open = true
		case ']':
			if open {
				return true
			}
		}
	}
	return false
}

// assign returns the assignment a as one word, NAME=value.
func (e *extractor) assign(a *syntax.Assign, src string) Word {
	if a.Name == nil {
		return e.word(a.Value, src, argWord)
	}
	if a.Index != nil || a.Array != nil {
		// a[i]=x and a=(x y): as written, and unknown if any part is.
		dynamic := false
		syntax.Walk(a, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Word:
				if n != nil && len(n.Parts) > 0 && e.word(n, src, quotedWord).Dynamic {
					dynamic = true
				}
				return false
			case *syntax.CmdSubst, *syntax.ParamExp, *syntax.ArithmExp, *syntax.ProcSubst:
				dynamic = true
				return false
			}
			return !dynamic
		})
		return Word{Text: nodeText(a, src), Dynamic: dynamic}
	}
	op := "="
	if a.Append {
		op = "+="
	}
	v := e.word(a.Value, src, quotedWord)
	if v.Dynamic {
		return Word{Text: a.Name.Value + op, Dynamic: true, Prefix: true}
	}
	return Word{Text: a.Name.Value + op + v.Text}
}

// joinWords joins words with spaces into one word, dynamic if any is
// uncertain.
func joinWords(words []Word) Word {
	var w Word
	var b strings.Builder
	for i, x := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x.Text)
		if x.Uncertain() {
			w.Dynamic = true
		}
	}
	w.Text = b.String()
	return w
}
