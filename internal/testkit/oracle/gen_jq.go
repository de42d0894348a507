package oracle

import (
	"path"
	"strings"
)

// The jq class: filters of jq's own grammar (jq(1), 1.6 and later): paths,
// pipes, commas, alternatives, literals, object and array construction,
// string interpolation, formats (@sh, @base64d, ...), definitions,
// variables and destructuring, reduce, foreach, label, try, if, the
// built-ins (every one that reaches the environment, other inputs or
// files: env, $ENV, input, inputs, input_filename, input_line_number,
// $__loc__, debug, stderr, halt_error, modulemeta, get_search_list,
// $__prog_args, $ARGS), modules (import and include of code and data, with
// -L and search metadata, ~/.jq), and every option (-n, -r, -j, -a, -s,
// -R, -c, -C, -S, -e, --seq, --stream, --tab, --indent, --arg, --argjson,
// --args, --jsonargs, --rawfile, --slurpfile, --argfile, -f, --from-file,
// -L, --run-tests, --debug-dump-disasm, --debug-trace, clusters).

// jqGen builds one jq line.
type jqGen struct {
	p        *prog
	uses     []string // terms an option asks the filter to print ($k)
	fromFile bool     // -f: the filter operand is left out, mostly
	pre      string   // a directive an option asks for
	args     bool     // --args or --jsonargs: the operands are strings
	json     []string // secrets that hold JSON
}

// jqLine makes a line of the jq class.
func jqLine(r *rng) Line {
	p := newProg(r, "jq", map[string]int{"filter": 60, "option": 25, "operand": 10, "env": 5})
	j := &jqGen{p: p}
	for _, s := range SecretFiles {
		if strings.HasSuffix(s, ".json") {
			j.json = append(j.json, abs(s))
		}
	}
	words := []string{"jq"}
	if e := j.env(); e != "" {
		words = append([]string{e}, words...)
	}
	opts := j.options()
	filter := j.program()
	ops := j.operands(strings.Contains(strings.Join(opts, " "), "-n"))
	words = append(words, opts...)
	if !j.fromFile || p.chance(30) {
		words = append(words, p.word(filter))
	}
	if len(ops) > 0 && p.chance(5) {
		// The end of the options.
		p.tag("opt-dashdash")
		words = append(words, "--")
	}
	return p.line(strings.Join(append(words, ops...), " "))
}

