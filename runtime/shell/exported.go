package shell

import (
	"slices"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// What the facade's evaluator asks of the shell model beside Extract and
// the types (design.md 347). The files moved here keep their own spelling;
// these are the names the facade calls them by.

// ExtractBy is Extract with the time parsing must stop by (zero: none).
func ExtractBy(src string, know Knowledge, lim Limits, deadline time.Time) *Extraction {
	return extract(src, know, lim, deadline)
}

// MaybeOption says that the word w, only known when it runs, may be an
// option of cmd (or its subcommand sub) that does more than read.
func MaybeOption(cmd *Command, sub string, w Word) string { return maybeOption(cmd, sub, w) }

// NamesOption reports whether the text of a word, read alone after a
// program whose options table lists, holds an option other than a flag or
// one that takes a value: one that does more than read.
func NamesOption(text string, table *Command) bool {
	s := newScanner([]Word{{Text: text}}, table, false)
	var t optToken
	for s.next(&t) {
		if t.kind == tokOpt && t.opt.Kind != OptFlag && t.opt.Kind != OptValue && t.opt.Kind != OptOptional {
			return true
		}
	}
	return false
}

// FilterOption reports whether the option opt of the program prog narrows
// the files of the trees it reads (SimpleCommand.Filters).
func FilterOption(prog, opt string) bool {
	switch prog {
	case "rg":
		switch opt {
		case "-g", "--glob", "--iglob", "-t", "--type", "-T", "--type-not", "--type-add", "--type-clear":
			return true
		}
	case "grep", "egrep", "fgrep":
		switch opt {
		case "--include", "--exclude", "--exclude-dir", "--exclude-from":
			return true
		}
	}
	return false
}

// IsName reports whether s is a shell variable name.
func IsName(s string) bool { return isName(s) }

// IsFD reports whether s names a file descriptor in a duplication: 1, 2-, -.
func IsFD(s string) bool { return isFD(s) }

// JoinDir returns the directory that dir, relative to the directory old
// (the zero Word for the working directory), names.
func JoinDir(old, dir Word) Word { return joinDir(old, dir) }

// HasGlob reports whether pat holds an unquoted pattern character.
func HasGlob(pat []byte) bool { return hasGlob(pat) }

// For the shell model's tests, which sit in the facade's package beside the
// evaluator's (they share its command table for tests).

// ParserPanicText is the parse error recorded when the parser panics.
const ParserPanicText = parserPanicText

// ErrHeredocEnd is the parse error of a here-document whose body bash
// reads elsewhere.
func ErrHeredocEnd() error { return errHeredocEnd }

// HdocBody is the body of the here-document r as bash reads it.
func HdocBody(r *syntax.Redirect, src string) string { return hdocBody(r, src) }

// QuotedHeredoc reports whether the delimiter of the here-document r is
// quoted.
func QuotedHeredoc(r *syntax.Redirect) bool { return quotedHeredoc(r) }

// OptionValues reads words, the words after a program whose knowledge is
// cmd, as the program does, and returns the values of the options named
// names, in order, and the operands. ok is false where a word may be
// either an option or an operand, or such an option has no value.
func OptionValues(words []Word, cmd *Command, names ...string) (values, operands []Word, ok bool) {
	s := newScanner(words, cmd, false)
	var t optToken
	for s.next(&t) {
		switch t.kind {
		case tokEither:
			return nil, nil, false
		case tokOperand:
			operands = append(operands, t.w)
		case tokOpt:
			if slices.Contains(names, t.opt.Name) {
				if !t.has {
					return nil, nil, false
				}
				values = append(values, t.value)
			}
		}
	}
	return values, operands, true
}
