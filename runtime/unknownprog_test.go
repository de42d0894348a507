package runtime

import (
	"testing"

	"hookc.dev/hookc/runtime/commands"
)

// TestUnknownProgram checks an allow rule on programs hookc has no
// knowledge of, and on modules it does not know, against the words the
// round 20 red team found (design.md 403): a word outside the project, a
// URL or a word only known when it runs makes the command not known, a
// secret inside is a secret read, and words in the project are the
// rule's. So are the words python and cargo hand on: python's -c and -m
// end its options, a script's word outside the project and cargo's words
// after -- outside it make the command not known.
func TestUnknownProgram(t *testing.T) {
	tb := testTable(commands.BaseCommands,
		Rule{Name: "tools", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("kubectl", "terraform", "rake", "npx", "pnpm", "python3", "cargo")}})
	for line, want := range map[string]Decision{
		"kubectl get pods -n prod":                        Allow,
		"kubectl get -f deploy/app.yaml":                  Allow,
		"kubectl get -f ~/.config/gh/hosts.yml":           Ask,
		"kubectl get pods --kubeconfig=/tmp/k/kc.yaml":    Ask,
		"kubectl get pods --kubeconfig /tmp/k/kc.yaml":    Ask,
		"kubectl get pods -n $NS":                         Ask,
		"terraform plan -var-file=~/.netrc":               Ask,
		"kubectl get pods --server=https://elsewhere":     Ask,
		"kubectl get pods -s https://elsewhere":           Ask,
		"kubectl get pods -o json":                        Allow,
		"terraform fmt ../other":                          Ask,
		"terraform fmt":                                   Allow,
		"rake -T -f .env":                                 Ask,
		"npx eslint .":                                    Allow,
		"npx eslint -f /tmp/f.cjs .":                      Ask,
		"npx prettier ~/.config/gh/hosts.yml":             Ask,
		"pnpm test --require=/tmp/x.js":                   Ask,
		"pnpm test":                                       Allow,
		"python3 manage.py test":                          Allow,
		"python3 manage.py test /tmp/evil":                Ask,
		"python3 -m pytest -q":                            Allow,
		"python3 manage.py check --pythonpath /tmp/x":     Ask,
		"python3 -c 'import os' manage.py test":           Ask,
		"python3 -m zipfile -c /tmp/x.zip manage.py test": Ask,
		"cargo clippy -- -C linker=/tmp/l.sh":             Ask,
		"cargo clippy -- -C link-arg=@/home/user/.netrc":  Ask,
		"cargo fmt -- /tmp/other/lib.rs":                  Ask,
		"cargo clippy -- -D warnings":                     Allow,
	} {
		env := &Env{Home: "/home/user", Getenv: func(string) string { return "" }}
		if res := Decide(tb, bash(line), env); res.Decision != want {
			t.Errorf("%s: %s (%s), want %s", line, res.Decision, res.Reason, want)
		}
	}
}
