package runtime

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"hookc.dev/hookc/internal/testkit/testenv"
	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestNpmOptionOracle is the differential oracle of npm's command knowledge
// (cue/schema/commands.cue's npm and _npmUnsafe; design.md 428, round 37):
// which spellings of npm's settings on a line set one that runs a program,
// takes configuration from elsewhere, or sends the user's token to a
// server (the options the knowledge lists as unsafe: registry, proxies,
// TLS trust, script-shell, node-options, prefix, userconfig, ...), and
// where npm writes its cache and logs.
//
// The generator is npm's own grammar, read from the npm installed at test
// time: the keys of its configuration definitions and its shorthands
// (@npmcli/config's definitions). Each line is `npm WORDS test` or `npm
// WORDS run build` with one to three settings before or after the
// subcommand, each spelled as npm may read it: one, two or three dashes, a
// value after = or in the next word or none, --no-KEY, a unique prefix of
// the key, the key in camelCase or another case, a shorthand (-reg, -C),
// one-letter shorthands grouped (-fC DIR), or an npm_config_KEY variable
// before the command with its name in any case; values are URLs, paths
// and words in several cases.
//
// npm is the judge: its own configuration loader (@npmcli/config, called
// as npm.js calls it, with the line's words and environment, a scratch
// home and project) says which settings the line changed from npm's
// defaults; every disagreement, and every tenth line, is checked again
// with the npm command itself (`npm WORDS config get KEYS`, the subcommand
// replaced), and the two must agree. A line that changed an unsafe setting
// must be not known to the model (commandUnit) or take a floor of an allow
// rule that names nothing (an assignment before the command); a line that
// moved the cache or the logs must be not known, take a floor, or write
// where they went; and a line the model knows must run the command, with
// the arguments, the model reads (npm --message test exec -- CMD runs
// exec, design.md 430). HOOKC_NPMOPT_ORACLE_N sets the number of lines (default
// 1000, 250 with -short), HOOKC_NPMOPT_ORACLE_SEED the seed,
// HOOKC_NPMOPT_ORACLE_V=1 logs each line.
func TestNpmOptionOracle(t *testing.T) {
	npmTool, err := exec.LookPath("npm")
	if err != nil {
		testenv.Missing(t, "no npm command")
	}
	nodeTool, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "no node command")
	}
	n := testenv.Count(t, "HOOKC_NPMOPT_ORACLE_N", 1000, 250)
	w := newNpmWorld(t, npmTool, nodeTool)
	base := w.judge(t, npmLine{sub: []string{"test"}})
	if base.Error != "" {
		t.Fatalf("npm's configuration loader: %s", base.Error)
	}
	r := rand.New(rand.NewPCG(oracleEnvSeed(t, "HOOKC_NPMOPT_ORACLE_SEED", 429), 2))
	var st npmStats
	for i := range n {
		l := w.line(r)
		got := w.judge(t, l)
		set := w.changed(base, got)
		ask, writes, ops := w.model(t, l)
		bad := w.disagree(set, got, ask, writes)
		if strings.HasPrefix(ask, "known") && got.Error == "" && !slices.Equal(ops, got.Remain) {
			// The command npm runs and its arguments are the ones the
			// model reads (npm --message test exec: design.md 430).
			bad = append(bad, fmt.Sprintf("npm runs %q, the model reads %q", got.Remain, ops))
		}
		checked := "not checked with the npm command, which prints no settings for it (a value in the subcommand's place, -h)"
		if (len(bad) > 0 || i%10 == 0) && w.confirm(t, l, set, got) {
			st.confirmed++
			checked = "the npm command agrees"
		}
		st.add(l, got, set, ask, len(bad) > 0)
		if os.Getenv("HOOKC_NPMOPT_ORACLE_V") != "" {
			t.Logf("%s: sets %q (rest %q); the model: %s", l, set, got.Remain, ask)
		}
		for _, b := range bad {
			t.Errorf("DISAGREE %s: %s (%s); the model: %s", l, b, checked, ask)
		}
	}
	t.Logf("npm option oracle (npm %s, %d keys, %d shorthands): %s", w.version, len(w.grammar.Keys), len(w.grammar.Shorthands), &st)
	if st.unsafe == 0 || st.moved == 0 {
		t.Errorf("the generator set no unsafe setting or moved no cache: %d, %d", st.unsafe, st.moved)
	}
}

