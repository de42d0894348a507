package schema

// What the schema's values say of themselves, for the evaluator, the
// dispatch index and the loader.

// FloorInfo describes each floor kind, in bit order: its name in a
// policy and what takes it, for coverage and vet.
var FloorInfo = [...]struct {
	Kind FloorKind
	Name string
	What string
}{
	{FloorDynamic, "dynamic", "a command whose program is not static"},
	{FloorParseError, "parseError", "a command line that does not parse"},
	{FloorDepth, "depth", "a command line nested too deeply to analyse"},
	{FloorCode, "code", "an allowed call that runs code its rule does not name: a variable set, or a file written that runs code later"},
	{FloorWrite, "write", "an allowed command that writes a path its rule does not name"},
	{FloorLoss, "loss", "an allowed command that loses work that cannot be recovered"},
	{FloorSecret, "secret", "an allowed call that reads a secret its rule does not name"},
}

// String returns the floor's name in a policy (floors: dynamic,
// parseError, depth, code, write, loss, secret) for a kind of one bit.
func (k FloorKind) String() string {
	for _, f := range FloorInfo {
		if f.Kind == k {
			return f.Name
		}
	}
	return ""
}

// Positive reports whether l has a condition other than none: whether it
// names values rather than only excludes them.
func (l *List) Positive() bool {
	for i := range l.Conds {
		if l.Conds[i].Q != QNone {
			return true
		}
	}
	return false
}

// HasRe reports whether the condition uses a regular expression.
func (c *ListCond) HasRe() bool {
	if c.Elem.HasRe() {
		return true
	}
	for i := range c.Prefix {
		if c.Prefix[i].HasRe() {
			return true
		}
	}
	return false
}

// HasRe reports whether the matcher uses a regular expression: not one
// matched by an automaton (DFA).
func (s *Str) HasRe() bool {
	if s.DFA > 0 {
		return false
	}
	if s.Op == StrRe {
		return true
	}
	for i := range s.Subs {
		if s.Subs[i].HasRe() {
			return true
		}
	}
	return false
}

// ExactValues returns the values s accepts when s accepts exactly a finite
// set of values compared as they are: an exact string or a list of them.
func (s *Str) ExactValues() ([]string, bool) { return ExactNames(s, nil) }

// ExactNames appends to names the values s accepts when s accepts exactly
// a finite set of values compared as they are (the evaluator's match on a word that is
// neither dynamic nor a glob). ok is false for any other matcher.
func ExactNames(s *Str, names []string) ([]string, bool) {
	switch s.Op {
	case StrExact:
		if s.Fold {
			return nil, false
		}
		return append(names, s.S), true
	case StrNone:
		return names, true
	case StrOr:
		if s.Lazy != 0 {
			return nil, false // the parts are not at hand
		}
		for i := range s.Subs {
			var ok bool
			if names, ok = ExactNames(&s.Subs[i], names); !ok {
				return nil, false
			}
		}
		return names, true
	}
	return nil, false
}
