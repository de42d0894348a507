package oracle

import (
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"path"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/testkit/oracle/jail"
)

// The root's fixed places: the guard decides with HOME and the working
// directory set to these, as a Claude Code session in the project would.
const (
	Home    = "/home/user"
	Project = "/home/user/project"
)

// SecretFiles are the files that get canary contents: the guard's secret
// set, the issue 11 class 7 files, and more credential stores that the
// guard's authors did not list. Paths starting with ~/ are in Home; others
// are relative to Project, or absolute.
var SecretFiles = []string{
	"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa",
	"~/.aws/credentials", "~/.aws/credentials.bak",
	"~/.netrc", "~/.git-credentials", "~/.config/gh/hosts.yml",
	"~/.docker/config.json", "~/.kube/config", "~/.claude/.credentials.json",
	"~/.bash_history", "~/.zsh_history",
	"~/.npmrc", "~/.pypirc", "~/.pgpass", "~/.vault-token",
	"~/.config/gcloud/application_default_credentials.json",
	"~/.azure/accessTokens.json", "~/.gnupg/private-keys-v1.d/0A1B.key",
	"~/.cargo/credentials.toml", "~/.terraform.d/credentials.tfrc.json",
	".env", ".env.local", ".env.bak", "config/server.pem", "config/server.key",
	"certs/client.p12", "certs/client.pfx", "deploy/id_rsa",
	"/etc/shadow",
}

// Protected are the files and directories of the project whose change
// switches the guard off or changes the policy (issue 11 class 8); every
// file outside the project is protected too. Relative to Project.
var Protected = []string{".claude", "policy"}

// plainFiles are ordinary files of the root, path → contents.
var plainFiles = map[string]string{
	"~/.bashrc":               "# ~/.bashrc\nexport EDITOR=vi\n",
	"~/.profile":              "# ~/.profile\n",
	"~/.gitconfig":            "[user]\n\tname = User\n\temail = user@example.com\n[init]\n\tdefaultBranch = main\n",
	"~/.ssh/id_rsa.pub":       "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC user@host\n",
	"~/.ssh/config":           "Host example\n\tHostName example.com\n",
	"~/.ssh/known_hosts":      "example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\n",
	"~/.aws/config":           "[default]\nregion = eu-west-1\n",
	"~/.claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/home/user/project/.claude/hooks/guard-hook"}]}]}}` + "\n",
	"~/notes.txt":             "home notes\n",
	"README.md":               "# project\n\nA small project.\n",
	"notes.txt":               "beta\nalpha\nKEY=value\n",
	"main.go":                 "package main\n\nfunc main() {}\n",
	"src/app.js":              "console.log('app')\n",
	"docs/guide.md":           "# Guide\n",
	".env.example":            "API_KEY=changeme\n",
	// The secrets are not committed: secrets in git history are out of
	// the guard's scope (docs/guard.md, Threat model).
	".gitignore":                  ".env\n.env.*\n!.env.example\n*.pem\n*.key\n*.p12\n*.pfx\ndeploy/\n",
	".claude/settings.json":       `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/home/user/project/.claude/hooks/guard-hook","args":["-event","PreToolUse"]}]}]},"permissions":{"allow":["Bash(git status)"]}}` + "\n",
	".claude/settings.local.json": `{"permissions":{"allow":[]}}` + "\n",
	".claude/hooks/guard-hook":    "#!/bin/sh\necho '{}'\n",
	"policy/policy.cue":           "package guard\n\ndefault: \"ask\"\n",
	"policy/tests.cue":            "package guard\n",
	"/etc/passwd":                 "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n",
	"/etc/group":                  "root:x:0:\nuser:x:1000:\n",
	"/etc/hostname":               "oracle\n",
	"/etc/hosts":                  "127.0.0.1 localhost\n",
	"/etc/profile":                "# /etc/profile\n",
	"/etc/bash.bashrc":            "# /etc/bash.bashrc\n",
	"/var/log/syslog":             "log\n",
	// Inputs, programs and modules of the program classes (awk, sed, jq;
	// gen_programs.go): a jq module in ~/.jq, jq's default search path.
	"data.json":       `{"name":"app","version":"1.0","items":[1,2,3],"path":"notes.txt","cmd":"echo hi"}` + "\n",
	"package.json":    `{"name":"app","scripts":{"test":"go test"}}` + "\n",
	"config/app.json": `{"debug":false,"port":8080}` + "\n",
	"tools/count.awk": "{ n++ }\nEND { print n }\n",
	"tools/clean.sed": "s/[[:space:]]*$//\n",
	"tools/filter.jq": ".name\n",
	"lib/util.jq":     "def twice: . * 2;\n",
	"~/.jq/util.jq":   "def hi: \"hi\";\n",
}

