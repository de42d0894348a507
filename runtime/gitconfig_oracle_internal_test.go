package runtime

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestGitConfigOracle is the differential oracle of gitConfigSecret
// (design.md 438): where the model says a git configuration holds no
// secret, git's own reading of it must show none. A seeded generator
// writes configuration files from git's grammar (git help config,
// CONFIGURATION FILE): sections [name], [name "sub"] with \" and \\ and
// other escapes in the subsection, [name.sub], odd headers; keys with and
// without =, values with double quotes, the escapes \n \t \b \" \\ and
// unknown ones, backslash-newlines inside and outside quotes, # and ;
// comments at a line's start, after a header and after a value, inside
// quotes; blanks, tabs, CRLF and lone CR, blank lines, a UTF-8 BOM, NULs;
// sections gitConfigOpen lists and others, keys with the model's words and
// without. Canaries (CANARYgcoNZ) go into values, a URL's user, password
// and query, subsections, comments, key names, next to blanks and split
// by a backslash-newline. git config --file F --list -z gives git's
// settings (those before the line it rejects, where it rejects one). The
// file holds a secret where a canary is in it (backslash-newlines
// removed) but in none of git's keys and values, so in text git drops
// and cat prints, or where a setting git read is one by the model's own
// predicates (gitSettingSecret) applied to git's reading. The model must
// then not say "". HOOKC_GITCONFIG_ORACLE_N sets the number of files
// (default 2000, 400 with -short).
func TestGitConfigOracle(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "no git command")
	}
	n := testenv.Count(t, "HOOKC_GITCONFIG_ORACLE_N", 2000, 400)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + home, "XDG_CONFIG_HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
	g := &gcoGen{r: rand.New(rand.NewPCG(438, 1))}
	files := make([][]byte, n)
	canaries := make([][]string, n)
	for i := range files {
		g.canaries = nil
		files[i], canaries[i] = g.file(), g.canaries
	}
	parses := make([]gcoParse, n)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < n; i += 4 {
				parses[i] = gcoGit(dir, env, fmt.Sprint(i), files[i])
			}
		})
	}
	wg.Wait()
	var rejected, secret, agree, stricter, failed int
	stricterWhy, truthWhy := map[string]int{}, map[string]int{}
	commandKeys := 0
	for i, b := range files {
		p := parses[i]
		if !p.ok {
			rejected++
		}
		// setsKey, which spares the parse of settings that set no
		// command or include (workTreeCommand, readGitSettings), is
		// true wherever git read one.
		for _, s := range p.settings {
			key, _, _ := strings.Cut(s, "\n")
			for _, keys := range [][]string{gitCommandKeys, includeKeys} {
				if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasSuffix(key, k) }) {
					continue
				}
				commandKeys++
				if !setsKey(string(b), keys) {
					t.Errorf("setsKey misses the setting %s that git reads in file %d: %q", key, i, b)
				}
			}
		}
		truth, model := gcoTruth(b, p, canaries[i]), gitConfigSecret(b)
		if truth != "" {
			secret++
			truthWhy[gcoClass(truth)]++
		}
		switch {
		case truth != "" && model == "":
			failed++
			if failed <= 12 {
				small := gcoMinimize(b, func(b []byte) bool {
					return gitConfigSecret(b) == "" && gcoTruth(b, gcoGit(dir, env, "min", b), canaries[i]) != ""
				})
				t.Errorf("the model says %q holds no secret; git's reading: %s (file %d: %q)", small, gcoTruth(small, gcoGit(dir, env, "min", small), canaries[i]), i, b)
			}
		case truth != "":
		case model != "":
			stricter++
			stricterWhy[gcoClass(model)]++
		default:
			agree++
		}
	}
	t.Logf("%d settings of a command key or a path, each found by setsKey", commandKeys)
	t.Logf("%d files (%d rejected by git): %d secret by git's reading (%s), %d of them found by the model; %d harmless, %d of them also to the model, %d asked about by the model (%s); %d disagree",
		n, rejected, secret, gcoCounts(truthWhy), secret-failed, n-secret, agree, stricter, gcoCounts(stricterWhy), failed)
	if n-secret < n/10 {
		t.Errorf("only %d of %d files are harmless by git's reading: the generator no longer tries the model", n-secret, n)
	}
}

// gcoClass is the kind of a reason, without the names it holds.
func gcoClass(why string) string {
	for _, c := range []string{"the canary", "a comment", "cannot read", "git settings of [", "the git setting credential.", "a command", "a URL", "which may hold a token"} {
		if strings.Contains(why, c) {
			return c
		}
	}
	return why
}

