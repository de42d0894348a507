package shell

import (
	"errors"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"hookc.dev/hookc/runtime/schema"

	"mvdan.cc/sh/v3/syntax"
)

// Extract finds every simple command that the shell command line src runs.
//
// It parses src as Bash and walks every construct: lists and pipelines,
// subshells and blocks, command and process substitutions, compound
// commands, function bodies and here-documents. It looks through wrappers
// such as sudo, env, xargs, find -exec, sh -c and eval, as know describes
// them, parsing literal scripts again. Each command carries the wrappers it
// runs under, the assignments and redirections that apply to it, and the
// programs whose output flows into it.
//
// Zero Depth and Commands of lim take their DefaultLimits values. If
// lim.Millis is set, parsing stops when it has taken that long, and the
// extraction is then TimedOut (Decide always sets it). Extract is safe for
// concurrent use.
func Extract(src string, know Knowledge, lim Limits) *Extraction {
	var deadline time.Time
	if lim.Millis > 0 {
		deadline = time.Now().Add(time.Duration(lim.Millis) * time.Millisecond)
	}
	return extract(src, know, lim, deadline)
}

// extract is Extract with the time parsing must stop by (zero: none).
func extract(src string, know Knowledge, lim Limits, deadline time.Time) *Extraction {
	if lim.Depth <= 0 {
		lim.Depth = schema.DefaultLimits.Depth
	}
	if lim.Commands <= 0 {
		lim.Commands = schema.DefaultLimits.Commands
	}
	e := spare.Swap(nil)
	if e == nil {
		e = new(extractor)
	}
	e.know, e.lim, e.x = know, lim, &Extraction{}
	e.stop, e.broken, e.nest, e.brackets = false, false, 0, 0
	e.names.reset()
	e.funcs = e.funcs[:0]
	e.in.deadline = deadline
	e.top(src)
	e.checkArith()
	e.checkEnv()
	e.checkFuncs()
	x := e.x
	e.know, e.x = nil, nil
	if !e.broken {
		if cap(e.buf) > maxKeep {
			e.buf, e.pat, e.quo = nil, nil, nil
		}
		spare.Store(e)
	}
	return x
}

const (
	// maxRecover bounds the errors the parser skips when it parses a line
	// again after an error, to still find the commands that follow.
	maxRecover = 8
	// maxNest bounds the nesting of constructs (substitutions, compound
	// commands) that the walk follows; deeper nesting is reported as
	// TooDeep and TooNested rather than risking the stack.
	maxNest = MaxNest
	// maxKeep is the largest word buffer kept for the next call.
	maxKeep = 64 << 10
)

// MaxNest is the deepest nesting of constructs (subshells, blocks,
// substitutions, compound commands) that Extract follows.
const MaxNest = 1000

// MaxBrackets bounds the parentheses, braces and backquotes in everything
// Extract parses for one command line (nested scripts included), each of
// which may open a construct. The parser recurses once per open construct
// and a goroutine's stack is finite: a line of 150,000 parentheses would
// overflow it, which no recover can catch. A line over the bound is not
// parsed; like nesting deeper than MaxNest, it is TooNested.
const MaxBrackets = 5000

// spare holds an extractor between calls, so that the next call reuses its
// parsers and buffers. One is enough: a hook makes one call, and hookc test
// makes them one at a time; concurrent calls make their own. (A sync.Pool
// costs a hook more than it saves: its first Get sets up per-P state.)
var spare atomic.Pointer[extractor]

// An extractor holds the state of one Extract call.
type extractor struct {
	know Knowledge
	lim  Limits
	x    *Extraction

	stop     bool // the command limit was reached
	broken   bool // the parser panicked: do not reuse it
	nest     int  // current nesting of constructs, against maxNest
	brackets int  // brackets in what was parsed, against MaxBrackets
	checked  bool // command is recording a builtin whose words its caller checked
	names    names
	funcs    []string // the names the line defines as functions

	lineParser  *syntax.Parser
	subParser   *syntax.Parser // for nested scripts
	r           strings.Reader // the parsers' input
	in          timedReader    // r, until the deadline
	buf, pat    []byte         // word buffers: see word
	quo         []byte         // 1 for each byte of buf that is quoted: see globPat
	braced      bool           // the last word is a brace expansion: see fields
	stmtBuf     []*syntax.Stmt // top-level statements of the line
	stages      []*syntax.Stmt // scratch for lists and pipelines: see binary
	binOps      []syntax.BinCmdOperator
	loops       []loopVar    // the for-loop variables bound to a value (design.md 137)
	wordSrc     string       // the script of the word being read, for loopPart
	zshModified bool         // the word holds a $name zsh modifies ($i:l): see loopPart
	unrolled    bool         // walking the body of a loop once per value
	feedStmt    *syntax.Stmt // the pipeline stage that ctx.feed is for
}

// A ctx is what the commands found in one place inherit from the
// constructs around them.
type ctx struct {
	src       string // the source that positions refer to
	depth     int    // shell re-parses (sh -c, eval) around
	wrappers  []string
	assigns   []Word
	producers []string
	redirs    []Redir
	// stdin is the script that a shell reading its standard input would
	// run: a here-document or here-string, or nil.
	stdin *Word
	// dir is the directory a wrapper made the commands run in (env -C), or
	// the zero Word.
	dir Word
	// feed is what the standard input holds when it is the paths that
	// find -print0 prints in the stage before, for a simple command
	// that is the stage (design.md 432); or nil.
	feed *feed
	// foundNames are find's -name patterns that every path a Found word
	// of the command stands for matches (findNames).
	foundNames []string
	foundSplit bool // FoundSplit
	// substEnd is where the substitution around ends in src, or 0.
	substEnd int
	// shell is the shell the commands run in: 0 the line's own, n > 0 the
	// child shell Extraction.Shells[n-1] describes (SimpleCommand.Shell).
	shell int
}

