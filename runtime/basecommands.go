package runtime

import (
	"slices"
	"sort"
	"strings"

	"hookc.dev/hookc/runtime/commands"
)

// Command returns what the table knows about the program name, or nil.
func (t *Table) Command(name string) *Command {
	if c := findCommand(t.Commands, name); c != nil || !t.OverBase {
		return c
	}
	return commands.Base(name)
}

func findCommand(cs []Command, name string) *Command {
	i := sort.Search(len(cs), func(i int) bool { return cs[i].Name >= name })
	if i < len(cs) && cs[i].Name == name {
		return &cs[i]
	}
	return nil
}

// AllCommands returns all the command knowledge of t, sorted by Name: with
// OverBase, Commands merged over commands.BaseCommands. The result shares its
// entries with t and commands.BaseCommands.
func (t *Table) AllCommands() []Command {
	if !t.OverBase {
		return t.Commands
	}
	out := make([]Command, 0, len(commands.BaseCommands)+len(t.Commands))
	for _, c := range commands.BaseCommands {
		if findCommand(t.Commands, c.Name) == nil {
			out = append(out, c)
		}
	}
	out = append(out, t.Commands...)
	slices.SortFunc(out, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return out
}
