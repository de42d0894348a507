package runtime

import (
	"slices"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/shell"
)

func TestOldStyleWords(t *testing.T) {
	t.Parallel()
	i := slices.IndexFunc(commands.BaseCommands, func(c Command) bool { return c.Name == "tar" })
	tar := &commands.BaseCommands[i]
	for _, tt := range []struct{ in, want []string }{
		{[]string{"cf", "/tmp/x.tar", "."}, []string{"-c", "-f", "/tmp/x.tar", "."}},
		{[]string{"cfb", "a.tar", "20", "src"}, []string{"-c", "-f", "a.tar", "-b", "20", "src"}},
		{[]string{"-cf", "a.tar", "."}, []string{"-cf", "a.tar", "."}},
		{[]string{"tvf"}, []string{"-t", "-v", "-f"}},
	} {
		var words []Word
		for _, w := range tt.in {
			words = append(words, Word{Text: w})
		}
		var got []string
		for _, w := range shell.OldStyleWords(words, tar) {
			got = append(got, w.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("shell.OldStyleWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// Another program's first word is an operand.
	if got := shell.OldStyleWords([]Word{{Text: "cf"}}, testKnowledge("cat")); got[0].Text != "cf" {
		t.Errorf("cat's first word rewritten: %q", got[0].Text)
	}
}

func TestGoModuleDirs(t *testing.T) {
	t.Parallel()
	fs := MapFS{
		Files: map[string]bool{"/p/go.work": true, "/p/go.mod": true, "/p/sub/a.go": true, "/p/.env": true, "/p/in/go.mod": true},
		Links: map[string]string{"/p/in/go.mod": "/p/.env", "/p/out": "/elsewhere"},
		Contents: map[string]string{
			"/p/go.mod": "module x\n\nreplace example.com/y => example.com/z v1.0.0\n",
		},
	}
	for _, tt := range []struct {
		work, outside string
		mods          []string
	}{
		{"go 1.21\nuse (\n\t.\n\t./sub\n)\n", "", nil},
		{"go 1.21\nuse ../x // beside\n", "/x", nil},
		{"use \"/abs/mod\"\n", "/abs/mod", nil},
		{"replace a => ../y\n", "/y", nil},
		{"replace (\n\ta v1 => ./sub\n\tb => /z\n)\n", "/z", nil},
		{"use ./out\n", "/elsewhere", nil},
		{"use ./in\n", "", []string{"/p/in/go.mod"}},
		// Spellings go reads as its lexer does (round 31): use names a
		// directory without ./ too, use( opens a block, // in a quoted
		// path is no comment.
		{"use .\nuse in\n", "", []string{"/p/in/go.mod"}},
		{"use \"in\"\n", "", []string{"/p/in/go.mod"}},
		{"use in/../in\n", "", []string{"/p/in/go.mod"}},
		{"use out\n", "/elsewhere", nil},
		{"use(\n\t./in\n)\n", "", []string{"/p/in/go.mod"}},
		{"use(\n\tout\n)\n", "/elsewhere", nil},
		{"use \"./in//\"\n", "", []string{"/p/in/go.mod"}},
		{"use \"../outside//\"\n", "/outside", nil},
		{"use `../raw`\n", "/raw", nil},
		{"replace a => in\n", "", nil}, // a module path
		{"replace a=>../y\n", "", nil}, // one word: go reads no =>
		// What go's lexer reads otherwise is not known: the file.
		{"use \"./in\n", "/p/go.work", nil},
		{"use ./in\u00a0x\n", "/p/go.work", nil},
		{"use ( ./in )\n", "/p/go.work", nil},
	} {
		fs.Contents["/p/go.work"] = tt.work
		e := &evaluator{env: &Env{FS: fs}, root: "/p"}
		out, mods := e.goModuleDirs("/p/go.work")
		if out != tt.outside || !slices.Equal(mods, tt.mods) {
			t.Errorf("goModuleDirs(%q) = %q, %q; want %q, %q", tt.work, out, mods, tt.outside, tt.mods)
		}
	}
}
