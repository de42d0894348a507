// Package hooktable makes a compiled policy table into the form the hook
// runs: the dispatch index, automata of the matchers of a fixed language,
// the rules packed for large policies, the regular expressions compiled,
// and the command knowledge over the built-in list. load.Policy.Hook keeps
// it; gen.Source writes it as Go source.
package hooktable

import (
	"reflect"

	"hookc.dev/hookc/runtime"
	"hookc.dev/hookc/runtime/commands"
)

// PackAbove is the number of rules above which Generated packs the rules
// (runtime.PackedRules) rather than leaving them as Go literals: 0, every
// table, since rules as literals cost every call of the hook a pointer
// mask over them at start-up (design.md 456).
var PackAbove = 0

// Generated returns t as the hook runs it and gen.Source writes it: with
// its dispatch index, its regular expressions compiled, automata for its
// matchers, its command knowledge over commands.BaseCommands and its rules
// packed.
// t itself is not changed.
func Generated(t *runtime.Table) (*runtime.Table, error) {
	tt := *t
	if !tt.OverBase {
		// The built-in command knowledge is commands.BaseCommands: the
		// table keeps only its own (design.md 195).
		if own, ok := overBase(t.Commands); ok {
			tt.Commands, tt.OverBase = own, true
		}
	}
	if tt.Index == nil {
		// The dispatch index, as constant data: a hook then reads only the
		// rules a call can reach.
		tt.Index = runtime.NewIndex(t)
	}
	if tt.DFAs == "" {
		// Matchers of a fixed language as automata: a hook matches
		// them without compiling anything (design.md 63).
		// ClosedPlaces keeps its globs: a read there is matched only
		// when an allow rule decided the unit, and the automata of its
		// lists of names would add tens of kilobytes to every hook
		// (design.md 395).
		rules, secrets, dfas, err := withDFAs(t.Patterns, tt.Rules, tt.Secrets)
		if err != nil {
			return nil, err
		}
		tt.Rules, tt.Secrets, tt.DFAs = rules, secrets, dfas
		// The parts of matchers an automaton decides, out of the
		// pointer-rich rules: start-up pays for them no more
		// (design.md 381).
		tt.LazySubs = runtime.DeferSubs(tt.Rules, tt.DFAs)
	}
	if len(tt.Rules) > PackAbove {
		// Rules without pointers, which cost nothing at start-up (see
		// runtime.PackedRules).
		tt.Packed, tt.Rules = runtime.PackRules(tt.Rules), nil
	}
	if tt.Regexps == "" && len(t.Patterns) > 0 {
		// The regular expressions, compiled: a hook runs them without
		// compiling.
		rs, err := runtime.CompileRegexps(t.Patterns)
		if err != nil {
			return nil, err
		}
		tt.Regexps = rs
	}
	return &tt, nil
}

// overBase returns the entries of cs, full command knowledge sorted by
// Name, that differ from or add to commands.BaseCommands. It fails when cs
// lacks an entry of the base list: the table does not know that command.
func overBase(cs []runtime.Command) ([]runtime.Command, bool) {
	base := commands.BaseCommands
	var own []runtime.Command
	j := 0
	for i := range cs {
		if j < len(base) && base[j].Name < cs[i].Name {
			return nil, false
		}
		if j < len(base) && base[j].Name == cs[i].Name {
			same := reflect.DeepEqual(cs[i], base[j])
			j++
			if same {
				continue
			}
		}
		own = append(own, cs[i])
	}
	return own, j == len(base)
}
