package runtime

import "testing"

func TestOtherHome(t *testing.T) {
	e := &evaluator{root: "/var/home/me/code/p", home: "/var/home/me"}
	for _, c := range []struct {
		p, want string
	}{
		{"/var/home/dev/.config/x", "/home/dev/.config/x"},
		{"/var/home/dev", "/home/dev"},
		{"/var/home", "/home"},
		{"/var/homework/x", ""},
		{"/usr/home/dev/.npmrc", "/home/dev/.npmrc"},
		{"/export/home/dev/a", "/home/dev/a"},
		{"/System/Volumes/Data/Users/dev/a", "/Users/dev/a"},
		{"/var/root/.config/a", "/root/.config/a"},
		{"/var/root", "/root"},
		{"/private/var/root/a", "/root/a"},
		{"/mnt/c/Users/dev/a", "/Users/dev/a"},
		{"/mnt/d/users/dev/a", "/Users/dev/a"},
		{"/mnt/c/Users", ""},
		{"/mnt/cd/Users/dev", ""},
		{"/home/dev/a", ""},
		// The user's own home and the project are read as they are.
		{"/var/home/me/go/pkg/mod/x", ""},
		{"/var/home/me", ""},
		{"/var/home/me/code/p/src/a.go", ""},
		{"/var/home/meg/a", "/home/meg/a"},
	} {
		got, ok := e.otherHome(c.p)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("otherHome(%q) = %q, %v; want %q", c.p, got, ok, c.want)
		}
	}
}
