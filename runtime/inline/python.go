// Package inline reads the code an interpreter's option holds (python -c
// CODE) in hookc's inline core: a small language whose only effects are
// printing and reading the files it opens by a literal name, so that a
// command running such code can be known by what it reads (design.md
// 455). Code outside the core is not known; nothing here guesses.
package inline

import (
	"slices"
	"strings"
)

// Python returns the files the Python code src opens, as their literal
// names, if src is in the core; otherwise why it is not.
//
// The core is statements separated by ; or line breaks, each an import of
// a listed module (import M, import M as N, from M import NAME) or an
// expression. An expression is made of literals (no f-strings), names the
// code binds (imports, comprehension variables), the listed builtins, an
// attribute of a module the module's list names, any other attribute of a
// value but a private or special one (_x, __x__, but __file__, __name__,
// __version__ and __doc__) and a denied one (environ, modules), calls of a
// listed builtin, of a listed module function or of a listed method of a
// value, subscripts, operators and comprehensions. open takes a literal
// name and a reading mode; it is the only function that reads a file by
// name, and the names it opens are the reads. Nothing can name a function
// that runs a program, writes, or reads the environment: no module that
// holds one can be imported or reached, and a value's attributes are data.
func Python(src string) (reads []string, why string) {
	p := &pyParser{lx: pyLexer{src: src}, bound: map[string]value{}}
	p.next()
	for p.tok.kind != tEOF && p.why == "" {
		if p.tok.kind == tSep {
			p.next()
			continue
		}
		p.statement()
		if p.why == "" && p.tok.kind != tSep && p.tok.kind != tEOF {
			p.fail("unexpected " + p.tok.text)
		}
	}
	if p.why != "" {
		return nil, p.why
	}
	return p.reads, ""
}

// pyModules are the modules the core imports, each with the attributes
// code may take from it (all of them harmless to read or call: none runs
// a program, writes, opens a file by name or reads the environment). A
// module's own imports are not reachable: an attribute not listed is not
// in the core. "this" prints the Zen of Python when imported.
var pyModules = [...]struct {
	name  string
	attrs []string
}{
	{"sys", []string{
		"version", "version_info", "hexversion", "api_version", "implementation", "platform",
		"executable", "prefix", "base_prefix", "exec_prefix", "base_exec_prefix", "path", "argv",
		"byteorder", "maxsize", "maxunicode", "float_info", "int_info", "hash_info", "thread_info",
		"flags", "stdlib_module_names", "builtin_module_names", "copyright", "platlibdir",
		"getrecursionlimit", "getdefaultencoding", "getfilesystemencoding", "getsizeof", "stdin",
		"stdout", "stderr",
	}},
	{"json", []string{"dumps", "loads", "load"}},
	{"tomllib", []string{"loads", "load"}},
	{"ast", []string{
		"parse", "dump", "walk", "literal_eval", "unparse", "iter_child_nodes", "iter_fields",
		"get_docstring", "AST", "Module", "FunctionDef", "AsyncFunctionDef", "ClassDef", "Import",
		"ImportFrom", "Assign", "AnnAssign", "Expr", "Call", "Name", "Attribute", "Constant",
	}},
	{"math", []string{
		"pi", "e", "tau", "inf", "nan", "sqrt", "floor", "ceil", "log", "log2", "log10", "exp",
		"pow", "fabs", "factorial", "gcd", "isqrt", "comb", "perm", "prod", "fsum", "trunc",
	}},
	{"keyword", []string{"kwlist", "softkwlist", "iskeyword"}},
	{"string", []string{"ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits", "punctuation", "whitespace", "capwords"}},
	{"this", []string{}},
}

// pyModule returns the attributes code may take from the module m, and
// whether the core imports it (a map would be built at start-up, in every
// hook).
func pyModule(m string) ([]string, bool) {
	for _, e := range pyModules {
		if e.name == m {
			return e.attrs, true
		}
	}
	return nil, false
}

// attrsOf returns the attributes code may take from the module m.
func attrsOf(m string) []string {
	attrs, _ := pyModule(m)
	return attrs
}