// term is one harmless term, or one that reaches outside jq if the plan
// puts one here.
func (j *jqGen) term(depth int) string {
	if j.p.reach("filter") {
		return j.reachTerm()
	}
	if len(j.uses) > 0 {
		u := j.uses[0]
		j.uses = j.uses[1:]
		return u
	}
	r := j.p.r
	if depth < 2 && j.p.chance(30) {
		return fill(j.p.one([]form{
			{"array", "[@F@]"}, {"object", "{a: @F@, \"b\": 1}"}, {"paren", "(@F@)"},
			{"if", "if @F@ then . else empty end"}, {"if-elif", "if . == null then 0 elif @F@ then 1 else 2 end"},
			{"try", "try @F@ catch ."}, {"optional", "(@F@)?"},
			{"reduce", "reduce .items[]? as $x (0; . + $x)"}, {"foreach", "foreach (.items[]?) as $x (0; . + $x)"},
			{"as", "@F@ as $v | $v"}, {"destructure", ". as {name: $n} | $n"}, {"label", "label $out | @F@ | ., break $out"},
			{"interpolation", "\"x\\(@F@)\""}, {"def", "def g: @F@; g"}, {"def-args", "def g($a; b): $a + b; g(1; 2)"},
			{"select", ".[]? | select(@F@)"}, {"alt", "@F@ // \"d\""}, {"path", "[paths]"}, {"map", "map(@F@)?"},
			{"format-sh", "@sh \"echo \\(.name)\""}, {"format", pick(r, []string{"@base64", "@base64d", "@text", "@json", "@csv", "@tsv", "@html", "@uri", "@sh"})},
		}), filler{"@F@", func() string { return j.filter(depth + 1) }})
	}
	return pick(r, []string{
		".", ".", ".name", ".items[]?", ".items[0]", ".[\"name\"]", ".\"version\"", ".a?", "..", "keys", "length", "type",
		"to_entries", "with_entries(.value |= tostring)", "tostream", "[leaf_paths]", "getpath([\"name\"])", "has(\"name\")?",
		"ltrimstr(\"a\")", "rtrimstr(\"x\")", "ascii_downcase?", "splits(\", \")?", "tostring", "tojson", "fromjson?",
		"limit(2; .[]?)", "first(.[]?)", "range(3)", "now | floor * 0", "\"a,b\" | split(\",\")", "test(\"a\")?",
		"sub(\"a\"; \"b\")?", "gsub(\"a\"; \"b\")?", "ascii", "implode?", "explode?", "[.[]?] | add", "null", "true", "1 + 2",
		"builtins | length", "$__loc__", "$__loc__.line", "input_line_number", "error(\"x\")?", "empty", "not", "infinite",
		"nan | isnan", "[splits(\"a\")]?", "tojson | fromjson", "@json \"v=\\(.)\"", "{} | .a.b |= 1", "del(.name)?",
		"to_entries | from_entries", "env_x", "$ENV_not", ".env", "ENV", "\"env\"", "{env: 1}.env", "$__loc__.file",
		"[limit(3; repeat(1))]", "[range(0; 10; 3)]", "[.[]?] | sort_by(.) | group_by(.) | unique_by(length)", "flatten?",
		"pow(2; 3) + log + sqrt?", "until(. > 3; . + 1)?", "[recurse(.[]?; . != null)]", "walk(.)?", "paths(type == \"number\")",
		"fromstream(tostream)", "[truncate_stream(1; tostream)]", "any, all", "(.items // [])[1:]", "indices(1)?",
		"contains({})?", "inside({})?", "startswith(\"a\")?", "[combinations]?", "todate?", "now | strftime(\"%Y\")",
		"\"2015-03-05T23:51:47Z\" | fromdate", "capture(\"(?<a>a)\")?", "[scan(\"a\")]?", "match(\"a\")?",
		"@base32 | @base32d", "splits(\"a\"; \"g\")?", "getpath([\"items\", 0])", "setpath([\"x\"]; 1)", "delpaths([[\"name\"]])",
		"to_entries | map(select(.key | test(\"^n\")))", "tojson | @sh", "input_line_number", "significand?", "$__loc__ | .line",
		"[.[]?] | INDEX(.)", "IN(1, 2)", "ascii_upcase?", "try error(\"x\") catch .", "error(null)?", "label $f | 1, break $f", "-1 as $x | .", "-(1)",
	})
}

// filter is terms joined by jq's operators.
func (j *jqGen) filter(depth int) string {
	f := j.term(depth)
	for k := j.p.r.IntN(3); k > 0; k-- {
		f += pick(j.p.r, []string{" | ", ", ", " // ", " + ", " == ", "|", " and ", " or ", " != "}) + j.term(depth)
	}
	return f
}

// program is a filter with the module directives planned, and every term
// an option asked for.
func (j *jqGen) program() string {
	pre := j.pre
	if pre == "" && j.p.want["filter"] > 0 && j.p.chance(35) {
		j.p.want["filter"]--
		pre = j.moduleDirective()
	}
	f := j.filter(0)
	for j.p.want["filter"] > 0 || len(j.uses) > 0 {
		f += ", " + j.term(0)
	}
	if j.p.chance(5) {
		j.p.tag("comment")
		f = "# c\n" + f
	}
	return pre + f
}

// jsonSecret is a secret that holds JSON, as dir and name without .json.
func (j *jqGen) jsonSecret() (string, string) {
	s := pick(j.p.r, j.json)
	return path.Dir(s), strings.TrimSuffix(path.Base(s), ".json")
}

