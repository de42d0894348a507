package runtime

import (
	"regexp"
	"strings"
	"testing"
)

var reProgPatterns = []string{
	`^\+`, `.`, `^$`, `$`, `^`, `a|b`, `(^|[/\s;&|])(rm|rmdir|shred|unlink)($|[\s;&|])`, `\.(example|sample|template|pub)$`,
	`(^|[/:])(\.env(\..*)?|[^/]*\.(pem|key)|id_(rsa|ed25519)[^/]*|credentials)$`, `(?i)KUBECTL\s+delete`, `\bgit\b`, `\Bx\B`,
	`(?m)^x$`, `(?s)a.b`, `a.b`, `x*`, `x+?y`, `(a|ab)(c|bcd)(d*)`, `[[:alpha:]]+\d{2,3}`, `\pL\p{Greek}`, `^(GIT_)?PAGER=(cat)?$`,
	`https?://([a-z0-9-]+\.)*example\.com(/|$)`, `é+`, `(?i)straße`, `[^/]*`, `\A\z`, `(?U)a+`, `a{0}`, `(?:)`, `\x{fffd}`, `[\x{fffd}]`,
	`^(LANG|LANGUAGE|LC_[A-Z]+|TZ)=`, `--force(-with-lease)?$`, `(?i)k`, `\Q.*\E`, `[a-c-e]`, `x{2}y{1,}`,
}

var reProgTexts = []string{
	"", "+main", "main", "rm -rf /", "sudo rmdir x", "a/.env", ".env.local", "server.pem", "/home/u/.ssh/id_rsa", "credentials",
	"config.example", "x.pub", "kubectl delete ns", "KUBECTL   DELETE", "git", "legit", "agitb", "axb", "x\ny", "a\nb", "xxxy",
	"abcd", "abcdd", "Γ", "ab12", "PAGER=cat", "GIT_PAGER=", "https://api.example.com/v1", "http://example.com", "ééé", "STRASSE",
	"straße", "\xff", "a\xffb", "\ufffd", "LANG=C", "--force-with-lease", "K", "\u212a", ".*", "d", "xxy", strings.Repeat("ab", 300),
}

// compileOne compiles pat for the backtracker.
func compileOne(pat string) (*regexpProg, error) {
	code, err := CompileRegexps([]string{pat})
	if err != nil {
		return nil, err
	}
	p, _ := (&Table{Patterns: []string{pat}, Regexps: code}).regexpProg(0)
	return &p, nil
}

func TestRegexpProg(t *testing.T) {
	for _, pat := range reProgPatterns {
		re := regexp.MustCompile(pat)
		p, err := compileOne(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range reProgTexts {
			got, ok := p.match(s)
			if !ok {
				continue
			}
			if want := re.MatchString(s); got != want {
				t.Errorf("%q on %q: program says %v, regexp %v", pat, s, got, want)
			}
		}
	}
}

func FuzzRegexpProg(f *testing.F) {
	for i, p := range reProgPatterns {
		f.Add(p, reProgTexts[i%len(reProgTexts)])
	}
	f.Fuzz(func(t *testing.T, pat, s string) {
		if len(pat) > 64 || len(s) > 256 {
			return
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			return
		}
		p, err := compileOne(pat)
		if err != nil {
			t.Fatalf("%q: regexp compiles it, CompileRegexps says %v", pat, err)
		}
		if got, ok := p.match(s); ok && got != re.MatchString(s) {
			t.Fatalf("%q on %q: program says %v, regexp %v", pat, s, got, !got)
		}
	})
}