// pyBuiltins are the builtins the core calls or passes: pure functions
// of their arguments, and open, which the parser reads apart.
var pyBuiltins = []string{
	"print", "len", "sorted", "list", "dict", "set", "frozenset", "tuple", "str", "repr", "ascii",
	"int", "float", "bool", "bytes", "min", "max", "sum", "any", "all", "enumerate", "zip", "range",
	"reversed", "isinstance", "hasattr", "abs", "round", "divmod", "pow", "hex", "oct", "bin",
	"chr", "ord", "format", "open", "None", "True", "False",
}

// pyNotVariables are Python's builtins in lower case (3.10 to 3.13): a
// comprehension's variable may not be named so, nor start with _, so
// that no name read as data is a builtin outside the comprehension
// (list(map(exec, [...])) + [0 for exec in []] ran exec; round 52).
var pyNotVariables = []string{
	"abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes",
	"callable", "chr", "classmethod", "compile", "complex", "copyright", "credits", "delattr", "dict",
	"dir", "divmod", "enumerate", "eval", "exec", "exit", "filter", "float", "format", "frozenset",
	"getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance",
	"issubclass", "iter", "len", "license", "list", "locals", "map", "max", "memoryview", "min", "next",
	"object", "oct", "open", "ord", "pow", "print", "property", "quit", "range", "repr", "reversed",
	"round", "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type",
	"vars", "zip",
}

// pyKeywordArgs are the keyword arguments the core passes: none names a
// function the callee calls (key=, default=, object_hook=, file=: a
// method passed so runs, whatever its name; round 52).
var pyKeywordArgs = []string{
	"indent", "sort_keys", "ensure_ascii", "separators", "sep", "end", "flush", "encoding", "errors",
	"start", "reverse", "mode", "include_attributes", "annotate_fields", "clean", "base",
}

// pyPositional are the functions whose later positional arguments the
// core does not pass: ast.parse's second is the file name whose line a
// syntax error's traceback shows, which CPython reads (ast.parse('(',
// '.env') printed it; round 53), as filename= is.
var pyPositional = [...]struct {
	fn string
	n  int
}{{"ast.parse", 1}}

// pyMethods are the methods the core calls on a value: of str, bytes,
// list, dict and a file opened for reading.
var pyMethods = []string{
	"read", "readline", "readlines", "keys", "values", "items", "get", "join", "split", "rsplit",
	"splitlines", "strip", "lstrip", "rstrip", "upper", "lower", "title", "startswith", "endswith",
	"replace", "count", "find", "rfind", "index", "encode", "decode", "partition", "rpartition",
	"zfill", "ljust", "rjust", "center", "isdigit", "isalpha", "isidentifier",
}

// pyDenied are attributes of values the core never reads: the
// environment and the table of loaded modules, whatever holds them.
var pyDenied = []string{"environ", "environb", "modules"}

// pySpecial are the special attributes the core reads.
var pySpecial = []string{"__file__", "__name__", "__version__", "__doc__"}

type tokKind uint8

const (
	tEOF tokKind = iota
	tSep         // ; or a line break outside brackets
	tName
	tNum
	tStr
	tOp
)

type token struct {
	kind tokKind
	text string // the name, number or operator; a string's value
	raw  bool   // a string literal with a prefix other than r, or escapes
}

type pyLexer struct {
	src   string
	i     int
	depth int // open brackets: line breaks inside do not end a statement
}

// pyOps are the operators, longest first.
var pyOps = []string{
	"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "->",
	"(", ")", "[", "]", "{", "}", ",", ":", ".", "+", "-", "*", "/", "%", "<", ">", "=", "~", "|", "&", "^", "@",
}

