// Package automata decides questions about the languages of Go regular
// expressions exactly, with minimised deterministic finite automata.
//
// The language of a pattern p is the set of strings s for which
// regexp.MustCompile(p).MatchString(s) is true: an unanchored search, so
// that "a" denotes every string containing an a, and "^a$" the single
// string "a". Patterns are parsed and compiled by regexp/syntax exactly as
// package regexp does (syntax.Perl flags, Simplify, Compile), so every
// construct of the RE2 dialect is modelled: ^ $ \A \z with and without
// (?m), (?s), (?i) with Unicode simple case folding, \b and \B, Unicode
// classes and counted repetition.
//
// # Alphabets
//
// Automata do not read runes directly but minterms: classes of runes that
// no pattern of interest tells apart (the "symbolic automaton" idea). An
// Alphabet is built once from every pattern that will be combined, for
// example all the regexps and glob translations of one dimension of a
// policy, and all DFAs built over it can then be intersected, compared and
// so on. Combining DFAs of different alphabets is a programming error and
// panics.
//
// # Runes and invalid UTF-8
//
// The alphabet is the set of Unicode scalar values: the runes 0 to
// U+10FFFF without the surrogates U+D800 to U+DFFF, which can never result
// from decoding. Package regexp reads its input with
// utf8.DecodeRuneInString, so each byte of an invalid UTF-8 sequence is
// read as one U+FFFD. DFA.Match decodes the same way, so for every string,
// valid or not, Match agrees with regexp.MatchString. A DFA's language is
// therefore closed under this decoding: if it contains "\uFFFD" it also
// contains "\xff". Witnesses are always valid UTF-8.
//
// # Symbols, lists and rune maps
//
// An alphabet may hold symbols besides runes (NewAlphabetSymbols): markers
// and separators for encoding structured values as strings, which no
// pattern matches. ListAny, ListAll and ListPrefix lift a language of
// elements to a language of lists encoded as e1 SEP e2 SEP ... en SEP;
// Concat, Prepend and Derivative build and take apart encodings; EqualPair
// finds a string that occurs twice in an encoding. An alphabet closed under
// a rune map such as unicode.ToLower (NewAlphabetMapped) supports
// Preimage, the strings whose lower case a DFA accepts; Translate moves a
// DFA to a finer alphabet.
//
// # Budgets
//
// Determinising a regular expression can take exponentially many states, as
// for "(a|b)*a(a|b){20}". Every operation that builds an automaton takes a
// budget, the largest number of states it may build, and fails with
// ErrBudget instead of exceeding it.
//
// DFAs and Alphabets are immutable and safe for concurrent use.
package automata
