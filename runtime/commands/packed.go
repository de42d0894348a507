package commands

import (
	"sort"
	"sync/atomic"

	"hookc.dev/hookc/runtime/pack"
)

// The hook reads the built-in command knowledge packed (design.md 336):
// BaseCommands as Go literals is about 100 KB of pointer-rich initialised
// data, which the Go runtime walks to build a pointer mask at every
// start-up. Packed, it is one string and arrays of offsets, which cost
// nothing until a call looks a program up; then only that program is
// decoded, and of its subcommands only the ones a call names.

// Pack encodes cmds, sorted by Name, as BaseSource writes them: one
// record for each command and subcommand at any depth in data; offs are
// where cmds' records start, subOffs where the subcommands' do. A record
// is a command's fields in order, with its Subs as their count and the
// index in subOffs of the first (the rest follow it).
func Pack(cmds []Command) (data string, offs, subOffs []uint32) {
	// Number every subcommand first: a record names its first sub's index.
	var flat []*Command
	first := map[*Command]int{}
	queue := make([]*Command, len(cmds))
	for i := range cmds {
		queue[i] = &cmds[i]
	}
	for i := 0; i < len(queue); i++ {
		c := queue[i]
		if len(c.Subs) > 0 {
			first[c] = len(flat)
			for j := range c.Subs {
				flat = append(flat, &c.Subs[j])
				queue = append(queue, &c.Subs[j])
			}
		}
	}
	var w pack.Writer
	for i := range cmds {
		offs = append(offs, uint32(w.Len()))
		writeCommand(&w, &cmds[i], first[&cmds[i]])
	}
	for _, c := range flat {
		subOffs = append(subOffs, uint32(w.Len()))
		writeCommand(&w, c, first[c])
	}
	return w.String(), offs, subOffs
}

func writeCommand(w *pack.Writer, c *Command, firstSub int) {
	w.Str(c.Name)
	w.Num(uint64(c.Wrapper))
	w.Str(c.Opts)
	w.Bool(c.Abbrev)
	w.Bool(c.NoSplit)
	w.Bool(c.FoldOpts)
	w.Str(c.ShortGroups)
	w.Bool(c.Strict)
	w.Int(int64(c.SkipOperands))
	w.Num(uint64(c.Reads))
	w.Num(uint64(c.Writes))
	w.Num(uint64(c.Lists))
	w.Bool(c.ListsTree)
	w.Bool(c.Tree)
	w.Bool(c.SkipsHidden)
	w.Bool(c.Loses)
	w.Num(uint64(c.Environ))
	w.Str(c.ModuleOpt)
	w.Str(c.ModuleSub)
	w.Str(c.Code)
	for _, l := range c.lists() {
		w.Count(len(*l), *l == nil)
		for _, s := range *l {
			w.Str(s)
		}
	}
	w.Count(len(c.Subs), c.Subs == nil)
	if len(c.Subs) > 0 {
		w.Num(uint64(firstSub))
	}
}

// lists are c's fields that are lists of strings, in the order of the
// encoding.
func (c *Command) lists() [15]*[]string {
	return [...]*[]string{&c.KeyReads, &c.KeyWrites, &c.FileReads, &c.UnsafeOperands, &c.LossOperands, &c.OutsideOpts, &c.UnsafeValues, &c.Modules, &c.SettingsOpts, &c.CodeTree, &c.Derives, &c.DeriveOff, &c.EnvironOpts, &c.Outputs, &c.CodeReads}
}

// readCommand decodes a record of r's data into c; subOffs are the
// offsets of the data's subcommands. The subcommands are left packed
// (Command.subs).
func readCommand(r *pack.Reader, c *Command, subOffs []uint32) {
	c.Name = r.Str()
	c.Wrapper = WrapperKind(r.Num())
	c.Opts = r.Str()
	c.Abbrev = r.Bool()
	c.NoSplit = r.Bool()
	c.FoldOpts = r.Bool()
	c.ShortGroups = r.Str()
	c.Strict = r.Bool()
	c.SkipOperands = int(r.Int())
	c.Reads = Operands(r.Num())
	c.Writes = Operands(r.Num())
	c.Lists = Operands(r.Num())
	c.ListsTree = r.Bool()
	c.Tree = r.Bool()
	c.SkipsHidden = r.Bool()
	c.Loses = r.Bool()
	c.Environ = Environ(r.Num())
	c.ModuleOpt = r.Str()
	c.ModuleSub = r.Str()
	c.Code = r.Str()
	for _, l := range c.lists() {
		if n, isNil := r.Count(); !isNil {
			*l = make([]string, n)
			for i := range *l {
				(*l)[i] = r.Str()
			}
		}
	}
	n, isNil := r.Count()
	switch {
	case isNil:
	case n == 0:
		c.Subs = []Command{}
	default:
		f := int(r.Num())
		c.subs = &packedSubs{data: r.D, offs: subOffs[f : f+n], all: subOffs}
	}
}

// packedSubs are the subcommands of a command decoded from packed data,
// themselves still packed: Command.Sub decodes the one a call names.
type packedSubs struct {
	data string
	offs []uint32 // the subcommands' records, sorted by Name
	all  []uint32 // every subcommand's record, for theirs
}

// search returns the index in offs, records sorted by Name, of the
// command name, or -1.
func search(data string, offs []uint32, name string) int {
	i := sort.Search(len(offs), func(i int) bool { return pack.StrAt(data, offs[i]) >= name })
	if i == len(offs) || pack.StrAt(data, offs[i]) != name {
		return -1
	}
	return i
}

// decode decodes the record at off; subOffs are the offsets of the
// data's subcommands.
func decode(data string, off uint32, subOffs []uint32) *Command {
	c := new(Command)
	readCommand(&pack.Reader{D: data, I: int(off)}, c, subOffs)
	return c
}

// sub returns the subcommand name, decoded, or nil.
func (p *packedSubs) sub(name string) *Command {
	if i := search(p.data, p.offs, name); i >= 0 {
		return decode(p.data, p.offs[i], p.all)
	}
	return nil
}

// HasSubs says c has subcommands, as Go values or packed.
func (c *Command) HasSubs() bool { return len(c.Subs) > 0 || c.subs != nil }

// baseDecoded holds the entries of BaseCommands a process has decoded.
var baseDecoded [len(baseCommandOffs)]atomic.Pointer[Command]

// Base returns the built-in knowledge of the program name, or nil:
// BaseCommands' entry, decoded from baseCommandsData once a process. A
// hook reads it rather than BaseCommands, which the linker then leaves
// out.
func Base(name string) *Command {
	i := search(baseCommandsData, baseCommandOffs[:], name)
	if i < 0 {
		return nil
	}
	if c := baseDecoded[i].Load(); c != nil {
		return c
	}
	baseDecoded[i].CompareAndSwap(nil, decode(baseCommandsData, baseCommandOffs[i], baseSubOffs[:]))
	return baseDecoded[i].Load()
}

// Expanded returns c with its packed subcommands decoded into Subs, at
// every depth, as BaseCommands holds them.
func (c *Command) Expanded() Command {
	x := *c
	if p := c.subs; p != nil {
		x.subs = nil
		x.Subs = make([]Command, len(p.offs))
		for i, off := range p.offs {
			x.Subs[i] = decode(p.data, off, p.all).Expanded()
		}
	}
	return x
}
