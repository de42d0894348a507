package diag

import "strings"

// Closest returns the name of names nearest to s, for the "did you mean"
// of hookc's commands and flags: one within two edits (one for names of
// up to four letters), or one s is a prefix of; "" when none is near
// enough.
func Closest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		d := osa([]byte(strings.ToLower(s)), []byte(n)) // bytewise: the names are ASCII
		if len(n) <= 4 && d > 1 {
			continue
		}
		if d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" && len(s) >= 2 {
		for _, n := range names {
			if strings.HasPrefix(n, s) {
				return n
			}
		}
	}
	return best
}
