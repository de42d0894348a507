package runtime

import (
	"strings"
	"testing"
)

// TestLexDiffers checks the lines that bash and the parser read
// differently (design.md 70): each takes the parse-error floor; the
// lines beside them that both read alike do not.
func TestLexDiffers(t *testing.T) {
	tests := []struct {
		src  string
		want string // a part of the parse error, "" for none
	}{
		{"echo hi # c \\\ntouch x", "comment that ends in a backslash"},
		{"echo hi #\\\ntouch x", "comment that ends in a backslash"},
		{"# \\\nrm -rf ~", "comment that ends in a backslash"},
		{"ls;# \\\nrm x", "comment that ends in a backslash"},
		{"bash -c 'ls # \\\nrm x'", "comment that ends in a backslash"},
		{"echo hi # c \\\\\nls", ""},
		{"echo a\\#b \\\nls", ""},
		{"echo a#b\\\nc", ""},
		{"# build\ngo build \\\n  ./...", ""},
		{"echo x \\\r\ntouch y", "carriage return"},
		{"echo a\rb", "carriage return"},
		{"ls\r\n", "carriage return"},
		{"echo $(cat <<EOF\nx\nEOF)\ntouch y\nEOF\n)", "here-document"},
		{"cat <<EOF\nx\nEOF )\nEOF", "here-document"},
		{"cat <<-EOF\n\tEOF)\nEOF", "here-document"},
		{"cat <<'EOF'\nEOF)x\nEOF", "here-document"},
		{"cat <<EOF\nx\nEOFx\nEOF", ""},
		{"cat <<EOF\nx\nEOF \nEOF", "here-document"},
		{"cat <<EOF\n$(echo '\nEOF\nrm -rf ~\n')\nEOF", "here-document"},
		{"cat <<EOF\n`echo\nEOF\nrm -rf ~\n`\nEOF", "here-document"},
		{"cat <<EOF\n${x:-\nEOF\n}\nEOF", "here-document"},
		{"cat <<EOF\n$(cat <<'X'\nEOF\nX\n)\nEOF", "here-document"},
		{"cat <<EO\\\nF\nbody\nEOF\nrm -rf ~\nEO\\\nF", "here-document"},
		{"tee f <<EOF\nE\\\nOF\nrm -rf ~\nEOF", "here-document"},
		{"cat <<EOF\na\\\nEOF\nrm -rf ~\nEOF", ""},
		{"cat <<'EOF'\na\\\nEOF", ""},
		{"cat <<-EOF\n\tx\n\t$y\n\tEOF", ""},
		{"cat <<EOF; [[ a == b ]]\necho '\nEOF\ntouch x\n'\nEOF", "here-document"},
		{"cat <<EOF; [[ a == b ]]\nx\nEOF", "here-document"},
		{"cat <<EOF && (( x ))\nx\nEOF", ""},
		{"tee f <<A | c $(cat <<'B') <<C\nx\nA\ny\nB\nC", "here-document"},
		{"echo $(cat <<EOF)\nx\nEOF", "here-document"},
		{"echo $(cat <<EOF\nx\nEOF\n)", ""},
		{"echo $\\\n(touch x)", "a $ followed by a line continuation"},
		{"echo ${v:-x$\\\n(touch x)}", "a $ followed by a line continuation"},
		{"echo \"$\\\n{x}\"", "a $ followed by a line continuation"},
		{"echo \\$\\\\\nx", ""},
		{"x=$(cat <<E\n`cat <<'F'\nF\\\nX\nF\n`\nE\n)", "backquotes"},
		{"x=$(cat <<E\n$(cat <<'F'\nF\\\nX\nF\n)\nE\n)", "here-document"},
		{"echo `cat '.en\\\nv'`", "inside backquotes"},
		{"echo `ls \\\n-a`", "inside backquotes"},
		{"echo `ls` \\\n-a", ""},
		{"cat > run.sh <<EOF\ndocker run \\\n  -v x \\\n  img\nEOF", ""},
		{"cat <<EOF\nx\n EOF\nEOF", ""},
		{"cat <<EOF\nx\nEOF", ""},
		{"cat <<''\nx\n\n", ""},
		{"cat < /dev/tcp/h/80", "/dev/tcp"},
	}
	for _, tt := range tests {
		x := Extract(tt.src, testKnowledge, Limits{})
		got := x.ParseError
		for _, c := range x.Cmds {
			if c.Opaque != "" {
				got += c.Opaque
			}
		}
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("Extract(%q): parse error or opaque %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestProcAlias checks that paths through /proc's links and /dev/fd are
// decided as the paths they reach (design.md 71).
func TestProcAlias(t *testing.T) {
	table := testTable([]Command{{Name: "cat", Reads: OpAll}},
		Rule{Name: "secret", Pos: "p.cue:1:1", Decision: Deny, Path: any1(Str{Op: StrNot, Subs: []Str{{Op: StrOr, Subs: []Str{{Op: StrDynamic}, {Op: StrNot, Subs: []Str{exact("/etc/shadow", "/home/user/.aws/credentials")}}}}}})},
		Rule{Name: "dynamic", Pos: "p.cue:2:1", Decision: Ask, Path: any1(Str{Op: StrDynamic})},
		Rule{Name: "read-only", Pos: "p.cue:3:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat", "cd")}})
	tests := []struct {
		line string
		want Decision
	}{
		{"cat /proc/self/root/etc/shadow", Deny},
		{"cat /proc/thread-self/root/etc/shadow", Deny},
		{"cat /proc/self/task/12/root/etc/shadow", Deny},
		{"cat /proc/1/root/etc/shadow", Ask}, // another process's root: not known (design.md 414)
		{"cat /proc//self/./root/etc/../etc/shadow", Deny},
		{"cat /dev/fd/../root/etc/shadow", Deny},
		{"cat /dev/fd/../../self/root/etc/shadow", Deny},
		{"cat /dev/fd/../../proc/self/root/etc/passwd", Ask}, // /proc/proc/...: no open place
		{"cd /home/user/.aws && cat /proc/self/cwd/credentials", Deny},
		{"cd ~/.aws; cat /proc/self/cwd/../.aws/credentials", Deny},
		{"cat /proc/self/cwd/../../home/user/.aws/credentials", Deny},
		{"cat /proc/1/cwd/credentials", Ask}, // another process's directory: not known
		{"cat /proc/self/fd/3/credentials", Ask},
		{"cat /proc/1/cwd/README", Ask},
		{"cat /proc/self/root/etc/passwd", Allow},
		{"cat /proc/self/cwd/README", Allow},
		{"cat /dev/fd/0", Allow},
		{"cat /proc/self/status", Allow},
	}
	for _, tt := range tests {
		res := Explain(table, bash(tt.line), testEnv())
		if res.Decision != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.line, res.Decision, res.Reason, tt.want)
		}
	}
}