// child makes c's commands run in a new child shell of the one they ran
// in: a cd there moves only the commands after it in that child
// (design.md 413).
func (e *extractor) child(c *ctx) {
	e.x.Shells = append(e.x.Shells, c.shell)
	c.shell = len(e.x.Shells)
}

// newParser returns *p, creating it on first use.
func newParser(p **syntax.Parser) *syntax.Parser {
	if *p == nil {
		*p = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	return *p
}

// top parses and walks the command line src.
//
// It reads the top-level statements one at a time, so that those before a
// parse error are kept whole; after an error it parses the line again,
// skipping what it can, to find the commands in the rest.
func (e *extractor) top(src string) {
	if e.tooManyBrackets(src) {
		return
	}
	if err := lexDiffers(src); err != nil {
		e.parseError(err)
	}
	p := newParser(&e.lineParser)
	stmts, err := e.parseStmts(p, src)
	// Here-document bodies are read at the end of their line, after their
	// statement is yielded: walk the statements only once all are read.
	c := ctx{src: src}
	e.stmts(stmts, c)
	if err != nil {
		e.parseError(err)
		if e.x.TimedOut {
			// no second parse
		} else if f, err := e.parse(p, src, maxRecover); err == nil && len(f.Stmts) > len(stmts) {
			e.stmts(f.Stmts[len(stmts):], c)
		}
	}
	clear(stmts)
	e.stmtBuf = stmts[:0]
}

// script parses and walks the nested script src (the script of sh -c,
// eval, ...), one re-parse deeper than c.
func (e *extractor) script(src string, c ctx) {
	if c.depth >= e.lim.Depth {
		e.x.TooDeep = true
		return
	}
	if e.tooManyBrackets(src) {
		return
	}
	if err := lexDiffers(src); err != nil {
		e.parseError(err)
	}
	p := newParser(&e.subParser)
	f, err := e.parse(p, src, 0)
	if err != nil {
		e.parseError(err)
		if e.x.TimedOut {
			return
		}
		if f, err = e.parse(p, src, maxRecover); err != nil {
			return
		}
	}
	// The nested walk may parse again with the same parser: that leaves
	// this tree intact, since the parser allocates each tree afresh.
	c.src = src
	c.depth++
	c.substEnd = 0
	e.stmts(f.Stmts, c)
}

// tooManyBrackets counts the brackets of src, which is about to be parsed,
// and reports whether the line now holds more than MaxBrackets. Every (,
// `, ${, $[ and { before a blank counts, quoted or not: the count bounds
// the nesting of the constructs that can nest cheaply from above, whatever
// the quoting, which a scan short of a full parse could get wrong. (Brace
// expansions {a,b} do not nest in the parser; keywords such as if nest
// hundreds of thousands deep within the input limit without harm.)
func (e *extractor) tooManyBrackets(src string) bool {
	e.brackets += countBrackets(src)
	if e.brackets > MaxBrackets {
		e.x.TooDeep, e.x.TooNested = true, true
		e.stop = true
		return true
	}
	return false
}

func countBrackets(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '`':
			n++
		case '$':
			if i+1 < len(src) && (src[i+1] == '{' || src[i+1] == '[') {
				n++
				i++
			}
		case '{':
			if i+1 < len(src) && (src[i+1] == ' ' || src[i+1] == '\t' || src[i+1] == '\n') {
				n++
			}
		}
	}
	return n
}

// parseStmts reads the top-level statements of src with p, up to the first
// parse error.
func (e *extractor) parseStmts(p *syntax.Parser, src string) (stmts []*syntax.Stmt, err error) {
	stmts = e.stmtBuf[:0]
	defer e.parserPanic(&err)
	e.r.Reset(src)
	e.in.r = &e.r
	// Do not stop the iteration at an error: StmtsSeq (v3.14.1) may yield
	// the error again after the loop body stopped it, which panics.
	for st, serr := range p.StmtsSeq(&e.in) {
		switch {
		case err != nil:
		case serr != nil:
			err = serr // st, if any, is incomplete
		default:
			stmts = append(stmts, st)
		}
	}
	return stmts, err
}

// parse parses src with p, skipping up to skip errors.
func (e *extractor) parse(p *syntax.Parser, src string, skip int) (f *syntax.File, err error) {
	defer e.parserPanic(&err)
	if skip > 0 {
		syntax.RecoverErrors(skip)(p)
		defer syntax.RecoverErrors(0)(p)
	}
	e.r.Reset(src)
	e.in.r = &e.r
	return p.Parse(&e.in, "")
}

// errTimedOut stops the parser at the deadline.
var errTimedOut = errors.New("parsing took too long")

// A timedReader reads r until a deadline, then fails with errTimedOut.
// The parser reads its input a kilobyte at a time: however slow the
// input is to parse (thousands of nested parentheses), parsing stops soon
// after the deadline.
type timedReader struct {
	r        *strings.Reader
	deadline time.Time
}

func (t *timedReader) Read(b []byte) (int, error) {
	if !t.deadline.IsZero() && time.Now().After(t.deadline) {
		return 0, errTimedOut
	}
	return t.r.Read(b)
}

// parserPanicText is the parse error recorded when the parser panics.
const parserPanicText = "cannot parse the command line"

