package runtime

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/payload"
)

// TestGlobOracle is the differential oracle of the hook's glob model
// (design.md 120, docs/oracle.md): a seeded generator builds glob words
// from the grammar of Bash patterns (stars, ?, bracket expressions with
// negation, ranges, classes, equivalence classes, collating symbols, ] first,
// escapes, unterminated brackets, brackets across /, quoted parts, brace
// and extended globs) over the names of a scratch tree (dots, dashes,
// capitals, UTF-8, spaces, pattern characters, links), asks real Bash what
// each expands to, under its default options and under each option that
// changes globbing, and asks the runtime (expandGlob, as the hook expands a
// path word) the same.
//
// The runtime may agree exactly, name more paths than Bash (wider: safe),
// or give up (left the core: the word stays uncertain and is never
// allowed). It must never name fewer paths than Bash, or others: the test
// fails on any such disagreement. HOOKC_GLOB_ORACLE_N sets the number of
// words (default 3000, 300 with -short); HOOKC_GLOB_ORACLE_SEED the seed.
func TestGlobOracle(t *testing.T) {
	bash := ""
	for _, p := range []string{"/bin/bash-static", "/usr/bin/bash-static"} {
		if _, err := os.Stat(p); err == nil {
			bash = p
			break
		}
	}
	if bash == "" {
		p, err := exec.LookPath("bash")
		if err != nil {
			testenv.Missing(t, "no bash")
		}
		bash = p
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	if s := os.Getenv("HOOKC_GLOB_ORACLE_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		n = v
	}
	seed := uint64(1)
	if s := os.Getenv("HOOKC_GLOB_ORACLE_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = v
	}

	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj, home := base+"/p", base+"/h"
	names := oracleTree(t, proj, home)
	g := &globGen{r: rand.New(rand.NewPCG(seed, 2)), names: names}
	words := make([]string, n)
	for i := range words {
		words[i] = g.word()
	}

	var st globOracleStats
	for _, v := range globVariants {
		got := runBashGlobs(t, bash, proj, home, v.bash, words, v.locale)
		for i, w := range words {
			st.check(t, v, w, got[i], proj, home)
		}
	}
	t.Logf("glob oracle: %d words x %d option settings = %d cases: %d exact, %d wider, %d left the core, %d refused by bash, %d disagreements",
		n, len(globVariants), st.cases, st.exact, st.wider, st.left, st.refused, st.bad)
	t.Logf("  default words that left the core: %v", st.leftWhy)
	for _, v := range globVariants {
		c := st.byVariant[v.name]
		t.Logf("  %-22s exact %d, wider %d, left %d, refused %d, disagreements %d", v.name, c[0], c[1], c[2], c[3], c[4])
	}
	if st.bad > 0 {
		t.Errorf("%d words where the runtime names fewer or other paths than Bash", st.bad)
	}
}

// A globVariant is a setting of Bash's options that change globbing: the
// line that sets it, run before the words in Bash and put before the
// command line the runtime reads.
type globVariant struct {
	name   string
	bash   string // Bash code run first
	line   string // the same, as the command line's prefix
	locale string // LC_ALL in Bash's environment: C.UTF-8 if ""
}

var globVariants = []globVariant{
	{"default", "", "", ""},
	{"dotglob", "shopt -s dotglob", "shopt -s dotglob; ", ""},
	{"nocaseglob", "shopt -s nocaseglob", "shopt -s nocaseglob; ", ""},
	{"nullglob", "shopt -s nullglob", "shopt -s nullglob; ", ""},
	{"failglob", "shopt -s failglob", "shopt -s failglob; ", ""},
	{"globstar", "shopt -s globstar", "shopt -s globstar; ", ""},
	{"extglob", "shopt -s extglob", "shopt -s extglob\n", ""},
	{"noglobskipdots", "shopt -u globskipdots", "shopt -u globskipdots; ", ""},
	{"noglobasciiranges", "shopt -u globasciiranges", "shopt -u globasciiranges; ", ""},
	{"GLOBIGNORE", "GLOBIGNORE=x", "GLOBIGNORE=x; ", ""},
	{"set -f", "set -f", "set -f; ", ""},
	{"set -o noglob", "set -o noglob", "set -o noglob; ", ""},
	// Options the user's start-up files may set, which Claude Code's
	// shell snapshot keeps: the line does not show them.
	{"rc dotglob", "shopt -s dotglob", "", ""},
	{"rc nocaseglob", "shopt -s nocaseglob", "", ""},
	{"rc dotglob nocaseglob", "shopt -s dotglob nocaseglob", "", ""},
	{"rc globstar", "shopt -s globstar", "", ""},
	{"rc nullglob", "shopt -s nullglob", "", ""},
	{"rc failglob", "shopt -s failglob", "", ""},
	{"rc noglobskipdots", "shopt -u globskipdots", "", ""},
	{"rc noglobasciiranges", "shopt -u globasciiranges", "", ""},
	// A locale of single bytes, where ? and a set match a byte: set on
	// the line, or the client's own (round 41).
	{"LC_ALL=C", "LC_ALL=C", "LC_ALL=C; ", ""},
	{"env LC_ALL=C", "", "", "C"},
	{"env LC_ALL=POSIX rc nocaseglob", "shopt -s nocaseglob", "", "POSIX"},
	{"env LC_ALL=C rc dotglob", "shopt -s dotglob", "", "C"},
}

type globOracleStats struct {
	cases, exact, wider, left, refused, bad int
	byVariant                               map[string]*[5]int
	leftWhy                                 map[string]int // why default words left the core
	shown                                   int
}

// check compares Bash's expansion of the word w (nil: Bash refused it, a
// syntax error or failglob's error) with the runtime's.
func (st *globOracleStats) check(t *testing.T, v globVariant, w string, bashOut []string, proj, home string) {
	t.Helper()
	if st.byVariant == nil {
		st.byVariant = map[string]*[5]int{}
	}
	if st.byVariant[v.name] == nil {
		st.byVariant[v.name] = new([5]int)
	}
	bv := st.byVariant[v.name]
	st.cases++
	line := v.line + "cat -- " + w
	got, why := runtimeGlob(line, proj, home)
	if why != "" {
		st.left++
		bv[2]++
		if v.name == "default" {
			if st.leftWhy == nil {
				st.leftWhy = map[string]int{}
			}
			st.leftWhy[why]++
		}
		return
	}
	if bashOut == nil {
		// Bash did not run the command: whatever the runtime says.
		st.refused++
		bv[3]++
		return
	}
	var want []string
	for _, p := range bashOut {
		if !strings.HasPrefix(p, "/") {
			p = proj + "/" + p
		}
		want = append(want, dropDots(p))
	}
	slices.Sort(want)
	want = slices.Compact(want)
	missing := false
	for _, p := range want {
		if !slices.Contains(got, p) {
			missing = true
		}
	}
	switch {
	case missing:
		st.bad++
		bv[4]++
		if st.shown < 40 {
			st.shown++
			t.Errorf("%s: %q: Bash names %q, the runtime %q", v.name, w, rel(want, proj), rel(got, proj))
		}
	case len(got) == len(want):
		st.exact++
		bv[0]++
	default:
		st.wider++
		bv[1]++
	}
}

// dropDots removes the components "." from p, which name no other file
// (unlike "..", which after a link does).
func dropDots(p string) string {
	for {
		q := strings.ReplaceAll(p, "/./", "/")
		q = strings.TrimSuffix(q, "/.")
		if q == p {
			return p
		}
		p = q
	}
}

func rel(ps []string, proj string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = strings.TrimPrefix(p, proj+"/")
	}
	return out
}

