package hookc_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink is an inline link or image: [text](target) or ![alt](target).
var mdLink = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)

// TestDocLinks checks that every relative link of README.md, docs/*.md
// and the examples' READMEs names a file or directory that exists and, with #anchor, a
// heading of that document, and that every fenced block is closed.
func TestDocLinks(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples, err := filepath.Glob(filepath.Join("examples", "*", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := append(append([]string{"README.md"}, docs...), examples...)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(name string) map[string]bool {
		if a, ok := anchors[name]; ok {
			return a
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil
		}
		a := headingAnchors(string(src))
		anchors[name] = a
		return a
	}
	checked := 0
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if n := unclosedFence(string(src)); n > 0 {
			t.Errorf("%s:%d: a fenced block that is never closed", name, n)
		}
		for _, l := range proseLines(string(src)) {
			for _, m := range mdLink.FindAllStringSubmatch(l.text, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				path, anchor, _ := strings.Cut(target, "#")
				file := name
				if path != "" {
					file = filepath.Join(filepath.Dir(name), filepath.FromSlash(path))
					if _, err := os.Stat(file); err != nil {
						t.Errorf("%s:%d: link %s: no file %s", name, l.n, target, file)
						continue
					}
				}
				if anchor == "" {
					continue
				}
				if !strings.HasSuffix(file, ".md") {
					t.Errorf("%s:%d: link %s: an anchor in a file that is not Markdown", name, l.n, target)
					continue
				}
				if !anchorsOf(file)[anchor] {
					t.Errorf("%s:%d: link %s: %s has no heading #%s", name, l.n, target, file, anchor)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d relative links checked", checked)
	}
}

type proseLine struct {
	n    int
	text string
}

// proseLines returns the lines of a Markdown document outside fenced
// blocks, with code spans blanked out.
func proseLines(src string) []proseLine {
	var out []proseLine
	fence := ""
	for i, l := range strings.Split(src, "\n") {
		t := strings.TrimLeft(l, " ")
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		out = append(out, proseLine{i + 1, codeSpan.ReplaceAllString(l, "``")})
	}
	return out
}

// unclosedFence returns the line of a fenced block that is never closed,
// or 0.
func unclosedFence(src string) int {
	fence, start := "", 0
	for i, l := range strings.Split(src, "\n") {
		t := strings.TrimLeft(l, " ")
		switch {
		case fence != "" && strings.HasPrefix(t, fence):
			fence = ""
		case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence, start = t[:3], i+1
		}
	}
	if fence != "" {
		return start
	}
	return 0
}

var codeSpan = regexp.MustCompile("``[^`]*``|`[^`]*`")

// headingAnchors returns the anchors GitHub makes for a document's
// headings: lower case, punctuation removed, spaces as hyphens, and -1,
// -2, ... after a repeated one.
func headingAnchors(src string) map[string]bool {
	a := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(src) {
		text, ok := strings.CutPrefix(l.text, "#")
		if !ok {
			continue
		}
		text = strings.TrimLeft(text, "#")
		if !strings.HasPrefix(text, " ") {
			continue
		}
		// The heading's text with code spans as they read.
		raw := strings.Split(src, "\n")[l.n-1]
		raw = strings.TrimSpace(strings.TrimLeft(raw, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(raw) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			a[slug+"-"+strconv.Itoa(n)] = true
		} else {
			a[slug] = true
		}
		seen[slug]++
	}
	return a
}
