package runtime

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
	"hookc.dev/hookc/runtime/payload"
)

// TestCdOracle makes real bash the judge of where the guard takes a
// line's later commands to run (design.md 413): lines of cds in
// subshells, pipelines, substitutions, background jobs and programs'
// commands, cds that fail, logical cds through links and .., with CDPATH,
// SHELLOPTS=physical and BASHOPTS=cdable_vars in the environment. Each
// line ends in a read of a relative file; where the guard resolves it to
// one place, not uncertain, bash's pwd -P at that point must be that
// place's directory as the kernel resolves it.
func TestCdOracle(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to judge the cd model: ", err)
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, home := base+"/p", base+"/h"
	for _, d := range []string{"p/src/lib", "p/vendor", "p/a/b", "p/d/e", "p/d/r", "h/.ssh", "h/.config/gh", "h/code/src", "m/x"} {
		if err := os.MkdirAll(base+"/"+d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"p/vendor/keys": home + "/.ssh", "p/l": "d/e", "p/out": base + "/m", "h/proj": root} {
		if err := os.Symlink(target, base+"/"+link); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(root+"/README.md", nil, 0o644); err != nil {
		t.Fatal(err)
	}

	dirs := []string{"src", "nope", "vendor", "vendor/keys", "vendor/keys/..", "vendor/keys/../.config", "vendor/keys/../.config/..",
		"vendor/keys/../../p", "l/..", "l/../r", "..", ".", "out", "out/..", "out/x/..", "~", root + "/src", "README.md", "'no pe'", "lib", ".config", "code", "-- -P"}
	steps := []string{"cd %s", "cd -P %s", "cd -L %s", "pushd %s >/dev/null", "cd %s 2>/dev/null || true"}
	wraps := []string{"%s", "(%s)", "{ %s; }", "%s | true", "true | %s", "%s & wait", "echo $(%s)", "env %s", "bash -c '%s'", "eval '%s'", "command %s", "builtin %s", "if %s; then :; fi",
		"coproc { %s; }; wait", "time %s", "! %s", "cat <(%s)", "x=$(%s)", "%s |& true", "while %s; do break; done"}
	joins := []string{"; ", " && ", " || "}
	envs := [][2]string{{}, {"CDPATH", ".:" + home}, {"CDPATH", home + ":"}, {"SHELLOPTS", "braceexpand:hashall:physical"}, {"BASHOPTS", "cdable_vars"}}
	know := func(name string) *Command { return findCommand(commands.BaseCommands, name) }
	r := rand.New(rand.NewPCG(27, 413))
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	step := func() string {
		s := fmt.Sprintf(pick(steps), pick(dirs))
		w := pick(wraps)
		if strings.Contains(w, "'") && strings.Contains(s, "'") {
			w = "%s"
		}
		return fmt.Sprintf(w, s)
	}
	checked, certain, several := 0, 0, 0
	for i := 0; i < 2000; i++ {
		line := step()
		for n := r.IntN(3); n > 0; n-- {
			line += pick(joins) + step()
		}
		line += pick(joins[:2])
		if r.IntN(2) == 0 {
			// A plain cd the read runs after: where the guard is sure again.
			line += "cd " + pick([]string{".", "src", "vendor", "..", "lib", "./a", "d/e/.."}) + " && "
		}
		env := envs[r.IntN(len(envs))]
		vars := map[string]string{"HOME": home, "PATH": "/usr/bin:/bin"}
		if env[0] != "" {
			vars[env[0]] = env[1]
		}

		x := Extract(line+"cat probe.txt", know, Limits{})
		e := &evaluator{t: &Table{OverBase: true}, p: &payload.Payload{Cwd: root}, root: root, cwd: root, home: home,
			env: &Env{FS: osFS{}, Home: home, Getenv: func(n string) string { return vars[n] }}}
		units := e.commandUnits(x)
		last := units[len(units)-1]
		if last.cmd.Program.Text != "cat" || len(last.paths) == 0 {
			t.Fatalf("%s: the last unit is %q with paths %v", line, last.cmd.Program.Text, last.paths)
		}
		// After a cd that may not have moved the shell, the read is
		// judged in each directory it may run in, a unit for each
		// (design.md 444): bash's must be one of them.
		var places []string
		for i := len(units) - 1; i >= 0 && units[i].cmd == last.cmd; i-- {
			a := units[i].paths[0]
			if a.w.Dynamic || a.w.Glob {
				places = nil
				break // not known: read as any place
			}
			want := path.Dir(a.w.Text)
			if p, err := filepath.EvalSymlinks(want); err == nil {
				want = p
			}
			places = append(places, want)
		}
		checked++
		if len(places) == 0 {
			continue
		}

		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", line+`echo "@@$(pwd -P)"`)
		cmd.Dir = root
		for k, v := range vars {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, _ := cmd.Output()
		_, got, ran := strings.Cut(string(out), "@@")
		if got = strings.TrimSpace(got); !ran {
			continue // the read did not run
		}
		if len(places) == 1 {
			certain++
		} else {
			several++
		}
		if !slices.Contains(places, got) {
			t.Errorf("%s (%s=%s): the guard reads in %v, bash ran in %s", line, env[0], env[1], places, got)
		}
	}
	t.Logf("%d lines, %d with one place that bash reached, %d with one of several", checked, certain, several)
	if certain < 400 {
		t.Errorf("only %d lines had one place: the generator no longer reaches the model", certain)
	}
}
