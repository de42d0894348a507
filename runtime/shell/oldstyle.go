package shell

// OldStyleWords returns the words after tar as GNU tar reads them: a
// first word that does not start with - is a group of option letters
// (tar cf A.tar .), each letter that takes a value taking the next word
// in turn (tar cfb A.tar 20 . is tar -c -f A.tar -b 20 .). The option
// scanner reads the result as it reads tar -c -f A.tar: the archive is a
// file tar writes and -c makes it read whole trees (design.md 339).
// Other programs' words are returned as they are.
func OldStyleWords(words []Word, cmd *Command) []Word {
	if cmd == nil || cmd.Name != "tar" || len(words) == 0 {
		return words
	}
	first := words[0]
	if first.Uncertain() || first.Text == "" || first.Text[0] == '-' {
		return words
	}
	out := make([]Word, 0, len(words)+len(first.Text))
	rest := words[1:]
	for _, c := range first.Text {
		opt := "-" + string(c)
		out = append(out, Word{Text: opt})
		if cmd.TakesValue(opt) && len(rest) > 0 {
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...)
}