// runtimeGlob returns the paths the runtime says the last word of line,
// an operand of cat, expands to, as the hook judges them; ok is false if
// why says why the word left the core: it, or the command, is uncertain.
func runtimeGlob(line, proj, home string) (paths []string, why string) {
	x := Extract(line, func(string) *Command { return nil }, Limits{})
	if x.ParseError != "" || len(x.Cmds) == 0 {
		return nil, "parse error"
	}
	c := x.Cmds[len(x.Cmds)-1]
	if c.Opaque != "" || c.Program.Text != "cat" || len(c.Words) != 2 {
		return nil, "opaque command"
	}
	for _, o := range x.Cmds[:len(x.Cmds)-1] {
		if o.Opaque != "" {
			return nil, "opaque command"
		}
	}
	w := c.Words[1]
	if w.Dynamic {
		return nil, "dynamic word"
	}
	e := &evaluator{t: &Table{}, p: &payload.Payload{}, env: &Env{Home: home, FS: osFS{}}, root: proj, cwd: proj, home: home}
	e.globSet = x.GlobSet != ""
	lit := func() string {
		abs, _ := e.plainAbsolute(w.Text, Word{})
		return dropDots(abs)
	}
	if !w.Glob {
		// Not a pattern to the runtime: the word as written.
		return []string{lit()}, ""
	}
	ps, literal, ok := e.expandGlob(w, Word{})
	if !ok {
		if e.globSet {
			return nil, "glob options set"
		}
		return nil, "pattern not modelled"
	}
	if literal {
		ps = append(ps, lit())
	}
	for i, p := range ps {
		ps[i] = dropDots(p)
	}
	slices.Sort(ps)
	return slices.Compact(ps), ""
}