// parserPanic turns a panic of the parser into a parse error, so that no
// input can crash a hook through it; the extractor is then not reused.
func (e *extractor) parserPanic(err *error) {
	if r := recover(); r != nil {
		e.broken = true
		*err = errors.New(parserPanicText)
	}
}

// parseError records the first parse error.
func (e *extractor) parseError(err error) {
	if errors.Is(err, errTimedOut) {
		e.x.TimedOut = true
		return
	}
	if e.x.ParseError == "" {
		e.x.ParseError = err.Error()
	}
}

// emit records sc, unless the command limit is reached. It reports
// whether sc was recorded.
func (e *extractor) emit(sc SimpleCommand) bool {
	if e.stop {
		return false
	}
	if len(e.x.Cmds) >= e.lim.Commands {
		e.x.TooMany = true
		e.stop = true
		return false
	}
	e.x.Cmds = append(e.x.Cmds, sc)
	return true
}

// enter and leave bound the nesting of the walk.
func (e *extractor) enter() bool {
	if e.nest >= maxNest {
		e.x.TooDeep, e.x.TooNested = true, true
		return false
	}
	e.nest++
	return true
}

func (e *extractor) leave() { e.nest-- }

// stmts is kept out of line: stmt calls it from many of its cases, and
// each inlined copy would add a ctx to stmt's frame, which recursion
// stacks up (a hook's stack grows by copying, design.md 297).
//
//go:noinline
func (e *extractor) stmts(list []*syntax.Stmt, c ctx) {
	for _, st := range list {
		if e.stop {
			return
		}
		e.stmt(st, c)
	}
}