// gcoCounts writes counts by kind.
func gcoCounts(m map[string]int) string {
	var s []string
	for w, c := range m {
		s = append(s, fmt.Sprintf("%d %s", c, w))
	}
	sort.Strings(s)
	return strings.Join(s, "; ")
}

// A gcoParse is git's reading of a configuration: its settings as
// git config --list -z prints them (key, then a newline and the value if
// it has one), and whether git read it all.
type gcoParse struct {
	settings []string
	ok       bool
}

// gcoGit runs git config --file on b.
func gcoGit(dir string, env []string, name string, b []byte) gcoParse {
	f := filepath.Join(dir, "c"+name)
	if err := os.WriteFile(f, b, 0o644); err != nil {
		panic(err) // not in the test's goroutine
	}
	cmd := exec.Command("git", "config", "--file", f, "--list", "-z")
	cmd.Env, cmd.Dir = env, dir
	out, err := cmd.Output()
	if err != nil {
		if _, exit := err.(*exec.ExitError); !exit {
			panic(err)
		}
	}
	p := gcoParse{ok: err == nil}
	for s := range bytes.SplitSeq(out, []byte{0}) {
		if len(s) > 0 {
			p.settings = append(p.settings, string(s))
		}
	}
	return p
}

// gcoTruth says why b, as git read it (p), holds a secret: a canary in
// text git drops, or a setting gitSettingSecret calls one.
func gcoTruth(b []byte, p gcoParse, canaries []string) string {
	raw := bytes.ToLower(b)
	raw = bytes.ReplaceAll(raw, []byte("\\\r\n"), nil)
	raw = bytes.ReplaceAll(raw, []byte("\\\n"), nil)
	read := strings.ToLower(strings.Join(p.settings, "\x00"))
	for _, c := range canaries {
		if c = strings.ToLower(c); bytes.Contains(raw, []byte(c)) && !strings.Contains(read, c) {
			return "the canary " + c + " is in text git drops"
		}
	}
	for _, s := range p.settings {
		key, v, _ := strings.Cut(s, "\n")
		section, sub, k := "", "", key
		if i := strings.IndexByte(key, '.'); i >= 0 {
			j := strings.LastIndexByte(key, '.')
			section, k = key[:i], key[j+1:]
			if j > i {
				sub = key[i+1 : j]
			}
		}
		if why := gitSettingSecret(section, sub, k, []byte(v)); why != "" {
			return fmt.Sprintf("%s (%q)", why, s)
		}
	}
	return ""
}

// gcoMinimize drops lines, then bytes, of b while bad holds.
func gcoMinimize(b []byte, bad func([]byte) bool) []byte {
	for _, unit := range []bool{true, false} {
		for i := 0; i < len(b); {
			j := i + 1
			if unit {
				if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
					j = i + k + 1
				} else {
					j = len(b)
				}
			}
			if c := append(append([]byte{}, b[:i]...), b[j:]...); bad(c) {
				b = c
				continue
			}
			i = j
		}
	}
	return b
}

// gcoGen writes git configuration files; canaries are the canaries of
// the file it wrote last.
type gcoGen struct {
	r        *rand.Rand
	n        int
	canaries []string
	eol      string
	// bad lets the file hold what git rejects (a third of the files),
	// notes comments (half of them), odd what the model's predicates
	// call a secret (half of them): sections gitConfigOpen does not list,
	// keys that name a credential or a command, URLs with a user.
	bad, notes, odd bool
}

func (g *gcoGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gcoGen) canary() string {
	g.n++
	c := fmt.Sprintf("CANARYgco%dZ", g.n)
	g.canaries = append(g.canaries, c)
	return c
}

// splitCanary is a canary cut by a backslash-newline.
func (g *gcoGen) splitCanary() string {
	c := g.canary()
	k := 1 + g.r.IntN(len(c)-1)
	return c[:k] + "\\" + g.eol + c[k:]
}

// line ends a line: the file's end of line, now and then the other one or
// a lone CR.
func (g *gcoGen) line() string {
	if g.r.IntN(12) == 0 {
		return g.pick("\n", "\r\n", "\r")
	}
	return g.eol
}

