package shell

import "slices"

// This file models the state one part of a line leaves for the parts that
// run after it, or run again: the directory a loop body moves to, the
// functions the line defines, and the variables it sets (design.md
// 150-152).

// loopCwd marks the commands from Cmds[mark] on, which may run more than
// once (a loop's condition and body, a function's body), when one of them
// changes directory: a later pass runs every one of them in a directory
// the first pass does not show, so the evaluator takes the working
// directory as not known from the first of them on (design.md 150).
func (e *extractor) loopCwd(mark int) {
	if mark >= len(e.x.Cmds) {
		return
	}
	for _, c := range e.x.Cmds[mark:] {
		if changesDir(&c) {
			e.x.Cmds[mark].CwdLost = true
			return
		}
	}
}

// changesDir reports whether c may change the shell's working directory:
// cd, pushd or popd, or code only known when it runs.
func changesDir(c *SimpleCommand) bool {
	if c.Opaque != "" || c.CwdLost {
		return true
	}
	if c.Program.Dynamic {
		return false // a program, not a builtin: it runs in a child
	}
	switch c.Program.Text {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// checkFuncs makes every call of a name the line defines as a function
// code only known when it runs (design.md 151): the function runs its
// body, not the program of that name, and runs it in the directory and
// with the variables of the call, which the body's commands, judged where
// the function was defined, do not show. A call before the definition is
// taken as a call too: a loop may run it after.
func (e *extractor) checkFuncs() {
	if len(e.funcs) == 0 {
		return
	}
	for i := range e.x.Cmds {
		c := &e.x.Cmds[i]
		if c.Program.Dynamic || c.Path == "" || !slices.Contains(e.funcs, c.Path) {
			continue
		}
		c.Opaque = "a call of " + c.Path + ", which the line defines as a function: its body runs where it is called"
		c.Path = ""
		c.Program = Word{Text: c.Program.Text, Dynamic: true}
	}
}

// setVar records that the line sets a variable in a way other than an
// assignment word (a for or select loop, printf -v, read, arithmetic,
// ${NAME:=...}): an assignment-only command with the assignment NAME=value
// in w, judged as an assignment is (design.md 152). A variable the user's
// environment exports stays exported, so a program run after it sees the
// new value.
func (e *extractor) setVar(c ctx, w Word, globbed []Word, text string) {
	e.emit(SimpleCommand{
		Wrappers:  slices.Clip(c.wrappers),
		Assigns:   appended(slices.Clip(c.assigns), w),
		Globbed:   globbed,
		Producers: slices.Clip(c.producers),
		Dir:       c.dir,
		Depth:     c.depth,
		Shell:     c.shell,
		Text:      text,
	})
}