// stmt walks one statement: its redirections, which apply to every command
// inside it, and its command. Every kind of command is handled here by
// name; any other is a command not known (design.md 45).
func (e *extractor) stmt(st *syntax.Stmt, c ctx) {
	if st == nil || e.stop || !e.enter() {
		return
	}
	defer e.leave()
	if st != e.feedStmt {
		c.feed = nil
	}
	if st.Coprocess || st.Disown {
		e.opaque(c, stmtText(st, st.Cmd, c.src), "not Bash: mksh's |& or zsh's &|")
	}

	// Substitutions in redirection words run before the command, in the
	// enclosing context, and their output feeds it.
	mark := len(e.x.Cmds)
	for _, r := range st.Redirs {
		e.expand(r.Word, c, "")
		if r.Hdoc != nil && !quotedHeredoc(r) {
			e.parts(r.Hdoc.Parts, c, "", true, false)
		}
		if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && (heredocDiffers(r, e.word(r.Word, c.src, quotedWord).Text, c.src) || substHeredoc(r, c)) {
			e.parseError(errHeredocEnd)
		}
	}
	in := c
	in.producers = e.addProducers(c.producers, mark)
	if st.Background {
		// cmd & runs in a child shell; its redirections' substitutions
		// above run in this one.
		e.child(&in)
	}
	own := 0
	// Appended in place to a copy of the context's list, clipped again
	// below: appending one by one to a shared list copies it each time,
	// quadratic in a line of 10,000 redirections (round 22).
	in.redirs = slices.Clip(in.redirs)
	for _, r := range st.Redirs {
		if rd, ok := e.redir(r, c.src); ok {
			if netRedir(rd.Target) {
				e.opaque(c, stmtText(st, nil, c.src), "bash's /dev/tcp or /dev/udp: the redirection opens a network connection")
			}
			rd.Dir = c.dir
			in.redirs = append(in.redirs, rd)
			own++
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			w := e.heredoc(r, c.src)
			in.stdin = &w
		case syntax.WordHdoc:
			w := e.word(r.Word, c.src, quotedWord)
			in.stdin = &w
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
			in.stdin = nil
		}
		if r.Op == syntax.RdrIn || r.Op == syntax.RdrInOut || r.Op == syntax.DplIn || r.Op == syntax.Hdoc ||
			r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc || r.N != nil && r.N.Value == "0" {
			in.feed = nil
		}
	}
	in.redirs = slices.Clip(in.redirs)
	inside := len(e.x.Cmds)

	switch cmd := st.Cmd.(type) {
	case nil:
		// redirections only
	case *syntax.CallExpr:
		e.call(cmd, st, c, in)
	case *syntax.DeclClause:
		e.decl(cmd, st, c, in)
	case *syntax.LetClause:
		e.let(cmd, st, c, in)
	case *syntax.BinaryCmd:
		e.binary(st, in)
	case *syntax.Subshell:
		e.child(&in)
		e.stmts(cmd.Stmts, in)
	case *syntax.Block:
		e.stmts(cmd.Stmts, in)
	case *syntax.IfClause:
		for ic := cmd; ic != nil && !e.stop; ic = ic.Else {
			e.stmts(ic.Cond, in)
			e.stmts(ic.Then, in)
		}
	case *syntax.WhileClause:
		loop := len(e.x.Cmds)
		e.stmts(cmd.Cond, in)
		e.stmts(cmd.Do, in)
		e.loopCwd(loop)
	case *syntax.ForClause:
		loopStart := len(e.x.Cmds)
		switch loop := cmd.Loop.(type) {
		case *syntax.WordIter:
			numbers := len(loop.Items) > 0
			for _, w := range loop.Items {
				e.expand(w, in, "")
				numbers = numbers && numericWord(w)
			}
			if numbers && !cmd.Select {
				e.bind(in, loop.Name.Value, loop.Items[0])
			} else {
				e.bind(in, loop.Name.Value, nil)
			}
			// The loop sets its variable as an assignment does, once
			// for each of its words when they are known, and an exported
			// one reaches the programs it runs (design.md 152).
			var vs, globbed []Word
			for _, item := range loop.Items {
				if w := e.word(item, c.src, argWord); w.Glob && !w.Dynamic {
					globbed = append(globbed, w)
				}
			}
			for _, item := range loop.Items {
				w := e.word(item, c.src, quotedWord)
				if w.Dynamic || cmd.Select || len(vs) == 8 {
					vs = []Word{{Text: loop.Name.Value + "=", Dynamic: true, Prefix: true}}
					break
				}
				vs = append(vs, Word{Text: loop.Name.Value + "=" + w.Text, Glob: w.Glob})
			}
			if len(loop.Items) == 0 {
				vs = []Word{{Text: loop.Name.Value + "=", Dynamic: true, Prefix: true}}
			}
			for _, v := range vs {
				e.setVar(in, v, globbed, stmtText(st, cmd, c.src))
			}
			if cmd.Select {
				// select reads REPLY from the standard input
				// (design.md 127); it is no variable programs read.
				e.bind(in, "REPLY", nil)
			}
			if !e.forValues(loop, cmd.Select, cmd.Do, in) {
				e.stmts(cmd.Do, in)
			}
		case *syntax.CStyleLoop:
			e.arith(loop.Init, in)
			e.arith(loop.Cond, in)
			e.arith(loop.Post, in)
			e.stmts(cmd.Do, in)
		default:
			e.opaque(in, stmtText(st, cmd, c.src), "a loop hookc does not know")
			e.stmts(cmd.Do, in)
		}
		e.loopCwd(loopStart)
	case *syntax.CaseClause:
		if cmd.Braces {
			e.opaque(in, stmtText(st, cmd, c.src), "not Bash: mksh's case with braces")
		}
		e.expand(cmd.Word, in, "")
		for _, item := range cmd.Items {
			for _, w := range item.Patterns {
				e.expand(w, in, "")
			}
			e.stmts(item.Stmts, in)
		}
	case *syntax.FuncDecl:
		// The body runs when the function is called, perhaps later in
		// this line: take its commands as run. A call runs it where the
		// call is, and a name the line defines as a function is no
		// longer the program: checkFuncs makes its calls opaque
		// (design.md 151).
		if cmd.Name != nil {
			e.funcs = append(e.funcs, cmd.Name.Value)
			if cmd.Name.Value == "command_not_found_handle" {
				e.opaque(in, stmtText(st, cmd, c.src), "command_not_found_handle runs for every command name that finds no program")
			}
		}
		e.stmt(cmd.Body, in)
		e.loopCwd(inside)
	case *syntax.ArithmCmd:
		if cmd.Unsigned {
			e.opaque(in, stmtText(st, cmd, c.src), "not Bash: ((# ...)) is mksh's")
		}
		e.arith(cmd.X, in)
	case *syntax.TestClause:
		e.test(cmd.X, in)
	case *syntax.TimeClause:
		if timeIgnore(cmd) {
			// bash 5.2 reads time -- as the reserved word's own
			// option, the parser as a command named --; what follows
			// may be a reserved word or an assignment to bash
			// (design.md 286).
			e.opaque(in, stmtText(st, cmd, c.src), "time -- is read one way by Bash and another by hookc's parser")
		}
		e.stmt(cmd.Stmt, in)
	case *syntax.CoprocClause:
		e.expand(cmd.Name, in, "")
		e.child(&in) // a coprocess is a background job
		e.stmt(cmd.Stmt, in)
	default:
		// TestDecl (bats' @test, which Bash runs as a command named
		// @test), and whatever a later parser adds.
		e.opaque(in, stmtText(st, cmd, c.src), "a construct hookc does not know")
	}

	// A statement with only redirections (> f), or whose command runs no
	// simple command ((( x )) > f), still opens its files.
	if own > 0 && len(e.x.Cmds) == inside && !e.stop {
		e.emit(SimpleCommand{
			Wrappers:  slices.Clip(in.wrappers),
			Assigns:   slices.Clip(in.assigns),
			Producers: slices.Clip(in.producers),
			Redirs:    slices.Clip(in.redirs),
			Dir:       in.dir,
			Depth:     c.depth,
			Text:      stmtText(st, st.Cmd, c.src),
		})
	}
}

// test walks the expression of [[ ]]: the operands of its arithmetic
// comparisons are evaluated as arithmetic, those of -v and -R as names.
func (e *extractor) test(x syntax.TestExpr, c ctx) {
	if x == nil || e.stop || !e.enter() {
		return
	}
	defer e.leave()
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			e.testArith(x.X, c)
			e.testArith(x.Y, c)
		default:
			e.test(x.X, c)
			e.test(x.Y, c)
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar {
			if w, ok := x.X.(*syntax.Word); ok {
				e.nameWord(e.word(w, c.src, quotedWord), c, nodeText(w, c.src))
				e.expand(w, c, "")
				return
			}
		}
		e.test(x.X, c)
	case *syntax.ParenTest:
		e.test(x.X, c)
	case *syntax.Word:
		e.expand(x, c, "")
	default:
		e.opaque(c, nodeText(x, c.src), "a test hookc does not know")
	}
}

func (e *extractor) testArith(x syntax.TestExpr, c ctx) {
	if w, ok := x.(*syntax.Word); ok {
		e.arithWord(w, c)
		return
	}
	e.test(x, c)
}