// lex returns the next token, or why the text is outside the core.
func (l *pyLexer) lex() (token, string) {
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case c == ' ' || c == '\t':
			l.i++
		case c == '#':
			// Python ends a line, and a comment, at a CR too.
			for l.i < len(l.src) && l.src[l.i] != '\n' && l.src[l.i] != '\r' {
				l.i++
			}
		case c == '\n' || c == '\r' || c == ';':
			l.i++
			if l.depth == 0 {
				return token{kind: tSep}, ""
			}
			if c == ';' {
				return token{}, "; inside brackets"
			}
		case c == '\\':
			return token{}, "a line continuation"
		default:
			return l.word()
		}
	}
	return token{kind: tEOF}, ""
}

func (l *pyLexer) word() (token, string) {
	s, start := l.src, l.i
	c := s[l.i]
	switch {
	case isNameStart(c):
		for l.i < len(s) && (isNameStart(s[l.i]) || isDigit(s[l.i])) {
			l.i++
		}
		name := s[start:l.i]
		if l.i < len(s) && (s[l.i] == '\'' || s[l.i] == '"') {
			return l.str(strings.ToLower(name))
		}
		return token{kind: tName, text: name}, ""
	case isDigit(c):
		for l.i < len(s) && (isDigit(s[l.i]) || s[l.i] == '_' || s[l.i] == '.' || s[l.i] == 'e' || s[l.i] == 'x' || isHex(s[l.i])) {
			l.i++
		}
		return token{kind: tNum, text: s[start:l.i]}, ""
	case c == '\'' || c == '"':
		return l.str("")
	}
	for _, op := range pyOps {
		if strings.HasPrefix(s[l.i:], op) {
			l.i += len(op)
			switch op {
			case "(", "[", "{":
				l.depth++
			case ")", "]", "}":
				l.depth--
			}
			return token{kind: tOp, text: op}, ""
		}
	}
	return token{}, "a character the core does not read: " + strings.ToValidUTF8(s[l.i:l.i+1], "?")
}

