package e2e

import "testing"

func TestRebase(t *testing.T) {
	s := &scratch{dir: "/S", project: "/S/project", home: "/S/home"}
	for in, want := range map[string]string{
		"cat /project/a /home/user/.env":    "cat /S/project/a /S/home/.env",
		"cd /project && ls":                 "cd /S/project && ls",
		"cat ../../home/user/.aws/x":        "cat ../../home/user/.aws/x",
		"ls /projects /home/username":       "ls /projects /home/username",
		"echo '/home/user' x=/project:/tmp": "echo '/S/home' x=/S/project:/tmp",
		"/project/run.sh":                   "/S/project/run.sh",
		"cd /srv/tracked && git show":       "cd /S/srv/tracked && git show",
		"ls /srvx /srv":                     "ls /srvx /S/srv",
	} {
		if got := rebase(in, s); got != want {
			t.Errorf("rebase(%q) = %q, want %q", in, got, want)
		}
	}
}
