package runtime

import "strings"

// awkNetwork says why a file operand of awk is no file, or "": gawk opens
// /inet/tcp/LPORT/HOST/PORT, /inet/udp/... and their /inet4 and /inet6
// forms as network connections, for the files it is given as for its
// redirections, and reads what the other end sends (design.md 290). It
// reads the name as given, before any path is resolved.
func awkNetwork(program string, reads []Word) string {
	if program != "awk" && program != "gawk" {
		return ""
	}
	for _, w := range reads {
		for _, p := range []string{"/inet/", "/inet4/", "/inet6/"} {
			if strings.HasPrefix(w.Text, p) {
				return "gawk opens " + w.Text + " as a network connection, not a file"
			}
		}
	}
	return ""
}
