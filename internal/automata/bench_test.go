package automata

import (
	"regexp"
	"testing"
)

// benchPatterns are typical rule conditions: command patterns, file names
// and glob translations.
var benchPatterns = []struct{ name, pattern string }{
	{"gitpush", `^git\s+push`},
	{"force", `^git\s+push\b.*\s(?:-f|--force)\b`},
	{"env", `(?i)\.env$`},
	{"envglob", `(?s)\A(?:.*/)?\.env\z`},
	{"sshglob", `(?s)\A~/\.ssh(?:/.*)?\z`},
	{"url", `^https?://(www\.)?github\.com/`},
	{"rm", `(?i)^(?:sudo\s+)?rm\s+(-\w+\s+)*-\w*r\w*\s+/`},
	{"letters", `^\pL+$`},
}

func benchAlphabet(b *testing.B) *Alphabet {
	var ps []string
	for _, p := range benchPatterns {
		ps = append(ps, p.pattern)
	}
	a, err := NewAlphabet(ps)
	if err != nil {
		b.Fatal(err)
	}
	return a
}

// BenchmarkAlphabet builds the alphabet of all the benchmark patterns.
func BenchmarkAlphabet(b *testing.B) {
	for b.Loop() {
		benchAlphabet(b)
	}
}

// BenchmarkCompile compiles each pattern to a minimal DFA over the shared
// alphabet.
func BenchmarkCompile(b *testing.B) {
	a := benchAlphabet(b)
	for _, p := range benchPatterns {
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := a.Compile(p.pattern, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRegexpCompile is package regexp's compile time, for scale.
func BenchmarkRegexpCompile(b *testing.B) {
	for b.Loop() {
		for _, p := range benchPatterns {
			regexp.MustCompile(p.pattern)
		}
	}
}

// BenchmarkSubset decides inclusion both ways between pattern pairs, as vet
// does for a pair of rules.
func BenchmarkSubset(b *testing.B) {
	a := benchAlphabet(b)
	pairs := [][2]string{
		{`^git\s+push\b.*\s(?:-f|--force)\b`, `^git\s+push`},
		{`(?s)\A(?:.*/)?\.env\z`, `(?i)\.env$`},
		{`(?i)^(?:sudo\s+)?rm\s+(-\w+\s+)*-\w*r\w*\s+/`, `^\pL+$`},
	}
	for _, pair := range pairs {
		x := mustCompile(b, a, pair[0])
		y := mustCompile(b, a, pair[1])
		b.Run(benchName(pair[0]), func(b *testing.B) {
			for b.Loop() {
				Subset(x, y, 0)
				Subset(y, x, 0)
			}
		})
	}
}

// BenchmarkCompileSubset is the whole job for one pair of rules: compile
// both patterns and decide inclusion both ways.
func BenchmarkCompileSubset(b *testing.B) {
	a := benchAlphabet(b)
	for b.Loop() {
		x, _ := a.Compile(`(?s)\A(?:.*/)?\.env\z`, 0)
		y, _ := a.Compile(`(?i)\.env$`, 0)
		Subset(x, y, 0)
		Subset(y, x, 0)
	}
}

// BenchmarkDifference builds the minimal DFA of a difference and its
// witness, as vet does for the reachable part of a rule.
func BenchmarkDifference(b *testing.B) {
	a := benchAlphabet(b)
	x := mustCompile(b, a, `^git\s+push`)
	y := mustCompile(b, a, `^git\s+push\b.*\s(?:-f|--force)\b`)
	for b.Loop() {
		d, err := Difference(x, y, 0)
		if err != nil {
			b.Fatal(err)
		}
		d.Witness()
	}
}

// BenchmarkBudget measures how quickly an exponential pattern runs into a
// budget of 10,000 states.
func BenchmarkBudget(b *testing.B) {
	const p = `(a|b)*a(a|b){20}`
	a, _ := NewAlphabet([]string{p})
	for b.Loop() {
		if _, err := a.Compile(p, 10000); err == nil {
			b.Fatal("no error")
		}
	}
}

func benchName(p string) string {
	for _, q := range benchPatterns {
		if q.pattern == p {
			return q.name
		}
	}
	return "pair"
}

// BenchmarkLargeProduct measures a product of about 42,000 states, past
// the dense table of pairs: two counters, of a's modulo 211 and of b's
// modulo 199.
func BenchmarkLargeProduct(b *testing.B) {
	px, py := `\A(?:(?:[^a]*a){211})*[^a]*\z`, `\A(?:(?:[^b]*b){199})*[^b]*\z`
	a, _ := NewAlphabet([]string{px, py})
	x := mustCompile(b, a, px)
	y := mustCompile(b, a, py)
	for b.Loop() {
		if _, err := Intersect(x, y, 100000); err != nil {
			b.Fatal(err)
		}
	}
}
