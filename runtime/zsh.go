package runtime

import (
	"path"
	"slices"
	"strings"
)

// Claude Code runs the Bash tool's command in the shell it finds first
// among CLAUDE_CODE_SHELL and SHELL when either names bash or zsh, then
// zsh before bash unless SHELL's base name is bash (2.1.332: the
// function that lists the candidates near CLAUDE_CODE_SHELL). So a user
// whose SHELL is zsh, macOS's default, has the line run by zsh, which
// reads it otherwise than the bash model: printf's %d operands and
// test -t's are arithmetic, where an array subscript runs $(...)
// (printf '%d' 'path[$(touch M)]'), globs have qualifiers that run code,
// ** recurses, =cmd expands, and the user's options (EXTENDED_GLOB's ^,
// ~ and #) give more characters meaning (round 21, design.md 406).

// shellZsh reports whether the Bash tool's shell is zsh, from the
// hook's environment, which Claude Code gives its shell too. Without
// SHELL and CLAUDE_CODE_SHELL (a test's environment, not a user's) it
// is bash; where neither names bash or zsh (fish, sh), it is zsh when a
// zsh is on PATH or in the places Claude Code looks.
func (e *evaluator) shellZsh() bool {
	if e.zsh != 0 {
		return e.zsh > 0
	}
	e.zsh = -1
	if e.env.Getenv == nil {
		return false
	}
	given := false
	for _, v := range []string{"CLAUDE_CODE_SHELL", "SHELL"} {
		s := e.env.Getenv(v)
		given = given || s != ""
		if !strings.Contains(s, "bash") && !strings.Contains(s, "zsh") {
			continue
		}
		if e.env.FS == nil || e.env.FS.Exists(s) {
			if strings.Contains(path.Base(s), "zsh") || !strings.Contains(path.Base(s), "bash") {
				e.zsh = 1
			}
			return e.zsh > 0
		}
	}
	if !given || path.Base(e.env.Getenv("SHELL")) == "bash" || e.env.FS == nil {
		return false
	}
	dirs := append(strings.Split(e.env.Getenv("PATH"), ":"), "/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin")
	for _, d := range dirs {
		if strings.HasPrefix(d, "/") && e.env.FS.Exists(d+"/zsh") {
			e.zsh = 1
			break
		}
	}
	return e.zsh > 0
}

// zshMath are zsh's builtins that read operands as arithmetic.
var zshMath = []string{
	"[", "[[", "bindkey", "break", "continue", "echotc", "exit", "fc", "history", "kill", "let", "limit",
	"logout", "print", "printf", "r", "read", "repeat", "return", "sched", "shift", "test", "ulimit",
	"unlimit", "wait",
}

// zshUnknown says why the command c is not known when zsh runs the line:
// a word only known when it runs or a glob (zsh splits and globs
// otherwise), a builtin that reads its operands as arithmetic, or a word
// with a character the user's zsh options may give a meaning bash's has
// not; "" when every word is plain. The words are the words as the model
// has them, quotes removed, so a quoted one counts too: the call is then
// left to Claude Code, not refused.
func zshUnknown(c *SimpleCommand) string {
	if slices.Contains(zshMath, c.Program.Text) {
		return "zsh runs this line, and reads " + c.Program.Text + "'s operands otherwise than bash, as arithmetic where an array subscript runs code"
	}
	switch c.Program.Text {
	case "cd", "chdir", "pushd", "popd":
		// cd OLD NEW replaces OLD in the working directory; cd -2 and
		// +2 name the directory stack.
		if len(c.Words) != 1 || strings.HasPrefix(c.Words[0].Text, "-") || strings.HasPrefix(c.Words[0].Text, "+") {
			return "zsh runs this line, and reads " + c.Program.Text + "'s operands otherwise than bash"
		}
	}
	words := slices.Concat([]Word{c.Program}, c.Words, c.Assigns)
	for _, r := range c.Redirs {
		words = append(words, r.Target)
	}
	for _, w := range words {
		if w.Uncertain() {
			return "zsh runs this line, and expands " + w.Text + " otherwise than bash"
		}
		if !zshPlain(w.Text) {
			return "zsh runs this line, whose options may give " + w.Text + " a meaning bash does not"
		}
	}
	return ""
}

// zshPlain reports whether the word means the same to zsh, whatever its
// options, as to bash: none of zsh's glob, qualifier and range
// characters, no = first (EQUALS: =ls is ls's path), and ~ only as a
// home's. {} alone is find's.
func zshPlain(s string) bool {
	if s == "{}" {
		return true
	}
	if strings.HasPrefix(s, "=") || strings.ContainsAny(s, "^#()|<>[]*?{}") {
		return false
	}
	if i := strings.IndexByte(s, '~'); i >= 0 {
		return i == 0 && (len(s) == 1 || s[1] == '/') && !strings.Contains(s[1:], "~")
	}
	return true
}
