package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// credentialNames are a file of each name of the secrets preset's
// credentials (cue/presets/secrets, design.md 282), its globs filled in,
// and a backup copy.
var credentialNames = []string{
	"keys.txt", "vault.yml", "config/vault.yaml", "private.asc", "password", "passwords", "password.txt",
	"passwords.txt", "android/keystore.properties", "key.properties", "signing.properties", "a.pkcs12",
	"a.jceks", "a.bks", "login.keychain", "login.keychain-db", "pip.ini", "pgpass.conf", ".mylogin.cnf",
	".smbcredentials", ".authinfo", ".authinfo.gpg", ".msmtprc", ".fetchmailrc", "wallet.dat", "acme.json",
	".clasprc.json", "ngrok.yml", "rclone.conf", "application_default_credentials.json",
	"pkg/mod/cache/vcs/0af1/config", "keys.txt.bak",
}

// gitNameReads are lines that may print a credential file N of the
// repository: every git subcommand the guard's read-only rules allow,
// with the options that print what it tracks, stages, stashes or holds
// in its history, and the programs that read the work tree. The marker's
// pattern is hookcmar[k], so that a message quoting the line does not
// show the marker.
var gitNameReads = []string{
	"git diff", "git diff N", "git diff HEAD -- N", "git diff -- N", "git diff --cached", "git diff --staged N",
	"git diff HEAD", "git diff HEAD~1 HEAD", "git diff HEAD~1 HEAD -- N", "git diff --no-index N other.txt",
	"git diff -U99", "git diff --word-diff", "git diff stash@{0}",
	"git log -p", "git log -p -- N", "git log -p --all", "git log --patch --follow N", "git log -L1,3:N",
	"git log -p --reflog", "git log -p -1", "git log --format=%H -p", "git whatchanged -p",
	"git reflog -p", "git reflog show -p", "git reflog --patch",
	"git show", "git show HEAD", "git show HEAD:N", "git show HEAD~1:N", "git show stash@{0}", "git show :N",
	"git show HEAD -- N", "git show --all",
	"git stash show -p", "git stash show -p stash@{0}", "git stash show --patch", "git stash show --include-untracked -p",
	"git grep 'hookcmar[k]'", "git grep --cached 'hookcmar[k]'", "git grep 'hookcmar[k]' HEAD",
	"git grep -e 'hookcmar[k]' -- N", "git grep --untracked 'hookcmar[k]'", "git grep --no-index 'hookcmar[k]'",
	"git blame N", "git blame HEAD -- N", "git annotate N",
	"git cat-file -p HEAD:N", "git cat-file blob HEAD:N", "git cat-file -p :N",
	"git config -f N --list", "git config -f N --get-regexp .", "git config -f N s.k1", "git config --file=N s.k2",
	"git config --blob HEAD:N --list",
	"git format-patch -1 --stdout", "git archive HEAD",
	"git status", "git log --oneline", "git log --stat", "git diff --stat", "git ls-files",
	"cat N", "head N", "rg 'hookcmar[k]'", "rg -uu 'hookcmar[k]'", "grep -r 'hookcmar[k]' .", "grep -rn 'hookcmar[k]'",
	"find . -type f -exec cat {} +", "cat *", "less N",
}

// gitNameCopies copy, move or archive N: the guard denies them as it does
// for .env (design.md 322). (ln N x is asked about, for .env too: ln adds
// a name and reads nothing, so the runtime sees only its write.)
var gitNameCopies = []string{"cp N copy.txt", "mv N moved.txt", "tar cf x.tar N", "tar -czf x.tgz N", "cp -r . ../copy", "zip -r x.zip ."}

// TestGuardGitNames runs the built guard in a real git repository for each
// credential name, which tracks the file, changes it, stages a change and
// stashes one; for every line of gitNameReads the guard allows, it runs the
// line and fails if the output shows the file (design.md 321). The lines
// of gitNameCopies must be denied (design.md 322).
func TestGuardGitNames(t *testing.T) {
	bin := needHook(t)
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "needs git")
	}
	home := t.TempDir()
	for _, name := range credentialNames {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			dir := gitNamesRepo(t, home, name)
			for _, line := range gitNameReads {
				line = strings.ReplaceAll(line, "N", name)
				d := hookDecision(t, bin, home, dir, line)
				if d != "allow" {
					continue
				}
				if out := runIn(t, home, dir, line); strings.Contains(out, "hookcmark") {
					t.Errorf("%s: the guard allows it and it prints the credential %s:\n%s", line, name, out)
				}
			}
			for _, line := range gitNameCopies {
				line = strings.ReplaceAll(line, "N", name)
				if d := hookDecision(t, bin, home, dir, line); d != "deny" {
					t.Errorf("%s: %s, want deny", line, d)
				}
			}
		})
	}
}

// gitNamesRepo makes a repository in a new directory that tracks name
// through two commits, stashes a third change, stages it and leaves a
// fourth unstaged. Every version holds the marker hookcmark.
func gitNamesRepo(t *testing.T, home, name string) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	add := func(line string) {
		f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(line); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "other.txt"), []byte("other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	add("[s]\n\tk1 = hookcmark1\n")
	script := []string{
		"git init -q . && git add -A && git commit -qm one",
		"printf '\\tk2 = hookcmark2\\n' >> '" + name + "' && git commit -qam two",
		"printf '\\tk3 = hookcmark3\\n' >> '" + name + "' && git stash -q && git stash apply -q && git add -A",
	}
	for _, s := range script {
		runIn(t, home, dir, s+" || echo FAILED")
	}
	add("\tk4 = hookcmark4\n")
	return dir
}

// gitEnv is the environment of the real programs: no pager, no settings
// but the test's.
func gitEnv(home string) []string {
	return []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GIT_PAGER=cat", "PAGER=cat", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "LC_ALL=C"}
}

// runIn runs line with bash in dir and returns its output.
func runIn(t *testing.T, home, dir, line string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", line)
	cmd.Dir, cmd.Env = dir, gitEnv(home)
	out, _ := cmd.CombinedOutput()
	if strings.Contains(string(out), "FAILED") {
		t.Fatalf("%s: %s", line, out)
	}
	return string(out)
}

// hookDecision runs the guard on a Bash call of line in dir, the project,
// and returns its decision: allow, ask, deny, or pass.
func hookDecision(t *testing.T, bin, home, dir, line string) string {
	t.Helper()
	payload, err := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse", "cwd": dir, "tool_name": "Bash",
		"tool_input": map[string]any{"command": line},
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(payload)
	cmd.Dir, cmd.Env = dir, []string{"HOME=" + home, "CLAUDE_PROJECT_DIR=" + dir}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: hook failed: %v", line, err)
	}
	var res struct {
		HookSpecificOutput struct {
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(out, &res); err != nil && len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("%s: %v: %s", line, err, out)
	}
	if d := res.HookSpecificOutput.PermissionDecision; d != "" {
		return d
	}
	return "pass"
}