// quotedHeredoc reports whether the delimiter of the here-document r is
// quoted (<<'EOF', <<\EOF), which makes its body literal.
func quotedHeredoc(r *syntax.Redirect) bool {
	if r.Word == nil {
		return true
	}
	for _, p := range r.Word.Parts {
		if lit, ok := p.(*syntax.Lit); !ok || strings.Contains(lit.Value, `\`) {
			return true
		}
	}
	return false
}

// binary walks a list (a && b || c) or a pipeline (a | b |& c). The parser
// nests them to the left; they are walked without recursion on that side, so
// that long lists cannot exhaust the stack.
func (e *extractor) binary(st *syntax.Stmt, c ctx) {
	// Collect the operands, last first, and the operator before each.
	base := len(e.stages)
	for {
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || (len(e.stages) > base && len(st.Redirs) > 0) {
			e.stages = append(e.stages, st)
			e.binOps = append(e.binOps, 0)
			break
		}
		e.stages = append(e.stages, b.Y)
		e.binOps = append(e.binOps, b.Op)
		st = b.X
	}
	stages := e.stages[base:]
	ops := e.binOps[base:]
	// Walk the operands first to last. pc is the context of a next
	// pipeline stage: c with the programs of the stages so far.
	pc := c
	cdOK := false // the stage just walked succeeds only where a cd did
	for i := len(stages) - 1; i >= 0 && !e.stop; i-- {
		sc := c
		if i < len(stages)-1 && isPipe(ops[i]) {
			// The output of the earlier stages flows into this one.
			sc = pc
			sc.stdin = nil
		} else {
			pc = c
		}
		if i > 0 && isPipe(ops[i-1]) {
			// A stage that pipes into another runs in a child shell. The
			// last one runs in this shell under shopt -s lastpipe, and is
			// taken as run here: a cd there may or may not move what
			// follows, as a cd that may fail (design.md 413).
			e.child(&sc)
		}
		_, call := stages[i].Cmd.(*syntax.CallExpr)
		if sc.feed = nil; call && i < len(stages)-1 && isPipe(ops[i]) && pc.feed != nil {
			sc.feed, e.feedStmt = pc.feed, stages[i]
		}
		mark := len(e.x.Cmds)
		e.stmt(stages[i], sc)
		e.feedStmt = nil
		pc.producers = e.addProducers(sc.producers, mark)
		pc.feed = nil
		if call {
			pc.feed = findFeed(e.x.Cmds[mark:], len(sc.wrappers))
		}
		// A stage after && runs only once the stage before it succeeded:
		// where that is a plain cd (first, or itself after &&), or a
		// stage that ran only after one and moved nowhere, this one runs
		// where the cd went (cd DIR && make && ls; design.md 444).
		after := i < len(stages)-1 && ops[i] == syntax.AndStmt && cdOK
		moves := after && e.afterCd(mark)
		cdOK = isCd(stages[i]) && (i == len(stages)-1 || ops[i] == syntax.AndStmt) || after && !moves
	}
	clear(stages)
	e.stages = e.stages[:base]
	e.binOps = e.binOps[:base]
}

// isCd reports whether st is a plain cd command, not negated: one whose
// success && passes on.
func isCd(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	return ok && !st.Negated && !st.Background && len(call.Args) > 0 && call.Args[0].Lit() == "cd"
}

// afterCd marks the simple commands from mark on as run only once the cd
// before them succeeded (SimpleCommand.AfterCd), up to the first that
// changes directory itself, and reports whether one does: cd DIR && cd
// SUB moves to SUB from DIR, and what follows SUB runs where SUB's cd
// left it.
func (e *extractor) afterCd(mark int) bool {
	cmds := e.x.Cmds[mark:]
	for i := range cmds {
		cmds[i].AfterCd = true
		if changesDir(&cmds[i]) {
			return true
		}
	}
	return false
}

func isPipe(op syntax.BinCmdOperator) bool {
	return op == syntax.Pipe || op == syntax.PipeAll
}

// call walks a simple command: its substitutions, its assignments and its
// program with arguments. c is the context around the statement st; in
// adds the statement's redirections.
func (e *extractor) call(cmd *syntax.CallExpr, st *syntax.Stmt, c, in ctx) {
	if len(cmd.Args) == 0 && len(cmd.Assigns) == 0 {
		return // the statement records its redirections
	}
	args := make([]Word, 0, len(cmd.Args))
	var globbed []Word
	for _, w := range cmd.Args {
		n := len(args)
		args = e.fields(args, w, c.src)
		if g, ok := dynamicGlob(w, args[n:]); ok {
			globbed = append(globbed, g)
		}
	}
	prog := ""
	if len(args) > 0 && !args[0].Uncertain() {
		prog = path.Base(args[0].Text)
	}
	mark := len(e.x.Cmds)
	for _, a := range cmd.Assigns {
		e.assignExpand(a, c)
		if len(cmd.Args) == 0 {
			// Assignments alone set shell variables.
			e.bindAssign(a, c)
		} else if a.Name != nil {
			// Assignments before a command set its environment; for a
			// function, its variables too.
			e.bindValue(a, c)
		}
	}
	for _, w := range cmd.Args {
		e.expand(w, c, prog)
	}
	in.producers = e.addProducers(in.producers, mark)
	in.assigns = slices.Clip(in.assigns) // appended in place, as the redirections
	for _, a := range cmd.Assigns {
		in.assigns = append(in.assigns, e.assign(a, c.src))
	}
	in.assigns = slices.Clip(in.assigns)
	text := stmtText(st, cmd, c.src)
	if len(args) == 0 {
		e.emit(SimpleCommand{
			Wrappers:  slices.Clip(in.wrappers),
			Assigns:   slices.Clip(in.assigns),
			Globbed:   e.arrayGlobs(cmd.Assigns, c.src),
			Producers: slices.Clip(in.producers),
			Redirs:    slices.Clip(in.redirs),
			Dir:       in.dir,
			Depth:     in.depth,
			Shell:     in.shell,
			Text:      text,
		})
		return
	}
	before := len(e.x.Cmds)
	e.command(args, in, text)
	if len(e.x.Cmds) > before {
		c := &e.x.Cmds[before]
		c.Globbed = append(c.Globbed, globbed...)
	}
}

// dynamicGlob returns, for the word w whose value is vs, a word only
// known when it runs that holds an unquoted pattern character: Bash
// expands it to names in a place the line does not show ($(dirname x)/*,
// a locale's range ~/.[a-z]*/*; design.md 409).
func dynamicGlob(w *syntax.Word, vs []Word) (Word, bool) {
	if len(vs) != 1 || !vs[0].Dynamic || vs[0].Pipe {
		return Word{}, false
	}
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.ContainsAny(lit.Value, "*?[") {
			return Word{Text: vs[0].Text, Dynamic: true, Glob: true}, true
		}
	}
	return Word{}, false
}

// assignExpand walks the expansions of an assignment: its value, its
// subscript and its array elements.
func (e *extractor) assignExpand(a *syntax.Assign, c ctx) {
	if a == nil {
		return
	}
	if a.Index != nil {
		e.subscript(a.Index, c)
	}
	e.expand(a.Value, c, "")
	if a.Array != nil {
		for _, el := range a.Array.Elems {
			if el.Index != nil {
				e.subscript(el.Index, c)
			}
			e.expand(el.Value, c, "")
		}
	}
}

// arrayGlobs returns the glob words among the elements of the array
// assignments as, which Bash expands to the names they match.
func (e *extractor) arrayGlobs(as []*syntax.Assign, src string) []Word {
	var globbed []Word
	for _, a := range as {
		if a.Array == nil {
			continue
		}
		for _, el := range a.Array.Elems {
			if el.Value == nil {
				continue
			}
			if w := e.word(el.Value, src, argWord); w.Glob && !w.Dynamic {
				globbed = append(globbed, w)
			}
		}
	}
	return globbed
}

// bindAssign records what the shell assignment a sets.
func (e *extractor) bindAssign(a *syntax.Assign, c ctx) {
	if a.Name == nil {
		return
	}
	if a.Array != nil || a.Index != nil || a.Append {
		e.bind(c, a.Name.Value, nil)
		return
	}
	e.bind(c, a.Name.Value, a.Value)
}

// bindValue records a variable set for one command: a function it calls
// sees it too, so it may hold text there.
func (e *extractor) bindValue(a *syntax.Assign, c ctx) {
	e.names.setName(a.Name.Value)
	if a.Value == nil || !numericWord(a.Value) {
		if !slices.Contains(e.names.text, a.Name.Value) {
			e.names.text = append(e.names.text, a.Name.Value)
		}
	}
}

// decl walks export, declare, local, readonly, typeset and nameref: a
// command named by the keyword whose assignments are also recorded as
// assignments.
func (e *extractor) decl(cmd *syntax.DeclClause, st *syntax.Stmt, c, in ctx) {
	mark := len(e.x.Cmds)
	for _, a := range cmd.Args {
		e.assignExpand(a, c)
	}
	in.producers = e.addProducers(in.producers, mark)
	name := ""
	if cmd.Variant != nil {
		name = cmd.Variant.Value
	}
	args := make([]Word, 1, len(cmd.Args)+1)
	args[0] = Word{Text: name}
	in.assigns = slices.Clip(in.assigns) // appended in place, as the redirections
	for _, a := range cmd.Args {
		switch {
		case a.Naked && a.Name == nil: // an option, or any word
			args = append(args, e.word(a.Value, c.src, argWord))
		case a.Naked: // a name alone
			args = append(args, nakedName(a, c.src))
		default:
			w := e.assign(a, c.src)
			args = append(args, w)
			in.assigns = append(in.assigns, w)
		}
	}
	in.assigns = slices.Clip(in.assigns)
	text := stmtText(st, cmd, c.src)
	e.declare(name, e.declArgs(cmd.Args, c.src), c, text)
	e.checked = true
	e.command(args, in, text)
	e.checked = false
}

// let walks the let builtin, a command named let whose words are its
// expressions as written.
func (e *extractor) let(cmd *syntax.LetClause, st *syntax.Stmt, c, in ctx) {
	mark := len(e.x.Cmds)
	for _, x := range cmd.Exprs {
		e.arith(x, c)
	}
	in.producers = e.addProducers(in.producers, mark)
	args := make([]Word, 1, len(cmd.Exprs)+1)
	args[0] = Word{Text: "let"}
	for _, x := range cmd.Exprs {
		t := nodeText(x, c.src)
		args = append(args, Word{Text: t, Dynamic: strings.ContainsAny(t, "$`")})
	}
	e.checked = true
	e.command(args, in, stmtText(st, cmd, c.src))
	e.checked = false
}

// command records the command args (program first) in context c, and the
// commands it runs if its program is a wrapper.
func (e *extractor) command(args []Word, c ctx, text string) {
	prog, words := args[0], args[1:]
	sc := SimpleCommand{
		Words:      slices.Clip(words),
		Wrappers:   slices.Clip(c.wrappers),
		Assigns:    slices.Clip(c.assigns),
		Producers:  slices.Clip(c.producers),
		Redirs:     slices.Clip(c.redirs),
		Dir:        c.dir,
		Depth:      c.depth,
		Shell:      c.shell,
		Text:       text,
		FoundNames: c.foundNames,
		FoundSplit: c.foundSplit,
	}
	var cmd *Command
	name := ""
	switch {
	case prog.Dynamic || prog.Glob || prog.Tree:
		sc.Program = Word{Text: prog.Text, Dynamic: true, Glob: prog.Glob}
		// $SHELL -c SCRIPT: whatever the program, a script it is given
		// with -c is most likely run; walk it too.
		if len(words) > 1 && isScriptFlag(words[0]) && !words[1].Uncertain() {
			defer e.nested(words[1], c, text)
		}
	case prog.Text == "":
		// An empty name ('' or "") runs nothing, but it is no program
		// either: leave it to the dynamic-program floor.
		sc.Program = Word{Text: `""`, Dynamic: true}
	default:
		sc.Path = prog.Text
		name = path.Base(prog.Text)
		sc.Program = Word{Text: name}
		cmd = e.lookup(name)
	}
	cwords, at := words, 0
	if m, i := e.module(cmd, words); m != nil {
		// python -m pytest ARGS is pytest ARGS (design.md 385).
		cmd, cwords, at = m, words[i:], i
		sc.Knows = m.Name
	}
	r := classify(OldStyleWords(cwords, cmd), cmd)
	if cmd != nil && cmd.Code != "" && sc.Knows == "" && r.readsStdinCode() {
		r.stdinCode(cmd, c.stdin)
	}
	for i := range r.filters {
		r.filters[i].At += at
	}
	sc.Flags, sc.Operands, sc.Values, sc.Sub, sc.Tree, sc.TreeHidden, sc.Unknown, sc.GlobOpts = r.flags, r.operands, r.values, r.sub, r.tree, r.hidden, r.unknown, r.globOpts
	sc.Loss = r.loss
	sc.Filters = r.filters
	if name != "" && !strings.Contains(sc.Path, "/") && !e.checked {
		e.builtin(name, words, c, text)
	}
	e.checked = false
	if !e.emit(sc) || cmd == nil {
		return
	}
	var scripts []Word // commands that a program which is no wrapper runs
	if cmd.Wrapper == NotWrapper {
		for _, v := range r.values {
			if v.Kind == OptScript {
				scripts = append(scripts, v.Value)
			}
		}
		if len(scripts) == 0 {
			return
		}
	}
	if len(c.wrappers) >= e.lim.Depth {
		e.x.TooDeep = true
		return
	}
	// The knowledge's name: SUDO found as sudo is the wrapper sudo.
	c.wrappers = appended(c.wrappers, cmd.Name)
	if sameShell := cmd.Wrapper == WrapEval || cmd.Name == "command" || cmd.Name == "builtin"; !sameShell {
		// What a program runs runs in another process: env cd DIR,
		// sh -c 'cd DIR', xargs cd move no shell of the line.
		e.child(&c)
	}
	for _, script := range scripts {
		// A command that a program runs (rg --pre CMD): a script one
		// re-parse deeper.
		e.nested(script, c, text)
	}
	switch cmd.Wrapper {
	case WrapExec, WrapXargs:
		e.unwrapExec(cmd, words, c, text)
	case WrapShell:
		e.unwrapShell(cmd, words, c, text)
	case WrapEval:
		if len(words) > 0 && words[0].Text == "--" && !words[0].Dynamic {
			words = words[1:]
		}
		e.nested(joinWords(words), c, text)
	case WrapScript:
		e.unwrapScript(cmd, words, c, text)
	case WrapFind:
		e.unwrapFind(words, c, text)
	}
}

// module returns the knowledge of the module a program cmd runs as a
// program (python -m pytest, npx tsc, uv run pytest) and the index in
// words of the module's first argument; nil unless words are flags of
// cmd, then the module (the value of cmd.ModuleOpt, or the first operand,
// after the subcommand cmd.ModuleSub and its flags where cmd names one),
// one that cmd lists (Command.Modules) and that names a program the policy
// knows. A module that runs modules in turn (uv run python -m pytest) is
// followed.
func (e *extractor) module(cmd *Command, words []Word) (*Command, int) {
	if cmd == nil || len(cmd.Modules) == 0 {
		return nil, 0
	}
	found := func(mod string, next int) (*Command, int) {
		m := e.lookup(mod)
		if m == nil || !slices.Contains(cmd.Modules, mod) {
			return nil, 0
		}
		if mm, j := e.module(m, words[next:]); mm != nil {
			return mm, next + j
		}
		return m, next
	}
	table, sub := cmd, cmd.ModuleSub
	for i, w := range words {
		t := w.Text
		switch {
		case w.Uncertain():
			return nil, 0
		case sub != "" && t == sub:
			if table = cmd.Sub(sub); table == nil {
				return nil, 0
			}
			sub = ""
			continue
		case sub == "" && cmd.ModuleOpt == "" && (t == "" || t[0] != '-'):
			return found(t, i+1)
		case len(t) < 2 || t[0] != '-':
			return nil, 0
		case t[1] == '-':
			if table.Opt(t) != OptFlag {
				return nil, 0
			}
			continue
		}
		for j := 1; j < len(t); j++ {
			if "-"+t[j:j+1] != cmd.ModuleOpt {
				if table.Opt("-"+t[j:j+1]) != OptFlag {
					return nil, 0
				}
				continue
			}
			if mod := t[j+1:]; mod != "" {
				return found(mod, i+1)
			}
			if i+1 < len(words) && !words[i+1].Uncertain() {
				return found(words[i+1].Text, i+2)
			}
			return nil, 0
		}
	}
	return nil, 0
}

// isScriptFlag reports whether w is -c, or a group of short options ending
// in c (-lc, -ec), as shells take a script.
func isScriptFlag(w Word) bool {
	t := w.Text
	return !w.Uncertain() && len(t) >= 2 && t[0] == '-' && t[1] != '-' && t[len(t)-1] == 'c'
}

// lookup returns what the policy knows about the program name, trying its
// lower-case form too: case-insensitive file systems run SUDO as sudo.
func (e *extractor) lookup(name string) *Command {
	if e.know == nil {
		return nil
	}
	if cmd := e.know(name); cmd != nil {
		return cmd
	}
	for i := 0; i < len(name); i++ {
		if 'A' <= name[i] && name[i] <= 'Z' {
			return e.know(strings.ToLower(name))
		}
	}
	return nil
}

// nested runs script as a shell script in context c: it parses a static
// script, and records a command with a dynamic program for a script it
// cannot know.
func (e *extractor) nested(script Word, c ctx, text string) {
	if script.Uncertain() || script.Tree {
		e.names.any = true
		e.emit(SimpleCommand{
			Program:   Word{Text: script.Text, Dynamic: true},
			Opaque:    "a script only known when it runs",
			Wrappers:  slices.Clip(c.wrappers),
			Assigns:   slices.Clip(c.assigns),
			Producers: slices.Clip(c.producers),
			Redirs:    slices.Clip(c.redirs),
			Dir:       c.dir,
			Depth:     c.depth + 1,
			Shell:     c.shell,
			Text:      text,
		})
		return
	}
	if strings.TrimSpace(script.Text) != "" {
		e.script(script.Text, c)
	}
}

// addProducers adds to list the programs of the commands recorded from
// index mark on.
func (e *extractor) addProducers(list []string, mark int) []string {
	for _, sc := range e.x.Cmds[mark:] {
		if !sc.Program.Dynamic && sc.Program.Text != "" {
			list = addName(list, sc.Program.Text)
		}
	}
	return list
}

// addName returns list with name, adding it if it is missing.
func addName(list []string, name string) []string {
	for _, n := range list {
		if n == name {
			return list
		}
	}
	return appended(list, name)
}

// redir returns the file redirection r, if it is one.
func (e *extractor) redir(r *syntax.Redirect, src string) (Redir, bool) {
	rd := Redir{Op: r.Op.String()}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
		rd.Write = true
	case syntax.RdrIn:
		rd.Read = true
	case syntax.RdrInOut:
		rd.Read, rd.Write = true, true
	case syntax.DplOut:
		// >&2 and 2>&1 duplicate descriptors, and >&- closes one; but
		// >&file writes file, like &>.
		w := e.word(r.Word, src, argWord)
		if !w.Dynamic && isFD(w.Text) {
			return Redir{}, false
		}
		rd.Target, rd.Write = w, true
		return rd, true
	default:
		// <&n duplicates a descriptor; here-documents are no files.
		return Redir{}, false
	}
	rd.Target = e.word(r.Word, src, argWord)
	return rd, true
}

