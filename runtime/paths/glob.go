// Package paths holds what the runtime knows of path spellings: the glob
// language of policies (GlobRegexp) and the other spellings Windows gives a
// path (design.md 294).
package paths

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Globs match whole strings (design.md 8):
//
//	*       any run of characters except /
//	?       one character except /
//	[abc]   one character of the class, never /; [!abc] or [^abc] negates
//	{a,b}   either alternative (alternatives may nest and hold other syntax)
//	**      as a whole path component: any number of components, including none
//	\c      the character c
//
// A leading "**/" matches at any depth, "/**/" matches one or more slashes'
// worth of components or none, and a trailing "/**" matches the directory
// itself and everything below it. "**" anywhere else is an error.
//
// Globs are translated to Go regular expressions by GlobRegexp; the runtime
// and vet both use that translation, so they cannot disagree.

// CheckGlob reports whether pat is a valid glob.
func CheckGlob(pat string) error {
	_, err := GlobRegexp(pat)
	return err
}

// GlobRegexp translates the glob pat into an equivalent Go regular
// expression that matches whole strings.
func GlobRegexp(pat string) (string, error) {
	if pat == "" {
		return "", errors.New("empty glob")
	}
	if !utf8.ValidString(pat) {
		return "", errors.New("glob is not valid UTF-8")
	}
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	if err := globTranslate(&b, pat, 0); err != nil {
		return "", err
	}
	b.WriteString(`\z`)
	return b.String(), nil
}

func globTranslate(b *strings.Builder, pat string, depth int) error {
	if depth > 10 {
		return errors.New("glob braces nest too deeply")
	}
	for i := 0; i < len(pat); {
		c := pat[i]
		switch c {
		case '*':
			n := 1
			for i+n < len(pat) && pat[i+n] == '*' {
				n++
			}
			if n == 1 {
				b.WriteString(`[^/]*`)
				i++
				continue
			}
			if n > 2 {
				return fmt.Errorf("glob %q: %s is not valid; use * or **", pat, strings.Repeat("*", n))
			}
			startComp := i == 0 || pat[i-1] == '/'
			end := i + 2
			endComp := end == len(pat) || pat[end] == '/'
			if !startComp || !endComp {
				return fmt.Errorf("glob %q: ** must be a whole path component", pat)
			}
			switch {
			case i == 0 && end == len(pat): // **
				b.WriteString(`.*`)
				i = end
			case i == 0: // **/rest
				b.WriteString(`(?:.*/)?`)
				i = end + 1
			case end == len(pat): // dir/** : the previous / was already written
				trimSlash(b)
				b.WriteString(`(?:/.*)?`)
				i = end
			default: // a/**/b
				b.WriteString(`(?:.*/)?`)
				i = end + 1
			}
		case '?':
			b.WriteString(`[^/]`)
			i++
		case '[':
			n, err := globClass(b, pat, i)
			if err != nil {
				return err
			}
			i = n
		case '{':
			alts, n, err := SplitBraces(pat, i)
			if err != nil {
				return err
			}
			b.WriteString(`(?:`)
			for k, alt := range alts {
				if k > 0 {
					b.WriteByte('|')
				}
				if err := globTranslate(b, alt, depth+1); err != nil {
					return err
				}
			}
			b.WriteString(`)`)
			i = n
		case '\\':
			if i+1 == len(pat) {
				return fmt.Errorf("glob %q ends with a lone backslash", pat)
			}
			r, size := utf8.DecodeRuneInString(pat[i+1:])
			b.WriteString(regexp.QuoteMeta(string(r)))
			i += 1 + size
		default:
			r, size := utf8.DecodeRuneInString(pat[i:])
			b.WriteString(regexp.QuoteMeta(string(r)))
			i += size
		}
	}
	return nil
}

// trimSlash removes a trailing "/" (written as a literal) from b.
func trimSlash(b *strings.Builder) {
	s := b.String()
	if strings.HasSuffix(s, "/") {
		b.Reset()
		b.WriteString(s[:len(s)-1])
	}
}

// ExpandBraces returns the spellings of glob g with each of its brace
// groups expanded, as bash expands braces: a{b,c{d,e}} is ab acd ace. A
// group SplitBraces refuses is kept as it is written.
func ExpandBraces(g string) []string {
	out, _ := ExpandBracesMax(g, -1)
	return out
}

// ExpandBracesMax is ExpandBraces that stops, reporting false, once it
// has more than max spellings (max < 0: no bound). A word of a command
// line is expanded with a bound: {a,b} twenty-four times is 16 million
// spellings (round 22, design.md 405).
func ExpandBracesMax(g string, max int) ([]string, bool) {
	var out []string
	ok := expandBraces(g, max, &out)
	return out, ok
}

