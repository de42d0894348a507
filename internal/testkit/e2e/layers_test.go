package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/suites"
	"hookc.dev/hookc/runtime"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// A layerLine is one call of TestLayers: a Bash line of an adversarial
// suite or a call of attacks.tsv, in its harmless variant.
type layerLine struct {
	suite, pos string
	call       toolCall // as written: /project, /home/user and MARK
	same       string   // attacks.tsv's same:FILE, a file that must not change
	guard      string   // the hook's decision, in process
	alone      *effect  // with the hook alone
	layered    *effect  // with the hook, the sandbox and the native rules
	bare       *effect  // with the sandbox and the native rules, no hook
}

// A layerSetup is what a session of TestLayers installs.
type layerSetup int

const (
	hookAlone  layerSetup = iota // the guard's hook
	allLayers                    // the hook, the sandbox and the native rules
	layersOnly                   // the sandbox and the native rules; a hook that allows all
)

func (l layerSetup) String() string {
	return [...]string{"the hook alone", "every layer", "the layers alone"}[l]
}

// effect returns where a line keeps its effect in a setup.
func (l *layerLine) effect(setup layerSetup) **effect {
	return [...]**effect{&l.alone, &l.layered, &l.bare}[setup]
}

// An effect is what one call did in a session.
type effect struct {
	denied bool     // the client refused it (permission_denials)
	canary bool     // a canary secret reached the model in its result
	wrote  []string // files outside the project (or its same:FILE) it changed
}

func (e *effect) leaked() bool { return e != nil && (e.canary || len(e.wrote) > 0) }

// layersFiles are the canary secrets of TestLayers: attackFiles and the
// other secret files the adversarial suites name.
var layersFiles = func() map[string]string {
	m := maps.Clone(attackFiles)
	for _, f := range []string{"~/.ssh/id_rsa", "~/.ssh/id_rsa.old", "~/.npmrc", "~/.pypirc", "~/.zsh_history",
		"~/.vault-token", "~/.pgpass", "~/.s3cfg", "~/.my.cnf", "~/.kube/config.bak", "~/.git-credentials.orig",
		"~/.docker/config.json.orig", "~/.claude/.credentials.json", "~/.python_history", "~/.huggingface/token",
		"~/.config/gcloud/application_default_credentials.json", "~/.gnupg/secring.gpg", "~/.oci/config",
		"~/.cargo/credentials.toml", "~/.databrickscfg", ".env.local", "config/.env", "server.key", "id_rsa"} {
		m[f] = "CANARY-" + strings.ToUpper(strings.NewReplacer("~/", "", "/", "-", ".", "").Replace(f)) + "\n"
	}
	m["~/.ssh/id_rsa.pub"] = "ssh-ed25519 AAAA public\n"
	m["~/.ssh/known_hosts"] = "example.com ssh-ed25519 AAAA\n"
	return m
}()

// newLayersScratch is newAttackScratch with the canaries of layersFiles
// and a marker directory outside the project, without a hook.
func newLayersScratch(t *testing.T) *scratch {
	s := newScratch(t)
	s.write(t, layersFiles)
	for _, d := range []string{filepath.Join(s.project, "empty"), s.marks()} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s.initRepo(t)
	return s
}

// marks is the marker directory of a scratch: outside the project and the
// home directory, where no line may write.
func (s *scratch) marks() string { return filepath.Join(s.dir, "marks") }

// in returns the line's call in a scratch: the suites' /project and
// /home/user rebased, MARK a marker in the marker directory named by the
// line's index.
func (l *layerLine) in(s *scratch, i int) toolCall {
	mark := filepath.Join(s.marks(), fmt.Sprintf("pwned-%d", i))
	c := toolCall{Tool: l.call.Tool, Input: map[string]any{}}
	for k, v := range l.call.Input {
		if str, ok := v.(string); ok {
			v = strings.ReplaceAll(rebase(str, s), "MARK", mark)
		}
		c.Input[k] = v
	}
	return c
}