// isFD reports whether s names a file descriptor in a duplication: 1, 2-, -.
func isFD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// heredoc returns the body of the here-document of r as a word: static
// when the body holds no expansion.
func (e *extractor) heredoc(r *syntax.Redirect, src string) Word {
	if r.Hdoc == nil {
		return Word{}
	}
	quoted := quotedHeredoc(r)
	e.buf = e.buf[:0]
	for _, p := range r.Hdoc.Parts {
		lit, ok := p.(*syntax.Lit)
		switch {
		case !ok:
			return Word{Text: nodeText(r.Hdoc, src), Dynamic: true}
		case quoted:
			e.buf = append(e.buf, lit.Value...)
		default:
			e.buf = appendUnescaped(e.buf, lit.Value, "$`\\\n")
		}
	}
	return Word{Text: string(e.buf)}
}

// stmtText returns the source text of the command cmd of st with the
// statement's redirections.
func stmtText(st *syntax.Stmt, cmd syntax.Node, src string) string {
	start, end := len(src), 0
	if cmd != nil {
		start, end = nodeSpan(cmd)
	}
	for _, r := range st.Redirs {
		s := int(r.OpPos.Offset())
		if r.N != nil {
			s = int(r.N.Pos().Offset())
		}
		start = min(start, s)
		if r.Word != nil && len(r.Word.Parts) > 0 {
			end = max(end, int(r.Word.End().Offset()))
		}
	}
	return srcSlice(src, start, end)
}

// nodeText returns the source text of n.
func nodeText(n syntax.Node, src string) string {
	if w, ok := n.(*syntax.Word); ok && (w == nil || len(w.Parts) == 0) {
		return ""
	}
	start, end := nodeSpan(n)
	return srcSlice(src, start, end)
}

func nodeSpan(n syntax.Node) (start, end int) {
	return int(n.Pos().Offset()), int(n.End().Offset())
}

// srcSlice returns src[start:end], made to fit: positions recovered after a
// parse error may be out of order.
func srcSlice(src string, start, end int) string {
	start = min(max(start, 0), len(src))
	if end <= start || end > len(src) {
		end = len(src)
	}
	return src[start:end]
}

// appended returns list with more appended, leaving list's array as it
// is: commands share the lists of their context, with their capacity
// clipped so that appending to them copies.
func appended[E any](list []E, more ...E) []E {
	return append(slices.Clip(list), more...)
}
