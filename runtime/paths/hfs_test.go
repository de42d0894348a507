package paths

import "testing"

func TestWithoutIgnorables(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"/p/.e\u200cnv", "/p/.env", true},
		{"/p/.env\ufeff", "/p/.env", true},
		{"/h/.s\u206as\u202eh/id_rsa", "/h/.ssh/id_rsa", true},
		{"/p/.env", "/p/.env", false},
		{"/p/.\u0435nv", "/p/.\u0435nv", false},   // Cyrillic е: another name
		{"/p/.env\u200b", "/p/.env\u200b", false}, // HFS+ keeps U+200B
	} {
		got, ok := WithoutIgnorables(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("WithoutIgnorables(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