// An npmLine is an npm command line: variables before it, words before
// and after its subcommand.
type npmLine struct {
	env       [][2]string
	pre, post []string
	sub       []string // test, or run build
	forms     []string // how each setting is spelled (spell)
}

func (l npmLine) String() string {
	var ws []string
	for _, e := range l.env {
		ws = append(ws, e[0]+"="+ccQuote(e[1]))
	}
	ws = append(ws, "npm")
	for _, x := range slices.Concat(l.pre, l.sub, l.post) {
		if x == "" {
			ws = append(ws, "''")
			continue
		}
		ws = append(ws, ccQuote(x))
	}
	return strings.Join(ws, " ")
}

// An npmWorld is a scratch home and project, npm's grammar and its
// configuration loader, running.
type npmWorld struct {
	npm, npmPath, version string
	home, proj            string
	grammar               npmGrammar
	unsafe, writes        []string // the keys the knowledge says run code, and where npm writes
	judgeIn               *json.Encoder
	judgeOut              *bufio.Scanner
	cliBase               map[string]string // what npm config get prints without settings
}

// npmGrammar is what npm's definitions say: its keys, with whether each
// takes a value (not only a boolean), and its shorthands.
type npmGrammar struct {
	Keys       []string
	Valued     map[string]bool
	Shorthands map[string][]string
}

// npmJudge loads npm's configuration as npm.js does, once per line read
// from standard input ({argv, env, cwd}), and prints the keys asked for
// first; with {grammar: true} it prints npm's keys and shorthands.
const npmJudge = `
const npmPath = process.argv[2]
const Config = require(npmPath + '/node_modules/@npmcli/config')
const { definitions, flatten, nerfDarts, shorthands } = require(npmPath + '/node_modules/@npmcli/config/lib/definitions')
const rl = require('node:readline').createInterface({ input: process.stdin })
let keys = null
const queue = []
let busy = false
async function one (q) {
  if (q.grammar) {
    const valued = {}
    for (const [k, d] of Object.entries(definitions)) {
      const types = [].concat(d.type)
      valued[k] = !(types.length === 1 && types[0] === Boolean)
    }
    return { Keys: Object.keys(definitions), Valued: valued, Shorthands: shorthands }
  }
  if (q.keys) { keys = q.keys; return {} }
  const config = new Config({ npmPath, definitions, flatten, nerfDarts, shorthands,
    argv: [process.execPath, npmPath + '/bin/npm-cli.js', ...q.argv], env: { ...q.env }, cwd: q.cwd, warn: false })
  try {
    await config.load()
  } catch (e) {
    return { Error: String(e && e.message) }
  }
  const values = {}
  for (const k of keys) values[k] = JSON.stringify(config.get(k) === undefined ? null : config.get(k))
  return { Values: values, Remain: config.parsedArgv.remain }
}
rl.on('line', (line) => { queue.push(JSON.parse(line)); pump() })
async function pump () {
  if (busy) return
  busy = true
  while (queue.length) process.stdout.write(JSON.stringify(await one(queue.shift())) + '\n')
  busy = false
}
`