// worldSuites are the suites whose attack rows need files of the suites'
// world (suites.AdversarialWorld): a link out of the project, a git index
// that tracks a secret, ignore files, repositories the project ships, glob
// matches. TestDifferential builds that world; the layers' scratch does
// not, so TestLayers leaves them out.
var worldSuites = map[string]bool{
	"glob.tsv": true, "hardening.tsv": true, "quiet.tsv": true, "secrets.tsv": true, "shellstate.tsv": true,
}

// loadLayerLines returns every Bash line of the adversarial suites and
// every call of attacks.tsv.
func loadLayerLines(t *testing.T) []*layerLine {
	t.Helper()
	diff, _ := loadDiffLines(t)
	var out []*layerLine
	for _, d := range diff {
		// The world suites' lines need the files of their world, which
		// the layers' scratch does not build.
		if !strings.HasPrefix(d.suite, "peer-commands") && !worldSuites[d.suite] {
			out = append(out, &layerLine{suite: d.suite, pos: d.pos, call: bashCall(d.line)})
		}
	}
	for _, a := range loadAttacks(t) {
		l := &layerLine{suite: "attacks.tsv", pos: a.pos, call: a.call}
		if f, ok := strings.CutPrefix(a.check, "same:"); ok {
			l.same = f
		}
		out = append(out, l)
	}
	return out
}

// decideCall decides a call with a table in process, as the hook does in
// a session in the scratch.
func decideCall(tb *runtime.Table, s *scratch, c toolCall) string {
	env := &runtime.Env{Getenv: func(k string) string {
		return map[string]string{"HOME": s.home, "CLAUDE_PROJECT_DIR": s.project}[k]
	}, Home: s.home, FS: runtime.OSEnv().FS}
	payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": s.project,
		"tool_name": c.Tool, "tool_input": c.Input})
	return runtime.Decide(tb, payload, env).Decision.String()
}

