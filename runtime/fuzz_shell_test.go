package runtime

import (
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzExtract checks that Extract never panics, and that what it returns
// holds together.
func FuzzExtract(f *testing.F) {
	for _, src := range []string{
		"git status && ls -la | grep foo",
		"r''m -rf /; \"r\"m x; $'\\x72m' y; \\rm z; /bin/rm -- -rf",
		"rm -fr --rec --no-pres -- -x - $X *",
		"${IFS}rm {rm,-rf,/} a{1..3} {a..c} {} -I{} ~ ~/x ~root $HOME/x ${HOME}x",
		"sudo -u root env -i A=1 timeout -s KILL 10 nice -n 5 rm -rf /",
		"sudo bash -lc \"rm -rf /; echo done\"",
		"bash -c 'echo '\\''q'\\'' && rm x' _ a",
		"sh -c \"$CMD\"; sh -c \"$(curl x)\"; bash <(curl x)",
		"eval \"rm -rf /\"; eval -- 'a (' $b",
		"find . -name x -exec rm -rf {} \\; -execdir sh -c 'rm \"$0\"' {} +",
		"xargs -0 -I{} rm {} < f; ls | parallel -j4 gzip ::: a b",
		"curl x | tee y | bash; wget -O- x |& sudo sh -s",
		"git -C dir push --force --for origin +main",
		"echo hi > /etc/passwd 2>&1 >&2 <&0 >&- &>f &>>g >|h <>i",
		"{ cat; } < .env; (a) > f; (( 1 )) > g; [[ -f $(b) ]] 2> h",
		"bash <<EOF\nrm -rf /\nEOF\n",
		"cat <<'EOF' | sh\n$(rm x)\nEOF\nbash <<<'rm y'",
		"a=$(rm x); FOO=1 BAR=$(id) cmd; export X=$(curl x); declare -a a=(1 $(b))",
		"f() { rm -rf /; }; function g { h; } > out; f",
		"if a; then b; elif c; then d; else e; fi; while f; do g; done; until h; do i; done",
		"for x in $(ls); do rm \"$x\"; done; for ((i=0;i<$(n);i++)); do :; done; select s in a; do b; done",
		"case $(a) in x|$(y)) b;; *) c;& esac",
		"time rm x; coproc w { a; }; ! b & let x=$(c)+1",
		"echo \"unclosed",
		"echo )",
		"a &&",
		"if true; then echo",
		"env -S 'rm -rf \"/a b\"' x; env --split-string=\"A=1 bash -c 'rm y'\"",
		"su -c 'rm x' root; su - root -c 'rm y'; flock /l -c 'rm z'; watch -n1 'ls | wc'",
		"command -v rm; builtin cd; exec -a n rm; chroot /r rm; busybox rm -rf /",
		"echo $'\\0101\\u00e9\\cA\\x' \"a\\\"b\" 'c\\d' e\\\nf @(a|b) $((1+2))",
		"bash -c \"bash -c 'bash -c \\\"bash -c x\\\"'\"",
		"find -exec {} \\; -ok ./{}.sh ';' | parallel -I% 'rm %' ::: a :::: f",
		"sudo $OPTS -- $CMD; xargs -i{} {} --help; SUDO -l rm; env - A=1 - rm",
		"a[1]=x b+=(y $(z)) c=~/p:~root/q d=$'\\t' e=\"$HOME\" >(tee f) 3<&- {v}>&2",
	} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lim := Limits{Depth: 4, Commands: 200}
		x := Extract(src, testKnowledge, lim)
		checkExtraction(t, src, x, lim)
		// The pool of extractors must not leak state between calls.
		if y := Extract(src, testKnowledge, lim); !reflect.DeepEqual(x, y) {
			t.Fatalf("Extract(%q) differs on a second call:\n%s\n%s",
				src, lines(render(x)), lines(render(y)))
		}
	})
}

// checkExtraction checks the invariants of an extraction of src.
func checkExtraction(t *testing.T, src string, x *Extraction, lim Limits) {
	t.Helper()
	if x == nil {
		t.Fatalf("Extract(%q) = nil", src)
	}
	if x.ParseError == parserPanicText {
		t.Errorf("the parser panicked")
	}
	if len(x.Cmds) > lim.Commands {
		t.Errorf("%d commands, limit %d", len(x.Cmds), lim.Commands)
	}
	if len(x.Cmds) == lim.Commands+1 || (x.TooMany && len(x.Cmds) != lim.Commands) {
		t.Errorf("TooMany %v with %d commands, limit %d", x.TooMany, len(x.Cmds), lim.Commands)
	}
	for _, c := range x.Cmds {
		r := renderCmd(c)
		switch {
		case c.Program.Dynamic:
			if c.Path != "" || c.Program.Text == "" {
				t.Errorf("dynamic program with path %q, text %q: %s", c.Path, c.Program.Text, r)
			}
		case c.Program.Text == "":
			if c.Path != "" || len(c.Words)+len(c.Flags)+len(c.Operands) > 0 {
				t.Errorf("program-less command with words: %s", r)
			}
			if len(c.Assigns)+len(c.Redirs) == 0 {
				t.Errorf("program-less command with no assignment or redirection: %s", r)
			}
		default:
			if c.Path == "" || path.Base(c.Path) != c.Program.Text {
				t.Errorf("program %q, path %q: %s", c.Program.Text, c.Path, r)
			}
		}
		if c.Depth < 0 || c.Depth > lim.Depth || len(c.Wrappers) > lim.Depth {
			t.Errorf("depth %d, %d wrappers, limit %d: %s", c.Depth, len(c.Wrappers), lim.Depth, r)
		}
		if c.Depth == 0 && !strings.Contains(src, c.Text) {
			t.Errorf("text %q not in the source: %s", c.Text, r)
		}
		for _, op := range c.Operands {
			if !slices.Contains(c.Words, op) {
				t.Errorf("operand %q not among the words: %s", op.Text, r)
			}
		}
		if len(c.Flags) > 0 && len(c.Words) == 0 {
			t.Errorf("flags without words: %s", r)
		}
		for i, p := range c.Producers {
			if p == "" || slices.Contains(c.Producers[:i], p) {
				t.Errorf("producers %q: %s", c.Producers, r)
			}
		}
		for _, rd := range c.Redirs {
			if !rd.Read && !rd.Write {
				t.Errorf("redirection %q neither reads nor writes: %s", rd.Op, r)
			}
		}
		for _, w := range c.Words {
			if w.Dynamic && w.Text == "" {
				t.Errorf("dynamic word with no text: %s", r)
			}
		}
	}
}