func newNpmWorld(t *testing.T, npmTool, nodeTool string) *npmWorld {
	t.Helper()
	base := t.TempDir()
	if p, err := filepath.EvalSymlinks(base); err == nil {
		base = p
	}
	w := &npmWorld{npm: npmTool, home: filepath.Join(base, "home"), proj: filepath.Join(base, "p")}
	cli, err := filepath.EvalSymlinks(npmTool)
	if err != nil {
		t.Fatal(err)
	}
	w.npmPath = filepath.Dir(filepath.Dir(cli)) // .../npm/bin/npm-cli.js
	for _, d := range []string{w.home, w.proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	pkg := `{"name": "p", "version": "1.0.0", "scripts": {"test": "true", "build": "true"}}` + "\n"
	if err := os.WriteFile(filepath.Join(w.proj, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(base, "judge.js")
	if err := os.WriteFile(script, []byte(npmJudge), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nodeTool, script, w.npmPath)
	cmd.Dir, cmd.Stderr = w.proj, os.Stderr // npm resolves paths against its working directory
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	w.judgeIn, w.judgeOut = json.NewEncoder(in), bufio.NewScanner(out)
	w.judgeOut.Buffer(nil, 1<<20)
	w.ask(t, map[string]any{"grammar": true}, &w.grammar)
	w.knowledge(t)
	w.ask(t, map[string]any{"keys": slices.Concat(w.unsafe, w.writes)}, &struct{}{})
	v, _ := exec.Command(npmTool, "--version").Output()
	w.version = strings.TrimSpace(string(v))
	return w
}

// knowledge lists the keys the model calls unsafe and those it calls
// writes, as npm names them (its shorthands -C and -c stand for prefix and
// call).
func (w *npmWorld) knowledge(t *testing.T) {
	t.Helper()
	k := findCommand(commands.BaseCommands, "npm")
	if k == nil {
		t.Fatal("no knowledge of npm")
	}
	for _, o := range commands.DecodeOpts(k.Opts) {
		key := strings.TrimLeft(o.Name, "-")
		if sh, ok := w.grammar.Shorthands[key]; ok && len(o.Name) == 2 {
			key = strings.TrimLeft(sh[0], "-")
		}
		switch o.Kind {
		case commands.OptUnsafe, commands.OptUnsafeValue, commands.OptUnsafeRead:
			w.unsafe = append(w.unsafe, key)
		case commands.OptWrite:
			w.writes = append(w.writes, key)
		}
	}
	slices.Sort(w.unsafe)
	w.unsafe = slices.Compact(w.unsafe)
	if len(w.unsafe) < 10 || len(w.writes) == 0 {
		t.Fatalf("the knowledge of npm lists %d unsafe settings, %d written", len(w.unsafe), len(w.writes))
	}
}

func (w *npmWorld) ask(t *testing.T, q any, reply any) {
	t.Helper()
	if err := w.judgeIn.Encode(q); err != nil {
		t.Fatal(err)
	}
	if !w.judgeOut.Scan() {
		t.Fatalf("npm's configuration loader: %v", w.judgeOut.Err())
	}
	if err := json.Unmarshal(w.judgeOut.Bytes(), reply); err != nil {
		t.Fatalf("npm's configuration loader: %v: %s", err, w.judgeOut.Bytes())
	}
}

// npmVerdict is what npm's loader says of a line.
type npmVerdict struct {
	Values map[string]string // JSON of each key's value
	Remain []string
	Error  string
}

// env is the environment npm runs in, with the line's variables.
func (w *npmWorld) env(l npmLine) map[string]string {
	env := map[string]string{"HOME": w.home, "PATH": "/usr/bin:/bin", "LANG": "C"}
	for _, e := range l.env {
		env[e[0]] = e[1]
	}
	return env
}

func (w *npmWorld) judge(t *testing.T, l npmLine) npmVerdict {
	var v npmVerdict
	w.ask(t, map[string]any{"argv": slices.Concat(l.pre, l.sub, l.post), "env": w.env(l), "cwd": w.proj}, &v)
	return v
}

// changed returns the keys the line set to another value than npm's
// defaults.
func (w *npmWorld) changed(base, got npmVerdict) []string {
	var set []string
	for _, k := range slices.Concat(w.unsafe, w.writes) {
		if got.Values[k] != base.Values[k] && got.Error == "" {
			set = append(set, k)
		}
	}
	return set
}

// model says why the model asks about the line: not known, or a floor an
// allow rule that names nothing takes; or that it is known, with the files
// it writes and the operands it reads: the command and its arguments.
func (w *npmWorld) model(t *testing.T, l npmLine) (string, []string, []string) {
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	x := Extract(l.String(), know, Limits{})
	if len(x.Cmds) != 1 {
		t.Errorf("%s: %d commands", l, len(x.Cmds))
		return "not one command", nil, nil
	}
	e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: w.proj}, root: w.proj, cwd: w.proj, home: w.home,
		env: &Env{FS: osFS{}, Home: w.home, Getenv: func(string) string { return "" }}}
	u := e.commandUnit(&x.Cmds[0])
	if why := u.known(); why != "" {
		return "not known (" + why + ")", nil, nil
	}
	if k, why := e.effect(&Rule{Decision: Allow}, &u); k != 0 {
		return "a floor (" + why + ")", nil, nil
	}
	var writes []string
	for _, a := range u.paths {
		if a.write {
			writes = append(writes, a.w.Text)
		}
	}
	ops := []string{}
	for _, o := range x.Cmds[0].Operands {
		// A quoted ~ is a file named ~, which the model spells ./~.
		if strings.HasPrefix(o.Text, "./~") {
			o.Text = o.Text[2:]
		}
		ops = append(ops, o.Text)
	}
	return fmt.Sprintf("known, writes %q, runs %q", writes, ops), writes, ops
}

// disagree returns what the line did that the model missed: an unsafe
// setting it changed, a cache or logs it moved where the model writes
// nothing. A setting turned off or on (--no-git sets git to "false": npm
// would run false) names no program, file or server: it is counted, not a
// disagreement.
func (w *npmWorld) disagree(set []string, got npmVerdict, ask string, writes []string) []string {
	if strings.HasPrefix(ask, "not known") || strings.HasPrefix(ask, "a floor") {
		return nil
	}
	var bad []string
	for _, k := range set {
		if npmToggle(got.Values[k]) {
			continue
		}
		if slices.Contains(w.unsafe, k) {
			bad = append(bad, "npm sets "+k+" to "+got.Values[k])
			continue
		}
		var p string
		if json.Unmarshal([]byte(got.Values[k]), &p) != nil || !slices.ContainsFunc(writes, func(x string) bool {
			return x == p || strings.HasPrefix(p, strings.TrimSuffix(x, "/")+"/")
		}) {
			bad = append(bad, "npm moves its "+k+" to "+got.Values[k])
		}
	}
	return bad
}

// confirm runs the npm command itself on the line, its subcommand
// replaced by config get, and fails if it does not change the same keys
// as the loader says; it says nothing when npm reads the words otherwise
// (a value the subcommand's place takes).
func (w *npmWorld) confirm(t *testing.T, l npmLine, set []string, got npmVerdict) bool {
	t.Helper()
	if got.Error != "" || len(got.Remain) < len(l.sub) || !slices.Equal(got.Remain[:len(l.sub)], l.sub) {
		return false
	}
	keys := slices.Concat(w.unsafe, w.writes)
	run := func(l npmLine) map[string]string {
		args := slices.Concat(l.pre, []string{"config", "get"}, keys, l.post)
		cmd := exec.Command(w.npm, args...)
		cmd.Dir = w.proj
		for k, v := range w.env(l) {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, err := cmd.Output()
		if err != nil {
			return nil
		}
		vals := map[string]string{}
		for _, line := range strings.Split(string(out), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				vals[k] = v
			}
		}
		for _, k := range keys {
			if _, ok := vals[k]; !ok {
				return nil // it printed something else (npm -H prints its usage)
			}
		}
		return vals
	}
	if w.cliBase == nil {
		w.cliBase = run(npmLine{})
	}
	base, vals := w.cliBase, run(l)
	if base == nil || vals == nil {
		return false
	}
	var cli []string
	for _, k := range keys {
		if vals[k] != base[k] {
			cli = append(cli, k)
		}
	}
	if !slices.Equal(cli, set) {
		t.Errorf("JUDGE %s: npm's loader says it sets %q, the npm command %q", l, set, cli)
	}
	return true
}

// line generates an npm line from npm's grammar.
func (w *npmWorld) line(r *rand.Rand) npmLine {
	l := npmLine{sub: [][]string{{"test"}, {"run", "build"}, {"t"}}[r.IntN(3)]}
	for range 1 + r.IntN(3) {
		key := w.key(r)
		if r.IntN(8) == 0 && npmEnvKey.MatchString(key) {
			l.env = append(l.env, [2]string{npmEnvName(r, key), npmValue(r)})
			l.forms = append(l.forms, "npm_config_ variable")
			continue
		}
		words, form := w.spell(r, key)
		l.forms = append(l.forms, form)
		if r.IntN(2) == 0 {
			l.pre = append(l.pre, words...)
		} else {
			l.post = append(l.post, words...)
		}
	}
	if r.IntN(20) == 0 {
		l.post = append([]string{"--"}, l.post...)
	}
	return l
}

// key picks a setting: one the knowledge calls unsafe, one npm writes to,
// or any of npm's.
func (w *npmWorld) key(r *rand.Rand) string {
	switch k := r.IntN(20); {
	case k < 1:
		// one a shorthand of one letter stands for (-C is --prefix)
		var keys []string
		for s, exp := range w.grammar.Shorthands {
			if len(s) == 1 && strings.HasPrefix(exp[0], "--") && !strings.HasPrefix(exp[0], "--no-") && len(exp) == 1 {
				keys = append(keys, exp[0][2:])
			}
		}
		slices.Sort(keys)
		return keys[r.IntN(len(keys))]
	case k < 8:
		return w.unsafe[r.IntN(len(w.unsafe))]
	case k < 10:
		return w.writes[r.IntN(len(w.writes))]
	}
	return w.grammar.Keys[r.IntN(len(w.grammar.Keys))]
}

// spell writes the setting key as npm may read it, with a value or none.
func (w *npmWorld) spell(r *rand.Rand, key string) ([]string, string) {
	name, form := key, "key"
	switch r.IntN(12) {
	case 0:
		name, form = npmCamel(key), "camelCase"
	case 1:
		name, form = strings.ToUpper(key), "upper case"
	case 2:
		name, form = npmMixedCase(r, key), "mixed case"
	case 3, 4:
		name, form = key[:1+r.IntN(len(key))], "prefix" // unique or not
	case 5:
		name, form = "no-"+key, "no-"
	case 6:
		if sh := w.shorthand(r, key); sh != "" {
			name, form = sh, "shorthand"
		}
	}
	if sh := w.shorthand(r, key); len(sh) == 1 && r.IntN(4) == 0 {
		name, form = w.letters(r)+sh, "shorthand letters"
	}
	dashes := []string{"-", "--", "--", "---"}[r.IntN(4)]
	if len(name) == 1 && r.IntN(2) == 0 {
		dashes = "-"
	}
	opt := dashes + name
	if !w.grammar.Valued[key] && r.IntN(3) != 0 {
		return []string{opt}, form
	}
	switch v := npmValue(r); r.IntN(5) {
	case 0, 1:
		return []string{opt + "=" + v}, form
	case 2, 3:
		return []string{opt, v}, form
	}
	return []string{opt}, form
}

// letters returns one or two of npm's one-letter shorthands, which it
// takes grouped (-fC DIR is -f -C DIR).
func (w *npmWorld) letters(r *rand.Rand) string {
	var one []string
	for s := range w.grammar.Shorthands {
		if len(s) == 1 && unicode.IsLetter(rune(s[0])) {
			one = append(one, s)
		}
	}
	slices.Sort(one)
	out := one[r.IntN(len(one))]
	if r.IntN(2) == 0 {
		out += one[r.IntN(len(one))]
	}
	return out
}

// shorthand returns one of npm's shorthands that stands for key, if any.
func (w *npmWorld) shorthand(r *rand.Rand, key string) string {
	var names []string
	for s, exp := range w.grammar.Shorthands {
		if slices.Contains(exp, "--"+key) || slices.Contains(exp, "--no-"+key) {
			names = append(names, s)
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return names[r.IntN(len(names))]
}

func npmCamel(key string) string {
	parts := strings.Split(key, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

func npmMixedCase(r *rand.Rand, s string) string {
	b := []rune(s)
	for i := range b {
		if r.IntN(2) == 0 {
			b[i] = unicode.ToUpper(b[i])
		}
	}
	return string(b)
}

// npmEnvKey matches the keys a shell variable can name.
var npmEnvKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// npmEnvName is an npm_config_ variable for key, in some case.
func npmEnvName(r *rand.Rand, key string) string {
	name := []string{"npm_config_", "NPM_CONFIG_", "Npm_Config_"}[r.IntN(3)] + strings.ReplaceAll(key, "-", "_")
	switch r.IntN(3) {
	case 0:
		return strings.ToUpper(name)
	case 1:
		return npmMixedCase(r, name)
	}
	return name
}

var npmValues = []string{"http://evil.example/", "HTTP://EVIL.example/", "./pwn", "../out", "/tmp/npm-oracle", "~/pwn", "Pwn", "true", "false", "1", ""}

func npmValue(r *rand.Rand) string { return npmValues[r.IntN(len(npmValues))] }

// npmToggle reports whether the JSON value v is a boolean, or the word
// true or false npm keeps for one (--no-shell sets shell to "false").
func npmToggle(v string) bool {
	return v == "true" || v == "false" || v == `"true"` || v == `"false"`
}

// npmStats counts the lines.
type npmStats struct {
	lines, errors, asked, disagree int
	confirmed                      int // lines the npm command agreed on
	unsafe, unsafeAsked            int // lines that set an unsafe key, and of those the model asks about
	moved, movedCovered            int // lines that move the cache or the logs
	overAsked                      int // lines the model asks about that set nothing
	toggled, toggledAsked          int // lines that only turn an unsafe setting off or on
	perKey                         map[string]int
	perForm                        map[string][3]int // spellings: settings, in lines that set an unsafe one, asked about
}

func (s *npmStats) add(l npmLine, v npmVerdict, set []string, ask string, bad bool) {
	if s.perKey == nil {
		s.perKey, s.perForm = map[string]int{}, map[string][3]int{}
	}
	s.lines++
	asks := strings.HasPrefix(ask, "not known") || strings.HasPrefix(ask, "a floor")
	if v.Error != "" {
		s.errors++
	}
	if asks {
		s.asked++
	}
	if bad {
		s.disagree++
	}
	unsafe, moved, toggled := false, false, false
	for _, k := range set {
		s.perKey[k]++
		switch {
		case npmToggle(v.Values[k]):
			toggled = true
		case k == "cache" || k == "logs-dir":
			moved = true
		default:
			unsafe = true
		}
	}
	for _, f := range l.forms {
		c := s.perForm[f]
		c[0]++
		if unsafe {
			c[1]++
			if asks {
				c[2]++
			}
		}
		s.perForm[f] = c
	}
	switch {
	case unsafe:
		s.unsafe++
		if asks {
			s.unsafeAsked++
		}
	case moved:
		s.moved++
		if asks {
			s.movedCovered++
		}
	case toggled:
		s.toggled++
		if asks {
			s.toggledAsked++
		}
	case asks:
		s.overAsked++
	}
}

func (s *npmStats) String() string {
	var keys []string
	for k, n := range s.perKey {
		keys = append(keys, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(keys)
	var forms []string
	for f, c := range s.perForm {
		forms = append(forms, fmt.Sprintf("%s %d (%d in lines that set an unsafe one, %d asked about)", f, c[0], c[1], c[2]))
	}
	slices.Sort(forms)
	return fmt.Sprintf("%d lines (%d of them checked with the npm command too): npm's loader rejected %d; %d set an unsafe setting, %d of them asked about by the model; %d moved only the cache or the logs, %d of them asked about (the rest write where the model says); %d only turned one off or on, %d of them asked about; the model asks about %d lines in all, %d that set nothing; %d disagree; lines per key set: %s; settings per spelling: %s",
		s.lines, s.confirmed, s.errors, s.unsafe, s.unsafeAsked, s.moved, s.movedCovered, s.toggled, s.toggledAsked, s.asked, s.overAsked, s.disagree, strings.Join(keys, ", "), strings.Join(forms, ", "))
}
