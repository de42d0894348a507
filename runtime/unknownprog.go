package runtime

import (
	"slices"
	"strings"
)

// bashBuiltins are bash 5.2's builtins (compgen -b), which the shell
// model reads itself: they are no program hookc has no knowledge of.
var bashBuiltins = []string{
	".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen", "complete",
	"compopt", "continue", "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit", "export",
	"false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let", "local", "logout",
	"mapfile", "popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift",
	"shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask",
	"unalias", "unset", "wait",
}

// JudgesWords reports whether the runtime judges the words of the
// program name by their spelling alone, as unknownProgram does: name has
// no command knowledge in t (in its case or lower case) and is no bash
// builtin, or its knowledge runs modules (npx, pnpm, python), whose
// words a module hookc does not know takes (design.md 403).
func (t *Table) JudgesWords(name string) bool {
	if name == "" || slices.Contains(bashBuiltins, name) {
		return false
	}
	k := t.Command(name)
	if k == nil && strings.ToLower(name) != name {
		k = t.Command(strings.ToLower(name))
	}
	return k == nil || len(k.Modules) > 0
}

// unknownProgram judges the words of a program hookc has no knowledge of
// (kubectl, terraform, rake, a project's own tool): what its options read,
// write or run the model cannot say, and not even which of them takes the
// next word as its value. So an allow rule that names such a program
// allows it only with words that stay in the project: a word, or the
// value of --opt=VALUE, that names a place outside the project by its
// spelling (absolute, ~, ..) or is only known when it runs makes the
// command not known; one that names a file inside is read, so that a
// secret there takes the secret floor (kubectl get -f ~/.config/gh/hosts.yml, kubectl --server=https://elsewhere,
// terraform plan -var-file=~/.netrc, rake -T -f .env, prettier --config
// /tmp/x.cjs, terraform fmt ../other: round 20, design.md 403). What a
// word inside the project makes it do (rake -e CODE) stays the rule's:
// give the program knowledge, or narrow the rule's words, to say more.
// A program that runs a module hookc does not know (npx eslint, pnpm
// test, python manage.py) is judged so too.
func (e *evaluator) unknownProgram(u *unit, c *SimpleCommand) string {
	if e.root == "" || slices.Contains(bashBuiltins, c.Program.Text) {
		return ""
	}
	// vet's model holds the same judgement as a language of words
	// (internal/pipeline/check/vet/inproject.go): change both together.
	code, hasCode := c.Code()
	for _, w := range c.Words {
		if hasCode && w.Text == code.Text {
			// Code the inline core read: its files are the option's
			// reads (design.md 455).
			continue
		}
		v := w
		if strings.HasPrefix(w.Text, "-") && !w.Dynamic {
			_, val, ok := strings.Cut(w.Text, "=")
			if !ok || val == "" {
				continue
			}
			v = Word{Text: val, Glob: w.Glob}
		}
		if v.Dynamic {
			return "hookc has no knowledge of what " + c.Program.Text + " does with " + w.Text + ", a word only known when it runs"
		}
		if v.Text == "" {
			continue
		}
		if isURL(v.Text) {
			return "hookc has no knowledge of what " + c.Program.Text + " sends to " + w.Text + ", a place on the network"
		}
		abs, ok := e.absolute(v.Text, c.Dir)
		if !ok || !within(cleanPath(abs), e.root) {
			return "hookc has no knowledge of what " + c.Program.Text + " does with " + w.Text + ", which names a place outside the project"
		}
		if strings.ContainsAny(v.Text, "/.") || e.env.FS != nil && e.env.FS.Exists(abs) {
			u.paths = append(u.paths, e.access(v, c.Dir, true, false))
		}
	}
	return ""
}

// isURL reports whether s starts with a URL's scheme and "://"
// (kubectl --server=https://elsewhere sends the kubeconfig's token
// there). vet's outsideWord holds the same shape.
func isURL(s string) bool {
	scheme, _, ok := strings.Cut(s, "://")
	if !ok || scheme == "" || !isLetter(scheme[0]) {
		return false
	}
	for i := 1; i < len(scheme); i++ {
		if c := scheme[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
