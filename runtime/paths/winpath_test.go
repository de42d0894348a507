package paths

import (
	"slices"
	"testing"
)

func TestWindowsSpellings(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{`C:\Users\me\.ssh\id_rsa`, []string{"/C:/Users/me/.ssh/id_rsa"}},
		{`/project/C:\Users\me\.env`, []string{"/C:/Users/me/.env"}},
		{`/project/.env.`, []string{"/project/.env.", "/project/.env"}},
		{`/project/.env::$DATA`, []string{"/project/.env::$DATA", "/project/.env"}},
		{`/project/.env . .`, []string{"/project/.env . .", "/project/.env"}},
		{`/project/sub\.aws\credentials`, []string{"/project/sub/.aws/credentials"}},
	} {
		if got := WindowsSpellings(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("WindowsSpellings(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortNames(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"GIT-CR~1":     true,
		"CREDEN~1.JSO": true,
		"id_rs~1":      true,
		"ID_RSA~12":    true,
		"a~1.b":        true,
		"~1":           false, // no base
		"file~":        false, // an editor's backup
		"file.~1~":     false, // a numbered backup
		"notes.txt":    false,
		"abcdefg~1":    false, // base too long
		"a~x":          false,
		"a~1.json":     false, // extension too long
		"a.b~1":        false,
	} {
		if got := isShortName(name); got != want {
			t.Errorf("isShortName(%q) = %v, want %v", name, got, want)
		}
	}
}
