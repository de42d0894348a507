package runtime

import "testing"

// gawk opens /inet, /inet4 and /inet6 names as network connections; a
// program whose pattern is /inet/ and names that only look alike are no
// such operand (design.md 290).
func TestAwkNetwork(t *testing.T) {
	for _, c := range []struct {
		program string
		reads   []string
		want    bool
	}{
		{"awk", []string{"/inet/tcp/0/127.0.0.1/9"}, true},
		{"gawk", []string{"notes.txt", "/inet4/udp/0/h/53"}, true},
		{"awk", []string{"/inet6/tcp/0/::1/80"}, true},
		{"awk", []string{"notes.txt", "inet/tcp/0/h/80", "//inet/tcp/0/h/80"}, false},
		{"cat", []string{"/inet/tcp/0/h/80"}, false},
	} {
		var ws []Word
		for _, r := range c.reads {
			ws = append(ws, Word{Text: r})
		}
		if got := awkNetwork(c.program, ws) != ""; got != c.want {
			t.Errorf("%s %q: %v, want %v", c.program, c.reads, got, c.want)
		}
	}
}
