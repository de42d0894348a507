package runtime

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestGoModOracle is the differential oracle of goModDirs, the model of
// the module directories a go.work or go.mod file names (design.md 341,
// 424): a seeded generator builds files from the grammar of
// golang.org/x/mod/modfile's lexer and parser (directives in and out of
// blocks, use( and verb ( openings, bare, double-quoted and raw-quoted
// paths with escapes, // comments inside and outside strings, the
// punctuation tokens, =>, versions, blanks, CR, Unicode, spellings of
// directories, junk), and the go command's own parse is the judge:
// `go work edit -json` (Use[].DiskPath and directory replacements) and
// `go mod edit -json` (directory replacements). Every directory go reads
// must be one the model names, or the model must call the file not known;
// the model may name more, of a file go rejects. HOOKC_GOMOD_ORACLE_N
// sets the number of files (default 1000, 200 with -short).
func TestGoModOracle(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		testenv.Missing(t, "no go command")
	}
	n := testenv.Count(t, "HOOKC_GOMOD_ORACLE_N", 1000, 200)
	r := rand.New(rand.NewPCG(424, 1))
	texts := make([]string, n)
	for i := range texts {
		texts[i] = goModText(r, i%2 == 0)
	}
	base := t.TempDir()
	env := append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off")
	type verdict struct {
		dirs []string // the directories go reads
		err  bool     // go rejects the file
	}
	got := make([]verdict, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range next {
				dir := filepath.Join(base, fmt.Sprint(i))
				name, sub := "go.work", "work"
				if i%2 == 1 {
					name, sub = "go.mod", "mod"
				}
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Error(err)
					continue
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(texts[i]), 0o644); err != nil {
					t.Error(err)
					continue
				}
				cmd := exec.Command(goTool, sub, "edit", "-json", name)
				cmd.Dir, cmd.Env = dir, env
				out, err := cmd.Output()
				if err != nil {
					got[i].err = true
					continue
				}
				got[i].dirs, err = goEditDirs(out)
				if err != nil {
					t.Errorf("%q: go's JSON: %v", texts[i], err)
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()

	var rejected, unknown, agree, more int
	for i, text := range texts {
		dirs, ok := goModDirs(text)
		switch {
		case got[i].err:
			rejected++
			continue
		case !ok:
			unknown++
			continue
		}
		clean := func(ds []string) []string {
			var out []string
			for _, d := range ds {
				out = append(out, path.Clean(d))
			}
			slices.Sort(out)
			return slices.Compact(out)
		}
		model, want := clean(dirs), clean(got[i].dirs)
		missed := false
		for _, d := range want {
			if !slices.Contains(model, d) {
				missed = true
				t.Errorf("%q: go reads the module directory %q, the model names %q", text, d, dirs)
			}
		}
		switch {
		case missed:
		case len(model) > len(want):
			more++
		default:
			agree++
		}
	}
	t.Logf("%d files (half go.work, half go.mod): go rejects %d; of the %d it reads, the model calls %d not known, names the same directories in %d and more in %d",
		n, rejected, n-rejected, unknown, agree, more)
}

// goEditDirs returns the module directories in the JSON that
// `go work edit -json` or `go mod edit -json` prints: every use, and
// every replacement without a version (a directory).
func goEditDirs(out []byte) ([]string, error) {
	var f struct {
		Use []struct {
			DiskPath string
		}
		Replace []struct {
			New struct {
				Path    string
				Version string
			}
		}
	}
	if err := json.Unmarshal(out, &f); err != nil {
		return nil, err
	}
	var dirs []string
	for _, u := range f.Use {
		dirs = append(dirs, u.DiskPath)
	}
	for _, rp := range f.Replace {
		if rp.New.Version == "" {
			dirs = append(dirs, rp.New.Path)
		}
	}
	return dirs, nil
}

// goModText returns a go.work (work) or go.mod file: a few directives,
// single or in blocks, in the spellings modfile's lexer reads; about
// one part in ten is one it rejects or reads otherwise (an odd spelling,
// a misplaced token, a directive of the other file).
func goModText(r *rand.Rand, work bool) string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	rare := func() bool { return r.IntN(10) == 0 }
	blank := func() string {
		if rare() {
			return pick([]string{"\t\t", " \r", "\r ", "\u00a0", ""})
		}
		return pick([]string{" ", " ", "\t"})
	}
	eol := func() string {
		if rare() {
			return pick([]string{"\r\n", " // c\n", "// use ../c\n", "\t//x\n", "\n\n", " /* c */\n", " )\n", " (\n"})
		}
		return "\n"
	}
	dir := func() string {
		d := pick([]string{".", "./a", "a", "a/b", "../out", "/abs/x", "./a/", "a//", "./a/../b", "..", "./a.b", "a-b_c~d", "../../x", "./.x"})
		if rare() {
			d = pick([]string{"./a//b", "./a#b", "a=>b", "./-x", "./a@v1", "./a;b", "./a$b", "./a*",
				`.\a`, `C:\x`, "./é", "./a,b", "./a[1]", "./a{b}", "./a'b", "./a\"b", "./a`b"})
		}
		switch r.IntN(6) {
		case 0, 1:
			q := strings.ReplaceAll(strings.ReplaceAll(d, `\`, `\\`), `"`, `\"`)
			if rare() {
				q = strings.Replace(q, ".", `\x2e`, 1)
			}
			if rare() {
				q = strings.Replace(q, "a", `\u0061`, 1)
			}
			if rare() {
				q += " b//c"
			}
			if rare() {
				return `"` + q // never closed
			}
			return `"` + q + `"`
		case 2:
			if rare() && !strings.Contains(d, "`") {
				return "`" + d + "`" // go's lexer reads it, its parser rejects it
			}
		}
		return d
	}
	module := func() string {
		if rare() {
			return pick([]string{`"example.com/q"`, "`example.com/r`", "m/v2", "Example.com/M"})
		}
		return pick([]string{"example.com/m", "golang.org/x/y", "m"})
	}
	version := func() string {
		if rare() {
			return pick([]string{"latest", "v1", `"v1.0.0"`, "v2.1.0+incompatible"})
		}
		return pick([]string{"v1.0.0", "v0.0.0-20200101000000-abcdefabcdef"})
	}
	replacement := func() string {
		old := module()
		if r.IntN(3) == 0 {
			old += blank() + version()
		}
		arrow := " => "
		if rare() {
			arrow = pick([]string{"=>", " =>", "=> ", " = > ", " -> "})
		}
		if r.IntN(4) == 0 {
			return old + arrow + module() + blank() + version()
		}
		d := dir()
		if !goDirPath(strings.Trim(d, "\"`")) && !rare() {
			d = "./" + d // a replacement without a version is a directory path
		}
		return old + arrow + d
	}
	entry := func(verb string) string {
		switch verb {
		case "use":
			if rare() {
				return pick([]string{dir() + blank() + dir(), ""})
			}
			return dir()
		case "replace":
			return replacement()
		case "require", "exclude":
			return module() + blank() + version()
		case "toolchain":
			return "go1.22.0"
		}
		return pick([]string{"x", "(", ")", "[", "{", ",", `"`, "=>", "é"})
	}
	var b strings.Builder
	if !work && r.IntN(8) > 0 {
		b.WriteString("module " + module() + eol())
	}
	if r.IntN(2) == 0 {
		b.WriteString("go 1.21" + eol())
	}
	verbs := []string{"replace", "replace", "require", "exclude"}
	if work {
		verbs = []string{"use", "use", "use", "replace", "replace", "toolchain"}
	}
	for range 1 + r.IntN(4) {
		verb := pick(verbs)
		if rare() {
			verb = pick([]string{"Use", "junk", "use", "require"})
		}
		switch r.IntN(7) {
		case 0, 1: // a block
			if verb == "toolchain" {
				break
			}
			open := " ("
			if rare() {
				open = pick([]string{"(", "\t(", " ( ", " (// c", " ( x"})
			}
			b.WriteString(verb + open + "\n")
			for range r.IntN(4) {
				b.WriteString(pick([]string{"\t", "", "  "}) + entry(verb) + eol())
			}
			close := ")\n"
			if rare() {
				close = pick([]string{")", ") // c\n", ") x\n", "\t)\n", "", "))\n"})
			}
			b.WriteString(close)
		case 2:
			if rare() { // a block on one line
				b.WriteString(verb + " (" + blank() + entry(verb) + pick([]string{" )", ")", ""}) + eol())
				break
			}
			fallthrough
		default:
			b.WriteString(verb + blank() + entry(verb) + eol())
		}
	}
	return b.String()
}