// moduleDirective is an import or include before the filter: jq code from
// ~/.jq or the project's lib, or JSON data, found on the search path.
func (j *jqGen) moduleDirective() string {
	dir, name := j.jsonSecret()
	rel := strings.TrimPrefix(dir, Home+"/")
	return j.p.oneHit([]form{
		{"import-home-module", "import \"util\" as u; "},
		{"include-home-module", "include \"util\"; "},
		{"import-lib-module", "import \"lib/util\" as u; "},
		{"import-search", "import \"util\" as u {search: \"./lib\"}; "},
		{"import-data-search", "import \"" + name + "\" as $d {search: \"" + dir + "\"}; $d, "},
		{"import-data-relative", "import \"./../" + rel + "/" + name + "\" as $d; $d, "},
		{"import-data-home", "import \"../" + rel + "/" + name + "\" as $d; $d, "},
		{"include-data-search", "include \"" + name + "\" {search: \"" + dir + "\"}; "},
		{"module-meta", "module {name: \"m\"}; "},
		{"import-dotenv", "import \".env\" as $d {search: \".\"}; $d, "},
	})
}

// reachTerm is a term that reads the environment, other inputs, the
// program's origin or modules, or prints to stderr.
func (j *jqGen) reachTerm() string {
	return j.p.oneHit([]form{
		{"env", "env"}, {"env-field", "env.HOME"}, {"env-keys", "env | keys"}, {"ENV", "$ENV"}, {"ENV-field", "$ENV.PATH"},
		{"ENV-blank", "$ ENV"}, {"ENV-comment", "$#x\nENV"}, {"env-interpolated", "\"home=\\(env.HOME)\""},
		{"input", "input"}, {"inputs", "[inputs]"}, {"first-inputs", "first(inputs)"}, {"limit-inputs", "limit(1; inputs)"},
		{"input-filename", "input_filename"}, {"loc", "$__loc__"}, {"input-line-number", "input_line_number"},
		{"debug", "debug"}, {"stderr", "stderr"}, {"halt-error", "\"bye\\n\" | halt_error"}, {"halt-error-code", "halt_error(5)"},
		{"modulemeta", "\"util\" | modulemeta"}, {"get-search-list", "get_search_list"}, {"prog-args", "$__prog_args"},
		{"args", "$ARGS"}, {"input-raw", "input | @base64"}, {"getpath-env", "$ENV | getpath([\"HOME\"])"},
	})
}

// options are harmless options, and one that reads a file, a filter or a
// module if the plan puts one here.
func (j *jqGen) options() []string {
	r := j.p.r
	var o []string
	for k := r.IntN(3); k > 0; k-- {
		o = append(o, j.p.one([]form{
			{"opt-n", "-n"}, {"opt-r", pick(r, []string{"-r", "--raw-output"})}, {"opt-j", "-j"}, {"opt-a", "-a"},
			{"opt-c", pick(r, []string{"-c", "--compact-output"})}, {"opt-C", "-C"}, {"opt-M", "-M"}, {"opt-S", "-S"},
			{"opt-e", pick(r, []string{"-e", "--exit-status"})}, {"opt-s", "-s"}, {"opt-R", "-R"}, {"opt-tab", "--tab"},
			{"opt-indent", "--indent 4"}, {"opt-seq", "--seq"}, {"opt-stream", "--stream"}, {"opt-unbuffered", "--unbuffered"},
			{"opt-arg", "--arg k v"}, {"opt-argjson", "--argjson k '{\"a\":1}'"}, {"opt-cluster", pick(r, []string{"-nr", "-rc", "-cS", "-rj"})},
			{"opt-L", "-L lib"}, {"opt-L", "-Llib"},
			{"opt-newer", pick(r, []string{"--raw-output0", "-b", "--binary", "--stream-errors", "--debug-trace=all", "--build-configuration", "--library-path lib", "--indent 7", "-V", "-h"})},
		}))
	}
	if j.p.chance(8) {
		j.args = true
		o = append(o, j.p.one([]form{{"opt-args", "--args"}, {"opt-jsonargs", "--jsonargs"}}))
	}
	if j.p.reach("option") {
		o = append(o, j.reachOption())
	}
	return o
}