// str reads a string literal with the prefix prefix (lower case): r, b,
// rb, br or u. An f-string holds code; any other prefix is not Python.
func (l *pyLexer) str(prefix string) (token, string) {
	switch prefix {
	case "", "r", "b", "rb", "br", "u":
	default:
		return token{}, "a string with the prefix " + prefix + " (f-strings hold code)"
	}
	s := l.src
	q := s[l.i : l.i+1]
	if strings.HasPrefix(s[l.i:], q+q+q) {
		q += q + q
	}
	l.i += len(q)
	start := l.i
	escaped := false
	for l.i < len(s) {
		if strings.HasPrefix(s[l.i:], q) {
			v := s[start:l.i]
			l.i += len(q)
			return token{kind: tStr, text: v, raw: escaped || prefix != "" && prefix != "r" && prefix != "u"}, ""
		}
		switch s[l.i] {
		case '\\':
			escaped = true
			l.i++
		case '\n':
			if len(q) == 1 {
				return token{}, "a line break in a string"
			}
		}
		l.i++
	}
	return token{}, "a string that does not end"
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isHex(c byte) bool       { return c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// A value is what the parser knows of an expression's value: a module, a
// function it may call, an attribute of data it may call as a method if
// pyMethods lists it, or else data.
type value struct {
	module string // a module the code imported
	fn     string // a builtin, or MODULE.NAME
	method string // an attribute of data
}

type pyParser struct {
	lx    pyLexer
	tok   token
	why   string
	reads []string
	bound map[string]value // names the code binds
}

func (p *pyParser) fail(why string) {
	if p.why == "" {
		p.why = why
	}
	p.tok = token{kind: tEOF}
}

func (p *pyParser) next() {
	if p.why != "" {
		return
	}
	t, why := p.lx.lex()
	if why != "" {
		p.fail(why)
		return
	}
	p.tok = t
}

func (p *pyParser) is(op string) bool { return p.tok.kind == tOp && p.tok.text == op }
func (p *pyParser) isName(n string) bool {
	return p.tok.kind == tName && p.tok.text == n
}

func (p *pyParser) expect(op string) {
	if !p.is(op) {
		p.fail("expected " + op)
		return
	}
	p.next()
}

func (p *pyParser) name() string {
	if p.tok.kind != tName || pyKeyword(p.tok.text) {
		p.fail("expected a name")
		return ""
	}
	n := p.tok.text
	p.next()
	return n
}

func pyKeyword(s string) bool {
	return slices.Contains([]string{
		"import", "from", "as", "for", "in", "if", "else", "not", "and", "or", "is", "lambda",
		"def", "class", "return", "yield", "await", "async", "del", "global", "nonlocal", "with",
		"while", "try", "except", "finally", "raise", "assert", "pass", "break", "continue", "elif",
	}, s)
}

func (p *pyParser) statement() {
	switch {
	case p.isName("import"):
		p.next()
		for {
			m := p.module()
			bind := m
			if p.isName("as") {
				p.next()
				bind = p.name()
			} else if strings.Contains(m, ".") {
				p.fail("import of a submodule")
			}
			p.bind(bind, value{module: m})
			if !p.is(",") {
				return
			}
			p.next()
		}
	case p.isName("from"):
		p.next()
		m := p.module()
		if !p.isName("import") {
			p.fail("expected import")
			return
		}
		p.next()
		for {
			n := p.name()
			bind := n
			if p.isName("as") {
				p.next()
				bind = p.name()
			}
			if p.why == "" && !slices.Contains(attrsOf(m), n) {
				p.fail(m + "." + n + " is not in the core")
			}
			p.bind(bind, value{fn: m + "." + n})
			if !p.is(",") {
				return
			}
			p.next()
		}
	default:
		v := p.expr()
		if v.fn != "" || v.module != "" {
			// A bare function or module: nothing runs.
			return
		}
	}
}

// module reads a module's name: one the core imports.
func (p *pyParser) module() string {
	m := p.name()
	if _, ok := pyModule(m); p.why == "" && !ok {
		p.fail("import of " + m + ", a module outside the core")
	}
	return m
}

// bind binds the name n to v, unless n is a builtin the core reads or a
// name bound before: a comprehension's variable is data, and must not
// stand for a module the code imported elsewhere.
func (p *pyParser) bind(n string, v value) {
	if p.why != "" {
		return
	}
	if slices.Contains(pyBuiltins, n) {
		p.fail("a name that hides the builtin " + n)
		return
	}
	if old, ok := p.bound[n]; ok && old != v {
		p.fail("the name " + n + " bound twice")
		return
	}
	p.bound[n] = v
}

func (p *pyParser) expr() value {
	v := p.orTest()
	if p.isName("if") {
		// Its value is a branch's: neither may be a module.
		p.plain(v)
		p.next()
		p.orTest()
		if !p.isName("else") {
			p.fail("expected else")
			return value{}
		}
		p.next()
		p.plain(p.expr())
		return value{}
	}
	return v
}

func (p *pyParser) orTest() value {
	v := p.notTest()
	for p.isName("and") || p.isName("or") {
		// Its value is an operand's: none may be a module.
		p.plain(v)
		p.next()
		v = p.notTest()
		p.plain(v)
		v = value{}
	}
	return v
}

// plain fails where v, a value the code passes on (an argument, an
// element, an operand of and, or, if), is a module: an attribute of a
// module that is no longer known as one would be read as data's
// ([json][0].codecs.builtins; round 53), and open, which only a call
// with a literal name may use.
func (p *pyParser) plain(v value) {
	switch {
	case v.module != "":
		p.fail("the module " + v.module + " as a value")
	case v.fn == "open":
		p.fail("open passed as a value")
	}
}

func (p *pyParser) notTest() value {
	if p.isName("not") {
		p.next()
		p.notTest()
		return value{}
	}
	v := p.arith()
	for p.why == "" {
		switch {
		case p.tok.kind == tOp && slices.Contains([]string{"==", "!=", "<", ">", "<=", ">="}, p.tok.text), p.isName("in"):
			p.next()
		case p.isName("is"), p.isName("not"):
			p.next()
			if p.isName("not") || p.isName("in") {
				p.next()
			}
		default:
			return v
		}
		p.arith()
		v = value{}
	}
	return v
}

func (p *pyParser) arith() value {
	v := p.unary()
	for p.tok.kind == tOp && slices.Contains([]string{"+", "-", "*", "/", "//", "%", "**", "|", "&", "^", "<<", ">>", "@"}, p.tok.text) {
		p.next()
		p.unary()
		v = value{}
	}
	return v
}

func (p *pyParser) unary() value {
	if p.tok.kind == tOp && (p.tok.text == "-" || p.tok.text == "+" || p.tok.text == "~") {
		p.next()
		p.unary()
		return value{}
	}
	return p.primary()
}

func (p *pyParser) primary() value {
	v := p.atom()
	for p.why == "" {
		switch {
		case p.is("."):
			p.next()
			v = p.attribute(v, p.name())
		case p.is("("):
			p.next()
			v = p.call(v)
		case p.is("["):
			p.next()
			p.subscript()
			v = value{}
		default:
			return v
		}
	}
	return v
}

// attribute returns the attribute a of the value v.
func (p *pyParser) attribute(v value, a string) value {
	switch {
	case p.why != "":
	case v.module != "":
		if !slices.Contains(attrsOf(v.module), a) && !slices.Contains(pySpecial, a) {
			p.fail(v.module + "." + a + " is not in the core")
		}
		return value{fn: v.module + "." + a}
	case slices.Contains(pyDenied, a):
		p.fail("the attribute " + a)
	case strings.HasPrefix(a, "_") && !slices.Contains(pySpecial, a):
		p.fail("the private or special attribute " + a)
	default:
		return value{method: a}
	}
	return value{}
}

// call reads the arguments of a call of v, after its (.
func (p *pyParser) call(v value) value {
	fn := v.fn
	switch {
	case fn == "open":
		p.open()
		return value{}
	case v.method != "":
		if !slices.Contains(pyMethods, v.method) {
			p.fail("the method " + v.method + ", which is not in the core")
		}
	case fn == "" || fn == "None" || fn == "True" || fn == "False":
		p.fail("a call of a value the core does not know as a function")
	case strings.Contains(fn, "."):
		// A module's function: every one its list names is pure.
	case !slices.Contains(pyBuiltins, fn):
		p.fail("a call of " + fn)
	}
	p.args(fn)
	return value{}
}

// args reads the arguments of a call of fn up to its ): positional ones
// (no more than pyPositional allows), * of an iterable, and the keyword
// arguments pyKeywordArgs lists (not ** of a mapping, which may name
// any).
func (p *pyParser) args(fn string) {
	limit, limited := 0, false
	for _, e := range pyPositional {
		if e.fn == fn {
			limit, limited = e.n, true
		}
	}
	for positional := 0; p.why == "" && !p.is(")"); {
		keyword := false
		switch {
		case p.is("**"):
			p.fail("keyword arguments from a mapping")
		case p.is("*"):
			if limited {
				p.fail("arguments of " + fn + " from an iterable")
			}
			p.next()
		case p.tok.kind == tName && !pyKeyword(p.tok.text):
			// A keyword argument, or an expression starting with a name.
			save := p.lx
			tok := p.tok
			p.next()
			if !p.is("=") {
				p.lx, p.tok = save, tok
			} else if !slices.Contains(pyKeywordArgs, tok.text) {
				p.fail("the keyword argument " + tok.text)
			} else {
				keyword = true
				p.next()
			}
		}
		if !keyword {
			if positional++; limited && positional > limit {
				p.fail("a positional argument of " + fn + " past the first")
			}
		}
		p.argument()
		if !p.is(",") {
			break
		}
		p.next()
	}
	p.expect(")")
}

// argument reads an argument, or a generator expression that is one.
func (p *pyParser) argument() {
	p.plain(p.expr())
	if p.isName("for") {
		p.comprehension()
	}
}

// open reads the arguments of a call of open: a literal name, and a
// literal reading mode or encoding.
func (p *pyParser) open() {
	if p.tok.kind != tStr || p.tok.raw || p.tok.text == "" {
		p.fail("open of a name that is not a plain literal")
		return
	}
	p.reads = append(p.reads, p.tok.text)
	p.next()
	for i := 1; p.why == "" && p.is(","); i++ {
		p.next()
		if p.is(")") {
			break
		}
		key := "mode"
		if i > 1 {
			key = ""
		}
		if p.tok.kind == tName {
			key = p.name()
			p.expect("=")
		}
		if p.tok.kind != tStr || p.tok.raw {
			p.fail("open with a value that is not a plain literal")
			return
		}
		switch key {
		case "mode":
			if !slices.Contains([]string{"r", "rb", "rt", "br", "tr"}, p.tok.text) {
				p.fail("open for other than reading")
				return
			}
		case "encoding", "errors":
		default:
			p.fail("open with an argument the core does not read")
			return
		}
		p.next()
	}
	p.expect(")")
}

func (p *pyParser) subscript() {
	for p.why == "" && !p.is("]") {
		if !p.is(":") && !p.is(",") {
			p.expr()
		}
		if !p.is(":") && !p.is(",") {
			break
		}
		p.next()
	}
	p.expect("]")
}

// comprehension reads the for and if clauses of a comprehension, after its
// expression (whose names were read before the for binds them: the
// variables are read as data wherever they appear).
func (p *pyParser) comprehension() {
	for p.why == "" && p.isName("for") {
		p.next()
		for {
			if n := p.name(); pyVariable(n) {
				p.bind(n, value{})
			} else {
				p.fail("a comprehension variable named " + n)
			}
			if !p.is(",") {
				break
			}
			p.next()
		}
		if !p.isName("in") {
			p.fail("expected in")
			return
		}
		p.next()
		p.orTest()
		for p.why == "" && p.isName("if") {
			p.next()
			p.orTest()
		}
	}
}

func (p *pyParser) atom() value {
	t := p.tok
	switch t.kind {
	case tNum:
		p.next()
	case tStr:
		for p.tok.kind == tStr {
			p.next()
		}
	case tName:
		if pyKeyword(t.text) {
			p.fail("the keyword " + t.text)
			return value{}
		}
		later := p.comprehensionVar(t.text)
		p.next()
		if v, ok := p.bound[t.text]; ok {
			return v
		}
		if slices.Contains(pyBuiltins, t.text) {
			return value{fn: t.text}
		}
		if later {
			return value{}
		}
		p.fail("the name " + t.text + ", which the code does not bind")
	case tOp:
		switch t.text {
		case "(":
			p.next()
			p.sequence(")")
		case "[":
			p.next()
			p.sequence("]")
		case "{":
			p.next()
			p.sequence("}")
		default:
			p.fail("unexpected " + t.text)
		}
	default:
		p.fail("an incomplete expression")
	}
	return value{}
}

// pyVariable reports whether a comprehension's variable may be named n.
func pyVariable(n string) bool {
	return n != "" && n[0] != '_' && !slices.Contains(pyNotVariables, n)
}

// comprehensionVar reports whether name is bound by a for clause later in
// the statement: the text after the current token up to the statement's
// end binds it (for NAME, for A, NAME in), and a variable may be named
// so.
func (p *pyParser) comprehensionVar(name string) bool {
	if !pyVariable(name) {
		return false
	}
	l := pyLexer{src: p.lx.src, i: p.lx.i, depth: p.lx.depth}
	for {
		t, why := l.lex()
		if why != "" || t.kind == tEOF || t.kind == tSep {
			return false
		}
		if t.kind != tName || t.text != "for" {
			continue
		}
		for {
			n, why := l.lex()
			if why != "" || n.kind != tName {
				break
			}
			if n.text == name {
				return true
			}
			if c, _ := l.lex(); c.kind != tOp || c.text != "," {
				break
			}
		}
	}
}

// sequence reads a parenthesized expression, tuple, list, set, dict or
// comprehension up to close.
func (p *pyParser) sequence(close string) {
	for p.why == "" && !p.is(close) {
		if p.is("*") || p.is("**") {
			p.next()
		}
		p.argument()
		if p.is(":") {
			p.next()
			p.argument()
		}
		if !p.is(",") {
			break
		}
		p.next()
	}
	p.expect(close)
}
