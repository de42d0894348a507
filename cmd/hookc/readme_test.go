package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestREADME checks that the examples of README.md and of every
// docs/*.md are real: the files they show are written out, the commands
// they show are run, in order, and their output must be what they show.
// The documents run in one scratch directory, README.md first and then
// docs/*.md by name, so that a document may use what README.md made (the
// quick start's policy).
//
// A fenced block preceded by <!-- readme-test file NAME --> is the file
// NAME; <!-- readme-test file NAME ... --> holds a file the document does
// not show; <!-- readme-test copy FROM TO --> copies FROM, a file or a
// directory of the repository, to TO. A block preceded by
// <!-- readme-test run [DIR] --> holds commands, each a line "$ command",
// followed by its output (stdout, then stderr); a line "..." in the output
// stands for any lines. Commands run in DIR of the scratch directory: hookc
// itself (in-process) and "./binary < file". <!-- readme-test long -->
// before a run block marks it as one that builds or runs a hook: -short
// skips it.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the README")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(docs)
	names := append([]string{filepath.Join(repo, "README.md")}, docs...)
	work := t.TempDir()
	// The go command keeps its caches under HOME unless told: keep the
	// warm ones, and no network.
	if ge, err := goEnv(); err == nil {
		for k, v := range ge {
			t.Setenv(k, v)
		}
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOTOOLCHAIN", "local")
	t.Setenv("HOME", filepath.Join(work, ".home"))
	if err := testenv.GoTelemetryOff(filepath.Join(work, ".home")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	_, noGo := build.GoTool()
	total := 0
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repo, name)
		rel = filepath.ToSlash(rel)
		steps := readmeSteps(t, rel, string(src))
		total += len(steps)
		long := false
		for _, s := range steps {
			switch s.kind {
			case "file":
				name := filepath.Join(work, filepath.FromSlash(s.arg))
				os.MkdirAll(filepath.Dir(name), 0o755)
				if err := os.WriteFile(name, []byte(s.body), 0o644); err != nil {
					t.Fatal(err)
				}
			case "copy":
				from, to, _ := strings.Cut(s.arg, " ")
				if err := os.CopyFS(filepath.Join(work, filepath.FromSlash(to)), os.DirFS(filepath.Join(repo, filepath.FromSlash(from)))); err != nil {
					// A file rather than a directory.
					b, rerr := os.ReadFile(filepath.Join(repo, filepath.FromSlash(from)))
					if rerr != nil {
						t.Fatalf("%s:%d: copy: %v", rel, s.line, err)
					}
					os.WriteFile(filepath.Join(work, filepath.FromSlash(to)), b, 0o644)
				}
			case "long":
				long = true
			case "run":
				if long && (testing.Short() || noGo != nil) {
					t.Logf("%s:%d: skipped (builds or runs a hook)", rel, s.line)
					long = false
					continue
				}
				long = false
				dir := filepath.Join(work, filepath.FromSlash(s.arg))
				os.MkdirAll(dir, 0o755)
				t.Chdir(dir)
				for _, c := range s.cmds {
					got := runReadmeCommand(t, c.line)
					if !matchLines(got, c.want) {
						t.Errorf("%s:%d: $ %s\ngot:\n%s\nwant:\n%s", rel, s.line, c.line, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
					}
				}
			}
		}
	}
	if total < 10 {
		t.Fatalf("only %d steps in README.md and docs/*.md", total)
	}
}

type readmeStep struct {
	kind string // "file", "run", "long"
	arg  string
	line int
	body string
	cmds []readmeCmd
}

type readmeCmd struct {
	line string
	want []string
}

var readmeMark = regexp.MustCompile(`(?s)<!-- readme-test (file|run|long|copy)([^\n]*?)(?: -->|\n(.*?)-->)`)

func readmeSteps(t *testing.T, name, src string) []readmeStep {
	var steps []readmeStep
	for _, m := range readmeMark.FindAllStringSubmatchIndex(src, -1) {
		kind := src[m[2]:m[3]]
		arg := strings.TrimSpace(src[m[4]:m[5]])
		line := 1 + strings.Count(src[:m[0]], "\n")
		s := readmeStep{kind: kind, arg: arg, line: line}
		if kind == "long" || kind == "copy" {
			steps = append(steps, s)
			continue
		}
		if m[6] >= 0 { // a file the document does not show
			s.body = src[m[6]:m[7]]
			steps = append(steps, s)
			continue
		}
		rest := src[m[1]:]
		rest = strings.TrimLeft(rest, "\n")
		if !strings.HasPrefix(rest, "```") {
			t.Fatalf("%s:%d: readme-test %s is not followed by a fenced block", name, line, kind)
		}
		rest = rest[strings.IndexByte(rest, '\n')+1:]
		end := strings.Index(rest, "```")
		if end < 0 {
			t.Fatalf("%s:%d: unterminated block", name, line)
		}
		s.body = rest[:end]
		if kind == "run" {
			for _, l := range strings.Split(strings.TrimSuffix(s.body, "\n"), "\n") {
				if c, ok := strings.CutPrefix(l, "$ "); ok {
					s.cmds = append(s.cmds, readmeCmd{line: c})
				} else if len(s.cmds) > 0 {
					s.cmds[len(s.cmds)-1].want = append(s.cmds[len(s.cmds)-1].want, l)
				}
			}
		}
		steps = append(steps, s)
	}
	return steps
}

// runReadmeCommand runs one command line and returns its output lines.
func runReadmeCommand(t *testing.T, line string) []string {
	t.Helper()
	words := readmeWords(line)
	var out bytes.Buffer
	switch {
	case len(words) > 0 && words[0] == "hookc":
		var stderr bytes.Buffer
		run(words[1:], strings.NewReader(""), &out, &stderr)
		out.Write(stderr.Bytes())
	case len(words) == 3 && strings.HasPrefix(words[0], "./") && words[1] == "<":
		in, err := os.ReadFile(words[2])
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(words[0])
		cmd.Stdin = bytes.NewReader(in)
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Errorf("$ %s: %v", line, err)
		}
	default:
		t.Fatalf("document command %q: only hookc and ./binary < file run", line)
	}
	text := strings.TrimSuffix(out.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// readmeWords splits a command line into words, with single and double
// quotes.
func readmeWords(s string) []string {
	var words []string
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, b.String())
	}
	return words
}

// matchLines reports whether got matches want, where a "..." line of want
// matches any number of lines.
func matchLines(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(got[1:], want[1:])
}