// runBashGlobs returns what Bash expands each word to, after code: nil
// where it refused the word.
func runBashGlobs(t *testing.T, bash, proj, home, code string, words []string, locale string) [][]string {
	t.Helper()
	var in bytes.Buffer
	for _, w := range words {
		in.WriteString(w)
		in.WriteByte(0)
	}
	script := code + `
while IFS= read -r -d '' w; do
	if eval "set -- $w" 2>/dev/null; then
		printf '%s\0' "$#" "$@"
	else
		printf 'ERR\0'
	fi
done
`
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
	cmd.Dir = proj
	if locale == "" {
		locale = "C.UTF-8"
	}
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=" + locale}
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	fields := strings.Split(string(out), "\x00")
	res := make([][]string, 0, len(words))
	for i := 0; i < len(fields) && len(res) < len(words); {
		if fields[i] == "ERR" {
			res = append(res, nil)
			i++
			continue
		}
		k, err := strconv.Atoi(fields[i])
		if err != nil || i+1+k > len(fields) {
			t.Fatalf("bash output out of step at %d: %q", len(res), fields[i])
		}
		res = append(res, append([]string{}, fields[i+1:i+1+k]...))
		i += 1 + k
	}
	if len(res) != len(words) {
		t.Fatalf("bash answered %d of %d words", len(res), len(words))
	}
	return res
}