// symlinks of the root, link → target.
var symlinks = map[string]string{
	"home":     "/home/user",      // project/home → the home directory
	"ssh-keys": "/home/user/.ssh", // project/ssh-keys → the SSH keys
}

// executables of the tree (mode 0755).
var executables = map[string]bool{".claude/hooks/guard-hook": true}

// abs makes a path of the tables above absolute.
func abs(p string) string {
	switch {
	case strings.HasPrefix(p, "~/"):
		return path.Join(Home, p[2:])
	case strings.HasPrefix(p, "/"):
		return p
	}
	return path.Join(Project, p)
}

// A Canary is a secret file's unique contents.
type Canary struct {
	Path  string // absolute; "/proc/1/environ" for the worker's environment
	Token string // appears on every line of the file
}

// newCanaries makes a fresh random token for every secret file and for the
// worker's environment.
func newCanaries() []Canary {
	var cs []Canary
	for _, p := range append(append([]string{}, SecretFiles...), "/proc/1/environ") {
		b := make([]byte, 10)
		rand.Read(b)
		cs = append(cs, Canary{Path: abs(p), Token: "CANARY" + strings.ToUpper(hex.EncodeToString(b))})
	}
	return cs
}

// canaryContents is what a secret file holds: the token on every line, so
// that a program printing any line of it leaks a whole token. A .json
// secret holds JSON, so that JSON readers (jq's inputs, --slurpfile,
// data imports) read it whole.
func canaryContents(c Canary) string {
	name := path.Base(c.Path)
	if strings.HasSuffix(name, ".json") {
		return `{"name": "` + name + " " + c.Token + `",` + "\n" + `"API_KEY": "` + c.Token + `",` + "\n" + `"password": "` + c.Token + ` secret token"}` + "\n"
	}
	return "# " + name + " " + c.Token + "\nAPI_KEY=" + c.Token + "\npassword=" + c.Token + " secret token\n"
}

// tree is the writable part of the root.
func tree(canaries []Canary) []jail.File {
	var t []jail.File
	dir := func(p string, mode fs.FileMode) { t = append(t, jail.File{Path: p, Mode: fs.ModeDir | mode}) }
	dir("/home", 0o755)
	dir(Home, 0o755)
	dir(Project, 0o755)
	dir("/tmp", 0o777|fs.ModeSticky)
	dir("/var/tmp", 0o777|fs.ModeSticky)
	dir("/root", 0o700)
	dir("/run", 0o755)
	dir("/opt", 0o755)
	dir("/mnt", 0o755)
	dir("/srv", 0o755)
	for p, data := range plainFiles {
		mode := fs.FileMode(0o644)
		if executables[p] {
			mode = 0o755
		}
		t = append(t, jail.File{Path: abs(p), Mode: mode, Data: data})
	}
	for _, c := range canaries {
		if strings.HasPrefix(c.Path, "/proc/") {
			continue
		}
		t = append(t, jail.File{Path: c.Path, Mode: 0o600, Data: canaryContents(c)})
	}
	for l, target := range symlinks {
		t = append(t, jail.File{Path: abs(l), Mode: fs.ModeSymlink | 0o777, Data: target})
	}
	slices.SortFunc(t, func(a, b jail.File) int { return strings.Compare(a.Path, b.Path) })
	return t
}
