package diag

import "strings"

// Suggest returns the name in known closest to name if it is close enough
// to be a typo: equal but for case, or within a small edit distance (one
// edit for names shorter than five characters, two otherwise). It returns
// false when name is itself known or nothing is close.
func Suggest(name string, known []string) (string, bool) {
	best, bestD := "", 1<<30
	for _, k := range known {
		if k == name {
			return "", false
		}
		d := distance(strings.ToLower(name), strings.ToLower(k))
		if strings.EqualFold(k, name) {
			d = 0
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	limit := 1
	if len(name) >= 5 {
		limit = 2
	}
	if bestD <= limit {
		return best, true
	}
	return "", false
}

// distance is the optimal string alignment distance (Levenshtein with
// transpositions) between a and b, in runes.
func distance(a, b string) int { return osa([]rune(a), []rune(b)) }

// osa is the optimal string alignment distance of x and y: insertions,
// deletions, substitutions and swaps of two neighbours ("tset", "test")
// each count one.
func osa[T byte | rune](x, y []T) int {
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range y {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
