package paths

import (
	"regexp"
	"testing"
)

func TestGlob(t *testing.T) {
	t.Parallel()
	tests := []struct {
		glob  string
		match []string
		miss  []string
	}{
		{"*.go", []string{"a.go", ".go", ".x.go"}, []string{"a/b.go", "a.goo"}},
		{"/**/.env", []string{"/.env", "/p/.env", "/a/b/.env"}, []string{"/p/.envx", "/p/x.env"}},
		{"**/.env", []string{".env", "/p/.env", "a/.env"}, []string{"a/.env/x"}},
		{"~/.ssh/**", []string{"~/.ssh", "~/.ssh/id_rsa", "~/.ssh/a/b"}, []string{"~/.sshx", "~/x/.ssh"}},
		{"/a/**/b", []string{"/a/b", "/a/x/b", "/a/x/y/b"}, []string{"/ab", "/a/xb"}},
		{"**", []string{"", "a", "/a/b"}, nil},
		{"a?c", []string{"abc"}, []string{"a/c", "ac"}},
		{"[a-c]x", []string{"ax", "cx"}, []string{"dx", "/x"}},
		{"[!a]x", []string{"bx"}, []string{"ax", "/x"}},
		{"[!-0]", []string{"!", "a"}, []string{"/", "0", "-"}},
		{"[+-0]", []string{"+", ".", "0"}, []string{"/"}},
		{".env.{example,sample}", []string{".env.example", ".env.sample"}, []string{".env.x"}},
		{`\*`, []string{"*"}, []string{"a"}},
		{"id_rsa*", []string{"id_rsa", "id_rsa.pub"}, []string{"xid_rsa"}},
		{"a\nb*", []string{"a\nb", "a\nbc"}, nil},
	}
	for _, tt := range tests {
		src, err := GlobRegexp(tt.glob)
		if err != nil {
			t.Errorf("GlobRegexp(%q): %v", tt.glob, err)
			continue
		}
		re := regexp.MustCompile(src)
		for _, s := range tt.match {
			if !re.MatchString(s) {
				t.Errorf("glob %q (%s) does not match %q", tt.glob, src, s)
			}
		}
		for _, s := range tt.miss {
			if re.MatchString(s) {
				t.Errorf("glob %q (%s) matches %q", tt.glob, src, s)
			}
		}
	}
}

func TestGlobErrors(t *testing.T) {
	t.Parallel()
	for _, pat := range []string{"", "***", "a**", "**b", "a/**b", "[abc", "{a,b", `a\`, "[z-a]", "[[:alpha:]]", ".en[![:upper:]]", "x[[=e=]]", "[a[.-.]]"} {
		if err := CheckGlob(pat); err == nil {
			t.Errorf("CheckGlob(%q) = nil, want an error", pat)
		}
	}
}

func FuzzGlobRegexp(f *testing.F) {
	for _, s := range []string{"*.go", "/**/.env", "[!a]", "{a,{b,c}}", `\*`, "**/x/**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pat string) {
		src, err := GlobRegexp(pat)
		if err != nil {
			return
		}
		if _, err := regexp.Compile(src); err != nil {
			t.Fatalf("GlobRegexp(%q) = %q, which does not compile: %v", pat, src, err)
		}
	})
}
