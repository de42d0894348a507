package gen_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"hookc.dev/hookc"
	"hookc.dev/hookc/internal/hooktable"
	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// nasty are policy strings that would change a generated program that
// pasted them into its source: quotes, backticks, newlines, comment
// delimiters, directives, Go code, invalid UTF-8, NUL and invisible runes.
var nasty = []string{
	`say "hi"`,
	"back`tick`",
	"two\nlines\r\nand a CR\r",
	"*/ end of a comment",
	"/* open a comment",
	"//go:generate rm -rf /",
	"\n//go:build ignore\n",
	"\n//go:linkname x runtime.y\n",
	"\n//line evil.go:1\n",
	"\"}\nfunc init() { panic(\"pwned\") }\nvar _ = []string{\"",
	"`}\nfunc init() { panic(`pwned`) }\nvar _ = []string{`",
	"\\\" \\n \\x41 \\u0041 %v %s {path}",
	"invalid UTF-8: \xff\xfe \xe2\x82 end",
	"NUL \x00 byte",
	"line\u2028separator\u2029and \ufeffBOM \u202eRTL override",
	"package main\nimport \"os\"\nfunc main() { os.Exit(3) }",
	"$(rm -rf /) `id` ${HOME}",
	"",
}

// nastyTable is a table holding every nasty string in every kind of string
// field: policy, rule names, positions, reasons, messages, contexts,
// matchers, patterns, input paths, env names, command knowledge and tools.
// Rule i denies a Bash call whose command is "run i", with the reason
// nasty[i] followed by the rule's name through {rule}.
func nastyTable() *runtime.Table {
	t := &runtime.Table{
		Policy:  strings.Join(nasty, "|"),
		SHA256:  nasty[0],
		Default: runtime.Allow,
		OnError: runtime.Ask,
	}
	for i, s := range nasty {
		t.Patterns = append(t.Patterns, regexpQuote(s))
		t.Rules = append(t.Rules, runtime.Rule{
			Name:     fmt.Sprintf("rule %d %s", i, s),
			Pos:      s,
			Decision: runtime.Deny,
			Reason:   s + "|{rule}",
			Message:  s,
			Cmd: &runtime.CmdCond{
				Name: runtime.Str{Op: runtime.StrExact, S: "run"},
				Args: runtime.List{Conds: []runtime.ListCond{{Q: runtime.QAny, Elem: runtime.Str{Op: runtime.StrExact, S: strconv.Itoa(i)}}}},
				Words: runtime.List{Conds: []runtime.ListCond{{Q: runtime.QNone, Elem: runtime.Str{Op: runtime.StrOr, Subs: []runtime.Str{
					{Op: runtime.StrExact, S: s + "x"},
					{Op: runtime.StrRe, Re: int32(i)},
					{Op: runtime.StrGlob, S: globQuote(s) + "?"},
				}}}}},
			},
			Input: []runtime.Field{{Path: "x." + s, Kind: runtime.FieldAbsent}},
			Env:   []runtime.EnvCond{{Name: "X" + s, Unset: true}},
		})
		t.Commands = append(t.Commands, runtime.Command{Name: fmt.Sprintf("c%02d%s", i, s), Opts: runtime.EncodeOpts([]runtime.OptSpec{{Name: "-" + s, Kind: runtime.OptValue}}), KeyReads: []string{s}})
		t.Tools = append(t.Tools, runtime.ToolPaths{Tool: fmt.Sprintf("T%02d%s", i, s), Reads: []string{s}})
	}
	return t
}

// regexpQuote quotes s as a regular expression that matches it; invalid
// UTF-8, which regexp cannot spell, is left out.
func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "") {
		b.WriteString(fmt.Sprintf(`\x{%x}`, r))
	}
	if b.Len() == 0 {
		return "^$"
	}
	return b.String()
}