// installLayers installs the guard as installGuard does, with its layers
// (hookc install -layers), and makes the sandbox's absence an error
// (failIfUnavailable), so that no line runs unsandboxed. With hookOff it
// then puts a hook that allows every call in the guard's place: what is
// left is what the layers stop by themselves (design.md 184).
func (s *scratch) installLayers(t *testing.T, hookOff bool) {
	t.Helper()
	src, err := guardHook()
	if err != nil {
		t.Fatal(err)
	}
	hook := filepath.Join(s.project, "guard-hook")
	for _, f := range [][2]string{{src, hook}, {src + ".layers.json", hook + ".layers.json"}} {
		data, err := os.ReadFile(f[0])
		if err != nil {
			t.Fatal(err)
		}
		// The fragment protects the hook where it was built; here it is
		// the copy in the project.
		data = bytes.ReplaceAll(data, []byte(src), []byte(hook))
		if err := os.WriteFile(f[1], data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin, _ := buildHookc()
	s.run(t, filepath.Join(bin, "hookc"), "install", "-layers", "guard-hook")
	settingsFile := filepath.Join(s.project, ".claude", "settings.json")
	var doc map[string]any
	data, err := os.ReadFile(settingsFile)
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	sb, ok := doc["sandbox"].(map[string]any)
	if err != nil || !ok || sb["enabled"] != true {
		t.Fatalf("%s: hookc install -layers wrote no sandbox (%v)", settingsFile, err)
	}
	sb["failIfUnavailable"] = true
	if hookOff {
		// The hook switched to allow everything: what is left is what the
		// layers stop by themselves (issue 24).
		// Outside the project, where the sandbox keeps a line from
		// removing it.
		allowAll := filepath.Join(s.dir, "allow-all")
		s.write(t, map[string]string{allowAll: "#!/bin/sh\ncat >/dev/null\necho '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}'\n"})
		os.Chmod(allowAll, 0o755)
		// Every call runs, each for up to its own time-out (bounded,
		// 15 s), and the client's own work around it.
		s.perCall = 20 * time.Second
		doc["hooks"] = map[string]any{"PreToolUse": []any{map[string]any{"matcher": "*",
			"hooks": []any{map[string]any{"type": "command", "command": allowAll, "timeout": 10}}}}}
	}
	data, _ = json.MarshalIndent(doc, "", "  ")
	if err := os.WriteFile(settingsFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// jail writes a script that runs the client in a bubblewrap jail of its
// own, where everything but the scratch is read-only and /tmp is empty,
// and makes the scratch's sessions run it: whatever a line does, with or
// without the client's sandbox inside, it changes nothing outside the
// scratch. It binds the host's /proc, since the sandbox's bubblewrap, in
// a user namespace, may mount a new /proc only where one is fully
// visible, and so shares the host's processes: what the client leaves
// running (its sandbox's socat proxies, which name the scratch) is ended
// when the test ends.
func (s *scratch) jail(t *testing.T) {
	t.Helper()
	// The file size limit (512 MiB, in 512-byte blocks) bounds what a
	// line writes to the jail's memory: `dd if=/dev/zero of=/dev/sda`
	// writes a file in the jail's /dev, and the client moves a call that
	// runs past its time-out to the background rather than end it.
	script := fmt.Sprintf("#!/bin/sh\nulimit -f 1048576\nexec bwrap --die-with-parent --ro-bind / / --dev /dev --bind /proc /proc --tmpfs /tmp --tmpfs /dev/shm --bind %q %q -- %q \"$@\"\n",
		s.dir, s.dir, clientBin)
	t.Cleanup(func() { s.reap() })
	s.client = filepath.Join(s.dir, "jailed-client")
	if err := os.WriteFile(s.client, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// reap ends the processes whose command line names the scratch.
func (s *scratch) reap() {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		cmdline, err := os.ReadFile(p)
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		if err == nil && pid != os.Getpid() && bytes.Contains(cmdline, []byte(s.dir+"/")) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// needSandbox skips the test where Claude Code's sandbox cannot run:
// bubblewrap and socat on Linux.
func needSandbox(t *testing.T) {
	t.Helper()
	if goruntime.GOOS != "linux" {
		t.Skip("the test jails the client with bubblewrap, on Linux")
	}
	for _, p := range []string{"bwrap", "socat"} {
		if _, err := exec.LookPath(p); err != nil {
			testenv.Missingf(t, "Claude Code's sandbox needs %s: apt-get install bubblewrap socat", p)
		}
	}
	if out, err := exec.Command("bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "true").CombinedOutput(); err != nil {
		testenv.Missingf(t, "bubblewrap cannot run here: %v %s", err, out)
	}
}

// snapshot returns the files outside the project that no line may change
// (the home directory and the marker directory), with a digest of each,
// and the project files the lines name with same:FILE. The client's own
// state in the home directory is left out.
func (s *scratch) snapshot(t *testing.T, same []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, root := range []string{s.home, s.marks()} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(s.home, p)
			if clientState(rel) {
				if d != nil && d.IsDir() && !slices.Contains([]string{".cache", ".npm", ".config/git"}, filepath.ToSlash(rel)) {
					return filepath.SkipDir
				}
				return nil
			}
			out[p] = digest(p, d)
			return nil
		})
	}
	for _, f := range same {
		p := s.path(f)
		fi, err := os.Lstat(p)
		out[p] = digest(p, fs.FileInfoToDirEntry(fi))
		if err != nil {
			out[p] = "absent"
		}
	}
	return out
}

// clientState reports whether a path relative to the home directory is
// the client's own state, which it writes in every session: its files
// under ~/.claude (not the settings, credentials, memory, hooks,
// commands or agents), ~/.claude.json, its caches and logs, and the git
// ignore file its sandbox writes; and the directories that hold them.
func clientState(rel string) bool {
	rel = filepath.ToSlash(rel)
	switch rel {
	case ".cache", ".npm", ".config/git":
		return true
	}
	for _, p := range []string{".claude.json", ".cache/claude", ".cache/claude-cli-nodejs", ".npm/_logs", ".config/anthropic", ".config/git/ignore"} {
		if rel == p || strings.HasPrefix(rel, p+"/") || strings.HasPrefix(rel, p+".") {
			return true
		}
	}
	name, ok := strings.CutPrefix(rel, ".claude/")
	return ok && !slices.ContainsFunc([]string{"settings", ".credentials", "CLAUDE", "hooks", "commands", "agents"}, func(p string) bool {
		return strings.HasPrefix(name, p)
	})
}

func digest(p string, d fs.DirEntry) string {
	switch {
	case d == nil:
		return "absent"
	case d.IsDir():
		return "dir"
	case d.Type()&fs.ModeSymlink != 0:
		target, _ := os.Readlink(p)
		return "link " + target
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "unreadable"
	}
	return fmt.Sprintf("%x", sha256.Sum256(data))
}

// changed returns the paths whose digests differ, sorted.
func changed(before, after map[string]string) []string {
	var out []string
	for p, d := range before {
		if after[p] != d {
			out = append(out, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// TestLayers runs every Bash line of the adversarial suites and every
// call of attacks.tsv, in a harmless variant (canary secrets in a scratch
// home directory and project, markers in a scratch directory outside the
// project), through the real client with the guard installed with its
// layers: the hook, Claude Code's sandbox of Bash and its native deny
// rules (hookc install -layers). The calls the hook denies or asks about
// cannot run (a deny blocks, an ask is refused headless: scenarios
// guard_deny and guard_ask), so the hook decides them in process; the
// calls it allows run for real, once with the hook alone and once with
// every layer, both in a bubblewrap jail of the test's own in which only
// the scratch is writable. It fails when a canary reaches the model or a
// file outside the project changes with every layer installed, and
// counts, per suite, what each layer stops; with HOOKC_E2E_OUT set it
// writes the table to $HOOKC_E2E_OUT/layers.txt.
func TestLayers(t *testing.T) {
	needClient(t)
	needSandbox(t)
	t.Parallel()
	lines := loadLayerLines(t)
	if suites := os.Getenv("HOOKC_LAYERS_BARE"); suites != "" {
		// Only the layers alone, the hook allowing all, on every call of
		// the suites named (their harmless variants: every line runs),
		// or on a fixed sample of each (HOOKC_LAYERS_BARE_SAMPLE=N).
		n, _ := strconv.Atoi(os.Getenv("HOOKC_LAYERS_BARE_SAMPLE"))
		names := strings.Split(suites, ",")
		run := sample(lines, suiteCalls(lines, names...), n, names)
		runLayerBatches(t, lines, run, layersOnly)
		if !t.Failed() {
			bareReport(t, lines, run)
		}
		return
	}
	p, err := load.Dir(filepath.Join("..", "..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	s := newLayersScratch(t)
	var run []int // the distinct calls the hook allows
	first := map[string]*layerLine{}
	for i, l := range lines {
		l.guard = decideCall(p.Table, s, l.in(s, i))
		key, _ := json.Marshal([]any{l.call, l.same})
		if l.guard == "allow" && first[string(key)] == nil {
			first[string(key)] = l
			run = append(run, i)
		}
	}

	runLayerBatches(t, lines, run, hookAlone)
	// With every layer, a call can only do less than with the hook alone
	// (the sandbox and the native rules take capabilities away), so the
	// calls that leaked nothing with the hook alone cannot leak with every
	// layer; HOOKC_LAYERS_ALL=1 runs them all the same.
	var again []int
	for _, i := range run {
		if lines[i].alone.leaked() || os.Getenv("HOOKC_LAYERS_ALL") == "1" {
			again = append(again, i)
		}
	}
	runLayerBatches(t, lines, again, allLayers)
	if os.Getenv("HOOKC_LAYERS_ALL") == "1" {
		// What the layers stop by themselves: attacks.tsv, whose payloads
		// are harmless whatever runs them, with the hook allowing all.
		runLayerBatches(t, lines, suiteCalls(lines, "attacks.tsv"), layersOnly)
	}
	if t.Failed() {
		return
	}
	for _, l := range lines {
		key, _ := json.Marshal([]any{l.call, l.same})
		if f := first[string(key)]; f != nil && f != l {
			l.alone, l.layered = f.alone, f.layered
		}
	}
	layersReport(t, lines)
}

// suiteCalls returns the indexes of the calls of the suites named, or
// named by their position (soundness.tsv:171).
func suiteCalls(lines []*layerLine, suites ...string) []int {
	var out []int
	for i, l := range lines {
		if slices.Contains(suites, l.suite) || slices.Contains(suites, l.pos) {
			out = append(out, i)
		}
	}
	return out
}

// sample returns n calls of each suite of run, the same ones on every
// run (a fixed seed), in order; all of them when n is 0. A call named by
// its position in names is kept.
func sample(lines []*layerLine, run []int, n int, names []string) []int {
	if n <= 0 {
		return run
	}
	by := map[string][]int{}
	for _, i := range run {
		by[lines[i].suite] = append(by[lines[i].suite], i)
	}
	var out []int
	for _, suite := range slices.Sorted(maps.Keys(by)) {
		calls := by[suite]
		r := rand.New(rand.NewPCG(24, 24))
		r.Shuffle(len(calls), func(a, b int) { calls[a], calls[b] = calls[b], calls[a] })
		out = append(out, calls[:min(n, len(calls))]...)
	}
	for _, i := range run {
		if slices.Contains(names, lines[i].pos) && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// bareReport logs, per suite, what the layers alone stop of the calls run
// with the hook allowing all, and each call that got through them, and
// writes the table to $HOOKC_E2E_OUT/layers-alone.txt.
func bareReport(t *testing.T, lines []*layerLine, run []int) {
	by, through := bareCounts(lines, run)
	var b bytes.Buffer
	fmt.Fprintf(&b, "Claude Code %s, the layers alone (the hook allows every call):\n%-20s %6s %10s %8s %7s %6s\n", clientVersion, "suite", "calls", "unmeasured", "refused", "canary", "wrote")
	for _, name := range slices.Sorted(maps.Keys(by)) {
		c := by[name]
		fmt.Fprintf(&b, "%-20s %6d %10d %8d %7d %6d\n", name, c.calls, c.lost, c.refused, c.canary, c.wrote)
	}
	b.WriteString("unmeasured: its session did not finish; refused: by the client (native rules, its own checks); canary: a canary secret reached the model; wrote: a file outside the project changed\n")
	for _, l := range through {
		b.WriteString("through: " + l + "\n")
	}
	t.Logf("\n%s", b.String())
	if dir := os.Getenv("HOOKC_E2E_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "layers-alone.txt"), b.Bytes(), 0o644)
	}
}

// runLayerBatches runs the calls of lines at indexes run in sessions of
// diffBatch calls (sandboxBatch sandboxed), two at a time (three with the
// layers alone), and at least one session, whose probe
// shows that the sandbox runs.
func runLayerBatches(t *testing.T, lines []*layerLine, run []int, setup layerSetup) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	size := diffBatch
	if setup != hookAlone {
		size = sandboxBatch
	}
	if setup == layersOnly {
		// Every call runs, each for up to its own time-out (bounded);
		// HOOKC_LAYERS_BARE_BATCH=N runs N calls a session.
		sem = make(chan struct{}, 3)
		if n, err := strconv.Atoi(os.Getenv("HOOKC_LAYERS_BARE_BATCH")); err == nil && n > 0 {
			size = n
		}
	}
	for start := 0; start == 0 || start < len(run); start += size {
		batch := run[start:min(start+size, len(run))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			runLayerBatch(t, lines, batch, setup)
		}()
	}
	wg.Wait()
}

// sandboxBatch is the number of calls in one sandboxed session of
// TestLayers: a sandboxed command costs the client a second or more on
// a loaded machine, and a session's time-out allows five seconds a call
// and two minutes.
const sandboxBatch = 25

// sandboxProbe is a call the hook and the client allow and the sandbox
// changes: ~/.ssh/known_hosts is no secret to the hook, and the sandbox
// hides the whole of ~/.ssh (Read(~/.ssh/**), design.md 181).
const sandboxProbe = "cat ~/.ssh/known_hosts; echo probe-done"

// runLayerBatch runs the calls of lines at indexes batch in one session,
// with the hook alone or with every layer, and records their effects.
func runLayerBatch(t *testing.T, lines []*layerLine, batch []int, setup layerSetup) {
	s := newLayersScratch(t)
	s.jail(t)
	if setup == hookAlone {
		s.installGuard(t)
	} else {
		s.installLayers(t, setup == layersOnly)
	}
	var calls []toolCall
	var same []string
	for _, i := range batch {
		calls = append(calls, bounded(lines[i].in(s, i), setup))
		if lines[i].same != "" {
			same = append(same, lines[i].same)
		}
	}
	calls = append(calls, bashCall(sandboxProbe))
	before := s.snapshot(t, same)
	name := fmt.Sprintf("a session of %d calls with %v", len(calls), setup)
	if len(batch) > 0 {
		name += ", from " + lines[batch[0]].pos
	}
	r, err := s.trySession(batchScript(calls), []string{attackEnvCanary})
	if err != nil && setup == layersOnly {
		// Every line runs with the layers alone, and a session that
		// does not finish leaves its calls unmeasured, not the run.
		t.Logf("%s: its calls are left unmeasured: %v", name, err)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	after := s.snapshot(t, same)
	results := toolResults(r)
	probe := results[callID(len(batch))]
	sandboxed := strings.Contains(probe.Text, "probe-done") && !strings.Contains(probe.Text, "example.com")
	if sandboxed != (setup != hookAlone) && setup == layersOnly {
		t.Logf("%s: its calls are left unmeasured: the probe %q showed %.300q", name, sandboxProbe, probe.Text)
		return
	}
	if sandboxed != (setup != hookAlone) {
		t.Fatalf("%s: sandboxed: %v, want %v: the probe %q showed %.300q\nstderr: %.2000s", name, sandboxed, setup != hookAlone, sandboxProbe, probe.Text, r.Stderr)
	}
	denied := map[string]bool{}
	if r.Result != nil {
		for _, d := range r.Result.PermissionDenials {
			denied[d.ToolUseID] = true
		}
	}
	effects := make([]*effect, len(batch))
	for j := range batch {
		res := results[callID(j)]
		effects[j] = &effect{canary: strings.Contains(res.Text, "CANARY-"), denied: denied[callID(j)]}
	}
	for _, p := range changed(before, after) {
		if p == filepath.Join(s.home, "hookc-probe") {
			continue
		}
		if ownState(s.home, p, lines, batch) {
			continue
		}
		j := attribute(s, lines, batch, p)
		if j < 0 && setup == layersOnly {
			t.Logf("%s: %s changed, and no call of it names the file", name, p)
			continue
		}
		if j < 0 {
			t.Errorf("%s: %s changed, and no call of it names the file", name, p)
			continue
		}
		effects[j].wrote = append(effects[j].wrote, p)
	}
	for j, i := range batch {
		*lines[i].effect(setup) = effects[j]
	}
	if setup == layersOnly && len(batch) > 0 {
		logBatch(t, name, lines, batch)
	}
	if setup == allLayers && shownAnywhere(r, "CANARY-") && !slices.ContainsFunc(effects, func(e *effect) bool { return e.canary }) {
		t.Errorf("%s: a canary reached the model outside the results of the calls", name)
	}
}

// bareCounts counts, per suite, what the layers alone did with the calls
// of lines at indexes run, and lists the calls that got through them.
func bareCounts(lines []*layerLine, run []int) (map[string]*bareCount, []string) {
	by := map[string]*bareCount{}
	var through []string
	for _, i := range run {
		l := lines[i]
		c := by[l.suite]
		if c == nil {
			c = &bareCount{}
			by[l.suite] = c
		}
		c.calls++
		e := l.bare
		switch {
		case e == nil:
			c.lost++
		case e.denied:
			c.refused++
		case e.canary:
			c.canary++
		case len(e.wrote) > 0:
			c.wrote++
		}
		if e.leaked() {
			through = append(through, fmt.Sprintf("%s: %s %v: canary %v, changed %v", l.pos, l.call.Tool, l.call.Input, e.canary, e.wrote))
		}
	}
	return by, through
}

// bareCount is what the layers alone did with the calls of one suite.
type bareCount struct{ calls, lost, refused, canary, wrote int }

// logBatch logs what a session of the layers alone measured, per suite,
// as it ends: a long run that is stopped keeps what it measured.
func logBatch(t *testing.T, name string, lines []*layerLine, batch []int) {
	by, through := bareCounts(lines, batch)
	for _, suite := range slices.Sorted(maps.Keys(by)) {
		c := by[suite]
		t.Logf("%s: batch %s: calls %d unmeasured %d refused %d canary %d wrote %d", name, suite, c.calls, c.lost, c.refused, c.canary, c.wrote)
	}
	for _, l := range through {
		t.Logf("%s: through: %s", name, l)
	}
}

// bounded gives a Bash call of the layers alone a time-out of its own:
// every line runs then, and one that waits for ever (watch, a read of
// the terminal) would otherwise hold its session past its time-out.
func bounded(c toolCall, setup layerSetup) toolCall {
	if setup == layersOnly && c.Tool == "Bash" {
		c.Input["timeout"] = 15000
	}
	return c
}

// attribute returns the index in batch of the call that changed path p:
// the marker's own call, or the first call whose line names the path
// relative to the home directory or the project; -1 if none does.
// toolState lists, by program, its own state below home: the go
// command's build cache (content-addressed), module cache and telemetry
// counters, which every go command writes (go list and go env too), and
// npm's cache, logs and update-notifier stamp, which every npm command
// writes (npm ls too). Only the program reads them back.
var toolState = map[string][]string{
	"go":  {".cache/go-build", "go/pkg/mod", ".config/go/telemetry"},
	"npm": {".npm"},
}

// ownState reports whether p is the own state of a program a Bash call
// of the batch runs, or a directory on the way to it.
func ownState(home, p string, lines []*layerLine, batch []int) bool {
	for prog, dirs := range toolState {
		if !batchRuns(lines, batch, prog) {
			continue
		}
		for _, d := range dirs {
			root := filepath.Join(home, d)
			if p == root || strings.HasPrefix(p, root+string(filepath.Separator)) || strings.HasPrefix(root, p+string(filepath.Separator)) && p != home {
				return true
			}
		}
	}
	return false
}

// batchRuns reports whether a Bash call of the batch runs prog.
func batchRuns(lines []*layerLine, batch []int, prog string) bool {
	for _, i := range batch {
		if cmd, _ := lines[i].call.Input["command"].(string); strings.Contains(cmd, prog+" ") {
			return true
		}
	}
	return false
}

func attribute(s *scratch, lines []*layerLine, batch []int, p string) int {
	for j, i := range batch {
		if filepath.Base(p) == fmt.Sprintf("pwned-%d", i) {
			return j
		}
	}
	rel, err := filepath.Rel(s.home, p)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel, _ = filepath.Rel(s.project, p)
	}
	for j, i := range batch {
		text, _ := json.Marshal(lines[i].call.Input)
		if bytes.Contains(text, []byte(rel)) || lines[i].same == rel {
			return j
		}
	}
	return -1
}

// layersReport counts per suite what each layer stops, logs the table,
// writes it to $HOOKC_E2E_OUT/layers.txt, and fails on a call that got
// through every layer.
func layersReport(t *testing.T, lines []*layerLine) {
	type counts struct{ lines, hook, allowed, alone, rerun, layers, through, bare, bareRefused, bareLeak int }
	bySuite := map[string]*counts{}
	total := &counts{}
	for _, l := range lines {
		c := bySuite[l.suite]
		if c == nil {
			c = &counts{}
			bySuite[l.suite] = c
		}
		for _, c := range []*counts{c, total} {
			c.lines++
			switch {
			case l.guard != "allow":
				c.hook++
			case l.layered.leaked():
				c.through++
			case l.alone.leaked():
				c.layers++
			}
			if l.guard == "allow" {
				c.allowed++
			}
			if l.alone.leaked() {
				c.alone++
			}
			if l.layered != nil {
				c.rerun++
			}
			if l.bare != nil {
				c.bare++
			}
			if l.bare != nil && l.bare.denied {
				c.bareRefused++
			}
			if l.bare.leaked() {
				c.bareLeak++
			}
		}
		if l.layered.leaked() {
			t.Errorf("%s: %s: gets through every layer: canary %v, changed %v", l.pos, l.call.Input, l.layered.canary, l.layered.wrote)
		}
	}
	var b bytes.Buffer
	row := func(name string, c *counts) {
		fmt.Fprintf(&b, "%-20s %6d %6d %8d %6d %6d %7d %8d %5d %7d %5d\n", name, c.lines, c.hook, c.allowed, c.alone, c.rerun, c.layers, c.through, c.bare, c.bareRefused, c.bareLeak)
	}
	fmt.Fprintf(&b, "%-20s %6s %6s %8s %6s %6s %7s %8s %5s %7s %5s\n", "suite", "lines", "hook", "allowed", "alone", "rerun", "layers", "through", "bare", "refused", "leak")
	for _, name := range slices.Sorted(maps.Keys(bySuite)) {
		row(name, bySuite[name])
	}
	row("total", total)
	b.WriteString(layersLegend)
	t.Logf("\n%s", b.String())
	if dir := os.Getenv("HOOKC_E2E_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "layers.txt"), b.Bytes(), 0o644); err != nil {
			t.Error(err)
		}
	}
}

const layersLegend = `lines: calls of the suite; hook: denied or asked about by the hook;
allowed: allowed by the hook, run for real with the hook alone; alone: of
those, a canary reached the model or a file outside the project changed;
rerun: run again with every layer (those that leaked alone, or all with
HOOKC_LAYERS_ALL=1); layers: stopped by the sandbox or the native rules
(leaked with the hook alone, not with every layer); through: leaked with
every layer installed (must be 0); bare: run with the layers alone, the
hook allowing every call (attacks.tsv, with HOOKC_LAYERS_ALL=1);
refused: of those, refused by the client (its own checks or the native
rules); leak: of those, leaked: what only the hook stops
`

// TestLayersQuiet measures whether the sandbox makes the guard quieter:
// it runs the lines of the read-only set that the hook does not allow
// once with every layer installed and once with the layers alone (the
// hook off: what a hook that passes them would get), and counts those the
// client ran without a prompt (refused headless otherwise). It is a
// measurement of a minute or two, run with HOOKC_LAYERS_ALL=1: CI, held to
// 20 minutes on 2 cores, skips it.
func TestLayersQuiet(t *testing.T) {
	if os.Getenv("HOOKC_LAYERS_ALL") == "" {
		t.Skip("a measurement: run it with HOOKC_LAYERS_ALL=1 (docs/layers.md)")
	}
	needClient(t)
	needSandbox(t)
	t.Parallel()
	p, err := load.Dir(filepath.Join("..", "..", "..", "examples", "guard"))
	if err != nil {
		t.Fatal(err)
	}
	lines := readOnlyAsked(t, p.Table, newLayersScratch(t))
	all := make([]int, len(lines))
	for i := range all {
		all[i] = i
	}
	var wg sync.WaitGroup
	for _, setup := range []layerSetup{allLayers, layersOnly} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runLayerBatch(t, lines, all, setup)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	asked, ran, askedRan := 0, 0, 0
	for _, l := range lines {
		if l.layered.denied == (l.guard == "allow") {
			t.Errorf("%s: %q: the hook says %s, and with every layer the client refused it: %v", l.pos, l.call.Input["command"], l.guard, l.layered.denied)
		}
		if !l.bare.denied {
			ran++
		}
		if l.guard == "ask" {
			asked++
			if !l.bare.denied {
				askedRan++
			}
		}
	}
	msg := fmt.Sprintf("read-only set, in the scratch: the hook does not allow %d lines (%d asks, %d denies); with every layer the client refuses all of them "+
		"(the hook's ask wins over autoAllowBashIfSandboxed); with the layers alone (no hook decision) it runs %d of them sandboxed without a prompt, %d of the %d asks\n",
		len(lines), asked, len(lines)-asked, ran, askedRan, asked)
	t.Log(msg)
	if dir := os.Getenv("HOOKC_E2E_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "layers-quiet.txt"), []byte(msg), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// readOnlyAsked returns the lines of the read-only set
// (testdata/readonly/*.tsv) that the hook does not allow.
func readOnlyAsked(t *testing.T, tb *runtime.Table, s *scratch) []*layerLine {
	t.Helper()
	files, _ := filepath.Glob("../../../testdata/readonly/*.tsv")
	var out []*layerLine
	for _, f := range files {
		rows, err := suites.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Cols[0] == "command" {
				continue // the header
			}
			l := &layerLine{suite: "readonly (not allowed)", pos: fmt.Sprintf("%s:%d", filepath.Base(f), r.Line), call: bashCall(suites.Unescape(r.Cols[0]))}
			if l.guard = decideCall(tb, s, l.call); l.guard != "allow" {
				out = append(out, l)
			}
		}
	}
	return out
}
