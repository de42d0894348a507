package hookc_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// This file holds the differential oracle of the build tools' walk of the
// project's tree (codeTree, design.md 423, 425): a generator of go
// projects with links and hard links in every place go reads from (a
// package directory, a source file, a cgo header, an embedded file, a
// fuzz corpus, go.work's use, node_modules, hidden and _ directories),
// the starter policy's hook deciding go build, vet and test there, and,
// where it allows, the real go under strace as the judge: it must open no
// file outside the project (but its own toolchain, caches and the
// system's) and no file that holds the world's canary.

const walkCanary = "CANARY-2b7d41e9-walk"

// walkCase is a generated go project: files (path below the project,
// contents), links (path below the project, target, relative to the
// home when it starts with "~/"), hard links (path below the project,
// file below the home) and the line.
type walkCase struct {
	files map[string]string
	links map[string]string
	hard  map[string]string
	line  string
}

// walkGen generates walkCases.
type walkGen struct{ rng *rand.Rand }

func (g *walkGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// next returns a project: a module m with a package a and its test, and
// one to three of the parts go reads from, spelled in the project or
// through a link (in the project, out of it, to a secret) or a hard
// link.
func (g *walkGen) next() *walkCase {
	c := &walkCase{
		files: map[string]string{
			"go.mod":      "module m\n\ngo 1.21\n",
			"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
			"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		},
		links: map[string]string{},
		hard:  map[string]string{},
	}
	// Where a link or hard link in the project may lead: the project
	// itself, the outside code, a secret outside and inside.
	target := func(dir bool) string {
		if dir {
			return g.pick("corpus", "b", "~/ext", "~/.ssh", "~/", "config", "../../corpus")
		}
		return g.pick("b/b.go", "~/ext/x.go", "~/.ssh/id_rsa", ".env", "config/.env.production", "~/notes.txt")
	}
	for range 1 + g.rng.IntN(3) {
		switch g.rng.IntN(9) {
		case 0: // a package directory
			name := g.pick("lib", "a/inner", "node_modules/x", ".hidden/p", "_tools/t", "vendor2/v")
			if g.rng.IntN(2) == 0 {
				c.links[name] = target(true)
			} else {
				c.files[name+"/x.go"] = "package x\n"
			}
		case 1: // a source file
			name := g.pick("a/b.go", "a/c_test.go", "a/gen.go")
			switch g.rng.IntN(3) {
			case 0:
				c.links[name] = target(false)
			case 1:
				c.hard[name] = g.pick("ext/x.go", ".ssh/id_rsa", "notes.txt")
			default:
				c.files[name] = "package a\n"
			}
		case 2: // a cgo header
			h := g.pick(".inc/h.h", "inc/h.h", "node_modules/h.h")
			c.files["a/cgo.go"] = "package a\n\n// #include \"../" + h + "\"\nimport \"C\"\n"
			switch g.rng.IntN(3) {
			case 0:
				c.links[h] = target(false)
			case 1:
				c.hard[h] = g.pick(".ssh/id_rsa", "notes.txt")
			default:
				c.files[h] = "/* a header */\n"
			}
		case 3: // an embedded file
			c.files["a/embed.go"] = "package a\n\nimport _ \"embed\"\n\n//go:embed data.txt\nvar data string\n"
			switch g.rng.IntN(3) {
			case 0:
				c.links["a/data.txt"] = target(false)
			case 1:
				c.hard["a/data.txt"] = g.pick(".ssh/id_rsa", "notes.txt")
			default:
				c.files["a/data.txt"] = "data\n"
			}
		case 4: // a fuzz corpus
			c.files["a/fuzz_test.go"] = "package a\n\nimport \"testing\"\n\nfunc FuzzX(f *testing.F) { f.Fuzz(func(t *testing.T, b []byte) {}) }\n"
			if g.rng.IntN(2) == 0 {
				c.links["a/testdata/fuzz/FuzzX"] = target(true)
			} else {
				c.files["a/testdata/fuzz/FuzzX/seed"] = "go test fuzz v1\n[]byte(\"x\")\n"
			}
		case 5: // a workspace
			c.files["go.work"] = "go 1.21\n\nuse " + g.pick(".", "./b", "b", "../ext", "\"./b\"") + "\n"
			c.files["b/go.mod"] = "module b\n\ngo 1.21\n"
			if g.rng.IntN(3) == 0 {
				c.links["b/go.mod"] = target(false)
				delete(c.files, "b/go.mod")
			}
		case 6: // the place a link may lead in the project
			c.files["b/b.go"] = "package b\n"
			c.files["corpus/seed"] = "go test fuzz v1\n[]byte(\"y\")\n"
		case 7: // a secret in the project, read by no one
			c.files[g.pick(".env", "config/.env.production")] = "TOKEN=" + walkCanary + "\n"
		default: // a link go never reads
			c.links[g.pick(".git/x", "docs/l", "a/testdata/l")] = target(g.rng.IntN(2) == 0)
		}
	}
	c.line = g.pick("go build ./...", "go vet ./...", "go test ./...", "go test -run XXX ./a", "go build ./a", "go test ./a/...", "go test -count=1 .")
	return c
}

// walkWorld is the throw-away world of a case: a home with secrets and
// code outside the project, the project, and go's caches beside them.
type walkWorld struct {
	oracleWorld
	cache string
}

// build makes the world of c from nothing; false if the file system
// refused a part (a link over a file of the same name).
func (w *walkWorld) build(t *testing.T, c *walkCase) bool {
	os.RemoveAll(w.home)
	files := map[string]string{
		".ssh/id_rsa":                    w.canary + "\n",
		"notes.txt":                      "plain\n",
		"ext/x.go":                       "package x // " + w.canary + "\n",
		"project/.env":                   "TOKEN=" + w.canary + "\n",
		"project/config/.env.production": "TOKEN=" + w.canary + "\n",
	}
	for p, s := range c.files {
		files["project/"+p] = s
	}
	for p, s := range files {
		f := filepath.Join(w.home, p)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p, to := range c.links {
		f := filepath.Join(w.project, p)
		if rest, ok := strings.CutPrefix(to, "~/"); ok {
			to = filepath.Join(w.home, rest)
		} else {
			rel, _ := filepath.Rel(filepath.Dir(f), filepath.Join(w.project, to))
			to = rel
		}
		os.MkdirAll(filepath.Dir(f), 0o755)
		if os.Symlink(to, f) != nil {
			return false
		}
	}
	for p, from := range c.hard {
		f := filepath.Join(w.project, p)
		os.MkdirAll(filepath.Dir(f), 0o755)
		if os.Link(filepath.Join(w.home, from), f) != nil {
			return false
		}
	}
	return true
}

// judgeWalk runs c's line in the project under strace: why go did what
// the model's allow does not admit (a file opened outside the project
// but for the toolchain, the caches and the system's, a file that holds
// the canary, a write outside the project and the caches).
func judgeWalk(t *testing.T, w *walkWorld, c *walkCase, limit time.Duration) (why []string, ran bool) {
	goroot := strings.TrimSpace(string(must(exec.Command("go", "env", "GOROOT").Output())))
	env := []string{"HOME=" + w.home, "PATH=" + os.Getenv("PATH"), "GOCACHE=" + w.cache + "/build", "GOMODCACHE=" + w.cache + "/mod",
		"GOPATH=" + w.cache + "/path", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local", "GOTELEMETRY=off", "GOENV=off",
		"CGO_ENABLED=1", "TMPDIR=" + w.cache + "/tmp", "GOROOT=" + goroot,
		// go's telemetry counters, its own state below the home
		// (round 23), go beside its caches.
		"XDG_CONFIG_HOME=" + w.cache + "/config"}
	os.MkdirAll(w.cache+"/tmp", 0o755)
	out, r, err := straceCalls(t, w.project, env, limit, "", "bash", "--norc", "--noprofile", "-c", c.line)
	if err != nil && strings.Contains(err.Error(), "killed") {
		return nil, false
	}
	for _, o := range r.opens {
		kind, p, _ := strings.Cut(o, " ")
		switch {
		case within(p, w.project) || within(p, w.cache) || within(p, goroot) || !within(p, w.root):
			if kind == "file" && within(p, w.root) && w.secret(p) {
				why = append(why, "it opens "+p+", which holds the canary")
			}
		default:
			why = append(why, "it opens "+p+", outside the project")
		}
	}
	for _, wr := range r.writes {
		if strings.Contains(wr, w.root) && !strings.Contains(wr, w.project) && !strings.Contains(wr, w.cache) {
			why = append(why, "it writes: "+wr)
		}
	}
	if strings.Contains(out, w.canary) {
		why = append(why, "it prints the canary")
	}
	slices.Sort(why)
	return slices.Compact(why), true
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestBuildWalkOracle runs the oracle for oracleBudget: every case the
// starter policy's hook allows must do nothing the judge faults. Cases
// the model does not allow are counted by the reason's kind.
func TestBuildWalkOracle(t *testing.T) {
	judgeProgram(t, "strace", "strace", "-V")
	judgeProgram(t, "gcc", "gcc", "--version")
	src, err := os.ReadFile(filepath.Join("cmd", "hookc", "initdata", "policy.cue"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(writePolicy(t, src))
	if err != nil {
		t.Fatal(err)
	}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	w := &walkWorld{oracleWorld: *newOracleWorld(t, walkCanary)}
	w.cache = filepath.Join(w.root, "gocache")
	env := &runtime.Env{Home: w.home, FS: runtime.OSEnv().FS, Getenv: func(k string) string {
		if k == "HOME" {
			return w.home
		}
		return ""
	}}
	// The judge must fault what it looks for.
	for _, c := range []*walkCase{
		{files: map[string]string{"go.mod": "module m\n\ngo 1.21\n", "a/a.go": "package a\n"}, links: map[string]string{"a/b.go": "~/ext/x.go"}, line: "go build ./..."},
		{files: map[string]string{"go.mod": "module m\n\ngo 1.21\n", "a/embed.go": "package a\n\nimport _ \"embed\"\n\n//go:embed data.txt\nvar data string\n"}, hard: map[string]string{"a/data.txt": ".ssh/id_rsa"}, line: "go build ./a"},
	} {
		if !w.build(t, c) {
			t.Fatalf("cannot build the world of %q", c.line)
		}
		// The first builds fill the empty build cache under strace: on
		// a loaded machine they take minutes, and a check that timed
		// out checked nothing.
		why, ran := judgeWalk(t, w, c, 10*time.Minute)
		switch {
		case !ran:
			t.Errorf("the judge's own check of %q timed out after 10 minutes", c.line)
		case len(why) == 0:
			t.Errorf("the judge finds nothing wrong with %q in %v %v", c.line, c.links, c.hard)
		}
	}
	g := &walkGen{rng: rand.New(rand.NewPCG(oracleSeed(425), 1))}
	n := oracleCount(400)
	var generated, allowed, judged int
	notAllowed := map[string]int{}
	start := time.Now()
	for generated < n && time.Since(start) < oracleBudget() {
		c := g.next()
		if !w.build(t, c) {
			continue
		}
		generated++
		payload := fmt.Sprintf(`{"hook_event_name":"PreToolUse","cwd":%q,"tool_name":"Bash","tool_input":{"command":%q}}`, w.project, c.line)
		res := runtime.Decide(hook, []byte(payload), env)
		if res.Decision != runtime.Allow {
			notAllowed[walkReasonKind(res.Reason)]++
			continue
		}
		allowed++
		why, ran := judgeWalk(t, w, c, 60*time.Second)
		if !ran {
			t.Logf("timed out: %s", c.line)
			continue
		}
		judged++
		if len(why) > 0 {
			t.Errorf("the hook allows %q with files %v, links %v, hard links %v: %s", c.line, slices.Sorted(maps.Keys(c.files)), c.links, c.hard, strings.Join(why, "; "))
		}
	}
	t.Logf("build walk oracle: %d projects, %d allowed and run by go under strace (%d judged); not allowed: %v", generated, allowed, judged, notAllowed)
}

// walkReasonKind names the kind of a reason the hook did not allow.
func walkReasonKind(why string) string {
	for _, k := range []string{"hard link", "outside the project", "a secret file", "loops", "holds secrets", "more than", "git directory"} {
		if strings.Contains(why, k) {
			return k
		}
	}
	return "other"
}