func (g *gcoGen) file() []byte {
	var b strings.Builder
	g.eol = g.pick("\n", "\n", "\r\n")
	g.bad, g.notes, g.odd = g.r.IntN(4) == 0, g.r.IntN(3) == 0, g.r.IntN(2) == 0
	if g.r.IntN(10) == 0 {
		b.WriteString("\xef\xbb\xbf")
	}
	if g.r.IntN(20) == 0 {
		b.WriteString(g.entry() + g.line()) // a setting before any section
	}
	for range 1 + g.r.IntN(4) {
		b.WriteString(g.filler())
		b.WriteString(g.header() + g.line())
		for range 1 + g.r.IntN(4) {
			b.WriteString(g.filler())
			b.WriteString(g.entry() + g.line())
		}
	}
	s := b.String()
	if g.r.IntN(5) == 0 {
		s = strings.TrimRight(s, "\r\n")
	}
	return []byte(s)
}

// filler is what may come between settings: nothing, blank lines,
// comments.
func (g *gcoGen) filler() string {
	switch g.r.IntN(8) {
	case 0:
		return g.pick("", " ", "\t", "  \t") + g.line()
	case 1:
		if !g.notes {
			return ""
		}
		return g.pick("", " ", "\t") + g.pick("#", ";", "# ", "; ") + g.words() + g.line()
	}
	return ""
}

// words is the text of a comment.
func (g *gcoGen) words() string {
	switch g.r.IntN(5) {
	case 0:
		return g.canary()
	case 1:
		return "pw " + g.splitCanary()
	case 2:
		return "a \"quoted # " + g.canary() + "\""
	case 3:
		return "[core] x = " + g.canary()
	}
	return "note"
}

var gcoSections = append([]string{"credential", "credential", "hub", "sendemail", "newtool", "CORE", "Remote", "Alias", "URL", "x-y", "a1", "core.x"}, gitConfigOpen...)

func (g *gcoGen) header() string {
	name := g.pick(gitConfigOpen...)
	if g.odd {
		name = g.pick(gcoSections...)
	}
	if g.r.IntN(40) == 0 {
		name = g.canary()
	}
	var h string
	switch g.r.IntN(map[bool]int{false: 15, true: 16}[g.bad]) {
	case 0, 1, 2, 3, 4, 5:
		h = "[" + name + "]"
	case 6, 7, 8, 9, 10, 11:
		h = "[" + name + g.pick(" ", " ", "  ", "\t", " \t") + `"` + g.sub() + `"]`
	case 12, 13, 14:
		h = "[" + name + "." + g.pick("origin", "Main", "x.y", g.canary(), "a-1", "") + "]"
	default:
		h = g.pick("[ "+name+"]", "["+name+`"`+g.sub()+`"]`, "["+name+` "`+g.sub()+`" ]`, "["+name, "["+name+` "`+g.sub(), "[]", `[ "`+g.sub()+`"]`, "["+name+"\\"+g.eol+"]", "["+name+" "+g.sub()+"]", "["+name+".https://h/]", "["+name+"] \\")
	}
	h = g.pick("", "", "", " ", "\t") + h
	if g.notes && g.r.IntN(6) == 0 {
		return h + g.pick(" # "+g.canary(), ";"+g.canary(), "#")
	}
	return h + g.pick("", "", "", " ", "\t", " "+g.entry(), g.entry(), "", "", "", "", "", "")
}

