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

// zshTied are zsh's arrays tied to a colon-separated variable: path is
// PATH, cdpath CDPATH, fpath FPATH (where autoloaded functions come
// from), and so on (zshparam(1)); and NULLCMD and READNULLCMD, the
// programs a redirection without a command runs. For bash they are plain
// names (policies10).
var zshTied = []string{"path", "cdpath", "fpath", "manpath", "module_path", "mailpath", "fignore", "psvar", "NULLCMD", "READNULLCMD", "FPATH", "MODULE_PATH", "ZDOTDIR"}

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
	for _, a := range c.Assigns {
		name := a.Text[:strings.IndexFunc(a.Text+"=", func(r rune) bool { return r == '=' || r == '+' || r == '[' })]
		if slices.Contains(zshTied, name) {
			return "zsh runs this line, where " + name + " is the array of " + strings.ToUpper(name) + ": assigning it changes where later commands look for programs, directories or functions"
		}
	}
	words := slices.Concat([]Word{c.Program}, c.Words, c.Assigns)
	for _, r := range c.Redirs {
		words = append(words, r.Target)
	}
	for _, w := range words {
		if w.Uncertain() || w.Braced {
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

// mathUnknown says why the command c is not known in either shell Claude
// Code may run the line with: an operand zsh reads as arithmetic that is
// not a plain number. zsh evaluates printf's numeric operands (and its *
// widths), test's -t operand and the operands of its integer comparisons
// and of exit, return, shift, break and continue as arithmetic, where a
// name prints part of its variable's value in the error and a subscript
// of an array that exists runs $(...): printf '%d' 'path[$(./pwn)]'.
// bash reads them as plain text, so where the guard takes the shell to be
// bash the command is still harmless; but the hook's environment may not
// say which shell the client picks, Claude Code's own checks ask about
// such operands in any shell, and no read-only work spells a number that
// way: the call is left to Claude Code (design.md 414). "" when every
// such operand is a number.
func mathUnknown(c *SimpleCommand) string {
	var math []Word
	switch c.Program.Text {
	case "printf":
		math = printfNumeric(c.Words)
	case "test", "[":
		ws := c.Words
		if c.Program.Text == "[" && len(ws) > 0 && ws[len(ws)-1].Text == "]" {
			ws = ws[:len(ws)-1]
		}
		for i, w := range ws {
			switch w.Text {
			case "-t":
				if i+1 < len(ws) {
					math = append(math, ws[i+1])
				}
			case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
				if i > 0 {
					math = append(math, ws[i-1])
				}
				if i+1 < len(ws) {
					math = append(math, ws[i+1])
				}
			}
		}
	case "exit", "return", "shift", "break", "continue":
		math = c.Words
	}
	for _, w := range math {
		if w.Uncertain() || !plainNumber(w.Text) {
			return c.Program.Text + "'s operand " + w.Text + " is arithmetic to zsh, which Claude Code may run the line with, where a name or an array subscript runs or prints more than a number does"
		}
	}
	return ""
}

// printfNumeric returns the operands of printf (its words after -v NAME
// and the format) that the format's numeric conversions and * widths
// take, the format used again until the operands run out. A format only
// known when it runs takes them all.
func printfNumeric(ws []Word) []Word {
	if len(ws) >= 2 && ws[0].Text == "-v" {
		ws = ws[2:]
	}
	if len(ws) > 0 && ws[0].Text == "--" {
		ws = ws[1:]
	}
	if len(ws) < 2 {
		return nil
	}
	format, ops := ws[0], ws[1:]
	if format.Uncertain() {
		return ops
	}
	// kinds lists, for each operand a pass of the format takes, whether
	// it is read as a number.
	var kinds []bool
	f := format.Text
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("-+ #0'", f[i]) >= 0 {
			i++
		}
		for i < len(f) && (f[i] == '*' || f[i] == '.' || f[i] >= '0' && f[i] <= '9' || strings.IndexByte("hlLqjzt", f[i]) >= 0) {
			if f[i] == '*' {
				kinds = append(kinds, true)
			}
			i++
		}
		if i < len(f) && f[i] != '%' {
			kinds = append(kinds, strings.IndexByte("diouxXeEfFgGaA", f[i]) >= 0)
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	var math []Word
	for i, w := range ops {
		if kinds[i%len(kinds)] {
			math = append(math, w)
		}
	}
	return math
}

// plainNumber reports whether s is a number both shells read as one: an
// optional sign and decimal digits, a 0x hexadecimal, or a decimal
// fraction with an exponent, blanks around it.
func plainNumber(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimLeft(s, "+-")
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		s = h
		return s != "" && strings.Trim(s, "0123456789abcdef") == ""
	}
	digits := false
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= '0' && b <= '9':
			digits = true
		case b == '.' || b == 'e' || b == 'E' || (b == '+' || b == '-') && i > 0 && (s[i-1] == 'e' || s[i-1] == 'E'):
		default:
			return false
		}
	}
	return digits
}