// reachOption is an option that reads a file into a variable, reads the
// filter from a file, adds a search path or runs tests from a file.
func (j *jqGen) reachOption() string {
	r := j.p.r
	s := secretOperand(r)
	dir, name := j.jsonSecret()
	o := j.p.oneHit([]form{
		{"opt-rawfile", "--rawfile k " + s}, {"opt-slurpfile", "--slurpfile k " + dir + "/" + name + ".json"},
		{"opt-argfile", "--argfile k " + pick(r, []string{dir + "/" + name + ".json", s})},
		{"opt-f", "-f " + pick(r, []string{s, "tools/filter.jq"})}, {"opt-from-file", "--from-file " + s},
		{"opt-f-cluster", pick(r, []string{"-nf ", "-rf ", "-fr "}) + s},
		{"opt-L-secret", "-L " + dir + " -n"}, {"opt-L-attached", "-L" + dir},
		{"opt-run-tests", "--run-tests " + pick(r, []string{s, "tools/filter.jq"})},
		{"opt-debug-dump-disasm", "--debug-dump-disasm"}, {"opt-debug-trace", "--debug-trace"},
		{"opt-rawfile-data", "--rawfile k notes.txt"},
	})
	switch t := j.p.reached[len(j.p.reached)-1]; t {
	case "jq/opt-rawfile", "jq/opt-slurpfile", "jq/opt-argfile", "jq/opt-rawfile-data":
		j.uses = append(j.uses, "$k")
	case "jq/opt-f", "jq/opt-from-file", "jq/opt-f-cluster", "jq/opt-run-tests":
		j.fromFile = true
	case "jq/opt-L-secret", "jq/opt-L-attached":
		j.pre = pick(r, []string{"import \"" + name + "\" as $d; $d, ", "include \"" + name + "\"; ", "import \"" + name + "\" as d; "})
	}
	return o
}

// operands are the inputs jq reads (or, after --args, strings).
func (j *jqGen) operands(null bool) []string {
	r := j.p.r
	if j.p.reach("operand") {
		return []string{j.p.oneHit([]form{
			{"operand-secret", secretOperand(r)}, {"operand-json-secret", pick(r, j.json)},
			{"operand-stdin-secret", "- < " + secretOperand(r)}, {"operand-fd", "/dev/fd/3 3< " + secretOperand(r)},
			{"operand-dotdot", "../.docker/config.json"}, {"operand-home", "~/.jq/util.jq"},
			{"operand-proc", "/proc/self/environ"},
		})}
	}
	switch {
	case j.args:
		return []string{pick(r, []string{"a b", "1 2", ".env notes.txt", "'{\"a\":1}'"})}
	case null && j.p.chance(60):
		return nil
	case j.p.chance(10):
		return []string{j.p.one([]form{{"operand-stdin", "- < data.json"}, {"operand-dev-stdin", "/dev/stdin < data.json"}, {"operand-redirect", "< data.json"}})}
	case j.p.chance(15):
		return []string{dataFile(r, true), dataFile(r, true)}
	}
	return []string{dataFile(r, true)}
}

// env is a variable jq reads, before the line, or "".
func (j *jqGen) env() string {
	if !j.p.reach("env") {
		return ""
	}
	return j.p.oneHit([]form{
		{"env-home", "HOME=" + pick(j.p.r, []string{"/home/user/project", "/home/user/.docker", "/tmp"})},
		{"env-jq-colors", "JQ_COLORS='0;31'"},
		{"env-jq-library-path", "JQ_LIBRARY_PATH=/home/user/.docker"},
	})
}