// sub is the text of a subsection between its quotes.
func (g *gcoGen) sub() string {
	var b strings.Builder
	for range 1 + g.r.IntN(3) {
		switch g.r.IntN(14) {
		case 0:
			b.WriteString(g.canary())
		case 1, 2:
			if g.odd {
				b.WriteString(g.pick("https://", "https://u:") + g.canary() + "@h/")
			}
		case 3:
			b.WriteString(g.pick(`\"`, `\\`, `\x`, `\u`, `\#`, `\ `))
			if g.bad && g.r.IntN(4) == 0 {
				b.WriteString(g.pick(`\`+g.eol, `\`, `"`, g.eol))
			}
		case 4:
			b.WriteString(g.pick(" ", "\t", "#", ";", "]", "[", ".", "é", "\r"))
		case 5:
			if !g.odd {
				break
			}
			b.WriteString("https://u:" + g.pick(`\"`, `'`, "") + g.canary() + g.pick(`\"`, `'`, "") + "@h/")
		default:
			b.WriteString(g.pick("origin", "main", "Feature/X", "https://github.com/", "git@github.com:", "https://h/r.git?ref=", "gitdir:~/w/"))
		}
	}
	return b.String()
}

var (
	gcoKeys    = []string{"url", "fetch", "pushurl", "name", "email", "insteadOf", "st", "lg", "bare", "filemode", "path", "x", "some-key", "key2", "remote", "merge", "autocrlf"}
	gcoOddKeys = []string{"pager", "editor", "sshCommand", "helper", "username", "useHttpPath", "extraHeader", "textconv", "cmd",
		"oauthtoken", "smtpPass", "cookieFile", "program", "askPass", "password", "Token", "authority"}
)

func (g *gcoGen) key() string {
	switch g.r.IntN(map[bool]int{false: 28, true: 30}[g.bad]) {
	case 0, 1:
		return g.canary()
	case 28:
		return "k" + g.splitCanary()
	case 29:
		return g.pick("-x", "1x", "a_b", "a.b", "é", "x"+g.canary())
	}
	k := g.pick(gcoKeys...)
	if g.odd && g.r.IntN(2) == 0 {
		k = g.pick(gcoOddKeys...)
	}
	if g.r.IntN(4) == 0 {
		k = strings.ToUpper(k[:1]) + k[1:]
	}
	return k
}

// entry is a setting: a key alone (true), or with = and a value.
func (g *gcoGen) entry() string {
	e := g.pick("", "", "\t", "  ", " \t") + g.key()
	switch g.r.IntN(8) {
	case 0:
	case 1:
		e += g.pick(" =", "=", "\t=")
	default:
		e += g.pick(" = ", "=", "\t=\t", " =", "= ") + g.value()
	}
	if g.bad && g.r.IntN(10) == 0 {
		return e + g.pick(" \\"+g.eol+"= x", " # "+g.canary(), ";"+g.canary(), "#") // git rejects them after a key alone
	}
	return e + g.pick("", "", "", " ", "\t")
}

var gcoWords = []string{"less", "-FRX", "--wait", "code", "true", "false", "0", "origin", "main", "refs/heads/main",
	"+refs/heads/*:refs/remotes/origin/*", "https://github.com/o/r.git", "git@github.com:o/r.git",
	"!git pull --rebase", "!sh -c", "store", "!gh auth git-credential", "sshpass -p", "log --graph", "x=y",
	"vim", "delta", "gpg", "osxkeychain"}

// value is a setting's value from git's grammar of values: now and then
// one git rejects (a quote left open, an unknown escape).
func (g *gcoGen) value() string {
	var b strings.Builder
	for range 1 + g.r.IntN(6) {
		switch g.r.IntN(26) {
		case 0, 1:
			b.WriteString(g.canary())
		case 2, 3, 4:
			if g.odd {
				b.WriteString(g.pick("https://"+g.canary()+"@h/r.git", "https://u:"+g.canary()+"@h/r.git", "https://h/r.git?token="+g.canary(), "https://u:pw@h/r"))
			} else {
				b.WriteString(g.pick("https://h/r.git?ref=", "https://h/", "x", "") + g.canary())
			}
		case 5:
			b.WriteString(g.splitCanary())
		case 6, 7:
			b.WriteString(`"` + g.quoted() + `"`)
		case 8:
			b.WriteString(g.escape())
		case 9:
			b.WriteString("\\" + g.eol + g.pick("", " ", "\t"))
		case 10:
			if g.notes {
				b.WriteString(g.pick(" # ", "#", " ;", ";", "# ") + g.pick("", g.canary(), `"`, g.quoted()))
			}
		case 11, 12:
			b.WriteString(g.pick(" ", "\t", "  ", " \t "))
		case 13:
			b.WriteString(g.pick("\r", "\x00", "é", "\xef\xbb\xbf", "\v", "\f", " \r", "\x01"))
		case 14:
			if g.bad {
				b.WriteString(g.pick(`"`, `\x`, `\ `, `\#`, `\`))
			}
		case 15, 16:
			if g.odd {
				b.WriteString(g.pick("https:", "//", "u:", "@h/r", "https://u:pw@h/r"))
			}
		default:
			b.WriteString(g.pick(gcoWords...))
		}
	}
	return b.String()
}

// escape is one of the escapes git reads in a value.
func (g *gcoGen) escape() string { return g.pick(`\n`, `\t`, `\b`, `\"`, `\\`) }

// quoted is the text between a value's double quotes.
func (g *gcoGen) quoted() string {
	var b strings.Builder
	for range g.r.IntN(4) {
		switch g.r.IntN(8) {
		case 0:
			b.WriteString(g.canary())
		case 1:
			b.WriteString(g.pick("#", ";", " # ", "; ") + g.canary())
		case 2:
			b.WriteString(g.escape())
		case 3:
			b.WriteString("\\" + g.eol + g.pick("", " "))
		case 4:
			b.WriteString(g.pick(" ", "\t", "  ", "'", "\r"))
		default:
			b.WriteString(g.pick(gcoWords...))
		}
	}
	return b.String()
}
