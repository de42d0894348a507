package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"hookc": func() { os.Exit(main1()) }})
}

// updateGolden reports whether tests should rewrite golden files.
func updateGolden() bool { return os.Getenv("HOOKC_UPDATE") == "1" }

var goEnv = sync.OnceValues(func() (map[string]string, error) {
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOROOT").Output()
	if err != nil {
		return nil, err
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(f) != 3 {
		return nil, errors.New("unexpected go env output")
	}
	return map[string]string{"GOCACHE": f[0], "GOMODCACHE": f[1], "GOROOT": f[2]}, nil
})

func TestScripts(t *testing.T) {
	t.Parallel()
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "scripts"),
		UpdateScripts:       updateGolden(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", filepath.Join(e.WorkDir, ".home"))
			e.Setenv("EXAMPLES", examples)
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("GOPROXY", "off")
			e.Setenv("CUE_REGISTRY", "none")
			if ge, err := goEnv(); err == nil {
				for k, v := range ge {
					e.Setenv(k, v)
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": exitcodeCmd,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "go" {
				_, err := exec.LookPath("go")
				return err == nil, nil
			}
			return false, errors.New("unknown condition " + cond)
		},
	})
}

// exitcodeCmd runs a program and checks its exit code:
// exitcode N prog args...
func exitcodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("exec: %v", err)
	}
	if got != want {
		ts.Fatalf("exit code %d, want %d", got, want)
	}
}