// oracleTree makes the scratch tree and returns the names in it.
func oracleTree(t *testing.T, proj, home string) []string {
	t.Helper()
	files := []string{
		".env", ".env.local", "env", ".envrc", "a.md", "B.md", "b.md", "-rf", "x y", "é.txt",
		"[a]", "a", "*star", "a]b", "dash-name", "Ünï.go", `back\slash`, "q?x", "UPPER", "lower",
		"_u", "1num", "~tilde", "!bang", "^caret", "{brace}", "a,b", "e", "E", "é", "ß", "-", "]",
		".hidden/f", ".hidden/.env", "src/main.go", "src/util.go", "src/.secret", "src/a.md",
		"docs/a.md", "docs/c.md", "docs/z.md", "docs/C.md", "dir.d/x", "dir.d/.env", "deep/er/.env",
		"deep/er/id_rsa", "sp ace/f",
	}
	for _, f := range files {
		p := proj + "/" + f
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".ssh/id_rsa", ".ssh/id_rsa.pub", ".ssh/config", ".aws/credentials", "notes.txt", "Notes.md"} {
		p := home + "/" + f
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for l, to := range map[string]string{"link": "../h/.ssh", "dangling": "nowhere", "filelink": "a.md", "src/up": ".."} {
		if err := os.Symlink(to, proj+"/"+l); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	var names []string
	for _, f := range append(files, ".ssh", "id_rsa", "credentials", ".aws", "link", "dangling", "filelink", "up", "..") {
		for _, n := range strings.Split(f, "/") {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	return names
}

// globGen generates glob words from the grammar of Bash patterns.
type globGen struct {
	r     *rand.Rand
	names []string
}

func (g *globGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// word returns one shell word: a prefix, then one to three components
// separated by slashes.
func (g *globGen) word() string {
	var b strings.Builder
	b.WriteString(g.pick("", "", "", "", "./", "~/", "$HOME/", "src/", "link/../", "*/", ".*/", "src/up/", "'sp ace'/", "deep/", "dir.d/"))
	k := 1 + g.r.IntN(3)
	if g.r.IntN(3) > 0 {
		k = 1
	}
	for i := range k {
		if i > 0 {
			b.WriteString("/")
		}
		b.WriteString(g.component())
	}
	if g.r.IntN(20) == 0 {
		b.WriteString("/")
	}
	return b.String()
}

// component returns a pattern for one name: most often a real name with
// some characters replaced by pattern items, else atoms at random.
func (g *globGen) component() string {
	var b strings.Builder
	if g.r.IntN(4) > 0 {
		name := []rune(g.names[g.r.IntN(len(g.names))])
		for i := 0; i < len(name); i++ {
			switch g.r.IntN(9) {
			case 0:
				b.WriteString("?")
			case 1:
				b.WriteString("*")
				i += g.r.IntN(3)
			case 2:
				b.WriteString(g.bracket(name[i]))
			case 3:
				b.WriteString(g.quoted(string(name[i])))
			default:
				b.WriteString(g.lit(name[i]))
			}
		}
		if b.Len() == 0 {
			b.WriteString("*")
		}
		return b.String()
	}
	for range 1 + g.r.IntN(4) {
		switch g.r.IntN(12) {
		case 0, 1:
			b.WriteString("*")
		case 2:
			b.WriteString("?")
		case 3:
			b.WriteString("**")
		case 4, 5, 6:
			b.WriteString(g.bracket(g.anyRune()))
		case 7:
			b.WriteString(g.extglob())
		case 8:
			b.WriteString(g.pick("{a,b}", "{.e,e}nv", "{x..z}"))
		case 9:
			b.WriteString(g.quoted(g.pick(".", "*", "?", "[", "]", "[a]", ".e", "-", "\\", "!", "~")))
		default:
			b.WriteString(g.lit(g.anyRune()))
		}
	}
	return b.String()
}

func (g *globGen) anyRune() rune {
	rs := []rune(".-_aAbBeEzZ019é ß~!^]{},[*?\\")
	return rs[g.r.IntN(len(rs))]
}

// lit writes the rune r so that the shell reads it as itself: bare where
// it is not special, else escaped or quoted.
func (g *globGen) lit(r rune) string {
	switch {
	case strings.ContainsRune("*?[]\\ '\"$`!{},~^()|&;<>#=:", r):
		return g.quoted(string(r))
	}
	return string(r)
}

// quoted writes s quoted one of the shell's ways.
func (g *globGen) quoted(s string) string {
	switch g.r.IntN(3) {
	case 0:
		if !strings.Contains(s, "'") {
			return "'" + s + "'"
		}
	case 1:
		var b strings.Builder
		for _, r := range s {
			if r == '\n' {
				return "'" + s + "'"
			}
			b.WriteByte('\\')
			b.WriteRune(r)
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if strings.ContainsRune("\"\\$`", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// bracket returns a bracket expression that often holds r.
func (g *globGen) bracket(r rune) string {
	var b strings.Builder
	b.WriteString("[")
	switch g.r.IntN(6) {
	case 0:
		b.WriteString("!")
	case 1:
		b.WriteString("^")
	case 2:
		b.WriteString(g.pick("\\!", "'!'", "\"^\""))
	}
	if g.r.IntN(8) == 0 {
		b.WriteString("]")
	}
	for range 1 + g.r.IntN(3) {
		switch g.r.IntN(12) {
		case 0, 1, 2:
			b.WriteString(g.member(r))
		case 3:
			b.WriteString(g.pick("a-c", "A-Z", "0-9", "a-z", "d-f", "!-/", "--0", "z-a", "e-é", "]-a", "A-z"))
		case 4:
			b.WriteString(g.pick("[:alpha:]", "[:alnum:]", "[:upper:]", "[:lower:]", "[:punct:]", "[:digit:]", "[:space:]", "[:blank:]", "[:word:]", "[:foo:]"))
		case 5:
			b.WriteString(g.pick("[=e=]", "[=a=]", "[=é=]", "[.-.]", "[.hyphen.]", "[.a.]", "[=", "[:alpha"))
		case 6:
			b.WriteString(g.pick("\\]", "\\-", "\\\\", "'-'", "\"]\"", "'a-c'", "/", "["))
		default:
			b.WriteString(g.member(g.anyRune()))
		}
	}
	if g.r.IntN(10) > 0 {
		b.WriteString("]")
	}
	return b.String()
}

// member writes r as a member of a bracket expression.
func (g *globGen) member(r rune) string {
	switch {
	case r == ']' || r == '\\':
		return "\\" + string(r)
	case strings.ContainsRune(" '\"$`!{},~^()|&;<>#", r):
		return g.quoted(string(r))
	}
	return string(r)
}

// extglob returns an extended glob, which Bash reads only with extglob.
func (g *globGen) extglob() string {
	alts := []string{"env", ".env", "*.md", "a", "e*", "[ab]*"}
	var parts []string
	for range 1 + g.r.IntN(2) {
		parts = append(parts, alts[g.r.IntN(len(alts))])
	}
	return fmt.Sprintf("%s(%s)", g.pick("@", "!", "+", "*", "?"), strings.Join(parts, "|"))
}
