package diag

import "strings"

// Closest returns the name of names nearest to s, for the "did you mean"
// of hookc's commands and flags: one within two edits (one for names of
// up to four letters), or one s is a prefix of; "" when none is near
// enough.
func Closest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		d := byteDistance(strings.ToLower(s), n)
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

// byteDistance is the edit distance of a and b, bytewise (distance
// counts runes): insertions, deletions, substitutions and swaps of two
// neighbours ("tset", "test") each count one.
func byteDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