func expandBraces(g string, max int, out *[]string) bool {
	i := strings.IndexByte(g, '{')
	alts, end, err := []string(nil), 0, error(nil)
	if i >= 0 {
		alts, end, err = SplitBraces(g, i)
	}
	if i < 0 || err != nil || len(alts) == 0 {
		*out = append(*out, g)
		return max < 0 || len(*out) <= max
	}
	for _, a := range alts {
		if !expandBraces(g[:i]+a+g[end:], max, out) {
			return false
		}
	}
	return true
}

// splitBraces splits the brace group starting at pat[i] == '{' into its
// top-level alternatives and returns the index after the closing brace.
func SplitBraces(pat string, i int) ([]string, int, error) {
	depth := 0
	start := i + 1
	var alts []string
	for j := i; j < len(pat); j++ {
		switch pat[j] {
		case '\\':
			j++
		case '[':
			// skip a class, which may hold braces and commas
			k := j + 1
			if k < len(pat) && (pat[k] == '!' || pat[k] == '^') {
				k++
			}
			if k < len(pat) && pat[k] == ']' {
				k++
			}
			for k < len(pat) && pat[k] != ']' {
				k++
			}
			if k < len(pat) {
				j = k
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				alts = append(alts, pat[start:j])
				return alts, j + 1, nil
			}
		case ',':
			if depth == 1 {
				alts = append(alts, pat[start:j])
				start = j + 1
			}
		}
	}
	return nil, 0, fmt.Errorf("glob %q: unclosed {", pat)
}

// A runeRange is a class item: lo-hi, or one rune when lo == hi.
type RuneRange struct{ Lo, Hi rune }

// scanClass reads the class starting at pat[i] == '[': whether it is
// negated ([!...] or [^...]), its ranges as written, and the index after
// it. The glob translator and the glob matcher share it, so they read
// classes alike.
func ScanClass(pat string, i int) (neg bool, rs []RuneRange, end int, err error) {
	j := i + 1
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		neg = true
		j++
	}
	first := true
	for {
		if j >= len(pat) {
			return false, nil, 0, fmt.Errorf("glob %q: unclosed [", pat)
		}
		if pat[j] == ']' && !first {
			return neg, rs, j + 1, nil
		}
		if pat[j] == '[' && j+1 < len(pat) && strings.IndexByte(":=.", pat[j+1]) >= 0 {
			// Bash reads [:alpha:], [=e=] and [.-.] as classes; read as
			// characters they would match something else (design.md 120).
			return false, nil, 0, fmt.Errorf("glob %q: classes such as [:alpha:], [=e=] and [.-.] are not supported; list the characters", pat)
		}
		first = false
		lo, n, err := classRune(pat, j)
		if err != nil {
			return false, nil, 0, err
		}
		j = n
		hi := lo
		if j+1 < len(pat) && pat[j] == '-' && pat[j+1] != ']' {
			hi, n, err = classRune(pat, j+1)
			if err != nil {
				return false, nil, 0, err
			}
			j = n
			if hi < lo {
				return false, nil, 0, fmt.Errorf("glob %q: bad range %c-%c", pat, lo, hi)
			}
		}
		rs = append(rs, RuneRange{lo, hi})
	}
}

// globClass translates the class starting at pat[i] == '[' and returns the
// index after it. The class never matches '/'.
func globClass(b *strings.Builder, pat string, i int) (int, error) {
	neg, rs, j, err := ScanClass(pat, i)
	if err != nil {
		return 0, err
	}
	b.WriteByte('[')
	if neg {
		b.WriteString(`^/`)
	}
	wrote := false
	for _, r := range rs {
		// remove '/' from positive classes by splitting the range
		parts := []RuneRange{r}
		if !neg && r.Lo <= '/' && '/' <= r.Hi {
			parts = parts[:0]
			if r.Lo < '/' {
				parts = append(parts, RuneRange{r.Lo, '/' - 1})
			}
			if r.Hi > '/' {
				parts = append(parts, RuneRange{'/' + 1, r.Hi})
			}
		}
		for _, p := range parts {
			b.WriteString(quoteClassRune(p.Lo))
			if p.Hi != p.Lo {
				b.WriteByte('-')
				b.WriteString(quoteClassRune(p.Hi))
			}
			wrote = true
		}
	}
	if !neg && !wrote {
		// a class of only '/': matches nothing
		b.WriteString(`^\x00-\x{10FFFF}`)
	}
	b.WriteByte(']')
	return j, nil
}

func classRune(pat string, j int) (rune, int, error) {
	if pat[j] == '\\' {
		j++
		if j >= len(pat) {
			return 0, 0, fmt.Errorf("glob %q: unclosed [", pat)
		}
	}
	r, size := utf8.DecodeRuneInString(pat[j:])
	return r, j + size, nil
}

func quoteClassRune(r rune) string {
	if r < 0x80 && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
		return fmt.Sprintf(`\x{%x}`, r)
	}
	return string(r)
}