// globQuote quotes s as a glob that matches it.
func globQuote(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "") {
		if strings.ContainsRune(`*?[]{},\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestSourceSafe checks that the generated source of nastyTable formats,
// parses, and declares exactly what gen writes: no other declarations, no
// directives, one comment line per position.
func TestSourceSafe(t *testing.T) {
	t.Parallel()
	tb := nastyTable()
	for _, main := range []bool{false, true} {
		src, err := gen.Source(tb, gen.Options{Package: "main", Main: main})
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "table_gen.go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("generated source does not parse: %v", err)
		}
		var decls []string
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ImportSpec:
						decls = append(decls, "import "+s.Path.Value)
					case *ast.ValueSpec:
						decls = append(decls, d.Tok.String()+" "+s.Names[0].Name)
					default:
						decls = append(decls, fmt.Sprintf("%T", s))
					}
				}
			case *ast.FuncDecl:
				decls = append(decls, "func "+d.Name.Name)
			}
		}
		want := []string{`import "hookc.dev/hookc/runtime"`, `import "hookc.dev/hookc/runtime/commands"`, `import "hookc.dev/hookc/runtime/schema"`, "const _"}
		if main {
			want = append(want, "func main")
		}
		want = append(want, "var Table")
		if !reflect.DeepEqual(decls, want) {
			t.Errorf("main %v: declarations %q, want %q", main, decls, want)
		}
		// Comments: gen's own lines and one per rule position, each a
		// single // line that is no directive.
		n := 0
		for _, g := range f.Comments {
			for _, c := range g.List {
				n++
				if !strings.HasPrefix(c.Text, "// ") || strings.Contains(c.Text, "\n") {
					t.Errorf("comment %q", c.Text)
				}
			}
		}
		wantN := 4 // the header, two lines on the format, one on the table
		for _, r := range tb.Rules {
			if r.Pos != "" {
				wantN++ // each position but the empty one
			}
		}
		if n != wantN {
			t.Errorf("%d comments, want %d", n, wantN)
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); strings.HasPrefix(l, "//go:") || strings.HasPrefix(l, "//line") {
				t.Errorf("directive in the generated source: %q", l)
			}
			if !utf8.ValidString(sc.Text()) {
				t.Errorf("invalid UTF-8 in the generated source: %q", sc.Text())
			}
		}
	}
}

func needGo(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	g, err := build.GoTool()
	if err != nil {
		testenv.Missing(t, err)
	}
	return g
}

// TestGeneratedTableVerbatim compiles the generated table into a program
// that dumps it, and checks that it is the table hooktable.Generated
// makes, every string byte for byte.
func TestGeneratedTableVerbatim(t *testing.T) {
	t.Parallel()
	goTool := needGo(t)
	tb := nastyTable()
	src, err := gen.Source(tb, gen.Options{Package: "main"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir)
	mainSrc := "package main\n\nimport (\n\t\"fmt\"\n\t\"reflect\"\n\t\"strconv\"\n\t\"strings\"\n)\n\n" +
		"func main() {\n\tvar b strings.Builder\n\tdump(&b, reflect.ValueOf(*Table))\n\tfmt.Print(b.String())\n}\n" + dumpSource(t)
	for name, b := range map[string][]byte{"dump/table_gen.go": src, "dump/main.go": []byte(mainSrc)} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "dumper")
	cmd := exec.Command(goTool, "build", "-o", bin, "./dump")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated table does not compile: %v\n%s", err, out)
	}
	got, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	// The table as the hook runs it: some matchers' parts moved into
	// LazySubs (design.md 381), which comes out verbatim too.
	hook, err := hooktable.Generated(tb)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	dump(&want, reflect.ValueOf(*hook))
	if w := want.String(); string(got) != w {
		i := 0
		for i < len(got) && i < len(w) && got[i] == w[i] {
			i++
		}
		from := max(i-200, 0)
		t.Errorf("the compiled table differs from the table at byte %d:\n got …%.400s\nwant …%.400s", i, got[from:], w[from:])
	}
}

// writeModule lays out a module in dir like hookc build's: go.mod, go.sum
// and runtime/ from the embedded source.
func writeModule(t *testing.T, dir string) {
	t.Helper()
	mod, err := fs.ReadFile(hookc.Source, "go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var sh string
	for l := range strings.SplitSeq(string(mod), "\n") {
		if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "require")); len(f) >= 2 && f[0] == "mvdan.cc/sh/v3" {
			sh = f[1]
		}
	}
	sum, err := fs.ReadFile(hookc.Source, "go.sum")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"go.mod": []byte("module hookc.dev/hookc\n\ngo 1.26.0\n\nrequire mvdan.cc/sh/v3 " + sh + "\n"),
		"go.sum": sum,
	}
	rt, err := hookc.RuntimeFiles()
	if err != nil {
		t.Fatal(err)
	}
	maps.Copy(files, rt)
	for name, b := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// jsonText is what a hook's JSON output makes of s: each byte of invalid
// UTF-8 becomes U+FFFD (encoding/json's rule), everything else is kept.
func jsonText(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		b.WriteRune(r) // RuneError for an invalid byte, with size 1
		s = s[size:]
	}
	return b.String()
}

// TestHookStringsVerbatim builds a hook from nastyTable and checks that
// its deny reasons and messages, rule names included, are the policy's
// strings (with invalid UTF-8 as U+FFFD), as the in-process evaluator
// prints them.
func TestHookStringsVerbatim(t *testing.T) {
	t.Parallel()
	needGo(t)
	tb := nastyTable()
	bin := filepath.Join(t.TempDir(), "hook")
	if err := build.Binary(tb, bin); err != nil {
		t.Fatal(err)
	}
	for i, s := range nasty {
		payload, _ := json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse", "cwd": "/p", "tool_name": "Bash",
			"tool_input": map[string]any{"command": "run " + strconv.Itoa(i)},
		})
		cmd := exec.Command(bin)
		cmd.Stdin = bytes.NewReader(payload)
		cmd.Env = []string{}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("rule %d: %v", i, err)
		}
		var o struct {
			SystemMessage *string `json:"systemMessage"`
			HSO           struct {
				Decision string `json:"permissionDecision"`
				Reason   string `json:"permissionDecisionReason"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(out, &o); err != nil {
			t.Fatalf("rule %d: %v: %q", i, err, out)
		}
		name := fmt.Sprintf("rule %d %s", i, s)
		// Placeholders are filled in, the rest is verbatim.
		expand := strings.NewReplacer("{tool}", "Bash", "{program}", "run", "{command}", "run "+strconv.Itoa(i), "{path}", "(none)", "{rule}", name).Replace
		if want := jsonText(expand(s + "|{rule}")); o.HSO.Decision != "deny" || o.HSO.Reason != want {
			t.Errorf("rule %d: %s %q, want deny %q", i, o.HSO.Decision, o.HSO.Reason, want)
		}
		if s == "" {
			if o.SystemMessage != nil {
				t.Errorf("rule %d: an empty message printed as %q", i, *o.SystemMessage)
			}
		} else if o.SystemMessage == nil || *o.SystemMessage != jsonText(expand(s)) {
			t.Errorf("rule %d: message %v, want %q", i, o.SystemMessage, jsonText(expand(s)))
		}
		var stdout, stderr bytes.Buffer
		runtime.Run(tb, nil, bytes.NewReader(payload), &stdout, &stderr, &runtime.Env{})
		if !bytes.Equal(stdout.Bytes(), out) {
			t.Errorf("rule %d: binary %s, in-process %s", i, out, stdout.Bytes())
		}
	}
}
